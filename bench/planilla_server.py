"""``planilla serve`` in its own process for the benches (``bench_http.py`` and those that borrow its load): started
on a free port, its director token and address read from what it prints; its CPU, its event loop's CPU and its
peak memory read from ``/proc``; the read models' lag waited out; stopped with its children. And a throwaway
PostgreSQL database at 127.0.0.1:5432 for a run on that store.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import uuid4

import httpx

ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PLANILLA = str(Path(sys.executable).with_name("planilla"))


@dataclass
class Server:
    """``planilla serve`` in its own process."""

    store: str
    #: more arguments for ``planilla serve``
    options: tuple[str, ...] = ()
    proc: subprocess.Popen = field(init=False)
    url: str = field(init=False)
    token: str = field(init=False)

    def __post_init__(self) -> None:
        option = "--database-url" if "://" in self.store else "--data"
        self.proc = subprocess.Popen([PLANILLA, "serve", "--port", "0", option, self.store, "--no-access-log",
                                      *self.options],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     start_new_session=True)
        token = None
        for line in self.proc.stdout:
            if line.startswith("pl_"):
                token = line.strip()
            if line.startswith("Planilla listening on "):
                self.url = line.split()[-1]
                break
        if token is None:
            self.stop()
            raise RuntimeError("the server printed no director token: is the store fresh?")
        self.token = token
        for _ in range(200):
            try:
                if httpx.get(f"{self.url}/health").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer /health")

    def family(self) -> list[tuple[int, list[str], list[bytes]]]:
        """The server and its child processes (the projector, the public streams' writer): each one's pid, the
        fields of its ``/proc/<pid>/stat`` after the name, and its command line's arguments."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if stat.parent.name == str(self.proc.pid) or fields[1] == str(self.proc.pid):
                    found.append((int(stat.parent.name), fields, (stat.parent / "cmdline").read_bytes().split(b"\0")))
            except (OSError, IndexError):
                continue
        return found

    def loop_cpu_seconds(self) -> float:
        """CPU seconds used so far by the server's main thread (its event loop)."""
        fields = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the server and its child processes."""
        return sum(int(f[11]) + int(f[12]) for _, f, _ in self.family()) / os.sysconf("SC_CLK_TCK")

    def peak_memory_mb(self) -> float:
        """The server's peak resident memory (VmHWM), in MB."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def settle(self, bound: float = 180.0) -> float:
        """Wait until the read models have processed every stored event (``/health``'s lag 0): the seconds waited.
        The closed loop leaves the projector a backlog that it works off on the same two cores; the paced run
        measures a hall's steady pace, not that catching up."""
        start = time.perf_counter()
        while time.perf_counter() - start < bound:
            try:
                found = httpx.get(f"{self.url}/health", timeout=5).json()
                if (found.get("projections") or {}).get("lag") == 0:
                    break
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.2)
        return time.perf_counter() - start

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGINT)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)


def postgres_database() -> tuple[str, Any] | None:
    try:
        import psycopg
        from psycopg import sql

        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3)
    except Exception as err:  # noqa: BLE001 - any reason to skip PostgreSQL is reported
        print(f"PostgreSQL skipped: {err}")
        return None
    name = f"planilla_bench_{uuid4().hex[:8]}"
    admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

    def drop() -> None:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        admin.close()

    return ADMIN_URL.rsplit("/", 1)[0] + "/" + name, drop
