"""Start-up says what is wrong with the store in one line, before anything is created (issue 27).

Before: PostgreSQL with a database that does not exist, or nothing listening, gave 30 s of silence and an
80-line traceback; ``?schema=bad;drop`` an 87-line traceback after the schema was made; a read-only data folder
a traceback, and ``planilla audit export`` could not read a read-only copy (a tribunal's). Each case here runs
the real command line; a run that hangs as before would pass the subprocess's timeout (25 s) and fail.

A read-only data folder is made read-only for real: as root (who may write whatever the mode bits say) by a
read-only bind mount in a mount namespace of the command's own (``unshare -m``: the mount vanishes with it),
otherwise by its mode bits.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest

from service.store_check import SCHEMA_NAME, StoreRefused, check, schema_of
from tests.application.conftest import postgres_url  # noqa: F401  (a fixture, shared)

PLANILLA = str(Path(sys.executable).with_name("planilla"))


def planilla(*args: str, read_only: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command line, its output; with ``read_only``, that folder is read-only for the command."""
    argv = [PLANILLA, *args]
    if read_only is not None and os.geteuid() == 0:
        if shutil.which("unshare") is None:
            pytest.fail("a read-only folder as root needs unshare (util-linux)")
        argv = ["unshare", "-m", "sh", "-c", 'mount --bind -o ro "$0" "$0" && exec "$@"', str(read_only), *argv]
    return subprocess.run(argv, capture_output=True, text=True, timeout=25)


def one_line(ran: subprocess.CompletedProcess[str]) -> str:
    """The refusal: exit 1, exactly one line on standard error, no traceback, nothing on standard output."""
    assert ran.returncode == 1, (ran.returncode, ran.stdout, ran.stderr)
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in ran.stderr, ran.stderr
    assert ran.stdout == "", ran.stdout  # no token, no address: nothing was made
    return lines[0]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_database_that_does_not_exist_is_named_in_one_line(postgres_url: str):
    missing = postgres_url.rsplit("/", 1)[0] + "/planilla_no_such_database"
    line = one_line(planilla("serve", "--port", "0", "--database-url", missing))
    assert "has no database 'planilla_no_such_database'" in line and "createdb" in line, line


def test_nothing_listening_is_said_in_one_line():
    line = one_line(planilla("serve", "--port", "0", "--database-url",
                             f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"))
    assert line.startswith("planilla: nothing is listening at 127.0.0.1:") and "(PostgreSQL)" in line, line


def test_a_schema_name_it_would_have_to_quote_is_refused_before_anything_is_made(postgres_url: str):
    """``?schema=bad;drop`` made the schema ``bad;drop`` and then failed with a traceback; now one line, nothing
    made, from ``serve`` and from every other command that opens the store."""
    url = f"{postgres_url}?schema=bad;drop"
    line = one_line(planilla("serve", "--port", "0", "--database-url", url))
    assert "?schema='bad;drop' is not a schema name" in line and "nothing was created" in line, line
    made = planilla("token", "create", "--role", "director", "--database-url", url)
    assert made.returncode != 0 and "is not a schema name" in made.stderr and "Traceback" not in made.stderr
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'bad%'").fetchone()[0] == 0


@pytest.mark.parametrize("schema", ["Hall", "1st", "a" * 64, "hall-1", ""])
def test_serve_refuses_every_name_outside_the_rule_in_one_line(postgres_url: str, schema: str):
    """The same refusal for each kind of name (in process: the command line's own ``serve``, its standard error)."""
    from io import StringIO

    from service.api.serve import serve

    out, err = StringIO(), StringIO()
    assert serve("127.0.0.1", 0, f"{postgres_url}?schema={schema}", out=out, err=err) == 1
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1 and "is not a schema name" in err.getvalue()
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT count(*) FROM pg_namespace WHERE nspname = %s", (schema,)).fetchone()[0] == 0


@pytest.mark.parametrize("name, taken", [("hall1", True), ("_x", True), ("open_madrid_2025", True), ("a" * 63, True),
                                         ("Hall", False), ("a b", False), ("x;drop", False), ("", False)])
def test_the_schema_name_rule(name: str, taken: bool):
    assert bool(SCHEMA_NAME.fullmatch(name)) == taken
    url = f"postgresql://postgres@127.0.0.1/db?schema={name}"
    if taken:
        assert schema_of(url) == name
    else:
        with pytest.raises(StoreRefused):
            schema_of(url)


def test_without_a_schema_it_says_it_uses_public(postgres_url: str):
    line = check(postgres_url)
    parts = urlsplit(postgres_url)
    assert f"PostgreSQL at {parts.hostname}:{parts.port or 5432}" in line and "schema 'public'" in line
    assert "?schema=" in line  # and how to have one of its own


def test_a_read_only_data_folder_is_refused_by_serve_and_read_by_audit_export(tmp_path: Path):
    """Serve writes its events in the data folder: one line. A tribunal's read-only copy is read as it is: the
    export works and nothing is made beside it (no -wal, no -shm, no folder)."""
    from domain.game import Game, Meta
    from service.access.application import ServiceApplication
    from service.settings import settings_env
    from service.trust.keys import ServiceKey

    data = tmp_path / "copy"
    key, _ = ServiceKey.for_store(str(data))
    games = ServiceApplication(settings_env(str(data)), service_key=key)
    game = Game.create("file-2024", ["Ana", "Bea"], Meta("director:ana", None, "2025-05-01T10:00:00Z"))
    games.save(game)
    games.close()
    if os.geteuid() != 0:
        for path in (data, *data.rglob("*")):
            path.chmod(path.stat().st_mode & ~0o222)
    before = sorted(p.name for p in data.rglob("*"))
    try:
        line = one_line(planilla("serve", "--port", "0", "--data", str(data), read_only=data))
        assert f"the data folder {data} is read-only" in line, line
        exported = planilla("audit", "export", str(game.id), "--data", str(data), read_only=data)
        assert exported.returncode == 0, exported.stderr
        assert f'"game":"{game.id}"' in exported.stdout.splitlines()[0] and '"events":1' in exported.stdout
        (tmp_path / "game.audit").write_text(exported.stdout, encoding="utf-8")
        verified = planilla("audit", "verify", str(tmp_path / "game.audit"))
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert sorted(p.name for p in data.rglob("*")) == before  # nothing made beside the copy
    finally:
        for path in (data, *data.rglob("*")):
            path.chmod(path.stat().st_mode | 0o200)


def test_audit_export_of_a_folder_that_does_not_exist_makes_none(tmp_path: Path):
    ran = planilla("audit", "export", "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "--data", str(tmp_path / "nowhere"))
    assert ran.returncode == 2 and "no data folder" in ran.stderr and not (tmp_path / "nowhere").exists()


def test_a_database_file_gone_between_the_listing_and_the_look_is_not_called_read_only(tmp_path: Path, monkeypatch):
    """A killed server's last process to close the SQLite database removes its -wal and -shm files; a start that
    listed them a moment before found them "read-only" (``os.access`` is False for a file that is not there) and
    refused to start. A file gone is not read-only; one that is there and cannot be written still is."""
    from service import store_check

    data = tmp_path / "data"
    data.mkdir()
    (data / "events.sqlite3").write_bytes(b"")
    gone = data / "events.sqlite3-shm"  # listed, then removed before it is looked at
    listed = [data / "events.sqlite3", gone]
    monkeypatch.setattr(Path, "glob", lambda self, pattern: iter(listed))
    store_check._check_writable(data)  # no refusal

    real_access = os.access
    monkeypatch.setattr(store_check.os, "access",
                        lambda path, mode: False if Path(path).name == "events.sqlite3" else real_access(path, mode))
    with pytest.raises(store_check.StoreRefused, match="events.sqlite3 is read-only"):
        store_check._check_writable(data)
