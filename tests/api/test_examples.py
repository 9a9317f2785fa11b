"""The contract's own examples and types (issue 13 item 21): every request example the spec gives is
answered with success by the app; a person's number is a JSON integer; ``Allow`` names every method; the
stream's schema says what its text is made of."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from service.api.contract import SPEC
from service.api.schemas.event import EventRecord
from service.api.routes.stream import EXAMPLE
from tests.api.conftest import Api, _api

SPEC_JSON: dict[str, Any] = json.loads(SPEC.read_text(encoding="utf-8"))
COMMANDS = "/v1/games/{game_id}/commands"


def examples_of(media: dict[str, Any]) -> list[Any]:
    """The examples of a request body: on the media type, or on its schema (each member of a union)."""
    if "example" in media:
        return [media["example"]]
    if "examples" in media:
        return [e["value"] for e in media["examples"].values()]
    schema = media.get("schema", {})
    members = schema.get("oneOf") or schema.get("anyOf") or []  # a union, or an optional body (ref | null)
    refs = [m["$ref"] for m in members if "$ref" in m] or ([schema["$ref"]] if "$ref" in schema else [])
    return [e for ref in refs for e in SPEC_JSON["components"]["schemas"][ref.rsplit("/", 1)[1]].get("examples", [])]


def request_examples() -> Iterator[tuple[str, str, Any]]:
    for path, item in SPEC_JSON["paths"].items():
        for method, op in item.items():
            media = op.get("requestBody", {}).get("content", {}).get("application/json")
            if media is not None and path != COMMANDS:
                for example in examples_of(media):
                    yield method.upper(), path, example


@pytest.fixture(scope="module")
def memory_api() -> Iterator[Api]:
    yield from _api("memory")


def test_the_spec_has_request_examples_for_every_body():
    """Every operation that takes a JSON body documents at least one example of it."""
    bodies = {(method.upper(), path) for path, item in SPEC_JSON["paths"].items() for method, op in item.items()
              if "application/json" in op.get("requestBody", {}).get("content", {}) and path != COMMANDS}
    assert bodies and {(m, p) for m, p, _ in request_examples()} == bodies


def prepared(api: Api, path: str, example: Any) -> tuple[str, Any]:
    """The path with real ids where the example's path names some (a token to revoke, a tournament at the stage
    the operation needs, a seat code for a binding); the example itself is sent as it is, but for a binding's
    code, which is a secret made on the spot."""
    from service.game.application import Actor
    from service.tournament.application import Tournaments

    director = api.tokens["director"]
    if "{token_id}" in path:
        issued = api.post("/v1/tokens", director, {"role": "spectator", "label": "to revoke"}).json()
        path = path.replace("{token_id}", issued["id"])
    if "{tournament_id}" in path:
        tournaments, by = Tournaments(api.games), Actor("director:test")
        tid = tournaments.create("Obert", "fisc-2023", "fisc-2023", 5, by)
        for name in ("Anna", "Biel", "Carla", "Dani"):
            tournaments.act(tid, by, lambda t, m, name=name: t.register(name, m))
        # a hand pairing is checked before drafting; a tournament closes with no table waiting for a result
        if not path.endswith(("/draft", "/rounds/{round_no}/check", "/close")):
            tournaments.act(tid, by, lambda t, m: t.draft(1, m))
        if not path.endswith(("/draft", "/publish", "/rounds/{round_no}/check", "/close")):
            tournaments.publish(tid, 1, by)
        path = (path.replace("{tournament_id}", str(tid)).replace("{round_no}", "1").replace("{table}", "1")
                .replace("{player}", "p1"))
    if "{duplicate_id}" in path:
        path = path.replace("{duplicate_id}", duplicate_at_stage(api, path)).replace("{round_no}", "1")
        path = path.replace("{seat}", "0")
    if "{game_id}" in path:
        path = path.replace("{game_id}", api.table().id).replace("{seat}", "0")
    if path in ("/v1/rounds/seat-codes", "/v1/rounds/round-time"):  # a game of the example's event and round
        api.table(event=example["event"], round=example["round"], table=1)
        api.index()  # the round's games are found in the directors' index (a read model): caught up first
    if path.startswith("/v1/officials/keys"):  # issue 26: the keys and the countersignature are made on the spot
        from service.access.official_keys import enrolment_message
        from tests.keys import Tablet

        voucher, new = Tablet(), Tablet()
        api.games.enrol_official_key("director", "director-1", voucher.spki)
        if "{fingerprint}" in path:
            path = path.replace("{fingerprint}", voucher.fingerprint)
        else:
            example = {**example, "public_key": new.spki, "countersigned_by": voucher.fingerprint, "countersignature":
                       voucher.raw_sign(enrolment_message(new.fingerprint, example["role"], example["label"]))}
    if path == "/v1/bind":
        table = api.table()
        code = api.post(f"/v1/games/{table.id}/seats/0/code", director, None).json()["code"]
        example = {**example, "code": code}
    return path, example


def duplicate_at_stage(api: Api, path: str) -> str:
    """An AJS duplicate at the stage the operation needs (tests/duplicate_world.py): no round yet for starting one
    (or a ruling, or the end), round 1 in play for a slip or a sanction, closed with seat 0's slip CASAR H4 ruled
    valid for the master or a correction, its master chosen for publishing."""
    from tests.duplicate_world import duplicate_at

    stage = ("closed" if path.endswith(("/master", "/correct")) else "mastered" if path.endswith("/publish")
             else "playing" if path.endswith(("/slips", "/sanctions", "/close")) else "fresh")
    return str(duplicate_at(api.games, stage)[0].id)


@pytest.mark.parametrize("method, path, example", list(request_examples()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_request_example_in_the_spec_succeeds_as_it_is(memory_api: Api, method: str, path: str, example: Any):
    path, example = prepared(memory_api, path, example)
    answer = memory_api.client.request(method, path, json=example, headers=memory_api.headers(memory_api.tokens["director"]))
    assert 200 <= answer.status_code < 300, (path, answer.status_code, answer.text)


def command_examples() -> list[dict[str, Any]]:
    media = SPEC_JSON["paths"][COMMANDS]["post"]["requestBody"]["content"]["application/json"]
    return examples_of(media)


@pytest.mark.parametrize("example", command_examples(), ids=lambda e: e["type"])
def test_every_command_example_fits_its_schema_and_reaches_the_rules(memory_api: Api, example: dict[str, Any]):
    """A command example names versions and tiles of a game in the middle of play, so on a new game the
    rules may refuse it (409, 422): but never as malformed (400), and never with a 500."""
    from service.api.commands.dispatch import COMMANDS as ROWS

    table = memory_api.table()
    own = ROWS[example["type"]].who == "own"  # a request only the seat's own tablet sends (FILE 43)
    token = table.players[example.get("seat", 0)] if own else table.director
    answer = memory_api.post(f"/v1/games/{table.id}/commands", token, example)
    assert answer.status_code in (200, 409, 422), answer.text


@pytest.mark.parametrize("value", [True, False, "5", "05", 5.5, "five"])
def test_minutes_late_is_a_json_integer_not_a_boolean_or_a_string(memory_api: Api, value: Any):
    """A boolean or a string is no number (issue 27); ``5.0`` is the integer 5 to JSON Schema, ``5.5`` is not."""
    table = memory_api.table()
    answer = memory_api.post(f"/v1/games/{table.id}/commands", table.director,
                             {"type": "record_late_arrival", "expected_version": 1, "seat": 1, "minutes_late": value})
    assert answer.status_code == 400 and answer.json()["field"] == "minutes_late", answer.text


@pytest.mark.parametrize("field, value", [("seat", "1"), ("seat", True), ("expected_version", "1"),
                                          ("expected_version", 1.5)])
def test_every_command_number_is_strict(memory_api: Api, field: str, value: Any):
    table = memory_api.table()
    body = {"type": "give_starter", "expected_version": 1, "seat": 0, field: value}
    answer = memory_api.post(f"/v1/games/{table.id}/commands", table.director, body)
    assert answer.status_code == 400 and answer.json()["field"] == field, answer.text


def test_options_and_405_name_every_method_of_the_path(memory_api: Api):
    options = memory_api.client.options("/v1/games")
    assert options.status_code == 204 and options.headers["Allow"] == "GET, OPTIONS, POST"
    refused = memory_api.client.delete("/v1/games")
    assert refused.status_code == 405 and refused.headers["Allow"] == "GET, OPTIONS, POST"
    assert refused.json()["code"] == "method_not_allowed"
    one = memory_api.client.options("/v1/games/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/commands")
    assert one.status_code == 204 and one.headers["Allow"] == "OPTIONS, POST"
    assert memory_api.client.options("/nowhere").status_code == 404


def test_the_stream_schema_describes_its_events_and_their_data():
    """Issue 27: `schema` is one event (as Open API 3.1 and client generators read a text/event-stream): its
    `event`, its `id`, its `data` as JSON of `EventRecord` (or `GameState` for `event: State`)."""
    media = SPEC_JSON["paths"]["/v1/games/{game_id}/stream"]["get"]["responses"]["200"]["content"]["text/event-stream"]
    variants = {json.dumps(v["properties"]["event"], sort_keys=True): v for v in media["schema"]["anyOf"]}
    state = variants[json.dumps({"type": "string", "const": "State"}, sort_keys=True)]
    assert state["properties"]["data"]["contentSchema"] == {"$ref": "#/components/schemas/GameState"}
    [record] = [v for k, v in variants.items() if "pattern" in k]
    assert record["properties"]["data"] == {"type": "string", "contentMediaType": "application/json",
                                            "contentSchema": {"$ref": "#/components/schemas/EventRecord"}}
    assert record["properties"]["id"]["pattern"] == "^[0-9]+$" and record["required"] == ["event", "data"]
    assert "EventRecord" in SPEC_JSON["components"]["schemas"] and media["example"] == EXAMPLE
    data = next(line for line in EXAMPLE.splitlines() if line.startswith("data: "))
    EventRecord.model_validate_json(data.removeprefix("data: "))
