"""The live public board (issue 15, ``docs/public-board.md``): the spectator's view without a token, each fact
only after its event's broadcast delay, never a rack; the delay a recorded fact the director sets."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.conftest import Api, _api
from tests.api.test_stream import Live

#: Keys that would carry the tiles of a rack, or tiles nobody at the table has seen.
HIDDEN_KEYS = {"rack", "racks", "rack_after", "drawn", "returned", "kept", "sample", "tiles", "known",
               "unseen_tiles", "overdraw", "devices", "keys", "next_actions"}


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_in(v) for v in value))
    return set()


@pytest.fixture
def api() -> Iterator[Api]:
    yield from _api("memory", public_tick_seconds=0.02)


def wait_for(check: Any, within: float = 5.0) -> Any:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("not in time")


def test_a_whole_game_on_the_public_board_never_shows_a_rack(api: Api):
    table = api.table(event="Open Público", round=1, table=5)
    seen: list[Any] = []
    table.start()
    for _ in range(8):
        if table.state()["phase"] != "playing":
            break
        table.play_turns(table.state()["turns_played"] + 1)
        wait_for(lambda: api.get(f"/v1/public/games/{table.id}", None).json().get("version") == table.version)
        seen.append(api.get(f"/v1/public/games/{table.id}", None).json())
        seen.append(api.get("/v1/public/wall?event=Open Público&round=1", None).json())
    table.end_by_passes()
    wait_for(lambda: api.get(f"/v1/public/games/{table.id}", None).json().get("version") == table.version)
    last = api.get(f"/v1/public/games/{table.id}", None).json()
    seen.append(last)
    assert not keys_in(seen) & HIDDEN_KEYS, keys_in(seen) & HIDDEN_KEYS
    # what it does show: the board as the game has it, the scores, whose turn, the last play's squares
    state = table.state()
    assert last["board"] == state["board"] and [p["score"] for p in last["players"]] == [
        p["score"] for p in state["players"]]
    assert last["phase"] == "ended" and last["ending"]["cause"]
    plays = [f for f in seen if "last_turn" in f and (f["last_turn"] or {}).get("kind") == "play"]
    assert plays, "no play was shown"
    for frame in plays:  # the squares highlighted hold tiles on the board shown
        assert frame["last_turn"]["squares"] and all(frame["board"][r] != "." * 15 for r, _ in frame["last_turn"]["squares"])
    wall = seen[-2]
    assert wall["event"] == "Open Público" and wall["delay_seconds"] == 0 and [t["table"] for t in wall["tables"]] == [5]


def test_the_broadcast_delay_is_set_by_the_director_with_its_reason_and_honoured(api: Api):
    director = api.tokens["director"]
    r = api.client.put("/v1/broadcast", headers=api.headers(director),
                       json={"event": "Final", "delay_seconds": 1, "reason": "the final is streamed"})
    assert r.status_code == 200, r.text
    assert r.json()["delay_seconds"] == 1 and r.json()["history"][0]["reason"] == "the final is streamed"
    assert r.json()["history"][0]["by"].startswith("director:")
    made = time.monotonic()  # before the game: its first event's delay counts from its recording, after this
    table = api.table(event="Final", round=7, table=1)
    r = api.get(f"/v1/public/games/{table.id}", None)
    if time.monotonic() - made < 0.9:  # nothing of the game is a second old yet
        assert r.status_code == 404 and r.json()["code"] == "not_public_yet", r.text
    first = wait_for(lambda: api.get(f"/v1/public/games/{table.id}", None).json().get("version"))
    assert time.monotonic() - made >= 0.99
    sent = time.monotonic()  # before the command: its event's delay counts from its recording, within it
    table.send(table.director, "draw_for_start")
    shown = api.get(f"/v1/public/games/{table.id}", None).json()["version"]
    if time.monotonic() - sent < 0.9:  # not yet, unless the machine stalled for the whole delay meanwhile
        assert shown == first
    wait_for(lambda: api.get(f"/v1/public/games/{table.id}", None).json()["version"] == table.version)
    assert time.monotonic() - sent >= 0.99
    wall = api.get("/v1/public/wall?event=Final&round=7", None).json()
    assert wall["delay_seconds"] == 1 and wall["tables"][0]["version"] == table.version
    # the trail: every setting kept, oldest first
    api.client.put("/v1/broadcast", headers=api.headers(director),
                   json={"event": "Final", "delay_seconds": 0, "reason": "round over"})
    trail = api.get("/v1/broadcast?event=Final", director).json()
    assert [(h["delay_seconds"], h["reason"]) for h in trail["history"]] == [(1, "the final is streamed"),
                                                                            (0, "round over")]


def test_a_delay_out_of_range_is_refused_naming_the_field(api: Api):
    r = api.client.put("/v1/broadcast", headers=api.headers(api.tokens["director"]),
                       json={"event": "Final", "delay_seconds": 3601, "reason": "x"})
    assert r.status_code == 400 and "delay_seconds" in r.text
    assert api.get("/v1/broadcast?event=Final", api.tokens["director"]).json()["history"] == []


def test_an_unknown_game_is_404_and_the_public_streams_are_capped(tmp_path: Path):
    for api in _api("memory", public_streams_max=0):
        r = api.get("/v1/public/games/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", None)
        assert r.status_code == 404
        with api.client.stream("GET", "/v1/public/wall/stream?event=X&round=1") as r:
            assert r.status_code == 503 and b"too_many_viewers" in r.read()


class Sse:
    """A public stream on a live server, read message by message."""

    def __init__(self, url: str, **headers: str) -> None:
        self.client = httpx.Client(timeout=httpx.Timeout(5.0))
        self.context = self.client.stream("GET", url, headers=headers)
        self.lines = self.context.__enter__().iter_lines()

    def take(self, count: int, within: float = 5.0) -> list[tuple[int, dict[str, Any], float]]:
        found, current, deadline = [], {}, time.monotonic() + within
        while len(found) < count and time.monotonic() < deadline:
            line = next(self.lines)
            if line.startswith(("id:", "data:")):
                key, _, value = line.partition(":")
                current[key] = value.strip()
            elif line == "" and "data" in current:
                found.append((int(current["id"]), json.loads(current["data"]), time.time()))
                current = {}
        return found

    def close(self) -> None:
        self.context.__exit__(None, None, None)
        self.client.close()


def test_the_wall_stream_delivers_each_frame_after_the_delay_and_resumes(tmp_path: Path):
    live = Live(tmp_path / "data")
    try:
        auth = {"Authorization": f"Bearer {live.director}"}
        httpx.put(f"{live.url}/v1/broadcast", headers=auth,
                  json={"event": "Hall", "delay_seconds": 1, "reason": "stream"}).raise_for_status()
        r = httpx.post(f"{live.url}/v1/games", headers=auth, json={
            "profile": "file-2024", "players": ["Ana", "Bea"], "event": "Hall", "round": 2, "table": 3})
        game_id = r.json()["id"]
        time.sleep(1.2)
        wall = Sse(f"{live.url}/v1/public/wall/stream?event=Hall&round=2")
        try:
            ((_, first, _),) = wall.take(1)  # the table as it is public now
            assert first["version"] == 1 and first["table"] == 3
            sent = time.time()  # before the command: the delay counts from its event's recording, after this
            live.command(game_id, live.director, {"type": "give_starter", "expected_version": 1, "seat": 0})
            ((seq, frame, got),) = wall.take(1)
            assert frame["version"] == 2 and got - sent >= 0.99  # not before the delay
            assert not keys_in(frame) & HIDDEN_KEYS
        finally:
            wall.close()
        live.command(game_id, live.director, {"type": "draw_tiles", "expected_version": 2, "seat": 0})
        time.sleep(1.3)
        again = Sse(f"{live.url}/v1/public/wall/stream?event=Hall&round=2", **{"Last-Event-ID": str(seq)})
        try:
            ((seq2, missed, _),) = again.take(1)  # what was missed, from the ring, numbered on
            assert seq2 == seq + 1 and missed["version"] == 3 and missed["players"][0]["rack_count"] == 7
        finally:
            again.close()
    finally:
        live.stop()


def test_a_stream_that_does_not_read_is_dropped_not_waited_for_and_resumes_from_the_ring():
    import asyncio
    import heapq

    from service.api.streams.fanout import Fanout

    async def main() -> None:
        fan = Fanout(None, lambda event: 0, queue_size=2)
        channel, slow = fan.subscribe("wall:E:1")
        _, fast = fan.subscribe("wall:E:1")
        got = []
        for version in range(1, 5):
            heapq.heappush(fan._due, (0.0, version, "g", version, ["wall:E:1"], b"event: table\ndata: {}\n\n",
                                      {"version": version}))
            fan.deliver_due(time.time())
            got.append(fast.queue.get_nowait())
        assert slow.dropped and slow.done.result() == "slow" and slow not in channel.subscribers and fan.dropped == 1
        assert [g.split(b"\n")[0] for g in got] == [b"id: 1", b"id: 2", b"id: 3", b"id: 4"]
        assert [m.split(b"\n")[0] for m in channel.missed(1)] == [b"id: 2", b"id: 3", b"id: 4"]
        assert channel.missed(9) is None  # an id this stream never gave: start over from the tables

    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own (Playwright may hold this thread's)
        pool.submit(asyncio.run, main()).result()


class FakeSocket:
    """A connection's transport as the fan-out sees it: what was written, how much is still unsent."""

    def __init__(self, behind: int = 0) -> None:
        self.written: list[bytes] = []
        self.behind = behind

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return self.behind

    def write(self, data: bytes) -> None:
        self.written.append(data)


def test_each_chunk_is_framed_once_and_written_to_every_socket_and_a_socket_far_behind_is_dropped():
    import asyncio
    import concurrent.futures
    import heapq

    from service.api.streams.fanout import BUFFER, Fanout

    async def main() -> None:
        fan = Fanout(None, lambda event: 0)
        fan._loop = asyncio.get_running_loop()
        sockets = [FakeSocket() for _ in range(450)] + [FakeSocket(behind=BUFFER + 1)]
        subs = [fan.subscribe("wall:E:1", s)[1] for s in sockets]
        heapq.heappush(fan._due, (0.0, 1, "g", 1, ["wall:E:1"], b"event: table\ndata: {}\n\n", {"version": 1}))
        fan.deliver_due(time.time())
        for _ in range(5):  # the sockets past the first slice are written with the loop let go in between
            await asyncio.sleep(0)
        written = [s.written for s in sockets[:-1]]
        assert all(len(w) == 1 for w in written)
        assert all(w[0] is written[0][0] for w in written)  # the very same bytes: framed once for all
        # one HTTP chunk: its size in hex (6 + 13 + 10 = 29 = 0x1d bytes), the SSE message, CRLF
        assert written[0][0] == b"1d\r\nid: 1\nevent: table\ndata: {}\n\n\r\n"
        assert sockets[-1].written == [] and subs[-1].dropped and fan.dropped == 1

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def test_a_table_that_begins_while_the_wall_is_open_reaches_it_at_once(tmp_path: Path):
    """A new game is news for the public board: its first frame is made at its creation, not at its first command
    (nor when the read models catch up), so an open wall shows the new table at once."""
    live = Live(tmp_path / "data")
    try:
        auth = {"Authorization": f"Bearer {live.director}"}
        wall = Sse(f"{live.url}/v1/public/wall/stream?event=Opening&round=1")
        try:
            time.sleep(0.3)  # the wall is open on a round with no table yet
            r = httpx.post(f"{live.url}/v1/games", headers=auth, json={
                "profile": "file-2024", "players": ["Ana", "Bea"], "event": "Opening", "round": 1, "table": 9})
            ((_, frame, _),) = wall.take(1, within=3)
            assert frame["game_id"] == r.json()["id"] and frame["version"] == 1 and frame["table"] == 9
        finally:
            wall.close()
    finally:
        live.stop()


def test_a_frame_shown_between_the_rounds_read_and_the_subscription_is_in_the_opening():
    """The wall's route reads the round's tables, then subscribes: a table shown in between (its first frame
    delivered while nobody followed the channel) is still in what the newcomer is sent first."""
    import asyncio
    import concurrent.futures
    import heapq

    from service.api.streams.fanout import Fanout, encode

    async def main() -> None:
        fan = Fanout(None, lambda event: 0)
        frame = {"game_id": "g2", "version": 1, "event": "E", "round": 1}
        heapq.heappush(fan._due, (0.0, 1, "g2", 1, ["game:g2", "wall:E:1"], encode(frame), frame))
        fan.deliver_due(time.time())  # nobody follows the wall yet
        _, _, opening = fan.attach("wall:E:1", None, [])  # the route's read of the round found no table
        assert b'"game_id":"g2"' in opening and opening.count(b"event: table") == 1

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def test_with_no_public_stream_open_a_save_makes_no_frame_and_a_read_works_it_out_once_per_event(api: Api,
                                                                                                monkeypatch):
    """Nobody follows the public board: the commands' saves make no frame (the fan-out only notes them), and a
    public read works the table's frame out itself, once per event: a second read of the same version is
    answered from memory."""
    import service.api.routes.public as routes

    worked: list[int] = []
    real = routes.frame_now

    def counted(*args: Any, **kwargs: Any) -> Any:
        found = real(*args, **kwargs)
        worked.append(found[0]["version"] if found[0] is not None else 0)
        return found

    monkeypatch.setattr(routes, "frame_now", counted)
    fanout = api.app.state.fanout
    table = api.table(event="Sin público", round=1, table=2)
    table.start()
    table.play_turns(3)
    assert fanout.made == 0 and fanout.latest == {} and not fanout._due
    for _ in range(3):
        r = api.get(f"/v1/public/games/{table.id}", None)
        assert r.status_code == 200 and r.json()["version"] == table.version
    assert worked == [table.version]
    table.end_by_passes()
    wall = api.get("/v1/public/wall?event=Sin público&round=1", None).json()
    assert [t["version"] for t in wall["tables"]] == [table.version]
    assert api.get(f"/v1/public/games/{table.id}", None).json()["version"] == table.version
    assert worked[1:] == [table.version] and fanout.made == 0


def test_a_save_made_while_nobody_followed_and_not_yet_public_is_shown_at_its_time_on_the_first_stream(
        tmp_path: Path):
    """A save recorded while no public stream was open, whose delay has not passed when the hall screen opens its
    wall: the screen starts with the table as it is public now, then gets that save's frame once its delay has
    passed (the channel's first stream catches up the games saved while nobody followed)."""
    live = Live(tmp_path / "data")
    try:
        auth = {"Authorization": f"Bearer {live.director}"}
        httpx.put(f"{live.url}/v1/broadcast", headers=auth,
                  json={"event": "Tarde", "delay_seconds": 1, "reason": "stream"}).raise_for_status()
        r = httpx.post(f"{live.url}/v1/games", headers=auth, json={
            "profile": "file-2024", "players": ["Ana", "Bea"], "event": "Tarde", "round": 1, "table": 4})
        game_id = r.json()["id"]
        time.sleep(1.2)
        sent = time.time()  # before the command: the delay counts from its event's recording, after this
        live.command(game_id, live.director, {"type": "give_starter", "expected_version": 1, "seat": 0})
        wall = Sse(f"{live.url}/v1/public/wall/stream?event=Tarde&round=1")
        try:
            ((_, first, _),) = wall.take(1)  # the table as it is public now: before the starter was given
            assert first["version"] == 1
            ((_, frame, got),) = wall.take(1)
            assert frame["version"] == 2 and got - sent >= 0.99  # shown, and not before its delay
        finally:
            wall.close()
    finally:
        live.stop()


def test_a_table_saved_while_nobody_follows_is_on_the_wall_before_the_read_models_list_it(api: Api):
    """The wall's read lists a round's games from the read models (kept 2 s); a game saved in this process since,
    which no frame was made of (nobody follows the board), is on the wall all the same."""
    table = api.table(event="Recién", round=3, table=8)
    table.start()
    api.app.state.__dict__["public_walls"] = {("Recién", 3): (time.monotonic() + 60, [])}  # the read models: none
    wall = api.get("/v1/public/wall?event=Recién&round=3", None).json()
    assert [(t["game_id"], t["version"], t["table"]) for t in wall["tables"]] == [(table.id, table.version, 8)]
