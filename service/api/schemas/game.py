"""A game's bodies: the new game and its tokens, and the state (seats, board, what may happen next).

The commands are in ``service.api.commands.dispatch``; what a command recorded is in ``service.api.schemas.event``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from service.api.commands.base import Nfc, Whole
from service.api.schemas.base import GAME_ID, TOKEN, Profile, Status, TableNumber, _example
from service.api.schemas.seat import ArbiterCall, DeviceState, KeyProposal, KeyState, SeatWarning

Phase = Literal["starting", "dealing", "playing", "ended", "closed"]


class Clock(BaseModel):
    """How time is kept; what is left out is the profile's (domain.game.settings checks it: 422 if refused)."""

    model_config = _example({"timing": "chess_clock", "minutes": 25, "mode": "corrido"})
    timing: Literal["chess_clock", "move_timer"] | None = Field(
        None, description="A total per player, or a time per move (FISE 31.1, Molins 27).")
    minutes: Whole | None = Field(None, ge=1, le=180, description="Per player (FISC 25, FISE 30 corrido).")
    mode: Literal["corrido", "no_corrido"] | None = Field(None, description="FISE 32: does the clock run while "
                                                                           "the score is counted.")


class GameCreate(BaseModel):
    """A new game: profile, players in seat order, where it is played, the bag, the clock, the lexicon."""

    model_config = _example({"profile": "file-2024", "players": ["Ana García", "Berto Núñez"], "event": "Open de Madrid",
                             "round": 3, "table": 12, "bag_mode": "virtual",
                             "clock": {"timing": "chess_clock", "minutes": 25}})
    profile: Profile = Field(description="The rulebook the game is played under.")
    players: list[Annotated[str, Nfc, Field(min_length=1, max_length=80)]] = Field(
        min_length=1, max_length=8, description="Names in seat order (seat 0 first).")
    event: Annotated[str, Nfc] | None = Field(None, max_length=200)
    round: Whole | None = Field(None, ge=1, le=1000)
    table: TableNumber = Field(None, description="A number or a short label.")
    bag_mode: Literal["virtual", "physical", "replay"] = Field(
        "virtual", description="virtual: the service draws; physical: tablets report counts (and tiles when "
                               "known); replay: every tile is given by the caller.")
    clock: Clock | None = None
    lexicon: Annotated[str, Nfc] | None = Field(None, max_length=200, description="The authority rulings rest on (default: the "
                                                                  "profile's).")
    notes: Annotated[str, Nfc] | None = Field(None, max_length=2000)
    unseen_tiles: StrictBool | None = Field(None, description=(
        "The organisers allow the players' tablets to show the tiles each has not seen (FISC I.5 lets them allow "
        "devices); default: the profile's `conduct.unseen_tiles_shown`, off in every profile (FILE 5.4-5.5)."))


class PlayerToken(BaseModel):
    """A player's access token, shown once when the game is created."""

    model_config = _example({"seat": 0, "player": "Ana García", "token": TOKEN})
    seat: int
    player: str
    token: str


class GameCreated(BaseModel):
    """The new game's id and version, and one token per player (stored only as hashes)."""

    model_config = _example({"id": GAME_ID, "version": 1, "status": "in_progress",
                             "tokens": [{"seat": 0, "player": "Ana García", "token": TOKEN}]})
    id: str
    version: int
    status: Status
    tokens: list[PlayerToken]


class PlayerState(BaseModel):
    """One seat: name, score, rack (tiles only to those allowed to see them), signature."""

    model_config = _example({"seat": 0, "name": "Ana García", "score": 57, "rack_count": 7,
                             "rack": ["A", "E", "I", "CH", "R", "S", "?"], "signed": False})
    seat: int
    name: str
    score: int
    rack_count: int
    rack: list[str] | None = Field(description="Known tiles, one per item (CH, L·L; ``?`` a blank); null when this "
                                                  "caller may not see them.")
    signed: bool


class BoardCell(BaseModel):
    """One occupied square of ``cells`` (``domain.cells``): the tile on it, the letter it reads as, blank or not."""

    model_config = _example({"tile": "?", "letter": "CH", "blank": True, "points": 0})
    tile: str = Field(description="The physical tile as a rack writes it: a letter or digraph token exactly as the "
                                  "game writes tiles (A, Ñ, CH, LL, RR, Ç, L·L, NY, QU; never brackets), '?' for a "
                                  "blank.")
    letter: str = Field(description="The letter the square reads as, in upper case: the tile itself, or for a blank "
                                    "the letter it stands for (FILE 10.2).")
    blank: bool = Field(description="Whether the tile is a blank (shown in lower case in the text rows).")
    points: int = Field(description="The tile's face value, 0 for a blank (FILE 10.1); premiums not included.")


Cells = Annotated[list[Annotated[list[BoardCell | None], Field(min_length=15, max_length=15)]], Field(
    min_length=15, max_length=15, description=(
        "The board by square: 15 rows (row A first) of 15 squares (column 1 first), each null when empty or a "
        "BoardCell; the federations' square H8 is cells[7][7], and cells[r][c] is row 'ABCDEFGHIJKLMNO'[r], "
        "column c+1. The same board as `board`, one item per square whatever the tile's spelling.")),
]
#: The example board: [CH]OZAs across from H7 (CH, O, Z, A, and a blank standing for S on H11).
_ROWS_EXAMPLE = ["..............."] * 7 + ["......[CH]OZAs...."] + ["..............."] * 7
_CELLS_EXAMPLE: list[list[dict[str, Any] | None]] = [[None] * 15 for _ in range(15)]
for _col, (_tile, _points) in enumerate([("CH", 5), ("O", 1), ("Z", 10), ("A", 1)], start=6):
    _CELLS_EXAMPLE[7][_col] = {"tile": _tile, "letter": _tile, "blank": False, "points": _points}
_CELLS_EXAMPLE[7][10] = {"tile": "?", "letter": "S", "blank": True, "points": 0}


class NextAction(BaseModel):
    """A command the game accepts now, who may send it, and for which seat."""

    model_config = _example({"type": "place_tiles", "seat": 0, "role": "player"})
    type: str
    seat: int | None
    role: Literal["player", "director"]


class GameState(BaseModel):
    """The game as it stands: whose turn, scores, bag, racks, board, clocks, what may happen next."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "id": GAME_ID, "version": 14, "status": "in_progress", "phase": "playing", "profile": "file-2024",
        "tileset": "spanish", "bag_mode": "virtual", "event": "Open de Madrid", "round": 3, "table": 12,
        "players": [{"seat": 0, "name": "Ana García", "score": 34, "rack_count": 7, "rack": None, "signed": False},
                    {"seat": 1, "name": "Berto Núñez", "score": 0, "rack_count": 7,
                     "rack": ["A", "E", "Ñ", "O", "R", "S", "U"], "signed": False}],
        "seat_on_turn": 1, "name_on_turn": "Berto Núñez", "starter": 0, "pending": None, "bag_count": 81, "unseen_count": 88,
        "turns_played": 1,
        "board": _ROWS_EXAMPLE, "cells": _CELLS_EXAMPLE,
        "last_turn": {"seat": 0, "kind": "play", "word": "[CH]OZAs", "coordinates": "H7", "score": 34, "turn": 1,
                      "game_turn": 1},
        "clock": {"timing": "chess_clock", "minutes": None, "mode": "corrido"}, "lexicon": "Lexicón FILE",
        "clocks": [{"remaining": 1410, "overtime": 0}, {"remaining": 1475, "overtime": 0}], "clock_stop": None,
        "sanctions": [],
        "ending": None, "settlement": None,
        "next_actions": [{"type": "place_tiles", "seat": 1, "role": "player"}],
        "waiting_for": "play", "waiting_seats": [1]}]})
    id: str
    version: int
    status: Status
    phase: Phase
    profile: str
    tileset: str
    bag_mode: str
    event: str | None
    round: int | None
    table: int | str | None
    players: list[PlayerState]
    seat_on_turn: int | None = Field(description="The seat of the player on turn while the game is played; null "
                                                 "before and after (was `turn` before issue 13).")
    name_on_turn: str | None = Field(description="The name of the player on turn, null when no one is (was "
                                                 "`on_turn`).")
    starter: int | None
    pending: dict[str, Any] | None = Field(
        description="What the game waits for: acceptance, centre_choice, ruling (words, challenger), end_racks.")
    overdraw: dict[str, Any] | None = Field(None, description=(
        "The overdraw waiting to be corrected (FILE 28): seat, excess, the tiles just drawn (null unless this caller "
        "sees that rack) and, once taken, the X + 2 sample (its tiles also for the players it was shown to)."))
    bag_count: int
    unseen_count: int = Field(description="Tiles this caller has not seen: the bag plus racks hidden from them.")
    turns_played: int
    board: list[str] = Field(min_length=15, max_length=15, description=(
        "Rows A to O, each in TILES.md notation: '.' an empty square, uppercase a tile, lowercase a "
        "blank, Spanish digraph tiles in brackets ([CH]), Catalan ones bare (L·L, NY, QU); a row is 15 squares "
        "but not always 15 characters: index `cells` instead."))
    cells: Cells
    last_turn: dict[str, Any] | None = Field(description=(
        "The last turn: seat, kind (play, exchange, pass, lost), word, coordinates, score, and its number as the "
        "printed sheet shows it: `turn`, the line in that player's column (from 1), and `game_turn` (from 1)."))
    clock: dict[str, Any] | None = Field(description="The clock as set up: timing, minutes, mode.")
    clocks: list[dict[str, Any]] = Field(description="Per seat: the seconds remaining as last recorded, and overtime.")
    clock_stop: dict[str, Any] | None = Field(description="Why both clocks are stopped now, if they are.")
    sanctions: list[dict[str, Any]] = Field(description="The director's sanctions: seat, points, reason, status, appeal.")
    lexicon: str | None
    ending: dict[str, Any] | None
    settlement: dict[str, Any] | None
    next_actions: list[NextAction]
    waiting_for: str | None = Field(None, description=(
        "What the game waits for now, as the status read model names it (`GET …/status`), but at this state's "
        "version: starter, deal, play, draw, acceptance, centre_choice, ruling, appeal_ruling, exchange, overdraw, "
        "end_racks, settlement, sanction_appeal, signatures, arbiter; null once closed."))
    waiting_seats: list[int] = Field(default_factory=list, description="The seats `waiting_for` waits on.")
    devices: list[DeviceState] = Field(default_factory=list, description=(
        "Tablets bound to seats with a seat code, oldest first (docs/tablet-conformity.md)."))
    warnings: list[SeatWarning] = Field(default_factory=list, description=(
        "One writer per seat: `second_device` while more than one bound device holds a seat's live tokens."))
    arbiter_call: ArbiterCall | None = Field(None, description="The open call for the arbiter, if any.")
    proposed_ruling: dict[str, Any] | None = Field(None, description=(
        "Where the players rule a challenge (FILE 41.1): the answer one player recorded (`seat`, `valid`, "
        "`authority`, `appeal`), which the other confirms (`confirm_ruling`) or disputes (`dispute_ruling`)."))
    disputed_ruling: dict[str, Any] | None = Field(None, description=(
        "The players' answer disputed (`seat`, `reason`, `appeal`): the arbiter rules (FILE 41.1)."))
    head_hash: str | None = Field(None, description=(
        "The hash of the last event (event `version`): what a tablet's key signs with `sign` "
        "(docs/reliability.md, \"Players' keys\")."))
    keys: list[KeyState] = Field(default_factory=list, description=(
        "Tablets' public keys registered for the seats, oldest first; the seat's key that signs now is the "
        "`current` one not `revoked`."))
    key_proposals: list[KeyProposal] = Field(default_factory=list, description=(
        "Seats' new keys waiting for the opponent's tablet (or an official) to confirm them "
        "(`confirm_key_replacement`): the opponent's tablet shows «the tablet of … is being replaced: confirm»."))
    unseen_tiles: list[str] | None = Field(None, description=(
        "The tiles this player has not seen (bag and rivals' racks), only to a player and only where the game "
        "allows it (`details.unseen_tiles`, profile `conduct.unseen_tiles_shown`, off in every profile: "
        "FILE 5.4-5.5, FISC I.5); null otherwise."))
