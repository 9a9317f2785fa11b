"""Every story runs on three stores: in memory (POPO), SQLite in a temporary folder, and PostgreSQL.

PostgreSQL is the server at 127.0.0.1:5432 (or ``PLANILLA_TEST_POSTGRES``, an admin URL). Each test
session creates its own database and drops it afterwards, so parallel runs never meet. When the
server cannot be reached the PostgreSQL tests are skipped, except under CI (``CI`` set), where
they fail: CI may not pass by silently skipping them.
"""

from __future__ import annotations

import contextlib
import copy
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from psycopg import sql

from domain.game import Game
from service.game.application import GamesApplication
from service.settings import settings_env
from tests.application.script import Step, long_game

ADMIN_URL = os.environ.get("PLANILLA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
SEED = 2024
NOON = "2025-05-01T12:00:00.000Z"
STALE_AFTER = 3600  # seconds; a whole session takes well under a minute


def fixed_clock() -> str:
    """Every fact recorded at the same instant."""
    return NOON


@dataclass
class Store:
    """One backing store; ``app()`` opens another application (another connection) on it."""

    kind: str
    env: dict[str, str]
    apps: list[GamesApplication] = field(default_factory=list)
    admin_url: str | None = None

    @property
    def shared(self) -> bool:
        """True when two applications see the same events (not so for in-memory stores)."""
        return self.kind != "popo"

    def app(self, clock: Callable[[], str] = fixed_clock, seed: int = SEED, kind: type = GamesApplication,
            **env: str) -> Any:
        """A new application on this store, its virtual bag seeded for repeatable draws."""
        app = kind({**self.env, **env}, clock=clock, rng=random.Random(seed))
        self.apps.append(app)
        return app

    def tamper(self, game_id: UUID, version: int, edit: Callable[[bytes], bytes]) -> None:
        """Change a stored event's bytes behind the application's back."""
        if self.kind == "popo":
            pytest.skip("an in-memory store has no bytes to change")
        table = self.apps[0].recorder.events_table_name  # stored_events; planilla_events on PostgreSQL
        where = "WHERE originator_id={0} AND originator_version={0}"
        if self.kind == "sqlite":
            with sqlite3.connect(self.env["SQLITE_DBNAME"]) as db:
                key = (game_id.hex, version)
                (state,) = db.execute(f"SELECT state FROM {table} {where.format('?')}", key).fetchone()
                db.execute(f"UPDATE {table} SET state=? {where.format('?')}", (edit(bytes(state)), *key))
        else:
            with psycopg.connect(self._url(), autocommit=True) as db:
                key = (game_id, version)
                (state,) = db.execute(f"SELECT state FROM {table} {where.format('%s')}", key).fetchone()
                db.execute(f"UPDATE {table} SET state=%s {where.format('%s')}", (edit(bytes(state)), *key))

    def _url(self) -> str:
        e = self.env
        return f"postgresql://{e['POSTGRES_USER']}@{e['POSTGRES_HOST']}:{e['POSTGRES_PORT']}/{e['POSTGRES_DBNAME']}"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh database for this test session on the PostgreSQL server, dropped at the end."""
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as err:
        reason = f"PostgreSQL is not reachable at {ADMIN_URL}: {err}".strip()
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (CI is set, so the PostgreSQL tests may not be skipped)")
        pytest.skip(reason)
    name = f"planilla_test_{int(time.time())}_{uuid4().hex[:8]}"
    with admin:
        _drop_stale_databases(admin)
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield ADMIN_URL.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def _drop_stale_databases(admin: psycopg.Connection) -> None:
    """Drop test databases left over an hour ago by sessions that were killed before their teardown."""
    rows = admin.execute("SELECT datname FROM pg_database WHERE datname LIKE 'planilla\\_test\\_%'").fetchall()
    for (name,) in rows:
        stamp = name.split("_")[2]
        if stamp.isdigit() and time.time() - int(stamp) > STALE_AFTER:
            with contextlib.suppress(psycopg.Error):
                admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))


@pytest.fixture(params=["popo", "sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """The store a story runs on; every application opened on it is closed afterwards."""
    if request.param == "postgres":
        target: Any = request.getfixturevalue("postgres_url")
    else:
        target = tmp_path / "data" if request.param == "sqlite" else "memory"
    store = Store(request.param, settings_env(target))
    yield store
    for app in store.apps:
        app.close()


@pytest.fixture(scope="session")
def long_game_steps() -> list[Step]:
    """The commands of one complete 60-turn game, worked out once in memory."""
    app = GamesApplication(settings_env("memory"), clock=fixed_clock, rng=random.Random(SEED))
    return long_game(app, seed=SEED).steps


def replayed(events: list[Any]) -> Game:
    """A game rebuilt by applying stored events one by one, without the repository or snapshots."""
    game = None
    for event in events:
        game = event.mutate(game)
    return game


class WatchedGames(GamesApplication):
    """The application, keeping a copy of each game as it stood in memory right after each save."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.live: dict[int, dict[str, Any]] = {}

    def save_together(self, *objs: Any) -> Any:
        recordings = super().save_together(*objs)
        for game in objs:
            self.live[game.version] = copy.deepcopy(vars(game))
        return recordings


class RaceClock:
    """A clock that, once armed, holds each caller until both racers have loaded the game."""

    def __init__(self) -> None:
        self.barrier = threading.Barrier(2, timeout=20)
        self.armed = False

    def __call__(self) -> str:
        if self.armed:
            self.barrier.wait()
        return NOON
