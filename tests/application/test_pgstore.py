"""The PostgreSQL recorder that writes a batch in one round trip (``service/game/pgstore.py``) keeps the library's
promises: the exclusive table lock (so the notification log is committed in the order it is numbered),
all or nothing per batch, and the notification ids of what it wrote."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from uuid import uuid4

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent
from psycopg import sql

from service.game.application import GamesApplication
from service.game.pgstore import OneTripRecorder
from service.settings import settings_env


@pytest.fixture
def app(postgres_url: str) -> Iterator[GamesApplication]:
    schema = f"t_{uuid4().hex[:12]}"
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    games = GamesApplication(settings_env(f"{postgres_url}?schema={schema}"))
    games.schema = schema  # type: ignore[attr-defined]
    yield games
    games.close()
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


def event(originator: object, version: int) -> StoredEvent:
    return StoredEvent(originator_id=originator, originator_version=version, topic="test:Event", state=b"{}")


def test_the_application_writes_through_the_one_trip_recorder_and_gets_the_ids_in_order(app):
    recorder = app.recorder
    assert isinstance(recorder, OneTripRecorder)
    a, b = uuid4(), uuid4()
    first = recorder.insert_events([event(a, 1), event(a, 2), event(b, 1)])
    second = recorder.insert_events([event(b, 2)])
    assert len(first) == 3 and first == sorted(first) and second[0] > first[-1]
    stored = recorder.select_notifications(first[0], 10)
    assert [(n.id, n.originator_id, n.originator_version) for n in stored] == [
        (first[0], a, 1), (first[1], a, 2), (first[2], b, 1), (second[0], b, 2)]
    assert recorder.insert_events([]) == []


def test_a_batch_with_one_taken_version_records_nothing(app):
    """All or nothing: one event whose version is taken fails the batch with the library's IntegrityError
    (what group commit relies on to write the batch again entry by entry), and none of it is stored."""
    recorder = app.recorder
    taken, fresh = uuid4(), uuid4()
    recorder.insert_events([event(taken, 1)])
    before = recorder.max_notification_id()
    with pytest.raises(IntegrityError):
        recorder.insert_events([event(fresh, 1), event(taken, 1)])
    assert recorder.select_events(fresh) == [] and recorder.max_notification_id() == before


def test_the_insert_waits_for_the_tables_exclusive_lock(app, postgres_url):
    """The function takes the library's EXCLUSIVE lock on the events table (so no reader of the log passes
    a gap that a slower transaction fills in later). Another transaction holds ROW SHARE, which a plain
    INSERT does not wait for but EXCLUSIVE does: the insert waits, and goes through once it is let go."""
    recorder = app.recorder
    done = threading.Event()

    def insert() -> None:
        recorder.insert_events([event(uuid4(), 1)])
        done.set()

    with psycopg.connect(postgres_url) as other:
        other.execute(sql.SQL("LOCK TABLE {}.planilla_events IN ROW SHARE MODE").format(
            sql.Identifier(app.schema)))
        writer = threading.Thread(target=insert)
        writer.start()
        time.sleep(0.5)
        assert not done.is_set(), "the insert did not take the exclusive table lock"
        other.rollback()
    writer.join(10)
    assert done.is_set()
