"""The contract refuses what it does not take (issue 27): each case the issue names, as written, and the rules
behind them checked where they are stated (the schema, the validator, the rulebooks' articles).

The schemathesis run over every phase is ``test_contract_all_phases.py``; this file pins each finding down.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.notation import read_tile, tile_pattern
from domain.tournament.rules import SETTING_ARTICLES, TieBreak, setting_value
from service.access.idempotency import KEY_PATTERN, valid_key
from service.api.common.deps import LAST_EVENT_ID
from service.api.contract import SPEC
from tests.api.conftest import Api, _api

SPEC_JSON: dict[str, Any] = json.loads(SPEC.read_text(encoding="utf-8"))
SCHEMAS = SPEC_JSON["components"]["schemas"]


@pytest.fixture(scope="module")
def memory_api() -> Iterator[Api]:
    yield from _api("memory")


def body_schema(method: str, path: str) -> dict[str, Any]:
    return SPEC_JSON["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]


def validator(schema: dict[str, Any]) -> Any:
    """A JSON Schema validator of ``schema`` that resolves the contract's ``#/components`` references."""
    return jsonschema_rs.validator_for({**schema, "components": SPEC_JSON["components"]})


def tournament(api: Api) -> str:
    made = api.post("/v1/tournaments", api.tokens["director"],
                    {"name": "Obert", "rules": "ajs-2012", "profile": "ajs-2012", "rounds": 6})
    assert made.status_code == 201, made.text
    return made.json()["id"]


# ---- a setting's value ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("body, field, article", [
    ({"setting": "unplayed", "value": 0}, "value", SETTING_ARTICLES["unplayed"]),
    ({"setting": "unplayed", "value": "bogus"}, "value", SETTING_ARTICLES["unplayed"]),
    ({"setting": "bogus", "value": "zero"}, "setting", None),
    ({"setting": "tiebreaks", "value": "spread"}, "value", SETTING_ARTICLES["tiebreaks"]),  # iterated letter by letter
    ({"setting": "tiebreaks", "value": ["spread", "spread"]}, "value", SETTING_ARTICLES["tiebreaks"]),
    ({"setting": "tiebreaks", "value": []}, "value", SETTING_ARTICLES["tiebreaks"]),
    ({"setting": "koth_rounds", "value": "abc"}, "value", "AJS 4.1.1"),
    ({"setting": "koth_rounds", "value": True}, "value", "AJS 4.1.1"),
    ({"setting": "koth_rounds", "value": 3}, "value", "AJS 4.1.1"),
    ({"setting": {}, "value": 1}, "setting", None),
])
def test_a_value_its_setting_does_not_take_is_422_naming_the_field_and_the_article(memory_api: Api, body: Any,
                                                                                  field: str, article: str | None):
    """Issue 27: these answered 500 with a traceback. AJS 4.1.1 allows king of the hill «en la última o las 2 últimas
    rondas» (0 to 2); the tie-breaks are FISC I.1's and AJS 4.1.8's, each once; ``unplayed`` is the director's gap
    in the Buchholz of FISC I.1 and AJS 4.1.8.1 (``zero`` or ``opponent``). Nothing is recorded."""
    tid = tournament(memory_api)
    before = memory_api.get(f"/v1/tournaments/{tid}", memory_api.tokens["director"]).json()
    answer = memory_api.post(f"/v1/tournaments/{tid}/settings", memory_api.tokens["director"], body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field and answer.json()["article"] == article, answer.text
    assert answer.json()["code"] == ("setting" if field == "setting" else "setting_value")
    after = memory_api.get(f"/v1/tournaments/{tid}", memory_api.tokens["director"]).json()
    assert after["version"] == before["version"] and after["settings"] == before["settings"]


@pytest.mark.parametrize("body", [{"setting": "unplayed", "value": "opponent"},
                                  {"setting": "tiebreaks", "value": ["spread", "median_buchholz"]},
                                  {"setting": "koth_rounds", "value": 2}])
def test_each_setting_has_its_schema_and_what_it_takes_is_recorded(memory_api: Api, body: Any):
    """One schema per setting, chosen by ``setting``: what each allows the tournament takes, as given."""
    union = body_schema("post", "/v1/tournaments/{tournament_id}/settings")
    assert union["discriminator"]["propertyName"] == "setting"
    assert set(union["discriminator"]["mapping"]) == set(SETTING_ARTICLES)
    assert validator(union).is_valid(body)
    tid = tournament(memory_api)
    answer = memory_api.post(f"/v1/tournaments/{tid}/settings", memory_api.tokens["director"], body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["settings"][body["setting"]] == body["value"]


@given(setting=st.sampled_from(sorted(SETTING_ARTICLES)),
       value=st.one_of(st.booleans(), st.integers(-5, 5), st.text(max_size=20),
                       st.lists(st.sampled_from([*(str(t) for t in TieBreak), "x"]), max_size=8)))
@settings(max_examples=150, deadline=None)
def test_the_settings_schema_and_the_tournament_agree_on_every_value(setting: str, value: Any):
    """What the contract's schema of a setting allows is what ``setting_value`` (the aggregate's check) takes."""
    from domain.tournament.rules import SettingRefused

    schema = validator(body_schema("post", "/v1/tournaments/{tournament_id}/settings"))
    try:
        setting_value(setting, value)
        taken = True
    except SettingRefused:
        taken = False
    assert schema.is_valid({"setting": setting, "value": value}) == taken, (setting, value)


# ---- booleans are not numbers ----------------------------------------------------------------------------------
def test_a_round_false_seals_nothing(memory_api: Api):
    """Issue 27: ``"round": false`` sealed "round 0" (201, signed)."""
    answer = memory_api.post("/v1/seals", memory_api.tokens["director"], {"event": "Open", "round": False})
    assert answer.status_code == 400 and answer.json()["field"] == "round", answer.text
    assert memory_api.get("/v1/seals?event=Open&round=0", memory_api.tokens["director"]).status_code == 404


def test_a_delay_false_leaves_the_broadcast_delay_as_it_was(memory_api: Api):
    """Issue 27: ``"delay_seconds": false`` set the delay to 0."""
    director = memory_api.tokens["director"]
    body = {"event": "Final", "delay_seconds": 300, "reason": "the final on the stream"}
    assert memory_api.client.put("/v1/broadcast", json=body, headers=memory_api.headers(director)).status_code == 200
    refused = memory_api.client.put("/v1/broadcast", json={**body, "delay_seconds": False},
                                    headers=memory_api.headers(director))
    assert refused.status_code == 400 and refused.json()["field"] == "delay_seconds", refused.text
    assert memory_api.get("/v1/broadcast?event=Final", director).json()["delay_seconds"] == 300


def body_models() -> list[tuple[str, Any]]:
    """Every model a request body of the contract is made of (nested ones too), by the contract's name."""
    import importlib
    import inspect
    import pkgutil

    from pydantic import BaseModel

    import service.api.commands
    import service.api.routes
    import service.api.schemas

    classes: dict[str, Any] = {}
    for package in (service.api.schemas, service.api.commands, service.api.routes):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, BaseModel):
                    classes.setdefault(name, cls)
    names: set[str] = set()

    def refs(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref" and value.split("/")[-1] not in names:
                    names.add(value.split("/")[-1])
                    refs(SCHEMAS.get(value.split("/")[-1], {}))
                else:
                    refs(value)
        elif isinstance(node, list):
            for value in node:
                refs(value)

    for item in SPEC_JSON["paths"].values():
        for operation in item.values():
            refs(operation.get("requestBody", {}))
    assert all(name in classes for name in names), names - set(classes)
    return sorted((name, classes[name]) for name in names)


def numbers_of(model: Any) -> Iterator[tuple[str, Any, int, bool]]:
    """Each field of ``model`` whose contract schema is a whole number (or a list of them), with a validator of it
    under the model's own configuration (a command model is strict)."""
    from typing import Annotated

    from pydantic import ConfigDict, TypeAdapter

    properties = model.model_json_schema(ref_template="#/components/schemas/{model}").get("properties", {})
    for name, field in model.model_fields.items():
        text = json.dumps(properties.get(name, {}))
        if '"integer"' not in text:
            continue
        annotation = Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation
        config = ConfigDict(strict=bool(model.model_config.get("strict")))
        yield name, TypeAdapter(annotation, config=config), text.count('"array"'), '"string"' in text


@pytest.mark.parametrize("name, model", body_models(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_whole_number_of_a_body_refuses_booleans_and_text_and_takes_what_json_schema_calls_an_integer(
        name: str, model: Any):
    """Strict where a number is meant: ``true``, ``false``, ``"5"`` are refused; ``5`` and ``5.0`` (the same integer
    to JSON Schema) are taken; ``5.5`` is refused."""
    from pydantic import ValidationError

    for field, adapter, depth, text_too in numbers_of(model):  # a table: a number or a label
        def wrap(value: Any) -> Any:
            for _ in range(depth):
                value = [value]
            return value

        for wrong in (True, False, 5.5, *(() if text_too else ("5", "05"))):
            with pytest.raises(ValidationError):
                adapter.validate_python(wrap(wrong))
                pytest.fail(f"{name}.{field} took {wrong!r}")
        for whole in (5, 5.0):
            try:
                assert adapter.validate_python(wrap(whole)) in (5, [5], (5,), [[5]])
            except ValidationError as err:  # a bound may exclude 5: then it is the bound that refuses
                assert all(e["type"] in ("less_than_equal", "greater_than_equal", "too_long", "literal_error")
                           for e in err.errors()), (name, field, err)


# ---- what the schema can say, it says -------------------------------------------------------------------------
@given(st.from_regex(KEY_PATTERN, fullmatch=True))
@settings(max_examples=200, deadline=None)
def test_every_idempotency_key_the_contract_allows_is_taken(key: str):
    assert valid_key(key)


@given(st.text(min_size=0, max_size=260))
@settings(max_examples=300, deadline=None)
def test_an_idempotency_key_is_taken_exactly_when_the_contract_allows_it(key: str):
    """The header's pattern and ``valid_key`` (visible ASCII, spaces inside only, 1-255) are the same rule."""
    assert valid_key(key) == (len(key) <= 255 and re.fullmatch(KEY_PATTERN, key) is not None)


def test_the_headers_state_their_rules_and_are_never_null():
    """``Last-Event-ID`` is the number of the last message, ``Idempotency-Key`` its character set; a header is text
    or absent, never ``null`` (schemathesis sent the text "null" for a nullable header)."""
    for path, item in SPEC_JSON["paths"].items():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] != "header":
                    continue
                assert parameter["schema"]["type"] == "string", (path, parameter)
                if parameter["name"] == "Last-Event-ID":
                    assert parameter["schema"]["pattern"] == LAST_EVENT_ID
                if parameter["name"] == "Idempotency-Key":
                    assert parameter["schema"]["pattern"] == KEY_PATTERN


@pytest.mark.parametrize("path", ["/v1/public/games/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/stream",
                                  "/v1/public/wall/stream?event=Open&round=1"])
def test_a_last_event_id_the_contract_refuses_is_400_naming_it(memory_api: Api, path: str):
    answer = memory_api.client.get(path, headers={"Last-Event-ID": "null"})
    assert answer.status_code == 400 and answer.json()["field"] == "Last-Event-ID", answer.text


@given(st.from_regex(tile_pattern(), fullmatch=True))
@settings(max_examples=300, deadline=None)
def test_every_tile_item_the_contract_allows_is_one_tile(text: str):
    read_tile(text)


@pytest.mark.parametrize("text", ["0", "a", "[A", "A]", "CHA", "[L][L]", "ll", "L·l", "4", ""])
def test_what_is_not_one_tile_the_contract_refuses_too(text: str):
    from domain.errors import NotationError

    assert re.fullmatch(tile_pattern(), text) is None
    with pytest.raises(NotationError):
        read_tile(text)


@pytest.mark.parametrize("body, valid", [
    ({"role": "player", "label": "Ana"}, False), ({"role": "player", "label": "Ana", "game_id": None, "seat": 0}, False),
    ({"role": "spectator", "label": "booth", "seat": 1}, False),
    ({"role": "player", "label": "Ana", "game_id": "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "seat": 0}, True),
    ({"role": "arbiter", "label": "Luis", "game_id": "not-a-uuid-at-all-but-long-enough-0000"}, False),
])
def test_a_token_request_the_schema_refuses_is_400_and_one_it_allows_is_never_400(memory_api: Api, body: Any,
                                                                                  valid: bool):
    """A player token names its game and seat, no other token has a seat: the contract says so (``if``/``then``)."""
    assert validator(body_schema("post", "/v1/tokens")).is_valid(body) == valid
    answer = memory_api.post("/v1/tokens", memory_api.tokens["director"], body)
    assert (answer.status_code == 400) == (not valid), answer.text


def test_a_computed_master_without_its_lexicon_is_refused_by_the_schema_too():
    schema = validator(body_schema("post", "/v1/duplicates/{duplicate_id}/rounds/{round_no}/master"))
    assert not schema.is_valid({"computed": True}) and not schema.is_valid({"computed": True, "lexicon": ""})
    assert schema.is_valid({"computed": True, "lexicon": "fise"}) and schema.is_valid({"seat": 0})


def test_an_officials_slip_without_seat_is_422_and_the_operation_says_so(memory_api: Api):
    """Who asks decides ``seat`` (a player's own slip leaves it out), so the schema cannot: the operation documents
    it and the refusal is 422 ``seat_required`` with AJS 3.2.2 (a slip names its player), not 400."""
    from tests.duplicate_world import duplicate_at

    duplicate = duplicate_at(memory_api.games, "playing")[0]
    answer = memory_api.post(f"/v1/duplicates/{duplicate.id}/rounds/1/slips", memory_api.tokens["director"],
                             {"word": "CASA", "coordinates": "H8"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "seat_required" and answer.json()["field"] == "seat"
    assert "AJS 3.2.2" in answer.json()["article"]
    operation = SPEC_JSON["paths"]["/v1/duplicates/{duplicate_id}/rounds/{round_no}/slips"]["post"]
    assert "seat_required" in operation["description"] and "422" in operation["responses"]


# ---- streams, the export's 422, OPTIONS --------------------------------------------------------------------------
STREAMS = ["/v1/games/{game_id}/stream", "/v1/duplicates/{duplicate_id}/stream", "/v1/tournaments/{tournament_id}/stream",
           "/v1/public/games/{game_id}/stream", "/v1/public/wall/stream", "/v1/tables/stream"]


def sse_events(text: str) -> list[dict[str, Any]]:
    """The events of a text/event-stream as the WHATWG standard reads them (the fields a client sees)."""
    found, current, data = [], {}, []
    for line in text.split("\n"):
        if line == "":
            if data:
                found.append({**current, "data": "\n".join(data), "event": current.get("event", "message")})
            current, data = {}, []
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "data":
                data.append(value)
            elif name == "retry":
                current["retry"] = int(value)
            else:
                current[name] = value
    return found


@pytest.mark.parametrize("path", STREAMS)
def test_each_stream_is_documented_as_events_with_the_schema_of_their_data(path: str):
    """A client generator reads a ``text/event-stream`` whose ``schema`` is one event: ``event``, ``data`` (JSON, its
    ``contentSchema`` a model of the contract), ``id`` where the stream resumes. The example is such a stream."""
    media = SPEC_JSON["paths"][path]["get"]["responses"]["200"]["content"]
    assert list(media) == ["text/event-stream"]
    schema = media["text/event-stream"]["schema"]
    variants = schema.get("anyOf", [schema])
    for variant in variants:
        assert variant["type"] == "object" and variant["required"] == ["event", "data"]
        assert variant["properties"]["data"]["contentMediaType"] == "application/json"
        assert variant["properties"]["data"]["contentSchema"]
    events = sse_events(media["text/event-stream"]["example"])
    assert events
    check = validator(schema)
    for event in events:
        assert check.is_valid(event), event


def test_the_export_documents_the_422_it_gives_for_a_division(memory_api: Api):
    tid = tournament(memory_api)
    answer = memory_api.get(f"/v1/tournaments/{tid}/export?format=tsh&division=Z", memory_api.tokens["director"])
    assert answer.status_code == 422 and answer.json()["field"] == "division", answer.text
    documented = SPEC_JSON["paths"]["/v1/tournaments/{tournament_id}/export"]["get"]["responses"]["422"]
    assert "division" in documented["description"]


def test_options_lists_only_the_methods_the_path_has(memory_api: Api):
    """``/v1/games/import`` is a path of its own (POST), not ``/v1/games/{game_id}`` (GET): a written-out path is
    matched before a templated one, as Open API matches them."""
    options = memory_api.client.options("/v1/games/import")
    assert options.status_code == 204 and options.headers["Allow"] == "OPTIONS, POST"
    refused = memory_api.client.get("/v1/games/import", headers=memory_api.headers(memory_api.tokens["director"]))
    assert refused.status_code == 405 and refused.headers["Allow"] == "OPTIONS, POST", refused.text
    game = memory_api.client.options("/v1/games/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b")
    assert game.headers["Allow"] == "GET, OPTIONS"
