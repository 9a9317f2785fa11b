"""Access tokens: a new one, the one issued (shown once), its revocation, its record."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from service.access.tokens import ROLES
from service.api.commands.base import Nfc, Whole
from service.api.schemas.base import TOKEN, UUID_PATTERN, _example

Role = Literal[tuple(ROLES)]  # type: ignore[valid-type]


#: What a token's label is for: the 400 for a missing or bad label says it too (service.api.common.errors).
LABEL_HELP = ("Who holds the token: it becomes the actor's name recorded on every event the token sends "
              "(`director:<label>`, `arbiter:<label>`; a player token records the player's name from the game, "
              "`player:<seat>:<name>`), and on the tokens it issues (`issued_by`). 1 to 80 characters, e.g. the "
              "arbiter's name.")


class TokenCreate(BaseModel):
    """A new token: its role, and the game (and seat, for a player) it is bound to."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"role": "spectator", "label": "commentary booth", "game_id": None, "seat": None}],
        # What the route refuses by the role, stated: a player token names its game and seat, no other has a seat.
        "allOf": [{"if": {"properties": {"role": {"const": "player"}}, "required": ["role"]},
                   "then": {"required": ["game_id", "seat"],
                            "properties": {"game_id": {"type": "string"}, "seat": {"type": "integer"}}},
                   "else": {"properties": {"seat": {"type": "null"}}}}]})
    role: Role
    label: Annotated[str, Nfc] = Field(min_length=1, max_length=80, description=LABEL_HELP)
    game_id: str | None = Field(None, pattern=UUID_PATTERN, description="the game (a player token's, required)")
    seat: Whole | None = Field(None, ge=0, le=7)


class TokenIssued(BaseModel):
    """The token (shown once: only its hash is stored) and its id, for revocation."""

    model_config = _example({"id": "4a3a1687-a1d2-5835-9e3a-706900b41715", "token": TOKEN, "role": "spectator",
                             "label": "commentary booth", "game_id": None, "seat": None})
    id: str
    token: str
    role: Role
    label: str
    game_id: str | None
    seat: int | None


class TokenRevoke(BaseModel):
    """Why a token is revoked."""

    model_config = _example({"reason": "tablet lost"})
    reason: str = Field(min_length=1, max_length=200)


class TokenInfo(BaseModel):
    """A token's record (never the token itself)."""

    model_config = _example({"id": "4a3a1687-a1d2-5835-9e3a-706900b41715", "role": "spectator", "label": "booth",
                             "game_id": None, "seat": None, "issued_by": "director:ana",
                             "issued_at": "2025-05-01T09:00:00.000Z", "revoked": None})
    id: str
    role: Role
    label: str
    game_id: str | None
    seat: int | None
    issued_by: str
    issued_at: str
    revoked: dict[str, str] | None
