"""Bodies and answers of ``/v1/tournaments`` (the tournament's own schemas, beside the game's)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from service.api.commands.base import Whole

from domain.tournament.rules import KOTH_MAX, TieBreak, Unplayed

TOURNAMENT_ID = "7a1c9e2b-3d4f-4a5b-9c6d-7e8f9a0b1c2d"


def _example(value: dict[str, Any], *, extra: str = "forbid") -> ConfigDict:
    return ConfigDict(extra=extra, json_schema_extra={"examples": [value]})  # type: ignore[typeddict-item]


class TournamentCreate(BaseModel):
    """A new tournament: its name, the standings rules (tie-breaks), the games' profile, the rounds."""

    model_config = _example({"name": "Obert de Molins 2025", "rules": "fisc-2023", "profile": "fisc-2023",
                             "rounds": 5})
    name: str = Field(min_length=1, max_length=200)
    rules: Literal["fisc-2023", "ajs-2012"] = Field(description="standings and tie-breaks: FISC I.1 or AJS 4.1.8")
    profile: str = Field(description="the profile every game of the tournament is played under")
    rounds: Whole = Field(ge=1, le=40, description="FISC I.1: at least 5; AJS 4.1.1: at least 6")
    system: Literal["swiss", "round_robin", "manual"] = "swiss"
    koth_rounds: Whole = Field(0, ge=0, le=2, description="king of the hill in the last rounds (AJS 4.1.1)")
    players: str | None = Field(None, min_length=1, max_length=500_000, description=(
        "a player list entered in the same save (CSV or TRF16, `players_format`): the tournament is created with "
        "all of them or not at all; a refusal names every bad line"))
    players_format: Literal["csv", "trf"] = "csv"
    city: str = Field("", max_length=80, description="TRF16 line 022")
    federation: str = Field("", max_length=3, description="FIDE's three-letter code (TRF16 line 032)")
    chief_arbiter: str = Field("", max_length=80, description="TRF16 line 102")


class TournamentCreated(BaseModel):
    model_config = _example({"id": TOURNAMENT_ID})
    id: str


class PlayerEntry(BaseModel):
    """A player entering; after a round is published this is a late entry (AJS 4.1.9)."""

    model_config = _example({"name": "Anna Puig", "federation_id": "FISC-0042", "club": "Mots i Més",
                             "rating": 1850, "division": "A"})
    name: str = Field(min_length=1, max_length=120)
    federation_id: str = Field("", max_length=40)
    club: str = Field("", max_length=120)
    rating: Whole = Field(0, ge=0, le=4000)
    division: str = Field("A", min_length=1, max_length=20,
                          description="the division the player plays in: each is paired and ranked on its own")


class PlayerEntered(BaseModel):
    model_config = _example({"player": "p1", "from_round": 1, "pairing_bonus": 0.0})
    player: str
    from_round: int
    pairing_bonus: float


class Withdrawal(BaseModel):
    model_config = _example({"from_round": 3, "reason": "ill"})
    from_round: Whole = Field(ge=1)
    reason: str = Field(min_length=1, max_length=500)


SETTING_REASON = Field("", max_length=500, description="why: required once round 1 is published (the change is shown "
                                                        "with the round after which it was made)")


class UnplayedSetting(BaseModel):
    """How a round without a game over the board counts in Buchholz and Berger (FISC I.1, AJS 4.1.8.1 are silent:
    the director decides): ``zero`` as an opponent with no points, ``opponent`` a forfeit's real opponent."""

    model_config = _example({"setting": "unplayed", "value": "opponent", "reason": "the director's ruling"})
    setting: Literal["unplayed"]
    value: Literal[tuple(str(u) for u in Unplayed)]  # type: ignore[valid-type]
    reason: str = SETTING_REASON


class TiebreaksSetting(BaseModel):
    """The tie-breaks in the order they are applied (FISC I.1; AJS 4.1.8), each named once."""

    model_config = _example({"setting": "tiebreaks", "value": ["median_buchholz", "berger", "spread"],
                             "reason": "announced at the players' meeting"})
    setting: Literal["tiebreaks"]
    value: list[Literal[tuple(str(t) for t in TieBreak)]] = Field(  # type: ignore[valid-type]
        min_length=1, max_length=len(TieBreak), json_schema_extra={"uniqueItems": True})
    reason: str = SETTING_REASON


class KothRoundsSetting(BaseModel):
    """King of the hill in the last round or the last two (AJS 4.1.1: «en la última o las 2 últimas rondas»)."""

    model_config = _example({"setting": "koth_rounds", "value": 1, "reason": "the organiser's choice (AJS 4.1.1)"})
    setting: Literal["koth_rounds"]
    value: Whole = Field(ge=0, le=KOTH_MAX)
    reason: str = SETTING_REASON


#: A standings setting the director decides: one schema per setting, chosen by ``setting``. A value its setting does
#: not take is refused 422 ``setting_value`` naming ``value`` and the setting's article (an unknown setting: 422
#: ``setting``).
SettingChange = Annotated[UnplayedSetting | TiebreaksSetting | KothRoundsSetting, Field(discriminator="setting")]


HAND_PAIRINGS = ("by hand: [first, second] per table (players' ids), every player of the round once; the first named "
                 "starts where the pairing list decides (FILE 4.1); second null: a bye")


class Draft(BaseModel):
    """Draft the next round by the tournament's system, or give the pairing by hand (``pairings``, with the
    ``reason``): a table the system would give keeps the system's reason, any other the director's."""

    model_config = _example({"pairings": [["p1", "p4"], ["p2", "p3"]],
                             "reason": "Anna and Carla are club-mates: kept apart"})
    pairings: list[tuple[str, str | None]] | None = Field(None, description=HAND_PAIRINGS)
    reason: str = Field("", max_length=500, description="why the director pairs by hand: required with `pairings`, "
                                                        "recorded with the round")


class HandPairing(BaseModel):
    """A pairing the director is making by hand, to check before drafting the round so (nothing is saved)."""

    model_config = _example({"pairings": [["p1", "p4"], ["p2", "p3"]]})
    pairings: list[tuple[str, str | None]] = Field(description=HAND_PAIRINGS)


WARNING_EXAMPLE = {"code": "rematch", "table": 1, "article": "FISC I.1 A",
                   "params": {"player": "p1", "opponent": "p4", "met_in": 1},
                   "message": "p1 and p4 met already in round 1: no two players meet twice"}


class PairingWarningOut(BaseModel):
    """One thing a table breaks of the rules: the code (a page words it: ``rounds.warning.<code>``), its
    parameters (players by id), the article, and the English message."""

    model_config = _example(WARNING_EXAMPLE)
    code: Literal["rematch", "second_bye", "bye_not_lowest", "extra_bye", "start_order", "points_apart", "divisions"]
    table: int
    article: str = Field(description="the rule's article; empty where the rulebooks have none (divisions)")
    params: dict[str, Any]
    message: str


class WarningsView(BaseModel):
    model_config = _example({"round": 2, "warnings": [WARNING_EXAMPLE]})
    round: int
    warnings: list[PairingWarningOut]


class Publish(BaseModel):
    model_config = _example({})
    reason: str = Field("", max_length=500, description="required when the round is published again")
    bag_mode: Literal["physical", "virtual"] = "virtual"


class Absence(BaseModel):
    """A no-show (the first named is present: AJS 4.1.11.1, 300-0) or both absent (0-0, no win)."""

    model_config = _example({"kind": "forfeit", "reason": "Biel did not come"})
    kind: Literal["forfeit", "both_absent"]
    reason: str = Field(min_length=1, max_length=500)


class PairingOut(BaseModel):
    """A table: the first named, the second (null: a bye), and why it was paired so: ``why`` in English,
    ``reason_code`` and ``reason_params`` for a page to word in its reader's language (``rounds.reason.<code>``;
    a division's table has ``division`` among the parameters; a round drafted before these fields: ``why`` alone)."""

    model_config = _example({"table": 1, "first": "p1", "second": "p3",
                             "why": "round 1: no. 1 of the top half against no. 1 of the bottom half (FISC I.1)",
                             "reason_code": "round1.halves", "reason_params": {"n": 1}}, extra="allow")
    table: int
    first: str
    second: str | None
    why: str
    reason_code: str | None = Field(None, description=(
        "round1.halves, round1.bye, swiss.nearest, swiss.halves, swiss.skipped, swiss.rematch, swiss.bye, "
        "swiss.bye_again, koth.table, koth.bye, robin.table, robin.bye, manual.table, manual.bye"))
    reason_params: dict[str, Any] | None = None


class RoundOut(BaseModel):
    """A round's tables; a published one has each table's game (and, when just published, its tokens)."""

    model_config = _example({"round": 1, "method": "swiss", "published": False, "reason": "", "warnings": [],
                             "tables": [{"table": 1, "first": "p1", "second": "p3", "why": "…"}]}, extra="allow")
    round: int
    method: str | None = None
    published: bool
    tables: list[PairingOut]
    reason: str = Field("", description="why the director paired the round by hand (empty: by the system)")
    warnings: list[PairingWarningOut] | None = Field(None, description=(
        "a draft's: the checker's warnings on it, to read before publishing"))


class TournamentView(BaseModel):
    model_config = _example({"id": TOURNAMENT_ID, "name": "Obert de Molins 2025", "rules": "fisc-2023",
                             "profile": "fisc-2023", "rounds": 5, "system": "swiss", "version": 3,
                             "divisions": ["A"], "settings": {"unplayed": "zero"}, "setting_changes": [],
                             "players": [], "published_rounds": []}, extra="allow")
    id: str
    name: str
    rules: str
    profile: str
    rounds: int
    system: str
    version: int
    divisions: list[str] = Field(description="the divisions, in the order their first player entered")
    settings: dict[str, Any]
    setting_changes: list[dict[str, Any]]
    players: list[dict[str, Any]]
    published_rounds: list[int]
    articles: dict[str, str] = Field(default_factory=dict, description=(
        "the articles of the event's own rules: `late_entry` (FISC I.4, AJS 4.1.9), `withdrawal` (AJS 4.1.10; "
        "empty: FISC has none), `closing`"))
    last_entry_round: int | None = Field(None, description="the last round a new player may enter from (FISC I.4: "
                                                           "N/2); null where the rules set none (AJS 4.1.9)")
    details: dict[str, str] = Field(default_factory=dict, description="city, federation, chief_arbiter (TRF16)")
    results: list[dict[str, Any]] = Field(default_factory=list, description=(
        "each table's result recorded so far (round, table, kind, scores, game_id, reason); `official_entries`: how "
        "many of the game's player acts an official entered (a paper game, a dead tablet)"))
    closed: dict[str, Any] | None = Field(None, description=(
        "once closed (`TournamentClosed`): `at`, `actor`, `reason`, `rounds_played`; no more pairings, results, "
        "entries or withdrawals"))


class TournamentClose(BaseModel):
    """Close the tournament: its standings are final; every published table needs its result first."""

    model_config = _example({"reason": "the last round is played"})
    reason: str = Field("", max_length=500)


class StandingsView(BaseModel):
    """The table after a round: points, then each tie-break with the inputs it was made of."""

    model_config = _example({"round": 1, "division": None, "divisions": ["A"],
                             "tiebreaks": ["median_buchholz", "berger", "spread", "points_for"],
                             "rows": [{"rank": 1, "player": "p1", "name": "Anna Puig", "points": 1.0,
                                       "tiebreaks": {"spread": {"value": 50, "inputs": [["p3", 50]],
                                                                "dropped": []}}}]}, extra="allow")
    round: int
    division: str | None = Field(None, description="the division asked for; null: every player")
    divisions: list[str] = Field(description="the tournament's divisions")
    tiebreaks: list[str]
    rows: list[dict[str, Any]]


class CheckView(BaseModel):
    """Each published round derived again (``agrees``, ``differences``; a round paired by hand: ``agrees`` null and
    the director's ``reason``), each with its ``warnings``; ``draft``: the next round drafted, not yet published,
    with its warnings (null when none)."""

    model_config = _example({"rounds": [{"round": 1, "method": "swiss", "agrees": True, "differences": [],
                                         "warnings": []}], "draft": None})
    rounds: list[dict[str, Any]]
    draft: dict[str, Any] | None = None


class PlayerImport(BaseModel):
    """A player list to enter at once: a CSV (a header line naming the columns, then a player a line) or a
    FIDE TRF16 file (its ``001`` lines); all are registered or none."""

    model_config = _example({"format": "csv", "text": "name,federation_id,club,rating\n"
                                                      "Anna Puig,FISC-0042,Mots i Més,1850\n"})
    format: Literal["csv", "trf"]
    text: str = Field(min_length=1, max_length=500_000, description="the file's text (UTF-8)")


class PlayersImported(BaseModel):
    model_config = _example({"players": [{"player": "p1", "name": "Anna Puig", "from_round": 1,
                                          "pairing_bonus": 0.0}]})
    players: list[dict[str, Any]]
