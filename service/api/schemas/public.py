"""Bodies of the public board (``/v1/public/...``) and of its broadcast delay (``/v1/broadcast``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from domain.broadcast import MAX_DELAY
from service.api.commands.base import Nfc, Whole
from service.api.schemas.game import _ROWS_EXAMPLE
from service.api.schemas.base import GAME_ID, _example

_TABLE = {"game_id": GAME_ID, "version": 17, "recorded_at": "2025-05-01T10:12:00.000+00:00", "status": "in_progress",
          "phase": "playing", "profile": "file-2024", "tileset": "spanish", "event": "Open de Madrid", "round": 3,
          "table": 12, "seat_on_turn": 1, "name_on_turn": "Berto Ruiz", "bag_count": 79, "turns_played": 1,
          "board": _ROWS_EXAMPLE, "clock": None, "clocks": [], "clock_stop": None,
          "players": [{"seat": 0, "name": "Ana García", "score": 34, "rack_count": 7},
                      {"seat": 1, "name": "Berto Ruiz", "score": 0, "rack_count": 7}],
          "last_turn": {"seat": 0, "kind": "play", "word": "[CH]OZAs", "coordinates": "H7", "score": 34, "turn": 1,
                        "game_turn": 1, "squares": [[7, 6], [7, 7], [7, 8], [7, 9], [7, 10]]},
          "waiting": None, "ending": None}


class PublicPlayer(BaseModel):
    """A player as the public sees them: name, score and how many tiles on the rack (never which)."""

    seat: int
    name: str
    score: int
    rack_count: int


class PublicTable(BaseModel):
    """One table as the public board shows it: the spectator's view (no rack, no unseen tiles), delayed."""

    model_config = _example(_TABLE)
    game_id: str
    version: int = Field(description="The game's version this frame shows (its event number).")
    recorded_at: str = Field(description="When that event was recorded; shown no earlier than this plus the "
                                         "event's broadcast delay.")
    status: str
    phase: str
    profile: str
    tileset: str
    event: str | None
    round: int | str | None
    table: int | str | None
    seat_on_turn: int | None
    name_on_turn: str | None
    bag_count: int
    turns_played: int
    board: list[str] = Field(description="Rows A to O in TILES.md notation (`.` an empty square, a blank in lower "
                                         "case, a digraph tile in brackets), as in the game's state.")
    clock: dict[str, Any] | None = Field(description="How time is kept, as the game was created.")
    clocks: list[dict[str, Any]] = Field(description="Each player's clock as last read, as in the game's state.")
    clock_stop: dict[str, Any] | None
    players: list[PublicPlayer]
    last_turn: dict[str, Any] | None = Field(description="The last turn (seat, kind, word, coordinates, score, its "
                                                         "line on the sheet) and the `squares` it filled.")
    waiting: str | None = Field(description="What the game waits for, if anything (acceptance, ruling, ...).")
    ending: dict[str, Any] | None = Field(description="Once ended: the cause.")


class PublicWall(BaseModel):
    """Every table of an event's round that the public may see now, by table."""

    model_config = _example({"event": "Open de Madrid", "round": 3, "delay_seconds": 300, "tables": [_TABLE]})
    event: str
    round: int
    delay_seconds: int = Field(description="The event's broadcast delay: each frame is shown this long after it.")
    tables: list[PublicTable]


class DelaySetting(BaseModel):
    """One setting of an event's broadcast delay: the delay, why, who, when."""

    delay_seconds: int
    reason: str
    by: str
    at: str


class BroadcastView(BaseModel):
    """An event's broadcast delay now, and every setting of it (oldest first)."""

    model_config = _example({"event": "Open de Madrid", "delay_seconds": 300, "history": [
        {"delay_seconds": 300, "reason": "final table on the stream", "by": "director:hall", "at":
         "2025-05-01T09:00:00.000Z"}]})
    event: str
    delay_seconds: int
    history: list[DelaySetting]


class SetBroadcastDelay(BaseModel):
    """The director sets how long the public board waits before it shows each fact of an event's games."""

    model_config = _example({"event": "Open de Madrid", "delay_seconds": 300, "reason": "final table on the stream"})
    event: Annotated[str, Nfc] = Field(min_length=1, max_length=200, description="The event, exactly as its games name it.")
    delay_seconds: Whole = Field(ge=0, le=MAX_DELAY, description=f"0 to {MAX_DELAY} seconds.")
    reason: Annotated[str, Nfc] = Field(min_length=1, max_length=500, description="Why (recorded with the setting).")
