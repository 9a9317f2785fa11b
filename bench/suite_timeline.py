"""Where the test suite's wall time goes: each test's start and end per worker, and the machine's CPU over the run.

Run the suite with this file as a plugin, then read what it wrote::

    rm -rf /tmp/timeline
    SUITE_TIMELINE=/tmp/timeline PYTHONPATH=bench CI=true .venv/bin/python -m pytest -n 3 --dist worksteal \\
        -q -p no:cacheprovider -p suite_timeline
    .venv/bin/python bench/suite_timeline.py /tmp/timeline

Each worker (and the controller, for the machine's CPU) writes one JSON line a test to ``$SUITE_TIMELINE``: its
node id, start and end (wall clock). The report prints: the span from the first test's start to the last's end; how
long 0, 1, 2 ... tests ran at once (a run whose workers all stay busy to the end is not shortened by ordering the
tests, only by less CPU); when each worker started and ended; the two cores' busy share over the run
(``/proc/stat``, read by the controller at the session's start and end); the share of the workers' test time by
top-level directory of ``tests/`` and the modules that took most. No target: it says where to look.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

_out: Any = None


def _folder() -> Path | None:
    folder = os.environ.get("SUITE_TIMELINE")
    return Path(folder) if folder else None


def _busy_ticks() -> tuple[int, int]:
    """(busy, all) jiffies of every core since boot: user, nice, system, irq, softirq count as busy."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, idle, iowait, irq, softirq = fields[:7]
    busy = user + nice + system + irq + softirq
    return busy, busy + idle + iowait


def _write(record: dict[str, Any]) -> None:
    global _out
    folder = _folder()
    if folder is None:
        return
    if _out is None:
        folder.mkdir(parents=True, exist_ok=True)
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _out = open(folder / f"{name}.jsonl", "a", buffering=1)  # noqa: SIM115 - kept open for the session
    _out.write(json.dumps(record) + "\n")


def pytest_sessionstart(session: Any) -> None:
    if "PYTEST_XDIST_WORKER" not in os.environ:
        busy, total = _busy_ticks()
        _write({"machine": "start", "at": time.time(), "busy": busy, "total": total})


def pytest_sessionfinish(session: Any) -> None:
    if "PYTEST_XDIST_WORKER" not in os.environ:
        busy, total = _busy_ticks()
        _write({"machine": "end", "at": time.time(), "busy": busy, "total": total})


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Any:
    """Around the whole protocol of a test: its setup, call and teardown."""
    start = time.time()
    try:
        return (yield)
    finally:
        _write({"test": item.nodeid, "start": start, "end": time.time()})


def report(folder: Path) -> None:
    tests: list[tuple[str, str, float, float]] = []
    machine: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if "machine" in record:
                machine[record["machine"]] = record
            else:
                tests.append((path.stem, record["test"], record["start"], record["end"]))
    if not tests:
        sys.exit(f"no tests recorded in {folder}")
    first, last = min(t[2] for t in tests), max(t[3] for t in tests)
    print(f"{len(tests)} tests; {last - first:.1f} s from the first test's start to the last's end")
    if "start" in machine and "end" in machine:
        busy = machine["end"]["busy"] - machine["start"]["busy"]
        total = machine["end"]["total"] - machine["start"]["total"]
        print(f"the machine's cores busy over the session: {100 * busy / max(total, 1):.1f}%")
    changes = sorted([(t[2], 1) for t in tests] + [(t[3], -1) for t in tests])
    running, since, at_once = 0, first, Counter()
    for at, step in changes:
        at_once[running] += at - since
        running, since = running + step, at
    print("tests running at once: " + ", ".join(f"{n}: {s:.0f} s" for n, s in sorted(at_once.items())))
    for worker in sorted({t[0] for t in tests}):
        mine = [t for t in tests if t[0] == worker]
        print(f"  {worker}: {len(mine)} tests, from {min(t[2] for t in mine) - first:.0f} s to "
              f"{max(t[3] for t in mine) - first:.0f} s, busy {sum(t[3] - t[2] for t in mine):.0f} s")
    spent = sum(t[3] - t[2] for t in tests)
    by_dir, by_module = Counter(), Counter()
    for _, nodeid, start, end in tests:
        module = nodeid.split("::", 1)[0]
        parts = module.split("/")
        by_dir[parts[1] if len(parts) > 2 else module] += end - start
        by_module[module] += end - start
    print(f"the workers' test time, {spent:.0f} s, by directory:")
    for name, seconds in by_dir.most_common():
        print(f"  {name:<16} {seconds:7.0f} s {100 * seconds / spent:5.1f}%")
    print("the modules that took most:")
    for name, seconds in by_module.most_common(15):
        print(f"  {seconds:7.0f} s  {name}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: suite_timeline.py FOLDER (what SUITE_TIMELINE named)")
    report(Path(sys.argv[1]))
