"""``GET /v1/tables``: the hall at a glance for the officials' console (``projections/hall.py``).

Every table of an event and round in one answer, from the read models: where each game stands (the
one state its tile shows), its alerts (an arbiter called, a discrepancy between the sheets, an
overdraw, a clock in overtime, a challenge waiting, a second device on a seat, a tablet silent while the
game is in play), scores, whose turn, signatures, and per seat the tablets bound and when each was last
heard from (``service/game/seating.py``; last contact kept in memory, ``service/api/middleware/heard.py``). A console
follows ``GET /v1/tables/stream`` (the same answer, then what changes: ``service/api/streams/hall.py``): one
connection for the whole hall rather than a stream per table.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal
from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from domain.errors import msg
from domain.notation import normalise
from projections.hall import ALERTS, STATES
from service.api.common.routing import operation_id
from service.api.common.errors import ApiError
from service.api.streams.hall import HallQuery, HallSource, HallStreams, follow_hall, read_hall
from service.api.common.responses import errors, ref, sse
from service.api.streams.revocation import until_revoked
from service.api.routes.games_read import IndexReader
from service.api.common.store_reads import bounded
from service.game.seating import SILENT_AFTER

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/tables", tags=["games"])

_EXAMPLE = {"game_id": "5b0c8a54-7d33-4c1f-9f0e-2a4cf1f4b8a1", "event": "Open de Madrid", "round": "3", "table": "12",
            "players": ["Ana García", "Berto Núñez"], "scores": [134, 97], "status": "in_progress", "version": 41,
            "updated_at": "2025-05-01T10:31:02.000Z", "state": "arbiter", "alerts": ["arbiter", "discrepancy"],
            "discrepancies": 1, "waiting_for": "arbiter", "waiting_seats": [1], "seat_on_turn": 1,
            "clock_stop": {"reason": "arbiter_call"}, "clocks": [], "signed": [], "reopened": False,
            "seats": [{"seat": 0, "player": "Ana García", "devices": [
                {"device": "tablet-12a", "token_id": "4a3a1687-a1d2-5835-9e3a-706900b41715",
                 "bound_at": "2025-05-01T09:58:40.000Z", "last_heard_at": "2025-05-01T10:31:02.000Z",
                 "connected": True, "silent_seconds": 0}]},
                      {"seat": 1, "player": "Berto Núñez", "devices": []}]}


class HeldBy(BaseModel):
    """One live device bound to a seat, and when it was last heard from (this server's memory)."""

    device: str
    token_id: str
    bound_at: str | None
    last_heard_at: str | None = Field(description="The device's last request to this server (null: none since it "
                                                  "started); now while a request of it (its stream) is open.")
    connected: bool = Field(description="A request of the device (its stream) is open now.")
    silent_seconds: int = Field(description="Seconds since it was last heard (or bound, if never heard).")


class HallSeat(BaseModel):
    """A seat and the live devices that hold it (more than one: the `second_device` alert)."""

    seat: int
    player: str
    devices: list[HeldBy]


class HallTable(BaseModel):
    """One table as the hall console shows it."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [_EXAMPLE]})
    game_id: str
    event: str | None
    round: str | None
    table: str | None
    players: list[str]
    scores: list[int]
    status: str
    version: int
    state: Literal[STATES]  # type: ignore[valid-type]
    alerts: list[Literal[ALERTS]]  # type: ignore[valid-type]
    discrepancies: int
    waiting_for: str | None
    waiting_seats: list[int]
    seat_on_turn: int | None
    signed: list[int]
    reopened: bool
    seats: list[HallSeat]


class HallTables(BaseModel):
    """The tables found, alerts first (the most urgent first), then by event, round and table."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [{"tables": [_EXAMPLE], "count": 1}]})
    tables: list[HallTable]
    count: int


class HallChanges(BaseModel):
    """What changed in the hall since the stream's previous message (`event: changes`)."""

    tables: list[HallTable] = Field(description="The tables that changed or joined the answer, each whole.")
    removed: list[str] = Field(description="The game ids that left the answer (their tables are no longer shown).")
    order: list[str] | None = Field(None, description="Every game id of the answer in its order (alerts first), "
                                                     "present only when the order or the membership moved.")
    count: int


EventQuery = Annotated[str | None, Query(max_length=200, description="The event, exactly.")]
RoundQuery = Annotated[int | None, Query(ge=1, le=1000)]
PlayerQuery = Annotated[str | None, Query(min_length=1, max_length=80, description="Any part of a player's name, any case.")]
StatusQuery = Annotated[Literal["in_progress", "ended", "closed"] | None, Query()]
LimitQuery = Annotated[int, Query(ge=1, le=500)]
SilentQuery = Annotated[int, Query(ge=5, le=3600, description="Seconds without a word from a seat's tablets, while "
                                   "the game is in play, before the `silent` alert.")]


def _query(event: str | None, round: int | None, player: str | None, status: str | None, limit: int,
           silent_after: int) -> HallQuery:
    event, player = (None if v is None else normalise(v) for v in (event, player))  # names as stored: NFC
    return HallQuery(event=event, round=round, player=player, status=status, limit=limit, silent_after=silent_after)


@router.get("", response_model=HallTables, responses=errors(400, 401, 403, 503))
async def hall_tables(request: Request, who: IndexReader, event: EventQuery = None, round: RoundQuery = None,
                      player: PlayerQuery = None, status: StatusQuery = None, limit: LimitQuery = 200,
                      silent_after: SilentQuery = SILENT_AFTER) -> Any:
    """Every table of an event and round with where it stands and its alerts, for directors and arbiters: the
    hall console's one read (states: `STATES` of projections/hall.py, most urgent first)."""
    found = await bounded(read_hall, request.app.state, _query(event, round, player, status, limit, silent_after))
    return {"tables": found, "count": len(found)}


_CHANGE = {"tables": [_EXAMPLE], "removed": [], "count": 1}
STREAM = sse(
    "A text/event-stream: at once `event: tables`, the whole answer of `GET /v1/tables` for the same query; then "
    "`event: changes` each time the answer differs (a game of the event and round recorded an event, a tablet "
    "went silent): the tables that changed or joined, each whole, the game ids that left, and the order of "
    "every game id when it moved. Applied in turn, the messages give what `GET /v1/tables` answers at each "
    "message's read, but for what counts with time alone: a tablet's `silent_seconds` (and a connected one's "
    "`last_heard_at`) are as of the message that carried its table. No `id:` lines: a reconnection starts again "
    "with the whole hall. Comment lines keep the connection alive. The stream ends within a second when the token "
    "it was opened with is revoked (nothing read after the revocation is sent); otherwise it does not end by "
    "itself.",
    {"tables": ref("HallTables"),
     "changes": {k: v for k, v in HallChanges.model_json_schema(ref_template="#/components/schemas/{model}").items()
                 if k != "$defs"}},
    (f"event: tables\ndata: {json.dumps({'tables': [_EXAMPLE], 'count': 1}, ensure_ascii=False)}\n\n"
     f"event: changes\ndata: {json.dumps(_CHANGE, ensure_ascii=False)}\n\n"), resumable=False)


@router.get("/stream", response_class=StreamingResponse, responses={**STREAM, **errors(400, 401, 403, 503)})
async def hall_stream(request: Request, who: IndexReader, event: EventQuery = None, round: RoundQuery = None,
                      player: PlayerQuery = None, status: StatusQuery = None, limit: LimitQuery = 200,
                      silent_after: SilentQuery = SILENT_AFTER) -> Any:
    """The hall console's read, live: the whole answer of `GET /v1/tables` at once, then what changes, for
    directors and arbiters (docs/console.md)."""
    state = request.app.state
    streams: HallStreams = state.__dict__.setdefault("hall_streams", HallStreams())
    if streams.open >= state.settings.hall_streams_max:
        raise ApiError(503, "too_many_streams", msg("api.this_server_holds_hall",
                                                    hall_streams_max=state.settings.hall_streams_max), field="stream")
    source = HallSource(state, _query(event, round, player, status, limit, silent_after))
    await bounded(source.versions)  # a read store that cannot answer: 503 before the stream starts
    settings = state.settings
    body = follow_hall(source, state.hub, poll=settings.stream_poll_seconds, keepalive=settings.stream_keepalive_seconds,
                       refresh=settings.hall_refresh_seconds)
    games = state.games
    body = until_revoked(body, state.hub, who.token_id, lambda: games.token_revoked(who.token_id))
    return StreamingResponse(streams.held(body), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
