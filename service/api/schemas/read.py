"""The read models' answers (``projections/``): scoresheet, settlement, status, the directors' index, replay."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from service.api.schemas.game import _CELLS_EXAMPLE, _ROWS_EXAMPLE, Cells, GameState
from service.api.schemas.seat import BindResult
from service.api.schemas.base import GAME_ID, HASH


def _open_example(value: dict[str, Any]) -> ConfigDict:
    """Read models list the contract's fields; the read model may add more (``extra`` allowed)."""
    return ConfigDict(extra="allow", json_schema_extra={"examples": [value]})


class SheetRow(BaseModel):
    """One line of a player's sheet: `notation` is the federation mark (`P`, `I`, `C-3`; FISC `-`) or null."""

    model_config = _open_example({"turn": 1, "notation": None, "word": "[CH]OZA", "coordinates": "H7", "score": 34,
                                  "total": 34, "kind": "play", "scrabble": False, "entered": 34, "announced_total": 34,
                                  "entered_total": 34, "differs": False,
                                  "corrections": []})
    turn: int
    notation: str | None
    word: str | None
    coordinates: str | None
    score: int | None
    total: int | None
    owed: list[int] = Field(default_factory=list, description=(
        "The seats whose own sheet still owes this line: a play that stands after a challenge ruled valid, not yet "
        "written down by its challenger (FILE 37: writing the score down is acceptance; a discrepancy before "
        "signing, FILE 40, 43)."))


class SheetPlayer(BaseModel):
    """A player's sheet: the lines, then the end of game and the final score (null until settled)."""

    model_config = _open_example({"seat": 0, "name": "Ana García", "rows": [], "final_score": None})
    name: str
    rows: list[SheetRow]
    final_score: int | None


class Scoresheet(BaseModel):
    """Each player's scoresheet in federation notation (`format=txt|html` gives the printable sheet)."""

    model_config = _open_example({"game_id": GAME_ID, "profile": "file-2024", "event": "Open de Madrid", "round": 3,
                                  "table": "12", "status": "in_progress", "version": 14,
                                  "players": [{"seat": 0, "name": "Ana García", "final_score": None, "rows": [
                                      {"turn": 1, "notation": None, "word": "[CH]OZA", "coordinates": "H7",
                                       "score": 34, "total": 34}]},
                                      {"seat": 1, "name": "Berto Núñez", "final_score": None, "rows": [
                                          {"turn": 1, "notation": "C-3", "word": None, "coordinates": None,
                                           "score": 0, "total": 0}]}]})
    players: list[SheetPlayer]


class SettlementPlayer(BaseModel):
    """A player's final score and its parts."""

    model_config = _open_example({"seat": 0, "name": "Ana García", "score_before": 402, "rack_adjustment": 9,
                                  "time_penalty": 0, "sanctions": 0, "final_score": 411})
    name: str
    final_score: int
    rack_adjustment: int
    time_penalty: int
    sanctions: int


class Settlement(BaseModel):
    """The end of the game: its cause, the winner (null for a draw), each player's final score and its parts."""

    model_config = _open_example({"game_id": GAME_ID, "cause": "out", "winner": "Ana García", "spread": 47,
                                  "racks_counted": True, "scrabbles": 2, "players": [
                                      {"name": "Ana García", "final_score": 411, "rack_adjustment": 9,
                                       "time_penalty": 0, "sanctions": 0},
                                      {"name": "Berto Núñez", "final_score": 364, "rack_adjustment": -9,
                                       "time_penalty": 0, "sanctions": 0}]})
    cause: str
    winner: str | None
    players: list[SettlementPlayer]


class GameStatusView(BaseModel):
    """Where the game stands: what it waits for and on whom, signatures, closure lock, the next actions."""

    model_config = _open_example({"game_id": GAME_ID, "status": "in_progress", "phase": "playing",
                                  "waiting_for": "acceptance", "waiting_on": ["Berto Núñez"], "seat_on_turn": 0,
                                  "signed_by": [], "closed": False, "reopened": False,
                                  "last_ruling": {"valid": True, "appealed": False, "final": False,
                                                  "words": ["[CH]OZAs"], "challenger": 1, "player": 0, "turn": 1,
                                                  "game_turn": 1},
                                  "next_actions": [{"type": "accept", "seat": 1, "role": "player"}]})
    status: Literal["in_progress", "ended", "closed"]
    seat_on_turn: int | None = Field(None, description="The seat of the player on turn while the game is played "
                                                       "(was `turn`).")
    last_ruling: dict[str, Any] | None = Field(None, description=(
        "The last challenge ruling: valid, appealed, final, words, challenger, and the line it is about as the "
        "sheet numbers it: `player` (whose line) and `turn` (that player's line, from 1), `game_turn` (the "
        "game's turn, from 1)."))
    next_actions: list[dict[str, Any]]


class GameIndex(BaseModel):
    """The directors' index: games by event, round, table, player and status."""

    model_config = _open_example({"games": [{"game_id": GAME_ID, "event": "Open de Madrid", "round": "3",
                                             "table": "12", "players": ["Ana García", "Berto Núñez"],
                                             "status": "ended", "winner": "Ana García"}],
                                  "count": 1, "limit": 100, "offset": 0})
    games: list[dict[str, Any]]
    count: int
    limit: int
    offset: int


class RackFrame(BaseModel):
    """A rack at that moment: its count, and its known tiles for those who may see them (else null)."""

    model_config = _open_example({"seat": 0, "name": "Ana García", "known": ["A", "E"], "count": 7})
    seat: int
    count: int
    known: list[str] | None


class ReplayState(BaseModel):
    """The game right after event `version`: board (15 strings and 15 rows of cells), racks, bag, scores, clocks."""

    model_config = _open_example({"game_id": GAME_ID, "version": 5, "event": "PlayAccepted",
                                  "at": "2025-05-01T10:04:00.000Z", "hash": HASH, "phase": "playing", "seat_on_turn": 1,
                                  "tileset": "spanish", "pending": None,
                                  "board": _ROWS_EXAMPLE, "cells": _CELLS_EXAMPLE, "bag": 79,
                                  "racks": [{"seat": 0, "name": "Ana García", "known": None, "count": 3}],
                                  "scores": [34, 0], "clocks": [], "clock_stop": None})
    version: int
    seat_on_turn: int | None = Field(description="The seat of the player on turn then (was `turn`).")
    tileset: str = Field(description="The tile set the board's tiles come from (spanish, catalan, english).")
    board: list[str] = Field(description="Rows A to O in TILES.md notation, as in the game's state.")
    cells: Cells
    racks: list[RackFrame]
    bag: int
    scores: list[int]


class BoundTablet(BindResult):
    """The binding; with ``view=game`` also the game's state and scoresheet, each as the new token's own reads
    (``GET /v1/games/{id}``, ``GET /v1/games/{id}/scoresheet``) would answer them: a tablet's first use shows the
    game after one round trip, not two."""

    state: GameState | None = Field(None, description="With `view=game`: the game's state as this seat's token "
                                                      "reads it (its own rack only); null if that read failed "
                                                      "after the binding was saved (the token reads it itself).")
    scoresheet: Scoresheet | None = Field(None, description="With `view=game`: the game's scoresheet.")
