"""What one idle wake-up costs on this machine: the same small calls timed hot, then after pauses of idleness.

Run: ``.venv/bin/python bench/bench_cold_wakeup.py [--pauses 0.5 2 5]``.

An idle hall server's processes wake a few times a second to look at the store (``bench_idle.py``). What each look
costs is not what it costs in a loop: on some machines a call that takes 0.1 ms hot takes 5 to 30 ms of CPU after
a few seconds of idleness (the caches, and on a virtual machine the page-table walks, gone cold while other
guests ran), so the idle server's CPU depends on the machine far more than on the code. This prints, for the
store watch's look on SQLite (``CheckpointedRecorder.data_version``, then the query it spares,
``max_notification_id``), the projector's catch-up with nothing to do, and one ``os.stat``: the thread's CPU time
hot (the median of 200 calls) and after each pause (the call alone, once per pause). Not a target; the context
for ``bench_idle.py``'s figures (bench/README.md, "A nineteenth machine").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_game import machine  # noqa: E402


def cpu_us(call) -> float:
    started = time.thread_time_ns()
    call()
    return (time.thread_time_ns() - started) / 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pauses", type=float, nargs="+", default=[0.5, 2.0, 5.0])
    args = parser.parse_args()
    machine()
    from service.api.projector_child import open_projections

    data = Path(tempfile.mkdtemp(prefix="planilla-cold-")) / "data"
    app, store, projector = open_projections(str(data))
    recorder = app.recorder
    calls = {
        "the watch's look (data_version)": recorder.data_version,
        "the query it spares (max_notification_id)": recorder.max_notification_id,
        "the projector's catch-up, nothing to do": projector.catch_up,
        "os.stat of the events file": lambda: os.stat(data / "events.sqlite3"),
    }
    for call in calls.values():
        call()
    print(f"{'CPU of one call (us)':<45} {'hot':>8}" + "".join(f"{f'after {p:g} s':>12}" for p in args.pauses))
    for name, call in calls.items():
        hot = statistics.median(cpu_us(call) for _ in range(200))
        cold = []
        for pause in args.pauses:
            time.sleep(pause)
            cold.append(cpu_us(call))
        print(f"{name:<45} {hot:8.0f}" + "".join(f"{c:12.0f}" for c in cold))
    projector.stop()
    store.dispose()
    app.close()


if __name__ == "__main__":
    main()
