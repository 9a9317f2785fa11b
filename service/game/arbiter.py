"""The arbiter's use cases: drawing errors, clocks, sheets and corrections, sanctions, abandonment, no-shows.

A mixin of ``GamesApplication``: each method loads the game, runs one command and saves, as the
turn cycle's do. In a ``virtual`` bag the random choices (the extra tiles drawn, the tiles taken
back unseen, the X + 2 the opponent is shown, the missing tiles, a SENYORS redraw) are made here
with the application's generator and handed to the aggregate as exact tiles (``service.game.bag``).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.game import Game, Meta
from service.game import bag
from service.actor import Actor


class ArbiterCommands:
    """Use cases of the arbiter's toolbox (see docs/arbiter.md)."""

    # ---- drawing errors ---------------------------------------------------------------------
    def overdraw_tiles(self, game_id: UUID, seat: int, count: int, by: Actor, *, expected_version: int,
                       tiles: list[str] | None = None) -> int:
        """Record a draw of ``count`` tiles that overfills the rack; a virtual bag draws them itself."""
        def act(game: Game, meta: Meta) -> None:
            drawn = self._tiles(game, count, tiles) if game.bag_mode == "virtual" else tiles
            game.overdraw_tiles(seat, meta, count=count, tiles=drawn)
        return self._command(game_id, expected_version, by, act)

    def correct_overdraw(self, game_id: UUID, noticed_by: int, seen: bool, by: Actor, *, expected_version: int,
                         returned: list[str] | None = None, sample: list[str] | None = None,
                         on_rack: bool | None = None, procedure: str | None = None) -> int:
        """Correct the open overdraw as the articles say for the facts (``procedure``: the arbiter's ruling
        where two apply); a virtual bag makes the random pick itself."""
        def act(game: Game, meta: Meta) -> None:
            facts = {"on_rack": on_rack, "procedure": procedure}
            if game.bag_mode == "virtual":
                way = game.overdraw_procedure(noticed_by, seen, on_rack, procedure)
                picked = {way["field"]: bag.pick(game, way, self.rng)}
                return game.correct_overdraw(noticed_by, seen, meta, **picked, **facts)
            game.correct_overdraw(noticed_by, seen, meta, returned=returned, sample=sample, **facts)
        return self._command(game_id, expected_version, by, act)

    def choose_overdraw_return(self, game_id: UUID, seat: int, returned: list[str] | None, by: Actor, *,
                               expected_version: int) -> int:
        """The opponent chooses which of the tiles seen go back to the bag."""
        return self._command(game_id, expected_version, by, lambda g, m: g.choose_overdraw_return(seat, returned, m))

    def correct_underdraw(self, game_id: UUID, seat: int, noticed_by: int, seen: bool, by: Actor, *,
                          expected_version: int, tiles: list[str] | None = None) -> int:
        """The player who drew too few draws the missing tiles; a virtual bag draws them."""
        def act(game: Game, meta: Meta) -> None:
            if game.bag_mode == "virtual":
                tiles_ = self._tiles(game, bag.refill_count(game, seat), tiles)
                return game.correct_underdraw(seat, noticed_by, seen, meta, tiles=tiles_)
            game.correct_underdraw(seat, noticed_by, seen, meta, tiles=tiles)
        return self._command(game_id, expected_version, by, act)

    def redraw_senyors(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                       shown: list[str] | None = None, drawn: list[str] | None = None) -> int:
        """SENYORS (Molins 16): the rack shown goes back and seven are redrawn; a virtual bag redraws."""
        def act(game: Game, meta: Meta) -> None:
            rack = list(game.racks[seat]) if shown is None else list(shown)
            new = bag.redraw(game, rack, self.rng) if game.bag_mode == "virtual" else drawn
            game.redraw_senyors(seat, rack, meta, drawn=new)
        return self._command(game_id, expected_version, by, act)

    def count_bag(self, game_id: UUID) -> dict[str, Any]:
        """How many tiles are in the bag, from the recorded state, in every bag mode (FILE 27)."""
        game = self.get_game(game_id)
        return {"bag": game.bag_count(), "article": game.book.article("exchange.bag_count_inside")}

    # ---- clocks and time --------------------------------------------------------------------
    def record_clock(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                     remaining: int | None = None, used: int | None = None) -> int:
        """A player's chess clock as the device shows it."""
        return self._command(game_id, expected_version, by,
                             lambda g, m: g.record_clock(seat, m, remaining=remaining, used=used))

    def declare_overtime(self, game_id: UUID, seat: int, seconds: int, by: Actor, *, expected_version: int) -> int:
        """A director states a player's overtime in seconds."""
        return self._command(game_id, expected_version, by, lambda g, m: g.declare_overtime(seat, seconds, m))

    def stop_clock(self, game_id: UUID, reason: str, by: Actor, *, expected_version: int) -> int:
        """Both clocks stop for a reason the profile allows."""
        return self._command(game_id, expected_version, by, lambda g, m: g.stop_clock(reason, m))

    def restart_clock(self, game_id: UUID, by: Actor, *, expected_version: int) -> int:
        """The clock runs again."""
        return self._command(game_id, expected_version, by, lambda g, m: g.restart_clock(m))

    def record_late_arrival(self, game_id: UUID, seat: int, minutes_late: int, by: Actor, *,
                            expected_version: int) -> int:
        """A late player arrives with their clock already running."""
        return self._command(game_id, expected_version, by,
                             lambda g, m: g.record_late_arrival(seat, minutes_late, m))

    def time_out(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int) -> int:
        """The move timer ran out: the turn is lost."""
        return self._command(game_id, expected_version, by, lambda g, m: g.time_out(seat, m))

    def call_round_time(self, game_id: UUID, by: Actor, *, expected_version: int, reason: str = "") -> int:
        """The round's time is over: the last turns are played, then the game ends as the sheet stands (a whole
        round at once: ``service.game.round_time``)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.call_round_time(m, reason))

    # ---- the sheets -------------------------------------------------------------------------
    def write_sheet_entry(self, game_id: UUID, sheet: int, player: int, turn: int, by: Actor, *,
                          expected_version: int, score: int | None = None, total: int | None = None,
                          key_signature: str | None = None) -> int:
        """What a player wrote on their own sheet for ``player``'s line ``turn`` (as printed, from 1); with the
        sheet's seat's key signature over the head hash at ``expected_version`` when sent (checked, kept)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.write_sheet_entry(
            sheet, player, turn, m, score=score, total=total, **self._signed(g, expected_version, key_signature)))

    def correct_score(self, game_id: UUID, player: int, turn: int, field: str, old: int, new: int, asked_by: int,
                      agreed_by: int, by: Actor, *, expected_version: int, reason: str = "",
                      word: str | None = None) -> int:
        """An agreed arithmetic correction of an announced or written score or total of ``player``'s line ``turn``."""
        return self._command(game_id, expected_version, by, lambda g, m: g.correct_score(
            player, turn, field, old, new, asked_by, agreed_by, m, reason, word=word))

    def rule_blank(self, game_id: UUID, player: int, turn: int, blank: int, notes: list[str | None], by: Actor, *,
                   expected_version: int, placer_says: str | None = None, letter: str | None = None,
                   word: str | None = None) -> int:
        """The letter a blank of ``player``'s line ``turn`` stands for when the sheets disagree."""
        return self._command(game_id, expected_version, by, lambda g, m: g.rule_blank(
            player, turn, blank, notes, m, placer_says=placer_says, letter=letter, word=word))

    # ---- sanctions, abandonment, no-shows ---------------------------------------------------
    def sanction(self, game_id: UUID, seat: int, points: int, reason: str, by: Actor, *, expected_version: int,
                 expulsion: bool = False) -> int:
        """A director's sanction."""
        return self._command(game_id, expected_version, by,
                             lambda g, m: g.sanction(seat, points, reason, m, expulsion=expulsion))

    def appeal_sanction(self, game_id: UUID, seat: int, index: int, argument: str, by: Actor, *,
                        expected_version: int) -> int:
        """The sanctioned player appeals to the tribunal."""
        return self._command(game_id, expected_version, by, lambda g, m: g.appeal_sanction(seat, index, argument, m))

    def rule_sanction_appeal(self, game_id: UUID, index: int, decision: str, authority: str, by: Actor, *,
                             expected_version: int, points: int | None = None) -> int:
        """The tribunal's final ruling on a sanction."""
        return self._command(game_id, expected_version, by, lambda g, m: g.rule_sanction_appeal(
            index, decision, authority, m, points=points))

    def abandon(self, game_id: UUID, seats: list[int], by: Actor, *, expected_version: int, detail: str = "") -> int:
        """One or both players left the game."""
        return self._command(game_id, expected_version, by, lambda g, m: g.abandon(seats, m, detail))

    def record_no_show(self, game_id: UUID, absent: list[int], minutes_waited: int, by: Actor, *,
                       expected_version: int) -> int:
        """A player, or both, never came to the table."""
        return self._command(game_id, expected_version, by,
                             lambda g, m: g.record_no_show(absent, minutes_waited, m))
