"""Exactly once: rows and tracking commit together, so a failure or a crash between writing the rows and
committing them neither applies an event twice nor skips one; a second projector cannot double-apply."""

from __future__ import annotations

import logging
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from projections import queries
from projections.projector import Projector, TrackingConflict
from projections.store import ReadStore
from tests.factories import play_random_game
from tests.projections.compare import contents, counts
from tests.projections.gcg_import import DIRECTOR, seat_actor

ROOT = Path(__file__).resolve().parents[2]


class Injected(RuntimeError):
    """The failure a test injects."""


def save_games(app, seeds, profile="file-2024"):
    games = [play_random_game(profile, seed) for seed in seeds]
    for game in games:
        app.save(game)
    return games


def rebuilt_elsewhere(stack) -> dict:
    """What a projector starting from nothing makes of the same events, in a store of its own."""
    store = ReadStore("sqlite://")
    store.migrate()
    Projector(stack.app, store).catch_up()
    return contents(store)


def test_a_failure_after_the_rows_are_written_but_before_commit_changes_nothing(stack, monkeypatch):
    save_games(stack.app, range(3))
    projector = stack.projector
    projector.batch_size = 40
    assert projector.catch_up(limit=80) == 80
    before, positions = contents(stack.store), projector.positions()

    # The next batch moves the tracking and writes its rows, then fails before the commit.
    original = Projector._write

    def fail_after_rows(self, conn, *args):
        original(self, conn, *args)
        raise Injected("power cut before commit")

    monkeypatch.setattr(Projector, "_write", fail_after_rows)
    with pytest.raises(Injected):
        projector.catch_up()
    assert contents(stack.store) == before and projector.positions() == positions

    # Once the fault is gone, everything is applied exactly once: the same rows a fresh projection makes.
    monkeypatch.setattr(Projector, "_write", original)
    assert projector.catch_up() == stack.app.recorder.max_notification_id() - 80
    assert projector.lag() == 0
    assert contents(stack.store) == rebuilt_elsewhere(stack)


CRASHING_CHILD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from projections.projector import Projector
    from projections.store import ReadStore
    from service.game.application import GamesApplication
    from service.settings import read_model_url, settings_env

    target = {target!r}
    original = Projector._write

    def crash(self, conn, *args):
        original(self, conn, *args)   # tracking and rows are written, nothing is committed yet
        os._exit(3)                   # the process dies: no rollback, no cleanup

    app = GamesApplication(settings_env(target))
    projector = Projector(app, ReadStore(read_model_url(target)), batch_size=50)
    projector.catch_up(limit=100)     # two batches commit
    Projector._write = crash
    projector.catch_up()              # the third dies half-way
""")


def test_a_process_killed_between_rows_and_commit_leaves_no_trace(shared_stack):
    save_games(shared_stack.app, range(3, 6))
    script = CRASHING_CHILD.format(root=str(ROOT), target=shared_stack.target)
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert child.returncode == 3, child.stderr

    # Only the two committed batches are there; the killed one left nothing behind.
    projector = shared_stack.projector
    assert set(projector.positions().values()) == {100}
    assert counts(shared_stack.store)["replay_frame"] == 100

    # Starting again, each event is applied once: the same rows a fresh projection makes.
    projector.catch_up()
    assert projector.lag() == 0 and contents(shared_stack.store) == rebuilt_elsewhere(shared_stack)


def test_two_projectors_racing_apply_every_event_once(shared_stack):
    save_games(shared_stack.app, range(6, 10))
    first = shared_stack.projector
    second = shared_stack.new_projector()
    conflicts = []

    def run(projector):
        projector.batch_size = 17
        while projector.lag():
            try:
                projector.catch_up(limit=17)
            except TrackingConflict:
                conflicts.append(projector)  # the other one moved the position: roll back, read it again

    threads = [threading.Thread(target=run, args=(p,)) for p in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert first.lag() == 0 and second.lag() == 0
    assert contents(shared_stack.store) == rebuilt_elsewhere(shared_stack)


def test_positions_kept_between_batches_that_another_projector_moved_are_read_again(shared_stack, monkeypatch):
    """A projector keeps the positions its last batch wrote instead of reading them before every batch; when
    another projector has moved them meanwhile, the conditional tracking update finds it out, and the batch
    is done again from the positions in the store: no error, no event applied twice, none skipped."""
    save_games(shared_stack.app, range(20, 23))
    first, second = shared_stack.projector, shared_stack.new_projector()
    first.batch_size = second.batch_size = 25
    assert first.catch_up(limit=25) == 25
    assert first._positions == first.positions()  # kept from its own batch
    assert second.catch_up(limit=50) == 50  # moves every position past what ``first`` keeps
    kept = dict(first._positions)
    assert kept != first.positions()
    reads = []
    original = Projector.positions

    def counted(self):
        reads.append(self)
        return original(self)

    monkeypatch.setattr(Projector, "positions", counted)
    assert first.catch_up(limit=25) == 25  # from the store's positions, not the kept ones
    monkeypatch.undo()
    assert reads == [first]  # read once, after its kept positions were found stale
    assert min(first.positions().values()) == min(kept.values()) + 75
    first.catch_up()
    assert first.lag() == 0 and contents(shared_stack.store) == rebuilt_elsewhere(shared_stack)


def test_the_thread_logs_a_failing_event_and_retries_until_it_goes_through(memory_stack, monkeypatch, caplog):
    """Supervision: the failure is logged with the event's id, game and version, and retried with backoff."""
    from projections.views import GameView

    failures = {"left": 2}
    original = GameView._on_TurnPassed

    def flaky(self, event):
        if failures["left"]:
            failures["left"] -= 1
            raise Injected("a bug that goes away")
        original(self, event)

    monkeypatch.setattr(GameView, "_on_TurnPassed", flaky)
    projector = Projector(memory_stack.app, memory_stack.store, poll_interval=0.01)
    caplog.set_level(logging.INFO, logger="planilla.projections")
    game = save_games(memory_stack.app, [11])[0]
    projector.start()
    try:
        assert projector.wait_for(game.id, game.version, timeout=10)
    finally:
        projector.stop()
    assert projector.failures == 2 and failures["left"] == 0
    passed = next(e for e in memory_stack.app.repository.event_store.get(game.id)
                  if type(e).__name__ == "TurnPassed")
    logged = [r.getMessage() for r in caplog.records if r.getMessage().startswith("projecting event")]
    assert len(logged) == 2 and f"game {game.id}, version {passed.originator_version}" in logged[0]
    assert "TurnPassed" in logged[0]
    said = [r.getMessage() for r in caplog.records if r.name == "planilla.projections"
            and not r.getMessage().startswith("projecting event")]
    assert len(said) == 2 and "retrying with backoff" in said[0]  # one line as it starts failing (issue 27)
    assert "up to date again after 2 failed attempts" in said[1]  # and one as it recovers
    assert contents(memory_stack.store) == rebuilt_elsewhere(memory_stack)


def test_a_tablet_reads_its_own_write(stack):
    """The command waits (bounded) until the read models show its event: read-your-writes."""
    projector = stack.projector
    projector.poll_interval = 30  # polling alone would be far too slow: the wait must wake the projector
    projector.start()
    try:
        game_id = stack.app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR)
        for version in range(1, 4):
            if version > 1:
                method = ("give_starter", 0) if version == 2 else ("draw_tiles", 0)
                by = DIRECTOR if version == 2 else seat_actor(0)
                getattr(stack.app, method[0])(game_id, method[1], by, expected_version=version - 1)
            started = time.monotonic()
            assert projector.wait_for(game_id, version, timeout=5)
            assert time.monotonic() - started < 2
            assert queries.status(stack.store, game_id)["version"] == version
    finally:
        projector.stop()
    # With no projector running anywhere, the wait gives up at its bound.
    started = time.monotonic()
    assert not projector.wait_for(game_id, 99, timeout=0.2)
    assert 0.2 <= time.monotonic() - started < 1.5


def test_only_one_projector_thread_runs_per_read_store(shared_stack):
    other = ReadStore(shared_stack.store.url)
    try:
        with shared_stack.store.projector_lock() as mine:
            assert mine
            with other.projector_lock() as theirs:
                assert not theirs
        with other.projector_lock() as theirs:
            assert theirs
    finally:
        other.dispose()
