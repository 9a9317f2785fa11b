"""The hall stream's tests' harness (``tests/api/test_tables_stream.py``): the app on a live uvicorn server with an
arbiter's and a director's token (``LiveHall``), a game at a table played through it (``Game``), a reader of
``GET /v1/tables/stream`` on a thread (``HallReader``) and the hall as its messages give it (``Mirror``)."""

from __future__ import annotations

import json
import queue
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.settings import settings_env
from tests.api.live_server import running
from tests.application.script import find_play

EVENT = "Sala en directo"


class LiveHall:
    """The app on a live uvicorn server (a SQLite data folder), an arbiter's and a director's token."""

    def __init__(self, folder: Path, **settings: Any) -> None:
        self.games = ServiceApplication(settings_env(str(folder)), rng=random.Random(15))
        self.app = create_app(ServiceSettings(store=str(folder), **settings), application=self.games)
        self._server = running(self.app)
        host, port = self._server.__enter__()
        self.url = f"http://{host}:{port}"
        self.director = self.games.issue_token("director", "director-1", "test")[0]
        self.arbiter = self.games.issue_token("arbiter", "arbiter-1", "test")[0]
        self.http = httpx.Client(base_url=self.url, timeout=10)

    def stop(self) -> None:
        self.http.close()
        self._server.__exit__(None, None, None)

    def auth(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def game(self, table: int, **extra: Any) -> "Game":
        r = self.http.post("/v1/games", json={"profile": "file-2024", "players": [f"Ana {table}", f"Bea {table}"],
                                              "event": EVENT, "round": 1, "table": table, **extra},
                           headers=self.auth(self.director))
        assert r.status_code == 201, r.text
        return Game(self, r.json())

    def tables(self, **query: Any) -> dict[str, Any]:
        r = self.http.get("/v1/tables", params={"event": EVENT, "round": 1, **query}, headers=self.auth(self.arbiter))
        assert r.status_code == 200, r.text
        return r.json()

    def settled(self, games: list["Game"], **query: Any) -> dict[str, Any]:
        """``GET /v1/tables`` once the read models hold every game's last version (the projector caught up)."""
        deadline = time.monotonic() + 10
        while True:
            found = self.tables(**query)
            versions = {t["game_id"]: t["version"] for t in found["tables"]}
            if all(versions.get(g.id) == g.version for g in games):
                return found
            assert time.monotonic() < deadline, "the read models did not catch up"
            time.sleep(0.02)


class Game:
    """One table: its id, the version last seen, the players' tokens."""

    def __init__(self, hall: LiveHall, created: dict[str, Any]) -> None:
        self.hall, self.id, self.version = hall, created["id"], created["version"]
        self.players = [t["token"] for t in created["tokens"]]
        self.rng = random.Random(7)

    def send(self, token: str, type: str, **fields: Any) -> int:
        r = self.hall.http.post(f"/v1/games/{self.id}/commands", headers=self.hall.auth(token),
                                json={"type": type, "expected_version": self.version, **fields})
        assert r.status_code == 200, r.text
        self.version = r.json()["version"]
        return self.version

    def state(self) -> dict[str, Any]:
        return self.hall.http.get(f"/v1/games/{self.id}", headers=self.hall.auth(self.hall.director)).json()

    def start(self) -> None:
        while self.state()["phase"] == "starting":
            self.send(self.hall.director, "draw_for_start")
        starter = self.state()["starter"]
        for k in range(2):
            self.send(self.players[(starter + k) % 2], "draw_tiles")

    def place(self) -> int:
        """A legal play in shape by the player on turn (the bot's eyes choose it); the seat that played."""
        seat = self.state()["seat_on_turn"]
        coordinates, word = find_play(self.hall.games.get_game(UUID(self.id)), seat, self.rng)
        self.send(self.players[seat], "place_tiles", coordinates=coordinates, word=word)
        if (self.state()["pending"] or {}).get("kind") == "centre_choice":
            self.send(self.players[1 - seat], "decide_off_centre", accept=True)
        return seat


class HallReader:
    """An open hall stream read on a thread: each message (its arrival, event and data) into a queue."""

    def __init__(self, hall: LiveHall, token: str, **query: Any) -> None:
        self.client = httpx.Client(timeout=httpx.Timeout(30.0))
        params = {"event": EVENT, "round": 1, **query}
        self.context = self.client.stream("GET", f"{hall.url}/v1/tables/stream", params=params,
                                          headers=hall.auth(token))
        self.response = self.context.__enter__()
        self.messages: queue.Queue[tuple[float, str, dict[str, Any]]] = queue.Queue()
        self.text: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        current: dict[str, str] = {}
        try:
            for line in self.response.iter_lines():
                self.text.append(line)
                if line.startswith(("event:", "data:")):
                    key, _, value = line.partition(":")
                    current[key] = value.strip()
                elif line == "" and current:
                    self.messages.put((time.monotonic(), current["event"], json.loads(current["data"])))
                    current = {}
        except (httpx.HTTPError, RuntimeError):
            pass  # closed by the test

    def take(self, within: float = 5.0) -> tuple[float, str, dict[str, Any]]:
        return self.messages.get(timeout=within)

    def close(self) -> None:
        # Shut the socket down first: a close alone, while the reading thread waits in recv(), sends nothing to
        # the server until that recv returns (at the next keep-alive).
        sock = self.response.extensions["network_stream"].get_extra_info("socket")
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.response.close()
        self.context.__exit__(None, None, None)
        self.client.close()


class Mirror:
    """What a console makes of the messages: each table as last sent, in the order last sent."""

    def __init__(self, first: dict[str, Any]) -> None:
        self.tables = {t["game_id"]: t for t in first["tables"]}
        self.order = [t["game_id"] for t in first["tables"]]

    def apply(self, change: dict[str, Any]) -> None:
        for table in change["tables"]:
            self.tables[table["game_id"]] = table
        for game_id in change["removed"]:
            del self.tables[game_id]
        if "order" in change:
            self.order = change["order"]
        assert len(self.order) == change["count"] and set(self.order) == set(self.tables)

    def answer(self) -> list[dict[str, Any]]:
        return [self.tables[g] for g in self.order]

    def until(self, reader: HallReader, game: Game, within: float = 5.0) -> float:
        """Apply messages until ``game``'s table shows its last version; the seconds that took."""
        start = time.monotonic()
        while self.tables.get(game.id, {}).get("version") != game.version:
            remaining = within - (time.monotonic() - start)
            assert remaining > 0, f"table {game.id} never showed version {game.version}"
            _, kind, data = reader.take(remaining)
            assert kind == "changes"
            self.apply(data)
        return time.monotonic() - start
