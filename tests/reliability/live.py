"""A real ``planilla serve`` in a subprocess, and the scripted game its clients replay.

The server runs as it does in production (uvicorn, the projector in its child process) on a
SQLite data folder or a PostgreSQL database; it can be killed with SIGKILL and started again on
the same store, on a new port. It is started warm (``tests/reliability/warm.py``): forked from a helper that has
already imported the service, then run from its entry point with the command line ``planilla serve`` gets.
"""

from __future__ import annotations

import importlib.util
import signal
import subprocess
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import httpx

from tests.reliability import warm

ROOT = Path(__file__).resolve().parents[2]
PLANILLA = str(Path(sys.executable).with_name("planilla"))


def _said(errors: Any, lines: int = 30) -> str:
    """The last ``lines`` of what the server wrote to its error stream so far, for an assertion's message."""
    errors.flush()
    errors.seek(0)
    tail = errors.read().splitlines()[-lines:]
    return ("; it said:\n" + "\n".join(tail)) if tail else ""


class LiveServer:
    """``planilla serve`` on one store; ``kill()`` is SIGKILL to the server process alone."""

    def __init__(self, store: str) -> None:
        self.store = store
        self.proc: Any = None  # a subprocess.Popen, or warm.WarmProcess (the part of Popen the tests use)
        self.url = ""
        self.director: str | None = None
        self.starts = 0

    def start(self) -> None:
        option = "--database-url" if "://" in self.store else "--data"
        errors = tempfile.TemporaryFile("w+")  # the server's own words, said when it does not come up
        self.proc = warm.popen([PLANILLA, "serve", "--port", "0", option, self.store, "--no-access-log"], errors)
        self.url = ""  # this start's address, never the last one's
        try:  # a server that does not come up is not left running (with its projector and writer) after the test
            deadline = time.monotonic() + 30
            assert self.proc.stdout is not None
            while time.monotonic() < deadline:
                line = self.proc.stdout.readline()
                if not line:
                    raise AssertionError(f"the server ended before printing its address (exit {self.proc.wait(10)})"
                                         f"{_said(errors)}")
                if line.startswith("pl_"):
                    self.director = line.strip()
                if line.startswith("Planilla listening on "):
                    self.url = line.split()[-1]
                    break
            else:
                raise AssertionError(f"the server printed no address{_said(errors)}")
            assert self.director is not None, "a fresh store's first start prints a director token"
            while True:
                try:
                    if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, f"the server never answered /health{_said(errors)}"
                time.sleep(0.05)
        except BaseException:
            self.proc.kill()
            self.proc.wait(10)
            raise
        finally:
            errors.close()  # the server keeps its own descriptor of the file
        self.starts += 1

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs; whatever was not durable is gone."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.wait_projectors_gone()

    def wait_projectors_gone(self, seconds: float = 10.0) -> None:
        """Wait until no projector process of this store runs (it ends by itself once its server is gone)."""
        deadline = time.monotonic() + seconds
        while projectors_of(self.store):
            assert time.monotonic() < deadline, "a projector outlived its server"
            time.sleep(0.05)

    def headers(self, token: str, device: str = "test") -> dict[str, str]:
        return {"Authorization": f"Bearer {token}", "X-Device": device}


def projectors_of(store: str) -> list[int]:
    """The running ``planilla projections follow`` processes of ``store`` (zombies excluded)."""
    return processes_with(b"follow", store.encode())


def processes_with(*words: bytes) -> list[int]:
    """The running processes whose command line has each of ``words`` as one of its arguments (zombies excluded)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            argv = cmdline.read_bytes().replace(b"\0", b" ").split()  # a forked child's title is one string
            state = (cmdline.parent / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if all(word in argv for word in words) and state != "Z":
            found.append(int(cmdline.parent.name))
    return found


@lru_cache(maxsize=None)
def scripted_game(seed: int = 1) -> list[tuple[Any, dict[str, Any]]]:
    """One complete 60-turn game as (sender, command body) pairs, with every tile given (a replay bag):
    the benches' script (bench/scripted_games.py), worked out once by the bot of tests/application/script.py."""
    spec = importlib.util.spec_from_file_location("scripted_games", ROOT / "bench" / "scripted_games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module.scripted_game(seed)


def fresh_store(kind: str, request: Any, tmp_path: Path) -> str:
    """A store no other test uses: a data folder, or a database of its own on the test PostgreSQL server
    (dropped afterwards), so the server's first start prints a director token."""
    if kind != "postgres":
        return str(tmp_path / "data")
    import uuid

    import psycopg
    from psycopg import sql

    base = request.getfixturevalue("postgres_url")
    server, session = base.rsplit("/", 1)
    name = f"{session}_{uuid.uuid4().hex[:6]}"  # planilla_test_<stamp>_…: swept like the session's if left over
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

    def drop() -> None:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    request.addfinalizer(drop)
    return f"{server}/{name}"
