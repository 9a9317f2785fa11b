"""What the group commit's tests share (``tests/application/test_group_commit.py``, ``test_commit_snapshots.py``): a
dealt game on a lock stripe of its own, commands queued together while the write lock is held, a one-event aggregate
to save, saves awaited together on one loop, a store of either kind, a pass as the HTTP service runs it."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.domain import Aggregate

from service.game.application import LOCK_STRIPES, Actor, GamesApplication
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
        while committer.queued() < len(notes):
            await asyncio.sleep(0.005)
    return list(await asyncio.gather(*saves))


async def saved_while_held(app: GamesApplication, note: Note) -> tuple[Any, float] | None:
    """Await ``note``'s save while the store is held (the write lock): the error it ended with and how long it
    waited, or None when it was written all the same."""
    from service.store_health import StoreUnavailable

    with app.committer._write_lock:
        started = time.monotonic()
        try:
            await app.committer.save_async(app._processing(note))
        except StoreUnavailable as error:
            return error, time.monotonic() - started
    return None


def store_for(kind: str, request: pytest.FixtureRequest, tmp_path) -> Store:
    from service.settings import settings_env

    target = request.getfixturevalue("postgres_url") if kind == "postgres" else tmp_path / "data"
    store = Store(kind, settings_env(target))
    request.addfinalizer(lambda: [a.close() for a in store.apps])
    return store


async def deferred_pass(app: GamesApplication, game_id: UUID, seat: int, version: int) -> int:
    """A pass as the HTTP service runs it: prepared on the event loop, its write awaited."""
    async with app.turn(game_id):
        await app.settled(game_id)
        with app.deferring() as pending:
            made = app.pass_turn(game_id, seat, Actor(f"player:{seat}"), expected_version=version)
        await pending.commit()
    return made
