"""Bodies and answers of ``/v1/duplicates`` (the duplicate game's own schemas, beside the game's)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from service.api.commands.base import Whole

DUPLICATE_ID = "5d0c7b1e-2a3f-4b6c-8d9e-0f1a2b3c4d5e"


def _example(value: dict[str, Any], *, extra: str = "forbid") -> ConfigDict:
    return ConfigDict(extra=extra, json_schema_extra={"examples": [value]})  # type: ignore[typeddict-item]


class DuplicateCreate(BaseModel):
    """A duplicate game: the profile whose duplicate rules apply, the players in table order, the options."""

    model_config = _example({"profile": "ajs-2012", "players": ["Ana", "Berto", "Carmen"], "draw": "service"})
    profile: Literal["fisc-2023", "ajs-2012"] = Field(description="FISC II or AJS 3.2-3.4")
    players: list[str] = Field(min_length=1, max_length=400, description="FISC II.1: 5 or more; AJS 3.2.1: 2 or more")
    draw: Literal["service", "judge"] = Field("service", description="who draws the racks by default: the service "
                                              "(CSPRNG or the published seed) or the judge from the bag (entered)")
    seed: str | None = Field(None, min_length=1, max_length=200, description="a seed published in advance: every "
                             "site draws the same racks from it (with the same masters)")
    rounds: Whole | None = Field(None, ge=1, le=100, description="a preset number of rounds (not official: "
                                     "FISC II.1, AJS 3.2.1)")
    sudden_death: StrictBool = Field(False, description="AJS 3.3")
    pairs: list[list[Whole]] | None = Field(None, description="vis-à-vis pairs of seats (AJS 3.4)")
    bonus: StrictBool = Field(True, description="the solo-top bonus where the profile has one (AJS 3.2.11)")
    round_seconds: Whole | None = Field(None, ge=30, le=900, description="the round's time (180 by default)")
    slip_score: StrictBool = Field(False, description="the organiser asks each player to write their play's score "
                                   "on the slip (FISC II.2, AJS 3.2.2: «si l'organitzador ho demana "
                                   "explícitament»); slips then take `score`, kept beside the engine's")
    event: str | None = Field(None, min_length=1, max_length=200, description="the event the game is played in, "
                              "as the federation enrolled it: a hall with a federation address pushes the finished "
                              "game under that name (attested by the hall, not logged)")


class DuplicateCreated(BaseModel):
    model_config = _example({"id": DUPLICATE_ID, "version": 1, "tokens": [
        {"seat": 0, "player": "Ana", "token": "pl_…"}]})
    id: str
    version: int
    tokens: list[dict[str, Any]]


class RoundStart(BaseModel):
    """The next round's rack: entered by the judge (``rack``, remainder included), else drawn by the service."""

    model_config = _example({})
    rack: list[str] | None = Field(None, min_length=1, max_length=7, description="tiles, '?' for a blank")
    rejected: list[list[str]] | None = Field(None, max_length=50, description="the invalid racks the judge drew "
                                             "and returned before this one (FISC II.3, AJS 3.2.4), recorded")


SCORE_HELP = ("the play's score as the player wrote it, only where the game asks for it (`slip_score`, FISC II.2, "
              "AJS 3.2.2; else 422 naming the setting): kept beside the engine's score; a difference is flagged "
              "(`score_check`: agrees, differs, missing), and the engine's score counts (the articles say nothing "
              "of a difference)")


class SlipIn(BaseModel):
    """A slip (FISC II.2, AJS 3.2.2): the main word, blanks in lower case, and the coordinates, row letter first
    when horizontal (``H8``), column number first when vertical (``8H``). An official typing a paper slip names
    the ``seat``; a player's token sends only their own."""

    model_config = _example({"seat": 0, "word": "CASA", "coordinates": "H8"})
    seat: Whole | None = Field(None, ge=0, le=399)
    word: str = Field("", max_length=40)
    coordinates: str = Field("", max_length=8)
    score: Whole | None = Field(None, ge=0, le=9999, description=SCORE_HELP)


class SlipCorrection(BaseModel):
    model_config = _example({"word": "CASAR", "coordinates": "H4", "reason": "typed from the paper slip wrongly"})
    word: str = Field("", max_length=40)
    coordinates: str = Field("", max_length=8)
    reason: str = Field(min_length=1, max_length=500)
    score: Whole | None = Field(None, ge=0, le=9999, description="the player's own score as corrected (where "
                                    "the game asks for it); left out: as the slip had it")


class Ruling(BaseModel):
    model_config = _example({"word": "CASAR", "valid": True, "reason": "in the official list"})
    word: str = Field(min_length=1, max_length=40, description="tiles in upper case, Spanish digraphs bracketed")
    valid: StrictBool
    reason: str = Field("", max_length=500)


class MasterIn(BaseModel):
    """The master move (AJS 3.2.3): a valid slip (``seat``), a play the judge enters (``word``, ``coordinates``),
    or ``computed`` by the move generator on a loaded lexicon."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"seat": 0}],
        # What the route refuses, stated: a computed master names its lexicon.
        "allOf": [{"if": {"properties": {"computed": {"const": True}}, "required": ["computed"]},
                   "then": {"required": ["lexicon"], "properties": {"lexicon": {"type": "string"}}}}]})
    seat: Whole | None = Field(None, ge=0, le=399)
    word: str | None = Field(None, max_length=40)
    coordinates: str | None = Field(None, max_length=8)
    computed: StrictBool = False
    lexicon: str | None = Field(None, min_length=1, max_length=64,
                                description="the lexicon's name (``planilla lexicon list``): required when ``computed``")


class PublishIn(BaseModel):
    model_config = _example({})
    reason: str = Field("", max_length=500, description="required when the round is published again")


class SanctionIn(BaseModel):
    model_config = _example({"seat": 0, "reason": "comments aloud during the round"})
    seat: Whole = Field(ge=0, le=399)
    reason: str = Field(min_length=1, max_length=500)


class EndIn(BaseModel):
    model_config = _example({"cause": "force_majeure", "reason": "the hall closes"})
    cause: Literal["no_play", "force_majeure"]
    reason: str = Field("", max_length=500)


class DuplicateView(BaseModel):
    """The game: its phase, the current round and rack, the board, the bag, the rounds' masters."""

    model_config = _example({"id": DUPLICATE_ID, "profile": "ajs-2012", "version": 2, "phase": "playing",
                             "round": 1, "rack": ["C", "A", "S", "A", "?", "R", "O"], "board": ["." * 15] * 15,
                             "bag": 93, "players": ["Ana", "Berto"], "settings": {}, "ended": None,
                             "rounds": []}, extra="allow")
    id: str
    profile: str
    version: int
    phase: str
    round: int
    rack: list[str]
    board: list[str]
    bag: int
    players: list[str]
    settings: dict[str, Any]
    ended: dict[str, Any] | None
    rounds: list[dict[str, Any]]
    solo_top: bool = Field(False, description="the game gives a solo-top bonus (its rules have one, AJS 3.2.11, and "
                                              "``bonus`` was not turned off): whether a ranking has a bonus column")


class RoundView(BaseModel):
    """A round: the rack, its slips (a player sees only their own until «¡Tiempo!»), the master, the results."""

    model_config = _example({"round": 1, "rack": ["C", "A", "S", "A", "?", "R", "O"], "phase": "playing",
                             "slips": [], "master": None, "results": None}, extra="allow")
    round: int
    rack: list[str]
    phase: str
    slips: list[dict[str, Any]]
    master: dict[str, Any] | None
    results: dict[str, Any] | None


class Answer(BaseModel):
    """What a command did: the game's new version and phase, and what it returns."""

    model_config = _example({"id": DUPLICATE_ID, "version": 3, "phase": "closed", "result": {"missing": [2]}},
                            extra="allow")
    id: str
    version: int
    phase: str
    result: Any = None


class RankingView(BaseModel):
    model_config = _example({"round": 1, "tiebreak": "plays", "article": "AJS 3.2.10", "master_total": 20,
                             "rows": [{"rank": 1, "seat": 0, "player": "Ana", "total": 20, "points": 20, "bonus": 0,
                                       "percent": 100.0, "plays": [20]}], "vis_a_vis": []}, extra="allow")
    round: int
    tiebreak: str
    master_total: int
    rows: list[dict[str, Any]]
    vis_a_vis: list[dict[str, Any]]


class SheetView(BaseModel):
    model_config = _example({"seat": 0, "player": "Ana", "total": 20, "master_total": 20, "rows": [
        {"round": 1, "rack": ["C", "A", "S", "A", "?", "R", "O"], "entry": {"word": "CASAR", "coordinates": "H4"},
         "master": {"word": "CASAR", "coordinates": "H4", "score": 20}, "score": 20, "causes": [], "percent": 100.0,
         "total": 20}]}, extra="allow")
    seat: int
    player: str
    total: float
    master_total: int
    rows: list[dict[str, Any]]


class DuplicateEvents(BaseModel):
    """The game's history in audit form, oldest first: each event's chain fields let anyone recompute its hash
    (``planilla audit``'s code, ``domain.game.chain``) where nothing is withheld from them."""

    model_config = _example({"duplicate_id": DUPLICATE_ID, "version": 3, "events": [{
        "sequence": 3, "type": "SlipSubmitted", "recorded_at": "2026-03-01T10:00:30Z", "actor": "player:0:Ana",
        "device": "tablet-3", "hash": "ab" * 32, "previous_hash": "cd" * 32,
        "payload": {"round": 1, "seat": 0, "word": None, "coordinates": None}, "redacted": ["word", "coordinates"]}]},
        extra="allow")
    duplicate_id: str
    version: int
    events: list[dict[str, Any]]
