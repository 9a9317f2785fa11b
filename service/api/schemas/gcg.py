"""A GCG record imported as a game, and the game it became."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from service.api.commands.base import Nfc, Whole
from service.api.schemas.game import PlayerToken
from service.api.schemas.base import GAME_ID, TOKEN, Profile, Status, TableNumber, _example


class GcgImport(BaseModel):
    """A GCG record and the profile (and players) it is to be recorded under."""

    model_config = _example({"profile": "file-2024", "gcg": "#player1 ana Ana\n#player2 berto Berto\n"
                             ">ana: [CH]AEIORZ 8G [CH]OZA +34 34\n>berto: ADEILNO - +0 0\n",
                             "players": ["Ana García", "Berto Núñez"],
                             "event": "Open de Madrid", "round": 1, "table": 4})
    profile: Profile
    gcg: Annotated[str, Nfc] = Field(min_length=1, max_length=200_000, description="The GCG text (UTF-8).")
    players: list[Annotated[str, Nfc]] | None = Field(None, min_length=1, max_length=8, description=(
        "Names in seat order, for the GCG's players in the order of #player1, #player2 (default: their full names)."))
    event: Annotated[str, Nfc] | None = Field(None, max_length=200)
    round: Whole | None = Field(None, ge=1, le=1000)
    table: TableNumber = None


class GcgImported(BaseModel):
    """The recorded game, its version and status, and the player tokens."""

    model_config = _example({"id": GAME_ID, "version": 40, "status": "ended", "bag_mode": "replay",
                             "tokens": [{"seat": 0, "player": "Ana García", "token": TOKEN}], "warnings": []})
    id: str
    version: int
    status: Status
    bag_mode: str
    tokens: list[PlayerToken]
    warnings: list[str] = Field(description="Differences between the record and the rules (announced scores, totals).")
