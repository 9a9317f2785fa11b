"""The duplicate games in the projector: each one's state in memory, and the rows a batch leaves behind.

The projector tells a duplicate from a game (and from everything else the store holds) by the topic of
its first event, and hands a duplicate's events here. A duplicate is rebuilt as the domain rebuilds it
(each event's ``mutate``), from its own events in the event store unless the copy in memory is exactly
one version behind; after a batch, the rows of the rounds its events touched (and of every later round:
a republished round moves the running totals and rankings after it) are written as state, never as
increments (``projections.duplicate_views.rows_of``).
"""

from __future__ import annotations

import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from eventsourcing.utils import get_topic

from domain.duplicate import Duplicate
from projections.duplicate_models import (
    DuplicateGame, DuplicateRanking, DuplicateRound, DuplicateSheetRow, DuplicateSlip, DuplicateStanding,
)
from projections.duplicate_views import rows_of

#: What makes an aggregate a duplicate game: the topic of its first event.
DUPLICATE_CREATED = get_topic(Duplicate.Created)
TABLES = {"game": DuplicateGame.__table__, "round": DuplicateRound.__table__, "slip": DuplicateSlip.__table__,
          "sheet": DuplicateSheetRow.__table__, "ranking": DuplicateRanking.__table__,
          "standing": DuplicateStanding.__table__}
NEVER = 1 << 30  #: "no round touched" (a ruling, the end: only the game's row changes)


class DuplicateProjection:
    """The duplicates a batch touched, kept in memory between batches (at most ``cache`` of them)."""

    def __init__(self, events: Callable[[uuid.UUID, int], list[Any]], decode: Callable[[Any], Any],
                 cache: int = 512) -> None:
        self._events, self._decode, self.cache = events, decode, cache
        self._games: OrderedDict[uuid.UUID, Duplicate] = OrderedDict()
        self.touched: dict[uuid.UUID, tuple[int, str]] = {}  #: per duplicate: the first round touched, the last time

    def known(self, duplicate_id: uuid.UUID) -> bool:
        return duplicate_id in self._games

    def apply(self, note: Any) -> None:
        """Apply one stored event of a duplicate (decoded here) to its state in memory."""
        event = self._decode(note)
        game = self._game(note.originator_id, note.originator_version)
        self._games[note.originator_id] = _skipped(game, note) if event is None else event.mutate(game)
        round_no = 0 if game is None else getattr(event, "round", NEVER)
        first, at = self.touched.get(note.originator_id, (NEVER, ""))
        self.touched[note.originator_id] = (min(first, round_no), getattr(event, "at", None) or at)

    def _game(self, duplicate_id: uuid.UUID, version: int) -> Duplicate | None:
        game = self._games.get(duplicate_id)
        if game is not None and game.version == version - 1:
            self._games.move_to_end(duplicate_id)
            return game
        game = None
        for stored in self._events(duplicate_id, version - 1) if version > 1 else []:
            event = self._decode(stored)
            game = _skipped(game, stored) if event is None else event.mutate(game)
        if version > 1 and (game is None or game.version != version - 1):
            raise RuntimeError(f"duplicate {duplicate_id}: the store does not hold versions up to {version - 1}")
        return game

    def write(self, upsert: Callable[[Any, list[dict[str, Any]]], None]) -> None:
        """Upsert the rows of every duplicate touched since ``clear``."""
        rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
        for duplicate_id, (first, at) in self.touched.items():
            for name, found in rows_of(self._games[duplicate_id], first, at).items():
                rows[name].extend(found)
        for name, table in TABLES.items():
            upsert(table, rows[name])

    def done(self) -> None:
        """The batch is committed: forget what it touched, keep the cache within its size."""
        self.touched.clear()
        while len(self._games) > self.cache:
            self._games.popitem(last=False)

    def forget(self) -> None:
        """The batch failed: what is in memory holds events that were not committed."""
        self.touched.clear()
        self._games.clear()


def _skipped(game: Duplicate | None, stored: Any) -> Duplicate:
    """An event of a type this code does not know (written by newer code, logged by the decoder): passed over,
    only the version moves, as the games' projector skips one."""
    if game is None:
        raise RuntimeError(f"duplicate {stored.originator_id}: its creation cannot be read by this code")
    game._version = stored.originator_version  # the library's own counter: nothing else of the event is known
    return game
