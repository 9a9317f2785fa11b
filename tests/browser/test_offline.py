"""Offline-tolerant, nothing lost, nothing doubled (issue 14): a real page in Chromium on a live server.

The page is the outbox harness (``pages/static/harness.html``, used only by tests and the bench): the
real ``net.js``, ``store.js`` (IndexedDB), ``outbox.js`` and the service worker at ``/sw.js``, with
no tablet UI around them. The game is the scripted one the reliability tests replay (a replay bag,
every tile given), sent over the API up to the moment the test takes over one player's tablet.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import TABLET_LANDSCAPE
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


def sheet_turn(state: dict[str, Any]) -> int:
    """The number ``write_sheet_entry`` gives the turn now awaiting acceptance. Counted from 0 today (the
    pending play is counted in ``turns_played``); issue 13 numbers turns as printed on the sheet: adapt here."""
    return int(state["turns_played"]) - 1


def open_tablet(context: Any, wifi: Wifi, game: Game, seat: int) -> Any:
    """The harness as ``seat``'s tablet, once the service worker controls it (the shell is cached)."""
    page = context.new_page()
    page.goto(f"{wifi.url}/static/harness.html#game={game.id}&token={game.tokens[seat]}")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT)
    page.wait_for_function(f"document.querySelector('[data-testid=game]').dataset.version >= {game.version}",
                           timeout=WAIT)
    return page


def outbox_length(page: Any) -> int:
    return int(page.evaluate("harness.outbox.length"))


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


def test_offline_commands_survive_a_reload_and_are_recorded_once_each_in_order(context: Any, live: LiveServer, wifi: Wifi) -> None:
    game = Game(live)
    game.play_until(1, "accept")  # Ana has played; Bea's tablet is to accept it
    page = open_tablet(context, wifi, game, seat=1)
    at, turn = game.version, sheet_turn(game.state())

    offline(context, wifi, True)  # the hall's Wi-Fi drops in the middle of the turn
    ids = page.evaluate("""async ([at, turn]) => {
        const a = await harness.outbox.enqueue({type: 'accept', expected_version: at});
        const b = await harness.outbox.enqueue({type: 'write_sheet_entry', turn, score: 10, total: 10}, {after: a});
        return [a, b];
    }""", [at, turn])
    page.wait_for_function("harness.outbox.online === false && harness.outbox.length === 2", timeout=WAIT)
    assert page.get_by_test_id("connection").text_content() == "offline"
    keys = page.evaluate("harness.outbox.items.map((r) => r.key)")

    page.reload()  # offline: only the service worker can serve the page and its modules
    page.wait_for_function("window.harness !== undefined", timeout=WAIT)
    assert page.evaluate("harness.outbox.items.map((r) => r.id)") == ids
    assert page.evaluate("harness.outbox.items.map((r) => r.key)") == keys, "the same keys after the reload"
    assert page.get_by_test_id("outbox-length").text_content() == "2"
    assert game.state()["version"] == at, "nothing reached the service while offline"

    # The first answer is lost on its way back (the service recorded it): the outbox resends it.
    lost: list[str] = []

    def lose_first_answer(route: Any) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()  # the command reaches the service and is recorded ...
        lost.append(route.request.headers.get("idempotency-key", ""))
        route.abort("connectionreset")  # ... and the answer never reaches the page

    page.route("**/v1/games/*/commands", lose_first_answer)
    offline(context, wifi, False)
    page.evaluate("harness.outbox.flush()")
    page.wait_for_function("harness.outbox.length === 0", timeout=WAIT)
    assert lost == [keys[0]], "the lost answer was the accept's"

    types = [e["type"] for e in game.events()]
    tail = types[at:]
    assert tail == ["PlayAccepted", "SheetEntryWritten"], tail
    assert types.count("PlayAccepted") == 1 and types.count("SheetEntryWritten") == 1
    assert page.get_by_test_id("connection").text_content() == "online"
    page.wait_for_function(f"document.querySelector('[data-testid=game]').dataset.version >= {at + 2}",
                           timeout=WAIT)


def test_a_queued_command_that_conflicts_is_shown_refused_and_not_merged(context: Any, live: LiveServer, wifi: Wifi) -> None:
    game = Game(live)
    accept = game.play_until(0, "accept")  # Bea has played; Ana's tablet is to accept, Bea writes her sheet
    page = open_tablet(context, wifi, game, seat=1)
    at, turn = game.version, sheet_turn(game.state())

    offline(context, wifi, True)
    first = page.evaluate("""async ([at, turn]) => {
        const a = await harness.outbox.enqueue({type: 'write_sheet_entry', turn, score: 7, expected_version: at});
        const b = await harness.outbox.enqueue({type: 'write_sheet_entry', turn, total: 20}, {after: a});
        return [a, b];
    }""", [at, turn])
    page.wait_for_function("harness.outbox.online === false && harness.outbox.length === 2", timeout=WAIT)
    game.send(0, accept)  # meanwhile Ana's tablet moved the game
    moved = game.version

    offline(context, wifi, False)
    page.evaluate("harness.outbox.flush()")
    refused = page.get_by_test_id("refused").locator("li")
    refused.first.wait_for(timeout=WAIT)
    assert refused.count() == 1
    assert refused.first.get_attribute("data-id") == first[0]
    assert refused.first.get_attribute("data-status") == "409"
    assert "version_conflict" in (refused.first.text_content() or "")
    assert page.evaluate("harness.outbox.length") == 2, "the refused command holds the one chained after it"
    assert page.evaluate("harness.outbox.blocked") is True

    types = [e["type"] for e in game.events()]
    assert types[at:] == ["PlayAccepted"], "nothing of the refused tablet's was recorded or merged"
    assert game.state()["version"] == moved

    assert page.evaluate(f"harness.outbox.discard('{first[0]}')") == first
    refused.first.wait_for(state="detached", timeout=WAIT)
    assert page.evaluate("harness.outbox.length") == 0
    assert game.state()["version"] == moved
