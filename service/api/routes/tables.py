"""``GET /v1/tables``: the hall at a glance for the officials' console (``projections/hall.py``).

Every table of an event and round in one answer, from the read models: where each game stands (the
one state its tile shows), its alerts (an arbiter called, a discrepancy between the sheets, an
overdraw, a clock in overtime, a challenge waiting, a second device on a seat, a tablet silent while the
game is in play), scores, whose turn, signatures, and per seat the tablets bound and when each was last
heard from (``service/seating.py``; last contact kept in memory, ``service/api/heard.py``). A console
polls it (one request for the whole hall) rather than opening a stream per table.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
import time

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from domain.notation import normalise
from projections.hall import ALERTS, STATES, tables
from service.api.responses import errors
from service.api.routes.games_read import IndexReader
from service.api.store_reads import bounded
from service.seating import SILENT_AFTER, with_tablets

router = APIRouter(prefix="/v1/tables", tags=["games"])

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


@router.get("", response_model=HallTables, responses=errors(400, 401, 403, 503))
async def hall_tables(
    request: Request, who: IndexReader,
    event: Annotated[str | None, Query(max_length=200, description="The event, exactly.")] = None,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
    player: Annotated[str | None, Query(min_length=1, max_length=80,
                                        description="Any part of a player's name, any case.")] = None,
    status: Annotated[Literal["in_progress", "ended", "closed"] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 200,
    silent_after: Annotated[int, Query(ge=5, le=3600, description="Seconds without a word from a seat's tablets, "
                                       "while the game is in play, before the `silent` alert.")] = SILENT_AFTER,
) -> Any:
    """Every table of an event and round with where it stands and its alerts, for directors and arbiters: the
    hall console's one read (states: `STATES` of projections/hall.py, most urgent first)."""
    event, player = (None if v is None else normalise(v) for v in (event, player))
    found = await bounded(tables, request.app.state.read_store, event=event, round=round, player=player,
                          status=status, limit=limit)
    games, heard = request.app.state.games, request.app.state.heard
    found = await bounded(with_tablets, found, games.seat_devices, heard.of, time.time(), silent_after)
    return {"tables": found, "count": len(found)}
