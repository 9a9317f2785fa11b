"""Clocks and time: chess-clock readings as the device shows them, overtime, clock stops, late arrival,
per-move timers and the round's time (FILE 30–35, FISE 30–37, FISC I.5, I.11, AJS 3.1.2, 4.1.12,
Molins 27–28).

The aggregate never reads a clock: a reading is a fact the tablet reports (seconds left, negative
once over time) or a director states (overtime in seconds). Overtime past the profile's limit
ends the game on time (FILE 34.2, AJS 3.1.2.1, FISC I.8 D); penalties are settled at the end.
"""

from __future__ import annotations

from typing import Any

from domain.errors import msg
from domain.game import incidents as inc
from domain.game.errors import RuleViolation, WrongPhase
from domain.game.meta import Meta
from domain.profiles.kinds import ClockMode, ClockStop, RoundOver, Timing

IN_PLAY = frozenset({"acceptance", "centre_choice", "ruling"})


def _whole(value: Any, field: str, minimum: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
        floor = "" if minimum is None else msg("game.floor_from", minimum=minimum)
        raise RuleViolation(msg("game.whole_number", field=field, floor=floor), code="clock", field=field)
    return value


class ClockCommands:
    """Chess-clock readings, overtime, stops, late arrival, move timers and the round's time."""

    # ---- chess clock ----------------------------------------------------------------------
    def record_clock(self, seat: int, meta: Meta, *, remaining: int | None = None, used: int | None = None) -> None:
        """A player's clock as the device shows it: seconds left (negative past 0:00) or seconds used."""
        self._open()
        seat = self._seat(seat)
        if (remaining is None) == (used is None):
            raise RuleViolation(msg("game.give_either_remaining_used"), code="clock", field="remaining")
        total = self._clock_seconds(need_minutes=used is not None)
        remaining = _whole(remaining, "remaining", None) if used is None else total - _whole(used, "used")
        self._record(inc.ClockRead, meta, seat=seat, remaining=remaining, overtime=max(0, -remaining),
                     turn=len(self.turns))
        self._after_clock(seat, meta)

    def declare_overtime(self, seat: int, seconds: int, meta: Meta) -> None:
        """A director states a player's overtime in seconds (FILE 34, FISE 35, FISC I.11, Molins 28d)."""
        self._open()
        seat = self._seat(seat)
        self._clock_seconds(need_minutes=False)
        self._record(inc.OvertimeDeclared, meta, seat=seat, seconds=_whole(seconds, "seconds"))
        self._after_clock(seat, meta)

    def _after_clock(self, seat: int, meta: Meta) -> None:
        over = self.clocks[seat]["overtime"]
        if self.phase == "playing" and self.book.overtime_ends_game(over):
            article = self.book.article("overtime.limit_minutes")
            self._end("time", None, f"{self.players[seat]} went {over // 60}:{over % 60:02d} past the clock, beyond "
                      f"the {self.book.overtime.limit_minutes}-minute limit ({article})", meta)
        else:
            self._resettle(meta)

    def _clock_seconds(self, need_minutes: bool = True) -> int:
        clock = self.details["clock"]
        if clock["timing"] != Timing.CHESS_CLOCK:
            raise RuleViolation(msg("game.this_game_keeps_time"), code="clock", field="type")
        if clock["minutes"] is None:
            if need_minutes:
                raise RuleViolation(msg("game.event_set_no_minutes"),
                                    code="clock", field="details.clock.minutes", article=self.book.article("clock.minutes"))
            return 0
        return clock["minutes"] * 60

    def stop_clock(self, reason: str, meta: Meta) -> None:
        """Both clocks stop, for a reason the profile allows (FILE 33, FISE 34, FISC I.11 A–D, Molins 28b)."""
        self._open()
        self._clock_seconds(need_minutes=False)
        kinds = [k.value for k in ClockStop]
        if reason not in kinds:
            raise RuleViolation(msg("game.reason_must_one", kinds=', '.join(kinds)), code="clock", field="reason")
        if reason not in {k.value for k in self.book.clock.stops}:
            raise self._not_in_profile("clock.stops", msg("game.clock_not_stopped_for",
                                                          replace=reason.replace('_', ' ')),
                                       field="reason")
        if reason == ClockStop.SCORE_COUNTING and self.details["clock"]["mode"] != ClockMode.NO_CORRIDO:
            raise RuleViolation(msg("game.clock_stops_count_score"),
                                code="clock", field="reason", article="FISE 34.1")
        if self.clock_stop is not None:
            raise WrongPhase(msg("game.clock_already_stopped", clock_stop=self.clock_stop['reason']), field="type")
        self._record(inc.ClockStopped, meta, reason=reason, article=self.book.article("clock.stops"))

    def restart_clock(self, meta: Meta) -> None:
        """The clock runs again after a stop."""
        self._open()
        if self.clock_stop is None:
            raise WrongPhase(msg("game.clock_not_stopped"), field="type")
        self._record(inc.ClockRestarted, meta)

    # ---- late arrival ---------------------------------------------------------------------
    def record_late_arrival(self, seat: int, minutes_late: int, meta: Meta) -> None:
        """A late player arrives: their clock has run since the tolerance expired (FILE 35.1: 2 minutes;
        FISE 36, FISC I.5: at once; AJS 4.1.12: 5 minutes)."""
        self._open()
        seat = self._seat(seat)
        if self.phase not in ("starting", "dealing"):
            raise WrongPhase(msg("game.late_arrival_recorded_before"), field="type")
        conduct, book = self.book.conduct, self.book
        if conduct.late_tolerance_minutes is None:
            raise self._not_in_profile("conduct.late_tolerance_minutes", msg("game.there_no_rule_for"))
        minutes_late = _whole(minutes_late, "minutes_late")
        article = book.article("conduct.late_tolerance_minutes")
        wait = conduct.no_show_forfeit_minutes
        if wait is not None and minutes_late > wait:
            raise RuleViolation(msg("game.after_more_than_minutes", wait=wait,
                                    article=book.article('conduct.no_show_forfeit_minutes')),
                                code="late", field="minutes_late", article=book.article("conduct.no_show_forfeit_minutes"))
        charged = max(0, minutes_late - conduct.late_tolerance_minutes) * 60
        remaining = self._clock_seconds() - charged
        if self._out_of_time(-remaining):
            raise RuleViolation(msg("game.time_has_already_run", player=self.players[seat],
                                    article=book.article('conduct.absent_loses_on_flag')),
                                code="late", field="minutes_late", article=book.article("conduct.absent_loses_on_flag"))
        self._record(inc.LateArrivalRecorded, meta, seat=seat, minutes_late=minutes_late, charged=charged,
                     remaining=remaining, article=article)

    def _out_of_time(self, seconds_over: int) -> bool:
        """An absent player's time is up: at the overtime limit where there is one (AJS 4.1.11.1 'sus 40
        minutos'), at 0:00 otherwise (FILE 35.3, FISE 37)."""
        book = self.book
        if book.overtime.limit_minutes is not None:
            return book.overtime_ends_game(seconds_over)
        return seconds_over >= 0 and book.conduct.absent_loses_on_flag

    # ---- per-move timer -------------------------------------------------------------------
    def time_out(self, seat: int, meta: Meta) -> None:
        """The move timer ran out before a move: the turn is lost, 0 points, no exchange (Molins 27, FISE 33)."""
        clock = self.book.clock
        if clock.move_timeout is None:
            raise self._not_in_profile("clock.move_timeout", msg("game.move_has_no_timer"))
        if self.details["clock"]["timing"] != Timing.MOVE_TIMER:
            raise RuleViolation(msg("game.this_game_keeps_time_2"),
                                code="clock", field="type", article=self.book.article("clock.timing"))
        self._expect("playing")
        seat = self._on_turn(seat)
        self._record(inc.TurnLost, meta, seat=seat, reason="move_timer", article=self.book.article("clock.move_timeout"),
                     next_turn=self.next_seat(seat))
        self._after_turn(meta)

    # ---- the round's time -----------------------------------------------------------------
    def call_round_time(self, meta: Meta, reason: str = "") -> None:
        """The round's time is over: turns are equalised (FILE 30, FISE 30) or the move in progress and one
        more are played (FISC I.11); then the game ends as the sheet stands, racks not counted. ``reason``:
        what the official said (the round, the hour), kept with the event."""
        self._open()
        article = self.book.article("ending.round_over")
        if self.phase in ("starting", "dealing"):
            raise WrongPhase(msg("game.game_has_not_started"),
                             code="not_started", field="type", article=article)
        if self.phase != "playing":
            raise WrongPhase(msg("game.game_has_already_ended", get=(self.ending or {}).get('cause', 'ended')), code="game_ended", field="type",
                             article=article)
        if self.round_over is not None:
            raise WrongPhase(msg("game.round_time_has_already", round_over=self.round_over['until']), code="round_time_called", field="type",
                             article=article)
        ending, done = self.book.ending, len(self.turns)
        kind = self.pending["kind"] if self.pending else None
        if ending.round_over == RoundOver.EQUALISE_TURNS:
            until = done + (-done) % len(self.players)
        else:
            until = done + (1 if kind in IN_PLAY else 2)
        self._record(inc.RoundTimeCalled, meta, until=until, procedure=ending.round_over.value,
                     move_seconds=ending.round_over_move_seconds, article=article, reason=reason)
        self._after_turn(meta)
