"""Binding a tablet to a seat over HTTP (issue 14, docs/tablet-conformity.md): seat codes and their QR,
the single-use binding, one writer per seat, revoking the old device, releasing a seat.

Every story runs on SQLite and on PostgreSQL (the ``api`` fixture)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.testclient import TestClient

from service.access.application import ServiceApplication
from service.access.seat_codes import ALPHABET
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.settings import settings_env
from tests.api.conftest import Api, Table
from tests.application.conftest import NOON


def issue(table: Table, seat: int, token: str | None = None, status: int = 201, **body: Any) -> dict[str, Any]:
    r = table.api.post(f"/v1/games/{table.id}/seats/{seat}/code", token or table.director, body or None)
    assert r.status_code == status, r.text
    return r.json()


def bind(table: Table, code: str, device: str, status: int = 200) -> dict[str, Any]:
    r = table.api.client.post("/v1/bind", json={"code": code, "device": device})
    assert r.status_code == status, r.text
    if status == 200:
        table.version = r.json()["version"]
    return r.json()


def events(table: Table, kind: str) -> list[dict[str, Any]]:
    found = table.api.get(f"/v1/games/{table.id}/events", table.director).json()["events"]
    return [e for e in found if e["type"] == kind]


def test_a_seat_code_binds_one_tablet_to_its_seat_once(api: Api):
    table = api.table("fisc-2023", ("Anna", "Biel"))
    issued = issue(table, 1)
    code = issued["code"]
    assert len(code) == 9 and code[4] == "-" and set(code.replace("-", "")) <= set(ALPHABET)
    assert issued["bind_url"] == f"http://testserver/tablet#bind={code}" and issued["player"] == "Biel"
    assert issued["expires_at"] == "2025-05-01T12:30:00.000Z"  # 30 minutes after the tests' noon

    qr = api.client.get(f"/v1/seat-codes/{code}/qr.svg")
    assert qr.status_code == 200 and qr.headers["content-type"] == "image/svg+xml" and "<svg" in qr.text

    # typed by hand: lowercase, no dash
    bound = bind(table, code.replace("-", "").lower(), "tablet-b")
    assert bound["seat"] == 1 and bound["player"] == "Biel" and bound["language"] == "ca"
    assert bound["game_id"] == table.id and not bound["second_device"]
    mine = table.state(bound["token"])
    assert mine["players"][1]["rack"] == [] and mine["players"][0]["rack"] is None  # a player token for seat 1
    assert mine["devices"] == [{"seat": 1, "device": "tablet-b", "bound_at": NOON, "token_id": bound["token_id"],
                                "issued_by": "director:director-1", "current": True, "revoked": False}]
    assert mine["warnings"] == []

    [event] = events(table, "DeviceBound")
    assert event["device"] == "tablet-b" and event["actor"] == "player:1:Biel"
    assert event["payload"] == {"seat": 1, "token_id": bound["token_id"], "issued_by": "director:director-1",
                                "second": False, "others": []}

    again = bind(table, code, "tablet-x", status=410)  # single use
    assert again["code"] == "seat_code_gone" and again["field"] == "code"
    assert api.client.get(f"/v1/seat-codes/{code}/qr.svg").status_code == 410
    assert bind(table, "ABCD-EFGH", "tablet-x", status=404)["code"] == "seat_code_not_found"
    assert bind(table, "0000-1111", "tablet-x", status=404)["field"] == "code"  # not even a code's letters
    assert len(events(table, "DeviceBound")) == 1


def test_only_officials_issue_codes_and_only_for_real_seats(api: Api):
    table = api.table()
    assert issue(table, 0, token=table.players[0], status=403)["code"] == "forbidden"
    assert issue(table, 0, token=api.tokens["spectator"], status=403)["code"] == "forbidden"
    assert issue(table, 0, token=api.tokens["tribunal"], status=403)["code"] == "forbidden"
    assert issue(table, 1, token=api.tokens["arbiter"])["seat"] == 1
    assert issue(table, 2, status=422)["field"] == "seat"  # a two-player game has seats 0 and 1
    assert issue(table, 0, status=400, minutes=0)["field"] == "minutes"
    assert api.post(f"/v1/games/{table.id}/seats/0/code", None, None).status_code == 401


def test_a_code_expires(tmp_path: Path):
    now = ["2025-05-01T12:00:00.000Z"]
    games = ServiceApplication(settings_env(str(tmp_path / "data")), clock=lambda: now[0], rng=random.Random(1))
    app = create_app(ServiceSettings(store=str(tmp_path / "data")), application=games)
    with TestClient(app) as client:
        api = Api(app, client)
        table = api.table()
        code = issue(table, 0, minutes=5)["code"]
        now[0] = "2025-05-01T12:05:00.000Z"
        gone = bind(table, code, "tablet-a", status=410)
        assert "expired at 2025-05-01T12:05:00.000Z" in gone["message"]
        assert client.get(f"/v1/seat-codes/{code}/qr.svg").status_code == 410


def test_a_second_device_on_a_seat_is_bound_but_warned_until_the_director_revokes_the_old_one(api: Api):
    """One writer per seat (issue 14): both tablets and the officials see the warning; revoking ends it."""
    table = api.table()
    first = bind(table, issue(table, 0)["code"], "tablet-a")
    again = bind(table, issue(table, 0)["code"], "tablet-a")  # the same tablet again: not a second device
    assert not again["second_device"]
    assert table.state()["warnings"] == []
    second = bind(table, issue(table, 0)["code"], "tablet-z")
    assert second["second_device"]
    [event] = [e for e in events(table, "DeviceBound") if e["device"] == "tablet-z"]
    assert event["payload"]["second"] and event["payload"]["others"] == ["tablet-a"]

    for token in (first["token"], second["token"], table.players[1], table.director):
        [warning] = table.state(token)["warnings"]
        assert warning["code"] == "second_device" and warning["seat"] == 0
        assert warning["devices"] == ["tablet-a", "tablet-z"]
        assert set(warning["token_ids"]) == {first["token_id"], again["token_id"], second["token_id"]}

    for old in (first, again):
        r = api.post(f"/v1/tokens/{old['token_id']}/revoke", table.director, {"reason": "second tablet in use"})
        assert r.status_code == 200 and r.json()["revoked"]["reason"] == "second tablet in use"
    state = table.state(second["token"])
    assert state["warnings"] == []
    assert [(d["device"], d["current"], d["revoked"]) for d in state["devices"]] == [
        ("tablet-a", False, True), ("tablet-a", False, True), ("tablet-z", True, False)]
    revoked = events(table, "DeviceRevoked")
    assert [e["payload"]["token_id"] for e in revoked] == [first["token_id"], again["token_id"]]
    assert revoked[0]["actor"] == "director:director-1" and revoked[0]["payload"]["reason"] == "second tablet in use"
    assert api.get(f"/v1/games/{table.id}", first["token"]).status_code == 401
    # revoking a token no tablet was bound with records nothing on the game
    version = table.state()["version"]
    ident = api.games.issue_token("player", "spare", "test", game_id=__import__("uuid").UUID(table.id), seat=1)[1]
    assert api.post(f"/v1/tokens/{ident}/revoke", table.director, {"reason": "spare"}).status_code == 200
    assert table.state()["version"] == version


def test_a_binding_does_not_make_the_opponents_command_stale(api: Api):
    """A binding changes nothing a command depends on: a command sent at the version before it is accepted."""
    table = api.table()
    table.start()
    seen = table.version
    bind(table, issue(table, 1)["code"], "tablet-b")
    table.version = seen
    state = table.state()
    table.send(table.players[state["seat_on_turn"]], "pass_turn")
    assert table.state()["turns_played"] == 1


def test_releasing_a_seat_needs_an_official_and_revokes_its_tablet(api: Api):
    """Leaving game mode before the sheet is signed needs an official's token (docs/tablet-conformity.md)."""
    table = api.table()
    refused = table.send(table.players[0], "release_seat", expect=403, seat=0, reason="done")
    assert refused["field"] == "type"
    none_bound = table.send(table.director, "release_seat", expect=422, seat=0, reason="done")
    assert none_bound["code"] == "wrong_phase" and none_bound["field"] == "seat"

    bound = bind(table, issue(table, 0)["code"], "tablet-a")
    table.send(bound["token"], "release_seat", expect=403, seat=0, reason="leaving")
    answer = api.post(f"/v1/games/{table.id}/commands", api.tokens["arbiter"],
                      {"type": "release_seat", "expected_version": table.version, "seat": 0,
                       "reason": "tablet broken"}, **{"Idempotency-Key": "release-1"})
    assert answer.status_code == 200, answer.text
    [event] = answer.json()["events"]
    assert event["type"] == "SeatReleased" and event["actor"] == "arbiter:arbiter-1"
    assert event["payload"] == {"seat": 0, "reason": "tablet broken", "token_ids": [bound["token_id"]]}
    assert api.get(f"/v1/games/{table.id}", bound["token"]).status_code == 401
    info = api.get(f"/v1/tokens/{bound['token_id']}", table.director).json()
    assert info["revoked"]["reason"] == "seat released: tablet broken" and info["revoked"]["by"] == "arbiter:arbiter-1"
    assert table.state()["devices"][0]["revoked"]
    replayed = api.post(f"/v1/games/{table.id}/commands", api.tokens["arbiter"],
                        {"type": "release_seat", "expected_version": answer.json()["version"] - 1, "seat": 0,
                         "reason": "tablet broken"}, **{"Idempotency-Key": "release-1"})
    assert replayed.headers.get("Idempotent-Replayed") == "true" and len(events(table, "SeatReleased")) == 1
