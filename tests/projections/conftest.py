"""Each test gets an event store, a migrated read store and a projector: in memory, SQLite files, or PostgreSQL.

PostgreSQL runs in the session's own database (``tests.application.conftest.postgres_url``:
skipped when the server is unreachable, *failing* when ``CI`` is set), each test in a schema of
its own (``?schema=``), for the event store and the read models alike, dropped afterwards.
"""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import uuid4

import psycopg
import pytest
from psycopg import sql

from projections.projector import Projector
from projections.store import ReadStore
from service.game.application import GamesApplication
from service.settings import read_model_url, settings_env
from tests.application.conftest import postgres_url  # noqa: F401  (the session's PostgreSQL database)

CLOCK_START = "2025-05-01T10:00:00.000Z"


class TickingClock:
    """Every fact one second after the one before, from 10:00:00: times on the sheet are distinct and repeatable."""

    def __init__(self) -> None:
        self.ticks = itertools.count()

    def __call__(self) -> str:
        n = next(self.ticks)
        return f"2025-05-01T{10 + n // 3600:02d}:{n // 60 % 60:02d}:{n % 60:02d}.000Z"


@dataclass
class Stack:
    """An application, its read store and a projector on one target; more of each on demand."""

    kind: str
    target: str
    app: GamesApplication
    store: ReadStore
    projector: Projector
    extra: list[Any] = field(default_factory=list)

    def new_app(self, seed: int = 7) -> GamesApplication:
        """Another application on the same event store (memory: the same one)."""
        if self.kind == "memory":
            return self.app
        app = GamesApplication(settings_env(self.target), clock=TickingClock(), rng=random.Random(seed))
        self.extra.append(app)
        return app

    def new_projector(self, **kwargs: Any) -> Projector:
        """Another projector, as another process would run, on another engine to the same read store."""
        store = self.store if self.kind == "memory" else ReadStore(self.store.url)
        projector = Projector(self.new_app(), store, **kwargs)
        self.extra.append(projector)
        if store is not self.store:
            self.extra.append(store)
        return projector

    def close(self) -> None:
        for thing in [self.projector, *self.extra]:
            if isinstance(thing, Projector):
                thing.stop()
        for thing in self.extra:
            if isinstance(thing, ReadStore):
                thing.dispose()
            elif isinstance(thing, GamesApplication) and thing is not self.app:
                thing.close()
        self.store.dispose()
        self.app.close()


def make_stack(kind: str, target: str, seed: int = 2024, **projector_kwargs: Any) -> Stack:
    """A migrated read store and a projector (not started) on ``target``."""
    app = GamesApplication(settings_env(target), clock=TickingClock(), rng=random.Random(seed))
    store = ReadStore(read_model_url(target))
    store.migrate()
    return Stack(kind, target, app, store, Projector(app, store, **projector_kwargs))


@contextlib.contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """A PostgreSQL URL naming a new schema in the database at ``url``, dropped when the block ends."""
    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    try:
        yield f"{url}?schema={schema}"
    finally:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture
def pg_target(request: pytest.FixtureRequest) -> Iterator[str]:
    """A PostgreSQL URL naming a fresh schema in the session's test database (dropped afterwards)."""
    with fresh_schema(request.getfixturevalue("postgres_url")) as target:
        yield target


def target_for(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The target of one kind of store: ``memory``, a data folder, or a PostgreSQL schema."""
    if kind == "postgres":
        return request.getfixturevalue("pg_target")
    return "memory" if kind == "memory" else str(tmp_path / "data")


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def stack(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stack]:
    """The read models on every kind of store."""
    built = make_stack(request.param, target_for(request.param, request, tmp_path))
    yield built
    built.close()


@pytest.fixture(params=["sqlite", "postgres"])
def shared_stack(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stack]:
    """The read models on stores that several processes can open (SQLite files and PostgreSQL)."""
    built = make_stack(request.param, target_for(request.param, request, tmp_path))
    yield built
    built.close()


@pytest.fixture
def memory_stack() -> Iterator[Stack]:
    """The read models in memory, for tests about the projection itself rather than the database."""
    built = make_stack("memory", "memory")
    yield built
    built.close()
