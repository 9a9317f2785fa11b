"""The Tournament's events: immutable facts in the past tense, hash-linked as the Game's are.

Every event records who (``actor``), from which ``device``, when (``at``, the application's clock)
and the chain link (``previous_hash``, ``hash``: ``domain.game.chain``), so a tournament's history
is verified offline with the same code as a game's. ``apply`` only assigns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import Aggregate

from domain.game.events import GameEvent


class TournamentEvent(GameEvent):
    """Base of every Tournament event after creation: the Game's own chained event (who, from where, when,
    the hash link; ``apply`` records the hash, then ``assign``)."""


@dataclass(frozen=True)
class Created(Aggregate.Created):
    """A tournament was created: its name, the standings rules, the games' profile, rounds, pairing."""

    name: str
    rules: str
    profile: str
    rounds: int
    system: str
    settings: dict[str, Any]
    previous_hash: str
    hash: str
    actor: str
    device: str | None
    at: str


@dataclass(frozen=True)
class PlayerRegistered(TournamentEvent):
    """A player entered: name, federation id, club, rating; a late entry says from which round and
    the points it is given for pairing only (AJS 4.1.9)."""

    player: str
    name: str
    federation_id: str
    club: str
    rating: int
    from_round: int
    pairing_bonus: float
    division: str = "A"  #: the division the player plays in (events recorded before divisions: "A")

    def assign(self, t: Any) -> None:
        t.players = {**t.players, self.player: {
            "name": self.name, "federation_id": self.federation_id, "club": self.club, "rating": self.rating,
            "from_round": self.from_round, "pairing_bonus": self.pairing_bonus, "withdrawn_from": None,
            "division": self.division}}


@dataclass(frozen=True)
class PlayerWithdrew(TournamentEvent):
    """A player left from a round on (AJS 4.1.10: before that round is drawn), with the reason."""

    player: str
    from_round: int
    reason: str

    def assign(self, t: Any) -> None:
        t.players = {**t.players, self.player: {**t.players[self.player], "withdrawn_from": self.from_round}}


@dataclass(frozen=True)
class SettingChanged(TournamentEvent):
    """A standings setting was changed by the director (shown with the round after which it changed)."""

    setting: str
    value: Any
    after_round: int
    reason: str

    def assign(self, t: Any) -> None:
        t.settings = {**t.settings, self.setting: self.value}
        t.setting_changes = [*t.setting_changes, {"setting": self.setting, "value": self.value,
                                                  "after_round": self.after_round, "reason": self.reason}]


@dataclass(frozen=True)
class RoundDrafted(TournamentEvent):
    """A round's pairing was drafted (by the pairing system, or by hand with the director's reason), each table
    with its reason (``why`` in English, ``reason_code`` and ``reason_params`` for a page to word)."""

    round: int
    pairings: list[dict[str, Any]]
    method: str
    reason: str = ""  #: why the director paired by hand (events before it: none)

    def assign(self, t: Any) -> None:
        t.drafts = {**t.drafts, str(self.round): {"pairings": list(self.pairings), "method": self.method,
                                                  "reason": self.reason}}


@dataclass(frozen=True)
class RoundPublished(TournamentEvent):
    """A round's pairing was published with the game created for each table; a republication says why."""

    round: int
    pairings: list[dict[str, Any]]
    reason: str

    def assign(self, t: Any) -> None:
        t.published = {**t.published, str(self.round): list(self.pairings)}
        t.publications = [*t.publications, {"round": self.round, "reason": self.reason}]


@dataclass(frozen=True)
class ResultRecorded(TournamentEvent):
    """A table's result: from a game's signed sheet (``game_version`` names the closing event) or from
    the director (a bye, a forfeit, both absent) with the reason."""

    round: int
    table: int
    kind: str
    scores: list[int] | None
    scrabbles: list[int]
    game_id: str | None
    game_version: int | None
    outcome: list[str] | None
    reason: str
    #: how many of the game's player acts an official entered (a paper game, a dead tablet: ``domain.game.official``);
    #: results recorded before it: 0
    official_entries: int = 0

    def assign(self, t: Any) -> None:
        t.results = {**t.results, f"{self.round}:{self.table}": {
            "round": self.round, "table": self.table, "kind": self.kind, "scores": self.scores,
            "scrabbles": list(self.scrabbles), "game_id": self.game_id, "game_version": self.game_version,
            "outcome": self.outcome, "reason": self.reason, "official_entries": self.official_entries}}


@dataclass(frozen=True)
class ResultReopened(TournamentEvent):
    """A game was reopened (FILE 43 with both players' consent): its result is open again."""

    round: int
    table: int
    game_id: str
    reason: str

    def assign(self, t: Any) -> None:
        results = dict(t.results)
        results.pop(f"{self.round}:{self.table}", None)
        t.results = results


@dataclass(frozen=True)
class LotsDrawn(TournamentEvent):
    """The seed of the drawing of lots was recorded, so any order it decides can be drawn again."""

    seed: str

    def assign(self, t: Any) -> None:
        t.settings = {**t.settings, "lots_seed": self.seed}


@dataclass(frozen=True)
class DetailsGiven(TournamentEvent):
    """The event's details for the rating files (TRF16's 022, 032 and 102 lines): city, federation (FIDE's
    three-letter code), chief arbiter. A tournament recorded before them has none (empty)."""

    city: str
    federation: str
    chief_arbiter: str

    def assign(self, t: Any) -> None:
        t.details = {"city": self.city, "federation": self.federation, "chief_arbiter": self.chief_arbiter}


@dataclass(frozen=True)
class TournamentClosed(TournamentEvent):
    """The director closed the tournament: its standings are final (the late entries' pairing points gone: FISC
    I.4, AJS 4.1.9); no more pairings, results, entries or withdrawals. ``rounds_played``: the rounds published."""

    reason: str
    rounds_played: int

    def assign(self, t: Any) -> None:
        t.closed = {"at": self.at, "actor": self.actor, "reason": self.reason, "rounds_played": self.rounds_played}
