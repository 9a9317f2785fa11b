"""GCG over HTTP: a recorded game exported and imported again is the same game; a bad record changes nothing."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

import pytest

from service.gcg.reader import parse_gcg
from tests.api.conftest import Api, Table
from tests.application.script import find_play

DATA = Path(__file__).resolve().parents[1] / "data"


def settled(state: dict) -> dict:
    """The settlement, racks in a fixed order (a GCG rack line does not keep the order tiles were drawn in)."""
    found = dict(state["settlement"])
    found["players"] = [dict(p, rack=sorted(p["rack"])) for p in found["players"]]
    return found


def finished(api: Api, profile: str) -> Table:
    table = api.table(profile, event="Open", round=1, table=3)
    table.start()
    table.play_turns(6)
    seat = table.state()["seat_on_turn"]
    coordinates, word = find_play(table.game, seat, table.rng)
    table.send(table.players[seat], "place_tiles", coordinates=coordinates, word=word)
    table.send(table.players[1 - seat], "challenge")
    table.send(api.tokens["arbiter"], "rule_challenge", valid=False, authority="test lexicon")
    table.play_turns(16)
    seat = table.state()["seat_on_turn"]
    rack = table.state(table.players[seat])["players"][seat]["rack"]
    if table.state()["bag_count"] >= 7:
        table.send(table.players[seat], "exchange_tiles", tiles=rack[:2])
    table.play_turns(24)
    table.end_by_passes()
    return table


@pytest.mark.parametrize("profile", ["file-2024", "fisc-2023"])
def test_an_exported_game_imports_as_the_same_game(api: Api, profile: str):
    table = finished(api, profile)
    director = api.tokens["director"]
    exported = api.get(f"/v1/games/{table.id}/gcg", director)
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/plain")
    record = parse_gcg(exported.text)
    assert not record.issues and record.events and all(e.rack for e in record.events if e.kind == "play")
    assert [e.kind for e in record.events].count("withdrawn") == 1

    r = api.post("/v1/games/import", director, {"profile": profile, "gcg": exported.text, "table": 9})
    assert r.status_code == 201, r.text
    imported = r.json()
    assert imported["bag_mode"] == "replay" and imported["status"] == "ended" and imported["warnings"] == []
    a, b = table.state(), api.get(f"/v1/games/{imported['id']}", director).json()
    assert a["board"] == b["board"] and settled(a) == settled(b) and b["table"] == 9
    assert [p["score"] for p in a["players"]] == [p["score"] for p in b["players"]]
    assert a["turns_played"] == b["turns_played"]
    # The imported game's own players can sign it with the tokens the import returned.
    for seat, token in enumerate(t["token"] for t in imported["tokens"]):
        version = api.get(f"/v1/games/{imported['id']}", director).json()["version"]
        signed = api.post(f"/v1/games/{imported['id']}/commands", token,
                          {"type": "sign", "expected_version": version, "signature": f"seat {seat}"})
        assert signed.status_code == 200, signed.text
    assert api.get(f"/v1/games/{imported['id']}", director).json()["status"] == "closed"


def test_an_export_shows_racks_only_to_those_who_may_see_them(api: Api):
    table = finished(api, "file-2024")
    spectator = api.games.issue_token("spectator", "booth", "test")[0]
    record = parse_gcg(api.get(f"/v1/games/{table.id}/gcg", spectator).text)
    assert all(not e.rack for e in record.events if e.kind in ("play", "pass", "exchange"))
    assert record.pragma("id") == f"planilla {table.id}"


def test_a_record_the_rules_refuse_is_422_naming_the_line_and_records_nothing(api: Api):
    """The shipped fixture has a made-up bag: Ana plays from three tiles while the bag still holds tiles."""
    text = (DATA / "es_file_ana_berto.gcg").read_text(encoding="utf-8")
    before = api.games.recorder.max_notification_id()
    r = api.post("/v1/games/import", api.tokens["director"], {"profile": "file-2024", "gcg": text})
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "gcg" and r.json()["message"].startswith("line ")
    assert api.games.recorder.max_notification_id() == before


@pytest.mark.parametrize("body, status, field", [
    ({"profile": "fisc-2023", "gcg": (DATA / "es_file_ana_berto.gcg").read_text(encoding="utf-8")}, 422, "profile"),
    ({"profile": "file-2024", "gcg": ">ana: ABC 8G\n"}, 422, "gcg"),
    ({"profile": "file-2024", "gcg": "#player1 a A\n", "players": ["A"]}, 422, "gcg"),
    ({"profile": "file-2024"}, 400, "gcg"),
])
def test_bad_imports_name_what_is_wrong(api: Api, body: dict, status: int, field: str):
    r = api.post("/v1/games/import", api.tokens["director"], body)
    assert r.status_code == status, r.text
    assert r.json()["field"] == field


def test_the_import_records_who_imported_it(api: Api):
    table = finished(api, "file-2024")
    text = api.get(f"/v1/games/{table.id}/gcg", api.tokens["director"]).text
    imported = api.post("/v1/games/import", api.tokens["director"], {"profile": "file-2024", "gcg": text}).json()
    events = api.games.history(UUID(imported["id"]))
    assert {e.actor for e in events} == {"director:director-1"} and api.games.verify(UUID(imported["id"])) is None
