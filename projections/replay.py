"""The board, racks, bag and scores as they stood after any event, for disputed games.

Two ways give the same frame (``projections.frames.frame_of``), and a test holds them equal:

- from the **stored projection** (``replay_frame``, one row per event, written by the projector):
  one primary-key lookup;
- from the **aggregate** at that version (``GamesApplication.get_game(id, version)``: the nearest
  snapshot, one every 50 events, plus the events after it) and the event itself for its type
  and time.

``bench/bench_projections.py`` measures both; the stored frame is the faster (see
``bench/README.md``), so ``state_at`` reads it whenever a read store is given and has the frame,
and falls back on the aggregate otherwise (no store, or a projection still behind).
"""

from __future__ import annotations

import uuid
from typing import Any

import sqlalchemy as sa

from domain.cells import cells_of_rows
from domain.tiles import get_tileset
from projections.frames import frame_of
from projections.models import ReplayFrame
from projections.store import ReadStore

FRAMES = ReplayFrame.__table__


class VersionNotFound(LookupError):
    """Raised when a game has no event with the version asked for."""

    code = "version_not_found"

    def __init__(self, game_id: uuid.UUID, version: int, latest: int) -> None:
        super().__init__(f"game {game_id} has versions 1 to {latest}, not {version}")
        self.game_id, self.version, self.latest = game_id, version, latest


def state_at(app: Any, game_id: uuid.UUID, version: int | None = None, *,
             store: ReadStore | None = None) -> dict[str, Any]:
    """The game after event ``version`` (default: the latest): the stored frame if any, else the aggregate.

    Either way the board comes twice: ``board``, 15 text rows, and ``cells``, 15 rows of 15 cells
    (``domain.cells``), worked out here from the text rows so the stored frames stay small.
    """
    frame = None
    if store is not None and version is not None:
        frame = stored_frame(store, game_id, version)
    if frame is None:
        frame = aggregate_frame(app, game_id, version)
    return dict(frame, cells=cells_of_rows(frame["board"], get_tileset(frame["tileset"])))


def stored_frame(store: ReadStore, game_id: uuid.UUID, version: int) -> dict[str, Any] | None:
    """The projected frame after event ``version``, or None if the projection does not have it.

    A frame projected before frames named their tile set is not used (None): the aggregate answers.
    """
    with store.connect() as conn:
        frame = conn.execute(sa.select(FRAMES.c.frame).where(FRAMES.c.game_id == game_id,
                                                             FRAMES.c.version == version)).scalar()
    return frame if frame is not None and "tileset" in frame else None


def aggregate_frame(app: Any, game_id: uuid.UUID, version: int | None = None) -> dict[str, Any]:
    """The frame worked out from the aggregate at ``version`` and the event that made that version."""
    if version is not None and version < 1:
        raise VersionNotFound(game_id, version, app.get_game(game_id).version)
    game = app.get_game(game_id, version=version)
    if version is not None and game.version != version:
        raise VersionNotFound(game_id, version, game.version)
    (event,) = app.repository.event_store.get(game_id, gt=game.version - 1, lte=game.version)
    return frame_of(game, type(event).__name__, getattr(event, "at", None))
