"""The read models' schema belongs to Alembic: the migrated schema equals the SQLModel metadata (no drift)
on SQLite and PostgreSQL, upgrade → downgrade → upgrade works, and no production code calls create_all."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from projections.models import READ_MODEL_TABLES
from projections import schema_copy
from projections.store import HEAD, ReadStore, alembic_config, target_metadata
from service.settings import read_model_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgres"])
def read_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ReadStore]:
    """An empty read store: a SQLite file, or a fresh PostgreSQL schema; migrated by Alembic itself (no schema kept
    from an earlier test's store)."""
    schema_copy.forget()
    if request.param == "postgres":
        url = read_model_url(request.getfixturevalue("pg_target"))
    else:
        url = read_model_url(tmp_path / "data")
    store = ReadStore(url)
    yield store
    store.dispose()


def drift(store: ReadStore) -> list:
    """What autogenerate would change to make the database match the metadata (nothing, we hope)."""
    metadata = target_metadata()
    with store.connect() as conn:
        context = MigrationContext.configure(conn, opts={
            "compare_type": True, "include_name": lambda name, kind, _: kind != "table" or name in metadata.tables})
        return compare_metadata(context, metadata)


def tables(store: ReadStore) -> set[str]:
    with store.connect() as conn:
        return set(sa.inspect(conn).get_table_names())


def test_the_migrated_schema_equals_the_metadata(read_store):
    read_store.migrate()
    assert drift(read_store) == []
    assert {t.name for t in READ_MODEL_TABLES} <= tables(read_store)


def test_upgrade_downgrade_upgrade(read_store):
    read_store.migrate()
    read_store.downgrade("base")
    assert tables(read_store) & {t.name for t in READ_MODEL_TABLES} == set()
    read_store.migrate()
    assert drift(read_store) == []
    with read_store.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == head()


def head() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_the_newest_revision_a_start_looks_for_is_alembics_head(read_store):
    """``ReadStore.migrate`` leaves Alembic unloaded when the schema is at ``HEAD``: that must be the real head, or
    a store would never get a new migration. Migrating such a store changes nothing."""
    assert HEAD == head()
    read_store.migrate()
    with read_store.connect() as conn:
        assert ReadStore.revisions(conn) == [HEAD]
    read_store.migrate()
    assert drift(read_store) == []


def test_the_first_migration_is_0001_and_later_ones_build_on_it():
    """The access-token tables of issue 6 arrive as a second migration with down_revision "0001"."""
    script = ScriptDirectory.from_config(alembic_config())
    base = script.get_revision("0001")
    assert base.down_revision is None
    assert [r.revision for r in script.walk_revisions()][-1] == "0001"


def test_migrations_run_from_any_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = ReadStore(f"sqlite:///{tmp_path}/elsewhere.sqlite3")
    store.migrate()
    assert drift(store) == []
    store.dispose()


def test_an_in_memory_read_store_is_one_database_for_every_thread():
    import threading

    store = ReadStore(read_model_url("memory"))
    store.migrate()
    seen = []
    thread = threading.Thread(target=lambda: seen.append(tables(store)))
    thread.start()
    thread.join()
    assert seen[0] >= {t.name for t in READ_MODEL_TABLES}


def test_a_sqlite_read_store_is_a_file_of_its_own_in_wal_mode(tmp_path):
    store = ReadStore(read_model_url(tmp_path / "data"))
    store.migrate()
    assert (tmp_path / "data" / "readmodels.sqlite3").is_file()
    with store.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.dispose()


def test_reset_empties_the_read_models_and_nothing_else(read_store):
    """Other tables sharing the database (access tokens, the event store) survive a rebuild."""
    read_store.migrate()
    with read_store.begin() as conn:
        conn.execute(sa.text("CREATE TABLE not_a_read_model (token VARCHAR(20))"))
        conn.execute(sa.text("INSERT INTO not_a_read_model VALUES ('keep me')"))
        conn.execute(READ_MODEL_TABLES[-1].insert(), [{"name": "index", "position": 7}])
    read_store.reset()
    with read_store.connect() as conn:
        assert conn.execute(sa.text("SELECT token FROM not_a_read_model")).scalar() == "keep me"
        assert conn.execute(sa.select(sa.func.count()).select_from(READ_MODEL_TABLES[-1])).scalar() == 0


def test_no_production_code_creates_tables_itself():
    """Tables come from migrations only: no ``create_all`` in projections/, service/ or migrations/."""
    for folder in ("projections", "service", "migrations"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not re.search(r"\bcreate_all\s*\(", path.read_text(encoding="utf-8")), path


def test_read_model_urls_follow_the_event_store_settings(tmp_path):
    assert read_model_url(tmp_path / "d") == f"sqlite:///{tmp_path}/d/readmodels.sqlite3"
    assert read_model_url(f"sqlite:///{tmp_path}/x/events.sqlite3") == f"sqlite:///{tmp_path}/x/readmodels.sqlite3"
    assert read_model_url("memory") == "sqlite://"
    assert read_model_url("postgresql://ana:pw@db:6543/planilla") == "postgresql+psycopg://ana:pw@db:6543/planilla"
    assert read_model_url("postgresql://postgres@127.0.0.1/t?schema=games") == \
        "postgresql+psycopg://postgres@127.0.0.1/t?options=-csearch_path%3Dgames"
    with pytest.raises(ValueError):
        read_model_url("mysql://x")


def test_the_read_store_on_postgresql_commits_without_waiting_for_the_log_in_its_own_schema(pg_target):
    """The read models are derived (a crash loses at most the last moments of projecting, which is done
    again from the events, tracking and rows together), so their commits do not wait for the log's flush:
    the event store's commits, which acknowledge commands, do not queue behind them. The setting is added
    to the connection's options, not put in place of the schema's search path."""
    store = ReadStore(read_model_url(pg_target))
    try:
        with store.connect() as conn:
            assert conn.execute(sa.text("SHOW synchronous_commit")).scalar() == "off"
            schema = pg_target.rsplit("schema=", 1)[1]
            assert conn.execute(sa.text("SELECT current_schema()")).scalar() == schema
    finally:
        store.dispose()
