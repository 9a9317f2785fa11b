"""Hostile request bodies: oversized ones refused before they are read, unreadable ones named, none written.

Every case checks that the game is exactly as before (its version and its stored events).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.middleware.body_limit import MAX_BODY_BYTES, MAX_COMMAND_BYTES
from tests.api.conftest import Api


def _unchanged(api: Api, table: Any, before: list[Any]) -> None:
    events = api.get(f"/v1/games/{table.id}/events", table.director).json()["events"]
    assert [e["hash"] for e in events] == before


def _history(api: Api, table: Any) -> list[Any]:
    return [e["hash"] for e in api.get(f"/v1/games/{table.id}/events", table.director).json()["events"]]


def _post(api: Api, path: str, token: str, content: Any, **headers: str) -> Any:
    return api.client.post(path, content=content, headers={**api.headers(token), "Content-Type": "application/json",
                                                           **headers})


def test_a_command_over_16_kib_is_refused_413_from_its_length_alone(api):
    table = api.table()
    before = _history(api, table)
    body = json.dumps({"type": "pass_turn", "expected_version": 1, "seat": 0, "pad": "x" * MAX_COMMAND_BYTES})
    r = _post(api, f"/v1/games/{table.id}/commands", table.director, body)
    assert r.status_code == 413
    assert r.json() == {"code": "payload_too_large", "field": "body", "article": None,
                        "message": f"the request body is larger than this endpoint accepts ({MAX_COMMAND_BYTES:,} bytes)"}
    _unchanged(api, table, before)


def test_a_streamed_command_without_a_length_is_cut_off_413_once_past_the_limit(api):
    table = api.table()
    before = _history(api, table)
    sent = []

    def chunks():
        yield b'{"type":"pass_turn","expected_version":1,"seat":0,"pad":"'
        for _ in range(1000):  # 1 MB offered; the server stops reading after 16 KiB
            sent.append(1)
            yield b"x" * 1000
        yield b'"}'

    r = _post(api, f"/v1/games/{table.id}/commands", table.director, chunks())
    assert r.status_code == 413 and r.json()["code"] == "payload_too_large" and r.json()["field"] == "body"
    _unchanged(api, table, before)


def test_an_import_over_1_mb_is_refused_413_and_records_no_game(api):
    games_before = api.index()
    body = json.dumps({"profile": "file-2024", "gcg": "#player1 a A\n" + "#note x\n" * (MAX_BODY_BYTES // 8)})
    r = _post(api, "/v1/games/import", api.tokens["director"], body)
    assert r.status_code == 413 and r.json()["code"] == "payload_too_large"
    assert api.index() == games_before


def test_json_nested_too_deeply_or_not_utf8_is_400_naming_the_body(api):
    table = api.table()
    before = _history(api, table)
    for content in (b"[" * 5000 + b"]" * 5000, b'{"a":' * 2500 + b"1" + b"}" * 2500,
                    b'{"type":"pass_turn","expected_version":\xff1}'):
        r = _post(api, f"/v1/games/{table.id}/commands", table.director, content)
        assert r.status_code == 400, (content[:20], r.text)
        assert r.json()["code"] == "malformed" and r.json()["field"] == "body"
    _unchanged(api, table, before)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=st.one_of(st.binary(max_size=2048),
                         st.text(max_size=512).map(lambda t: t.encode("utf-8", "surrogatepass")),
                         st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                                      lambda inner: st.lists(inner, max_size=4)
                                      | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                                      max_leaves=30).map(lambda v: json.dumps(v).encode())))
def test_any_bytes_as_a_command_get_a_4xx_and_write_nothing(hostile_api, content):
    api, table, before = hostile_api
    r = _post(api, f"/v1/games/{table.id}/commands", table.director, content)
    assert 400 <= r.status_code < 500, r.text
    body = r.json()
    assert body["code"] and body["message"]
    _unchanged(api, table, before)
