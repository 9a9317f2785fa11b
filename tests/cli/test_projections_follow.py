"""``planilla projections follow`` on SQLite (issue 25): stand-alone it still follows what any process writes (its
own poll); beside ``planilla serve`` the server's saves wake it through a pipe (``--wake FD``), and the pipe's end
stops it. On PostgreSQL any process's commit wakes it (the events table's NOTIFY: ``projections/listener.py``).
Waits are generous (a loaded machine); nothing here is timed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from uuid import uuid4

import psycopg
from psycopg import sql

from projections.projector import Projector
from projections.store import ReadStore
from service.access.application import ServiceApplication
from service.api.projector_process import ProjectorProcess
from service.game.application import Actor
from service.settings import read_model_url, settings_env
from tests.application.conftest import postgres_url  # noqa: F401  (a fixture, shared)

ROOT = Path(__file__).resolve().parents[2]
WAIT = 30.0


def projected(folder: Path | str, game_id, version: int) -> bool:
    """Wait (``WAIT`` at most) until the read models of ``folder`` show ``version`` of the game."""
    app = ServiceApplication(settings_env(folder))
    store = ReadStore(read_model_url(folder))
    try:
        reader = Projector(app, store)
        deadline = time.monotonic() + WAIT
        while reader.projected_version(game_id) < version:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True
    finally:
        store.dispose()
        app.close()


def migrated(folder: Path) -> Path:
    """The data folder with its read store's tables made (before any follower starts: one migration at a time)."""
    folder.mkdir()
    store = ReadStore(read_model_url(folder))
    store.migrate()
    store.dispose()
    return folder


def new_game(folder: Path | str) -> tuple[object, int]:
    app = ServiceApplication(settings_env(folder))  # another process's writes, as far as the follower knows
    try:
        game_id = app.create_game("file-2024", ["Ana", "Bea"], Actor("director:test", "laptop"), bag_mode="virtual")
        return game_id, app.get_game(game_id).version
    finally:
        app.close()


def test_a_stand_alone_follower_on_sqlite_follows_another_process_s_writes(tmp_path: Path):
    folder = migrated(tmp_path / "data")
    follower = subprocess.Popen([sys.executable, "-m", "service.cli", "projections", "follow", "--data", str(folder)],
                                cwd=ROOT, stdin=subprocess.DEVNULL)
    try:
        game_id, version = new_game(folder)
        assert projected(folder, game_id, version), "the stand-alone follower did not project another process's game"
    finally:
        follower.terminate()
        follower.wait(WAIT)


def test_on_postgresql_another_process_s_commit_wakes_the_follower_at_once(postgres_url: str):
    """With a poll of a minute, once the follower has caught up with a first game, only the events table's NOTIFY can
    bring another process's second game into the read models within the wait (no pipe here: a stand-alone
    follower, as beside a federation's processes)."""
    schema = f"follow_{uuid4().hex[:8]}"
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    target = f"{postgres_url}?schema={schema}"
    store = ReadStore(read_model_url(target))
    store.migrate()
    store.dispose()
    follower = subprocess.Popen([sys.executable, "-m", "service.cli", "projections", "follow", "--database-url",
                                 target, "--poll", "60"], cwd=ROOT, stdin=subprocess.DEVNULL)
    try:
        for _ in range(2):  # the first may be found by the follower's first catch-up; the second only by a NOTIFY
            game_id, version = new_game(target)
            assert projected(target, game_id, version), "another process's commit did not wake the follower"
    finally:
        follower.terminate()
        follower.wait(WAIT)
    assert follower.returncode == 0


def test_the_server_s_saves_wake_its_child_through_the_pipe_and_the_pipe_s_end_stops_it(tmp_path: Path):
    """With a poll of a minute, once the child has caught up with a first game, only the pipe can bring the second
    into the read models within the wait."""
    folder = migrated(tmp_path / "data")
    app = ServiceApplication(settings_env(folder))
    child = ProjectorProcess(str(folder), 60.0)
    app.batch_listeners.append(child.saved)  # as planilla serve wires it: one wake-up a batch of saves
    child.start()
    try:
        for _ in range(2):  # the first may be found by the child's first catch-up; the second only by a wake-up
            game_id = app.create_game("file-2024", ["Ana", "Bea"], Actor("director:test", "laptop"), bag_mode="virtual")
            assert projected(folder, game_id, app.get_game(game_id).version), "the save did not wake the child"
        proc = child.proc
        child._stopping.set()  # the supervisor lets it go without starting another
        child._swap_wake(None)  # the server's end of the pipe closed, as when the server is gone
        proc.wait(WAIT)  # ends by itself: no signal was sent
        assert proc.returncode == 0
    finally:
        child.stop()
        app.close()


def test_the_line_a_server_starts_its_child_with_is_read_as_typer_reads_it(monkeypatch):
    """``planilla serve``'s child reads its line without Typer (``fast_follow_args``, a cheaper start): to the same
    arguments Typer's ``projections follow`` gives ``run_follow``; any other line still goes to Typer."""
    import typer.testing

    from service.cli import projections
    from service.cli.main import build_app, fast_follow_args

    def through_typer(line: list[str]) -> dict:
        seen: dict = {}
        monkeypatch.setattr(projections, "run_follow", lambda target, **kw: seen.update(target=target, **kw) or 0)
        assert typer.testing.CliRunner().invoke(build_app(), line).exit_code == 0
        return seen

    for store in ("/srv/data", "postgresql://ana@db/planilla?schema=games"):
        for wake in (7, None):
            line = ProjectorProcess(store, 1.5).command(wake)[3:]
            assert fast_follow_args(line) == through_typer(line) == {
                "target": store, "poll": 1.5, "wake": wake, "parent": os.getpid()}
    plain = ["projections", "follow", "--data", "d"]
    assert fast_follow_args(plain) == through_typer(plain) == {"target": "d", "poll": 0.2, "wake": None, "parent": None}
    for other in (["projections", "follow"], [*plain, "--help"], [*plain, "--database-url", "postgresql://x/y"],
                  [*plain, "--poll", "0"], [*plain, "--poll", "61"], [*plain, "--poll=1"], [*plain, "--data", "e"],
                  [*plain, "--parent", "x"], [*plain, "--every", "1"], ["projections", "rebuild", "--data", "d"]):
        assert fast_follow_args(other) is None, other


def test_the_child_wakes_once_per_catch_up_however_many_saves_came_meanwhile():
    """While the projector has not yet begun the catch-up a wake asked for, the saves told meanwhile wait in the pipe
    (a byte to a pipe nobody waits on costs the server no wake-up of the child's thread) and are read as one wake;
    the pipe's end still ends the thread."""
    import threading

    from service.api.projector_child import woken as _woken

    reading, writing = os.pipe()
    wakes, ended, busy, began = [], threading.Event(), threading.Event(), threading.Event()

    def taken() -> None:  # the projector busy with a catch-up until the test lets it take the wake
        began.set()
        assert busy.wait(WAIT)
        busy.clear()

    thread = threading.Thread(target=_woken, args=(reading, lambda: wakes.append(1), ended.set, taken), daemon=True)
    thread.start()
    try:
        os.write(writing, b"\0")
        assert began.wait(WAIT) and wakes == [1]  # the first save wakes at once
        for _ in range(5):  # five saves while the projector is busy
            os.write(writing, b"\0")
        began.clear()
        busy.set()
        assert began.wait(WAIT) and wakes == [1, 1], "the five saves are one wake, not five"
    finally:
        os.close(writing)
        busy.set()
    thread.join(WAIT)
    assert ended.is_set() and not thread.is_alive()
    os.close(reading)
