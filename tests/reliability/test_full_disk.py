"""A store that cannot write answers 503 with its cause and a Retry-After, /health says so, the log has one
line, and the service recovers by itself (issue 13 item 17).

The first test fills a real small filesystem (a 2 MB tmpfs, mounted for the test: it needs root, as
this project's machines and CI run; elsewhere it is skipped and the simulated ones below still
run). The others make the recorder raise what SQLite and PostgreSQL raise for each cause.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import OperationalError
from tests.testclient import TestClient

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.settings import settings_env
from service.store_health import cause_of

GAME = {"profile": "file-2024", "players": ["Ana", "Bea"], "notes": "n" * 2000}


class Hall:
    """The app on one store, through httpx, with a director's token."""

    def __init__(self, store: str) -> None:
        self.games = ServiceApplication(settings_env(store))
        self.director = {"Authorization": f"Bearer {self.games.issue_token('director', 'hall', 'test')[0]}"}
        self.app = create_app(ServiceSettings(store=store, projector="off"), application=self.games)

    def stored(self) -> int:
        return self.games.recorder.max_notification_id() or 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB filesystem of its own (tmpfs), unmounted afterwards."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root (the simulated tests below still run)")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_answers_503_disk_full_health_degraded_one_log_line_and_recovers(small_disk: Path, caplog):
    ballast = small_disk / "ballast"
    ballast.write_bytes(b"\0" * 400_000)  # freed later, as a person would delete something
    hall = Hall(str(small_disk / "data"))
    caplog.set_level(logging.INFO)
    with TestClient(hall.app, raise_server_exceptions=False) as client:
        first = client.post("/v1/games", json=GAME, headers=hall.director)
        assert first.status_code == 201
        game, token = first.json()["id"], first.json()["tokens"][0]["token"]
        for _ in range(2000):  # until the disk is full
            answer = client.post("/v1/games", json=GAME, headers=hall.director)
            if answer.status_code != 201:
                break
        else:
            pytest.fail("the disk never filled")
        assert answer.status_code == 503, answer.text
        assert answer.json()["code"] == "store_disk_full"
        assert "disk is full" in answer.json()["message"] and "nothing was recorded" in answer.json()["message"]
        assert int(answer.headers["Retry-After"]) > 0
        health = client.get("/health")  # before any other write
        assert health.status_code == 200
        body = health.json()
        assert body["status"] == "degraded" and body["store"]["writes"] == "failing"
        assert body["store"]["last_write_error"]["code"] == "store_disk_full"
        assert body["store"]["last_write_error"]["at"].endswith("Z")
        assert client.get(f"/v1/games/{game}", headers={"Authorization": f"Bearer {token}"}).status_code == 200

        # A full disk is not all or nothing: SQLite may still fit a write in space it already holds (pages
        # freed by the rollback, a WAL file that was reset). Each write is recorded or refused as disk
        # full, never a 500, and a refused one stores nothing.
        refused = 0
        for body_, path in [(GAME, "/v1/games")] * 4 + [({"type": "give_starter", "expected_version": 1,
                                                         "seat": 0}, f"/v1/games/{game}/commands")]:
            before = hall.stored()
            sent = client.post(path, json=body_, headers=hall.director)
            assert sent.status_code in (200, 201, 503), sent.text
            if sent.status_code == 503:
                refused += 1
                assert sent.json()["code"] == "store_disk_full" and sent.headers["Retry-After"].isdigit()
                assert hall.stored() == before  # nothing unacknowledged was stored
        assert refused >= 1

        lines = [r for r in caplog.records if r.name == "planilla.store" and r.levelno >= logging.ERROR]
        assert lines and all("disk is full" in r.getMessage() and r.exc_info is None for r in lines)
        assert len(lines) <= 1 + refused  # one line when writes start failing (again), none per request after
        assert not [r for r in caplog.records if "unhandled error" in r.getMessage()]

        ballast.unlink()  # space returns: the service recovers by itself
        recovered = client.post("/v1/games", json=GAME, headers=hall.director)
        assert recovered.status_code == 201, recovered.text
        health = client.get("/health").json()
        assert health["status"] == "ok" and health["store"]["writes"] == "ok"
        assert health["store"]["last_write_error"]["code"] == "store_disk_full"  # the last one, still told
        assert any("writes again" in r.getMessage() for r in caplog.records if r.name == "planilla.store")


def sqlite_says(message: str) -> OperationalError:
    """What the library raises for a SQLite error (its own class, the driver's error as the cause)."""
    try:
        try:
            raise sqlite3.OperationalError(message)
        except sqlite3.OperationalError as driver:
            raise OperationalError(driver) from driver
    except OperationalError as wrapped:
        return wrapped


def postgres_says(error: Exception) -> OperationalError:
    try:
        try:
            raise error
        except psycopg.Error as driver:
            raise OperationalError(driver) from driver
    except OperationalError as wrapped:
        return wrapped


@pytest.mark.parametrize("error, code", [
    (sqlite_says("database or disk is full"), "store_disk_full"),
    (sqlite_says("attempt to write a readonly database"), "store_read_only"),
    (sqlite_says("database is locked"), "store_locked"),
    (sqlite_says("disk I/O error"), "store_unavailable"),
    (postgres_says(psycopg.errors.DiskFull("could not extend file")), "store_disk_full"),
    (postgres_says(psycopg.errors.ReadOnlySqlTransaction("read-only")), "store_read_only"),
    (postgres_says(psycopg.errors.LockNotAvailable("lock timeout")), "store_locked"),
])
def test_each_store_condition_is_a_503_naming_it_on_every_write_route(tmp_path: Path, monkeypatch, error: Any,
                                                                       code: str, caplog):
    hall = Hall(str(tmp_path / "data"))
    with TestClient(hall.app, raise_server_exceptions=False) as client:
        game = client.post("/v1/games", json=GAME, headers=hall.director).json()["id"]

        def refuse(*args: Any, **kwargs: Any) -> Any:
            raise error

        monkeypatch.setattr(hall.games.recorder, "insert_events", refuse)
        caplog.set_level(logging.INFO)
        answers = [client.post("/v1/games", json=GAME, headers=hall.director),  # the group commit
                   client.post(f"/v1/games/{game}/commands", headers=hall.director,
                               json={"type": "give_starter", "expected_version": 1, "seat": 0}),
                   client.post("/v1/tokens", headers=hall.director, json={"role": "arbiter", "label": "x"})]
        for answer in answers:  # the last one is saved by the library itself, not the group commit
            assert answer.status_code == 503 and answer.json()["code"] == code, answer.text
            assert answer.headers["Retry-After"].isdigit()
        assert client.get("/health").json()["store"]["last_write_error"]["code"] == code
        assert len([r for r in caplog.records if r.name == "planilla.store"]) == 1


def test_a_conflict_or_a_bug_is_not_a_store_condition():
    from eventsourcing.persistence import IntegrityError, ProgrammingError

    assert cause_of(IntegrityError("duplicate version")) is None
    assert cause_of(ProgrammingError("syntax error")) is None
    assert cause_of(RuntimeError("a bug")) is None
    assert cause_of(OSError(28, "No space left on device")) == "disk_full"
    assert cause_of(OSError(30, "Read-only file system")) == "read_only"
