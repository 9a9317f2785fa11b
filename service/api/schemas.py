"""Request and response bodies of the HTTP contract (the commands are in ``service.api.commands``).

Shape only is checked here (types, lengths, patterns); the game's rules are the aggregate's, and
answer 422. Every model carries an example, which ``openapi/openapi.json`` shows.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.profiles import PROFILES
from service.access.tokens import ROLES
from service.api.command_base import Nfc
from service.api.seat_schemas import ArbiterCall, DeviceState, KeyState, SeatWarning

Profile = Literal[tuple(PROFILES)]  # type: ignore[valid-type]
Role = Literal[tuple(ROLES)]  # type: ignore[valid-type]
Status = Literal["in_progress", "ended", "closed"]
Phase = Literal["starting", "dealing", "playing", "ended", "closed"]
TableNumber = Annotated[int, Field(ge=1, le=100_000)] | Annotated[str, Field(min_length=1, max_length=20)] | None
GAME_ID = "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
TOKEN = "pl_4q5rJ0b3m1xW0kZ8yT2vN6cH9sD7fG1aL3eR5uI8oP0"
HASH = "9b0f6c1e3a5d7f9b1c3e5a7d9f1b3c5e7a9d1f3b5c7e9a1d3f5b7c9e1a3d5f7b"


def _example(value: dict[str, Any]) -> ConfigDict:
    return ConfigDict(extra="forbid", json_schema_extra={"examples": [value]})


class Clock(BaseModel):
    """How time is kept; what is left out is the profile's (domain.game.settings checks it: 422 if refused)."""

    model_config = _example({"timing": "chess_clock", "minutes": 25, "mode": "corrido"})
    timing: Literal["chess_clock", "move_timer"] | None = Field(
        None, description="A total per player, or a time per move (FISE 31.1, Molins 27).")
    minutes: int | None = Field(None, ge=1, le=180, description="Per player (FISC 25, FISE 30 corrido).")
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
    round: int | None = Field(None, ge=1, le=1000)
    table: TableNumber = Field(None, description="A number or a short label.")
    bag_mode: Literal["virtual", "physical", "replay"] = Field(
        "virtual", description="virtual: the service draws; physical: tablets report counts (and tiles when "
                               "known); replay: every tile is given by the caller.")
    clock: Clock | None = None
    lexicon: Annotated[str, Nfc] | None = Field(None, max_length=200, description="The authority rulings rest on (default: the "
                                                                  "profile's).")
    notes: Annotated[str, Nfc] | None = Field(None, max_length=2000)
    unseen_tiles: bool | None = Field(None, description=(
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
    head_hash: str | None = Field(None, description=(
        "The hash of the last event (event `version`): what a tablet's key signs with `sign` "
        "(docs/reliability.md, \"Players' keys\")."))
    keys: list[KeyState] = Field(default_factory=list, description=(
        "Tablets' public keys registered for the seats, oldest first; the seat's key that signs now is the "
        "`current` one not `revoked`."))
    unseen_tiles: list[str] | None = Field(None, description=(
        "The tiles this player has not seen (bag and rivals' racks), only to a player and only where the game "
        "allows it (`details.unseen_tiles`, profile `conduct.unseen_tiles_shown`, off in every profile: "
        "FILE 5.4-5.5, FISC I.5); null otherwise."))


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
    round: int | None = Field(None, ge=1, le=1000)
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


#: What a token's label is for: the 400 for a missing or bad label says it too (service.api.errors).
LABEL_HELP = ("Who holds the token: it becomes the actor's name recorded on every event the token sends "
              "(`director:<label>`, `arbiter:<label>`; a player token records the player's name from the game, "
              "`player:<seat>:<name>`), and on the tokens it issues (`issued_by`). 1 to 80 characters, e.g. the "
              "arbiter's name.")


class TokenCreate(BaseModel):
    """A new token: its role, and the game (and seat, for a player) it is bound to."""

    model_config = _example({"role": "spectator", "label": "commentary booth", "game_id": None, "seat": None})
    role: Role
    label: Annotated[str, Nfc] = Field(min_length=1, max_length=80, description=LABEL_HELP)
    game_id: str | None = Field(None, pattern=r"^[0-9a-fA-F-]{32,36}$")
    seat: int | None = Field(None, ge=0, le=7)


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


class Health(BaseModel):
    """Whether the event store answers and writes, and how fast."""

    model_config = _example({"status": "ok", "store": {"reachable": True, "kind": "sqlite", "latency_ms": 0.4,
                                                       "writes": "ok", "last_write_error": None},
                             "projections": {"reachable": True, "running": True, "lag": 0, "error": None}})
    status: Literal["ok", "degraded"] = Field(description="`degraded`: the store answers but cannot write now "
                                                          "(`store.writes`: `failing` or `stalled`).")
    store: dict[str, Any] = Field(description="`reachable`, `kind`, `latency_ms`; `writes` (`ok`, `failing`, "
                                              "`stalled`) and `last_write_error` (`code`, `message`, `detail`, "
                                              "`at`) or null.")
    projections: dict[str, Any] = Field(description="The read models: reachable, the projector running, `lag` "
                                                    "(stored events not yet projected), its last error.")
    public: dict[str, Any] | None = Field(None, description=(
        "The public board's streams: `streams` open, `held_by_writer` (written by the writer process), `writer` "
        "(`process`: a writer process writes the plain-HTTP streams; `restarting`: it ended and is starting again, "
        "this process writes meanwhile; `loop`: this process writes them all), `writer_restarts`, `dropped` (viewers "
        "cut as too slow to read)."))


class ErrorBody(BaseModel):
    """Every refusal: a code, a message, the field at fault and the rule's article where one applies."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "code": "not_your_turn", "message": "it is Ana's turn, not Berto's", "field": "seat", "article": None}]})
    code: str
    message: str
    field: str | None = None
    article: str | None = None
    position: int | None = Field(None, description="Where in the field's text the problem is, when it applies.")
    current_version: int | None = Field(None, description="409 only: the game's version now.")
    problems: list[dict[str, Any]] | None = Field(None, description="400 only: every schema problem found.")


# ---- read models (projections/) -----------------------------------------------------------------
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
