"""Under a frozen disk the history reads are bounded like every other route (issue 27: ``/events`` of games and of
duplicates waited the whole freeze while the rest answered within 8 s).

The store's read is held on an event (as a frozen disk holds it) with the routes' bound shortened: the read is
answered 503 ``store_stalled`` with ``Retry-After`` while it is still held, and once released the same read
answers as before.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from service.api.common import store_reads
from service.duplicate.application import Duplicates
from tests.api.conftest import Api, _api
from tests.duplicate_world import duplicate_at


@pytest.fixture
def memory_api() -> Iterator[Api]:
    yield from _api("memory")


def frozen(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> threading.Event:
    """``owner.name`` held until the event is set (a frozen disk); the routes' bound shortened to a fifth of a
    second."""
    release, original = threading.Event(), getattr(owner, name)

    def held(*args: Any, **kwargs: Any) -> Any:
        release.wait(30)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, held)
    monkeypatch.setattr(store_reads, "ROUTE_READ_BOUND", 0.2)
    return release


def test_a_games_history_under_a_frozen_disk_is_503_store_stalled(memory_api: Api, monkeypatch: pytest.MonkeyPatch):
    table = memory_api.table()
    path = f"/v1/games/{table.id}/events"
    assert memory_api.get(path, table.director).status_code == 200
    release = frozen(monkeypatch, memory_api.games, "history")
    try:
        answer = memory_api.get(path, table.director)
        assert not release.is_set()  # answered while the read is still held
        assert answer.status_code == 503 and answer.json()["code"] == "store_stalled", answer.text
        assert answer.headers["Retry-After"].isdigit()
    finally:
        release.set()
    again = memory_api.get(path, table.director)
    assert again.status_code == 200 and again.json()["events"][0]["type"] == "Created"


def test_a_duplicates_history_under_a_frozen_disk_is_503_store_stalled(memory_api: Api,
                                                                        monkeypatch: pytest.MonkeyPatch):
    duplicate = duplicate_at(memory_api.games, "playing")[0]
    path = f"/v1/duplicates/{duplicate.id}/events"
    director = memory_api.tokens["director"]
    before = memory_api.get(path, director)
    assert before.status_code == 200 and before.json()["events"]
    original = Duplicates.get
    release = threading.Event()

    def held(self: Duplicates, *args: Any, **kwargs: Any) -> Any:
        release.wait(30)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Duplicates, "get", held)
    monkeypatch.setattr(store_reads, "ROUTE_READ_BOUND", 0.2)
    try:
        answer = memory_api.get(path, director)
        assert not release.is_set()
        assert answer.status_code == 503 and answer.json()["code"] == "store_stalled", answer.text
    finally:
        release.set()
    assert memory_api.get(path, director).json() == before.json()
    unknown = memory_api.get("/v1/duplicates/00000000-0000-4000-8000-000000000000/events", director)
    assert unknown.status_code == 404 and unknown.json()["code"] == "duplicate_not_found"
