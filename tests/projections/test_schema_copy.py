"""An empty SQLite read store gets the schema Alembic gave the process's first one (``projections.schema_copy``):
the same tables, indexes and rows, statement for statement in ``sqlite_master``, without running Alembic; anything
not empty, and any revision but the newest, is still Alembic's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic import command

from projections import schema_copy
from projections.store import HEAD, ReadStore
from service.settings import read_model_url


def master(store: ReadStore) -> list[tuple[Any, ...]]:
    with store.connect() as conn:
        return [tuple(r) for r in conn.exec_driver_sql(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")]


def versions(store: ReadStore) -> list[str]:
    with store.connect() as conn:
        return ReadStore.revisions(conn)


@pytest.fixture
def upgrades(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every Alembic upgrade the test runs, by revision (each still runs)."""
    seen: list[str] = []
    real = command.upgrade

    def upgrade(config: Any, revision: str, **kwargs: Any) -> None:
        seen.append(revision)
        real(config, revision, **kwargs)

    monkeypatch.setattr(command, "upgrade", upgrade)
    schema_copy.forget()
    yield seen
    schema_copy.forget()


@pytest.mark.parametrize("where", ["memory", "file"])
def test_a_second_empty_store_gets_the_first_ones_schema_without_alembic(where, tmp_path: Path, upgrades):
    def store(name: str) -> ReadStore:
        return ReadStore(read_model_url("memory" if where == "memory" else tmp_path / name))

    first, second = store("a"), store("b")
    first.migrate()
    assert upgrades == ["head"]
    second.migrate()
    assert upgrades == ["head"], "the second empty store was given to Alembic"
    assert master(second) == master(first)
    assert len(master(first)) > 20  # the read models' tables and their indexes, not an empty list twice
    assert versions(second) == versions(first) == [HEAD]


def test_the_copy_is_what_alembic_leaves_in_an_empty_database(tmp_path: Path, upgrades):
    """Made by hand: the copy's statements, replayed into an empty database, give back its ``sqlite_master``."""
    first = ReadStore(read_model_url(tmp_path / "a"))
    first.migrate()
    with first.connect() as conn:
        copy = schema_copy.taken(conn, HEAD)
    assert copy.rows == (("alembic_version", ((HEAD,),)),)
    assert all(s.startswith("CREATE TABLE") for s in copy.statements[:len([t for t in master(first) if t[0] == "table"])])
    assert any(s.startswith("CREATE INDEX") or s.startswith("CREATE UNIQUE INDEX") for s in copy.statements)


def test_a_store_that_is_not_empty_is_migrated_by_alembic(tmp_path: Path, upgrades):
    first = ReadStore(read_model_url(tmp_path / "a"))
    first.migrate()
    first.downgrade("base")  # leaves an empty alembic_version table: not an empty database
    first.migrate()
    assert upgrades == ["head", "head"]
    assert versions(first) == [HEAD]

    other = ReadStore(read_model_url(tmp_path / "b"))
    with other.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE notes (line TEXT)")
    other.migrate()
    assert upgrades == ["head", "head", "head"]
    assert ("table", "notes", "notes", "CREATE TABLE notes (line TEXT)") in master(other)


def test_an_older_revision_is_alembics_and_the_copy_is_never_made_from_it(tmp_path: Path, upgrades):
    older = ReadStore(read_model_url(tmp_path / "a"))
    older.migrate("0002")
    assert versions(older) == ["0002"]
    fresh = ReadStore(read_model_url(tmp_path / "b"))
    fresh.migrate()
    assert upgrades == ["0002", "head"]  # no copy of 0002 was given as the head
    assert versions(fresh) == [HEAD]
