"""Sanctions and their appeal, abandonment and no-shows (FILE 35, 46–48; FISE 36–37, 47, 49–50;
FISC I.5, I.8 E–F; AJS 4.1.11.1).

A sanction's points are deducted from the player's game score at the settlement, and a standing
sanction given after the end settles the sheet again. Abandonment and no-shows end the game; the
settlement then applies the profile's result (``domain.game.settlement``).
"""

from __future__ import annotations

from typing import Any

from domain.errors import msg
from domain.game import incidents as inc
from domain.game.errors import NotYourTurn, RuleViolation, WrongPhase
from domain.game.meta import Meta

DECISIONS = ("upheld", "reduced", "annulled")


class ConductCommands:
    """Sanctions, appeals to the tribunal, abandonment and no-shows."""

    # ---- sanctions ------------------------------------------------------------------------
    def sanction_points(self) -> list[int]:
        """Each player's sanction points as they stand (an appeal pending counts until it is ruled)."""
        points = [0] * len(self.players)
        for s in self.sanctions:
            points[s["seat"]] += s["points"]
        return points

    def sanction(self, seat: int, points: int, reason: str, meta: Meta, *, expulsion: bool = False) -> None:
        """A director's sanction: at least the profile's minimum in points, up to expulsion (FILE 47, FISE 49)."""
        self._open()
        seat = self._seat(seat)
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise RuleViolation(msg("game.whole_number_points_from"), code="sanction", field="points")
        if not str(reason).strip():
            raise RuleViolation(msg("game.say_what_rule_was"), code="sanction", field="reason")
        least = self.book.conduct.min_sanction_points
        article = self.book.article("conduct.min_sanction_points")
        if points and least is None:
            raise self._not_in_profile("conduct.min_sanction_points", msg("game.director_gives_no_points"), field="points")
        if points and points < least:
            raise RuleViolation(msg("game.sanction_takes_at_least", least=least, article=article), code="sanction",
                                field="points", article=article)
        if not points and not expulsion:
            raise RuleViolation(msg("game.sanction_deducts_points_expels"), code="sanction", field="points")
        self._record(inc.SanctionImposed, meta, seat=seat, points=points, reason=str(reason).strip(),
                     expulsion=bool(expulsion), article=article)
        self._resettle(meta)

    def appeal_sanction(self, seat: int, index: int, argument: str, meta: Meta) -> None:
        """The sanctioned player appeals to the tournament's tribunal (FILE 47, FISE 49)."""
        self._open()
        if not self.book.conduct.sanction_appeal:
            raise self._not_in_profile("conduct.sanction_appeal", msg("game.sanction_has_no_appeal"))
        sanction = self._sanction_at(index)
        if self._seat(seat) != sanction["seat"]:
            raise NotYourTurn(msg("game.only_who_was_sanctioned", player=self.players[sanction['seat']]),
                              field="seat", article=self.book.article("conduct.sanction_appeal"))
        if sanction["status"] != "standing":
            raise WrongPhase(msg("game.this_sanction_already", sanction=sanction['status']), field="index")
        self._record(inc.SanctionAppealed, meta, index=index, seat=seat, argument=str(argument))

    def rule_sanction_appeal(self, index: int, decision: str, authority: str, meta: Meta, *,
                             points: int | None = None) -> None:
        """The tribunal's final ruling: upheld, reduced (to ``points``, expulsion lifted) or annulled."""
        self._open()
        sanction = self._sanction_at(index)
        if sanction["status"] != "appealed":
            raise WrongPhase(msg("game.this_sanction_has_no"), field="index")
        if decision not in DECISIONS:
            raise RuleViolation(msg("game.decision_must_one", decisions=', '.join(DECISIONS)), code="sanction", field="decision")
        if not str(authority).strip():
            raise RuleViolation(msg("game.name_tribunal"), code="sanction", field="authority")
        least = self.book.conduct.min_sanction_points or 0
        if decision == "reduced" and not self._reduction(points, sanction, least):
            raise RuleViolation(msg("game.reduced_sanction_keeps_points", least=least, sanction=sanction['points']), code="sanction", field="points")
        kept = {"upheld": (sanction["points"], sanction["expulsion"]), "reduced": (points, False),
                "annulled": (0, False)}[decision]
        self._record(inc.SanctionAppealRuled, meta, index=index, decision=decision, points=kept[0],
                     expulsion=kept[1], authority=str(authority).strip())
        self._resettle(meta)

    @staticmethod
    def _reduction(points: Any, sanction: dict[str, Any], least: int) -> bool:
        """A reduction keeps at least the minimum and takes something off (points, or the expulsion)."""
        if isinstance(points, bool) or not isinstance(points, int) or not least <= points <= sanction["points"]:
            return False
        return points < sanction["points"] or sanction["expulsion"]

    def appeals_pending(self) -> list[int]:
        """The sanctions whose appeal the tribunal has not ruled on yet."""
        return [i for i, s in enumerate(self.sanctions) if s["status"] == "appealed"]

    def _sanction_at(self, index: Any) -> dict[str, Any]:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.sanctions):
            raise RuleViolation(msg("game.sanction_number_from", n_sanctions=len(self.sanctions) - 1), code="sanction",
                                field="index")
        return self.sanctions[index]

    # ---- abandonment and no-shows ---------------------------------------------------------
    def abandon(self, seats: list[int], meta: Meta, detail: str = "") -> None:
        """One player (or both) left the game for good: FISC I.8 E (the other wins; a leader who leaves gets
        the rival's score − 50), I.8 F (both: 0–0, both lose), AJS 4.1.11.1 (300–0, or the score if its spread
        is larger). No racks are counted."""
        self._open()
        if self.phase not in ("dealing", "playing"):
            raise WrongPhase(msg("game.game_abandoned_while_played"), field="type")
        seats = self._two_player_seats(seats, "seats")
        conduct = self.book.conduct
        if len(seats) == len(self.players):
            if conduct.both_abandon_score is None:
                raise self._not_in_profile("conduct.both_abandon_score", msg("game.rulebook_sets_no_result_2"))
            article = self.book.article("conduct.both_abandon_score")
        elif conduct.abandon_leader_margin is not None:
            article = self.book.article("conduct.abandon_leader_margin")
        elif conduct.forfeit_score is not None:
            article = self.book.article("conduct.forfeit_score")
        else:
            raise self._not_in_profile("conduct.abandon_leader_margin", msg("game.rulebook_sets_no_result_3"))
        self._record(inc.GameAbandoned, meta, seats=seats, detail=str(detail), article=article)
        self._finish("abandonment", f"{' and '.join(self.players[s] for s in seats)} left the game ({article})", meta)

    def record_no_show(self, absent: list[int], minutes_waited: int, meta: Meta) -> None:
        """A player never came: FISC I.5 (the present player wins after more than 15 minutes), FILE 35.3 and
        FISE 37 (the absent player loses when their time runs out), AJS 4.1.11.1 (300–0; both absent: 0–0
        and nobody wins)."""
        self._open()
        if self.phase not in ("starting", "dealing"):
            raise WrongPhase(msg("game.no_show_recorded_before"),
                             field="type")
        absent = self._two_player_seats(absent, "absent")
        if isinstance(minutes_waited, bool) or not isinstance(minutes_waited, int) or minutes_waited < 0:
            raise RuleViolation(msg("game.whole_minutes_since_round"), code="no_show",
                                field="minutes_waited")
        conduct, book = self.book.conduct, self.book
        if len(absent) == len(self.players) and conduct.both_absent_score is None:
            raise self._not_in_profile("conduct.both_absent_score", msg("game.rulebook_sets_no_result"), field="absent")
        setting = "conduct.no_show_forfeit_minutes" if conduct.no_show_forfeit_minutes is not None \
            else "conduct.absent_loses_on_flag"
        if conduct.no_show_forfeit_minutes is not None:
            over = minutes_waited > conduct.no_show_forfeit_minutes
        else:
            seconds = (minutes_waited - (conduct.late_tolerance_minutes or 0)) * 60 - self._clock_seconds()
            over = self._out_of_time(seconds)
        if not over:
            raise RuleViolation(msg("game.after_minutes_absent_player", minutes_waited=minutes_waited,
                                    article=book.article(setting)), code="no_show", field="minutes_waited",
                                article=book.article(setting))
        article = book.article("conduct.both_absent_score" if len(absent) == len(self.players) else setting)
        self._record(inc.NoShowRecorded, meta, absent=absent, minutes_waited=minutes_waited, article=article)
        self._finish("no_show", f"{' and '.join(self.players[s] for s in absent)} did not come ({article})", meta)

    def _finish(self, cause: str, detail: str, meta: Meta) -> None:
        self._end(cause, None, detail, meta)  # racks asked for only where the profile counts them

    def _two_player_seats(self, seats: list[int], field: str) -> list[int]:
        if len(self.players) != 2:
            raise RuleViolation(msg("game.abandonment_no_shows_are", field=field),
                                code="seats", field=field)
        chosen = sorted({self._seat(s, field) for s in seats})
        if not chosen:
            raise RuleViolation(msg("game.name_at_least_one", field=field), code="seats", field=field)
        return chosen
