"""The shape of a profile: one frozen dataclass per group of settings, and `Profile` over them.

Every value is plain data (str, int, bool, None, tuples; the enums in `kinds` are `StrEnum`, so
they are str too). Each setting's source lives in the profile's ``articles`` table, keyed by
dotted name (``"exchange.min_bag"``) and by group (``"exchange"``); ``notes`` says where a
rulebook is silent ("gap: director decides ...") or where a value rests on a reading of its text
("reading: ...").
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from enum import Enum

from domain.profiles.kinds import (
    Adjudicator, Appeal, AppealBy, BlankDispute, BlankMark, ChallengeCloses, ClockMode, ClockStop, Closure,
    Correction, DrawTie, MainWord, MissedCentre, MoveTimeout, Noticer, OutSettlement, Reopen, RoundOver,
    Scorekeepers, Starter, Timing, UnseenWhen,
)
from domain.tiles import get_tileset


@dataclass(frozen=True)
class Start:
    """Who starts, how ties in the starting draw are broken, and how the first racks are drawn."""

    starter: Starter
    blank_beats_a: bool  #: in the starting draw the blank comes before A
    draw_tie: DrawTie
    starter_draws_first: bool  #: the starter draws 7, then the second player draws 7
    second_starts_clock: bool  #: the second player starts the starter's clock
    missed_centre: MissedCentre  #: a first play that does not cover H8


@dataclass(frozen=True)
class Exchange:
    """When tiles may be exchanged, and the bag rules around it."""

    min_bag: int  #: fewest tiles in the bag for an exchange to be allowed
    capped_by_bag: bool  #: at most as many tiles as the bag holds may be exchanged
    senyors_redraw: bool  #: 7 vowels or 7 consonants (no blank) may be shown and redrawn, turn kept
    bag_count_inside: bool  #: tiles may be counted inside the bag (with consent), not only by feel


@dataclass(frozen=True)
class Challenge:
    """Who may challenge, until when, who rules, and what second look the ruling may get."""

    closes: ChallengeCloses
    decision_seconds: int | None  #: time the opponent has to decide to challenge; None: no set time
    self_challenge: bool  #: a player may challenge their own play
    words_together: bool  #: the words of one play are challenged at once, with one verdict
    failed_challenge_penalty: int  #: points a challenger loses when the play is valid
    adjudicator: Adjudicator
    appeal: Appeal
    appeal_by: AppealBy
    appeal_argument_private: bool  #: the appellant may keep the argument from the rival
    placer_may_draw: bool  #: the challenged player may draw while the challenge is resolved
    lexicon: str  #: the word authority the rulebook names (word lists are pluggable)


@dataclass(frozen=True)
class Ending:
    """When a game ends without a player going out, and how the racks are then settled."""

    passes_each: int  #: consecutive passes per player that end the game
    invalid_is_pass: bool  #: a play withdrawn as invalid counts as a pass
    exchange_is_pass: bool  #: an exchange counts as a pass
    lost_is_pass: bool  #: a turn lost (a late overdraw, a move timer) counts as a pass, and in the scoreless streak
    passes_suspended_at_zero: bool  #: the pass rule does not apply while the score is 0-0
    scoreless_turns: int | None  #: consecutive turns of passes, invalid plays, exchanges that end it
    scoreless_suspended_at_zero: bool  #: the scoreless streak does not apply while the score is 0-0
    nobody_can_play: bool  #: the game ends when no player can put a tile down
    out_settlement: OutSettlement
    stalemate_own_rack: bool  #: after the pass or streak end, each player subtracts their own rack
    round_minutes: int | None  #: time after which the director may end the round's games; None: per event
    round_over: RoundOver
    round_over_move_seconds: int | None  #: time per move for the last moves once the round is over
    round_over_racks: bool  #: racks are deducted when a game is ended by the round's time


@dataclass(frozen=True)
class Clock:
    """How time is kept: the chess clock's total, its mode, when it stops, and per-move timers."""

    timing: tuple[Timing, ...]  #: the methods the rulebook allows, the usual one first
    minutes: int | None  #: chess-clock minutes per player; None: set per event
    minutes_fixed: bool  #: the rulebook fixes the minutes (False: "typically" or per event)
    mode: ClockMode
    no_corrido_minutes: int | None  #: minutes per player when the event plays "no corrido"
    stops: tuple[ClockStop, ...]  #: when the clock is stopped for both players
    move_seconds: int | None  #: time per move with a per-move timer
    move_timeout: MoveTimeout | None


@dataclass(frozen=True)
class Overtime:
    """Penalties for going over the clock, and the limit beyond which the game ends."""

    points_per_minute: int  #: points deducted per minute or part of a minute over
    zero_over_free: bool  #: exactly 0:00 over costs nothing; the next second costs a minute
    limit_minutes: int | None  #: overtime that ends the game; None: no limit
    limit_at_reach: bool | None  #: reaching the limit ends it (True) or only going past it (False)
    limit_penalty: int | None  #: points deducted at the limit (the penalty stops growing there)
    limit_loses: bool | None  #: going past the limit loses the game
    limit_leader_minus: int | None  #: if the offender still leads or ties, their score becomes rival - this
    limit_racks: bool | None  #: racks are deducted when the game ends at the limit


@dataclass(frozen=True)
class Drawing:
    """Overdraws and underdraws."""

    overdraw_unseen_when: UnseenWhen  #: which facts send the extra tiles back unseen, from those just drawn
    overdraw_sample_extra: int  #: the opponent sees X + this many tiles to return X seen extra tiles
    overdraw_opponent_chooses: bool  #: the opponent chooses which tiles go back (else at random)
    overdraw_late_loses_turn: bool  #: an overdraw noticed before the offender's next play costs that turn
    overdraw_expulsion_game: int | None  #: overdraws in one game that bring expulsion
    overdraw_expulsion_event: int | None  #: overdraws in one tournament that bring expulsion
    underdraw_shown: bool  #: tiles drawn late after the rack was seen are shown to the opponent
    underdraw_noticed_by: Noticer


@dataclass(frozen=True)
class Sheet:
    """What goes on the scoresheet, how it is corrected, and when the game is closed."""

    keepers: Scorekeepers
    pass_mark: str  #: written in the score column for a pass
    invalid_mark: str  #: written for a play withdrawn as invalid
    lost_mark: str  #: written for a turn lost without a move (a late overdraw, a move timer)
    exchange_mark: str  #: written for an exchange; ``{n}`` is the number of tiles
    blank_mark: BlankMark
    blank_dispute: BlankDispute  #: who decides a blank's letter when the sheets disagree
    scrabble_circled: bool  #: a 7-tile play's score is circled
    main_word: MainWord
    play_correction: Correction  #: until when a single play's score may be corrected
    total_correction: Correction  #: until when a running total may be corrected
    closed_by: Closure
    reopen: Reopen


@dataclass(frozen=True)
class Conduct:
    """Director sanctions, lateness, no-shows and abandonment."""

    min_sanction_points: int | None  #: the smallest points sanction a director may give; None: no points sanctions
    sanction_appeal: bool  #: a sanctioned player may appeal to a tribunal whose ruling is final
    late_tolerance_minutes: int | None  #: minutes before an absent player's clock is started
    absent_loses_on_flag: bool  #: an absent player loses when their clock runs out
    no_show_forfeit_minutes: int | None  #: minutes of absence after which the present player wins
    forfeit_score: tuple[int, int] | None  #: (winner, loser) score for a no-show or abandonment
    forfeit_keeps_larger_spread: bool  #: an abandoned game keeps its score if the spread is bigger
    both_absent_score: tuple[int, int] | None  #: score when both are absent; both count as losing
    abandon_leader_margin: int | None  #: a leader who abandons gets the rival's score minus this
    abandon_racks: bool | None  #: racks are deducted when a game is abandoned
    both_abandon_score: tuple[int, int] | None  #: score when both abandon; both lose
    #: a player's tablet may show the list of tiles they have not seen (bag and rivals' racks): an aid the
    #: rulebooks' device articles forbid, so off in every profile; an organiser may allow it per game
    #: (``details.unseen_tiles``), as FISC I.5 lets the organisers allow devices
    unseen_tiles_shown: bool = False


GROUPS: tuple[str, ...] = (
    "start", "exchange", "challenge", "ending", "clock", "overtime", "drawing", "sheet", "conduct",
)
#: Top-level fields that are rules (and so need an article); the rest are the rulebook's identity.
TOP_SETTINGS: tuple[str, ...] = ("tileset", "min_players", "max_players", "blank_as_digraph")


@dataclass(frozen=True)
class Profile:
    """One rulebook as data: identity, equipment, the rule groups, and where each setting comes from."""

    id: str
    title: str
    federation: str
    year: int | None
    language: str
    tileset: str
    min_players: int
    max_players: int
    blank_as_digraph: bool  #: a blank may stand for a digraph tile (CH, LL, RR; L·L, NY, QU)
    base: str | None  #: the profile this one amends (AJS amends FISE 2009)
    start: Start
    exchange: Exchange
    challenge: Challenge
    ending: Ending
    clock: Clock
    overtime: Overtime
    drawing: Drawing
    sheet: Sheet
    conduct: Conduct
    articles: tuple[tuple[str, str], ...]  #: setting or group -> article, as the rulebook numbers it
    notes: tuple[tuple[str, str], ...] = ()  #: setting -> "gap: director decides ..." or "reading: ..."

    def __post_init__(self) -> None:
        _check(self)

    @staticmethod
    def settings() -> tuple[str, ...]:
        """Every setting's dotted name: the top-level rules, then ``group.field`` for each group."""
        nested = (f"{g}.{f.name}" for g in GROUPS for f in fields(_GROUP_TYPES[g]))
        return TOP_SETTINGS + tuple(nested)

    def value(self, setting: str) -> object:
        """The value of a setting by dotted name (``"exchange.min_bag"``)."""
        if setting not in self.settings():
            raise KeyError(f"unknown setting {setting!r}")
        obj: object = self
        for part in setting.split("."):
            obj = getattr(obj, part)
        return obj

    def article(self, setting: str) -> str:
        """The article a setting or group comes from, as the rulebook numbers it (``"FILE 25"``)."""
        try:
            return dict(self.articles)[setting]
        except KeyError:
            raise KeyError(f"{self.id} cites no article for {setting!r}") from None

    def note(self, setting: str) -> str | None:
        """Why a value was chosen where the rulebook is silent or unclear; None where the text decides."""
        return dict(self.notes).get(setting)

    def gaps(self) -> tuple[str, ...]:
        """The settings the rulebook leaves open, filled with a director's default."""
        return tuple(k for k, v in self.notes if v.startswith("gap"))

    def time_penalty(self, seconds_over: int) -> int:
        """Points deducted for ``seconds_over`` past the clock: per minute or part, capped at the limit.

        ``overtime.zero_over_free``: exactly 0:00 over costs nothing and each further minute is charged
        from its first second (1:00 over is one minute, 1:01 two: AJS 3.1.2.1 «La indicación ":00" no
        penaliza, sino la siguiente»); without it a minute is charged from the moment it starts (1:00
        over is the second minute). No overtime at all (0 seconds) is never charged: a reading of
        exactly 0:00 cannot be told from a clock that never ran out.
        """
        if seconds_over <= 0:
            return 0
        if self.overtime.zero_over_free:
            minutes = math.ceil(seconds_over / 60)
        else:
            minutes = seconds_over // 60 + 1
        penalty = minutes * self.overtime.points_per_minute
        cap = self.overtime.limit_penalty
        return penalty if cap is None else min(penalty, cap)

    def overtime_ends_game(self, seconds_over: int) -> bool:
        """Whether this much overtime reaches the rulebook's limit and ends the game."""
        limit = self.overtime.limit_minutes
        if limit is None:
            return False
        return seconds_over >= limit * 60 if self.overtime.limit_at_reach else seconds_over > limit * 60

    def to_dict(self) -> dict[str, object]:
        """The profile as JSON-ready data: enums as their values, tuples as lists, sources as dicts."""
        data = _plain(asdict(self))
        data["articles"] = dict(self.articles)
        data["notes"] = dict(self.notes)
        return data


_GROUP_TYPES: dict[str, type] = {
    "start": Start, "exchange": Exchange, "challenge": Challenge, "ending": Ending, "clock": Clock,
    "overtime": Overtime, "drawing": Drawing, "sheet": Sheet, "conduct": Conduct,
}


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _check(profile: Profile) -> None:
    """Refuse a profile with an uncited setting, a citation or note for no setting, or a foreign tile set."""
    settings = set(profile.settings())
    known = settings | set(GROUPS)
    cited = {k for k, _ in profile.articles}
    missing = sorted((settings | set(GROUPS)) - cited)
    stray = sorted(({k for k, _ in profile.notes} | cited) - known)
    if missing:
        raise ValueError(f"{profile.id}: no article for {', '.join(missing)}")
    if stray:
        raise ValueError(f"{profile.id}: articles or notes for unknown settings {', '.join(stray)}")
    if not 2 <= profile.min_players <= profile.max_players:
        raise ValueError(f"{profile.id}: players {profile.min_players}..{profile.max_players}")
    if get_tileset(profile.tileset).language != profile.language:
        raise ValueError(f"{profile.id}: tile set {profile.tileset} is not in {profile.language}")
