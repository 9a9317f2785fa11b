"""The projector's CPU per event when its batches are small, as beside a server with many tablets.

Run: ``.venv/bin/python bench/bench_projector_batches.py [--games 64] [--events 2000] [--sizes 1,4,16] [--rounds 2]``.

Beside ``planilla serve``, each save wakes the projector, so under a steady pace it projects a few events at a
time (at 64 tablets pausing 100 ms, ``bench_http.py``'s paced run, about 3.5 events a batch, each of another
game), not the thousands of a rebuild: what a batch costs whatever its size (reading the positions, the
tracking update, the transaction) is paid over a handful of events. This script takes the cached archive of
``bench_projections.py`` (``--games`` random complete games), copies its events into a fresh SQLite store in
turn across the games (game 1's first event, game 2's first, ..., then each one's second: as many tablets
write them), and projects ``--events`` of them with the projector's batch size set to each of ``--sizes`` in
turn, ``--rounds`` times (the best round is kept, as the machine is shared). Printed: the CPU per event, by
batch size, and the machine and commit. No target: compare commits in one run of each, taking turns.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_game import machine  # noqa: E402
from bench_projections import archive  # noqa: E402
from projections.projector import Projector  # noqa: E402
from projections.store import ReadStore  # noqa: E402
from service.game.application import GamesApplication  # noqa: E402
from service.settings import read_model_url, settings_env  # noqa: E402


def interleaved(folder: Path) -> list:
    """The archive's stored events, in turn across its games."""
    app = GamesApplication(settings_env(folder))
    try:
        by_game: dict = {}
        for note in app.recorder.select_notifications(start=0, limit=10**7):
            by_game.setdefault(note.originator_id, []).append(note)
    finally:
        app.close()
    queues = [list(reversed(events)) for events in by_game.values()]
    order = []
    while any(queues):
        for queue in queues:
            if queue:
                order.append(queue.pop())
    return order


def cpu_per_event(events: list, size: int, count: int) -> float:
    """Milliseconds of this process's CPU per event, projecting ``count`` events in batches of ``size``."""
    folder = Path(tempfile.mkdtemp(prefix="planilla-batches-"))
    app = GamesApplication(settings_env(folder))
    store = ReadStore(read_model_url(folder))
    try:
        for k in range(0, len(events), 500):
            app.recorder.insert_events(events[k:k + 500])
        store.migrate()
        projector = Projector(app, store, batch_size=size)
        projector.catch_up(limit=200)  # warm: the statements compiled, the first games in memory
        started = time.process_time()
        done = projector.catch_up(limit=count)
        return (time.process_time() - started) / done * 1000
    finally:
        store.dispose()
        app.close()
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64, help="games in the archive (default 64)")
    parser.add_argument("--events", type=int, default=2000, help="events projected per measure (default 2,000)")
    parser.add_argument("--sizes", default="1,4,16", help="batch sizes (default 1,4,16)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds, each size once per round (default 2)")
    args = parser.parse_args()
    machine()
    events = interleaved(archive(args.games, False))
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{len(events):,} events of {args.games} games, in turn across the games; {args.events:,} projected "
          f"per measure, batch sizes {sizes}, best of {args.rounds} rounds")
    best = {size: float("inf") for size in sizes}
    for _ in range(args.rounds):
        for size in sizes:
            best[size] = min(best[size], cpu_per_event(events, size, min(args.events, len(events) - 200)))
    for size in sizes:
        print(f"batches of {size:>3}: {best[size]:.3f} ms of CPU per event")


if __name__ == "__main__":
    main()
