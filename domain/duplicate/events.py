"""The Duplicate's events: immutable facts in the past tense, hash-linked as the Game's are.

Each subclasses the Game's chained event base (``GameEvent``: who, from which device, when, the hash
link), so a duplicate's history is verified offline with the same code as a game's. ``assign`` only
assigns what the command computed: a replay never rescores a slip, draws a tile or asks a lexicon.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import Aggregate

from domain.game.events import GameEvent


class DuplicateEvent(GameEvent):
    """Base of every Duplicate event after creation (the Game's chained event)."""


@dataclass(frozen=True)
class Created(Aggregate.Created):
    """A duplicate game was created: profile, players in table order, how racks are drawn, the options."""

    profile: str
    players: list[str]
    settings: dict[str, Any]
    bag: list[str]
    previous_hash: str
    hash: str
    actor: str
    device: str | None
    at: str


def _round(d: Any, n: int) -> dict[str, Any]:
    return d.rounds[n - 1]


def _set_round(d: Any, n: int, **changes: Any) -> None:
    rounds = list(d.rounds)
    rounds[n - 1] = {**rounds[n - 1], **changes}
    d.rounds = rounds


@dataclass(frozen=True)
class RoundStarted(DuplicateEvent):
    """A round's rack: drawn by the service from ``seed`` or entered by the judge (``method``), the
    remainder it completes, the tiles taken, the racks rejected and returned (FISC II.3, AJS 3.2.4)."""

    round: int
    rack: list[str]
    remainder: list[str]
    drawn: list[str]
    rejected: list[list[str]]
    method: str
    seed: str | None
    minimum: int
    bag: list[str]

    def assign(self, d: Any) -> None:
        d.rounds = [*d.rounds, {"round": self.round, "rack": list(self.rack), "remainder": list(self.remainder),
                                "drawn": list(self.drawn), "rejected": [list(r) for r in self.rejected],
                                "method": self.method, "seed": self.seed, "minimum": self.minimum,
                                "started_at": self.at, "closed_at": None, "board": list(d.board), "slips": {},
                                "corrections": [], "master": None, "results": None, "missing": []}]
        d.bag = list(self.bag)
        d.rack = list(self.rack)
        d.phase = "playing"


@dataclass(frozen=True)
class SlipRead(DuplicateEvent):
    """What a slip says and what the engine made of it: the fields a submission and a correction share."""

    round: int
    seat: int
    word: str
    coordinates: str
    score: int
    placements: list[list[Any]]
    words: list[str]
    causes: list[str]
    detail: str
    bingo: bool

    def reading(self) -> dict[str, Any]:
        """The slip as the round keeps it (without its arrival and its sender)."""
        return {"word": self.word, "coordinates": self.coordinates, "score": self.score,
                "placements": self.placements, "words": list(self.words), "causes": list(self.causes),
                "detail": self.detail, "bingo": self.bingo}


def score_check(d: Any, score: int, declared: int | None) -> str | None:
    """The player's own score against the engine's, where the organiser asked for it (FISC II.2, AJS 3.2.2):
    ``agrees``, ``differs`` (flagged only: the articles say nothing of a difference), ``missing``; None when
    not asked."""
    if not d.settings.get("slip_score"):
        return None
    if declared is None:
        return "missing"
    return "agrees" if declared == score else "differs"


@dataclass(frozen=True)
class SlipSubmitted(SlipRead):
    """A player's slip (sent from their tablet, or typed in by the judge from paper), read by the engine:
    its score, the tiles it puts down, the words it forms and what makes it null; ``at`` is its arrival;
    ``declared`` the score the player wrote, where the organiser asks for it (FISC II.2, AJS 3.2.2; a slip
    recorded before the setting has none)."""

    declared: int | None = None

    def assign(self, d: Any) -> None:
        slips = dict(_round(d, self.round)["slips"])
        slips[str(self.seat)] = {"seat": self.seat, **self.reading(), "declared": self.declared,
                                 "score_check": score_check(d, self.score, self.declared), "arrived_at": self.at,
                                 "by": self.actor}
        _set_round(d, self.round, slips=slips)


@dataclass(frozen=True)
class SlipCorrected(SlipRead):
    """The judge corrected a slip's transcription (never an edit: the first reading stays in the history)."""

    reason: str
    declared: int | None = None  #: the player's own score as corrected (None: as before, or not asked)

    def assign(self, d: Any) -> None:
        r = _round(d, self.round)
        slips = dict(r["slips"])
        before = slips[str(self.seat)]
        declared = self.declared if self.declared is not None else before.get("declared")
        slips[str(self.seat)] = {**before, **self.reading(), "declared": declared,
                                 "score_check": score_check(d, self.score, declared)}
        corrections = [*r["corrections"], {"seat": self.seat, "reason": self.reason, "by": self.actor, "at": self.at,
                                           "before": {"word": before["word"],
                                                      "coordinates": before["coordinates"]}}]
        _set_round(d, self.round, slips=slips, corrections=corrections)


@dataclass(frozen=True)
class RoundClosed(DuplicateEvent):
    """«¡Tiempo!» (FISC II.5, AJS 3.2.6): no more slips for the round; ``missing`` had sent none."""

    round: int
    missing: list[int]

    def assign(self, d: Any) -> None:
        _set_round(d, self.round, closed_at=self.at, missing=list(self.missing))
        d.phase = "closed"


@dataclass(frozen=True)
class WordRuled(DuplicateEvent):
    """A word was ruled valid or not, by the judge or by a loaded lexicon (``source``; advisory unless the
    organiser declared the list official); it holds for the rest of the game. A lexicon's verdict records the
    SHA-256 of the list it was compiled from (``lexicon_sha256``; None for the judge's, and absent from
    rulings recorded before it was kept)."""

    word: str
    valid: bool
    source: str
    advisory: bool
    reason: str
    lexicon_sha256: str | None = None

    def assign(self, d: Any) -> None:
        ruling = {"valid": self.valid, "source": self.source, "advisory": self.advisory, "by": self.actor,
                  "reason": self.reason}
        if self.lexicon_sha256 is not None:
            ruling["lexicon_sha256"] = self.lexicon_sha256
        d.rulings = {**d.rulings, self.word: ruling}


@dataclass(frozen=True)
class MasterChosen(DuplicateEvent):
    """The master move (FISC II.1, AJS 3.2.3): ``method`` ``slip`` (the judge took a player's slip),
    ``entered`` (the judge entered it) or ``computed`` (the move generator on ``lexicon``), who chose
    it (``actor``), how many tops scored the same and the seed that broke the tie; a computed one records the
    SHA-256 of the list the lexicon was compiled from (``lexicon_sha256``) and whether its verdict is advisory (the
    list not declared official: ``advisory``), each absent before it was kept, and the seat whose slip it was when
    it is one of the players' equal tops (AJS 3.2.3)."""

    round: int
    method: str
    seat: int | None
    word: str
    coordinates: str
    score: int
    placements: list[list[Any]]
    words: list[str]
    bingo: bool
    tops: int
    seed: str | None
    lexicon: str | None
    lexicon_sha256: str | None = None
    advisory: bool | None = None  #: a computed one: the lexicon was not declared official (absent before it was kept)

    def assign(self, d: Any) -> None:
        master = {
            "method": self.method, "seat": self.seat, "word": self.word, "coordinates": self.coordinates,
            "score": self.score, "placements": self.placements, "words": list(self.words), "bingo": self.bingo,
            "tops": self.tops, "seed": self.seed, "lexicon": self.lexicon, "by": self.actor}
        if self.lexicon_sha256 is not None:
            master["lexicon_sha256"] = self.lexicon_sha256
        if self.advisory is not None:
            master["advisory"] = self.advisory
        _set_round(d, self.round, master=master)
        d.phase = "mastered"


@dataclass(frozen=True)
class RoundPublished(DuplicateEvent):
    """The round's results (FISC II.9): each player's score and the causes of a null, the solo top and its
    bonus (AJS 3.2.11); the master is put on every board and its unused tiles stay as the remainder."""

    round: int
    results: dict[str, dict[str, Any]]
    master_score: int
    solo_top: int | None
    bonus: float
    remainder: list[str]

    def assign(self, d: Any) -> None:
        r = _round(d, self.round)
        _set_round(d, self.round, results={k: dict(v) for k, v in self.results.items()},
                   solo_top=self.solo_top, bonus=self.bonus)
        if r["results"] is None:  # the first publication puts the master down; a republication only rescores
            board = list(d.board)
            for row, col, letter, blank in r["master"]["placements"]:
                board[row * 15 + col] = [letter, bool(blank)]
            d.board = board
            d.rack = list(self.remainder)
        if self.round == len(d.rounds) and d.phase != "ended":
            d.phase = "published"


@dataclass(frozen=True)
class Sanctioned(DuplicateEvent):
    """A sanction for conduct (AJS 3.2.8): ``warning``, ``zero`` (the round's play is null) or ``expelled``."""

    round: int
    seat: int
    kind: str
    reason: str

    def assign(self, d: Any) -> None:
        d.sanctions = [*d.sanctions, {"round": self.round, "seat": self.seat, "kind": self.kind,
                                      "reason": self.reason}]
        if self.kind == "expelled":
            d.out = {**d.out, str(self.seat): {"round": self.round, "why": "expelled"}}


@dataclass(frozen=True)
class PlayerEliminated(DuplicateEvent):
    """Sudden death (AJS 3.3): the player's play was below the round's best, so they are out."""

    round: int
    seat: int
    score: int
    best: int

    def assign(self, d: Any) -> None:
        d.out = {**d.out, str(self.seat): {"round": self.round, "why": "eliminated"}}


@dataclass(frozen=True)
class GameEnded(DuplicateEvent):
    """The game ended (FISC II.6, AJS 3.2.7): the cause, the article, the judge's reason if theirs."""

    cause: str
    article: str
    reason: str

    def assign(self, d: Any) -> None:
        d.ended = {"cause": self.cause, "article": self.article, "reason": self.reason, "at": self.at}
        d.phase = "ended"
