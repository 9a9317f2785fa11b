"""``planilla serve`` and ``planilla token``: the service starts, says where, and hands out the first token once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.application.conftest import postgres_url  # noqa: F401  (a fixture, shared)

PLANILLA = str(Path(sys.executable).with_name("planilla"))


def start(data: Path | str) -> tuple[subprocess.Popen, list[str]]:
    """Start the service on a free port; return it and the lines it printed up to its address."""
    option = "--database-url" if "://" in str(data) else "--data"
    proc = subprocess.Popen([PLANILLA, "serve", "--port", "0", option, str(data), "--no-access-log"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("Planilla listening on "):
            return proc, lines
    stop(proc)
    raise AssertionError(f"no address printed: {lines}")


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def wait_healthy(url: str) -> httpx.Response:
    deadline = time.monotonic() + 20
    while True:
        try:
            return httpx.get(f"{url}/health", timeout=2)
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_serve_prints_its_address_and_a_first_director_token_once(tmp_path: Path):
    proc, lines = start(tmp_path / "data")
    try:
        url = lines[-1].removeprefix("Planilla listening on ")
        assert url.startswith("http://127.0.0.1:")
        token = next(line for line in lines if line.startswith("pl_"))
        health = wait_healthy(url)
        assert health.status_code == 200 and health.json()["store"]["kind"] == "sqlite"
        created = httpx.post(f"{url}/v1/games", json={"profile": "fise-2009", "players": ["Ana", "Bea"]},
                             headers={"Authorization": f"Bearer {token}"})
        assert created.status_code == 201
        # issue 16: the service key is made in the data folder on the first start, its fingerprint printed
        [key_line] = [line for line in lines if line.startswith("Service key (Ed25519) fingerprint: ")]
        key = httpx.get(f"{url}/v1/keys").json()
        assert key["fingerprint_printed"] in key_line and "made now in" in key_line
        assert str(tmp_path / "data" / "keys" / "service-ed25519.pem") in key_line
    finally:
        stop(proc)
    proc, lines = start(tmp_path / "data")  # the same store again: no new token
    try:
        assert not any(line.startswith("pl_") for line in lines)
        [again] = [line for line in lines if line.startswith("Service key (Ed25519) fingerprint: ")]
        assert key["fingerprint_printed"] in again and "kept in" in again  # the same key, kept
    finally:
        stop(proc)
    assert token.encode() not in (tmp_path / "data" / "events.sqlite3").read_bytes()  # stored only as a hash


def test_token_create_and_revoke_on_a_data_folder(tmp_path: Path):
    data = str(tmp_path / "data")
    made = subprocess.run([PLANILLA, "token", "create", "--role", "tribunal", "--label", "comité", "--data", data],
                          capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    token, ident = made.stdout.strip(), made.stderr.split()[2]
    from service.access.application import ServiceApplication
    from service.settings import settings_env

    games = ServiceApplication(settings_env(data))
    try:
        assert games.principal(token).role == "tribunal"
    finally:
        games.close()
    revoked = subprocess.run([PLANILLA, "token", "revoke", ident, "--data", data], capture_output=True, text=True,
                             timeout=60)
    assert revoked.returncode == 0, revoked.stderr
    games = ServiceApplication(settings_env(data))
    try:
        assert games.principal(token) is None
    finally:
        games.close()
    refused = subprocess.run([PLANILLA, "token", "create", "--role", "king", "--data", data], capture_output=True,
                             text=True, timeout=60)
    assert refused.returncode == 2 and "king" in refused.stderr


def test_serve_on_postgresql(postgres_url: str):
    proc, lines = start(postgres_url)
    try:
        url = lines[-1].removeprefix("Planilla listening on ")
        health = wait_healthy(url)
        assert health.status_code == 200 and health.json()["store"]["kind"] == "postgresql"
    finally:
        stop(proc)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` and that run ``projections follow``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ")
        except (OSError, ValueError, IndexError):
            continue
        if ppid == pid and b"projections follow" in cmdline:
            found.append(int(stat.parent.name))
    return found


def _until(check, seconds: float = 15.0):
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_serve_projects_in_a_child_process_that_is_restarted_and_ends_with_the_server(tmp_path: Path):
    """`planilla serve` runs the projector as `planilla projections follow` beside itself: the read models
    follow the commands (read your own write), a killed projector is started again and catches up, and
    when the server is killed outright (SIGKILL, no clean-up) the projector ends by itself."""
    proc, lines = start(tmp_path / "data")
    try:
        url = lines[-1].removeprefix("Planilla listening on ")
        director = {"Authorization": f"Bearer {next(line for line in lines if line.startswith('pl_'))}"}
        wait_healthy(url)
        first = _until(lambda: _children(proc.pid))
        assert len(first) == 1
        # The child is up (it has migrated and follows the store) before the read-your-write check,
        # whose wait is bounded at a second: a loaded machine can take longer than that to start it.
        assert _until(lambda: httpx.get(f"{url}/health").json()["projections"]["running"] is True)
        # ... and warm: a first game projected (its first projection loads what a cold child has not yet).
        httpx.post(f"{url}/v1/games", json={"profile": "file-2024", "players": ["X", "Y"]}, headers=director)
        assert _until(lambda: httpx.get(f"{url}/health").json()["projections"]["lag"] == 0)
        game = httpx.post(f"{url}/v1/games", json={"profile": "file-2024", "players": ["Ana", "Bea"]},
                          headers=director).json()
        status = httpx.get(f"{url}/v1/games/{game['id']}/status", headers=director).json()
        assert status["version"] == 1  # the read waited until the child had projected the game
        assert httpx.get(f"{url}/health").json()["projections"]["running"] is True

        os.kill(first[0], signal.SIGKILL)
        again = _until(lambda: [p for p in _children(proc.pid) if p != first[0]])
        assert len(again) == 1, "the projector was not started again"
        sent = httpx.post(f"{url}/v1/games/{game['id']}/commands", headers=director,
                          json={"type": "give_starter", "expected_version": 1, "seat": 1})
        assert sent.status_code == 200, sent.text
        assert _until(lambda: httpx.get(f"{url}/v1/games/{game['id']}/status",
                                        headers=director).json()["version"] == 2)
        assert _until(lambda: httpx.get(f"{url}/health").json()["projections"]["lag"] == 0)
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # the server alone: its projector must notice and stop
        proc.wait()
    assert _until(lambda: not Path(f"/proc/{again[0]}").exists() or
                  Path(f"/proc/{again[0]}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z", 10)


def test_a_taken_port_is_one_line_naming_port_and_creates_nothing(tmp_path: Path):
    """Issue 13 item 15: the port is checked before the data folder or the director token is made."""
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        ran = subprocess.run([PLANILLA, "serve", "--port", str(port), "--data", str(tmp_path / "data")],
                             capture_output=True, text=True, timeout=60)
    finally:
        taken.close()
    assert ran.returncode == 1
    assert ran.stdout == ""
    assert ran.stderr.count("\n") == 1 and "--port" in ran.stderr and str(port) in ran.stderr, ran.stderr
    assert "Traceback" not in ran.stderr
    assert not (tmp_path / "data").exists()
    proc, lines = start(tmp_path / "data")  # the port free again: the first start still shows its token
    try:
        assert any(line.startswith("pl_") for line in lines)
    finally:
        stop(proc)


def test_a_start_without_a_usable_director_token_says_how_to_make_one(tmp_path: Path):
    """Item 15: once the first director token is revoked, a start names `planilla token create --role director`
    with the store's own option; while one is usable, a start still says how to make another."""
    from service.access.application import ServiceApplication
    from service.access.tokens import token_id
    from service.settings import settings_env

    data = tmp_path / "data"
    proc, lines = start(data)
    stop(proc)
    first = next(line for line in lines if line.startswith("pl_"))
    proc, lines = start(data)
    stop(proc)
    assert not any("No director token" in line for line in lines)
    assert any(f"planilla token create --role director --data {data}" in line for line in lines), lines
    games = ServiceApplication(settings_env(str(data)))
    try:
        assert games.has_director()
        games.revoke_token(token_id(first), "lost", "test")
        assert not games.has_director()
    finally:
        games.close()
    proc, lines = start(data)
    stop(proc)
    assert any(line.startswith("No director token can be used on this store: make one with "
                               f"'planilla token create --role director --data {data}'") for line in lines), lines


def test_a_postgresql_schema_that_does_not_exist_is_created(postgres_url: str):
    """Item 16: `?schema=hall1` names a schema not made yet: token create and serve create it and work in it."""
    import psycopg

    url = f"{postgres_url}?schema=hall1"
    made = subprocess.run([PLANILLA, "token", "create", "--role", "director", "--database-url", url],
                          capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    proc, lines = start(url)
    try:
        base = lines[-1].removeprefix("Planilla listening on ")
        assert wait_healthy(base).status_code == 200
        created = httpx.post(f"{base}/v1/games", json={"profile": "fise-2009", "players": ["Ana", "Bea"]},
                             headers={"Authorization": f"Bearer {made.stdout.strip()}"})
        assert created.status_code == 201, created.text
    finally:
        stop(proc)
    with psycopg.connect(postgres_url) as conn:
        tables = {row[0] for row in conn.execute("SELECT table_name FROM information_schema.tables "
                                                 "WHERE table_schema = 'hall1'")}
    assert tables and any("event" in name for name in tables), tables
