"""What the hall has waiting for the federation, and what it refused: ``GET /v1/hall/outbox`` (issue 29).

``planilla serve --federation URL`` keeps an outbox in the hall's own store (``service.federation.outbox``);
the officials' console shows this answer in a small panel. Without ``--federation`` the answer says so
(``federation`` null) and the console shows nothing.
"""

from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict

from service.api.common.routing import operation_id
from service.api.common.deps import CurrentPrincipal
from service.api.common.errors import forbidden
from service.api.common.responses import errors
from service.federation.outbox import outbox_summary

router = APIRouter(generate_unique_id_function=operation_id, tags=["federation"])


class OutboxItem(BaseModel):
    item: str
    kind: str
    attempts: int
    code: Optional[str] = None
    message: Optional[str] = None
    enqueued_at: str
    done_at: Optional[str] = None


class OutboxCounts(BaseModel):
    waiting: int = 0
    sent: int = 0
    refused: int = 0


class Outbox(BaseModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "federation": "https://fisc.example", "counts": {"waiting": 1, "sent": 41, "refused": 1},
        "waiting": [{"item": "seal:Obert de Girona:3:2025-05-01T12:00:00.000Z:9f2c…", "kind": "seal", "attempts": 3,
                     "code": "unreachable", "message": "the federation cannot be reached: [Errno 111] Connection "
                     "refused", "enqueued_at": "2025-05-01T12:00:03Z", "done_at": None}],
        "refused": [{"item": "game:0d6f3c1e-1111-4e2b-9a55-2f1c7d0e9b10:aa41…", "kind": "game", "attempts": 1,
                     "code": "game_tampered", "message": "the game's history does not verify (line 9): …",
                     "enqueued_at": "2025-05-01T11:58:40Z", "done_at": "2025-05-01T11:58:41Z"}]}]})

    federation: Optional[str] = None
    counts: OutboxCounts
    waiting: list[OutboxItem]
    refused: list[OutboxItem]


@router.get("/v1/hall/outbox", response_model=Outbox, responses=errors(400, 401, 403))
async def outbox(request: Request, who: CurrentPrincipal) -> Any:
    """The hall's pushes to the federation waiting (with why they wait) and refused (with the federation's
    reason): for directors and arbiters."""
    if who.role not in ("director", "arbiter") or who.game_id is not None:
        raise forbidden(f"a {who.role} token may not read the hall's outbox: directors and arbiters do")
    where = getattr(request.app.state, "federation_outbox", None)
    if where is None:
        return {"federation": None, "counts": {}, "waiting": [], "refused": []}
    return await run_in_threadpool(outbox_summary, *where)
