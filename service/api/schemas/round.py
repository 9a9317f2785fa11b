"""Bodies of ``POST /v1/rounds/round-time``: the round's time called on every game of a round at once."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from service.api.commands.base import Nfc, Whole
from service.api.schemas.event import EventRecord
from service.api.schemas.base import HASH, Status

GAME_ID = "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"


class RoundTimeRequest(BaseModel):
    """Which round's time is over, and what the official says with it."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"event": "Open de Madrid", "round": 3, "reason": "round 3: time over at 12:40"}]})
    event: str = Field(min_length=1, max_length=200, description="The event, exactly as its games name it.")
    round: Whole = Field(ge=1, le=1000)
    reason: Annotated[str, Nfc, Field(max_length=500)] = Field("", description=(
        "Optional: kept with each game's `RoundTimeCalled` (the round, the hour)."))


class Refusal(BaseModel):
    """Why one game's call was refused: the same fields as any refusal (docs: the error table)."""

    code: str
    message: str
    field: str | None = None
    article: str | None = None


class RoundTimeGame(BaseModel):
    """One game of the round: what its call recorded, or why it was refused or left out."""

    game_id: str
    table: str | None
    players: list[str]
    outcome: Literal["called", "refused", "left_out"] = Field(description=(
        "`called`: `RoundTimeCalled` recorded (and `GameEnded` where the turns were already even); `refused`: the "
        "rules refuse it (`refusal` says why, with the article; its code `not_started`: nothing to end, "
        "`game_ended`, `round_time_called`: called already); `left_out`: closed, every player signed (FILE 43)."))
    version: int | None = Field(None, description="The game's version after the call.")
    status: Status | None = Field(None, description="The game's status after the call.")
    events: list[EventRecord] = Field(default_factory=list, description="The events the call recorded.")
    refusal: Refusal | None = None


class RoundTimeCalls(BaseModel):
    """The round's time, per game, by table: one game's refusal never stops another's call."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "event": "Open de Madrid", "round": 3, "called_by": "arbiter:Luis", "reason": "round 3: time over at 12:40",
        "called": 1, "refused": 1, "left_out": 0, "games": [
            {"game_id": GAME_ID, "table": "1", "players": ["Ana García", "Berto Núñez"], "outcome": "called",
             "version": 41, "status": "in_progress", "events": [{
                 "sequence": 41, "type": "RoundTimeCalled", "recorded_at": "2025-05-01T12:40:00.000Z",
                 "actor": "arbiter:Luis", "device": "console", "hash": HASH, "previous_hash": HASH,
                 "payload": {"until": 24, "procedure": "equalise_turns", "move_seconds": None,
                             "article": "FILE 30, 44.4", "reason": "round 3: time over at 12:40"},
                 "redacted": []}], "refusal": None},
            {"game_id": GAME_ID, "table": "2", "players": ["Carla Ruiz", "Dani Soler"], "outcome": "refused",
             "version": None, "status": None, "events": [], "refusal": {
                 "code": "not_started", "field": "type", "article": "FILE 30, 44.4",
                 "message": "the game has not started (no play on the sheet): the round's time ends a game in "
                            "play, and there is nothing to end here"}}]}]})
    event: str
    round: int
    called_by: str
    reason: str
    called: int = Field(description="Games whose call was recorded.")
    refused: int = Field(description="Games the rules refused.")
    left_out: int = Field(description="Closed games (FILE 43).")
    games: list[RoundTimeGame]
