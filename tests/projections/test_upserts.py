"""The projector's upserts and inserts (``projections/upserts.py``) are handed to the driver already converted: the
rows they store are exactly what SQLAlchemy's own ``execute`` of the same statement stores from the same rows, on
every store, compared as the database holds them (the driver's raw values, not read back through SQLAlchemy's
types)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

import projections.models
import projections.projector
from projections import upserts
from projections.models import READ_MODEL_TABLES
from projections.store import ReadStore
from service.settings import read_model_url
from tests.factories import play_random_game
from tests.projections.conftest import fresh_schema, make_stack, target_for


def raw(store: ReadStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every read-model table as the driver returns it, in primary-key order."""
    out = {}
    with store.connect() as conn:
        for table in READ_MODEL_TABLES:
            keys = ", ".join(f'"{c.name}"' for c in table.primary_key.columns)
            out[table.name] = [tuple(r) for r in conn.exec_driver_sql(f'SELECT * FROM "{table.name}" ORDER BY {keys}')]
    return out


@pytest.fixture
def second_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Another store of a kind: a second SQLite folder, a second in-memory database, or a second PostgreSQL schema."""
    with contextlib.ExitStack() as made:
        def make(kind: str) -> str:
            if kind != "postgres":
                return "memory" if kind == "memory" else str(tmp_path / "second")
            return made.enter_context(fresh_schema(request.getfixturevalue("postgres_url")))

        yield make


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgres"])
def test_the_projectors_upserts_store_what_sqlalchemys_execute_stores(kind, request, tmp_path, second_target,
                                                                      monkeypatch):
    written: list[tuple[sa.Table, list[dict[str, Any]], bool]] = []
    real = upserts._upsert

    def upsert(conn: Any, table: sa.Table, rows: list[dict[str, Any]], replace: bool = True) -> None:
        written.append((table, [dict(r) for r in rows], replace))
        real(conn, table, rows, replace)

    monkeypatch.setattr(upserts, "_upsert", upsert)  # the replay's frames: ``_insert``, which calls it
    monkeypatch.setattr(projections.projector, "_upsert", upsert)
    stack = make_stack(kind, target_for(kind, request, tmp_path), batch_size=7)
    try:
        for seed in range(4):  # a few games of two rulebooks, each written in batches of seven events (updates)
            game = play_random_game(("file-2024", "fisc-2023")[seed % 2], seed)
            stack.app.save(game)
            stack.projector.catch_up()
        assert {table.name for table, _, _ in written} >= {
            "game_index", "game_status", "scoresheet_row", "replay_frame", "settlement", "settlement_player",
            "game_player"}
        assert {table.name for table, _, replace in written if not replace} == {"replay_frame"}
        assert any(len(rows) > 1 for _, rows, _ in written)

        other = ReadStore(read_model_url(second_target(kind)))
        other.migrate()
        with other.begin() as conn:  # the same rows, in the same order, through SQLAlchemy's execute
            for table, rows, replace in written:
                if rows:
                    conn.execute(upserts._compiled(conn, table, replace).statement, rows)
        ours, theirs = raw(stack.store), raw(other)
        for table, _, _ in written:
            assert ours[table.name] == theirs[table.name], table.name
        assert sum(len(rows) for rows in ours.values() if rows) > 100
        other.dispose()
    finally:
        stack.close()


def test_rows_that_leave_a_column_out_get_its_default_through_sqlalchemy(tmp_path):
    store = ReadStore(read_model_url(tmp_path / "data"))
    store.migrate()
    table = projections.models.ProjectionTracking.__table__
    with store.begin() as conn:
        upserts._upsert(conn, table, [{"name": "elsewhere"}])  # no position: the column's default, 0
        upserts._upsert(conn, table, [{"name": "here", "position": 9}, {"name": "elsewhere", "position": 4}])
    with store.connect() as conn:
        assert sorted(conn.exec_driver_sql("SELECT name, position FROM projection_tracking")) == [
            ("elsewhere", 4), ("here", 9)]
    store.dispose()
