"""``/v1/duplicates/{id}/events`` and ``/stream``: a duplicate's history in audit form, and live.

The events are the Game's chained events (``domain.game.chain``), so ``verify_chain`` checks them. What a
caller may not see yet is withheld and named in ``redacted``: until «¡Tiempo!» a slip from players (but
their own word and coordinates, never the engine's reading) and spectators; a seed published for every
site until the game ends. The judge and the tribunal see everything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse

from domain.duplicate import Duplicate
from domain.errors import msg
from domain.game.chain import record_of
from service.api.common.routing import operation_id
from service.principal import SEE_ALL, Principal
from service.api.schemas.duplicate import DuplicateEvents
from service.api.common.deps import LAST_EVENT_ID
from service.api.common.responses import ref, sse
from service.api.common.errors import ApiError, malformed, text_of
from service.api.common.responses import errors
from service.api.common.store_reads import bounded
from service.api.routes.duplicates import (
    ENGINE_FIELDS, DuplicateIdPath, DuplicatesDep, ReaderDep, _run, read_errors,
)
from service.duplicate.application import DuplicateNotFound
from service.api.streams.game import SAFETY_READ, follow

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/duplicates", tags=["duplicates"])
T = TypeVar("T")


SLIP_EVENTS = ("SlipSubmitted", "SlipCorrected")


def _audit_record(event: Any, d: Duplicate, who: Principal, secret: str | None) -> dict[str, Any]:
    """One event in audit form, with what ``who`` may not see yet withheld and named in ``redacted``: a slip of a
    round still in play (its player sees their own word and coordinates, not the engine's reading), and a seed
    published for every site until the game ends."""
    record = record_of(event)
    payload, redacted = dict(record.payload), []
    if record.type in SLIP_EVENTS and who.role not in SEE_ALL and d.rounds[payload["round"] - 1]["closed_at"] is None:
        own = who.role == "player" and who.seat == payload["seat"]
        for name in (*ENGINE_FIELDS, *(() if own else ("word", "coordinates", "reason", "declared"))):
            if name in payload:
                payload[name], redacted = None, [*redacted, name]
    if secret and record.type == "RoundStarted" and payload.get("seed") == secret:
        payload["seed"], redacted = None, [*redacted, "seed"]
    if secret and record.type == "Created":
        payload["settings"], redacted = {**payload["settings"], "seed": None}, [*redacted, "settings.seed"]
    return {"sequence": record.version, "type": record.type, "recorded_at": record.at, "actor": record.actor,
            "device": record.device, "hash": record.hash, "previous_hash": record.previous_hash,
            "payload": payload, "redacted": redacted}


async def _bounded(read: Callable[[], T]) -> T:
    """``read`` within the routes' bound (``store_reads.bounded``: 503 ``store_stalled`` past it), an unknown
    duplicate 404 as every route of it says."""
    try:
        return await bounded(read)
    except DuplicateNotFound as err:
        raise ApiError(404, "duplicate_not_found", text_of(err), field="duplicate_id") from None


@router.get("/{duplicate_id}/events", response_model=DuplicateEvents, responses={**read_errors(), **errors(503)})
async def read_events(duplicate_id: DuplicateIdPath, duplicates: DuplicatesDep, who: ReaderDep) -> Any:
    """The history, hash-linked as a game's: who recorded each fact, from which device, when. Until «¡Tiempo!»
    the slips are withheld from players (but their own word and coordinates) and spectators; a published seed
    until the game ends. A store that does not answer within the routes' bound: 503 `store_stalled`."""
    def read() -> tuple[Duplicate, list[Any]]:
        d = duplicates.get(duplicate_id)
        return d, list(duplicates.app.repository.event_store.get(duplicate_id))
    d, events = await _bounded(read)
    secret = d.settings.get("seed") if who.role not in SEE_ALL and d.ended is None else None
    return {"duplicate_id": str(d.id), "version": d.version,
            "events": [_audit_record(e, d, who, secret) for e in events]}


STREAM = sse(
    "A text/event-stream: one event per recorded event, `id` the game's version after it, `event` its type, `data` "
    "the event as `/events` gives it at the moment it is sent (an `EventRecord`; a slip of a round in play withheld "
    "as there: read `/events` again once the round is closed). Comment lines keep the connection alive. The stream "
    "ends within a second when the token it was opened with is revoked (nothing recorded after the revocation is "
    "sent).",
    {"^[A-Z][A-Za-z]*$": ref("EventRecord")},
    'id: 3\nevent: RoundClosed\ndata: {"sequence":3,"type":"RoundClosed","payload":{"round":1,"missing":[2]},…}\n\n')


@router.get("/{duplicate_id}/stream", response_class=StreamingResponse, responses={**STREAM, **read_errors()})
async def stream_duplicate(
    duplicate_id: DuplicateIdPath, request: Request, duplicates: DuplicatesDep, who: ReaderDep,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID", max_length=12, pattern=LAST_EVENT_ID, description=(
        "Resume after this version (what the last event's `id` was).")), ] = None,
    after: Annotated[int | None, Query(ge=0, le=1_000_000, description=(
        "Start after this version (default: 0, the whole history); `Last-Event-ID` wins.")), ] = None,
) -> Any:
    """Every event of the duplicate from `after` (or `Last-Event-ID`) on, live: the hall screen, the judge's desk,
    the players' tablets."""
    start = after or 0
    if last_event_id is not None:
        if not last_event_id.strip().isdigit():
            raise malformed(msg("api.version_last_event_received"), field="Last-Event-ID")
        start = int(last_event_id.strip())
    await _run(lambda: duplicates.get(duplicate_id))  # 404 before the stream starts

    def read(last: int) -> list[dict[str, Any]]:
        d = duplicates.get(duplicate_id)
        if d.version <= last:
            return []
        secret = d.settings.get("seed") if who.role not in SEE_ALL and d.ended is None else None
        events = duplicates.app.repository.event_store.get(duplicate_id, gt=last or None)
        return [_audit_record(e, d, who, secret) for e in events]

    settings = request.app.state.settings
    games = request.app.state.games
    body = follow(request.app.state.hub, duplicate_id, start, read, poll=SAFETY_READ,
                  keepalive=settings.stream_keepalive_seconds,
                  token=who.token_id, revoked=lambda: games.token_revoked(who.token_id))
    return StreamingResponse(body, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
