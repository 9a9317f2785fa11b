"""The group commit's snapshots (``service/game/commit.py``, ``service/game/store.py``): stored by a thread of their own
after the callers are answered, holding the game at the version they name, a few a transaction."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any
from uuid import UUID

from tests.application.commit_helpers import Note, store_for


def test_snapshots_are_stored_by_a_thread_of_their_own_and_close_waits_for_them(tmp_path, request):
    """The writer hands a batch's snapshots to their own thread and goes on: with storing them held up,
    later commands are still written and answered at once; ``close`` then stores what it was handed.
    (Stored by the writer, a snapshot's transaction held up every command queued behind it: 11 ms at the
    median on PostgreSQL under load, 50 at worst; bench/README.md.)"""
    from service.game.commit import GroupCommit

    app = store_for("sqlite", request, tmp_path).app()
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


def test_a_snapshot_holds_the_game_at_the_version_it_names_though_the_next_command_comes_before_it_is_stored(
        tmp_path, request, long_game_steps):
    """The save that crosses version 50 takes a snapshot, stored by the snapshots' thread after the callers are
    answered; held there, the game's next commands (plays and their acceptances, which draw: they change the
    board, racks, rack counts and scores in place) run first. The snapshot stored is still the game at its own
    version, event for event the replay up to it, and a game loaded from it goes on as the full replay does."""
    from service.game.store import SNAPSHOT_EVERY
    from tests.application.conftest import replayed
    from tests.application.script import DIRECTOR

    app = store_for("sqlite", request, tmp_path).app()
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


def test_snapshots_due_together_are_stored_a_few_at_a_time(tmp_path, request):
    """Games played at the same pace reach their snapshots together; stored in one transaction, 35 of them held the
    event store's one writer (the next batch of commands) for 25-50 ms. They are stored ``SNAPSHOTS_AT_ONCE`` a
    transaction, every one of them."""
    from service.game.store import SNAPSHOTS_AT_ONCE

    app = store_for("sqlite", request, tmp_path).app()
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
