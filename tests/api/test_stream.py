"""Server-Sent Events on a live uvicorn server: history, live events, resuming, events from another process."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import pytest
import uvicorn

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.game.application import Actor
from service.settings import settings_env


class Live:
    """A uvicorn server on loopback, its application, and a director's token."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.games = ServiceApplication(settings_env(folder), rng=random.Random(5))
        app = create_app(ServiceSettings(store=str(folder), stream_poll_seconds=0.1), application=self.games)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        self.director = self.games.issue_token("director", "live", "test")[0]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def new_game(self) -> tuple[str, list[str]]:
        r = httpx.post(f"{self.url}/v1/games", json={"profile": "file-2024", "players": ["Ana", "Bea"]},
                       headers={"Authorization": f"Bearer {self.director}"})
        assert r.status_code == 201
        return r.json()["id"], [t["token"] for t in r.json()["tokens"]]

    def command(self, game_id: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
        r = httpx.post(f"{self.url}/v1/games/{game_id}/commands", json=body, headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        return r.json()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    server = Live(tmp_path / "data")
    yield server
    server.stop()


class Reader:
    """An open stream, read event by event (bounded by a deadline, then closed)."""

    def __init__(self, live: Live, game_id: str, token: str, query: str = "", **headers: str) -> None:
        self.client = httpx.Client(timeout=httpx.Timeout(5.0))
        self.context = self.client.stream("GET", f"{live.url}/v1/games/{game_id}/stream{query}",
                                          headers={"Authorization": f"Bearer {token}", **headers})
        self.response = self.context.__enter__()
        self.lines = self.response.iter_lines()

    def take(self, count: int, within: float = 5.0) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        current: dict[str, Any] = {}
        deadline = time.monotonic() + within
        while len(found) < count and time.monotonic() < deadline:
            line = next(self.lines)
            if line.startswith(("id:", "event:", "data:")):
                key, _, value = line.partition(":")
                current[key] = value.strip()
            elif line == "" and current:
                if current["event"] == "State":  # the game's state: its own `id` and `event` fields kept
                    found.append({"sse": "State", "has_id": "id" in current, "state": json.loads(current["data"])})
                else:
                    found.append({"id": int(current["id"]), "event": current["event"], **json.loads(current["data"])})
                current = {}
        return found

    def close(self) -> None:
        self.context.__exit__(None, None, None)
        self.client.close()


def test_a_stream_sends_the_history_then_each_new_event_live(live: Live):
    game_id, (ana, bea) = live.new_game()
    live.command(game_id, live.director, {"type": "give_starter", "expected_version": 1, "seat": 0})
    reader = Reader(live, game_id, bea)
    try:
        assert reader.response.headers["content-type"].startswith("text/event-stream")
        history = reader.take(2)
        assert [(e["id"], e["event"]) for e in history] == [(1, "Created"), (2, "StarterGiven")]
        live.command(game_id, ana, {"type": "draw_tiles", "expected_version": 2})
        (drawn,) = reader.take(1)
        assert drawn["id"] == 3 and drawn["type"] == "TilesDrawn" and drawn["actor"] == "player:0:Ana"
        assert drawn["payload"]["tiles"] is None and drawn["redacted"] == ["tiles"]  # Bea may not see Ana's tiles
    finally:
        reader.close()


def test_last_event_id_resumes_after_the_last_event_received(live: Live):
    game_id, (ana, _) = live.new_game()
    live.command(game_id, live.director, {"type": "give_starter", "expected_version": 1, "seat": 0})
    live.command(game_id, ana, {"type": "draw_tiles", "expected_version": 2})
    reader = Reader(live, game_id, ana, **{"Last-Event-ID": "2"})
    try:
        (event,) = reader.take(1)
        assert event["id"] == 3 and event["payload"]["tiles"] is not None  # Ana sees her own draw
    finally:
        reader.close()


def test_events_written_by_another_process_reach_the_stream(live: Live):
    game_id, _ = live.new_game()
    reader = Reader(live, game_id, live.director)
    try:
        assert [e["id"] for e in reader.take(1)] == [1]
        other = ServiceApplication(settings_env(live.folder))  # another application on the same SQLite file
        try:
            other.give_starter(UUID(game_id), 1, Actor("director:elsewhere", "desk"), expected_version=1)
        finally:
            other.close()
        (event,) = reader.take(1)
        assert event["type"] == "StarterGiven" and event["actor"] == "director:elsewhere"
    finally:
        reader.close()


def test_a_bad_last_event_id_is_400_and_an_unknown_game_404(live: Live):
    headers = {"Authorization": f"Bearer {live.director}"}
    game_id, _ = live.new_game()
    r = httpx.get(f"{live.url}/v1/games/{game_id}/stream", headers={**headers, "Last-Event-ID": "x"})
    assert r.status_code == 400 and r.json()["field"] == "Last-Event-ID"
    r = httpx.get(f"{live.url}/v1/games/{UUID(int=7)}/stream", headers=headers)
    assert r.status_code == 404


def test_view_state_follows_each_batch_with_the_state_as_this_token_sees_it(live: Live):
    """Issue 14: a tablet shows the opponent's play from the stream alone. Each batch of events is followed by
    one ``State`` (no id: Last-Event-ID still counts events) equal to ``GET /v1/games/{id}`` for the same token at
    that moment: Bea's state hides Ana's rack, and says what the game waits for."""
    game_id, (ana, bea) = live.new_game()
    live.command(game_id, live.director, {"type": "give_starter", "expected_version": 1, "seat": 0})
    reader = Reader(live, game_id, bea, "?view=state", **{"Last-Event-ID": "2"})
    try:
        (start,) = reader.take(1)  # nothing after version 2 yet: the state at once
        assert start["sse"] == "State" and not start["has_id"] and start["state"]["version"] == 2
        live.command(game_id, ana, {"type": "draw_tiles", "expected_version": 2})
        drawn, sent = reader.take(2)
        assert (drawn["id"], drawn["event"], sent["sse"]) == (3, "TilesDrawn", "State")
        state = sent["state"]
        read = httpx.get(f"{live.url}/v1/games/{game_id}", headers={"Authorization": f"Bearer {bea}"}).json()
        assert state == read
        assert state["version"] == 3 and state["players"][0]["rack"] is None and state["players"][0]["rack_count"] == 7
        # the state says what the game waits for at its own version: Bea's seven tiles, drawn next
        assert (state["waiting_for"], state["waiting_seats"]) == ("deal", [1])
    finally:
        reader.close()
