"""The projector: reads the event store in order and keeps every read model exactly once.

**Exactly once.** Each batch of notifications (the library's application sequence) is applied to
the games in memory, then written in *one* transaction of the read store together with the
tracking rows, whose update comes first and is conditional on the positions read at the start
(``UPDATE ... WHERE position = <old>``). A crash or an exception anywhere before the commit rolls
rows and tracking back together and drops the games in memory, so the next attempt starts again
from the recorded position: nothing is applied twice, nothing skipped. A second projector that
raced on the same batch waits on the tracking rows, finds them moved (``TrackingConflict``) and
rolls back before writing anything.

**Following the store.** ``catch_up()`` reads in batches until the store is exhausted;
``start()`` runs the supervised thread that keeps following it (``projections.follower``).

**Games in memory.** A batch needs each game's state just before its event. A cached view that
is exactly one version behind is used; anything else (restart, eviction, a batch that failed) is
rebuilt from the game's own events in the event store, so the cache can speed things up but
never decide an outcome.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

import sqlalchemy as sa
from eventsourcing.utils import TopicError, get_topic, resolve_topic
from sqlalchemy.engine import Connection

from domain.game import Game
from projections.duplicate_models import DuplicateGame
from projections.duplicate_projection import DUPLICATE_CREATED, DuplicateProjection
from projections.follower import Follower, has_subscription
from projections.models import (
    READ_MODELS,
    GameIndex,
    GamePlayer,
    GameStatus,
    ProjectionTracking,
    ReplayFrame,
    ScoresheetRow,
    Settlement,
    SettlementPlayer,
)
from projections.store import ReadStore
from projections.upserts import _insert, _insert_new, _upsert
from projections.views import GameView

log = logging.getLogger("planilla.projections")

TRACKING = ProjectionTracking.__table__
Progress = Callable[[int, int], None]


#: What makes an aggregate a game or a duplicate game: the topic of its first event. Every event of a
#: game is projected (types this code does not know included: they are skipped per game, below), and
#: every event of a duplicate (``projections.duplicate_projection``); every other aggregate sharing the
#: store (the service's tokens and idempotency records, tournaments) is passed over, its positions
#: still counted, without the projector knowing anything of it but that topic.
GAME_CREATED = get_topic(Game.Created)
KINDS = {GAME_CREATED: "game", DUPLICATE_CREATED: "duplicate"}
KINDS_REMEMBERED = 65_536  #: originators whose kind (game, duplicate or neither) is kept between batches


class TrackingConflict(RuntimeError):
    """Raised when another projector moved a read model's position while this batch was being applied."""


class Projector(Follower):
    """Keeps the read models of ``store`` up to date with the events of ``app``."""

    def __init__(self, app: Any, store: ReadStore, *, batch_size: int = 500, rebuild_batch_size: int = 2000,
                 poll_interval: float = 0.2, cache_games: int = 2048, native: bool | None = None) -> None:
        self.app = app
        self.store = store
        self.batch_size = batch_size
        self.rebuild_batch_size = rebuild_batch_size
        self.poll_interval = poll_interval
        self.cache_games = cache_games
        self.native = has_subscription(app) if native is None else native
        self._views: OrderedDict[uuid.UUID, GameView] = OrderedDict()
        self._kinds: dict[uuid.UUID, str | None] = {}
        self._duplicates = DuplicateProjection(
            lambda duplicate_id, lte: self.app.recorder.select_events(duplicate_id, lte=lte), self._decode)
        self._run_lock = threading.RLock()
        self._processed = threading.Condition()
        self._wake = threading.Event()
        self._taken = threading.Event()  # set each time the thread takes a wake (``Follower.wake_taken``)
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._subscription: Any = None
        self._listener: Any = None  # a PostgreSQL NOTIFY listener, once ``listen()`` started one (``Follower.listen``)
        self._tracking_ready = False
        self._done = 0  # the last notification id this projector has written (a hint; the store decides)
        #: Each read model's position as this projector's last batch left it (None: read it from the store). Only a
        #: hint too: ``_track`` moves a position only from the value it names, so a stale one is found, not used.
        self._positions: dict[str, int] | None = None
        self.failures = 0
        self.last_error: str | None = None

    # ---- processing -----------------------------------------------------------------------
    def catch_up(self, limit: int | None = None) -> int:
        """Process events not yet projected (at most ``limit``); the number processed."""
        done = 0
        with self._run_lock:
            while limit is None or done < limit:
                size = self.batch_size if limit is None else min(self.batch_size, limit - done)
                n = self._batch(size)
                done += n
                if n < size:  # the store had no more: what comes later wakes the projector again
                    break
        return done

    def positions(self) -> dict[str, int]:
        """Each read model's position: the last notification id it has processed."""
        self._ensure_tracking()
        with self.store.connect() as conn:
            rows = dict(conn.execute(sa.select(TRACKING.c.name, TRACKING.c.position)).all())
        return {name: int(rows.get(name, 0)) for name in READ_MODELS}

    def lag(self) -> int:
        """Events in the store the slowest read model has not processed (on PostgreSQL, an upper bound)."""
        top = self.app.recorder.max_notification_id() or 0
        return max(0, top - min(self.positions().values()))

    def _batch(self, limit: int, notifications: list[Any] | None = None) -> int:
        """Project one batch from the positions this projector last wrote (read from the store when it has
        none); if they have moved meanwhile (another projector, a reset), read them and try once more."""
        known = self._positions
        try:
            return self._batch_from(self.positions() if known is None else known, limit, notifications)
        except TrackingConflict:
            if known is None:
                raise
            return self._batch_from(self.positions(), limit, notifications)

    def _batch_from(self, positions: dict[str, int], limit: int, notifications: list[Any] | None) -> int:
        start = min(positions.values())
        if notifications is None:
            notifications = self.app.recorder.select_notifications(start=start, limit=limit,
                                                                   inclusive_of_start=False)
        notifications = [n for n in notifications if n.id > start]
        if not notifications:
            self._positions = positions
            return 0
        touched: dict[uuid.UUID, GameView] = {}
        try:
            for note in notifications:
                kind = self._kind(note)  # other aggregates' events are neither games' nor duplicates'
                if kind == "game":
                    touched[note.originator_id] = self._apply(note)
                elif kind == "duplicate":
                    self._duplicates.apply(note)
            end = notifications[-1].id
            with self.store.begin() as conn:
                # Claim the batch first: a racing projector waits on these rows, then finds them moved.
                self._track(conn, positions, end)
                self._write(conn, touched.values(), positions, end)
                if positions["duplicates"] < end:
                    self._duplicates.write(lambda table, rows: _upsert(conn, table, rows))
        except BaseException:
            self._positions = None  # read them again: another projector may have moved them
            self._views.clear()  # they hold events that were not committed
            self._duplicates.forget()
            raise
        self._duplicates.done()
        self._positions = {name: max(position, end) for name, position in positions.items()}
        self._done = max(self._done, notifications[-1].id)
        for view in touched.values():
            view.clean()
        while len(self._views) > self.cache_games:
            self._views.popitem(last=False)
        with self._processed:
            self._processed.notify_all()
        return len(notifications)

    def _kind(self, note: Any) -> str | None:
        """``game`` or ``duplicate`` by the topic of the originator's first event; None for anything else."""
        if note.originator_version == 1:
            return KINDS.get(note.topic)
        if note.originator_id in self._views:
            return "game"
        if self._duplicates.known(note.originator_id):
            return "duplicate"
        if note.originator_id not in self._kinds:
            first = self.app.recorder.select_events(note.originator_id, lte=1)
            if len(self._kinds) >= KINDS_REMEMBERED:
                self._kinds.clear()
            self._kinds[note.originator_id] = KINDS.get(first[0].topic) if first else None
        return self._kinds[note.originator_id]

    def _apply(self, note: Any) -> GameView:
        try:
            event = self._decode(note)
            view = self._view(note.originator_id, note.originator_version)
            if event is None:
                view.skip(note.originator_version, _type_of(note.topic), note.id)
            else:
                view.apply(event, note.id)
        except Exception:
            log.exception("projecting event %s failed (game %s, version %s, %s)", note.id, note.originator_id,
                          note.originator_version, note.topic)
            raise
        return view

    def _decode(self, stored: Any) -> Any:
        """The domain event, or None when its class cannot be imported here (written by newer code).

        Such an event is skipped by every read model (logged, and shown as the game's last event);
        bytes that do not decode for a known class raise instead: that is damage, not news.
        """
        try:
            resolve_topic(stored.topic)
        except TopicError:
            log.warning("event %s of game %s has a type this projector does not know (%s): skipped",
                        getattr(stored, "id", "?"), stored.originator_id, stored.topic)
            return None
        return self.app.mapper.to_domain_event(stored)

    def _view(self, game_id: uuid.UUID, version: int) -> GameView:
        view = self._views.get(game_id)
        if view is not None and view.version == version - 1:
            self._views.move_to_end(game_id)
            return view
        view = GameView(game_id)
        if version > 1:
            for stored in self.app.recorder.select_events(game_id, lte=version - 1):
                event = self._decode(stored)
                if event is None:
                    view.skip(stored.originator_version, _type_of(stored.topic), None, frame=False)
                else:
                    view.apply(event, frame=False)
            if view.version != version - 1:
                raise RuntimeError(f"game {game_id}: the store holds versions up to {view.version}, "
                                   f"not {version - 1}")
        view.clean()
        self._views[game_id] = view
        return view

    # ---- writing --------------------------------------------------------------------------
    def _write(self, conn: Connection, views: Iterable[GameView], positions: dict[str, int], end: int) -> None:
        """Write each read model that is behind ``end``: the state its games reached in this batch."""
        behind = {name for name, position in positions.items() if position < end}
        index, players, status, sheet, settled, settled_players, frames = [], [], [], [], [], [], []
        for view in views:
            index.append(view.index_row())
            if view.new_players:
                players.extend(view.player_rows())
            status.append(view.status_row())
            sheet.extend(view.sheet_rows())
            settlement = view.settlement_rows() if view.settlement_changed else None
            if settlement is not None:
                settled.append(settlement[0])
                settled_players.extend(settlement[1])
            replayed = positions["replay"]
            frames.extend({"game_id": view.game_id, "version": f["version"], "frame": f}
                          for position, f in view.frames if position > replayed)
        if "index" in behind:
            _upsert(conn, GameIndex.__table__, index)
            _upsert(conn, GamePlayer.__table__, players)
        if "status" in behind:
            _upsert(conn, GameStatus.__table__, status)
        if "scoresheet" in behind:
            _upsert(conn, ScoresheetRow.__table__, sheet)
        if "settlement" in behind:
            _upsert(conn, Settlement.__table__, settled)
            _upsert(conn, SettlementPlayer.__table__, settled_players)
        if "replay" in behind and frames:
            _insert(conn, ReplayFrame.__table__, frames)

    def _track(self, conn: Connection, positions: dict[str, int], end: int) -> None:
        """Move each read model's position to ``end``, only from the position this batch started at."""
        by_start: dict[int, list[str]] = {}
        for name, old in positions.items():
            if old < end:
                by_start.setdefault(old, []).append(name)
        for old, names in by_start.items():  # usually one statement: every read model at the same place
            sql, order = _track_statement(conn, tuple(names))
            values = {"old": old, "end": end}
            moved = conn.exec_driver_sql(sql, tuple(values[n] for n in order) if order else values)
            if moved.rowcount != len(names):
                raise TrackingConflict(f"read models {names} left position {old} while this batch ran")

    def _ensure_tracking(self) -> None:
        if self._tracking_ready:
            return
        with self.store.begin() as conn:
            have = set(conn.execute(sa.select(TRACKING.c.name)).scalars())
            missing = [{"name": n, "position": 0} for n in READ_MODELS if n not in have]
            if missing:
                _insert_new(conn, TRACKING, missing)
        self._tracking_ready = True

    # ---- rebuild --------------------------------------------------------------------------
    def rebuild(self, progress: Progress | None = None) -> int:
        """Empty every read model and project the whole store again; ``progress(done, total)`` per batch."""
        running = self.running
        if running:
            self.stop()
        try:
            with self._run_lock:
                self.store.reset()
                self._views.clear()
                self._duplicates.forget()
                self._done = 0
                self._positions = None
                self._tracking_ready = False
                total = self.app.recorder.max_notification_id() or 0
                if progress is not None:
                    progress(0, total)
                done = 0
                while n := self._batch(self.rebuild_batch_size):
                    done += n
                    if progress is not None:
                        progress(done, total)
                return done
        finally:
            if running:
                self.start()

    # ---- waiting for one's own write --------------------------------------------------------
    def projected_version(self, game_id: uuid.UUID) -> int:
        """The version of the game (or duplicate game) the read models have reached (0 if none)."""
        with self.store.connect() as conn:
            table = GameStatus.__table__
            version = conn.execute(sa.select(table.c.version).where(table.c.game_id == game_id)).scalar()
            if version is None:
                table = DuplicateGame.__table__
                version = conn.execute(sa.select(table.c.version).where(table.c.duplicate_id == game_id)).scalar()
        return version or 0

    def wait_for(self, game_id: uuid.UUID, version: int, timeout: float = 1.0) -> bool:
        """Wait (at most ``timeout`` seconds) until the read models show ``version`` of the game; True if so.

        With this projector's thread running it is woken at once; otherwise the read store is
        polled, as another process may be the one projecting.
        """
        return self._wait(lambda: self.projected_version(game_id) >= version, timeout)

    def wait_caught_up(self, timeout: float = 1.0) -> bool:
        """Wait (at most ``timeout`` seconds) until every read model has processed the events stored when called
        (a list read just after a write whose games it cannot name: a round published a moment ago); True if so."""
        target = self.app.recorder.max_notification_id() or 0
        return self._wait(lambda: min(self.positions().values()) >= target, timeout)

    def _wait(self, done: Callable[[], bool], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            if done():
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            if self.running:
                self._wake.set()
                with self._processed:
                    self._processed.wait(min(remaining, 0.05))
            else:
                time.sleep(min(remaining, 0.02))


_TRACK_STATEMENTS: dict[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...] | None]] = {}


def _track_statement(conn: Connection, names: tuple[str, ...]) -> tuple[str, tuple[str, ...] | None]:
    """``UPDATE`` the tracking rows of ``names`` from ``:old`` to ``:end``, as the driver takes it: its text in the
    dialect's parameter style and, where that style is positional, the parameters' order. One per dialect and set
    of names, compiled once (the names are the read models' own, ``READ_MODELS``): a batch neither compiles an
    ``IN`` list nor goes through SQLAlchemy's execution of a statement (its cache key, its parameters' processing)."""
    key = (conn.dialect.name, names)
    found = _TRACK_STATEMENTS.get(key)
    if found is None:
        if not set(names) <= set(READ_MODELS):
            raise ValueError(f"not read models: {names}")
        listed = ", ".join(f"'{name}'" for name in names)
        made = sa.text(f"UPDATE {TRACKING.name} SET position = :end WHERE position = :old AND name IN ({listed})"
                       ).compile(dialect=conn.dialect)
        found = _TRACK_STATEMENTS[key] = (made.string, tuple(made.positiontup) if made.positional else None)
    return found


def _type_of(topic: str) -> str:
    return topic.rsplit(":", 1)[-1].rsplit(".", 1)[-1]

