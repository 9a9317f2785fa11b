"""Read models: rebuild throughput, scoresheet reads, replay from the aggregate or the stored frames.

Run: ``.venv/bin/python bench/bench_projections.py [--games 2000] [--runs 2] [--fresh]``.

1. **Archive**: ``--games`` random complete games (every profile; half with the arbiter's
   incidents: overdraws, underdraws, clock readings, sanctions, sheet entries; about a third
   signed and closed, some reopened), played through the Game's commands in worker processes
   (``tests/factories.py``) and saved into a SQLite event store, one save per game (snapshots
   every 50 events, as the application takes them). The archive is cached under the temporary
   folder, keyed by the game count and a digest of the domain and factory sources (``--fresh``
   makes it again). For PostgreSQL the same stored events and snapshots are copied into a
   throwaway database on 127.0.0.1:5432 (skipped when unreachable).
2. **Rebuild**: ``Projector.rebuild`` on an empty read store (SQLite: ``readmodels.sqlite3``
   beside the events; PostgreSQL: the same database), ``--runs`` times; events/s against the
   target of **5,000 events/s** (SQLite; PostgreSQL is measured against the same figure).
3. **Scoresheet read**: ``projections.queries.scoresheet`` for 1,000 random games: p50 and p99 ms.
4. **Replay**: the game after a random event (500 samples), from the aggregate at that version
   (nearest snapshot plus events, and the event itself for its type and time) and from the
   stored ``replay_frame``: p50, p99 and their ratio; ``projections.replay.state_at`` reads the
   stored frame, and this says whether the measurement still agrees.
5. **Read your writes**: a game recorded command by command with the projector's thread running;
   the time from the command's return until ``wait_for`` sees its version: p50 and p99 ms.
6. **Beside a server** (issue 25; ``--only live`` runs this alone, without the archive): the projector as
   ``planilla serve`` runs it, a child process (``service/api/projector_process.py``) on a fresh SQLite data
   folder, its poll at the server's default (a second); a game recorded command by command in this process,
   each save waking the child through its pipe; the time from the command's return until the read store shows
   its version (read every 2 ms): p50, p95 and p99 ms against the target of **100 ms at p95**. Then the
   same with the pipe not told, as for a write by another process: the child finds it at its next poll; and
   first, in the same run, the child as it was before (no pipe, its poll every 20 ms), for the ratio.

No test asserts on timings; machines are noisy, so compare ratios within one run.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the random games live in tests/factories.py

from projections import queries, replay  # noqa: E402
from projections.projector import Projector  # noqa: E402
from projections.store import ReadStore  # noqa: E402
from service.game.application import GamesApplication  # noqa: E402
from service.settings import read_model_url, settings_env  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from bench_game import machine, postgres_database  # noqa: E402  (one copy of each)

TARGET = 5000  # events/s, rebuild on SQLite
ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PROFILES = ("file-2024", "fise-2009", "ajs-2012", "fisc-2023", "molins-club")
SOURCES = ("domain/game/aggregate.py", "domain/game/events.py", "domain/game/incidents.py", "domain/game/turns.py",
           "domain/game/challenges.py", "domain/game/ending.py", "tests/factories.py", "tests/scenes.py",
           "bench/bench_projections.py")
READS, REPLAYS, COMMANDS = 1000, 500, 150


# ---- the archive --------------------------------------------------------------------------------
def play(index: int):
    """One random complete game, every other one with the arbiter's incidents (tests/scenes.py); every third
    signed and closed, every seventh of those reopened."""
    from tests.factories import meta, play_random_game
    from tests.scenes import incident_between_turns, refill_with_errors

    profile = PROFILES[index % len(PROFILES)]
    details = {"event": f"Bench Open {index % 4}", "round": 1 + index % 9, "table": 1 + index % 50}
    incidents = {"refill": refill_with_errors, "between": incident_between_turns} if index % 2 else {}
    game = play_random_game(profile, seed=index, details=details, **incidents)
    if game.phase == "ended" and game.settlement is not None and index % 3 == 0:
        for seat in range(len(game.players)):
            game.sign(seat, f"signature {seat}", meta(f"player:{seat}"))
        if index % 7 == 0 and game.rules.reopen_allowed:
            for seat in range(len(game.players)):  # each player asks from their own tablet (FILE 43)
                game.consent_reopen(seat, "bench: a score to correct", meta(f"player:{seat}"))
            game.reopen("bench: a score to correct", meta("director:bench"))
    return game


def archive(games: int, fresh: bool) -> Path:
    """The folder of a SQLite event store holding ``games`` games (made once, then reused)."""
    digest = hashlib.sha256(b"".join((ROOT / s).read_bytes() for s in SOURCES)).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"planilla-bench-archive-{games}-{digest}"
    if fresh and folder.exists():
        shutil.rmtree(folder)
    if (folder / "complete").exists():
        print(f"archive: {games} games, cached in {folder}")
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    started = time.perf_counter()
    app = GamesApplication(settings_env(folder))
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for game in pool.map(play, range(games), chunksize=20):
            app.save(game)
    app.close()
    (folder / "complete").touch()
    print(f"archive: {games} games generated and saved in {time.perf_counter() - started:.1f} s ({folder})")
    return folder


def copy_to_postgres(source: GamesApplication, url: str) -> GamesApplication:
    """The archive's stored events and snapshots, copied in order into a PostgreSQL event store."""
    target = GamesApplication(settings_env(url))
    start = 0
    while True:
        batch = source.recorder.select_notifications(start=start, limit=5000, inclusive_of_start=False)
        if not batch:
            break
        target.recorder.insert_events(list(batch))
        start = batch[-1].id
    ids = {n.originator_id for n in source.recorder.select_notifications(start=0, limit=10**7)}
    snapshots = [s for game_id in ids for s in source.snapshots.recorder.select_events(game_id)]
    for k in range(0, len(snapshots), 2000):
        target.snapshots.recorder.insert_events(snapshots[k:k + 2000])
    return target


# ---- measures -----------------------------------------------------------------------------------
def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def rebuild(app: GamesApplication, store: ReadStore, runs: int) -> list[float]:
    rates = []
    for run in range(runs):
        started = time.perf_counter()
        done = Projector(app, store).rebuild()
        seconds = time.perf_counter() - started
        rates.append(done / seconds)
        print(f"rebuild run {run + 1}: {done:,} events in {seconds:.1f} s = {done / seconds:,.0f} events/s")
    best = max(rates)
    verdict = "met" if statistics.median(rates) >= TARGET else "MISSED"
    print(f"rebuild: median {statistics.median(rates):,.0f} events/s, best {best:,.0f}; target {TARGET:,} events/s:"
          f" ratio {statistics.median(rates) / TARGET:.2f}x {verdict}")
    return rates


def scoresheet_reads(store: ReadStore, game_ids: list, rng: random.Random) -> None:
    times = []
    for game_id in rng.choices(game_ids, k=READS):
        started = time.perf_counter()
        sheet = queries.scoresheet(store, game_id)
        times.append(time.perf_counter() - started)
        assert sheet is not None
    print(f"scoresheet read ({READS} games): p50 {pct(times, 0.5):.2f} ms, p99 {pct(times, 0.99):.2f} ms")


def replays(app: GamesApplication, store: ReadStore, versions: dict, rng: random.Random) -> None:
    samples = [(g, rng.randint(1, versions[g])) for g in rng.choices(list(versions), k=REPLAYS)]
    from_aggregate, from_frames = [], []
    for game_id, version in samples:  # alternate, so both meet the same machine weather
        started = time.perf_counter()
        a = replay.aggregate_frame(app, game_id, version)
        from_aggregate.append(time.perf_counter() - started)
        started = time.perf_counter()
        b = replay.stored_frame(store, game_id, version)
        from_frames.append(time.perf_counter() - started)
        assert a == b, (game_id, version)
    agg, frame = pct(from_aggregate, 0.5), pct(from_frames, 0.5)
    faster = "stored frame" if frame < agg else "aggregate"
    print(f"replay from the aggregate: p50 {agg:.2f} ms, p99 {pct(from_aggregate, 0.99):.2f} ms")
    print(f"replay from stored frames: p50 {frame:.2f} ms, p99 {pct(from_frames, 0.99):.2f} ms")
    agree = "agrees with" if faster == "stored frame" else "DISAGREES with"
    print(f"replay: {faster} faster by {max(agg, frame) / min(agg, frame):.1f}x at p50; "
          f"this {agree} state_at, which reads the stored frame")


def read_your_writes(app: GamesApplication, store: ReadStore) -> None:
    from tests.application.script import Bot

    projector = Projector(app, store)
    projector.start()
    bot = Bot(app, random.Random(1))
    waits = []

    def send(method, *args, **kwargs):
        version = Bot.send(bot, method, *args, **kwargs)
        started = time.perf_counter()
        assert projector.wait_for(bot.game_id, version, timeout=5)
        waits.append(time.perf_counter() - started)
        return version

    bot.send = send  # type: ignore[method-assign]
    try:
        bot.create()
        bot.start()
        while len(waits) < COMMANDS and bot.game.phase == "playing":
            bot.turn(len(bot.game.turns))
    finally:
        projector.stop()
    print(f"read your writes ({len(waits)} commands, projector thread running): wait p50 {pct(waits, 0.5):.2f} ms,"
          f" p99 {pct(waits, 0.99):.2f} ms")


LIVE_TARGET_P95_MS = 100.0


def beside_a_server(commands: int = COMMANDS) -> None:
    """The child projector of ``planilla serve`` on SQLite: a command's events in the read models, woken and not;
    and, in the same run, the child as it was before issue 25 (no pipe, reading the store every 20 ms)."""
    from service.api.config import ServiceSettings

    poll = ServiceSettings().projector_poll_seconds
    runs = (("before issue 25: no pipe, the child reads the store every 0.02 s", 0.02, False, commands),
            (f"the server's save wakes it (its pipe), the child's own poll every {poll:g} s", poll, True, commands),
            # the child's own poll is a safety net (a server's store watch tells it of another process's save within
            # half a second): this row times the poll itself, at the second it had before
            ("not told (another process's write), found by a poll every 1 s", 1.0, False, max(20, commands // 5)))
    figures = {}
    for label, every, wake, count in runs:
        waits = _beside(every, wake, count)
        figures[label] = p95 = pct(waits, 0.95)
        verdict = ""
        if wake:
            before = figures[runs[0][0]]
            verdict = (f" (target p95 <= {LIVE_TARGET_P95_MS:.0f} ms: ratio {p95 / LIVE_TARGET_P95_MS:.2f}, "
                       f"{'ok' if p95 <= LIVE_TARGET_P95_MS else 'MISSED'}; p95 / before's p95 {p95 / before:.2f})")
        print(f"beside a server, {label}: {len(waits)} commands, in the read models after p50 {pct(waits, 0.5):.1f} "
              f"ms, p95 {p95:.1f} ms, p99 {pct(waits, 0.99):.1f} ms{verdict}")


def _beside(poll: float, wake: bool, commands: int) -> list[float]:
    from service.access.application import ServiceApplication
    from service.api.projector_process import ProjectorProcess
    from tests.application.script import Bot

    with tempfile.TemporaryDirectory() as scratch:
        app = ServiceApplication(settings_env(scratch))
        store = ReadStore(read_model_url(scratch))
        store.migrate()
        reader = Projector(app, store)  # only to read the versions projected; its thread never runs
        child = ProjectorProcess(scratch, poll)
        if wake:
            app.listeners.append(child.saved)
        child.start()
        try:
            return _projected_after_each(app, reader, Bot, commands)
        finally:
            child.stop()
            store.dispose()
            app.close()


def _projected_after_each(app, reader: Projector, bot_class, commands: int) -> list[float]:
    bot = bot_class(app, random.Random(len(str(commands))))
    waits: list[float] = []

    def send(method, *args, **kwargs):
        version = bot_class.send(bot, method, *args, **kwargs)
        started = time.perf_counter()
        deadline = started + 10
        while reader.projected_version(bot.game_id) < version:
            assert time.perf_counter() < deadline, "the child projector did not project within 10 s"
            time.sleep(0.002)
        waits.append(time.perf_counter() - started)
        return version

    bot.send = send  # type: ignore[method-assign]
    bot.create()
    bot.start()
    while len(waits) < commands and bot.game.phase == "playing":
        bot.turn(len(bot.game.turns))
    return waits


def bench_store(label: str, app: GamesApplication, store: ReadStore, runs: int) -> None:
    print(f"\n== {label}")
    store.migrate()
    rebuild(app, store, runs)
    rng = random.Random(7)
    index = queries.index(store)
    versions = {__import__("uuid").UUID(g["game_id"]): g["version"] for g in index}
    scoresheet_reads(store, list(versions), rng)
    replays(app, store, versions, rng)
    read_your_writes(app, store)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in the archive (at least 2,000 for the target)")
    parser.add_argument("--runs", type=int, default=2, help="rebuilds timed per store")
    parser.add_argument("--fresh", action="store_true", help="generate the archive again")
    parser.add_argument("--only", choices=("live",), help="live: only the child projector beside a server (6.)")
    args = parser.parse_args()
    machine()
    if args.only == "live":
        beside_a_server()
        return
    folder = archive(args.games, args.fresh)
    source = GamesApplication(settings_env(folder))
    print(f"archive: {source.recorder.max_notification_id():,} events")
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copy(folder / "events.sqlite3", Path(scratch) / "events.sqlite3")  # a read store beside it
        app = GamesApplication(settings_env(scratch))
        bench_store("SQLite (events and read models in files, WAL)", app, ReadStore(read_model_url(scratch)),
                    args.runs)
        app.close()
    admin, name = postgres_database()
    if admin is not None:
        url = ADMIN_URL.rsplit("/", 1)[0] + "/" + name
        try:
            started = time.perf_counter()
            pg = copy_to_postgres(source, url)
            print(f"\n(archive copied into PostgreSQL in {time.perf_counter() - started:.1f} s)")
            bench_store("PostgreSQL 127.0.0.1:5432 (events and read models in one database)", pg,
                        ReadStore(read_model_url(url)), args.runs)
            pg.close()
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.close()
    source.close()
    print()
    beside_a_server()


if __name__ == "__main__":
    main()
