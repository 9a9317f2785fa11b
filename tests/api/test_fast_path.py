"""The command route's fast path (``service.api.fast_path``) answers exactly as the route does.

Well-formed commands are answered by the fast path; everything else goes on to the route. Two apps,
one with the fast path and one without, on stores seeded alike, get the same requests in the same
order — commands that pass, and every kind of refusal — and must give the same answers (status,
headers that matter, body), once the game's id and the hashes (which include the id) are set aside.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import service.api.fast_path as fast_path
import service.api.routes.commands as route
from tests.api.conftest import Api, Table, _api

LONG = "x" * 256


def _cases(table: Table) -> Iterator[tuple[str, dict[str, Any]]]:
    """(name, request) pairs: a request is the keyword arguments of ``client.post`` (computed when reached,
    from the table's state then)."""
    def body(**fields: Any) -> bytes:
        return json.dumps({"expected_version": table.version, **fields}).encode()

    def auth(seat: int | None, **more: str) -> dict[str, str]:
        token = table.director if seat is None else table.players[seat]
        return {"Authorization": f"Bearer {token}", "X-Device": "tablet", "Content-Type": "application/json", **more}

    def turn() -> int:
        return table.state()["seat_on_turn"]

    yield "a pass", {"content": body(type="pass_turn", seat=turn()), "headers": auth(turn())}
    yield "a stale version (409)", {"content": body(type="pass_turn", seat=turn(), expected_version=1),
                                    "headers": auth(turn())}
    yield "a play off the rules (422)", {"content": body(type="place_tiles", seat=turn(), coordinates="A1",
                                                          word="ZZZZZZZ"), "headers": auth(turn())}
    yield "a play off the rules, read in Catalan (422)", {
        "content": body(type="place_tiles", seat=turn(), coordinates="A1", word="ZZZZZZZ"),
        "headers": auth(turn(), **{"Accept-Language": "ca-ES, es;q=0.8"})}
    yield "not the player's turn, read in Spanish (422)", {"content": body(type="pass_turn", seat=1 - turn()),
                                                           "headers": auth(1 - turn(), **{"Accept-Language": "es"})}
    yield "no token (401)", {"content": body(type="pass_turn", seat=turn()),
                             "headers": {"Content-Type": "application/json"}}
    yield "a wrong token (401)", {"content": body(type="pass_turn", seat=turn()),
                                  "headers": {**auth(turn()), "Authorization": "Bearer pl_" + "x" * 43}}
    yield "a Basic scheme (401)", {"content": body(type="pass_turn", seat=turn()),
                                   "headers": {**auth(turn()), "Authorization": "Basic abc"}}
    yield "the other seat's token (403)", {"content": body(type="pass_turn", seat=turn()),
                                           "headers": auth(1 - turn())}
    yield "a player's official command (403)", {"content": body(type="end_game", cause="director"),
                                                "headers": auth(turn())}
    yield "not the player's turn (422)", {"content": body(type="pass_turn", seat=1 - turn()),
                                          "headers": auth(1 - turn())}
    yield "a director without the seat (422)", {"content": body(type="pass_turn"), "headers": auth(None)}
    yield "not JSON (400)", {"content": b"{pass", "headers": auth(turn())}
    yield "not UTF-8 (400)", {"content": b'{"type": "pass_turn", "x": "\xff"}', "headers": auth(turn())}
    yield "nested too deeply (400)", {"content": b"[" * 5000 + b"]" * 5000, "headers": auth(turn())}
    yield "a JSON array (400)", {"content": b"[1, 2]", "headers": auth(turn())}
    yield "an unknown type (400)", {"content": body(type="castle", seat=turn()), "headers": auth(turn())}
    yield "a missing field (400)", {"content": b'{"type": "pass_turn"}', "headers": auth(turn())}
    yield "a field of the wrong type (400)", {"content": body(type="pass_turn", seat="north"),
                                              "headers": auth(turn())}
    yield "text/plain (400)", {"content": body(type="pass_turn", seat=turn()),
                               "headers": {**auth(turn()), "Content-Type": "text/plain"}}
    yield "no content type (400)", {"content": body(type="pass_turn", seat=turn()),
                                    "headers": {k: v for k, v in auth(turn()).items() if k != "Content-Type"}}
    yield "an Idempotency-Key of 256 characters (400)", {"content": body(type="pass_turn", seat=turn()),
                                                         "headers": auth(turn(), **{"Idempotency-Key": LONG})}
    yield "an X-Device of 201 characters (400)", {"content": body(type="pass_turn", seat=turn()),
                                                  "headers": {**auth(turn()), "X-Device": "d" * 201}}
    yield "a body over 16 KiB (413)", {"content": body(type="pass_turn", seat=turn(), pad="p" * 17_000),
                                       "headers": auth(turn())}
    yield "a charset", {"content": body(type="pass_turn", seat=turn()),
                        "headers": {**auth(turn()), "Content-Type": "application/json; charset=utf-8"}}
    seat = turn()
    yield "a pass with a key", {"content": body(type="pass_turn", seat=seat),
                                "headers": auth(seat, **{"Idempotency-Key": "k-1"})}
    yield "the same again: replayed", {"content": body(type="pass_turn", seat=seat, expected_version=table.version - 1),
                                       "headers": auth(seat, **{"Idempotency-Key": "k-1"})}
    yield "the key with another body (422)", {"content": body(type="pass_turn", seat=seat, expected_version=99),
                                              "headers": auth(seat, **{"Idempotency-Key": "k-1"})}
    yield "a director's pass for a seat", {"content": body(type="pass_turn", seat=turn()), "headers": auth(None)}


def _normal(value: Any, game_id: str) -> Any:
    """The answer with the game's id replaced and the hashes (which cover the id) dropped."""
    if isinstance(value, dict):
        return {k: _normal(v, game_id) for k, v in value.items() if k not in ("hash", "previous_hash")}
    if isinstance(value, list):
        return [_normal(v, game_id) for v in value]
    if isinstance(value, str):
        return value.replace(game_id, "GAME")
    return value


def _answer(api: Api, table: Table, name: str, request: dict[str, Any], path: str | None = None) -> dict[str, Any]:
    r = api.client.post(path or f"/v1/games/{table.id}/commands", **request)
    if r.status_code == 200:
        table.version = r.json()["version"]
    try:
        content: Any = r.json()
    except ValueError:
        content = r.text
    return {"case": name, "status": r.status_code, "content-type": r.headers.get("content-type"),
            "replayed": r.headers.get("Idempotent-Replayed"), "body": _normal(content, table.id)}


@pytest.fixture
def twins() -> Iterator[tuple[Api, Api]]:
    for fast in _api("memory"):
        for slow in _api("memory", command_fast_path=False):
            yield fast, slow


def test_the_fast_path_answers_every_request_as_the_route_does(twins: tuple[Api, Api], monkeypatch):
    fast, slow = twins
    taken = {"fast path": 0, "route": 0}

    def counted(where: str, answer: Any) -> Any:
        async def count(*args: Any, **kwargs: Any) -> Any:
            taken[where] += 1
            return await answer(*args, **kwargs)
        return count

    monkeypatch.setattr(fast_path, "answer", counted("fast path", fast_path.answer))
    monkeypatch.setattr(route, "answer", counted("route", route.answer))
    tables = []
    for api in (fast, slow):
        table = api.table()
        table.start()
        tables.append(table)
    taken.update({"fast path": 0, "route": 0})  # the starts went through each app's own way, too
    answers = []
    for api, table in zip((fast, slow), tables):
        answers.append([_answer(api, table, name, request) for name, request in _cases(table)])
    for mine, theirs in zip(*answers):
        assert mine == theirs, mine["case"]
    statuses = {a["case"]: a["status"] for a in answers[0]}
    said = {a["case"]: a["body"].get("message") for a in answers[0] if isinstance(a["body"], dict)}
    assert len({said["a play off the rules (422)"], said["a play off the rules, read in Catalan (422)"]}) == 2
    assert said["not the player's turn, read in Spanish (422)"] != said["not the player's turn (422)"]
    assert statuses["a pass"] == 200 and statuses["the same again: replayed"] == 200
    not_json = next(a for a in answers[0] if a["case"] == "not JSON (400)")["body"]
    assert not_json["field"] == "body" and "JSON" in not_json["message"], not_json  # not a character offset
    for case, status in statuses.items():  # each case's name says what it must get, where it is a refusal
        if case.endswith(")"):
            assert status == int(case[-4:-1]), (case, status)
    # Both apps answered through ``answer``; the fast one without its route, but for what the framework refuses.
    framework = [a["case"] for a in answers[0] if a["status"] in (400, 413) and "director" not in a["case"]]
    assert len(framework) == 12
    assert taken["fast path"] == len(answers[0]) - len(framework)
    assert taken["route"] == len(answers[0]) - len(framework)  # the slow app's; the fast app's route only refused
    # Paths the fast path does not own go on untouched: an upper-case id (the route reads it as the same game).
    other = fast.table()
    other.start()
    upper = _answer(fast, other, "upper-case id", next(_cases(other))[1], path=f"/v1/games/{other.id.upper()}/commands")
    assert upper["status"] == 200, upper["body"]
    request = next(_cases(other))[1]
    request["headers"]["Authorization"] = f"Bearer {other.director}"
    unknown = _answer(fast, other, "unknown game", request, path="/v1/games/00000000-0000-4000-8000-000000000000/commands")
    assert unknown["status"] == 404 and unknown["body"]["code"] == "game_not_found"


def test_the_fast_path_marks_the_device_heard_and_answers_an_unexpected_error_as_the_app_does(twins, monkeypatch):
    """What the layers it passes by do, the fast path does too: the sending device is heard (``GET /v1/tables``
    shows when), and an error that no handler takes is answered 500 in the common shape, the connection kept."""
    fast, slow = twins
    answers = []
    for api in (fast, slow):
        table = api.table()
        table.start()
        seat = table.state()["seat_on_turn"]
        request = {"content": json.dumps({"type": "pass_turn", "seat": seat, "expected_version": table.version}).encode(),
                   "headers": {"Authorization": f"Bearer {table.players[seat]}", "X-Device": f"mesa-{id(api)}",
                               "Content-Type": "application/json"}}
        before = api.app.state.heard.of(f"mesa-{id(api)}")
        assert _answer(api, table, "a pass", request)["status"] == 200
        when, open_now = api.app.state.heard.of(f"mesa-{id(api)}")
        assert before == (None, False) and when is not None and not open_now

        def broken(*args: Any) -> Any:
            raise RuntimeError("a bug")

        monkeypatch.setattr(route, "acting_seat", broken)
        request["content"] = json.dumps({"type": "pass_turn", "seat": seat, "expected_version": table.version}).encode()
        answers.append(_answer(api, table, "a bug (500)", request))
        monkeypatch.undo()
        assert api.client.get("/health").status_code == 200  # the server goes on
    assert answers[0] == answers[1]
    assert answers[0]["status"] == 500 and answers[0]["body"]["code"] == "internal"
