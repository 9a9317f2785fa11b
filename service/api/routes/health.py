"""``GET /health`` (does the event store answer, and write) and the benchmark's no-op endpoints (not in the contract)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from service.api.common.routing import operation_id
from service.api.common.deps import GamesDep
from service.api.schemas.health import Health
from service.api.common.responses import errors
from service.api.common.store_reads import READS

router = APIRouter(generate_unique_id_function=operation_id, tags=["health"])
KINDS = {"eventsourcing.popo": "memory", "eventsourcing.sqlite": "sqlite", "eventsourcing.postgres": "postgresql"}


#: Seconds ``/health`` waits for its probe of the stores before saying the store is stalled.
PROBE_BOUND = 2.0


def probe(games: Any, projector: Any) -> dict[str, Any]:
    """Read the event store's position and the read models' lag (on a reading thread)."""
    start = time.perf_counter()
    try:
        games.recorder.max_notification_id()
    except Exception as err:  # any driver error means "not reachable"; the body says which
        return {"error": type(err).__name__}
    latency = round((time.perf_counter() - start) * 1000, 2)
    try:
        lag = projector.lag()
    except Exception as err:  # the read models' database does not answer: the events still do
        return {"latency_ms": latency, "projections": {"reachable": False, "lag": None, "error": type(err).__name__}}
    return {"latency_ms": latency, "projections": {"reachable": True, "lag": lag, "error": projector.last_error}}


async def probed(state: Any, games: Any, projector: Any) -> dict[str, Any]:
    """The probe's answer, within ``PROBE_BOUND``; one probe at a time (a stalled one is waited on again,
    not joined by another thread per request)."""
    running = getattr(state, "health_probe", None)
    if running is None or running.done():
        running = state.health_probe = asyncio.ensure_future(
            asyncio.get_running_loop().run_in_executor(READS, probe, games, projector))
    return await asyncio.wait_for(asyncio.shield(running), PROBE_BOUND)


@router.get("/health", response_model=Health, responses=errors(503))
async def health(request: Request, games: GamesDep) -> Any:
    """Whether the event store answers and writes (no token needed), without waiting on a stalled disk.

    200 ``ok``; 200 ``degraded`` when the store answers but its writes are failing or stalled
    (``store.writes``: ``failing`` or ``stalled``, ``store.last_write_error``: its code, message and
    time): reads are still answered, writes get 503 with ``Retry-After``; 503 when the store does not
    answer within two seconds or at all. And the read models' lag: how many stored events the
    projections have not yet processed."""
    kind = KINDS.get(type(games.factory).__module__, type(games.factory).__module__)
    try:
        found = await probed(request.app.state, games, request.app.state.projector)
    except asyncio.TimeoutError:
        found = {"error": f"no answer within {PROBE_BOUND:g} s", "code": "store_stalled"}
    if "latency_ms" not in found:
        body = {"code": found.get("code", "unavailable"), "field": None, "article": None,
                "message": f"the {kind} event store does not answer ({found['error']})"}
        return JSONResponse(body, status_code=503, headers={"Retry-After": "5"})
    committer = games.committer
    writes = "stalled" if committer.stalled_for() else "failing" if committer.health.failing else "ok"
    failure = committer.health.last_failure
    store = {"reachable": True, "kind": kind, "latency_ms": found["latency_ms"], "writes": writes,
             "last_write_error": failure.to_dict() if failure is not None else None}
    projections = {"running": request.app.state.projector_running(), **found["projections"]}
    return {"status": "ok" if writes == "ok" else "degraded", "store": store, "projections": projections,
            "public": request.app.state.fanout.health()}


@router.get("/v1/noop", include_in_schema=False)
def noop() -> dict[str, bool]:
    """The benchmark's baseline: a sync route, run in the thread pool like the command route, doing nothing."""
    return {"ok": True}


@router.get("/v1/noop-async", include_in_schema=False)
async def noop_async() -> dict[str, bool]:
    """The benchmark's second baseline: the same, on the event loop."""
    return {"ok": True}
