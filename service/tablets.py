"""The tablets' use cases on a game: calling the arbiter and its answer, and the device's own reports.

A mixin of ``GamesApplication``, like ``service.arbiter``. A device report changes nothing another
command depends on, so it is recorded at the game's current version whatever version the tablet
last saw (``any_version``): a tablet coming back online never loses its log to a 409.
"""

from __future__ import annotations

from uuid import UUID

from service.actor import Actor


class TabletCommands:
    """Use cases of a tablet at the table (see docs/game.md, docs/tablet-conformity.md)."""

    def call_arbiter(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                     reason: str | None = None) -> int:
        """A player calls the arbiter; both clocks stop as for consulting the director (FILE 33.5)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.call_arbiter(seat, m, reason))

    def answer_call(self, game_id: UUID, by: Actor, *, expected_version: int, note: str | None = None,
                    restart_clock: bool = True) -> int:
        """An official answers the open call; the clocks it stopped run again."""
        return self._command(game_id, expected_version, by,
                             lambda g, m: g.answer_call(m, note, restart_clock=restart_clock))

    def report_device(self, game_id: UUID, seat: int, kind: str, by: Actor, *, expected_version: int,
                      detail: str | None = None) -> int:
        """Record a tablet's report (focus lost or back, page left, reconnected) at the current version."""
        return self._command(game_id, expected_version, by, lambda g, m: g.report_device(seat, kind, m, detail),
                             any_version=True)
