"""The federation's archive on PostgreSQL (issue 29, "Scale and speed"), at a small scale: ingest with full
verification, a game's proof bundle, a checkpoint over 1,000 new seals on the store, and the disk it takes.

    .venv/bin/python bench/bench_archive.py [--games 240]

A hall records ``--games`` closed games (keys on both tablets, 6 per round) through the application and seals
its rounds; the exports are pushed to an ``Archive`` on a fresh PostgreSQL database ``planilla_fed_bench_*``
(made and dropped here), signed as the hall signs them: first by one process, then (into another fresh
database) by two processes at once, half each. Then every round's seal is pushed, and each game's bundle is
made (p95, target <= 50 ms); then 1,000 seals are appended to the log in one transaction and signed
(target <= 1 s). Prints the machine and the commit, each figure with its target and ratio, and the database's
size per game. ``--scale N`` then writes the ten-year archive at N games (``bench/archive_generator.py``: generated
hash chains, seals, events and standings, by COPY) on another fresh database and measures a player's history
page and an event's standings page (p95, target <= 200 ms), a bundle, a checkpoint and the disk there.

    .venv/bin/python bench/bench_archive.py --games 0 --scale 40000     # the 10% archive only
    nice -n 15 .venv/bin/python bench/bench_archive.py --games 60 --scale 400000   # 100%, with ingest at that size

With ``--games`` and ``--scale`` both, the hall's games are also pushed into the generated archive (half by one
process, half by two), and a witness cosigns that archive's log.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from uuid import uuid4

import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ADMIN = os.environ.get("PLANILLA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
BUNDLE_TARGET_MS, CHECKPOINT_TARGET_S, PAGE_TARGET_MS, COSIGN_TARGET_MS = 50.0, 1.0, 200.0, 50.0


def database() -> str:
    name = f"planilla_fed_bench_{uuid4().hex[:8]}"
    with psycopg.connect(ADMIN, autocommit=True) as db:
        db.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return ADMIN.rsplit("/", 1)[0] + "/" + name


def drop(url: str) -> None:
    with psycopg.connect(ADMIN, autocommit=True) as db:
        db.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(url.rsplit("/", 1)[1])))


def archive_on(url: str, key, log_key, enrol: bool = False):
    from service.federation.archive import Archive
    from service.federation.store import Db

    archive = Archive(Db(url), log_key)
    if enrol:
        archive.enrol_hall(key.fingerprint, "Casal", "bench")
        archive.enrol_event(key.fingerprint, "Open", "2025-05-01", "2025-05-02", "bench")
    return archive


def push_all(url: str, key_pem: bytes, log_pem: bytes, bodies: list[bytes]) -> float:
    """Push every body (signing each as the hall does); the seconds it took."""
    from cryptography.hazmat.primitives import serialization

    from service.federation.keys import NamedKey
    from service.federation.push import signed_headers
    from service.trust.keys import ServiceKey
    from tests.federation_world import sent_now

    key = ServiceKey(serialization.load_pem_private_key(key_pem, None))
    log_key = NamedKey("fisc.bench/seals", serialization.load_pem_private_key(log_pem, None))
    archive = archive_on(url, key, log_key)
    began = time.perf_counter()
    for body in bodies:
        headers = {k.lower(): v for k, v in signed_headers(key, body, sent_now()).items()}
        archive.push(body, headers)
    took = time.perf_counter() - began
    archive.db.close()
    return took


def pem(private) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption())


def line(name: str, figure: float, target: float | None, unit: str) -> None:
    if target is None:
        print(f"{name}: {figure:.1f} {unit}")
        return
    ratio = figure / target
    print(f"{name}: {figure:.3f} {unit} (target <= {target:g} {unit}; ratio {ratio:.3f}) "
          f"{'ok' if ratio <= 1 else 'MISSED'}")


def scaled(url: str, games: int, log_key, hall: tuple | None = None) -> None:
    """The ten-year archive at ``games`` games, written by ``archive_generator`` (COPY) on a fresh database; then
    a player's history page and an event's standings page (p95 of 200 each, target <= 200 ms), search (p95 of
    200), a game's proof bundle (p95 of 200, target <= 50 ms), a checkpoint over 1,000 new seals, a witness's
    cosignatures of that log (target <= 50 ms), the disk; with ``hall`` (its key and pushes, ``record_hall``),
    ingest with full verification into that archive, by one process then two."""
    import random

    from bench.archive_generator import generate
    from domain.tlog.entries import seal_entry
    from service.federation.bundle import bundle_of
    from service.federation.pages_people import history_page, standings_page

    archive = archive_on(url, None, log_key)
    began = time.perf_counter()
    written = generate(archive, games)
    took = time.perf_counter() - began
    print(f"generated: {written['games']} games ({written['events']:,} events), {written['seals']} seals, "
          f"{len(written['event_keys'])} events, {len(written['who'])} players in {took:.0f} s "
          f"({written['games'] / took:.0f} games/s)")
    archive.log.checkpoint()
    pick = random.Random(29)

    def p95(name: str, calls: list, target: float) -> None:
        """Each call twice: first as it comes (the store's pages may not be in memory), then again."""
        for label in ("first", "again"):
            times = []
            for call in calls:
                began = time.perf_counter()
                call()
                times.append((time.perf_counter() - began) * 1000)
            line(f"{name}, p95 of {len(calls)} ({label}; median {statistics.median(times):.1f} ms)",
                 statistics.quantiles(times, n=20)[18], target, "ms")

    ids = sorted(w for w in written["who"] if w.startswith("id:"))
    p95("a player's history page", [lambda w=w: history_page(archive, w, "es") for w in pick.sample(ids, min(200, len(ids)))],
        PAGE_TARGET_MS)
    events = written["event_keys"]
    p95("an event's standings page", [lambda e=e: standings_page(archive, e[0], e[1], "es")
                                      for e in pick.choices(events, k=200)], PAGE_TARGET_MS)
    search_p95(archive, written, pick, p95)
    p95("a game's proof bundle", [lambda g=g: bundle_of(archive, g, []) for g in pick.sample(written["ids"], min(200, len(written["ids"])))],
        BUNDLE_TARGET_MS)
    seal = json.loads(archive.db.one("SELECT seal FROM seals LIMIT 1")[0])
    extra = [seal_entry(dict(seal, round=20_000 + i)) for i in range(1000)]
    witness = witness_of(log_key)
    cosigned = cosign(witness, archive.log, 0)  # the witness has cosigned the log as it was
    began = time.perf_counter()
    archive.log.append(extra)
    archive.log.checkpoint()
    line(f"checkpoint over 1,000 new seals ({archive.log.size - 1000} logged)", time.perf_counter() - began,
         CHECKPOINT_TARGET_S, "s")
    times = []
    for i in range(30):  # the first over those 1,000 seals, then 10 more seals each time
        if i:
            archive.log.append([seal_entry(dict(seal, round=30_000 + i * 10 + j)) for j in range(10)])
        began = time.perf_counter()
        cosigned = cosign(witness, archive.log, cosigned)
        times.append((time.perf_counter() - began) * 1000)
    line(f"witness cosignature over the log ({archive.log.size} logged), median of 30 (p95 "
         f"{statistics.quantiles(times, n=20)[18]:.1f} ms; the checkpoint and its proof made outside the time)",
         statistics.median(times), COSIGN_TARGET_MS, "ms")
    if hall is not None:
        archive.db.close()
        ingest_at_size(url, log_key, *hall)
        archive = archive_on(url, None, log_key)
    size = archive.db.one("SELECT pg_database_size(current_database())")[0]
    tables = {t: archive.db.one(f"SELECT pg_total_relation_size('{t}')")[0]
              for t in ("games", "seals", "results", "entries", "own_rows", "leaves", "nodes")}
    indexes = archive.db.all("SELECT indexrelname, pg_relation_size(indexrelid) FROM pg_stat_user_indexes "
                             "ORDER BY 2 DESC LIMIT 8")
    print("largest indexes: " + ", ".join(f"{n} {b / 1e6:.1f} MB" for n, b in indexes))
    print(f"disk: database {size / 1e6:.0f} MB for {written['games']} games ({size // written['games']} bytes a "
          "game); " + ", ".join(f"{t} {b / 1e6:.1f} MB" for t, b in tables.items()))
    archive.db.close()


def search_p95(archive, written: dict, pick, p95) -> None:
    """The search page (``pages_people.search_page``) on the archive: 200 searches, a player's name (the
    generator's ``Jugador<n> Cognom<m>``), a surname shared by ~30 of the pool, a guest entry without an id,
    a month, a surname within a year, and one letter (everything matches: the page lists 50 of each kind). A text
    under three letters finds the names starting with it (``queries.SHORT``), so the letter is ``j`` or ``c``,
    which start every generated name (``jugador…``, ``convidat…``): a vowel, held by every name, started none."""
    from service.federation.pages_people import search_page

    years = [str(y) for y in range(2016, 2026)]
    asked = []
    for n in range(200):
        kind = n % 6
        if kind == 0:
            asked.append((f"jugador{pick.randrange(3000)} ", "", ""))
        elif kind == 1:
            asked.append((f"Cognom{pick.randrange(97)}", "", ""))
        elif kind == 2:
            asked.append((f"convidat {pick.randrange(len(written['event_keys']))}-", "", ""))
        elif kind == 3:
            y, m = pick.choice(years), pick.randrange(1, 13)
            asked.append(("", f"{y}-{m:02d}-01", f"{y}-{m:02d}-28"))
        elif kind == 4:
            y = pick.choice(years)
            asked.append((f"cognom{pick.randrange(97)}", f"{y}-01-01", f"{y}-12-31"))
        else:
            asked.append((pick.choice("jc"), "", ""))
    p95("search (name, surname, guest, month, surname in a year, one letter)",
        [lambda a=a: search_page(archive, *a, "es") for a in asked], PAGE_TARGET_MS)


def witness_of(log_key):
    """A witness of the log, in process, its state in a temporary folder (``planilla witness``'s own code)."""
    from service.federation.keys import NamedKey
    from service.federation.witness import Witness, WitnessState

    folder = Path(tempfile.mkdtemp(prefix="planilla-bench-witness-"))
    return Witness(NamedKey.generate("witness.bench/w1"), WitnessState(folder / "state.json"),
                   {log_key.name: [log_key.log_vkey()]})


def cosign(witness, log, cosigned: int) -> int:
    """The log's new checkpoint and its consistency proof from ``cosigned`` (made before the clock starts) are
    sent to the witness as ``add-checkpoint``; the size it cosigned. Timed by the caller: the witness's part."""
    from domain.tlog.checkpoint import Checkpoint
    from domain.tlog.note import parse
    from domain.tlog.witness import request_body

    note = log.checkpoint()
    size = Checkpoint.parse(parse(note).text).size
    body = request_body(cosigned, log.consistency(cosigned, size) if cosigned else [], note)
    status = witness.add_checkpoint(body)[0]
    assert status == 200, status
    return size


def ingest_at_size(url: str, log_key, key, bodies: list[bytes]) -> None:
    """The hall's games pushed with full verification into the archive at its size: the first half by one
    process, the second by two at once (each times its own pushes, not its start)."""
    archive_on(url, key, log_key, enrol=True).db.close()
    key_pem, log_pem = pem(key.private), pem(log_key.private)
    half = len(bodies) // 2
    took = push_all(url, key_pem, log_pem, bodies[:half])
    line(f"ingest into the archive at size, one process ({half} games)", half / took, None, "games/s")
    rest = bodies[half:]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        took = pool.starmap(push_all, [(url, key_pem, log_pem, part) for part in (rest[0::2], rest[1::2])])
    line(f"ingest into the archive at size, two processes at once ({len(rest)} games)", len(rest) / max(took),
         None, "games/s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--scale", type=int, default=0, help="Then generate the ten-year archive at this many games "
                        "(bench/archive_generator.py, COPY) on a fresh database and measure the pages, the bundle, "
                        "a checkpoint and the disk there. With --games 0 only this.")
    arguments = parser.parse_args()
    count = arguments.games
    from service.federation.keys import NamedKey

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=ROOT).stdout.strip()
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, commit {commit}")
    log_key = NamedKey.generate("fisc.bench/seals")
    hall = record_hall(count) if count else None
    if hall is not None:
        hall_part(hall, log_key)
    if arguments.scale:
        print(f"load average before generating: {os.getloadavg()[0]:.1f}")
        url = database()
        try:
            scaled(url, arguments.scale, log_key, None if hall is None else (hall[0], hall[2]))
        finally:
            drop(url)
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")


def record_hall(count: int) -> tuple:
    """A hall's ``count`` closed games (keys on both tablets, 6 a round) and its rounds' seals: (service key,
    game ids, game pushes, seals)."""
    from service.trust.attest import export_attested, seal_round
    from tests.federation_world import closed_game, game_body, hall_app
    from tests.keys import Tablet

    with tempfile.TemporaryDirectory() as tmp:
        app = hall_app(Path(tmp) / "data")
        began = time.perf_counter()
        games = [closed_game(app, 1 + i // 6, 1 + i % 6, [Tablet(), Tablet()]) for i in range(count)]
        seals = [seal_round(app, "Open", r) for r in range(1, 1 + (count + 5) // 6)]
        bodies = [game_body(export_attested(app, g)) for g in games]
        print(f"hall: {count} games recorded, sealed and exported in {time.perf_counter() - began:.1f} s "
              f"({sum(map(len, bodies)) // count} bytes a push)")
        key = app.service_key
        app.close()
    return key, games, bodies, seals


def hall_part(hall: tuple, log_key) -> None:
    """A hall's real games pushed with full verification (one process, then two), bundles, a checkpoint."""
    from service.federation.bundle import bundle_of
    from tests.federation_world import seal_body

    key, games, bodies, seals = hall
    count = len(games)
    key_pem, log_pem = pem(key.private), pem(log_key.private)
    one = database()
    try:
        archive_on(one, key, log_key, enrol=True).db.close()
        took = push_all(one, key_pem, log_pem, bodies)
        line("ingest, one process (full verification)", count / took, None, "games/s")
        two = database()
        try:
            archive_on(two, key, log_key, enrol=True).db.close()
            halves = [bodies[0::2], bodies[1::2]]
            with multiprocessing.get_context("spawn").Pool(2) as pool:  # each times its own pushes (not its start)
                took = pool.starmap(push_all, [(two, key_pem, log_pem, half) for half in halves])
            line("ingest, two processes at once", count / max(took), None, "games/s")
        finally:
            drop(two)
        archive = archive_on(one, key, log_key)
        push_all(one, key_pem, log_pem, [seal_body(s) for s in seals])
        times = []
        for game in games:
            began = time.perf_counter()
            bundle = bundle_of(archive, str(game), [])
            times.append((time.perf_counter() - began) * 1000)
            assert isinstance(bundle, dict), bundle
        line(f"proof bundle, p95 of {count}", statistics.quantiles(times, n=20)[18], BUNDLE_TARGET_MS, "ms")
        from domain.tlog.entries import seal_entry

        extra = [seal_entry(dict(seals[0], round=10_000 + i)) for i in range(1000)]
        began = time.perf_counter()
        archive.log.append(extra)
        archive.log.checkpoint()
        line("checkpoint over 1,000 new seals (PostgreSQL)", time.perf_counter() - began, CHECKPOINT_TARGET_S, "s")
        size = archive.db.one("SELECT pg_database_size(current_database())")[0]
        games_bytes = archive.db.one("SELECT pg_total_relation_size('games')")[0]
        total = archive.db.one("SELECT COUNT(*) FROM games")[0]
        print(f"disk: database {size / 1e6:.1f} MB; table games {games_bytes / 1e6:.1f} MB for {total} games "
              f"({games_bytes // total} bytes a game, exports kept whole)")
        archive.db.close()
    finally:
        drop(one)


if __name__ == "__main__":
    main()
