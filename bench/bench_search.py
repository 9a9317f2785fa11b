"""The federation's search at the 100% archive's size of ``entries`` (issue 29), by kind of search.

    .venv/bin/python bench/bench_search.py

Writes into a fresh PostgreSQL database (``planilla_fed_search_*``, dropped after) only what search reads:
2,000 events over ten years in 20 halls, 40 entries each (80,000 rows; the ten-year generator's players:
``Jugador<n> Cognom<n % 97>`` from a pool of 3,000 with federation ids, one seat in ten a guest without one),
then times ``queries.search`` 15 times for each kind: a player's name, a surname (~30 of the pool), a guest, a
month, a surname within a year, one letter (a vowel), one and two letters that start every generated name
(``j``/``c``, ``ju``/``co``: under three letters a search finds the names starting with it). Prints the machine, the commit, the load, and each kind's median
and worst. No games, seals or results: bench_archive.py --scale measures the whole page on the whole archive.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from uuid import uuid4

import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ADMIN = os.environ.get("PLANILLA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


def main() -> None:
    from service.federation.archive import Archive
    from service.federation.keys import NamedKey
    from service.federation.queries import folded, search
    from service.federation.store import Db

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=ROOT).stdout.strip()
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, commit {commit}, "
          f"load average {os.getloadavg()[0]:.1f}")
    name = f"planilla_fed_search_{uuid4().hex[:8]}"
    with psycopg.connect(ADMIN, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        archive = Archive(Db(ADMIN.rsplit("/", 1)[0] + "/" + name), NamedKey.generate("fisc.bench/seals"))
        rng = random.Random(29)
        pool = [(f"FISC-{n:05d}", f"Jugador{n} Cognom{n % 97}") for n in range(3000)]
        archive.db.many("INSERT INTO halls (fingerprint, name, service_key, enrolled_at, enrolled_by) VALUES "
                        "(?, ?, ?, ?, ?)", [(f"h{n}", f"Casal {n}", "", "", "bench") for n in range(20)])
        events, entries = [], []
        for e in range(2000):
            starts = date(2016, 1, 9) + timedelta(days=e * 3650 // 2000)
            event, hall = f"Open {starts.year} n{e}", f"h{e % 20}"
            events.append((event, starts.isoformat(), (starts + timedelta(days=1)).isoformat(), hall, "bench"))
            for i, (fid, person) in enumerate(rng.sample(pool, 40)):
                person, fid = (person, fid) if i % 10 else (f"Convidat {e}-{i}", "")
                entries.append((e + 1, hall, event, f"t{e}", f"id:{fid}" if fid else f"entry:{e + 1}:p{i}", person,
                                folded(f"{person} {fid}"), fid))
        archive.db.many("INSERT INTO events (name, starts, ends, hall, enrolled_by) VALUES (?, ?, ?, ?, ?)", events)
        archive.db.many("INSERT INTO entries (results_id, hall, event, tournament, who, name, folded, federation_id) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", entries)
        archive.db.execute("VACUUM ANALYZE entries")
        archive.db.execute("ANALYZE events")
        kinds = {"a player's name": lambda: (f"jugador{rng.randrange(3000)} ", "", ""),
                 "a surname": lambda: (f"Cognom{rng.randrange(97)}", "", ""),
                 "a guest": lambda: (f"convidat {rng.randrange(2000)}-", "", ""),
                 "a month": lambda: ("", "2020-05-01", "2020-05-28"),
                 "a surname in a year": lambda: (f"cognom{rng.randrange(97)}", "2019-01-01", "2019-12-31"),
                 "one letter": lambda: (rng.choice("aeiou"), "", ""),
                 "one letter starting every name": lambda: (rng.choice("jc"), "", ""),
                 "two letters starting every name": lambda: (rng.choice(["ju", "co"]), "", "")}
        for kind, asked in kinds.items():
            times = []
            for _ in range(15):
                text, starts, ends = asked()
                began = time.perf_counter()
                search(archive, text, starts, ends)
                times.append((time.perf_counter() - began) * 1000)
            print(f"{kind}: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms")
        archive.db.close()
    finally:
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


if __name__ == "__main__":
    main()
