"""Refusals: each with its status, the field and the rule's article, and never a half-written change."""

from __future__ import annotations

from uuid import uuid4

import pytest

from tests.api.conftest import Api, Table


def started(api: Api, profile: str = "file-2024") -> Table:
    table = api.table(profile)
    table.start()
    return table


def events_of(api: Api, table: Table) -> list[dict]:
    return api.get(f"/v1/games/{table.id}/events", table.director).json()["events"]


@pytest.mark.parametrize("body, field", [
    ({"type": "place_tiles", "expected_version": 3, "word": "CASA"}, "coordinates"),
    ({"type": "place_tiles", "expected_version": 3, "coordinates": "Z99", "word": "CASA"}, "coordinates"),
    ({"type": "pass_turn"}, "expected_version"),
    ({"type": "pass_turn", "expected_version": "three"}, "expected_version"),
    ({"type": "fly_away", "expected_version": 3}, "type"),
    ({"expected_version": 3}, "type"),
    ({"type": "exchange_tiles", "expected_version": 3, "tiles": ["a"]}, "tiles.0"),
    ({"type": "pass_turn", "expected_version": 3, "seat": 0, "colour": "red"}, "colour"),
])
def test_malformed_commands_are_400_naming_the_field(api: Api, body: dict, field: str):
    table = started(api)
    r = api.post(f"/v1/games/{table.id}/commands", table.director, body)
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "malformed" and r.json()["field"] == field


def test_a_body_that_is_not_json_is_400(api: Api):
    table = started(api)
    r = api.client.post(f"/v1/games/{table.id}/commands", content=b"{not json",
                        headers={**api.headers(table.director), "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "malformed"


def test_a_rule_violation_is_422_with_code_article_and_field_and_records_nothing(api: Api):
    table = started(api)
    before = events_of(api, table)
    waiting = 1 - table.state()["seat_on_turn"]
    # Out of turn.
    refused = table.send(table.players[waiting], "pass_turn", expect=422)
    assert refused["code"] == "not_your_turn" and refused["field"] == "seat"
    # A first play that does not fit the board: the placement rule and where it breaks.
    refused = table.send(table.players[1 - waiting], "place_tiles", expect=422, coordinates="A1", word="[LL]")
    assert refused["code"] and refused["message"] and refused["field"] in ("word", "coordinates")
    # An exchange of tiles the rack does not hold names the article.
    refused = table.send(table.players[1 - waiting], "challenge", expect=422)
    assert refused["code"] == "wrong_phase"
    assert events_of(api, table) == before and table.state()["version"] == table.version


def test_a_stale_version_is_409_with_the_current_version(api: Api):
    table = started(api)
    seat = table.state()["seat_on_turn"]
    table.version -= 1
    refused = table.send(table.players[seat], "pass_turn", expect=409)
    assert refused["code"] == "version_conflict" and refused["current_version"] == table.version + 1


def test_an_unknown_game_is_404_and_a_bad_id_400(api: Api):
    director = api.tokens["director"]
    assert api.get(f"/v1/games/{uuid4()}", director).status_code == 404
    r = api.post(f"/v1/games/{uuid4()}/commands", director, {"type": "pass_turn", "expected_version": 1, "seat": 0})
    assert r.status_code == 404 and r.json()["code"] == "game_not_found"
    assert api.get("/v1/games/not-a-uuid", director).json()["field"] == "game_id"


def test_a_token_id_is_not_a_game(api: Api):
    table = started(api)
    token_id = api.games.principal(table.players[0]).token_id
    for path in ("", "/events", "/audit", "/gcg"):
        assert api.get(f"/v1/games/{token_id}{path}", table.director).status_code == 404
    r = api.post(f"/v1/games/{token_id}/commands", table.director, {"type": "pass_turn", "expected_version": 1,
                                                                     "seat": 0})
    assert r.status_code == 404


def test_creating_a_game_checks_shape_then_rules(api: Api):
    director = api.tokens["director"]
    r = api.post("/v1/games", director, {"profile": "file-2024", "players": ["Ana"] * 2, "table": 0})
    assert r.status_code == 400 and r.json()["field"] == "table"
    r = api.post("/v1/games", director, {"profile": "nope", "players": ["Ana", "Bea"]})
    assert r.status_code == 400 and r.json()["field"] == "profile"
    r = api.post("/v1/games", director, {"profile": "file-2024", "players": ["Ana", "Ana"]})
    assert r.status_code == 422 and r.json()["code"] == "player_names"
    r = api.post("/v1/games", director, {"profile": "file-2024", "players": ["Ana", "Bea", "Cai"]})
    assert r.status_code == 422 and r.json()["field"] == "players" and r.json()["article"]
    r = api.post("/v1/games", director, {"profile": "fise-2009", "players": ["Ana", "Bea"],
                                         "clock": {"mode": "no_corrido", "minutes": 999}})
    assert r.status_code == 400 and r.json()["field"] == "clock.minutes"


def test_an_official_must_name_the_seat(api: Api):
    """Who asks decides it (a player's token acts for its own seat), so the schema cannot say it: the contract's
    operation says it, and the refusal is 422 ``seat_required`` (issue 27: not 400, the body fits the schema)."""
    table = started(api)
    refused = table.send(table.director, "pass_turn", expect=422)
    assert refused["field"] == "seat" and refused["code"] == "seat_required"


def test_unknown_paths_and_methods_answer_in_the_common_shape(api: Api):
    assert api.get("/v2/nothing", None).json()["code"] == "not_found"
    r = api.client.delete("/health")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"


def test_every_use_case_of_the_application_is_a_command():
    """A use case added to the application (issue 4's arbiter toolbox) must get a model and a row."""
    from service.api.commands.dispatch import COMMANDS
    from service.game.application import GamesApplication

    queries = {"create_game", "get_game", "history", "verify", "stored_version", "count_bag",  # count_bag: the state's bag_count
               "save", "save_together", "deferring", "turn", "settled", "close",  # plumbing: the group commit
               "head_at",  # the hash a caller at a version saw (what a key signature signs)
               "settled_copy", "details_of"}  # the public board's reads of a cached game (service/game/store.py)
    own = {name for cls in GamesApplication.__mro__ if cls.__module__.startswith("service.")
           for name, value in vars(cls).items() if callable(value) and not name.startswith("_")}
    tokens = {"release_seat"}  # it revokes the seat's tokens too: ServiceApplication's (service/access/binding.py)
    assert own - queries == set(COMMANDS) - tokens
    from service.access.application import ServiceApplication
    assert all(callable(getattr(ServiceApplication, name, None)) for name in tokens)
