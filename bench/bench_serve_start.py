"""A server's start: ``planilla serve`` from its launch to the first ``/health`` answer, wall time and CPU.

Run: ``.venv/bin/python bench/bench_serve_start.py [--starts 5] [--store sqlite|postgres]``.

It starts ``planilla serve --port 0`` on one fresh data folder (or a throwaway PostgreSQL database) ``--starts``
times, as the crash tests do (the first start makes the store and prints a director token; each later one finds
it), stopping each with SIGINT. For each start: the wall time from launch to the first ``/health`` 200; the
server process's CPU (``utime + stime`` of ``/proc/<pid>/stat``) at that moment; and, ``--settle`` seconds
later, the CPU of the server and of each of its child processes (the projector, the public board's writer),
which finish their own start-up after the server answers. The medians are printed with the machine's load.
Bytecode is written (the test suite's conftest does the same), so after the first start nothing is compiled.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

TICKS = os.sysconf("SC_CLK_TCK")
PLANILLA = str(Path(sys.executable).with_name("planilla"))
PG = "postgresql://postgres@127.0.0.1:5432"


def cpu_seconds(pid: int) -> float:
    """``utime + stime`` of a process, in seconds (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def one_start(option: str, store: str, settle: float) -> tuple[float, float, float]:
    """(wall to the first /health, the server's CPU then, server + children's CPU ``settle`` s later)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    began = time.monotonic()
    proc = subprocess.Popen([PLANILLA, "serve", "--port", "0", option, store, "--no-access-log"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert proc.stdout is not None
        url = ""
        for line in proc.stdout:
            if line.startswith("Planilla listening on "):
                url = line.split()[-1]
                break
        assert url, "the server printed no address"
        with httpx.Client() as client:
            while True:
                try:
                    if client.get(f"{url}/health", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.01)
        wall = time.monotonic() - began
        server_cpu = cpu_seconds(proc.pid)
        time.sleep(settle)
        total = cpu_seconds(proc.pid) + sum(cpu_seconds(c) for c in children(proc.pid))
        return wall, server_cpu, total
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--settle", type=float, default=3.0)
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.store == "sqlite":
            option, store, drop = "--data", str(Path(tmp) / "data"), None
        else:
            import psycopg

            name = f"bench_start_{uuid.uuid4().hex[:8]}"
            with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{name}"')
            option, store, drop = "--database-url", f"{PG}/{name}", name
        try:
            rows = [one_start(option, store, args.settle) for _ in range(args.starts)]
        finally:
            if drop is not None:
                import psycopg

                with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{drop}" WITH (FORCE)')
    for n, (wall, server, total) in enumerate(rows, 1):
        print(f"start {n}: {wall:.2f} s to /health, server CPU {server:.2f} s, all processes {total:.2f} s "
              f"after {args.settle:g} s")
    later = rows[1:] or rows  # the first start also makes the store
    print(f"median of starts 2-{len(rows)}: {statistics.median(r[0] for r in later):.2f} s to /health, server CPU "
          f"{statistics.median(r[1] for r in later):.2f} s, all processes {statistics.median(r[2] for r in later):.2f} s;"
          f" load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
