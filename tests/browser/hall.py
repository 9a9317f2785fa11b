"""A hall server in this process (uvicorn on a thread, SQLite data folder), so a test can also use the
bot's eyes (the stored game) to choose legal plays, and a ``Tablet`` that plays through the page.

Every step a player takes at the table goes through the page here; the officials' steps (the draw for
the start, a ruling) and the choice of a play (the bot) go through the API and the stored game.
"""

from __future__ import annotations

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
from tests.application.script import find_play

ROWS = "ABCDEFGHIJKLMNO"


class Hall:
    """The service on a real port; the director's and arbiter's tokens; games made over HTTP."""

    def __init__(self, data: Path) -> None:
        import uvicorn

        self.games = ServiceApplication(settings_env(str(data)), rng=random.Random(2024))
        app = create_app(ServiceSettings(store=str(data), stream_poll_seconds=0.05), application=self.games)
        self.cut: set[str] = set()  # devices whose Wi-Fi a test has cut (see ``wifi``)
        app = self.wifi(app)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        # a stream still open at the end (a test's listener, a page) holds a graceful shutdown for ever without a
        # bound, so the thread's join(10) below would always wait its 10 s: 3 s, as ``planilla serve`` has it
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False,
                                                    timeout_graceful_shutdown=3))
        self.server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the hall server did not start"
            time.sleep(0.02)
        self.director = self.games.issue_token("director", "director-1", "test")[0]
        self.arbiter = self.games.issue_token("arbiter", "arbiter-1", "test")[0]
        self.http = httpx.Client(base_url=self.url, timeout=10)

    def wifi(self, app: Any) -> Any:
        """The hall's Wi-Fi as a test sees it: a request from a device in ``cut`` never reaches the service.

        Chromium's emulated offline (``set_offline``) and Playwright's routes do not always catch a request a
        page sends while its service worker is stopped (the worker's static route to the network, sw.js): such a
        request is answered here 503, which the pages' Outbox treats as the service not reached (it keeps the
        command and tries again), as a dropped Wi-Fi would be."""
        async def hall(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "http" and self.cut:
                device = dict(scope.get("headers") or []).get(b"x-device", b"").decode()
                if device in self.cut:
                    await send({"type": "http.response.start", "status": 503,
                                "headers": [(b"content-type", b"application/json"), (b"retry-after", b"1")]})
                    await send({"type": "http.response.body", "body": b'{"code":"test_wifi_cut"}'})
                    return
            await app(scope, receive, send)
        hall.state = app.state  # type: ignore[attr-defined]  (the tests read the app's state through the hall)
        return hall

    def drop(self, path: str) -> int:
        """Cut the open connections whose request is ``path`` (a Wi-Fi that drops, as the server sees it): each is
        aborted on the server's loop, and the page's open stream ends with a network error. How many were cut."""
        found = [c for c in list(self.server.server_state.connections)
                 if (getattr(c, "scope", None) or {}).get("path") == path]
        for connection in found:
            connection.loop.call_soon_threadsafe(connection.transport.abort)
        return len(found)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.http.close()

    def headers(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}", "X-Device": "officials-laptop"}

    def new_game(self, profile: str = "file-2024", players: tuple[str, str] = ("Ana", "Berta"), **extra: Any) -> "Game":
        r = self.http.post("/v1/games", json={"profile": profile, "players": list(players), "round": 2, "table": 7,
                                              **extra}, headers=self.headers(self.director))
        assert r.status_code == 201, r.text
        return Game(self, r.json())


class Game:
    """One game: its id and the players' tokens; the officials' commands and the bot's eyes."""

    def __init__(self, hall: Hall, created: dict[str, Any]) -> None:
        self.hall, self.id = hall, created["id"]
        self.tokens = [t["token"] for t in created["tokens"]]
        self.rng = random.Random(7)

    def state(self, token: str | None = None) -> dict[str, Any]:
        r = self.hall.http.get(f"/v1/games/{self.id}", headers=self.hall.headers(token or self.hall.director))
        assert r.status_code == 200, r.text
        return r.json()

    def official(self, type: str, token: str | None = None, **fields: Any) -> dict[str, Any]:
        body = {"type": type, "expected_version": self.state()["version"], **fields}
        r = self.hall.http.post(f"/v1/games/{self.id}/commands", json=body,
                                headers=self.hall.headers(token or self.hall.director))
        assert r.status_code == 200, r.text
        return r.json()

    def draw_for_start(self) -> int:
        while self.state()["phase"] == "starting":
            self.official("draw_for_start")
        return self.state()["starter"]

    def find_play(self, seat: int) -> tuple[str, str]:
        """The bot's eyes: a play legal in shape from the stored game (words are not checked by the service)."""
        found = find_play(self.hall.games.get_game(UUID(self.id)), seat, self.rng)
        assert found is not None
        return found

    def address(self, seat: int) -> str:
        """The tests' binding: the player's token in the fragment (the page keeps it and clears the URL)."""
        return f"{self.hall.url}/tablet#token={self.tokens[seat]}&game={self.id}&seat={seat}"


def play_keys(coordinates: str, word: str) -> tuple[int, int, str, list[tuple[str, bool]]]:
    """Federation coordinates and a written word -> start row, column, direction and the new tiles to type
    ((letter, blank) each; tiles on the board, written '.', are not typed)."""
    if coordinates[0].isalpha():
        row, col, direction = ROWS.index(coordinates[0].upper()), int(coordinates[1:]) - 1, "H"
    else:
        row, col, direction = ROWS.index(coordinates[-1].upper()), int(coordinates[:-1]) - 1, "V"
    tiles: list[tuple[str, bool]] = []
    i = 0
    while i < len(word):
        if word[i] == ".":
            i += 1
            continue
        if word[i] == "[":
            end = word.index("]", i)
            token = word[i + 1:end]
            i = end + 1
        else:
            size = next((len(d) for d in ("L·L", "NY", "QU") if word[i:i + len(d)].upper() == d), 1)
            token = word[i:i + size]
            i += len(token)
        tiles.append((token.upper(), token != token.upper()))
    return row, col, direction, tiles


def cut_wifi(hall: Hall, context: Any, page: Any, cut: bool) -> None:
    """A device loses the hall's Wi-Fi (or gets it back). ``set_offline`` alone can let a request through while a
    service worker wakes (tests/browser/test_offline.py), so the service's routes are refused too, and what still
    gets through never reaches the service (``Hall.wifi``)."""
    device = page.evaluate("localStorage.getItem('planilla.device')")
    context.set_offline(cut)
    if cut:
        context.route("**/v1/**", lambda route: route.abort("internetdisconnected"))
        hall.cut.add(device)
    else:
        context.unroute("**/v1/**")
        hall.cut.discard(device)
