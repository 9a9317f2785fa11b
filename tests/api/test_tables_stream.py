"""``GET /v1/tables/stream`` on a live uvicorn server (issue 15: every table of an event and round as a tile, live):
the first message is the answer of ``GET /v1/tables``; each command at a table reaches the stream with that
table's new state (a call for the arbiter, FILE 33.5; a challenge waiting for its ruling, FILE 39), and the
messages applied in turn give what ``GET /v1/tables`` answers; a tablet's silence becomes an alert with time
alone; tables join and leave the query; only officials with a token for every game follow it."""

from __future__ import annotations

import json
import queue
import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import httpx
import pytest

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.api.contract import SPEC
from service.api.streams.hall import HALL_GAP, HallQuery, HallSource
from service.api.routes.tables import HallChanges, HallTables

#: The hall stream's text, line by line: an event's name, its data (one JSON object), the reconnection delay,
#: a comment, or the blank line between events (no `id:`: a reconnection starts from the whole hall).
SSE_PATTERN = r"^((event: (tables|changes)|data: \{.*\}|retry: [0-9]+|:.*)?\n)*$"
from service.settings import settings_env
from tests.api.conftest import Api
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


@pytest.fixture
def quiet_hall(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LiveHall]:
    """Reads the store only when the hub says a game was saved: no poll for 60 s, no refresh for 60 s."""
    hall = LiveHall(tmp_path / "data", stream_poll_seconds=60, hall_refresh_seconds=60,
                    projector=getattr(request, "param", "thread"))
    yield hall
    hall.stop()


@pytest.fixture
def busy_hall(tmp_path: Path) -> Iterator[LiveHall]:
    """Compares the read models' versions every 0.1 s and reads the hall every half second."""
    hall = LiveHall(tmp_path / "data", stream_poll_seconds=0.1, hall_refresh_seconds=0.5, hall_streams_max=2)
    yield hall
    hall.stop()


@pytest.mark.parametrize("quiet_hall", ["thread", "process"], indirect=True)
def test_each_command_reaches_the_stream_and_the_messages_give_what_get_tables_answers(quiet_hall: LiveHall) -> None:
    """Over the hub alone (the store is not polled): a call for the arbiter (FILE 33.5), a challenge waiting for
    its ruling (FILE 39), the call answered and a play accepted each reach the stream with the table's new
    state, the read models waited for (the projector in a thread, and in a child process as `planilla serve`)."""
    hall = quiet_hall
    games = [hall.game(table) for table in (1, 2, 3, 4)]
    for game in games[:3]:
        game.start()
    answer = hall.settled(games)
    reader = HallReader(hall, hall.arbiter)
    try:
        assert reader.response.headers["content-type"].startswith("text/event-stream")
        _, kind, first = reader.take()
        assert kind == "tables" and first == answer, "the first message is the answer of GET /v1/tables"
        mirror = Mirror(first)
        one, two, three, _ = games

        two.send(two.players[0], "call_arbiter")
        took = [mirror.until(reader, two)]
        assert mirror.tables[two.id]["state"] == "arbiter" and mirror.tables[two.id]["alerts"] == ["arbiter"]
        assert mirror.order[0] == two.id, "the call first"

        seat = three.place()
        three.send(three.players[1 - seat], "challenge")
        took.append(mirror.until(reader, three))
        assert (mirror.tables[three.id]["state"], mirror.tables[three.id]["alerts"]) == ("challenge", ["challenge"])
        assert mirror.order[:2] == [two.id, three.id], "the most urgent first: a call, then a challenge"

        two.send(hall.arbiter, "answer_call")
        took.append(mirror.until(reader, two))
        assert mirror.tables[two.id]["alerts"] == [] and mirror.order[0] == three.id

        seat = one.place()
        one.send(one.players[1 - seat], "accept")
        took.append(mirror.until(reader, one))
        assert mirror.tables[one.id]["scores"][seat] > 0 and mirror.tables[one.id]["seat_on_turn"] == 1 - seat

        print(f"\nseconds from a command to its message: {[round(x, 3) for x in took]}")  # a figure: with no poll
        # for 60 s, each came by the hub within `until`'s 5 s
        assert mirror.answer() == hall.tables()["tables"], "the messages applied give what GET /v1/tables answers"
        assert reader.messages.empty()
    finally:
        reader.close()
    assert all(re.fullmatch(SSE_PATTERN, line + "\n") for line in reader.text)


def test_a_burst_of_commands_is_read_once_every_gap_at_most(quiet_hall: LiveHall) -> None:
    """Twelve passes at four tables sent back to back: fewer messages than commands, at least `HALL_GAP`
    seconds apart, and the last one shows every table at its last version."""
    hall = quiet_hall
    games = [hall.game(table) for table in (1, 2, 3, 4)]
    for game in games:
        game.start()
    hall.settled(games)
    reader = HallReader(hall, hall.arbiter)
    try:
        mirror = Mirror(reader.take()[2])
        for _ in range(3):
            for game in games:
                game.send(game.players[game.state()["seat_on_turn"]], "pass_turn")
        arrivals = []
        for game in games:
            while mirror.tables[game.id]["version"] != game.version:
                at, _, change = reader.take()
                arrivals.append(at)
                mirror.apply(change)
        assert len(arrivals) < 12, arrivals
        gaps = [b - a for a, b in zip(arrivals, arrivals[1:])]
        assert all(gap >= HALL_GAP * 0.9 for gap in gaps), gaps
        assert mirror.answer() == hall.tables()["tables"]
    finally:
        reader.close()


def test_a_silent_tablet_becomes_an_alert_with_time_alone_and_its_counting_sends_nothing(busy_hall: LiveHall) -> None:
    """A tablet bound and never heard again: its seconds of silence count up without a message; past
    `silent_after` (5 s here) the `silent` alert comes by itself, no command sent."""
    hall = busy_hall
    game = hall.game(7)
    game.start()
    code = hall.http.post(f"/v1/games/{game.id}/seats/0/code", json={}, headers=hall.auth(hall.arbiter)).json()["code"]
    r = hall.http.post("/v1/bind", json={"code": code, "device": "tablet-quiet"})  # no X-Device: never heard
    assert r.status_code == 200, r.text
    bound = time.monotonic()
    game.version += 1  # DeviceBound
    hall.settled([game], silent_after=5)
    reader = HallReader(hall, hall.arbiter, silent_after=5)
    try:
        _, kind, first = reader.take()
        assert kind == "tables"
        (table,) = first["tables"]
        assert table["alerts"] == [] and [d["device"] for d in table["seats"][0]["devices"]] == ["tablet-quiet"]
        at, kind, change = reader.take(within=8.0)  # the hall is read every 0.5 s meanwhile: nothing to say
        assert kind == "changes" and change["tables"][0]["alerts"] == ["silent"], change
        assert at - bound >= 5.0, "not before silent_after seconds"
        (device,) = change["tables"][0]["seats"][0]["devices"]
        assert device["silent_seconds"] > 5 and not device["connected"]
        now = hall.tables(silent_after=5)["tables"][0]
        assert now["alerts"] == ["silent"] and now["version"] == change["tables"][0]["version"]
    finally:
        reader.close()


def test_tables_join_and_leave_the_query(busy_hall: LiveHall) -> None:
    """Following the games in play: a table created in the round joins; a game ended and signed by both
    (FILE 43) leaves; every message applied gives GET /v1/tables's answer for the same query."""
    hall = busy_hall
    staying, leaving = hall.game(1), hall.game(2)
    leaving.start()
    hall.settled([staying, leaving])
    reader = HallReader(hall, hall.director, status="in_progress")
    try:
        _, _, first = reader.take()
        mirror = Mirror(first)
        assert mirror.order == [staying.id, leaving.id]
        joining = hall.game(3)
        mirror.until(reader, joining)
        assert mirror.order == [staying.id, leaving.id, joining.id]

        while leaving.state()["phase"] == "playing":
            leaving.send(leaving.players[leaving.state()["seat_on_turn"]], "pass_turn")
        for seat in (0, 1):
            leaving.send(leaving.players[seat], "sign", signature=f"player {seat}")
        deadline = time.monotonic() + 5
        while leaving.id in mirror.tables:
            _, kind, change = reader.take(max(0.01, deadline - time.monotonic()))
            mirror.apply(change)
        assert change["removed"] == [leaving.id] and mirror.order == [staying.id, joining.id]
        assert mirror.answer() == hall.settled([staying, joining], status="in_progress")["tables"]
    finally:
        reader.close()


def test_only_officials_with_a_token_for_every_game_follow_the_hall_and_streams_are_capped(busy_hall: LiveHall) -> None:
    hall = busy_hall
    game = hall.game(1)
    stream = f"{hall.url}/v1/tables/stream"
    player = hall.http.get(stream, headers=hall.auth(game.players[0]))
    assert player.status_code == 403 and player.json()["code"] == "forbidden"
    assert hall.http.get(stream).status_code == 401
    bad = hall.http.get(stream, params={"round": 0}, headers=hall.auth(hall.arbiter))
    assert bad.status_code == 400 and "round" in bad.text
    assert hall.http.get(stream, params={"silent_after": 2}, headers=hall.auth(hall.arbiter)).status_code == 400

    held = [HallReader(hall, hall.arbiter), HallReader(hall, hall.director)]  # hall_streams_max=2
    try:
        assert [r.take()[1] for r in held] == ["tables", "tables"]
        refused = hall.http.get(stream, headers=hall.auth(hall.arbiter))
        assert refused.status_code == 503 and refused.json()["code"] == "too_many_streams"
    finally:
        held.pop().close()
    try:
        deadline = time.monotonic() + 5  # the server lets go of a stream once its client has left
        while (again := HallReader(hall, hall.arbiter)).response.status_code == 503:
            again.close()
            assert time.monotonic() < deadline, "a closed stream's place was never given back"
            time.sleep(0.05)
        held.append(again)
        assert again.take()[1] == "tables"
    finally:
        for reader in held:
            reader.close()


def test_the_contract_describes_the_hall_stream_and_its_example_fits() -> None:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    media = spec["paths"]["/v1/tables/stream"]["get"]["responses"]["200"]["content"]["text/event-stream"]
    events = {v["properties"]["event"]["const"]: v for v in media["schema"]["anyOf"]}  # one schema an event (issue 27)
    assert events["tables"]["properties"]["data"]["contentSchema"] == {"$ref": "#/components/schemas/HallTables"}
    assert events["changes"]["properties"]["data"]["contentSchema"]["title"] == "HallChanges"
    assert all("id" not in v["properties"] for v in events.values())  # no id: nothing to resume
    assert re.fullmatch(SSE_PATTERN, media["example"])
    messages = [block.split("\n") for block in media["example"].strip().split("\n\n")]
    assert [m[0] for m in messages] == ["event: tables", "event: changes"]
    HallTables.model_validate_json(messages[0][1].removeprefix("data: "))
    HallChanges.model_validate_json(messages[1][1].removeprefix("data: "))


def test_a_streams_reads_of_the_games_that_moved_give_get_tables_answer_on_sqlite_and_postgresql(api: Api) -> None:
    """What a stream reads after saves (those games alone, the others kept) is `GET /v1/tables`'s answer, on both
    stores: a call (FILE 33.5) moves its table first, the answer takes it back, a game ending leaves `in_progress`."""
    event = f"Sala {uuid4()}"  # the session's PostgreSQL database is shared by the tests: an event of its own
    tables = [api.table(event=event, round=2, table=n, players=(f"A{n}", f"B{n}")) for n in (1, 2, 3)]
    for table in tables:
        table.start()
    api.index()
    source = HallSource(api.app.state, HallQuery(event=event, round=2, status="in_progress"))

    def get() -> list[dict[str, Any]]:
        api.index()
        r = api.client.get("/v1/tables", params={"event": event, "round": 2, "status": "in_progress"},
                           headers=api.headers(api.tokens["arbiter"]))
        return r.json()["tables"]

    assert source.full() == get()
    one, two, three = tables
    two.send(two.players[0], "call_arbiter")
    found = source.update({UUID(two.id)})
    assert [t["game_id"] for t in found] == [two.id, one.id, three.id] and found == get()
    two.send(api.tokens["arbiter"], "answer_call")
    three.end_by_passes()
    for seat in (0, 1):
        three.send(three.players[seat], "sign", signature=f"player {seat}")
    found = source.update({UUID(two.id), UUID(three.id)})
    assert [t["game_id"] for t in found] == [one.id, two.id] and found == get()
    assert source.update(set()) == get(), "nothing moved: the tables as last read"
