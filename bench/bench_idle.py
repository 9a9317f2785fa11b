"""An idle hall server: how much of a core ``planilla serve`` and its processes use when nothing happens.

Run: ``.venv/bin/python bench/bench_idle.py [--seconds 60] [--games 20] [--streams 0] [--store sqlite|postgres]``.

It starts ``planilla serve`` on a fresh data folder (or a throwaway PostgreSQL schema) as a hall runs it: the
server, its projector process and the public board's writer process. It creates ``--games`` games over HTTP
(with the director token printed at the first start), optionally opens ``--streams`` game streams that then
stay idle (tablets connected, nobody playing), waits ``--warmup`` seconds, and then reads each process's
``utime + stime`` from ``/proc/<pid>/stat`` at the start and the end of ``--seconds``: the CPU each used, as a
share of one core, and the sum, against the target of issue 25 (all the hall server's processes together at
most 0.5% of a core). The figures are CPU time, not wall time, so a loaded machine changes them less than it
changes latencies; still, compare runs made one after the other. Beside each, the process's wake-ups a second
(its threads' context switches, ``/proc/<pid>/task/*/status``): what an idle server's CPU is made of, and a count
that does not drift with the machine as the CPU of each wake-up does (0.3 ms on some machines, 1 to 30 ms on a
virtual one whose caches the idleness has cooled: ``bench_cold_wakeup.py``).
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from bench_game import machine  # noqa: E402

TARGET = 0.5  # percent of one core, every process of the server together
TICKS = os.sysconf("SC_CLK_TCK")
PG_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far, in seconds (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime: fields 14 and 15 of stat(5)


def wakeups(pid: int) -> dict[str, int]:
    """How many times each of the process's threads has been switched to so far (voluntary and not): each an idle
    process's wake-up, whose CPU a slow machine with cold caches makes dear; a count no machine's speed changes."""
    counts = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            status = (task / "status").read_text()
        except OSError:  # the thread ended meanwhile
            continue
        counts[task.name] = sum(int(line.split()[1]) for line in status.splitlines() if "ctxt_switches:" in line)
    return counts


def woken_since(before: dict[str, int], after: dict[str, int]) -> int:
    """The wake-ups between two counts, of the threads alive at the end (one that ended took its count along)."""
    return sum(count - before.get(tid, 0) for tid, count in after.items())


def name_of(pid: int) -> str:
    args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    text = " ".join(a.decode(errors="replace") for a in args if a)
    if "projections" in text:
        return "projector (planilla projections follow)"
    if "streams.writer" in text:
        return "public writer (service.api.streams.writer)"
    return "server (planilla serve)"


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(store: str, port: int) -> tuple[subprocess.Popen[str], str]:
    option = "--database-url" if "://" in store else "--data"
    proc = subprocess.Popen([str(ROOT / ".venv/bin/planilla"), "serve", "--port", str(port), option, store],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    token = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if re.fullmatch(r"[A-Za-z0-9_-]{30,}", line.strip()):
            token = line.strip()
        if "listening on" in line:
            break
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # never let its output block it
    assert token is not None, "no director token printed (not a fresh store?)"
    return proc, token


def hold_streams(url: str, token: str, games: list[str], count: int, stop: threading.Event) -> list[threading.Thread]:
    """``count`` game streams held open (and read) until ``stop``."""
    def hold(game_id: str) -> None:
        try:
            with httpx.Client(timeout=None) as client, client.stream(
                    "GET", f"{url}/v1/games/{game_id}/stream", headers={"Authorization": f"Bearer {token}"}) as r:
                for _ in r.iter_raw():
                    if stop.is_set():
                        return
        except httpx.HTTPError:
            pass  # the server stopped at the end of the run

    threads = [threading.Thread(target=hold, args=(games[i % len(games)],), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    return threads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured idle window")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds after the last request before measuring")
    parser.add_argument("--games", type=int, default=20, help="games created before the idle window")
    parser.add_argument("--streams", type=int, default=0, help="game streams held open (idle) through the window")
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args()
    machine()
    scratch = tempfile.mkdtemp(prefix="planilla-idle-")
    schema = f"idle_{uuid.uuid4().hex[:8]}"
    store = str(Path(scratch) / "data") if args.store == "sqlite" else f"{PG_URL}?schema={schema}"
    port = free_port()
    proc, token = start(store, port)
    url = f"http://127.0.0.1:{port}"
    stop = threading.Event()
    try:
        games = []
        for i in range(args.games):
            r = httpx.post(f"{url}/v1/games", json={"profile": "file-2024", "players": ["Ana", "Bea"],
                                                    "event": "Idle Open", "round": 1, "table": i + 1},
                           headers={"Authorization": f"Bearer {token}"}, timeout=10)
            r.raise_for_status()
            games.append(r.json()["id"])
        if args.streams:
            hold_streams(url, token, games, args.streams, stop)
        time.sleep(args.warmup)
        pids = [proc.pid, *children(proc.pid)]
        names = {pid: name_of(pid) for pid in pids}
        before = {pid: cpu_seconds(pid) for pid in pids}
        woken = {pid: wakeups(pid) for pid in pids}
        started = time.monotonic()
        time.sleep(args.seconds)
        after = {pid: cpu_seconds(pid) for pid in pids}
        woken = {pid: woken_since(woken[pid], wakeups(pid)) for pid in pids}
        wall = time.monotonic() - started
    finally:
        stop.set()
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        if args.store == "postgres":
            try:
                import psycopg

                with psycopg.connect(PG_URL, autocommit=True) as conn:
                    conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            except Exception as error:  # noqa: BLE001 - a bench: say so and go on
                print(f"(could not drop schema {schema}: {error})")
    print(f"idle {args.store} server, {args.games} games, {args.streams} idle streams, {wall:.0f} s measured:")
    total = 0.0
    for pid in pids:
        share = 100 * (after[pid] - before[pid]) / wall
        total += share
        print(f"  {names[pid]:<45} {share:6.2f}% of a core, {woken[pid] / wall:5.1f} wake-ups/s")
    verdict = "ok" if total <= TARGET else "MISSED"
    print(f"  {'all together':<45} {total:6.2f}% of a core, {sum(woken.values()) / wall:5.1f} wake-ups/s "
          f"(target <= {TARGET}%: ratio {total / TARGET:.2f}, {verdict})")


if __name__ == "__main__":
    main()
