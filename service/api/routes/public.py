"""The live public board's resources: no token, the spectator's view only, each fact after its delay.

- ``GET /v1/public/games/{id}``: one table as the public may see it now;
- ``GET /v1/public/wall?event=E&round=N``: every table of an event's round;
- ``GET /v1/public/games/{id}/stream`` and ``GET /v1/public/wall/stream?event=E&round=N``: the same, live,
  as Server-Sent Events (``service.api.streams.fanout``: one frame made per event, written to every stream);
- ``GET /v1/broadcast?event=E`` (officials) and ``PUT /v1/broadcast`` (the director): the event's delay.

Why no token: a hall screen or a streaming booth should need nothing issued, and what is shown is
what any spectator token sees (``service.hall.public_board``), only later. Rate-safe: the frames are
answered from memory (each made at most once per event), the wall's list of games is read at most once every
``WALL_TTL`` seconds per round, and open public streams are capped (``public_streams_max``: 503 beyond).
"""

from __future__ import annotations

import time
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Header, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse

from domain.errors import msg
from domain.notation import normalise
from projections import queries
from service.api.common.routing import operation_id
from service.api.common.deps import LAST_EVENT_ID, DirectorDep, GameIdPath
from service.api.common.errors import ApiError, malformed
from service.api.streams.fanout import Fanout, wall_key
from service.api.streams.public import PublicStream
from service.api.schemas.public import BroadcastView, PublicTable, PublicWall, SetBroadcastDelay
from service.api.common.responses import errors, ref, sse
from service.api.routes.games_read import IndexReader
from service.api.common.store_reads import bounded
from service.game.application import GameNotFound
from service.hall.public_board import frame_now

router = APIRouter(generate_unique_id_function=operation_id, tags=["public"])
#: Seconds a round's list of games is reused for the wall.
WALL_TTL = 2.0
EventQuery = Annotated[str, Query(min_length=1, max_length=200, description="The event, exactly.")]
RoundQuery = Annotated[int, Query(ge=1, le=1000, description="The round.")]
LastEventId = Annotated[str | None, Header(alias="Last-Event-ID", max_length=12, pattern=LAST_EVENT_ID, description=(
    "Resume after this message (the last `id` received): what was missed is sent, or, when too much was "
    "missed, the current frame of every table."))]
STREAM = sse(
    "A text/event-stream of `table` events, each one table's `PublicTable` after one of its events, shown once "
    "the event's broadcast delay has passed. It starts with the current frame of each table; `id` numbers the "
    "messages of this stream (resume with `Last-Event-ID`). A frame may come twice around a reconnection: keep "
    "the higher `version` per table. A client too slow to read is disconnected and resumes.",
    {"table": ref("PublicTable")},
    'id: 8\nevent: table\ndata: {"game_id":"3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b","version":17,…}\n\n')


def _fanout(request: Request) -> Fanout:
    return request.app.state.fanout


def _not_public(game_id: UUID) -> ApiError:
    return ApiError(404, "not_public_yet", msg("api.game_has_no_event", game_id=game_id), field="game_id")


async def _frame(request: Request, game_id: UUID) -> dict[str, Any] | None:
    """The public frame of a game now: from memory while it holds (``Fanout.shown_now``), else worked out at the
    delay (``frame_now``: once per event, for a game nobody follows) and kept."""
    fanout = _fanout(request)
    found = fanout.shown_now(game_id)
    if found is not None:
        return found
    shown = fanout.latest.get(str(game_id))
    frame, next_at = await bounded(frame_now, request.app.state.games, game_id, fanout.delay_of,
                                   shown[0] if shown is not None else 0)  # GameNotFound: 404
    if frame is not None:
        fanout.seed(frame)
    fanout.not_before(game_id, next_at)
    return fanout.latest.get(str(game_id), (0, frame, b""))[1]


async def _wall(request: Request, event: str, round: int) -> list[dict[str, Any]]:
    cache = request.app.state.__dict__.setdefault("public_walls", {})
    key = (event, round)
    found = cache.get(key)
    if found is None or found[0] < time.monotonic():
        rows = await bounded(queries.index, request.app.state.read_store, event=event, round=round, limit=500)
        found = (time.monotonic() + WALL_TTL, [UUID(r["game_id"]) for r in rows])
        cache[key] = found
    fanout = _fanout(request)
    ids = list(found[1])  # and the games this process has shown since, which the read models may not hold yet
    ids += [UUID(g) for g, (_, f, _) in list(fanout.latest.items())
            if f.get("event") == event and str(f.get("round")) == str(round) and UUID(g) not in found[1]]
    listed = set(ids)  # and those saved here that no frame was made of yet (nobody followed them)
    ids += [g for g in fanout.unshown(wall_key(event, round)) if g not in listed]
    frames = []
    for game_id in ids:
        try:
            frame = await _frame(request, game_id)
        except GameNotFound:
            continue
        if frame is not None:
            frames.append(frame)
    return sorted(frames, key=lambda f: (len(str(f.get("table"))), str(f.get("table"))))


def _open(request: Request) -> None:
    settings = request.app.state.settings
    if _fanout(request).connections() >= settings.public_streams_max:
        raise ApiError(503, "too_many_viewers", msg("api.this_server_holds_public",
                                                    public_streams_max=settings.public_streams_max), field="stream")


def _after(last_event_id: str | None) -> int | None:
    if last_event_id is None:
        return None
    if not last_event_id.strip().isdigit():
        raise malformed(msg("api.id_last_message_received"), field="Last-Event-ID")
    return int(last_event_id.strip())


@router.get("/v1/public/games/{game_id}", response_model=PublicTable, responses=errors(400, 404, 503))
async def public_table(request: Request, game_id: GameIdPath) -> Any:
    """One table as the public may see it now (no token): board, scores, whose turn, last play, clocks."""
    frame = await _frame(request, game_id)
    if frame is None:
        raise _not_public(game_id)
    return frame


@router.get("/v1/public/wall", response_model=PublicWall, responses=errors(400, 503))
async def public_wall(request: Request, event: EventQuery, round: RoundQuery) -> Any:
    """Every table of an event's round as the public may see it now (no token), by table."""
    event = normalise(event)
    tables = await _wall(request, event, round)
    return {"event": event, "round": round, "delay_seconds": _fanout(request).delay_of(event), "tables": tables}


@router.get("/v1/public/games/{game_id}/stream", response_class=StreamingResponse,
            responses={**STREAM, **errors(400, 404, 503)})
async def public_table_stream(request: Request, game_id: GameIdPath, last_event_id: LastEventId = None) -> Any:
    """One table live for the public (no token), each frame after the event's broadcast delay."""
    after = _after(last_event_id)
    _open(request)
    await bounded(request.app.state.games.get_game, game_id)  # 404 before the stream starts

    await _frame(request, game_id)  # the table as the public may see it now, for the stream to start with
    return PublicStream(_fanout(request), f"game:{game_id}", after, [str(game_id)])


@router.get("/v1/public/wall/stream", response_class=StreamingResponse, responses={**STREAM, **errors(400, 503)})
async def public_wall_stream(request: Request, event: EventQuery, round: RoundQuery,
                             last_event_id: LastEventId = None) -> Any:
    """Every table of an event's round live for the public (no token): the hall screen and the broadcast."""
    after = _after(last_event_id)
    _open(request)
    event = normalise(event)
    tables = await _wall(request, event, round)  # every table as the public may see it now, to start with
    return PublicStream(_fanout(request), wall_key(event, round), after, [t["game_id"] for t in tables])


@router.get("/v1/broadcast", response_model=BroadcastView, responses=errors(400, 401, 403, 503))
async def read_broadcast(request: Request, who: IndexReader, event: EventQuery) -> Any:
    """An event's broadcast delay and every setting of it (directors, arbiters, the tribunal)."""
    return await bounded(request.app.state.delays.view, normalise(event))


@router.put("/v1/broadcast", response_model=BroadcastView, responses=errors(400, 401, 403, 503))
async def set_broadcast(request: Request, body: SetBroadcastDelay, who: DirectorDep) -> Any:
    """Set an event's broadcast delay (the director): the public board shows each fact of the event's games only
    this long after it was recorded, so nobody outside can help a player. Recorded with who, when and why."""
    return await run_in_threadpool(request.app.state.delays.set, body.event, body.delay_seconds, body.reason,
                                   who.actor())
