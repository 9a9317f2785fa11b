"""Players' keys over HTTP (issue 16): a tablet registers its P-256 key when binding (or by command), signs the
sheet with it over the head hash it saw (FILE 43), and a signature that does not hold is refused 422 with
nothing recorded; the service's key, round seals and the ``planilla-audit/2`` export.

The tablets' keys are made with ``cryptography`` exactly as WebCrypto makes them (``tests.keys``).
Every story runs on SQLite and on PostgreSQL (the ``api`` fixture)."""

from __future__ import annotations

from typing import Any

from domain.game.attested import Checks, verify_attested
from service.trust.keys import ServiceKey, verify_ed25519, verify_p256
from tests.api.conftest import Api, Table
from tests.api.test_seats import events, issue
from tests.keys import Tablet


def bind(table: Table, seat: int, device: str, key: Any = None, status: int = 200) -> dict[str, Any]:
    body = {"code": issue(table, seat)["code"], "device": device}
    if key is not None:
        body["public_key"] = key
    r = table.api.client.post("/v1/bind", json=body)
    assert r.status_code == status, r.text
    if status == 200:
        table.version = r.json()["version"]
    return r.json()


def send(table: Table, token: str, device: str, type: str, expect: int = 200, **fields: Any) -> dict[str, Any]:
    """A command from a given device (``X-Device``) at the version last seen."""
    r = table.api.post(f"/v1/games/{table.id}/commands", token, {"type": type, "expected_version": table.version,
                                                                 **fields}, **{"X-Device": device})
    assert r.status_code == expect, r.text
    if expect == 200:
        table.version = r.json()["version"]
    return r.json()


def ended(api: Api, **extra: Any) -> Table:
    table = api.table(**extra)
    table.start()
    table.end_by_passes()
    return table


def pass_to_end(table: Table, keyed: dict[int, tuple[dict[str, Any], Tablet]]) -> None:
    """Passes to the end; a seat bound with a key passes from its tablet, key-signed over the head (FILE 26)."""
    while (state := table.state())["phase"] == "playing":
        seat = state["seat_on_turn"]
        if seat not in keyed:
            table.send(table.players[seat], "pass_turn")
            continue
        bound, tablet = keyed[seat]
        send(table, bound["token"], f"tablet-{seat}", "pass_turn", seat=seat,
             key_signature=tablet.sign("pass_turn", table.id, seat, state["head_hash"]))


def sign(table: Table, seat: int, bound: dict[str, Any], tablet: Tablet | None, expect: int = 200,
         head: str | None = None) -> dict[str, Any]:
    head = head or table.state()["head_hash"]
    fields: dict[str, Any] = {"seat": seat, "signature": f"seat {seat}"}
    if tablet is not None:
        fields["key_signature"] = tablet.sign("sign", table.id, seat, head)
    return send(table, bound["token"], f"tablet-{seat}", "sign", expect, **fields)


def test_a_key_registered_at_binding_signs_the_sheet_and_the_export_verifies_offline_file_43(api: Api):
    api.games.service_key = ServiceKey.generate()
    ana, bea = Tablet(), Tablet()
    table = api.table(event="Open de Lleida", round=2, table=1)
    a = bind(table, 0, "tablet-0", ana.spki)
    b = bind(table, 1, "tablet-1", bea.jwk)  # WebCrypto's JWK, ext and key_ops included
    assert (a["key_fingerprint"], b["key_fingerprint"]) == (ana.fingerprint, bea.fingerprint)
    assert a["replaces_key"] is None
    [k0, k1] = events(table, "KeyRegistered")
    assert k0["device"] == "tablet-0" and k0["payload"]["fingerprint"] == ana.fingerprint
    assert k0["payload"]["token_id"] == a["token_id"] and k0["payload"]["issued_by"] == "director:director-1"
    assert [k["fingerprint"] for k in table.state()["keys"]] == [ana.fingerprint, bea.fingerprint]
    table.start()
    pass_to_end(table, {0: (a, ana), 1: (b, bea)})
    sign(table, 0, a, ana)
    sign(table, 1, b, bea)
    assert table.state()["phase"] == "closed"
    [signed0, signed1] = events(table, "SheetSigned")
    assert signed0["payload"]["key"]["fingerprint"] == ana.fingerprint
    audit = api.get(f"/v1/games/{table.id}/audit", api.tokens["tribunal"]).json()
    assert [x["key"] for x in audit["signatures"]] == [ana.fingerprint, bea.fingerprint] and audit["intact"]

    export = api.get(f"/v1/games/{table.id}/export?format=2", api.tokens["tribunal"])
    assert export.status_code == 200
    found = verify_attested(export.content, Checks(verify_p256, verify_ed25519), api.games.service_key.public_key)
    assert found.ok, found.describe()
    assert any("closing head is signed by the service" in n for n in found.notes)
    passes = len(events(table, "TurnPassed"))  # each pass key-signed by its player (FILE 26), then both sheets
    assert sum("verifies with the key registered" in n for n in found.notes) == passes + 2 and passes == 4

    key = api.client.get("/v1/keys").json()
    assert key["public_key"] == api.games.service_key.public_key and key["algorithm"] == "Ed25519"
    sheet = api.get(f"/v1/games/{table.id}/scoresheet?format=html", api.tokens["tribunal"]).text
    assert key["fingerprint_printed"] in sheet

    seal = api.post("/v1/seals", api.tokens["director"], {"event": "Open de Lleida", "round": 2})
    assert seal.status_code == 201, seal.text
    assert [g["game"] for g in seal.json()["games"]] == [table.id]
    assert api.post("/v1/seals", api.tokens["arbiter"], {"event": "Open de Lleida", "round": 2}).status_code == 403
    read = api.get("/v1/seals?event=Open de Lleida&round=2", api.tokens["spectator"])
    assert read.status_code == 200 and read.json()["root"] == seal.json()["root"]
    assert api.get("/v1/seals?event=Open de Lleida&round=3", api.tokens["spectator"]).status_code == 404
    export = api.get(f"/v1/games/{table.id}/export?format=2", api.tokens["tribunal"]).content
    found = verify_attested(export, Checks(verify_p256, verify_ed25519), api.games.service_key.public_key,
                            seal.json())
    assert found.ok and any("in the service's seal" in n for n in found.notes), found.describe()
    # The printed sheet now carries the root of the seal its game stands in, whole (grouped by four).
    root = seal.json()["root"]
    sheet = api.get(f"/v1/games/{table.id}/scoresheet?format=html", api.tokens["tribunal"]).text
    assert " ".join(root[i:i + 4] for i in range(0, 64, 4)) in sheet and "Open de Lleida round 2, 1 games" in sheet


def test_a_signature_that_does_not_hold_is_refused_naming_field_rule_and_article_and_records_nothing(api: Api):
    ana, bea = Tablet(), Tablet()
    table = api.table()
    a, b = bind(table, 0, "tablet-0", ana.spki), bind(table, 1, "tablet-1", bea.spki)
    table.start()
    pass_to_end(table, {0: (a, ana), 1: (b, bea)})
    before = table.version
    missing = sign(table, 0, a, None, expect=422)
    assert (missing["code"], missing["field"], missing["article"]) == ("key_signature", "key_signature", "FILE 43")
    stale = sign(table, 0, a, ana, expect=422, head="0" * 64)  # over a head that is not the one at its version
    assert "does not verify against seat 0's registered key" in stale["message"]
    other = sign(table, 0, a, bea, expect=422)  # Bea's key signing Ana's sheet
    assert "seat 1's key" in other["message"] and other["article"] == "FILE 43"
    garbage = send(table, a["token"], "tablet-0", "sign", 400, seat=0, signature="x", key_signature="not base64")
    assert garbage["field"] == "key_signature"
    assert table.state()["version"] == before and events(table, "SheetSigned") == []
    sign(table, 0, a, ana)
    assert len(events(table, "SheetSigned")) == 1


def test_a_rebinding_is_visible_and_its_key_waits_for_confirmation_file_43(api: Api):
    """A second binding of a seat with a key only proposes its new key (issue 26: the opponent's tablet or an
    enrolled official confirms it, tests/api/test_rebinding.py); the old key stays the seat's meanwhile."""
    old, new = Tablet(), Tablet()
    table = api.table()
    bind(table, 0, "tablet-old", old.spki)
    code = issue(table, 0)["code"]
    reused = table.api.client.post("/v1/bind", json={"code": code, "device": "tablet-0", "public_key": old.spki})
    assert reused.status_code == 422 and reused.json()["field"] == "public_key", reused.text  # a new pair per binding
    assert len(events(table, "DeviceBound")) == 1  # nothing of that binding was recorded
    again = table.api.client.post("/v1/bind", json={"code": code, "device": "tablet-0", "public_key": new.spki}).json()
    table.version = again["version"]  # the same code still binds: it was not spent by the refusal
    assert again["replaces_key"] == old.fingerprint and again["key_pending"]
    [first] = events(table, "KeyRegistered")
    [proposed] = events(table, "KeyReplacementProposed")
    assert proposed["payload"]["replaces"] == old.fingerprint and proposed["device"] == "tablet-0"
    state = table.state()
    assert [(k["device"], k["current"]) for k in state["keys"]] == [("tablet-old", True)]
    assert [p["fingerprint"] for p in state["key_proposals"]] == [new.fingerprint]


def test_a_revoked_devices_later_signatures_are_refused(api: Api):
    ana = Tablet()
    table = api.table()
    a = bind(table, 0, "tablet-0", ana.spki)
    table.start()
    pass_to_end(table, {0: (a, ana)})
    r = api.post(f"/v1/tokens/{a['token_id']}/revoke", table.director, {"reason": "tablet stolen"})
    assert r.status_code == 200, r.text
    table.version = table.state()["version"]
    [key] = table.state()["keys"]
    assert key["revoked"]
    # the stolen tablet's key, brought by an arbiter's command for the seat: refused
    r = api.post(f"/v1/games/{table.id}/commands", api.tokens["arbiter"],
                 {"type": "sign", "expected_version": table.version, "seat": 0, "signature": "Ana",
                  "key_signature": ana.sign("sign", table.id, 0, table.state()["head_hash"])})
    assert r.status_code == 422 and "revoked device's key" in r.json()["message"], r.text
    # without a key the seat is as a paper one: the arbiter records the signature, unsigned by key
    r = api.post(f"/v1/games/{table.id}/commands", api.tokens["arbiter"],
                 {"type": "sign", "expected_version": table.version, "seat": 0, "signature": "Ana (on paper)"})
    assert r.status_code == 200, r.text
    assert events(table, "SheetSigned")[0]["payload"]["key"] is None


def test_a_bound_tablet_registers_its_key_by_command_and_only_from_that_device(api: Api):
    tablet = Tablet()
    table = api.table()
    a = bind(table, 0, "tablet-0")
    elsewhere = send(table, a["token"], "another-device", "register_key", 422, public_key=tablet.spki)
    assert elsewhere["field"] == "device"
    bad = send(table, a["token"], "tablet-0", "register_key", 422, public_key="AAAA")
    assert (bad["code"], bad["field"]) == ("public_key", "public_key")
    send(table, a["token"], "tablet-0", "register_key", public_key=tablet.jwk)
    [registered] = events(table, "KeyRegistered")
    assert registered["payload"]["fingerprint"] == tablet.fingerprint and registered["payload"]["replaces"] is None
    assert registered["payload"]["token_id"] == a["token_id"]
    # the opponent's token may not register a key for this seat
    bea = bind(table, 1, "tablet-1")
    other = send(table, bea["token"], "tablet-1", "register_key", 403, seat=0, public_key=Tablet().spki)
    assert other["code"] == "forbidden"


def test_a_game_without_keys_signs_as_before(api: Api):
    table = ended(api)
    table.send(table.players[0], "sign", signature="Ana")
    table.send(table.players[1], "sign", signature="Bea")
    assert table.state()["phase"] == "closed"
    assert [e["payload"]["key"] for e in events(table, "SheetSigned")] == [None, None]


def test_the_opponents_acceptance_is_signed_by_their_key_file_37(api: Api):
    """FILE 37: the acceptance from the player's own tablet carries their key's signature over the head they
    saw; without it, or over another head, it is refused and nothing recorded; an arbiter accepting for the
    seat is recorded unsigned by key."""
    from tests.application.script import find_play

    ana, bea = Tablet(), Tablet()
    table = api.table()
    a, b = bind(table, 0, "tablet-0", ana.spki), bind(table, 1, "tablet-1", bea.spki)
    table.start()
    for turn in range(2):
        seat = table.state()["seat_on_turn"]
        mover, other = (a, b) if seat == 0 else (b, a)
        coordinates, word = find_play(table.game, seat, table.rng)
        send(table, mover["token"], f"tablet-{seat}", "place_tiles", coordinates=coordinates, word=word,
             key_signature=(ana if seat == 0 else bea).sign("place_tiles", table.id, seat, table.state()["head_hash"]))
        before = table.version
        refused = send(table, other["token"], f"tablet-{1 - seat}", "accept", 422, seat=1 - seat)
        assert (refused["code"], refused["field"], refused["article"]) == ("key_signature", "key_signature", "FILE 37")
        stale = (ana if seat == 1 else bea).sign("accept", table.id, 1 - seat, "f" * 64)
        refused = send(table, other["token"], f"tablet-{1 - seat}", "accept", 422, seat=1 - seat, key_signature=stale)
        assert "does not verify" in refused["message"] and table.state()["version"] == before
        if turn == 0:
            signed = (bea if seat == 0 else ana).sign("accept", table.id, 1 - seat, table.state()["head_hash"])
            answer = send(table, other["token"], f"tablet-{1 - seat}", "accept", seat=1 - seat, key_signature=signed)
            assert answer["events"][0]["payload"]["key"]["seat"] == 1 - seat
        else:  # the arbiter accepts for the seat: unsigned by key
            send(table, api.tokens["arbiter"], "desk", "accept", seat=1 - seat)
        if table.state()["phase"] == "playing" and table.state()["players"][seat]["rack_count"] < 7:
            send(table, mover["token"], f"tablet-{seat}", "draw_tiles", seat=seat)
    accepted = events(table, "PlayAccepted")
    assert [e["payload"]["key"] is not None for e in accepted] == [True, False]
