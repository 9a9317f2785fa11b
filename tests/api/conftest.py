"""The HTTP app on each store (in memory, SQLite, PostgreSQL), driven through httpx, and a table to play at.

Every request goes through the ASGI app (``tests.testclient.TestClient``, Starlette's, is an httpx client);
the tests peek at the application only to choose a legal play (the bot's eyes), never to act.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.testclient import TestClient

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.trust.keys import ServiceKey
from service.settings import settings_env
from tests.application.conftest import NOON, postgres_url  # noqa: F401  (a fixture, shared)
from tests.application.script import find_play

PROFILES = ["file-2024", "fise-2009", "fisc-2023", "ajs-2012", "molins-club"]


class Api:
    """A client for one app, with a token for each official role."""

    def __init__(self, app: FastAPI, client: TestClient) -> None:
        self.app, self.client = app, client
        self.games: ServiceApplication = app.state.games
        self.tokens = {role: self.games.issue_token(role, f"{role}-1", "test")[0]
                       for role in ("director", "arbiter", "tribunal", "spectator")}

    def headers(self, token: str | None, **more: str) -> dict[str, str]:
        found = {"X-Device": "test-device", **more}
        if token is not None:
            found["Authorization"] = f"Bearer {token}"
        return found

    def get(self, path: str, token: str | None, **kwargs: Any) -> Any:
        return self.client.get(path, headers=self.headers(token), **kwargs)

    def post(self, path: str, token: str | None, body: Any, **headers: str) -> Any:
        return self.client.post(path, json=body, headers=self.headers(token, **headers))

    def table(self, profile: str = "file-2024", players: tuple[str, ...] = ("Ana", "Bea"), **extra: Any) -> "Table":
        return Table(self, profile, players, **extra)

    def index(self, seconds: float = 10.0) -> Any:
        """The directors' index once the projector has caught up with every stored event. The index is an
        eventually consistent read model: read at once, it may still lack a game just created (or, on the
        session's shared PostgreSQL database, games of earlier tests the projector is still catching up with)."""
        import time
        deadline = time.monotonic() + seconds
        while self.app.state.projector.lag():
            assert time.monotonic() < deadline, "the projector did not catch up"
            time.sleep(0.01)
        r = self.get("/v1/games", self.tokens["director"])
        assert r.status_code == 200, r.text
        return r.json()


class Table:
    """One game played over HTTP: its id, the version last seen, the players' tokens."""

    def __init__(self, api: Api, profile: str, players: tuple[str, ...], **extra: Any) -> None:
        self.api, self.rng = api, random.Random(7)
        r = api.post("/v1/games", api.tokens["director"], {"profile": profile, "players": list(players), **extra})
        assert r.status_code == 201, r.text
        body = r.json()
        self.id, self.version = body["id"], body["version"]
        self.players = [t["token"] for t in body["tokens"]]

    @property
    def director(self) -> str:
        return self.api.tokens["director"]

    def send(self, token: str, type: str, expect: int = 200, **fields: Any) -> Any:
        """Send a command at the version last seen; check the status; keep the new version."""
        r = self.api.post(f"/v1/games/{self.id}/commands", token, {"type": type, "expected_version": self.version,
                                                                   **fields})
        assert r.status_code == expect, r.text
        if expect == 200:
            self.version = r.json()["version"]
        return r.json()

    def state(self, token: str | None = None) -> dict[str, Any]:
        r = self.api.get(f"/v1/games/{self.id}", token or self.director)
        assert r.status_code == 200, r.text
        return r.json()

    @property
    def game(self) -> Any:
        """The bot's eyes: the game as stored (used only to choose plays)."""
        from uuid import UUID
        return self.api.games.get_game(UUID(self.id))

    # ---- phases ----------------------------------------------------------------------------------
    def start(self) -> None:
        while self.state()["phase"] == "starting":
            self.send(self.director, "draw_for_start")
        state = self.state()
        seats = len(state["players"])
        for k in range(seats):
            seat = (state["starter"] + k) % seats
            self.send(self.players[seat], "draw_tiles")

    def play(self, seat: int) -> bool:
        """A small legal play, accepted by the next player with their own token."""
        found = find_play(self.game, seat, self.rng)
        if found is None:
            return False
        self.send(self.players[seat], "place_tiles", coordinates=found[0], word=found[1])
        state = self.state()
        if state["pending"] and state["pending"]["kind"] == "centre_choice":
            self.send(self.players[(seat + 1) % len(self.players)], "decide_off_centre", accept=True)
        if self.state()["phase"] == "playing":
            self.send(self.players[(seat + 1) % len(self.players)], "accept")
        return True

    def play_turns(self, turns: int) -> None:
        while self.state()["phase"] == "playing" and self.state()["turns_played"] < turns:
            seat = self.state()["seat_on_turn"]
            if not self.play(seat):
                self.send(self.players[seat], "pass_turn")

    def end_by_passes(self) -> None:
        while (state := self.state())["phase"] == "playing":
            self.send(self.players[state["seat_on_turn"]], "pass_turn")


@pytest.fixture(params=["popo", "sqlite", "postgres"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the app keeps its events: memory, a SQLite data folder, or a fresh PostgreSQL database."""
    if request.param == "postgres":
        return request.getfixturevalue("postgres_url")
    return str(tmp_path / "data") if request.param == "sqlite" else "memory"


@pytest.fixture
def api_on(store_target: str) -> Iterator[Api]:
    """The app on every store."""
    yield from _api(store_target)


@pytest.fixture(params=["sqlite", "postgres"])
def api(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Api]:
    """The app on each of the two stores it is deployed on: a SQLite data folder, and PostgreSQL (the
    session's database, shared by the tests: each makes games of its own). Every HTTP story runs on both."""
    target = request.getfixturevalue("postgres_url") if request.param == "postgres" else str(tmp_path / "data")
    yield from _api(target)


def _api(target: str, **settings: Any) -> Iterator[Api]:
    games = ServiceApplication(settings_env(target), clock=lambda: NOON, rng=random.Random(2024),
                               service_key=ServiceKey.generate())  # as `planilla serve` gives it (in memory here)
    app = create_app(ServiceSettings(store=target, stream_poll_seconds=0.05, **settings), application=games)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield Api(app, client)


@pytest.fixture(scope="module")
def hostile_api() -> Iterator[tuple[Api, Table, list[str]]]:
    """One app and one game for a whole property test, with the game's history before any of it."""
    for api in _api("memory"):
        table = api.table()
        before = [e["hash"] for e in api.get(f"/v1/games/{table.id}/events", table.director).json()["events"]]
        yield api, table, before
