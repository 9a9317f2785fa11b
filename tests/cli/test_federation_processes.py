"""The federation as real processes (issue 29, "Proof"): two ``planilla federation serve`` processes on one
PostgreSQL database (a database ``planilla_fed_*`` made and dropped here) and a witness; a hall whose
federation is unreachable for the whole event, its server stopped with pushes waiting and restarted, then
syncing; a push whose answer was lost sent again (stored once); the proof bundle fetched from the other
process and checked offline by ``planilla audit verify --bundle --witness``.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from uuid import uuid4

import httpx
import psycopg
import pytest
from psycopg import sql

from service.federation.keys import NamedKey
from service.federation.outbox import outbox_store
from service.federation.store import Db
from tests.application.conftest import ADMIN_URL
from tests.cli.test_witness_process import kill, start_witness
from tests.federation_world import EVENT, closed_game, hall_app
from tests.keys import Tablet

PLANILLA = str(Path(sys.executable).with_name("planilla"))


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([PLANILLA, *args], capture_output=True, text=True, timeout=60)


def start(args: list[str], ready: str, env: dict | None = None) -> tuple[subprocess.Popen, str]:
    """A process started in its own session; its address, from the line that starts with ``ready``."""
    proc = subprocess.Popen([PLANILLA, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, env=env)
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith(ready):
            return proc, line.split()[-1]
    kill(proc)
    raise AssertionError(f"no {ready!r} line: {lines}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def database():
    """A PostgreSQL database of the federation's own, dropped afterwards."""
    name = f"planilla_fed_{uuid4().hex[:10]}"
    try:
        with psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3) as db:
            db.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.OperationalError as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL server: {error}")
    yield ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(ADMIN_URL, autocommit=True) as db:
        db.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def test_two_federation_processes_one_database_a_hall_offline_restarted_and_syncing(tmp_path, database):
    fed = tmp_path / "federation"
    log_vkey = NamedKey.load_or_create(fed / "keys" / "log-ed25519.pem", "fisc.test/seals")[0].log_vkey()
    witness, witness_url, witness_vkey = start_witness(tmp_path / "w1", log_vkey, "witness.test/w1")
    procs = [witness]
    try:
        common = ["federation", "serve", "--data", str(fed), "--database-url", database, "--witness", witness_url,
                  "--port", "0"]
        a, url_a = start(common, "Planilla federation listening on ")
        b, url_b = start(common, "Planilla federation listening on ")
        procs += [a, b]
        pid_a = httpx.get(url_a + "/v1/federation").json()["process"]
        assert pid_a != httpx.get(url_b + "/v1/federation").json()["process"]
        officer = run("token", "create", "--role", "officer", "--label", "anna", "--database-url", database)
        assert officer.returncode == 0, officer.stderr
        auth = {"Authorization": f"Bearer {officer.stdout.strip()}"}
        assert httpx.post(url_a + "/v1/federation/halls", json={"fingerprint": "ab", "name": "x"},
                          headers=auth).json()["code"] == "malformed"
        assert httpx.get(url_b + "/v1/federation/halls").status_code == 401

        # The hall records its event while the federation is unreachable (a port nobody listens on).
        data = tmp_path / "hall"
        app = hall_app(data)
        games = [closed_game(app, 1, t, [Tablet(), Tablet()]) for t in (1, 2)]
        paper = closed_game(app, 2, 1, None)
        key = app.service_key
        app.close()
        nowhere = f"http://127.0.0.1:{free_port()}"
        hall_port = free_port()
        env = dict(os.environ)
        hall, _ = start(["serve", "--data", str(data), "--port", str(hall_port), "--no-access-log",
                         "--public-writer", "loop", "--federation", nowhere, "--federation-every", "0.2"],
                        "Planilla listening on ", env)
        procs.append(hall)
        outbox = Db(outbox_store(str(data)))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the hall sealed both rounds by itself and keeps 5 pushes waiting
            rows = outbox.all("SELECT kind, state, attempts FROM federation_outbox ORDER BY id") \
                if outbox.one("SELECT name FROM sqlite_master WHERE name = 'federation_outbox'") else []
            if len(rows) == 5 and rows[0][2] >= 1:
                break
            time.sleep(0.1)
        assert [(k, s) for k, s, _ in rows] == [("game", "waiting")] * 3 + [("seal", "waiting")] * 2, rows
        kill(hall, signal.SIGKILL)  # the laptop dies with everything waiting
        procs.remove(hall)

        # The officers enrol the hall (on one process) and its event (on the other).
        enrolled = httpx.post(url_a + "/v1/federation/halls", json={"fingerprint": key.fingerprint,
                                                                    "name": "Casal de Girona"}, headers=auth)
        assert enrolled.status_code == 201, enrolled.text
        assert httpx.post(url_b + "/v1/federation/events", json={"hall": key.fingerprint, "name": EVENT,
                          "starts": "2025-05-01", "ends": "2025-05-02"}, headers=auth).status_code == 201

        # Restarted, pointed at process B: everything waiting goes, oldest first.
        hall, _ = start(["serve", "--data", str(data), "--port", str(hall_port), "--no-access-log",
                         "--public-writer", "loop", "--federation", url_b, "--federation-every", "0.2"],
                        "Planilla listening on ", env)
        procs.append(hall)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            states = [r[0] for r in outbox.all("SELECT state FROM federation_outbox")]
            if states.count("sent") == 5:
                break
            time.sleep(0.1)
        assert states == ["sent"] * 5, outbox.all("SELECT item, state, code, message FROM federation_outbox")

        # A push stored whose answer was lost (the hall died before writing it down): sent again, stored once.
        kill(hall)
        procs.remove(hall)
        outbox.execute("UPDATE federation_outbox SET state = 'waiting', next_at = 0 WHERE kind = 'game'")
        again = run("federation", "push", "--data", str(data), "--to", url_a)
        assert again.returncode == 0, again.stdout + again.stderr
        assert json.loads(again.stdout)["pass"]["sent"] == 3
        with psycopg.connect(database) as db:
            assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
            assert db.execute("SELECT COUNT(*) FROM leaves").fetchone()[0] == 2
        outbox.close()

        # The bundle, from the process that did not take the pushes, checked offline against the witness.
        bundle = httpx.get(f"{url_a}/v1/federation/games/{games[0]}/bundle")
        assert bundle.status_code == 200, bundle.text
        path = tmp_path / "game.bundle.json"
        path.write_bytes(bundle.content)
        checked = run("audit", "verify", "--bundle", str(path), "--witness", witness_vkey)
        assert checked.returncode == 0 and "cosigned by 1 of the witnesses" in checked.stdout, checked.stdout
        other_witness = NamedKey.generate("witness.test/w2").witness_vkey()
        refused = run("audit", "verify", "--bundle", str(path), "--witness", witness_vkey, "--witness",
                      other_witness, "--quorum", "2")
        assert refused.returncode == 1 and "quorum is 2" in refused.stdout, refused.stdout
        assert httpx.get(f"{url_b}/v1/federation/games/{paper}/bundle").status_code == 200
        assert httpx.get(url_b + "/v1/federation/alarms", headers=auth).json()["alarms"] == []
    finally:
        for proc in procs:
            kill(proc)
