"""The federation's replay page (``GET /replay``), a game viewed event after event, with and without the
process's kept replays (``service.federation.replay.Replays``).

    .venv/bin/python bench/bench_federation_replay.py

A hall records a closed game (``tests.federation_world.closed_game``, two plays), pushes it to a federation on
a SQLite file, and the page is rendered in the process for every event of the game, three times over: first
with nothing kept (each view reads the export and replays it, as before the replays were kept), then with one
``Replays`` (the first pass works each event out once, the next two find it kept). Prints the machine and
the commit, and the median and p95 of each.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from service.federation.archive import Archive
    from service.federation.keys import NamedKey
    from service.federation.pages_replay import replay_page
    from service.federation.replay import Replays
    from service.federation.store import Db
    from service.trust.attest import export_attested
    from tests.federation_world import EVENT, closed_game, game_body, hall_app, signed
    from tests.keys import Tablet

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=ROOT).stdout.strip()
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, commit {commit}, "
          f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        app = hall_app(Path(tmp) / "hall")
        played = closed_game(app, 1, 1, [Tablet(), Tablet()], second_play=True)
        game, export, key = str(played), export_attested(app, played), app.service_key
        app.close()
        archive = Archive(Db(str(Path(tmp) / "federation.sqlite3")), NamedKey.generate("fisc.bench/seals"))
        archive.enrol_hall(key.fingerprint, "Casal", "bench")
        archive.enrol_event(key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "bench")
        archive.push(game_body(export), signed(key, game_body(export)))
        replay_page(archive, game, "", "es")  # the lexicon and the modules loaded once, outside the times
        last = archive.shown(game)["events"]
        for label, kept in (("nothing kept (each view reads and replays)", None), ("kept (Replays)", Replays())):
            times = []
            for _ in range(3):
                for at in range(1, last + 1):
                    began = time.perf_counter()
                    status, _ = replay_page(archive, game, str(at), "es", kept)
                    times.append((time.perf_counter() - began) * 1000)
                    assert status == 200, status
            print(f"{label}: {len(times)} views of a {last}-event game, median {statistics.median(times):.1f} ms, "
                  f"p95 {statistics.quantiles(times, n=20)[18]:.1f} ms")
        archive.db.close()


if __name__ == "__main__":
    main()
