"""``GET /v1/tables/stream`` on a live uvicorn server (issue 15: every table of an event and round as a tile, live):
the first message is the answer of ``GET /v1/tables``; each command at a table reaches the stream with that
table's new state (a call for the arbiter, FILE 33.5; a challenge waiting for its ruling, FILE 39), and the
messages applied in turn give what ``GET /v1/tables`` answers; a tablet's silence becomes an alert with time
alone; tables join and leave the query; only officials with a token for every game follow it."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from service.api.contract import SPEC
from service.api.streams.hall import HALL_GAP, HallQuery, HallSource
from service.api.routes.tables import HallChanges, HallTables
from tests.api.conftest import Api
from tests.api.live_hall import HallReader, LiveHall, Mirror

#: The hall stream's text, line by line: an event's name, its data (one JSON object), the reconnection delay,
#: a comment, or the blank line between events (no `id:`: a reconnection starts from the whole hall).
SSE_PATTERN = r"^((event: (tables|changes)|data: \{.*\}|retry: [0-9]+|:.*)?\n)*$"


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
