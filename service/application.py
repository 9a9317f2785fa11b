"""The use cases: an eventsourcing ``Application`` whose methods load a Game, run one command, save.

Every command names the version the caller last saw (``expected_version``): a stale caller gets
``VersionConflict`` with the current version, and so does the loser of two writers racing on the
same version (the store refuses the second event with that version). The time of every fact comes
from the injected ``clock``; in a ``virtual`` bag the application is the bag, drawing with a
cryptographically secure generator from the tiles the game has not seen, and hands the exact
tiles to the aggregate, which never draws by itself. Games stay cached between commands and are
fast-forwarded from the store on every load; a snapshot every ``SNAPSHOT_EVERY`` events keeps a
cold load short. Storage is whatever the constructor ``env`` says (see ``service.settings``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import pickle
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from random import Random
from threading import Lock
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.persistence import IntegrityError

from domain.game import Game, Meta
from domain.game.chain import ChainBreak, ChainRecord, record_of, verify_chain
from domain.game.devices import LOG_ONLY
from service import bag
from service.arbiter import ArbiterCommands
from service.tablets import TabletCommands
from service.commit import Entry, GroupCommit

Action = Callable[[Game, Meta], None]
#: A snapshot every this many events: a finished game (~150–250 events) then loads from a
#: snapshot plus a short tail instead of a full replay.
SNAPSHOT_EVERY = 50
#: Games kept in memory between commands; each load still reads any newer events from the store
#: (the library's fast-forward), so several processes or applications stay correct.
CACHE_GAMES = "256"
#: Lock stripes for games (see ``GamesApplication.__init__``).
LOCK_STRIPES = 1024
#: Seconds between looks while waiting for a game's command to be written.
WRITE_WAIT = 1.0
_DEFERRED: contextvars.ContextVar[Deferred | None] = contextvars.ContextVar("planilla_deferred", default=None)


def utc_now() -> str:
    """The current time as ISO-8601 UTC with milliseconds (``2025-05-01T10:00:00.000Z``)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


#: The actor of what the service does itself: the virtual bag's refill after an acceptance.
BAG_ACTOR = "service:bag"


class Actor(NamedTuple):
    """Who sends a command (``player:0``, ``director:ana``, ``system``) and from which device."""

    actor: str
    device: str | None = None


class ApplicationError(Exception):
    """Raised when a use case cannot run for a reason outside the game's rules."""

    code = "application_error"


class GameNotFound(ApplicationError, LookupError):
    """Raised when no game has the given id."""

    code = "game_not_found"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class VersionConflict(ApplicationError):
    """Raised when a command names a version that is no longer the game's current one."""

    code = "version_conflict"

    def __init__(self, game_id: UUID, current_version: int, expected_version: int | None = None) -> None:
        super().__init__(f"game {game_id} is at version {current_version}, not {expected_version}")
        self.game_id, self.current_version, self.expected_version = game_id, current_version, expected_version


def deferred_save() -> "Deferred | None":
    """The deferred save of the command running in this context, if it runs on an event loop."""
    return _DEFERRED.get()


class Turn:
    """``async with``: a game's asyncio lock, kept in ``turns`` only while a command holds or awaits it."""

    __slots__ = ("turns", "game_id", "entry")

    def __init__(self, turns: dict[UUID, list[Any]], game_id: UUID) -> None:
        self.turns, self.game_id = turns, game_id

    async def __aenter__(self) -> None:
        entry = self.turns.get(self.game_id)
        if entry is None:
            entry = self.turns[self.game_id] = [asyncio.Lock(), 0]
        entry[1] += 1
        self.entry = entry
        try:
            await entry[0].acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.entry[0].release()
        self._leave()

    def _leave(self) -> None:
        self.entry[1] -= 1
        if self.entry[1] == 0 and self.turns.get(self.game_id) is self.entry:
            del self.turns[self.game_id]


class Deferred:
    """A command prepared on an event loop: the events to write, and how to await their write."""

    def __init__(self) -> None:
        self.app: GamesApplication | None = None
        self.game_id: UUID | None = None
        self.expected = 0
        self.processing: ProcessingEvent[Any] | None = None
        self._then: list[Callable[[], None]] = []

    def hold(self, app: GamesApplication, game_id: UUID, expected: int, processing: ProcessingEvent[Any]) -> None:
        """Keep the prepared save (called under the game's lock) and mark the game as being written."""
        if self.processing is not None:
            raise RuntimeError("one deferred save per command")
        self.app, self.game_id, self.expected, self.processing = app, game_id, expected, processing
        app._in_flight[game_id] = threading.Event()

    def after_commit(self, step: Callable[[], None]) -> None:
        """Keep ``step`` for ``then``, which the caller runs once ``commit`` has returned (the write is durable)."""
        self._then.append(step)

    def then(self) -> None:
        """The steps kept for after the write (call after ``commit`` returned)."""
        steps, self._then = self._then, []
        for step in steps:
            step()

    async def commit(self) -> None:
        """Await the write; VersionConflict when another writer took the version meanwhile."""
        app, game_id, processing = self.app, self.game_id, self.processing
        if app is None or game_id is None or processing is None:
            return  # the command prepared nothing to write

        def done(entry: Entry) -> None:  # on the writer's thread, before this coroutine wakes
            self._unmark(evict=entry.error is not None)

        try:
            await app.committer.save_async(processing, done)
        except IntegrityError:
            raise VersionConflict(game_id, app.stored_version(game_id), self.expected) from None
        finally:
            self.abandon()  # a no-op once ``done`` ran; else (never queued, say) the game must not stay marked

    def abandon(self) -> None:
        """Give up a prepared save that will not be written: unmark the game and drop it from the cache."""
        self._unmark(evict=True)

    def _unmark(self, *, evict: bool) -> None:
        """The game is no longer being written (once only); ``evict``: its new events were in memory only."""
        app, game_id = self.app, self.game_id
        if app is None or game_id is None:
            return
        writing = app._in_flight.pop(game_id, None)
        if writing is None:
            return
        if evict:
            with contextlib.suppress(KeyError):
                app.repository.cache.get(game_id, evict=True)
        writing.set()


class GamesApplication(ArbiterCommands, TabletCommands, Application):
    """Recording tournament games: one Game aggregate per game, every command a use case."""

    name = "Planilla"
    env = {"AGGREGATE_CACHE_MAXSIZE": CACHE_GAMES}
    snapshotting_intervals = {Game: SNAPSHOT_EVERY}

    def __init__(self, env: dict[str, str] | None = None, *, clock: Callable[[], str] = utc_now,
                 rng: Random | None = None) -> None:
        super().__init__(env)
        self.clock = clock
        self.rng = rng or secrets.SystemRandom()
        # Per game (striped): a fast-forward and a copy never overlap. Held only for that moment; a
        # game's commands on the event loop take turns per game (``turn``), held until written.
        self._locks = [Lock() for _ in range(LOCK_STRIPES)]
        self.committer = GroupCommit(self, after=self._after_save, later=self._put_snapshots)
        self._in_flight: dict[UUID, threading.Event] = {}  # games whose command is being written
        self._turns: dict[UUID, list[Any]] = {}  # per game with a command in turn: [lock, holders]

    # ---- creation and queries ---------------------------------------------------------------
    def create_game(self, profile: str, players: list[str], by: Actor, *, bag_mode: str = "virtual",
                    details: dict[str, Any] | None = None) -> UUID:
        """Create a game under a profile, players in seat order; returns its id."""
        game = Game.create(profile, players, self._meta(by), bag_mode=bag_mode, details=details)
        self._save(game)
        if self.repository.cache is not None:
            self.repository.cache.put(game.id, game)  # deferred: readers wait until it is written
        return game.id

    def get_game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game as it is now, or as it was at ``version``: a copy of its own for the caller."""
        try:
            if version is None and self.repository.cache is not None:
                return self._from_cache(game_id)
            return self.repository.get(game_id, version=version)
        except AggregateNotFoundError:
            raise GameNotFound(game_id) from None

    def history(self, game_id: UUID) -> list[ChainRecord]:
        """Every stored event of the game as a chain record, oldest first."""
        records = [record_of(event) for event in self.repository.event_store.get(game_id)]
        if not records:
            raise GameNotFound(game_id)
        return records

    def verify(self, game_id: UUID) -> ChainBreak | None:
        """Check the stored hash chain; the first event that does not fit, or None when intact."""
        return verify_chain(self.history(game_id))

    # ---- the turn cycle ---------------------------------------------------------------------
    def draw_for_start(self, game_id: UUID, by: Actor, *, expected_version: int,
                       tiles: list[str] | None = None) -> int:
        """Each player draws one tile to decide who starts; a virtual bag draws them."""
        def act(game: Game, meta: Meta) -> None:
            game.draw_for_start(self._tiles(game, len(game.players), tiles), meta)
        return self._command(game_id, expected_version, by, act)

    def give_starter(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                     reason: str = "pairing list") -> int:
        """The pairing list names who starts."""
        return self._command(game_id, expected_version, by, lambda g, m: g.give_starter(seat, m, reason))

    def draw_tiles(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                   count: int | None = None, tiles: list[str] | None = None) -> int:
        """A player draws; a virtual bag draws ``count`` tiles (default: back to seven) itself."""
        def act(game: Game, meta: Meta) -> None:
            if game.bag_mode != "virtual":
                return game.draw_tiles(seat, meta, count=count, tiles=tiles)
            wanted = bag.refill_count(game, seat) if count is None else count
            game.draw_tiles(seat, meta, tiles=self._tiles(game, wanted, tiles))
        return self._command(game_id, expected_version, by, act)

    def place_tiles(self, game_id: UUID, seat: int, coordinates: str, word: str, by: Actor, *,
                    expected_version: int, announced: int | None = None, announced_total: int | None = None) -> int:
        """Record a play in federation notation (``H8``, ``8H``), with the score and total announced (FILE 32)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.place_tiles(
            seat, coordinates, word, m, announced=announced, announced_total=announced_total))

    def decide_off_centre(self, game_id: UUID, seat: int, accept: bool, by: Actor, *, expected_version: int) -> int:
        """The opponent accepts or refuses a first play that missed the centre."""
        return self._command(game_id, expected_version, by, lambda g, m: g.decide_off_centre(seat, accept, m))

    def accept(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int, how: str = "score written",
               auto_draw: bool = True) -> int:
        """The opponent accepts the play; a virtual bag then refills the player's rack in the same save."""
        def act(game: Game, meta: Meta) -> None:
            placer = (game.pending or {}).get("seat")
            game.accept(seat, meta, how)
            self._auto_draw(game, placer, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def challenge(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                  words: list[str] | None = None) -> int:
        """Challenge words of the last play (all of them by default)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.challenge(seat, m, words))

    def rule_challenge(self, game_id: UUID, valid: bool, authority: str | None, by: Actor, *, expected_version: int,
                       auto_draw: bool | None = None, seat: int | None = None) -> int:
        """The ruling on a challenge; a valid play in a virtual bag is refilled in the same save.

        By default (``auto_draw=None``) the refill waits while someone may still appeal the ruling,
        because drawing closes the appeal (FISC I.10: the challenger's rechallenge; FILE 41.2):
        the player then draws with ``draw_tiles`` once the appeal is given up or decided. With a
        ``seat`` a player records the answer the players consulted (FILE 41.1), for the other to confirm.
        """
        def act(game: Game, meta: Meta) -> None:
            placer = (game.pending or {}).get("seat")
            game.rule_challenge(valid, authority, meta, seat=seat)
            self._after_ruling(game, placer, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def confirm_ruling(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                       auto_draw: bool | None = None) -> int:
        """The other player confirms the answer a player recorded: it is the ruling (FILE 41.1-41.2)."""
        def act(game: Game, meta: Meta) -> None:
            appeal = bool(game.proposed_ruling and game.proposed_ruling["appeal"])
            placer = game.ruling_parties()[0] if game.ruling_parties() else None
            game.confirm_ruling(seat, meta)
            if appeal:
                return self._after_appeal(game, meta, True if auto_draw is None else auto_draw)
            self._after_ruling(game, placer, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def dispute_ruling(self, game_id: UUID, seat: int, reason: str, by: Actor, *, expected_version: int) -> int:
        """A player disputes the answer recorded: the arbiter rules (FILE 41.1, 33.5)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.dispute_ruling(seat, reason, m))

    def _after_ruling(self, game: Game, placer: int | None, meta: Meta, auto_draw: bool | None) -> None:
        if game.pending and game.pending["kind"] == "ruling":
            return  # only proposed: no ruling yet, the challenged player may not draw (FILE 41.3)
        self._auto_draw(game, placer, meta, not game.appellants() if auto_draw is None else auto_draw)

    def _after_appeal(self, game: Game, meta: Meta, auto_draw: bool) -> None:
        turn = game.turns[-1] if game.turns else None
        final = game.last_ruling is None or game.last_ruling["final"]
        if final and turn and turn["kind"] == "play" and not game.pending:
            self._auto_draw(game, turn["seat"], meta, auto_draw)

    def appeal(self, game_id: UUID, seat: int, argument: str, by: Actor, *, expected_version: int) -> int:
        """Ask for a second look at the last ruling."""
        return self._command(game_id, expected_version, by, lambda g, m: g.appeal(seat, argument, m))

    def rule_appeal(self, game_id: UUID, valid: bool, authority: str | None, by: Actor, *, expected_version: int,
                    auto_draw: bool = True, seat: int | None = None) -> int:
        """The final answer on appeal; a play that stands is refilled in the same save in a virtual bag. With a
        ``seat``, a player records the second check on another phone for the other to confirm (FILE 41.2)."""
        def act(game: Game, meta: Meta) -> None:
            game.rule_appeal(valid, authority, meta, seat=seat)
            self._after_appeal(game, meta, auto_draw)
        return self._command(game_id, expected_version, by, act)

    def exchange_tiles(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                       count: int | None = None, tiles: list[str] | None = None,
                       drawn: list[str] | None = None) -> int:
        """Exchange tiles; a virtual bag draws the replacements (before the returned tiles go in)."""
        def act(game: Game, meta: Meta) -> None:
            if game.bag_mode == "virtual":
                new = self._tiles(game, len(tiles or ()), drawn, cap=True)
                return game.exchange_tiles(seat, meta, tiles=tiles, drawn=new)
            game.exchange_tiles(seat, meta, count=count, tiles=tiles, drawn=drawn)
        return self._command(game_id, expected_version, by, act)

    def announce_exchange(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int,
                          count: int | None = None) -> int:
        """The player announces an exchange; it can no longer become a play or a pass (FILE 25)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.announce_exchange(seat, m, count))

    def pass_turn(self, game_id: UUID, seat: int, by: Actor, *, expected_version: int) -> int:
        """Pass."""
        return self._command(game_id, expected_version, by, lambda g, m: g.pass_turn(seat, m))

    # ---- the end ----------------------------------------------------------------------------
    def end_game(self, game_id: UUID, cause: str, by: Actor, *, expected_version: int, detail: str = "") -> int:
        """A director ends the game (round time, director's decision, time)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.end_game(cause, m, detail))

    def declare_end_rack(self, game_id: UUID, seat: int, tiles: list[str], by: Actor, *,
                         expected_version: int) -> int:
        """Record a player's tiles left at the end."""
        return self._command(game_id, expected_version, by, lambda g, m: g.declare_end_rack(seat, tiles, m))

    def sign(self, game_id: UUID, seat: int, signature: str, by: Actor, *, expected_version: int) -> int:
        """A player signs the final sheet; the last signature closes the game."""
        return self._command(game_id, expected_version, by, lambda g, m: g.sign(seat, signature, m))

    def consent_reopen(self, game_id: UUID, seat: int, reason: str, by: Actor, *, expected_version: int) -> int:
        """A player asks, from their own tablet, that the closed game be reopened (FILE 43, FISE 44)."""
        return self._command(game_id, expected_version, by, lambda g, m: g.consent_reopen(seat, reason, m))

    def reopen(self, game_id: UUID, reason: str, by: Actor, *, expected_version: int) -> int:
        """A director reopens a closed game once every player's own request is recorded, where the profile allows it."""
        return self._command(game_id, expected_version, by, lambda g, m: g.reopen(reason, m))

    # ---- plumbing ---------------------------------------------------------------------------
    def _from_cache(self, game_id: UUID) -> Game:
        """The cached game, fast-forwarded from the store, copied while no other thread moves it on.

        A game whose command is being written (see ``deferring``) is copied once it is written, so
        no reader sees events that are not durable yet. Pickling copies the JSON-native state about
        four times faster than the library's deepcopy.
        """
        with self._settled_stripe(game_id):
            return pickle.loads(pickle.dumps(self.repository.get(game_id, deepcopy_from_cache=False)))

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
        deferred = _DEFERRED.get()
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
        recording done by ``service.commit.GroupCommit``, so a command returns only once its events
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
        reset = _DEFERRED.set(deferred)
        try:
            yield deferred
        except BaseException:
            deferred.abandon()
            raise
        finally:
            _DEFERRED.reset(reset)

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
        """The snapshots a save calls for, taken from memory now.

        The library would reload the game from the store at that version; the game just saved is
        already in memory, at a version as good for a snapshot as any.
        """
        if self.snapshots is None:
            return []
        taken = []
        for aggregate in processing_event.aggregates.values():
            interval = self.snapshotting_intervals.get(type(aggregate))
            if not interval:
                continue
            versions = [e.originator_version for e in processing_event.events
                        if e.originator_id == aggregate.id]
            if any(v % interval == 0 for v in versions):
                taken.append(Game.Snapshot.take(aggregate))
        return taken

    def _put_snapshots(self, snapshots: list[Any]) -> None:
        """Store snapshots (one transaction); run by the group commit's snapshot thread, or by a caller that
        wrote its own save, after the batch's callers are answered."""
        self.snapshots.put(snapshots)

    def stored_version(self, game_id: UUID) -> int:
        """The version of the game's last stored event (0 when there is no such game)."""
        last = self.recorder.select_events(game_id, desc=True, limit=1)
        return last[0].originator_version if last else 0

    def _meta(self, by: Actor) -> Meta:
        return Meta(by.actor, by.device, self.clock())

    # ---- the virtual bag --------------------------------------------------------------------
    def _tiles(self, game: Game, count: int, given: list[str] | None, *, cap: bool = False) -> list[str]:
        return bag.draw(game, count, given, self.rng, cap=cap)

    def _auto_draw(self, game: Game, seat: int | None, meta: Meta, enabled: bool) -> None:
        """After an acceptance in a virtual bag, the player's rack is refilled to seven (FILE 32).

        The draw is the service's (``BAG_ACTOR``), in the same save as the acceptance it follows and
        from the same device's request: the acceptance stays the opponent's, and nobody reading the
        trail sees the opponent drawing the player's tiles.
        """
        if not enabled or seat is None or game.bag_mode != "virtual" or game.phase != "playing":
            return
        count = bag.refill_count(game, seat)
        if count:
            game.draw_tiles(seat, Meta(BAG_ACTOR, meta.device, meta.at), tiles=self._tiles(game, count, None))
