"""The Game's events: immutable facts, named in the past tense, each carrying its outcome.

Every event records who (``actor``), from which ``device``, when (``at``, given by the
application: the domain never reads the clock) and the hash link (``previous_hash``, ``hash``).
``apply`` only assigns what the command already computed, so a replay never rescores a play,
asks a lexicon or draws a tile.

The store keeps each event under its class's *topic* (``domain.game.events:TilesPlaced``). A class
moved to another module would be written under a new topic, which a projector of the previous
version (``planilla projections follow`` may run beside newer servers) skips as an unknown type and a
server of the previous version cannot load; so these classes stay in this module, and the Game's later
events live in modules of their own from the start (``incidents``, ``devices``, ``keys``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import Aggregate


@dataclass(frozen=True)
class GameEvent(Aggregate.Event):
    """Base of every Game event after creation: who, from where, when, and the hash link."""

    previous_hash: str
    hash: str
    actor: str
    device: str | None
    at: str

    def apply(self, aggregate: Any) -> None:
        aggregate.last_hash = self.hash
        self.assign(aggregate)

    def assign(self, game: Any) -> None:
        """Assign this event's outcome to the game's state."""


@dataclass(frozen=True)
class Created(Aggregate.Created):
    """A game was created: profile, players in seat order, table details, bag mode, clocks, lexicon."""

    profile: str
    tileset: str
    players: list[str]
    details: dict[str, Any]
    bag_mode: str
    previous_hash: str
    hash: str
    actor: str
    device: str | None
    at: str


@dataclass(frozen=True)
class StartingTilesDrawn(GameEvent):
    """Each player drew one tile to decide who starts (FILE 4.3, FISC I.5); a tie draws again."""

    tiles: list[str]
    starter: int | None
    set_aside: list[str]

    def assign(self, game: Any) -> None:
        game.start_draws = game.start_draws + [list(self.tiles)]
        game.set_aside = list(self.set_aside)
        if self.starter is not None:
            game.starter, game.turn, game.phase = self.starter, self.starter, "dealing"


@dataclass(frozen=True)
class StarterGiven(GameEvent):
    """The starter was given by the pairing list (FILE 4.1), not drawn."""

    seat: int
    reason: str

    def assign(self, game: Any) -> None:
        game.starter, game.turn, game.phase = self.seat, self.seat, "dealing"


@dataclass(frozen=True)
class TilesDrawn(GameEvent):
    """A player drew tiles from the bag: how many, and which when known (never invented)."""

    seat: int
    count: int
    tiles: list[str] | None
    accepted_play: bool

    def assign(self, game: Any) -> None:
        if self.tiles:
            game.racks[self.seat] = game.racks[self.seat] + list(self.tiles)
        game.rack_counts[self.seat] += self.count
        if game.last_ruling and game.turns and game.turns[-1]["seat"] == self.seat:
            game.last_ruling = None  # drawing after the ruling closes its appeal (FISC I.10)
        if game.phase == "dealing" and all(n == 7 for n in game.rack_counts):
            game.phase = "playing"


@dataclass(frozen=True)
class TilesPlaced(GameEvent):
    """A play: the engine's true score and words, the score the player announced, and the running total."""

    seat: int
    coordinates: str
    word: str
    placements: list[list[Any]]
    words: list[dict[str, Any]]
    score: int
    announced: int | None
    bingo: bool
    total: int
    rack_after: list[str]
    off_centre: bool
    announced_total: int | None = None  #: the running total announced with the score (FILE 32); added later
    #: The player's key signature over the head before it (``domain.game.keys``: fingerprint, signature,
    #: ``seen_head``); None when unsigned by key. Absent from events recorded before entries were signed.
    key: dict[str, Any] | None = None
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        for r, c, cell in self.placements:
            game.board[r * 15 + c] = cell
        game.racks[self.seat] = list(self.rack_after)
        game.rack_counts[self.seat] -= len(self.placements)
        game.scores[self.seat] = self.total
        game.turns = game.turns + [
            {"seat": self.seat, "kind": "play", "score": self.score, "announced": self.announced,
             "announced_total": self.announced_total, "word": self.word, "coordinates": self.coordinates, "placements": self.placements,
             "words": self.words, "bingo": self.bingo}
        ]
        game.pending = {"kind": "centre_choice" if self.off_centre else "acceptance", "seat": self.seat}
        game.last_ruling = None


@dataclass(frozen=True)
class OffCentreAccepted(GameEvent):
    """The opponent accepted a first play that missed H8: it stands, not doubled (FILE 20.2)."""

    seat: int

    def assign(self, game: Any) -> None:
        game.pending = {"kind": "acceptance", "seat": game.pending["seat"]}


@dataclass(frozen=True)
class PlayAccepted(GameEvent):
    """The play was accepted: the opponent wrote the score (FILE 37) or, per FISC I.10, drew or pressed the clock."""

    seat: int
    how: str
    next_turn: int
    #: The accepting player's key signature (``domain.game.keys``: ``seat`` who accepted, fingerprint,
    #: signature, ``seen_head``); None when unsigned by key. Absent from events recorded before keys existed.
    key: dict[str, Any] | None = None
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        game.pending = None
        game.turn = self.next_turn


@dataclass(frozen=True)
class PlayChallenged(GameEvent):
    """The opponent challenged words of the last play, all at once (FILE 39)."""

    challenger: int
    words: list[str]
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        game.pending = {"kind": "ruling", "seat": game.pending["seat"], "challenger": self.challenger,
                        "words": list(self.words)}


@dataclass(frozen=True)
class PlayWithdrawn(GameEvent):
    """The last play was invalid: tiles back to the rack, 0 points, turn lost, written ``I`` (FILE 38)."""

    seat: int
    reason: str
    placements: list[list[Any]]
    rack_after: list[str]
    total: int
    next_turn: int

    def assign(self, game: Any) -> None:
        for r, c, _ in self.placements:
            game.board[r * 15 + c] = None
        game.racks[self.seat] = list(self.rack_after)
        game.rack_counts[self.seat] += len(self.placements)
        game.scores[self.seat] = self.total
        last = dict(game.turns[-1], kind="invalid", withdrawn_score=game.turns[-1]["score"], score=0)
        game.turns = game.turns[:-1] + [last]
        game.pending = None
        game.turn = self.next_turn


@dataclass(frozen=True)
class ChallengeRuled(GameEvent):
    """The ruling on a challenge: one verdict for the set of words, who ruled and on what authority."""

    valid: bool
    words: list[str]
    challenger: int
    authority: str
    appeal: bool
    final: bool
    #: where the players rule (FILE 41.1): the seat that recorded the app's answer and the one who
    #: confirmed it; None for an official's ruling (and in events recorded before players could rule)
    proposed_by: int | None = None
    confirmed_by: int | None = None

    def assign(self, game: Any) -> None:
        game.proposed_ruling = None
        game.disputed_ruling = None
        game.last_ruling = {"valid": self.valid, "appealed": self.appeal, "final": self.final,
                            "words": list(self.words), "challenger": self.challenger,
                            "turn": len(game.turns) - 1}
        if self.valid and game.pending and game.pending.get("kind") == "ruling":
            game.pending = {"kind": "acceptance", "seat": game.pending["seat"]}


@dataclass(frozen=True)
class RulingProposed(GameEvent):
    """A player recorded the answer of the word authority the players consulted together (FILE 41.1:
    «uno de los jugadores abre la aplicación ... manteniendo en todo momento la pantalla a la vista de
    su rival»); it stands once the other player confirms it. ``appeal``: the second check on another
    phone (FILE 41.2)."""

    seat: int
    valid: bool
    authority: str
    appeal: bool
    article: str

    def assign(self, game: Any) -> None:
        game.proposed_ruling = {"seat": self.seat, "valid": self.valid, "authority": self.authority,
                                "appeal": self.appeal}


@dataclass(frozen=True)
class RulingDisputed(GameEvent):
    """The players disagree on the answer (or on consulting it): the arbiter rules, and that ruling decides."""

    seat: int
    reason: str
    appeal: bool
    proposed: dict[str, Any] | None

    def assign(self, game: Any) -> None:
        game.proposed_ruling = None
        game.disputed_ruling = {"seat": self.seat, "reason": self.reason, "appeal": self.appeal}


@dataclass(frozen=True)
class RulingAppealed(GameEvent):
    """A player asked for a second look at the ruling (FILE 41.2, FISE 42.4, FISC I.10, AJS 4.1.7)."""

    seat: int
    argument: str

    def assign(self, game: Any) -> None:
        game.last_ruling = dict(game.last_ruling, appealed=True)


@dataclass(frozen=True)
class PlayRestored(GameEvent):
    """On appeal the play was found valid after all: its tiles and score go back (FILE 41.2)."""

    seat: int
    placements: list[list[Any]]
    rack_after: list[str]
    total: int

    def assign(self, game: Any) -> None:
        for r, c, cell in self.placements:
            game.board[r * 15 + c] = cell
        game.racks[self.seat] = list(self.rack_after)
        game.rack_counts[self.seat] -= len(self.placements)
        game.scores[self.seat] = self.total
        last = dict(game.turns[-1], kind="play", score=game.turns[-1]["withdrawn_score"])
        last.pop("withdrawn_score", None)
        game.turns = game.turns[:-1] + [last]


@dataclass(frozen=True)
class ExchangeAnnounced(GameEvent):
    """A player said "cambio": the turn is an exchange now, only its count may change (FILE 25)."""

    seat: int
    count: int | None

    def assign(self, game: Any) -> None:
        game.pending = {"kind": "exchange", "seat": self.seat, "count": self.count}


@dataclass(frozen=True)
class TilesExchanged(GameEvent):
    """A player exchanged tiles: the count, and which went back and came out when known (FILE 25)."""

    seat: int
    count: int
    returned: list[str] | None
    drawn: list[str] | None
    rack_after: list[str]
    next_turn: int
    #: The player's key signature over the head before it (``domain.game.keys``: fingerprint, signature,
    #: ``seen_head``); None when unsigned by key. Absent from events recorded before entries were signed.
    key: dict[str, Any] | None = None
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        game.racks[self.seat] = list(self.rack_after)
        game.turns = game.turns + [{"seat": self.seat, "kind": "exchange", "score": 0, "count": self.count}]
        game.turn = self.next_turn
        game.last_ruling = None
        game.pending = None  # an announced exchange is done


@dataclass(frozen=True)
class TurnPassed(GameEvent):
    """A player passed: 0 points, written ``P`` (FILE 26)."""

    seat: int
    next_turn: int
    #: The player's key signature over the head before it (``domain.game.keys``: fingerprint, signature,
    #: ``seen_head``); None when unsigned by key. Absent from events recorded before entries were signed.
    key: dict[str, Any] | None = None
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        game.turns = game.turns + [{"seat": self.seat, "kind": "pass", "score": 0}]
        game.turn = self.next_turn
        game.last_ruling = None


@dataclass(frozen=True)
class GameEnded(GameEvent):
    """The game ended, with its cause (FILE 44, FISE 45, FISC I.8, Molins 19–20)."""

    cause: str
    finisher: int | None
    detail: str
    racks_needed: list[int]

    def assign(self, game: Any) -> None:
        game.phase = "ended"
        game.ending = {"cause": self.cause, "finisher": self.finisher, "detail": self.detail}
        game.pending = {"kind": "end_racks", "seats": list(self.racks_needed)} if self.racks_needed else None


@dataclass(frozen=True)
class EndRackDeclared(GameEvent):
    """A player's tiles left at the end, as declared or known."""

    seat: int
    tiles: list[str]
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        game.end_racks = dict(game.end_racks, **{str(self.seat): list(self.tiles)})
        game.racks[self.seat] = list(self.tiles)
        left = [s for s in game.pending["seats"] if s != self.seat]
        game.pending = {"kind": "end_racks", "seats": left} if left else None


@dataclass(frozen=True)
class GameSettled(GameEvent):
    """The settlement: rack adjustments, time penalties, sanctions, final scores, results, winner and spread."""

    settlement: dict[str, Any]

    def assign(self, game: Any) -> None:
        game.settlement = dict(self.settlement)
        game.pending = None
        game.signatures = {}  # a sheet settled again (a late sanction, clock or ruling) is signed again


@dataclass(frozen=True)
class SheetSigned(GameEvent):
    """A player signed the final sheet (FILE 43), binding them to the history up to ``head_hash``."""

    seat: int
    head_hash: str
    signature: str
    #: The player's key signature (``domain.game.keys``): fingerprint, signature, the head it was made
    #: over (``seen_head``); None when the seat has no key (unsigned by key). Absent from events recorded
    #: before keys existed (their hashes never covered it).
    key: dict[str, Any] | None = None
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        game.signatures = dict(game.signatures, **{str(self.seat): {"head_hash": self.head_hash,
                                                                     "signature": self.signature,
                                                                     "key": self.__dict__.get("key")}})


@dataclass(frozen=True)
class GameClosed(GameEvent):
    """Every player signed: the game is closed and refuses every change (FILE 43, FISE 44)."""

    def assign(self, game: Any) -> None:
        game.phase = "closed"


@dataclass(frozen=True)
class ReopenConsented(GameEvent):
    """A player asked, from their own tablet, that the closed game be reopened to correct an error
    (FILE 43: «ambos jugadores, bajo mutuo acuerdo, lo soliciten expresamente al Director»; FISE 44)."""

    seat: int
    reason: str
    article: str

    def assign(self, game: Any) -> None:
        game.reopen_consents = dict(game.reopen_consents, **{str(self.seat): self.reason})


@dataclass(frozen=True)
class GameReopened(GameEvent):
    """A director reopened the game with every player's consent to correct an error (FILE 43, FISE 44)."""

    consent: list[int]  #: the seats that consented (since ReopenConsented: each from their own token)
    reason: str

    def assign(self, game: Any) -> None:
        game.phase = "ended"
        game.signatures = {}
        game.reopen_consents = {}
