"""How soon a command awaiting its write runs again once written (``GroupCommit.save_async``).

Under load every turn of the event loop is a pass over all the callbacks that became ready meanwhile (other
requests' bodies, answers, wake-ups), each pass several milliseconds long; a coroutine that needs three more
turns to learn that its write is done waits three such passes (bench/README.md, the paced tail). These tests
count turns, not milliseconds: a callback that schedules itself again runs once a turn.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.application.commit_helpers import Note, saved_while_held, store_for


def test_a_coroutine_awaiting_its_write_runs_again_on_the_turn_after_the_writers_wake_up(tmp_path, request):
    """The writer's wake-up (one callback on the loop) resolves the caller's future; the caller runs on the very next
    turn. (Awaited through ``asyncio.wait_for`` over ``asyncio.shield`` it ran three turns later.)"""
    app = store_for("sqlite", request, tmp_path).app()
    committer = app.committer

    async def measured() -> tuple[int, int]:
        loop = asyncio.get_running_loop()
        turns, woken = [0], []
        stop = False

        def tick() -> None:
            turns[0] += 1
            if not stop:
                loop.call_soon(tick)

        wake = loop.call_soon_threadsafe

        def noted(callback: Any, *args: Any) -> Any:
            def run() -> None:
                woken.append(turns[0])
                callback(*args)
            return wake(run)

        loop.call_soon_threadsafe = noted  # type: ignore[method-assign]
        tick()
        await committer.save_async(app._processing(Note()))
        resumed = turns[0]
        stop = True
        return woken[0], resumed

    woken, resumed = asyncio.run(measured())
    assert resumed - woken == 1


def test_a_write_over_its_bound_is_answered_stalled_and_the_later_wake_up_finds_nobody_waiting(tmp_path, request):
    """The bound's timer answers the caller ``stalled`` (nothing recorded: withdrawn while still queued); the
    writer, freed later, writes nothing for it and its wake-up of the loop raises nothing."""
    app = store_for("sqlite", request, tmp_path).app()
    committer = app.committer
    committer.write_bound = 0.2
    errors: list[Any] = []

    async def overdue() -> Any:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _, context: errors.append(context))
        note = Note()
        outcome = await saved_while_held(app, note)  # the writer cannot take the batch: the save waits past its bound
        other = Note()
        await committer.save_async(app._processing(other))  # the writer runs again, the loop stays well
        await asyncio.sleep(0.05)
        return outcome, note.id, other.id

    outcome, withdrawn, written = asyncio.run(overdue())
    assert outcome is not None
    error, waited = outcome
    assert error.code == "store_stalled" and error.recorded is False
    assert 0.2 <= waited < 2
    assert list(app.repository.event_store.get(withdrawn)) == []
    assert len(list(app.repository.event_store.get(written))) == 1
    assert errors == []
