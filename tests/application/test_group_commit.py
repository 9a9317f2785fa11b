"""Group commit (``service/game/commit.py``): concurrent commands share a transaction, each keeps its own outcome.

The batching is made certain rather than hoped for: the test holds the committer's write lock
while the commands queue up, so the first one to get the lock after it is released writes them
all in one transaction.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.domain import Aggregate

from service.game.application import LOCK_STRIPES, Actor, GamesApplication, VersionConflict
from tests.application.conftest import Store

DIRECTOR = Actor("director:test", "desk")


def dealt_game(app: GamesApplication) -> tuple[UUID, int]:
    """A game past the starter and both first draws (version 4), on a lock stripe no other game here uses
    (games on one stripe take turns, so they could not queue together while the test holds the write)."""
    used = app.__dict__.setdefault("_test_stripes", set())
    while True:
        game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR)
        if game_id.int % LOCK_STRIPES not in used:
            used.add(game_id.int % LOCK_STRIPES)
            break
    v = app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = app.draw_tiles(game_id, 0, Actor("player:0"), expected_version=v)
    return game_id, app.draw_tiles(game_id, 1, Actor("player:1"), expected_version=v)


def queued_together(app: GamesApplication, sends: list[Any]) -> dict[int, Any]:
    """Run each send on its own thread while the write lock is held; release it once all have queued."""
    committer = app.committer
    outcomes: dict[int, Any] = {}

    def run(i: int, send: Any) -> None:
        try:
            outcomes[i] = send()
        except Exception as error:  # noqa: BLE001 - the outcome under test
            outcomes[i] = error

    before = committer.transactions
    with committer._write_lock:
        threads = [threading.Thread(target=run, args=(i, s)) for i, s in enumerate(sends)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 20
        while len(committer._queue) < len(sends):
            assert time.monotonic() < deadline, "the commands never queued"
            time.sleep(0.005)
    for t in threads:
        t.join(30)
    assert committer.transactions - before >= 1
    return outcomes


class Note(Aggregate):
    """An aggregate of one event: a save to queue."""


async def awaited_together(app: GamesApplication, notes: list[Note]) -> list[Any]:
    """Each note's save awaited on this loop, all queued while the write lock is held, so the writer takes them in
    one batch; their recordings, in order."""
    committer = app.committer
    with committer._write_lock:
        saves = [asyncio.ensure_future(committer.save_async(app._processing(n))) for n in notes]
        while len(committer._queue) < len(notes):
            await asyncio.sleep(0.005)
    return list(await asyncio.gather(*saves))


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_commands_for_different_games_queued_together_are_written_in_one_transaction(kind, request, tmp_path):
    """Eight passes on eight games, queued while a write runs: one transaction, eight acknowledged commands,
    each reported at its own game's next version and readable from a second connection afterwards."""
    store = _store(kind, request, tmp_path)
    app = store.app()
    games = [dealt_game(app) for _ in range(8)]
    before_tx, before_entries = app.committer.transactions, app.committer.entries
    outcomes = queued_together(app, [
        (lambda g=g, v=v: app.pass_turn(g, 0, Actor("player:0"), expected_version=v)) for g, v in games])
    assert outcomes == {i: v + 1 for i, (_, v) in enumerate(games)}
    assert app.committer.transactions - before_tx == 1
    assert app.committer.entries - before_entries == 8
    other = store.app()
    for game_id, v in games:
        events = list(other.repository.event_store.get(game_id))
        assert [e.originator_version for e in events] == list(range(1, v + 2))
        assert type(events[-1]).__name__ == "TurnPassed"


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_conflict_in_a_batch_fails_only_its_own_command(kind, request, tmp_path):
    """A command whose version another writer took meanwhile (this app's cache is stale) shares a batch with
    two others: it alone gets VersionConflict naming the store's version; the others are recorded; the
    stale game's history has no gap and no event of the refused command."""
    store = _store(kind, request, tmp_path)
    app, elsewhere = store.app(), store.app()
    stale, v = dealt_game(app)
    fine = [dealt_game(app) for _ in range(2)]
    elsewhere.pass_turn(stale, 0, Actor("player:0", "other-server"), expected_version=v)  # takes version v + 1
    outcomes = queued_together(app, [
        lambda: app.pass_turn(stale, 0, Actor("player:0"), expected_version=v),
        *[(lambda g=g, w=w: app.pass_turn(g, 0, Actor("player:0"), expected_version=w)) for g, w in fine]])
    refused = outcomes[0]
    assert isinstance(refused, VersionConflict) and refused.current_version == v + 1
    assert outcomes[1] == fine[0][1] + 1 and outcomes[2] == fine[1][1] + 1
    events = list(store.app().repository.event_store.get(stale))
    assert [e.originator_version for e in events] == list(range(1, v + 2))
    assert events[-1].device == "other-server"
    # The refused command left nothing behind in memory either: the next command at the true version works.
    assert app.pass_turn(stale, 1, Actor("player:1"), expected_version=v + 1) == v + 2


def test_a_batch_that_cannot_be_written_is_written_again_one_by_one(tmp_path, request):
    """When the batch's transaction fails (here: the first attempt of any multi-entry insert raises), every
    command is written on its own and each caller gets its own result: nobody's command is lost."""
    store = _store("sqlite", request, tmp_path)
    app = store.app()
    games = [dealt_game(app) for _ in range(3)]
    recorder = app.recorder
    real = recorder.insert_events
    failed: list[int] = []

    def flaky(stored: list[Any], **kwargs: Any) -> Any:
        if len({s.originator_id for s in stored}) > 1:
            failed.append(len(stored))
            raise RuntimeError("disk hiccup")
        return real(stored, **kwargs)

    recorder.insert_events = flaky  # type: ignore[method-assign]
    outcomes = queued_together(app, [
        (lambda g=g, v=v: app.pass_turn(g, 0, Actor("player:0"), expected_version=v)) for g, v in games])
    assert failed, "the batch was never tried as one"
    assert outcomes == {i: v + 1 for i, (_, v) in enumerate(games)}
    for game_id, v in games:
        assert store.app().stored_version(game_id) == v + 1


def _store(kind: str, request: pytest.FixtureRequest, tmp_path) -> Store:
    from service.settings import settings_env

    target = request.getfixturevalue("postgres_url") if kind == "postgres" else tmp_path / "data"
    store = Store(kind, settings_env(target))
    request.addfinalizer(lambda: [a.close() for a in store.apps])
    return store


async def _deferred_pass(app: GamesApplication, game_id: UUID, seat: int, version: int) -> int:
    """A pass as the HTTP service runs it: prepared on the event loop, its write awaited."""
    async with app.turn(game_id):
        await app.settled(game_id)
        with app.deferring() as pending:
            made = app.pass_turn(game_id, seat, Actor(f"player:{seat}"), expected_version=version)
        await pending.commit()
    return made


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_command_prepared_on_the_event_loop_is_seen_by_readers_only_once_it_is_durable(kind, request, tmp_path):
    """While a command prepared on the loop waits for its write, a reader of the game (a thread) waits too:
    it never sees the new version before the store has it; then it does, and the command returns it."""
    store = _store(kind, request, tmp_path)
    app = store.app()
    game_id, v = dealt_game(app)
    seen: list[int] = []
    reader = threading.Thread(target=lambda: seen.append(app.get_game(game_id).version))
    result: list[Any] = []
    with app.committer._write_lock:  # the writer cannot write yet
        loop_thread = threading.Thread(target=lambda: result.append(asyncio.run(_deferred_pass(app, game_id, 0, v))))
        loop_thread.start()
        deadline = time.monotonic() + 20
        while game_id not in app._in_flight:
            assert time.monotonic() < deadline, "the command was never prepared"
            time.sleep(0.005)
        reader.start()
        time.sleep(0.3)
        assert not seen, "a reader saw a version that is not durable yet"
        assert app.stored_version(game_id) == v
    loop_thread.join(30)
    reader.join(30)
    assert result == [v + 1] and seen == [v + 1]
    assert game_id not in app._in_flight


def test_a_refused_command_prepared_on_the_event_loop_unmarks_the_game_and_forgets_its_events(tmp_path, request):
    """Another process took the version: the deferred write is refused with VersionConflict naming the store's
    version, the game is no longer marked as being written, and the next command at the true version works."""
    store = _store("sqlite", request, tmp_path)
    app, elsewhere = store.app(), store.app()
    game_id, v = dealt_game(app)
    elsewhere.pass_turn(game_id, 0, Actor("player:0", "other-server"), expected_version=v)
    with pytest.raises(VersionConflict) as refused:
        asyncio.run(_deferred_pass(app, game_id, 0, v))
    assert refused.value.current_version == v + 1
    assert game_id not in app._in_flight
    assert asyncio.run(_deferred_pass(app, game_id, 1, v + 1)) == v + 2
    assert [e.device for e in store.app().repository.event_store.get(game_id)][-2:] == ["other-server", None]


def test_snapshots_are_stored_by_a_thread_of_their_own_and_close_waits_for_them(tmp_path, request):
    """The writer hands a batch's snapshots to their own thread and goes on: with storing them held up,
    later commands are still written and answered at once; ``close`` then stores what it was handed.
    (Stored by the writer, a snapshot's transaction held up every command queued behind it: 11 ms at the
    median on PostgreSQL under load, 50 at worst; bench/README.md.)"""
    from service.game.commit import GroupCommit

    app = _store("sqlite", request, tmp_path).app()
    release, stored = threading.Event(), []

    def store_snapshots(items: list[Any]) -> None:
        release.wait(5)
        stored.extend(items)

    committer = GroupCommit(app, after=lambda entry: [entry.processing.events[0].originator_id],
                            later=store_snapshots)
    notes = [Note() for _ in range(3)]

    async def one_by_one() -> float:
        started = time.monotonic()
        for note in notes:
            await committer.save_async(app._processing(note))
        return time.monotonic() - started

    took = asyncio.run(one_by_one())
    assert took < 2 and stored == [], "the writer waited for the snapshots"
    assert [app.recorder.select_events(n.id)[0].originator_version for n in notes] == [1, 1, 1]
    release.set()
    committer.close()
    assert sorted(stored) == sorted(n.id for n in notes)


def test_a_games_turn_is_its_own_and_is_forgotten_when_nobody_holds_it(tmp_path, request):
    """Two games on one lock stripe do not take turns with each other (a turn is held until the write is
    durable); two commands for one game do; once no command holds or awaits a game's turn, it is gone."""
    app = _store("sqlite", request, tmp_path).app()
    one = UUID(int=5)
    same_stripe, order = UUID(int=5 + LOCK_STRIPES), []

    async def hold(game_id: UUID, name: str, seconds: float) -> None:
        async with app.turn(game_id):
            order.append(f"{name} in")
            await asyncio.sleep(seconds)
            order.append(f"{name} out")

    async def main() -> None:
        await asyncio.gather(hold(one, "a", 0.2), hold(same_stripe, "b", 0.01), hold(one, "c", 0.01))

    asyncio.run(main())
    assert order == ["a in", "b in", "b out", "a out", "c in", "c out"]
    assert app._turns == {}


def test_a_snapshot_holds_the_game_at_the_version_it_names_though_the_next_command_comes_before_it_is_stored(
        tmp_path, request, long_game_steps):
    """The save that crosses version 50 takes a snapshot, stored by the snapshots' thread after the callers are
    answered; held there, the game's next commands (plays and their acceptances, which draw: they change the
    board, racks, rack counts and scores in place) run first. The snapshot stored is still the game at its own version, event for event
    the replay up to it, and a game loaded from it goes on as the full replay does."""
    from service.game.store import SNAPSHOT_EVERY
    from tests.application.conftest import replayed
    from tests.application.script import DIRECTOR

    app = _store("sqlite", request, tmp_path).app()
    release, handed = threading.Event(), threading.Event()
    store_snapshots = app.committer.later

    def held(items: list[Any]) -> None:
        handed.set()
        release.wait(20)
        store_snapshots(items)

    app.committer.later = held

    async def send(game_id: UUID, step: Any, version: int) -> int:
        async with app.turn(game_id):
            await app.settled(game_id)
            with app.deferring() as pending:
                made = getattr(app, step.method)(game_id, *step.args, step.by, expected_version=version,
                                                 **step.kwargs)
            await pending.commit()
        return made

    game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="virtual")
    version, steps = 1, iter(long_game_steps)
    while version < SNAPSHOT_EVERY:  # as the HTTP service runs commands: prepared on a loop, written by the writer
        version = asyncio.run(send(game_id, next(steps), version))
    assert handed.wait(20), "no snapshot was taken by the save that crossed version 50"
    named = version
    after = [next(steps) for _ in range(8)]  # the snapshot is not stored yet: these change the game in place
    assert {"place_tiles", "accept"} <= {s.method for s in after}  # a play, and its acceptance's draw
    for step in after:
        version = asyncio.run(send(game_id, step, version))
    release.set()
    app.committer.close()  # stores what the snapshots' thread was handed, then returns

    (snapshot,) = list(app.snapshots.get(game_id))
    events = list(app.repository.event_store.get(game_id))
    assert snapshot.originator_version == named
    assert vars(snapshot.mutate(None)) == vars(replayed(events[:named]))
    assert vars(app.get_game(game_id, version=version)) == vars(replayed(events))  # loaded from the snapshot


def test_a_batch_of_commands_awaited_on_one_event_loop_wakes_that_loop_once(tmp_path, request):
    """Eight commands awaited on one loop and written in one transaction are answered with one wake-up of the loop
    (``call_soon_threadsafe``), not eight: each is a write to the loop's wake-up pipe, and a turn of the
    interpreter's lock taken back from the loop that is answering other requests. Each still gets its own result."""
    app = _store("sqlite", request, tmp_path).app()
    committer = app.committer
    wakes: list[int] = []

    async def together() -> list[Any]:
        loop = asyncio.get_running_loop()
        wake = loop.call_soon_threadsafe

        def counted(callback: Any, *args: Any) -> Any:
            wakes.append(len(args[0]) if args and isinstance(args[0], list) else 1)
            return wake(callback, *args)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign]
        notes = [Note() for _ in range(8)]
        found = await awaited_together(app, notes)
        return [(n.id, [r.notification.originator_id for r in rec]) for n, rec in zip(notes, found)]

    before = committer.transactions
    outcomes = asyncio.run(together())
    assert committer.transactions - before == 1
    assert wakes == [8]
    assert all(ids == [note] for note, ids in outcomes)


def test_snapshots_due_together_are_stored_a_few_at_a_time(tmp_path, request):
    """Games played at the same pace reach their snapshots together; stored in one transaction, 35 of them held the
    event store's one writer (the next batch of commands) for 25-50 ms. They are stored ``SNAPSHOTS_AT_ONCE`` a
    transaction, every one of them."""
    from service.game.store import SNAPSHOTS_AT_ONCE

    app = _store("sqlite", request, tmp_path).app()
    notes = [Note() for _ in range(2 * SNAPSHOTS_AT_ONCE + 1)]
    for note in notes:
        app.save(note)
    transactions: list[int] = []
    insert = app.snapshots.recorder.insert_events

    def counted(items: Any, **kwargs: Any) -> Any:
        transactions.append(len(items))
        return insert(items, **kwargs)

    app.snapshots.recorder.insert_events = counted  # type: ignore[method-assign]
    app._put_snapshots([app.snapshots.mapper.to_stored_event(Note.Snapshot.take(n)) for n in notes])
    assert transactions == [SNAPSHOTS_AT_ONCE, SNAPSHOTS_AT_ONCE, 1]
    assert all(list(app.snapshots.get(n.id)) for n in notes)


def test_the_after_batch_step_runs_once_a_batch_after_every_save_in_it(tmp_path, request):
    """Eight saves written in one transaction: each one's after-save step runs (the service's listeners), then the batch
    step (its batch listeners: the projector process's wake-up, one write to its pipe) once, after the last of them."""
    app = _store("sqlite", request, tmp_path).app()
    told: list[Any] = []
    committer = app.committer
    after = committer.after

    def each(entry: Any) -> Any:
        told.append(entry.processing.events[0].originator_id)
        return after(entry)

    committer.after = each
    app._after_batch = committer.after_batch = lambda: told.append("batch")  # type: ignore[method-assign]

    notes = [Note() for _ in range(8)]
    asyncio.run(awaited_together(app, notes))
    ids = [n.id for n in notes]
    assert told == [*ids, "batch"]
    app.save(Note())  # the library's own save (tokens, keys, a GCG import) is a batch of one
    assert told[-1] == "batch" and told.count("batch") == 2


def test_a_batch_that_wrote_nothing_runs_no_after_batch_step(tmp_path, request):
    """A batch whose every save was refused (here: its version taken by another writer) wakes nobody."""
    app = _store("sqlite", request, tmp_path).app()
    game_id, v = dealt_game(app)
    calls: list[int] = []
    app.committer.after_batch = lambda: calls.append(1)
    other = _store("sqlite", request, tmp_path).app()
    other.pass_turn(game_id, 0, Actor("player:0"), expected_version=v)
    with pytest.raises(VersionConflict):
        app.pass_turn(game_id, 0, Actor("player:0"), expected_version=v)
    assert calls == []


def test_the_services_batch_listeners_hear_of_every_kind_of_save_once(tmp_path):
    """``ServiceApplication.batch_listeners`` (the projector process's wake-up) are told once for a command written by
    the group commit and once for a save through the library's own ``save`` (a token here; a GCG import the same way),
    so that no save waits for the projector's poll."""
    from service.access.application import ServiceApplication
    from service.settings import settings_env

    app = ServiceApplication(settings_env(tmp_path / "data"))
    try:
        calls: list[int] = []
        app.batch_listeners.append(lambda: calls.append(1))
        app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="virtual")
        assert calls == [1]
        app.issue_token("director", "desk", "director:test")
        assert calls == [1, 1]
    finally:
        app.close()
