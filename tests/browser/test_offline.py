"""Offline-tolerant, nothing lost, nothing doubled (issue 14): the tablet page in Chromium on a live server.

The page is the real ``/tablet`` (its ``net.js``, ``store.js`` in IndexedDB, ``outbox.js`` and the service
worker at ``/sw.js``), bound to one seat and driven through its own controls. The game is the scripted one
the reliability tests replay (a replay bag, every tile given), sent over the API up to the moment the test
takes over one player's tablet. What the service recorded is read through the API's events.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import TABLET_LANDSCAPE
from tests.browser.tablet import text
from tests.reliability.live import LiveServer, scripted_game

WAIT = 20_000  # ms: the live server and Chromium share two loaded cores with other work


class Wifi:
    """The hall's Wi-Fi: a TCP relay between the tablets and the live server that can be cut.

    ``context.set_offline`` alone is not airtight: a request made while a service worker wakes up
    (right after a reload) can still reach the server now and then. Cut, the relay closes every open
    connection (the stream dies) and hangs up on every new one, so nothing can reach the service."""

    def __init__(self, target: str) -> None:
        host, port = target.removeprefix("http://").rsplit(":", 1)
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                client.close()
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open |= {client, server}
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self) -> None:
        self.up = False
        with self.lock:
            for s in self.open:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            self.open.clear()

    def restore(self) -> None:
        self.up = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


class Game:
    """One scripted game on the live server, driven step by step over the API."""

    def __init__(self, live: LiveServer) -> None:
        self.live, self.client = live, httpx.Client(base_url=live.url, timeout=20)
        created = self.client.post("/v1/games", headers=live.headers(live.director), json={
            "profile": "file-2024", "players": ["Ana", "Bea"], "bag_mode": "replay"})
        assert created.status_code == 201, created.text
        body = created.json()
        self.id, self.version = body["id"], body["version"]
        self.tokens: dict[Any, str] = {t["seat"]: t["token"] for t in body["tokens"]}
        self.tokens["director"] = live.director
        self.script = list(scripted_game(1))
        self.step = 0

    def send(self, sender: Any, command: dict[str, Any], expect: int = 200) -> dict[str, Any]:
        r = self.client.post(f"/v1/games/{self.id}/commands", headers=self.live.headers(self.tokens[sender], "api"),
                             json={**command, "expected_version": self.version})
        assert r.status_code == expect, r.text
        if expect == 200:
            self.version = r.json()["version"]
        return r.json()

    def play_until(self, sender: Any, kind: str) -> dict[str, Any]:
        """Send the script's commands over the API up to (not including) ``sender``'s next ``kind``; return it."""
        while True:
            who, command = self.script[self.step]
            if who == sender and command["type"] == kind:
                self.step += 1
                return command
            self.send(who, command)
            self.step += 1

    def events(self) -> list[dict[str, Any]]:
        r = self.client.get(f"/v1/games/{self.id}/events", headers=self.live.headers(self.live.director))
        assert r.status_code == 200, r.text
        return r.json()["events"]

    def state(self) -> dict[str, Any]:
        r = self.client.get(f"/v1/games/{self.id}", headers=self.live.headers(self.live.director))
        assert r.status_code == 200, r.text
        return r.json()


def open_tablet(context: Any, wifi: Wifi, game: Game, seat: int) -> Any:
    """``seat``'s tablet page, once the service worker controls it (the shell is cached) and it shows the game."""
    page = context.new_page()
    page.goto(f"{wifi.url}/tablet#token={game.tokens[seat]}&game={game.id}&seat={seat}")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT)
    shows(page, game.version)
    return page


def shows(page: Any, version: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('[data-testid=game]').dataset.version) >= {version}",
                           timeout=WAIT)


def queued(page: Any, count: int) -> None:
    page.wait_for_function(f"document.querySelector('[data-testid=outbox-length]')?.dataset.count === '{count}'",
                           timeout=WAIT)


def connection(page: Any) -> str | None:
    return page.get_by_test_id("connection").get_attribute("data-state")


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=TABLET_LANDSCAPE)
    yield context
    context.close()


@pytest.fixture
def wifi(live: LiveServer) -> Iterator[Wifi]:
    relay = Wifi(live.url)
    yield relay
    relay.close()


def offline(context: Any, wifi: Wifi, off: bool) -> None:
    """The tablet loses (or finds again) the hall's network: the browser knows it, and nothing gets through."""
    if off:
        context.set_offline(True)
        wifi.cut()
    else:
        wifi.restore()
        context.set_offline(False)


def test_the_tablet_offline_mid_turn_records_its_two_commands_once_each_in_order_after_a_reload(
        context: Any, live: LiveServer, wifi: Wifi) -> None:
    game = Game(live)
    game.play_until(1, "accept")  # Ana has played; Bea's tablet is to accept it
    page = open_tablet(context, wifi, game, seat=1)
    at = game.version

    offline(context, wifi, True)  # the hall's Wi-Fi drops in the middle of the turn
    # Bea writes Ana's score and total on her sheet, which is her acceptance (FILE 37): two commands, the
    # sheet line, then the acceptance chained after it.
    page.locator("#write-score").fill("10")
    page.locator("#write-total").fill("10")
    page.get_by_test_id("accept").click()
    queued(page, 2)
    page.wait_for_function("document.querySelector('[data-testid=connection]').dataset.state === 'offline'",
                           timeout=WAIT)

    page.reload()  # offline: only the service worker can serve the page, and the store what it showed
    shows(page, at)
    queued(page, 2)
    assert connection(page) == "offline"
    assert game.state()["version"] == at, "nothing reached the service while offline"

    # The first answer is lost on its way back (the service recorded it): the outbox resends it, same key.
    lost: list[str] = []
    keys: list[str] = []

    def lose_first_answer(route: Any) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        if lost:
            route.continue_()
            return
        route.fetch()  # the command reaches the service and is recorded ...
        lost.append(keys[-1])
        route.abort("connectionreset")  # ... and the answer never reaches the page

    page.route("**/v1/games/*/commands", lose_first_answer)
    offline(context, wifi, False)
    queued(page, 0)
    assert keys[:2] == [lost[0], lost[0]], "the command whose answer was lost was sent again with its key"
    assert len(set(keys)) == 2, keys

    types = [e["type"] for e in game.events()]
    assert types[at:] == ["SheetEntryWritten", "PlayAccepted"], types[at:]
    assert types.count("PlayAccepted") == 1 and types.count("SheetEntryWritten") == 1
    shows(page, at + 2)
    page.wait_for_function("document.querySelector('[data-testid=connection]').dataset.state === 'online'",
                           timeout=WAIT)


def test_a_command_the_tablet_queued_that_conflicts_is_shown_refused_and_not_merged(
        context: Any, live: LiveServer, wifi: Wifi) -> None:
    game = Game(live)
    game.play_until(1, "accept")  # Ana has played; Bea's tablet is to accept it
    page = open_tablet(context, wifi, game, seat=1)
    at = game.version

    offline(context, wifi, True)
    page.locator("#write-score").fill("7")  # Ana's score on Bea's sheet, then the acceptance chained after it
    page.get_by_test_id("accept").click()
    queued(page, 2)
    game.send(1, {"type": "challenge"})  # meanwhile Bea's other device challenged the play (FILE 39)
    moved = game.version

    offline(context, wifi, False)
    refused = page.get_by_test_id("refused")
    refused.wait_for(timeout=WAIT)
    assert refused.get_attribute("data-status") == "409"
    queued(page, 2)  # the refused sheet line stays, holding the acceptance chained after it, until Bea decides
    types = [e["type"] for e in game.events()]
    assert types[at:] == ["PlayChallenged"], "nothing of the refused tablet's was recorded or merged"
    assert game.state()["version"] == moved

    page.get_by_role("button", name=text("es", "refused.discard"), exact=True).click()
    refused.wait_for(state="detached", timeout=WAIT)
    queued(page, 0)
    assert [e["type"] for e in game.events()][at:] == ["PlayChallenged"]
    assert game.state()["version"] == moved
