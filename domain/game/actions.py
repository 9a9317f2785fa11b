"""What may happen next in a game, and who may do it: the legal next commands as plain data.

``Game.next_actions()`` lists ``{"type", "seat", "role"}`` entries: ``type`` is the command (the
application's method name), ``seat`` the player it is for (``None`` when it is not a seat's), and
``role`` who sends it: ``player`` (that seat's player) or ``director`` (a director or arbiter).
It is read from the recorded state only, so every projection and client shows the same thing.
Directors may also act on a tablet's behalf; those entries are not repeated for them.
"""

from __future__ import annotations

from typing import Any

RACK = 7


class NextActions:
    """The legal next commands of a game (a mixin of ``Game``)."""

    def next_actions(self) -> list[dict[str, Any]]:
        """The commands that fit the game's state now, with whom each is for."""
        actions: list[dict[str, Any]] = []

        def add(kind: str, seat: int | None = None, role: str = "player") -> None:
            actions.append({"type": kind, "seat": seat, "role": role})

        seats = range(len(self.players))
        if self.phase == "closed":
            if self.rules.reopen_allowed:
                add("reopen", role="director")
            return actions
        if self.phase == "starting":
            add("draw_for_start")
            add("give_starter", role="director")
            return actions
        if self.phase == "dealing":
            order = [(self.starter + k) % len(self.players) for k in seats]
            add("draw_tiles", next(s for s in order if self.rack_counts[s] < RACK))
            return actions
        if self.phase == "ended":
            if self.pending and self.pending["kind"] == "end_racks":
                for seat in self.pending["seats"]:
                    add("declare_end_rack", seat)
            elif self.settlement is not None:
                for seat in seats:
                    if str(seat) not in self.signatures:
                        add("sign", seat)
            return actions
        self._playing_actions(add)
        add("end_game", role="director")
        return actions

    def _playing_actions(self, add: Any) -> None:
        kind = self.pending["kind"] if self.pending else None
        placer = self.pending.get("seat") if self.pending else None
        others = [s for s in range(len(self.players)) if s != placer]
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
            add("rule_challenge", role="director")
            return
        if kind == "exchange":
            add("exchange_tiles", placer)
            return
        ruling = self.last_ruling
        appeal_open = bool(ruling and ruling["appealed"] and not ruling["final"])
        if appeal_open:
            add("rule_appeal", role="director")
        for seat in self.appellants():
            add("appeal", seat)
        bag = self.bag_count()
        last_seat = self.turns[-1]["seat"] if self.turns else None
        for seat in range(len(self.players)):
            if self.rack_counts[seat] < RACK and bag and not (appeal_open and seat == last_seat):
                add("draw_tiles", seat)
        turn = self.turn
        if self.rack_counts[turn] < RACK and bag:
            return  # the player on turn draws back to seven first (FILE 32)
        add("place_tiles", turn)
        if bag >= max(1, self.rules.exchange_min_bag):
            add("announce_exchange", turn)
            add("exchange_tiles", turn)
        add("pass_turn", turn)
