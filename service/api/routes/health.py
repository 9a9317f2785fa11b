"""``GET /health`` (is the event store reachable) and the benchmark's no-op endpoints (not in the contract)."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from service.api.deps import GamesDep
from service.api.responses import errors
from service.api.schemas import Health

router = APIRouter(tags=["health"])
KINDS = {"eventsourcing.popo": "memory", "eventsourcing.sqlite": "sqlite", "eventsourcing.postgres": "postgresql"}


@router.get("/health", response_model=Health, responses=errors(503))
def health(request: Request, games: GamesDep) -> Any:
    """Whether the event store answers (no token needed): 200, or 503 when it does not; and the read
    models' lag: how many stored events the projections have not yet processed."""
    kind = KINDS.get(type(games.factory).__module__, type(games.factory).__module__)
    start = time.perf_counter()
    try:
        games.recorder.max_notification_id()
    except Exception as err:  # any driver error means "not reachable"; the body says which
        body = {"code": "unavailable", "message": f"the {kind} event store does not answer ({type(err).__name__})",
                "field": None, "article": None}
        return JSONResponse(body, status_code=503)
    latency = round((time.perf_counter() - start) * 1000, 2)
    projector, running = request.app.state.projector, request.app.state.projector_running()
    try:
        lag = projector.lag()
    except Exception as err:  # the read models' database does not answer: the events still do
        projections = {"reachable": False, "running": running, "lag": None,
                       "error": type(err).__name__}
    else:
        projections = {"reachable": True, "running": running, "lag": lag,
                       "error": projector.last_error}
    return {"status": "ok", "store": {"reachable": True, "kind": kind, "latency_ms": latency},
            "projections": projections}


@router.get("/v1/noop", include_in_schema=False)
def noop() -> dict[str, bool]:
    """The benchmark's baseline: a sync route, run in the thread pool like the command route, doing nothing."""
    return {"ok": True}


@router.get("/v1/noop-async", include_in_schema=False)
async def noop_async() -> dict[str, bool]:
    """The benchmark's second baseline: the same, on the event loop."""
    return {"ok": True}
