"""End of game, settlement, signatures, closure and reopening (FILE 43–44, FISE 44–45, FISC I.8, Molins 19–20)."""

from __future__ import annotations

from collections import Counter

from domain.errors import msg
from domain.game import events as ev
from domain.game import incidents as inc
from domain.game.errors import GameClosed, NotAllowedInProfile, RackError, RuleViolation, WrongPhase
from domain.game.keys import Verify
from domain.game.meta import Meta
from domain.game.settlement import racks_needed, settle
from domain.profiles.kinds import RoundOver

#: The turns that continue the runs that end a game (FILE 44.2–44.3, FISE 45.2–45.3, FISC I.8 B, Molins 20).
#: A withdrawn invalid play and an exchange count as passes where the profile says so
#: (``ending.invalid_is_pass``, ``ending.exchange_is_pass``). A turn lost to a move timer or an overdraw counts
#: only where ``ending.lost_is_pass`` says so: Molins 20 and FISC I.8 B count turns lost («perden ... torns»);
#: FILE 44.2–44.3 and FISE 45.2–45.3 name passes, invalid plays and exchanges only, so there it breaks the run.
SCORELESS = frozenset({"pass", "invalid", "exchange"})
LOST = frozenset({"lost"})
DIRECTOR_CAUSES = {
    "director": "FILE 44.5",
    "round_time": "FILE 44.4",
    "time": "FILE 34.2",
}


class EndCommands:
    """Ending the game (detected by the aggregate itself), end racks, settlement, signatures."""

    def _after_turn(self, meta: Meta) -> None:
        """After each completed turn, end the game if a rule of the profile says it is over."""
        if self.phase != "playing" or self.pending or self.overdraw is not None:
            return  # an open overdraw holds tiles that belong in the bag: settle it first (FILE 28)
        cause, finisher, detail = self._end_cause()
        if cause:
            self._end(cause, finisher, detail, meta)
        elif self.round_over is not None and len(self.turns) >= self.round_over["until"]:
            self._end("round_time", None, f"the round's time was over; {len(self.turns)} turns on the sheet "
                      f"({self.book.article('ending.round_over')})", meta)
        elif self.turn in self.owed_turns:
            self._record(inc.TurnLost, meta, seat=self.turn, reason="overdraw",
                         article=self.book.article("drawing.overdraw_late_loses_turn"),
                         next_turn=self.next_seat(self.turn))
            self._after_turn(meta)

    def _end_cause(self) -> tuple[str | None, int | None, str]:
        rules, turns, seats = self.rules, self.turns, len(self.players)
        last = turns[-1] if turns else None
        if last and last["kind"] == "play" and self.rack_counts[last["seat"]] == 0 and self.bag_count() == 0:
            return "out", last["seat"], f"{self.players[last['seat']]} played out with the bag empty"
        lost = LOST if rules.lost_is_pass else frozenset()
        k = rules.passes_per_player * seats
        ending = self.book.ending
        like = {"pass"} | lost | ({"invalid"} if ending.invalid_is_pass else set()) | (
            {"exchange"} if ending.exchange_is_pass else set())
        if len(turns) >= k and all(t["kind"] in like for t in turns[-k:]):
            if not (rules.passes_not_at_zero and not any(self.scores)):
                return "passes", None, f"every player lost {rules.passes_per_player} turns in a row ({rules.article('passes')})"
        m = rules.scoreless_turns
        if m and len(turns) >= m and all(t["kind"] in SCORELESS | lost for t in turns[-m:]):
            if not (rules.scoreless_not_at_zero and not any(self.scores)):
                return "scoreless", None, f"{m} scoreless turns in a row ({rules.article('scoreless')})"
        return None, None, ""

    def _end(self, cause: str, finisher: int | None, detail: str, meta: Meta) -> None:
        needed = racks_needed(cause, len(self.players), finisher, self.book)
        missing = [s for s in needed if not self.rack_known(s)]
        self._record(ev.GameEnded, meta, cause=cause, finisher=finisher, detail=detail, racks_needed=missing)
        if not missing:
            self._settle(meta)

    def _settle(self, meta: Meta) -> None:
        self._record(ev.GameSettled, meta, settlement=self._settlement())

    def _settlement(self) -> dict:
        ending = self.ending
        racks = {s: list(self.racks[s]) for s in range(len(self.players))}
        return settle(ending["cause"], list(self.scores), racks, self.tileset, ending["finisher"],
                      names=list(self.players), overtime=[c["overtime"] for c in self.clocks],
                      sanctions=self.sanction_points(), profile=self.book, result_rule=self.result_rule)

    def _resettle(self, meta: Meta) -> None:
        """Settle the sheet again when a later fact changes it (a clock, a sanction, a tribunal's ruling);
        the signatures given to the old sheet are then void."""
        if self.phase == "ended" and self.settlement is not None and self._settlement() != self.settlement:
            self._settle(meta)

    def end_game(self, cause: str, meta: Meta, detail: str = "") -> None:
        """A director ends the game: no rack is deducted (FILE 44.4 round time, 44.5 director's decision).

        ``nobody_can_play`` (FISE 45.1: «ningún jugador puede colocar fichas en el tablero») is a
        director's finding too: without a bundled word list the service cannot know that no play
        is left. Each player then subtracts their own rack, as after passes (FISE 45).
        """
        self._open()
        if self.phase not in ("playing", "dealing", "starting"):
            raise WrongPhase(msg("game.game_has_already_ended_2"), field="type")
        if cause == "nobody_can_play":
            if not self.rules.nobody_can_play:
                raise NotAllowedInProfile(
                    msg("game.has_no_end_for", profile=self.profile), field="cause", article=self.rules.article("nobody_can_play"),
                )
            if self.pending:
                raise WrongPhase(msg("game.last_play_still_pending"), field="type")
            self._end(cause, None, str(detail) or "no player can put a tile on the board (FISE 45.1)", meta)
            return
        if cause not in DIRECTOR_CAUSES:
            raise RuleViolation(msg("game.cause_must_one", value=', '.join([*DIRECTOR_CAUSES, 'nobody_can_play'])),
                                code="end_cause", field="cause")
        if cause == "time":
            self._check_time_end()
        if cause == "round_time" and self.book.ending.round_over == RoundOver.EQUALISE_TURNS \
                and len(self.turns) % len(self.players):
            article = self.book.article("ending.round_over")
            raise RuleViolation(msg("game.players_have_not_had", player=self.players[self.turn], article=article), code="round_time",
                                field="cause", article=article)
        self._end(cause, None, str(detail) or cause, meta)  # racks only where the profile counts them

    def _check_time_end(self) -> None:
        """A game ends on time only once a player's recorded overtime is past the profile's limit."""
        if self.book.overtime.limit_minutes is None:
            raise self._not_in_profile("overtime.limit_minutes", msg("game.overtime_has_no_limit"),
                                       field="cause")
        if not any(self.book.overtime_ends_game(c["overtime"]) for c in self.clocks):
            article = self.book.article("overtime.limit_minutes")
            raise RuleViolation(msg("game.no_player_recorded_overtime", limit_minutes=self.book.overtime.limit_minutes,
                                    article=article), code="end_cause", field="cause",
                                article=article)

    def declare_end_rack(self, seat: int, tiles: list[str], meta: Meta) -> None:
        """Record a player's tiles left at the end, where the service does not already know them."""
        self._expect("ended", pending="end_racks")
        seat = self._seat(seat)
        if seat not in self.pending["seats"]:
            raise WrongPhase(msg("game.end_rack_not_awaited", player=self.players[seat]), field="seat")
        tiles = list(tiles)
        if len(tiles) != self.rack_counts[seat]:
            raise RackError(msg("game.holds_tiles_not", player=self.players[seat], rack_count=self.rack_counts[seat],
                                n_tiles=len(tiles)),
                            field="tiles")
        known = Counter(self.racks[seat])
        if known - Counter(tiles):
            raise RackError(msg("game.rack_known_hold", elements=' '.join(sorted(known.elements()))), field="tiles")
        self._check_tiles(list((Counter(tiles) - known).elements()), "tiles")
        self._record(ev.EndRackDeclared, meta, seat=seat, tiles=tiles)
        if not self.pending:
            self._settle(meta)

    def sign(self, seat: int, signature: str, meta: Meta, *, key_signature: str | None = None,
             seen_head: str | None = None, verify: Verify | None = None) -> None:
        """A player signs the final sheet, bound to the exact history so far; all signed closes it (FILE 43).

        A seat with a registered key signs with it too (``key_signature`` over ``seen_head``, the head hash
        at the version the player last saw: ``domain.game.keys``); a signature that does not hold is
        refused and nothing is recorded."""
        self._expect("ended")
        seat = self._seat(seat)
        if self.settlement is None:
            raise WrongPhase(msg("game.sheet_not_settled_yet"), field="type")
        if str(seat) in self.signatures:
            raise WrongPhase(msg("game.has_already_signed", player=self.players[seat]), field="seat")
        if self.appeals_pending():
            raise WrongPhase(msg("game.sanction_appeal_waiting_for",
                                 article=self.book.article('conduct.sanction_appeal')), field="type",
                             article=self.book.article("conduct.sanction_appeal"))
        key = self.check_key_signature("sign", seat, seen_head or self.last_hash, key_signature, verify)
        self._record(ev.SheetSigned, meta, seat=seat, head_hash=self.last_hash, signature=str(signature), key=key)
        if len(self.signatures) == len(self.players):
            self._record(ev.GameClosed, meta)

    def consent_reopen(self, seat: int, reason: str, meta: Meta) -> None:
        """A player asks, from their own tablet, that the closed game be reopened to correct an error: FILE 43
        «excepto que ambos jugadores, bajo mutuo acuerdo, lo soliciten expresamente al Director del torneo
        para corregir algún error» (FISE 44). Each player's request is an event of its own."""
        self._closed_to_reopen()
        seat = self._seat(seat)
        if str(seat) in self.reopen_consents:
            raise WrongPhase(msg("game.has_already_asked_for", player=self.players[seat]), field="seat",
                             article=self.rules.article("reopen"))
        if not str(reason).strip():
            raise RuleViolation(msg("game.say_what_error_corrected"), code="reason", field="reason",
                                article=self.rules.article("reopen"))
        self._record(ev.ReopenConsented, meta, seat=seat, reason=str(reason), article=self.rules.article("reopen"))

    def missing_reopen_consents(self) -> list[int]:
        """The seats whose own request to reopen the closed game is not recorded yet."""
        return [s for s in range(len(self.players)) if str(s) not in self.reopen_consents]

    def reopen(self, reason: str, meta: Meta) -> None:
        """A director reopens a closed game once every player has asked for it from their own tablet
        (``consent_reopen``), to correct an error (FILE 43, FISE 44); never where a sheet handed in is final."""
        self._closed_to_reopen()
        article = self.rules.article("reopen")
        missing = self.missing_reopen_consents()
        if missing:
            names = ", ".join(f"{self.players[s]} (seat {s})" for s in missing)
            raise RuleViolation(msg("game.every_player_asks_for", names=names, article=article), code="consent",
                                field="consent", article=article)
        if not str(reason).strip():
            raise RuleViolation(msg("game.say_what_error_corrected"), code="reason", field="reason")
        self._record(ev.GameReopened, meta, consent=sorted(int(s) for s in self.reopen_consents), reason=str(reason))

    def _closed_to_reopen(self) -> None:
        if self.phase != "closed":
            raise WrongPhase(msg("game.only_closed_game_can"), field="type")
        rules = self.rules
        if not rules.reopen_allowed:
            raise GameClosed(
                msg("game.under_sheet_handed_final", profile=self.profile, article=rules.article('reopen')), article=rules.article("reopen"),
            )
