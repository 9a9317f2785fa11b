"""The game store under the use cases: the cached games, their locks, the group commit and snapshots.

Games stay cached between commands and are fast-forwarded from the store on every load; a command
acts on the cached game under its stripe's lock and is written by the group commit
(``service.game.commit``); a snapshot every ``SNAPSHOT_EVERY`` events keeps a cold load short. On an event
loop a command is prepared and its write awaited (``deferring``, ``service.game.deferred``).
"""

from __future__ import annotations

import asyncio
import pickle
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from threading import Lock
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.persistence import IntegrityError

from domain.game import Game, Meta
from domain.game.devices import LOG_ONLY
from service.actor import Actor, utc_now
from service.game.commit import GroupCommit
from service.game.entry import Entry
from service.game.deferred import DEFERRED, Deferred, Turn
from projections.errors import GameNotFound, VersionConflict

Action = Callable[[Game, Meta], None]
#: A snapshot every this many events: a finished game (~150–250 events) then loads from a
#: snapshot plus a short tail instead of a full replay.
SNAPSHOT_EVERY = 50
#: Snapshots stored in one transaction (about 8 KB each: a few milliseconds of the store's one writer).
SNAPSHOTS_AT_ONCE = 4
#: Games kept in memory between commands; each load still reads any newer events from the store
#: (the library's fast-forward), so several processes or applications stay correct.
CACHE_GAMES = "256"
#: Lock stripes for games (see ``GamesApplication.__init__``).
LOCK_STRIPES = 1024
#: Seconds between looks while waiting for a game's command to be written.
WRITE_WAIT = 1.0


class GameStore(Application):
    """Games kept, loaded, saved and snapshotted; the use cases (``GamesApplication``) stand on it."""

    name = "Planilla"  # each subclass says it again (the library would name it after the class)
    env = {"AGGREGATE_CACHE_MAXSIZE": CACHE_GAMES}
    snapshotting_intervals = {Game: SNAPSHOT_EVERY}

    def __init__(self, env: dict[str, str] | None = None, *, clock: Callable[[], str] = utc_now) -> None:
        super().__init__(env)
        self.clock = clock
        # Per game (striped): a fast-forward and a copy never overlap. Held only for that moment; a
        # game's commands on the event loop take turns per game (``turn``), held until written.
        self._locks = [Lock() for _ in range(LOCK_STRIPES)]
        self.committer = GroupCommit(self, after=self._after_save, later=self._put_snapshots, after_batch=self._after_batch)
        self._in_flight: dict[UUID, threading.Event] = {}  # games whose command is being written
        self._turns: dict[UUID, list[Any]] = {}  # per game with a command in turn: [lock, holders]

    # ---- plumbing ---------------------------------------------------------------------------
    def _from_cache(self, game_id: UUID) -> Game:
        """The cached game, fast-forwarded from the store, copied while no other thread moves it on.

        A game whose command is being written (see ``deferring``) is copied once it is written, so
        no reader sees events that are not durable yet. Pickling copies the JSON-native state about
        four times faster than the library's deepcopy.
        """
        with self._settled_stripe(game_id):
            return pickle.loads(pickle.dumps(self.repository.get(game_id, deepcopy_from_cache=False)))

    def settled_copy(self, game_id: UUID, version: int = 0) -> Game:
        """A copy of the game as written, at ``version`` at least, without reading the store when the cache has
        it: the public board's frames, made right after a save that left the game in the cache. Else loaded."""
        cache = self.repository.cache
        if cache is not None:
            with self._settled_stripe(game_id):
                try:
                    game = cache.get(game_id)
                except KeyError:
                    game = None
                if isinstance(game, Game) and game.version >= version:
                    return pickle.loads(pickle.dumps(game))
        return self.get_game(game_id)  # type: ignore[attr-defined, no-any-return]

    def details_of(self, game_id: UUID) -> dict[str, Any] | None:
        """The game's details (event, round, table...: set at its creation, never changed), neither copied nor
        replayed: from the cached game, else from its first stored event. None when it is not a game."""
        cache = self.repository.cache
        if cache is not None:
            try:
                game = cache.get(game_id)
            except KeyError:
                game = None
            if isinstance(game, Game):
                return game.details or {}
        first = next(iter(self.repository.event_store.get(game_id, limit=1)), None)
        return dict(first.details or {}) if isinstance(first, Game.Created) else None

    @contextmanager
    def _settled_stripe(self, game_id: UUID) -> Iterator[None]:
        """The game's stripe lock, taken once no command of the game is being written (see ``deferring``);
        while one is, the lock is let go and the write waited for."""
        lock = self._locks[game_id.int % len(self._locks)]
        while True:
            lock.acquire()
            writing = self._in_flight.get(game_id)
            if writing is None:
                break
            lock.release()
            writing.wait(WRITE_WAIT)
        try:
            yield
        finally:
            lock.release()

    def _command(self, game_id: UUID, expected_version: int, by: Actor, action: Action, *,
                 any_version: bool = False) -> int:
        """Load, check the version, act, save: one command, serialised per game in this process.

        The command acts on the cached game itself, under its stripe's lock, so no copy is made and,
        when the cache is at the caller's version, no store read either. If another process moved
        the game on meanwhile, the store refuses the command's first event (its version is taken)
        and the caller gets ``VersionConflict``: the cache is never ahead of the store, because a
        game goes into it only from the store or after a successful save. A command that fails
        after recording anything in memory has its game dropped from the cache.

        A caller behind only by events that change nothing a command depends on (``LOG_ONLY``: a
        tablet's report, a binding) is not stale; ``any_version`` accepts any version up to the
        current one (a command that itself depends on nothing: a device report).
        """
        cache = self.repository.cache
        if cache is None:
            return self._act(self.get_game(game_id), expected_version, by, action, any_version)
        with self._settled_stripe(game_id):
            game = self._cached(game_id, expected_version)
            try:
                return self._act(game, expected_version, by, action, any_version)
            except BaseException:
                if game.version != expected_version:  # changed in memory, maybe not in the store
                    cache.get(game_id, evict=True)
                raise

    def _cached(self, game_id: UUID, expected_version: int) -> Game:
        """The cached game as is when at the caller's version, else fast-forwarded from the store."""
        try:
            game = self.repository.cache.get(game_id)
        except KeyError:
            game = None
        if game is not None and game.version == expected_version:
            return game
        try:
            return self.repository.get(game_id, deepcopy_from_cache=False)
        except AggregateNotFoundError:
            raise GameNotFound(game_id) from None

    def _act(self, game: Game, expected_version: int, by: Actor, action: Action, any_version: bool = False) -> int:
        if game.version != expected_version and not self._only_log_since(game, expected_version, any_version):
            raise VersionConflict(game.id, game.version, expected_version)
        action(game, self._meta(by))  # the clock is read after loading: the fact's time
        self._save(game)
        return game.version

    def _only_log_since(self, game: Game, expected_version: int, any_version: bool) -> bool:
        """True when the caller's version is behind the game's only by ``LOG_ONLY`` events (or, with
        ``any_version``, behind at all): what the caller saw is still what the command acts on."""
        if not 1 <= expected_version < game.version:
            return False
        if any_version:
            return True
        events = self.repository.event_store.get(game.id, gt=expected_version, lte=game.version)
        return all(type(event).__name__ in LOG_ONLY for event in events)

    def _save(self, game: Game) -> None:
        expected = game.version - len(game.pending_events)
        deferred = DEFERRED.get()
        if deferred is not None and self.repository.cache is not None:
            deferred.hold(self, game.id, expected, self._processing(game, *self._also_save(game)))
            return
        try:
            self.save_together(game, *self._also_save(game))
        except IntegrityError:
            raise VersionConflict(game.id, self.stored_version(game.id), expected) from None

    def save_together(self, *objs: Any) -> list[Any]:
        """``save``, through the group commit: concurrent commands share one transaction and one flush.

        The same steps as the library's ``Application.save`` (record, snapshots, listeners), with the
        recording done by ``service.game.commit.GroupCommit``, so a command returns only once its events
        are durable, whatever else was written with them.
        """
        return self.committer.save(self._processing(*objs))

    @staticmethod
    def _processing(*objs: Any) -> ProcessingEvent[Any]:
        processing: ProcessingEvent[Any] = ProcessingEvent()
        for aggregate in objs:  # what ProcessingEvent.collect_events does for aggregates, without its
            processing.events.extend(aggregate.collect_events())  # runtime protocol checks (slow in 3.11)
            processing.aggregates[aggregate.id] = aggregate
        return processing

    def _after_batch(self) -> None:
        """Run once after each batch of saves: by the group commit's writer, and after each of the library's own
        ``save`` (``ServiceApplication`` tells its batch listeners)."""

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """The library's ``save`` (tokens, keys, a GCG import), then the batch step, as the group commit runs it."""
        recordings = super().save(*objs, **kwargs)
        self._after_batch()
        return recordings

    def _after_save(self, entry: Entry) -> list[Any]:
        """What the library's ``save`` does after recording (run by the writer, once durable, before the
        caller is told); the snapshots due, taken now, are returned for the group commit to store
        afterwards on a thread of their own, so that their transaction delays nobody's answer."""
        processing = entry.processing
        if self.repository.cache is not None and not self.repository.fastforward:
            for ident, aggregate in processing.aggregates.items():
                self.repository.cache.put(ident, aggregate)
        self._notify(entry.recordings)
        self.notify(processing.events)  # the library's deprecated hook, kept for parity with save()
        return self._snapshots_due(processing)

    # ---- commands prepared on an event loop (the HTTP service) ------------------------------------
    @contextmanager
    def deferring(self) -> Iterator[Deferred]:
        """While inside, a command run in this context is prepared but not written: ``Deferred.commit``
        then awaits its write. The game is marked *being written* from then until it is durable (or
        refused): readers and other commands for it wait; every other game goes on.

        The caller runs one game's commands one at a time (``turn``), so a game is never prepared
        on top of events that are not written yet.
        """
        deferred = Deferred()
        reset = DEFERRED.set(deferred)
        try:
            yield deferred
        except BaseException:
            deferred.abandon()
            raise
        finally:
            DEFERRED.reset(reset)

    def turn(self, game_id: UUID) -> Turn:
        """One game's commands take turns on the event loop, from loading to written (``async with``).

        Per game, not per stripe: a turn is held until the command is durable, so two games sharing a
        stripe would wait for each other's writes (with 64 games in play, one command in sixteen did,
        which was most of the closed-loop p99 on PostgreSQL; bench/README.md)."""
        return Turn(self._turns, game_id)

    async def settled(self, game_id: UUID) -> None:
        """Return once no command of the game is being written (at once, nearly always)."""
        while (writing := self._in_flight.get(game_id)) is not None:
            await asyncio.get_running_loop().run_in_executor(None, writing.wait, WRITE_WAIT)

    def close(self) -> None:
        """Write what is queued, then close the store."""
        committer = getattr(self, "committer", None)
        if committer is not None:
            committer.close()
        close_recorder = getattr(getattr(self, "recorder", None), "close", None)
        if close_recorder is not None:  # SQLite's checkpointer (service/game/sqlitestore.py)
            close_recorder()
        super().close()

    def _also_save(self, game: Game) -> list[Any]:
        """Other aggregates to save atomically with the game's new events (none here; the service adds some)."""
        return []

    def _take_snapshots(self, processing_event: Any) -> None:
        """Snapshot a game from memory when a save crosses a multiple of ``SNAPSHOT_EVERY`` (and store it)."""
        snapshots = self._snapshots_due(processing_event)
        if snapshots:
            self._put_snapshots(snapshots)

    def _snapshots_due(self, processing_event: Any) -> list[Any]:
        """The snapshots a save calls for, taken from memory now, as the rows to store.

        The library would reload the game from the store at that version; the game just saved is
        already in memory, at a version as good for a snapshot as any. It is stored later (by the snapshots'
        thread, after the callers are answered), while the game's next command changes board, racks, counts and
        scores in place: so it is encoded now (the library's own mapper: the row it would store), and the row
        holds the version it names. (It was copied by pickling and encoded by the snapshots' thread: the copy
        was a quarter of the writer's time under load, bench/README.md.)
        """
        if self.snapshots is None:
            return []
        taken = []
        for aggregate in processing_event.aggregates.values():
            interval = self.snapshotting_intervals.get(type(aggregate))
            if not interval:
                continue
            ident = aggregate.id
            if any(e.originator_version % interval == 0 for e in processing_event.events if e.originator_id == ident):
                taken.append(self.snapshots.mapper.to_stored_event(Game.Snapshot.take(aggregate)))
        return taken

    def _put_snapshots(self, snapshots: list[Any]) -> None:
        """Store snapshots' rows (``_snapshots_due``), ``SNAPSHOTS_AT_ONCE`` a transaction; run by the group commit's
        snapshot thread, or by a caller that wrote its own save, after the batch's callers are answered. The event
        store has one writer at a time: the group commit's next batch waits for the transaction under way, so it is
        kept short (games played at the same pace reach their snapshots together: 35 in one transaction held the
        events' writer 25-50 ms)."""
        for start in range(0, len(snapshots), SNAPSHOTS_AT_ONCE):
            self.snapshots.recorder.insert_events(snapshots[start:start + SNAPSHOTS_AT_ONCE])

    def stored_version(self, game_id: UUID) -> int:
        """The version of the game's last stored event (0 when there is no such game)."""
        last = self.recorder.select_events(game_id, desc=True, limit=1)
        return last[0].originator_version if last else 0

    def _meta(self, by: Actor) -> Meta:
        return Meta(by.actor, by.device, self.clock(), getattr(by, "official", None), getattr(by, "token", None))
