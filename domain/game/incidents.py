"""The arbiter's events: drawing errors, clocks and time, the sheets and their corrections, sanctions,
abandonment and no-shows. Like every Game event, each carries its outcome and ``assign`` only assigns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.game.events import GameEvent


def _turn(game: Any, seat: int, kind: str, **values: Any) -> None:
    game.turns = game.turns + [{"seat": seat, "kind": kind, "score": 0, **values}]


# ---- drawing errors (FILE 28–29, FISE 28–29, FISC I.7.3, Molins 11, 16) -------------------------
@dataclass(frozen=True)
class TilesOverdrawn(GameEvent):
    """A player drew more tiles than the rack may hold: how many, how many too many, which when known."""

    seat: int
    count: int
    tiles: list[str] | None
    excess: int

    def assign(self, game: Any) -> None:
        if self.tiles:
            game.racks[self.seat] = game.racks[self.seat] + list(self.tiles)
        game.rack_counts[self.seat] += self.count
        game.overdraw = {"seat": self.seat, "excess": self.excess,
                         "drawn": list(self.tiles) if self.tiles is not None else None, "sample": None}


@dataclass(frozen=True)
class OverdrawSampled(GameEvent):
    """The opponent took X + 2 of the offender's tiles at random and saw them (FILE 28.1.2, FISC I.7.3).

    ``on_rack``: whether the extra tiles had been put on the rack, where the tablet said so; ``ruling``:
    the procedure an arbiter ruled where two articles applied (None when the facts decided).
    """

    seat: int
    noticed_by: int
    count: int
    sample: list[str] | None
    seen_by: list[int]
    on_rack: bool | None = None
    ruling: str | None = None

    def assign(self, game: Any) -> None:
        game.overdraw = dict(game.overdraw, sample={"count": self.count, "tiles": self.sample,
                                                    "seen_by": list(self.seen_by), "noticed_by": self.noticed_by,
                                                    "on_rack": self.on_rack, "ruling": self.ruling})


@dataclass(frozen=True)
class OverdrawCorrected(GameEvent):
    """The extra tiles went back to the bag: the procedure, who noticed, who saw which tiles, what the
    offender kept, and for a late notice (FILE 28.2) the lost turn and the incident's number. ``article`` is
    the one applied (FILE 28.1.1, 28.1.2 or 28.2); ``on_rack`` and ``ruling`` as in ``OverdrawSampled``."""

    seat: int
    procedure: str
    noticed_by: int
    seen: bool
    count: int
    returned: list[str] | None
    rack_after: list[str]
    seen_by: list[int]
    kept: list[str] | None
    lost_turn: bool
    incident: int | None
    expulsion: bool
    article: str
    on_rack: bool | None = None
    ruling: str | None = None

    def assign(self, game: Any) -> None:
        game.racks[self.seat] = list(self.rack_after)
        game.rack_counts[self.seat] -= self.count
        game.overdraw = None
        if self.lost_turn:
            game.owed_turns = game.owed_turns + [self.seat]
        if self.incident is not None:
            game.incidents = game.incidents + [{"seat": self.seat, "kind": "overdraw", "number": self.incident,
                                                "expulsion": self.expulsion, "article": self.article}]


@dataclass(frozen=True)
class UnderdrawCorrected(GameEvent):
    """A player who drew too few drew the missing tiles, shown to the opponents where the rule says so."""

    seat: int
    count: int
    tiles: list[str] | None
    noticed_by: int
    seen: bool
    shown_to: list[int]
    article: str

    def assign(self, game: Any) -> None:
        if self.tiles:
            game.racks[self.seat] = game.racks[self.seat] + list(self.tiles)
        game.rack_counts[self.seat] += self.count


@dataclass(frozen=True)
class SenyorsRedrawn(GameEvent):
    """"SENYORS": a rack of seven vowels or seven consonants shown, put back and redrawn, turn kept (Molins 16)."""

    seat: int
    shown: list[str]
    drawn: list[str] | None

    def assign(self, game: Any) -> None:
        game.racks[self.seat] = list(self.drawn or [])


# ---- clocks and time (FILE 30–35, FISE 30–37, FISC I.5, I.11, AJS 3.1.2, Molins 27–28) -----------
@dataclass(frozen=True)
class ClockRead(GameEvent):
    """A player's clock as the device showed it: seconds left (negative once over) after ``turn`` turns."""

    seat: int
    remaining: int
    overtime: int
    turn: int

    def assign(self, game: Any) -> None:
        game.clocks = [dict(c, remaining=self.remaining, overtime=self.overtime) if s == self.seat else c
                       for s, c in enumerate(game.clocks)]


@dataclass(frozen=True)
class OvertimeDeclared(GameEvent):
    """A director stated how far past the clock a player went, in seconds."""

    seat: int
    seconds: int

    def assign(self, game: Any) -> None:
        game.clocks = [dict(c, overtime=self.seconds) if s == self.seat else c for s, c in enumerate(game.clocks)]


@dataclass(frozen=True)
class ClockStopped(GameEvent):
    """Both clocks were stopped for a reason the profile allows (FILE 33, FISE 34, FISC I.11, Molins 28b)."""

    reason: str
    article: str

    def assign(self, game: Any) -> None:
        game.clock_stop = {"reason": self.reason, "article": self.article}


@dataclass(frozen=True)
class ClockRestarted(GameEvent):
    """The clock runs again after a stop."""

    def assign(self, game: Any) -> None:
        game.clock_stop = None


@dataclass(frozen=True)
class LateArrivalRecorded(GameEvent):
    """A late player arrived with the clock already running: the time charged after the tolerance (FILE 35.1)."""

    seat: int
    minutes_late: int
    charged: int
    remaining: int
    article: str

    def assign(self, game: Any) -> None:
        game.clocks = [dict(c, remaining=self.remaining, overtime=max(0, -self.remaining)) if s == self.seat else c
                       for s, c in enumerate(game.clocks)]


@dataclass(frozen=True)
class TurnLost(GameEvent):
    """A turn lost without a move: 0 points and no exchange (a move timer ran out, Molins 27, FISE 33; or the
    turn an overdraw cost, FILE 28.2)."""

    seat: int
    reason: str
    article: str
    next_turn: int

    def assign(self, game: Any) -> None:
        _turn(game, self.seat, "lost", reason=self.reason)
        game.turn = self.next_turn
        game.last_ruling = None
        if self.reason == "overdraw":
            owed = list(game.owed_turns)
            owed.remove(self.seat)
            game.owed_turns = owed


@dataclass(frozen=True)
class RoundTimeCalled(GameEvent):
    """The round's time is over: the game ends once ``until`` turns are on the sheet (FILE 30, FISC I.11)."""

    until: int
    procedure: str
    move_seconds: int | None
    article: str
    #: What the official said when calling it (the round, the hour); absent from events recorded before it was kept.
    reason: str = ""

    def assign(self, game: Any) -> None:
        game.round_over = {"until": self.until, "procedure": self.procedure, "move_seconds": self.move_seconds}


# ---- the sheets (FILE 10.3, 40; FISE 41; AJS 2; FISC I.9) -----------------------------------------
@dataclass(frozen=True)
class SheetEntryWritten(GameEvent):
    """What a player wrote on their own sheet for a turn: its score and the running total, as written."""

    sheet: int
    turn: int
    score: int | None
    total: int | None
    #: The player's key signature over the head before it (``domain.game.keys``: fingerprint, signature,
    #: ``seen_head``); None when unsigned by key. Absent from events recorded before entries were signed.
    key: dict[str, Any] | None = None
    official_key: str | None = None  #: an official entry's key and signature: ``domain.game.official``
    official_signature: str | None = None

    def assign(self, game: Any) -> None:
        key = str(self.sheet)
        entries = dict(game.sheets.get(key, {}), **{str(self.turn): {"score": self.score, "total": self.total}})
        game.sheets = dict(game.sheets, **{key: entries})


@dataclass(frozen=True)
class ScoreCorrected(GameEvent):
    """An arithmetic correction: the turn, the field, old and new value, who asked, who agreed, why."""

    turn: int
    seat: int
    field: str
    old: int
    new: int
    asked_by: int
    agreed_by: int
    reason: str
    article: str

    def assign(self, game: Any) -> None:
        game.corrections = game.corrections + [
            {"turn": self.turn, "seat": self.seat, "field": self.field, "old": self.old, "new": self.new,
             "asked_by": self.asked_by, "agreed_by": self.agreed_by, "reason": self.reason, "article": self.article}]


@dataclass(frozen=True)
class BlankRuled(GameEvent):
    """The letter a blank stands for, ruled from the sheets' notes (FILE 10.3) or by the director."""

    turn: int
    blank: int
    row: int
    col: int
    notes: list[str | None]
    placer_says: str | None
    letter: str
    article: str

    def assign(self, game: Any) -> None:
        cell = self.letter.lower()
        game.board[self.row * 15 + self.col] = cell
        turn = dict(game.turns[self.turn])
        turn["placements"] = [[r, c, cell if (r, c) == (self.row, self.col) else v] for r, c, v in turn["placements"]]
        game.turns = game.turns[:self.turn] + [turn] + game.turns[self.turn + 1:]
        game.blank_rulings = game.blank_rulings + [
            {"turn": self.turn, "blank": self.blank, "notes": list(self.notes), "placer_says": self.placer_says,
             "letter": self.letter, "article": self.article}]


# ---- sanctions (FILE 47–48, FISE 49–50) ---------------------------------------------------------
@dataclass(frozen=True)
class SanctionImposed(GameEvent):
    """A director's sanction: points deducted from the player's game score, and expulsion if so decided."""

    seat: int
    points: int
    reason: str
    expulsion: bool
    article: str

    def assign(self, game: Any) -> None:
        game.sanctions = game.sanctions + [
            {"seat": self.seat, "points": self.points, "reason": self.reason, "expulsion": self.expulsion,
             "article": self.article, "status": "standing", "appeal": None}]


@dataclass(frozen=True)
class SanctionAppealed(GameEvent):
    """The sanctioned player appealed to the tournament's tribunal (FILE 47, FISE 49)."""

    index: int
    seat: int
    argument: str

    def assign(self, game: Any) -> None:
        _sanction(game, self.index, status="appealed", appeal={"argument": self.argument})


@dataclass(frozen=True)
class SanctionAppealRuled(GameEvent):
    """The tribunal's final ruling: the sanction upheld, reduced to ``points``, or annulled."""

    index: int
    decision: str
    points: int
    expulsion: bool
    authority: str

    def assign(self, game: Any) -> None:
        appeal = dict(game.sanctions[self.index]["appeal"], decision=self.decision, authority=self.authority)
        _sanction(game, self.index, status=self.decision, points=self.points, expulsion=self.expulsion, appeal=appeal)


def _sanction(game: Any, index: int, **changes: Any) -> None:
    game.sanctions = [dict(s, **changes) if i == index else s for i, s in enumerate(game.sanctions)]


# ---- abandonment and no-shows (FISC I.5, I.8 E–F; AJS 4.1.11.1; FILE 35; FISE 36–37) -----------
@dataclass(frozen=True)
class GameAbandoned(GameEvent):
    """One or every player left the game for good (FISC I.8 E, F; AJS 4.1.11.1)."""

    seats: list[int]
    detail: str
    article: str

    def assign(self, game: Any) -> None:
        game.result_rule = {"rule": "abandonment", "seats": list(self.seats), "article": self.article}


@dataclass(frozen=True)
class NoShowRecorded(GameEvent):
    """A player (or every player) never came to the table (FISC I.5, AJS 4.1.11.1, FILE 35.3, FISE 37)."""

    absent: list[int]
    minutes_waited: int
    article: str

    def assign(self, game: Any) -> None:
        game.result_rule = {"rule": "no_show", "seats": list(self.absent), "article": self.article}
