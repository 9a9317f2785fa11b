"""The federation's archive on PostgreSQL (issue 29, "Scale and speed"), at a small scale: ingest with full
verification, a game's proof bundle, a checkpoint over 1,000 new seals on the store, and the disk it takes.

    .venv/bin/python bench/bench_archive.py [--games 240]

A hall records ``--games`` closed games (keys on both tablets, 6 per round) through the application and seals
its rounds; the exports are pushed to an ``Archive`` on a fresh PostgreSQL database ``planilla_fed_bench_*``
(made and dropped here), signed as the hall signs them: first by one process, then (into another fresh
database) by two processes at once, half each. Then every round's seal is pushed, and each game's bundle is
made (p95, target <= 50 ms); then 1,000 seals are appended to the log in one transaction and signed
(target <= 1 s). Prints the machine and the commit, each figure with its target and ratio, and the database's
size per game. Not the ten-year archive: the generator of 400,000 games is not written yet.
"""

from __future__ import annotations

import argparse
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
BUNDLE_TARGET_MS, CHECKPOINT_TARGET_S = 50.0, 1.0


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


def scaled(archive, bodies: list[bytes], games: int, key) -> None:
    """COPY ``games`` more games (each a real export's bytes under a new id, its event renamed), one seal each
    logged in batches of 1,000, then the bundle's p95 over 200 of them and a checkpoint over 1,000 more seals."""
    import json
    import random

    from domain.seal.merkle import leaf_hash, proof, root
    from domain.tlog.entries import seal_entry
    from service.federation.bundle import bundle_of

    exports = [json.loads(b)["export"].encode() for b in bodies]
    heads = [json.loads(e.split(b"\n", 1)[0])["head_hash"] for e in exports]
    rounds = [json.loads(e.split(b"\n", 2)[1])["payload"]["details"]["round"] for e in exports]
    began = time.perf_counter()
    ids, seals = [], []
    with archive.db.conn.cursor() as cursor:
        with cursor.copy("COPY games (game, hall, event, round_name, events, head_hash, format, verdict, standing, "
                         "export, received_at) FROM STDIN") as copy:
            for n in range(games):
                template = n % len(exports)
                event = f"Scale {n // 6}-{template}"
                data = exports[template].replace(b'"event":"Open"', f'"event":"{event}"'.encode())
                game = str(uuid4())
                ids.append(game)
                copy.write_row((game, key.fingerprint, event, str(rounds[template]), data.count(b"\n") - 1, heads[template],
                                "planilla-audit/2", "{}", "current", data, "2026-11-27T00:00:00Z"))
    for n in range(games):  # one seal per game: a copy keeps its template's round, under an event of its own
        template = n % len(exports)
        group, event, round_ = [(ids[n], heads[template])], f"Scale {n // 6}-{template}", rounds[template]
        leaves = [leaf_hash(event, round_, g, 9, h) for g, h in group]
        seals.append({"format": "planilla-seal/1", "event": event, "round": round_, "count": len(leaves),
                      "root": root(leaves), "sealed_at": "2026-11-27T00:00:00Z", "service_key": key.public_key,
                      "fingerprint": key.fingerprint, "signature": "S" * 88,
                      "games": [{"game": g, "version": 9, "head_hash": h, "leaf": leaf, "proof": proof(leaves, i)}
                                for i, ((g, h), leaf) in enumerate(zip(group, leaves))]})
    for start in range(0, len(seals), 1000):
        batch = seals[start:start + 1000]
        indexes = archive.log.append([seal_entry(s) for s in batch])
        with archive.db.conn.cursor() as cursor:
            with cursor.copy("COPY seals (hall, event, round_name, root, count, sealed_at, seal, log_index, "
                             "received_at) FROM STDIN") as copy:
                for seal, index in zip(batch, indexes):
                    copy.write_row((key.fingerprint, seal["event"], str(seal["round"]), seal["root"], seal["count"],
                                    seal["sealed_at"], json.dumps(seal), index, "2026-11-27T00:00:00Z"))
    archive.db.execute("ANALYZE")
    print(f"scale: {games} games and {len(seals)} seals written in {time.perf_counter() - began:.1f} s")
    archive.log.checkpoint()
    times = []
    for game in random.Random(29).sample(ids, 200):
        began = time.perf_counter()
        assert isinstance(bundle_of(archive, game, []), dict)
        times.append((time.perf_counter() - began) * 1000)
    line(f"proof bundle at {games} more games, p95 of 200", statistics.quantiles(times, n=20)[18], BUNDLE_TARGET_MS,
         "ms")
    extra = [seal_entry(dict(seals[0], round=20_000 + i)) for i in range(1000)]
    began = time.perf_counter()
    archive.log.append(extra)
    archive.log.checkpoint()
    line(f"checkpoint over 1,000 new seals ({archive.log.size - 1000} logged)", time.perf_counter() - began,
         CHECKPOINT_TARGET_S, "s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--scale", type=int, default=0, help="Then COPY this many more games (copies of the real "
                        "exports under new ids and event names, not verified) with their seals, and measure again.")
    arguments = parser.parse_args()
    count = arguments.games
    from service.federation.bundle import bundle_of
    from service.federation.keys import NamedKey
    from service.trust.attest import export_attested, seal_round
    from tests.federation_world import closed_game, game_body, hall_app, seal_body
    from tests.keys import Tablet

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=ROOT).stdout.strip()
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, commit {commit}")
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
    log_key = NamedKey.generate("fisc.bench/seals")
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
        if arguments.scale:
            scaled(archive, bodies, arguments.scale, key)
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
