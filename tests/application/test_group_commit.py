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

from service.game.application import LOCK_STRIPES, Actor, VersionConflict
from tests.application.commit_helpers import (
    DIRECTOR, Note, awaited_together, dealt_game, deferred_pass, queued_together, store_for,
)


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_commands_for_different_games_queued_together_are_written_in_one_transaction(kind, request, tmp_path):
    """Eight passes on eight games, queued while a write runs: one transaction, eight acknowledged commands,
    each reported at its own game's next version and readable from a second connection afterwards."""
    store = store_for(kind, request, tmp_path)
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
    store = store_for(kind, request, tmp_path)
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
    store = store_for("sqlite", request, tmp_path)
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


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_command_prepared_on_the_event_loop_is_seen_by_readers_only_once_it_is_durable(kind, request, tmp_path):
    """While a command prepared on the loop waits for its write, a reader of the game (a thread) waits too:
    it never sees the new version before the store has it; then it does, and the command returns it."""
    store = store_for(kind, request, tmp_path)
    app = store.app()
    game_id, v = dealt_game(app)
    seen: list[int] = []
    reader = threading.Thread(target=lambda: seen.append(app.get_game(game_id).version))
    result: list[Any] = []
    with app.committer._write_lock:  # the writer cannot write yet
        loop_thread = threading.Thread(target=lambda: result.append(asyncio.run(deferred_pass(app, game_id, 0, v))))
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
    store = store_for("sqlite", request, tmp_path)
    app, elsewhere = store.app(), store.app()
    game_id, v = dealt_game(app)
    elsewhere.pass_turn(game_id, 0, Actor("player:0", "other-server"), expected_version=v)
    with pytest.raises(VersionConflict) as refused:
        asyncio.run(deferred_pass(app, game_id, 0, v))
    assert refused.value.current_version == v + 1
    assert game_id not in app._in_flight
    assert asyncio.run(deferred_pass(app, game_id, 1, v + 1)) == v + 2
    assert [e.device for e in store.app().repository.event_store.get(game_id)][-2:] == ["other-server", None]


def test_a_games_turn_is_its_own_and_is_forgotten_when_nobody_holds_it(tmp_path, request):
    """Two games on one lock stripe do not take turns with each other (a turn is held until the write is
    durable); two commands for one game do; once no command holds or awaits a game's turn, it is gone."""
    app = store_for("sqlite", request, tmp_path).app()
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


def test_a_batch_of_commands_awaited_on_one_event_loop_wakes_that_loop_once(tmp_path, request):
    """Eight commands awaited on one loop and written in one transaction are answered with one wake-up of the loop
    (``call_soon_threadsafe``), not eight: each is a write to the loop's wake-up pipe, and a turn of the
    interpreter's lock taken back from the loop that is answering other requests. Each still gets its own result."""
    app = store_for("sqlite", request, tmp_path).app()
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


def test_the_after_batch_step_runs_once_a_batch_after_every_save_in_it(tmp_path, request):
    """Eight saves written in one transaction: each one's after-save step runs (the service's listeners), then the batch
    step (its batch listeners: the projector process's wake-up, one write to its pipe) once, after the last of them."""
    app = store_for("sqlite", request, tmp_path).app()
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
    app = store_for("sqlite", request, tmp_path).app()
    game_id, v = dealt_game(app)
    calls: list[int] = []
    app.committer.after_batch = lambda: calls.append(1)
    other = store_for("sqlite", request, tmp_path).app()
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
