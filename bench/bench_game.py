"""Recording and loading a 60-turn game through GamesApplication, next to the library's raw speed.

Run: ``.venv/bin/python bench/bench_game.py``. On SQLite (a temporary file) and on PostgreSQL
(127.0.0.1:5432, a throwaway database; skipped when unreachable) it measures:

- recording: the commands of one complete 60-turn game (the bot of tests/application/script.py),
  sent one by one through the application as configured (load, check, command, save), against
  the library's raw append into the same store: one event of a trivial aggregate kept in memory,
  saved on its own. The raw append is timed twice: saves in a row, and one save right after each
  game command (the same rhythm as the commands);
- loading: the finished game with no cache, from scratch (no snapshot) and from its latest
  snapshot, against the library's raw replay of a trivial aggregate with as many events; the
  three loads take turns so they meet the same machine weather.

Targets (ratios within one run, since the machine is noisy): a finished game loads within 1.5x
of the raw replay; a command records within 2x of a raw one-event append. Both the mean and
the median are given, because a commit waits for the disk: on a VM its flush time comes in
steps (about 4 ms here), which makes medians jump. No test asserts on timings; this script
says MISSED when a target is missed.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from uuid import uuid4

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the scripted game lives in tests/application

from eventsourcing.application import Application  # noqa: E402
from eventsourcing.domain import Aggregate, event  # noqa: E402

from service.game.application import GamesApplication  # noqa: E402
from service.settings import settings_env  # noqa: E402
from tests.application.script import DIRECTOR, long_game  # noqa: E402

SEED = 2024
GAMES = 3  # games recorded per store; the command figures pool all their commands
LOADS = 30  # loads timed per measure
ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
LOAD_TARGET, RECORD_TARGET = 1.5, 2.0


class Tally(Aggregate):
    """The trivial aggregate of the raw measures: one small event per command."""

    def __init__(self) -> None:
        self.count = 0

    @event("Ticked")
    def tick(self) -> None:
        self.count += 1


def clock() -> str:
    return "2025-05-01T12:00:00.000Z"


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def append(raw: Application, tally: Tally) -> None:
    """The library alone: one event of a trivial aggregate kept in memory, saved."""
    tally.tick()
    raw.save(tally)


def record_game(app: GamesApplication, steps: list, raw: Application) -> tuple[object, list[float], list[float]]:
    """Send a whole game command by command, a raw append after each: the times of both."""
    app.rng = random.Random(SEED)  # the same draws as when the steps were worked out
    tally = Tally()
    raw.save(tally)
    game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="virtual")
    commands, appends, version = [], [], 1
    for step in steps:
        start = time.perf_counter()
        version = getattr(app, step.method)(game_id, *step.args, step.by, expected_version=version, **step.kwargs)
        commands.append(time.perf_counter() - start)
        appends.append(timed(lambda: append(raw, tally)))
    return game_id, commands, appends


def loads(*actions) -> list[list[float]]:
    """Each action timed LOADS times, taking turns so that all meet the same machine weather."""
    times: list[list[float]] = [[] for _ in actions]
    for _ in range(LOADS):
        for action, samples in zip(actions, times):
            samples.append(timed(action))
    return times


def bench_store(label: str, env: dict[str, str], steps: list) -> None:
    """Record GAMES games on one store, then time loads of the last one; print figures and ratios."""
    print(f"\n== {label}")
    app = GamesApplication(env, clock=clock)
    raw_app = Application({**env, "IS_SNAPSHOTTING_ENABLED": "n"})
    recorded = [record_game(app, steps, raw_app) for _ in range(GAMES)]
    game_id, events = recorded[-1][0], len(app.history(recorded[-1][0]))
    tally = Tally()
    raw_app.save(tally)
    in_a_row = [timed(lambda: append(raw_app, tally)) for _ in range(events - 1)]
    cold = {**env, "AGGREGATE_CACHE_MAXSIZE": ""}  # every load from the store, no cache
    plain = GamesApplication({**cold, "IS_SNAPSHOTTING_ENABLED": "n"})
    snapped = GamesApplication(cold)
    full, snap, raw_load = loads(lambda: plain.get_game(game_id), lambda: snapped.get_game(game_id),
                                 lambda: raw_app.repository.get(tally.id))
    samples = {
        "command": [t for _, times, _ in recorded for t in times],
        "raw append in a row": in_a_row,
        "raw append beside": [t for _, _, times in recorded for t in times],
        "load, no snapshot": full,
        "load from snapshot": snap,
        "raw replay": raw_load,
    }
    report(events, samples)
    for a in (app, raw_app, plain, snapped):
        a.close()


def report(events: int, samples: dict[str, list[float]]) -> None:
    """Mean and median of each measure, then each target as a ratio of both statistics."""
    print(f"game: {events} events; {GAMES} games recorded ({len(samples['command'])} commands), "
          f"{LOADS} loads per measure; times in ms")
    print(f"{'':34s} {'mean':>8s} {'median':>8s}")
    for name, xs in samples.items():
        print(f"{name:34s} {statistics.mean(xs) * 1000:8.3f} {statistics.median(xs) * 1000:8.3f}")
    command = samples["command"]
    print(f"commands/s (from the mean)         {1 / statistics.mean(command):8.0f}")
    checks = [
        ("command / raw append in a row", "command", "raw append in a row", RECORD_TARGET),
        ("command / raw append beside it", "command", "raw append beside", RECORD_TARGET),
        ("load from snapshot / raw replay", "load from snapshot", "raw replay", LOAD_TARGET),
        ("load, no snapshot / raw replay", "load, no snapshot", "raw replay", LOAD_TARGET),
    ]
    for name, ours, raw, target in checks:
        verdicts = []
        for stat in (statistics.mean, statistics.median):
            ratio = stat(samples[ours]) / stat(samples[raw])
            verdicts.append(f"{stat.__name__} {ratio:5.2f}x {'met' if ratio <= target else 'MISSED'}")
        print(f"ratio {name:32s} target <= {target}x: {'; '.join(verdicts)}")


def machine() -> None:
    try:
        commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    print(f"machine: {platform.platform()}; {os.cpu_count()} CPUs; Python {platform.python_version()}")
    print(f"commit:  {commit}")


def postgres_database():
    """A throwaway database on the local server, or None when it cannot be reached."""
    try:
        import psycopg

        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3)
    except Exception as err:  # noqa: BLE001 - any failure means: no PostgreSQL run
        print(f"\n== PostgreSQL skipped: {err}".splitlines()[0])
        return None, None
    name = f"planilla_bench_{uuid4().hex[:12]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    return admin, name


def main() -> None:
    machine()
    steps = long_game(GamesApplication(settings_env("memory"), clock=clock, rng=random.Random(SEED)),
                      seed=SEED).steps
    with tempfile.TemporaryDirectory() as folder:
        bench_store("SQLite (temporary file, WAL)", settings_env(folder), steps)
    admin, name = postgres_database()
    if admin is not None:
        try:
            bench_store("PostgreSQL 127.0.0.1:5432", settings_env(ADMIN_URL.rsplit("/", 1)[0] + "/" + name), steps)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.close()


if __name__ == "__main__":
    main()
