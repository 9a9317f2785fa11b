"""What may happen next in a game, and who may do it: the legal next commands as plain data.

``Game.next_actions()`` lists ``{"type", "seat", "role"}`` entries: ``type`` is the command (the
application's method name), ``seat`` the player it is for (``None`` when it is not a seat's), and
``role`` who sends it: ``player`` (that seat's player) or ``director`` (a director or arbiter).
It is read from the recorded state only, so every projection and client shows the same thing.
Directors may also act on a tablet's behalf; those entries are not repeated for them.

While the game is open, each player may always call the arbiter (FILE 33.5: the clocks stop for any
consultation of the director) unless a call is already open, when the officials answer it instead; and
each player's tablet may always report on itself (focus lost or back, page left, reconnected: the
conformity log, docs/tablet-conformity.md). Those entries come first.
"""

from __future__ import annotations

from typing import Any

from domain.game.aggregate import RACK
from domain.game.errors import RuleViolation
from domain.profiles.kinds import Starter



class NextActions:
    """The legal next commands of a game (a mixin of ``Game``)."""

    def next_actions(self) -> list[dict[str, Any]]:
        """The commands that fit the game's state now, with whom each is for."""
        actions: list[dict[str, Any]] = []

        def add(kind: str, seat: int | None = None, role: str = "player") -> None:
            actions.append({"type": kind, "seat": seat, "role": role})

        seats = range(len(self.players))
        if self.phase == "closed":
            if self.rules.reopen_allowed:  # FILE 43: both players ask, each from their own tablet; then the director
                missing = self.missing_reopen_consents()
                for seat in missing:
                    add("consent_reopen", seat)
                if not missing:
                    add("reopen", role="director")
            return actions
        self._table_actions(add)
        if self.phase == "starting":
            add("draw_for_start")
            if self.book.start.starter == Starter.PAIRING_LIST:  # FILE 4.1; elsewhere always a draw (FISC I.5)
                add("give_starter", role="director")
            add("end_game", role="director")  # a game that never began (FILE 44.4, 44.5): ``end_game`` takes it
            return actions
        if self.phase == "dealing":
            order = [(self.starter + k) % len(self.players) for k in seats]
            add("draw_tiles", next(s for s in order if self.rack_counts[s] < RACK))
            add("end_game", role="director")
            return actions
        self._arbiter_actions(add)
        if self.phase == "ended":
            if self.pending and self.pending["kind"] == "end_racks":
                for seat in self.pending["seats"]:
                    add("declare_end_rack", seat)
            elif self.settlement is not None and not self.appeals_pending():
                for seat in seats:
                    if str(seat) not in self.signatures:
                        add("sign", seat)
            return actions
        self._playing_actions(add)
        add("end_game", role="director")
        return actions

    def _table_actions(self, add: Any) -> None:
        """What a seat may do at any moment of an open game: call the arbiter (FILE 33.5), or the officials
        answer the open call; and report on its own device."""
        if getattr(self, "arbiter_call", None) is not None:
            add("answer_call", role="director")  # the call's answer restarts the clock it stopped
        else:
            for seat in range(len(self.players)):
                add("call_arbiter", seat)
        for seat in range(len(self.players)):
            add("report_device", seat)

    def _arbiter_actions(self, add: Any) -> None:
        """The arbiter's next steps: an appeal to rule or to make, a stopped clock, a wrong sheet."""
        if self.appeals_pending():
            add("rule_sanction_appeal", role="director")
        if self.book.conduct.sanction_appeal:
            for seat in sorted({s["seat"] for s in self.sanctions if s["status"] == "standing"}):
                add("appeal_sanction", seat)
        if getattr(self, "arbiter_call", None) is None and self.clock_stop is not None:
            add("restart_clock", role="director")
        expelled = {s["seat"] for s in self.sanctions if s["expulsion"]}
        for seat in sorted({i["seat"] for i in self.incidents if i["expulsion"]} - expelled):
            add("sanction", seat, "director")  # FILE 28.2: a second overdraw in one game brings expulsion
        if self.phase in ("playing", "ended") and self._correctable():
            for seat in range(len(self.players)):
                add("correct_score", seat)

    def _correctable(self) -> bool:
        """True when a wrong announcement or sheet could still be corrected under the profile."""
        for found in self.discrepancies():
            try:
                self._correction_window(found["turn"], "sheet.play_correction" if found["field"] == "score"
                                        else "sheet.total_correction")
            except RuleViolation:
                continue
            return True
        return False

    def _playing_actions(self, add: Any) -> None:
        kind = self.pending["kind"] if self.pending else None
        placer = self.pending.get("seat") if self.pending else None
        others = [s for s in range(len(self.players)) if s != placer]
        if self.overdraw is not None:
            offender = self.overdraw["seat"]
            step = "choose_overdraw_return" if self.overdraw["sample"] else "correct_overdraw"
            for seat in range(len(self.players)):
                if seat != offender:
                    add(step, seat)
            if step == "correct_overdraw":
                add(step, role="director")
        if kind == "acceptance":
            for seat in others:
                add("accept", seat)
                add("challenge", seat)
            if self.rules.acceptance_by_draw:
                add("draw_tiles" if self.bag_count() else "accept", placer)  # FISC I.10
            return
        if kind == "centre_choice":
            for seat in others:
                add("decide_off_centre", seat)
            return
        if kind == "ruling":
            self._ruling_actions(add, "rule_challenge")
            return
        if kind == "exchange":
            add("exchange_tiles", placer)
            return
        ruling = self.last_ruling
        appeal_open = bool(ruling and ruling["appealed"] and not ruling["final"])
        if appeal_open:
            self._ruling_actions(add, "rule_appeal")
        for seat in self.appellants():
            add("appeal", seat)
        bag = self.bag_count()
        last_seat = self.turns[-1]["seat"] if self.turns else None
        for seat in range(len(self.players)):
            if self.rack_counts[seat] < RACK and bag and not (appeal_open and seat == last_seat):
                add("draw_tiles", seat)
        turn = self.turn
        if self.rack_counts[turn] < RACK and bag or self.rack_counts[turn] > RACK:
            return  # the player on turn draws back to seven, or has the overdraw corrected, first (FILE 28, 32)
        add("place_tiles", turn)
        if self._senyors_rack(turn):
            add("redraw_senyors", turn)
        if bag >= max(1, self.rules.exchange_min_bag):
            add("announce_exchange", turn)
            add("exchange_tiles", turn)
        add("pass_turn", turn)

    def _ruling_actions(self, add: Any, command: str) -> None:
        """Who rules next: the arbiter, or where the players rule (FILE 41.1) the two players of the challenge:
        either records the answer, then the other confirms or disputes it; a dispute goes to the arbiter."""
        if not self.players_rule() or self.disputed_ruling is not None:
            add(command, role="director")
            return
        proposed = self.proposed_ruling
        for seat in self.ruling_parties():
            if proposed is None:
                add(command, seat)
            elif seat != proposed["seat"]:
                add("confirm_ruling", seat)
                add("dispute_ruling", seat)

    def _senyors_rack(self, seat: int) -> bool:
        """Molins 16: seven vowels or seven consonants, no blank, known on the rack."""
        rack = set(self.racks[seat])
        return (self.book.exchange.senyors_redraw and len(self.racks[seat]) == RACK == self.rack_counts[seat]
                and (rack <= self.tileset.vowels or rack <= self.tileset.consonants))
