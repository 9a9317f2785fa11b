"""A game's recorded events: one in audit form, a page of them, what one command recorded, the chain's check."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from service.api.schemas.base import GAME_ID, HASH, Status, _example


class EventRecord(BaseModel):
    """One recorded event in audit form: its chain fields let anyone recompute its hash."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "sequence": 3, "type": "TilesPlaced", "recorded_at": "2025-05-01T10:02:11.000Z",
        "actor": "player:0:Ana García", "device": "tablet-12a", "hash": HASH, "previous_hash": HASH,
        "payload": {"seat": 0, "coordinates": "H7", "word": "[CH]OZA", "score": 34}, "redacted": ["rack_after"]}]})
    sequence: int = Field(description="The game's version after this event (1 for the creation).")
    type: str
    recorded_at: str
    actor: str
    device: str | None
    hash: str
    previous_hash: str
    payload: dict[str, Any]
    redacted: list[str] = Field(
        default_factory=list, description="Payload fields withheld from this caller (hidden tiles); the hash is "
                                          "then checkable only by a caller allowed to see them.")


class EventsPage(BaseModel):
    """Events after a version, oldest first."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"game_id": GAME_ID, "after": 0, "version": 1, "events": [{
        "sequence": 1, "type": "Created", "recorded_at": "2025-05-01T10:00:00.000Z", "actor": "director:ana",
        "device": "laptop", "hash": HASH, "previous_hash": "0" * 64, "payload": {"profile": "file-2024"},
        "redacted": []}]}]})
    game_id: str
    after: int
    version: int
    events: list[EventRecord]


class CommandResult(BaseModel):
    """What one command recorded: the new version, the status, and the events it added."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "id": GAME_ID, "version": 15, "status": "in_progress", "events": [{
            "sequence": 15, "type": "TurnPassed", "recorded_at": "2025-05-01T10:12:00.000Z",
            "actor": "player:1:Berto Núñez", "device": "tablet-12b", "hash": HASH, "previous_hash": HASH,
            "payload": {"seat": 1, "next_turn": 0}, "redacted": []}]}]})
    id: str
    version: int
    status: Status
    events: list[EventRecord]


class AuditReport(BaseModel):
    """The verification of a game's stored hash chain."""

    model_config = _example({"id": GAME_ID, "version": 42, "intact": True, "events": 42, "head_hash": HASH,
                             "break": None, "signatures": [{"seat": 0, "head_hash": HASH, "version": 40, "key": None}]})
    id: str
    version: int
    intact: bool
    events: int
    head_hash: str
    break_: dict[str, Any] | None = Field(alias="break", description="The first event that does not fit, if any.")
    signatures: list[dict[str, Any]]
