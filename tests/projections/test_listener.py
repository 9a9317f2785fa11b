"""``projections/listener.py``: a PostgreSQL store's NOTIFY wakes a polling projector, and a lost LISTEN comes back.

Waits are generous (a loaded machine); nothing here is timed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from uuid import uuid4

import psycopg
import pytest
from psycopg import sql

from projections.listener import NotifyListener, notify_channel
from service.access.application import ServiceApplication
from service.game.application import Actor
from service.settings import settings_env
from tests.application.conftest import postgres_url  # noqa: F401  (a fixture, shared)

WAIT = 30.0


@pytest.fixture
def pg_app(postgres_url: str) -> Iterator[ServiceApplication]:  # noqa: F811
    schema = f"listen_{uuid4().hex[:8]}"
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    app = ServiceApplication(settings_env(f"{postgres_url}?schema={schema}"))
    yield app
    app.close()


class Wakes:
    def __init__(self) -> None:
        self.count = 0
        self.changed = threading.Condition()

    def __call__(self) -> None:
        with self.changed:
            self.count += 1
            self.changed.notify_all()

    def beyond(self, count: int) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.count > count, WAIT)


def new_game(app: ServiceApplication) -> None:
    app.create_game("file-2024", ["Ana", "Bea"], Actor("director:test", "laptop"), bag_mode="virtual")


def test_only_a_postgresql_recorder_has_a_channel(tmp_path, pg_app):
    sqlite = ServiceApplication(settings_env(tmp_path / "data"))
    try:
        assert notify_channel(sqlite.recorder) is None
    finally:
        sqlite.close()
    assert notify_channel(pg_app.recorder) == pg_app.recorder.channel_name


def test_a_commit_wakes_and_a_lost_connection_listens_again(pg_app, postgres_url):  # noqa: F811
    wakes = Wakes()
    listener = NotifyListener(pg_app.recorder.datastore, pg_app.recorder.channel_name, wakes)
    listener.start()
    try:
        assert listener.listening.wait(WAIT) and wakes.beyond(0)  # one wake for what came before the LISTEN
        seen = wakes.count
        new_game(pg_app)  # another writer's commit, as far as the listener knows
        assert wakes.beyond(seen), "a commit's NOTIFY did not wake"

        with psycopg.connect(postgres_url, autocommit=True) as admin:  # the hall's database restarted, say
            ended = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE "
                                  "'LISTEN %%' AND datname = current_database() AND pid <> pg_backend_pid()").fetchall()
        assert ended, "no LISTEN connection was found"
        deadline = time.monotonic() + WAIT
        while listener.listening.is_set() and time.monotonic() < deadline:  # it notices the loss ...
            time.sleep(0.02)
        assert listener.listening.wait(WAIT)  # ... and listens again
        seen = wakes.count
        new_game(pg_app)
        assert wakes.beyond(seen), "after the lost connection, a commit's NOTIFY did not wake"
    finally:
        listener.stop()
    assert listener._thread is None


def test_an_idle_listener_waits_on_its_socket_without_waking_and_a_stop_ends_it_at_once(pg_app, monkeypatch):
    """Issue 25: an idle hall server's processes together under 0.5% of a core. psycopg's ``notifies()`` woke
    the listener every 0.1 s; now it waits in ``poll`` on its connection and a pipe ``stop()`` writes to."""
    looks = []
    heard = NotifyListener._heard
    monkeypatch.setattr(NotifyListener, "_heard", staticmethod(lambda conn, waits: looks.append(1) or heard(conn, waits)))
    wakes = Wakes()
    listener = NotifyListener(pg_app.recorder.datastore, pg_app.recorder.channel_name, wakes)
    listener.start()
    thread = listener._thread
    try:
        assert listener.listening.wait(WAIT)
        time.sleep(0.6)
        assert len(looks) == 1, "the idle listener woke with no notification"
        seen = wakes.count
        new_game(pg_app)
        assert wakes.beyond(seen)
    finally:
        listener.stop(timeout=WAIT)
    assert thread is not None and not thread.is_alive() and listener._bell is None  # its pipe closed after it
