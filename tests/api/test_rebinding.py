"""Re-binding rules and official keys over HTTP (issue 26): nobody but the players speaks for the players.

- Hole 1, the key take-over after the game: once ``GameEnded`` is recorded, the director can no longer issue a
  seat code, replace a tablet, bind a device or register a key for a seat: refused at the first step that
  would give them a seat key (FILE 43: the sheet is the players' own, signed by them).
- During play a seat's new key is only proposed; without the opponent's tablet's countersignature (or an
  enrolled official's key and a reason) it signs nothing; with it, ``KeyRegistered`` names the key replaced
  and who vouched for it, in the events and in the state both tablets read.
- Officials' keys: enrolled from the data folder (``planilla official enrol``) or countersigned by an enrolled
  official's key (``POST /v1/officials/keys``); a token alone never enrols one. An official entry is recorded
  as the official's and signed by their enrolled key (``domain.game.official``).

The tablets' and the officials' keys are made with ``cryptography`` as WebCrypto makes them (``tests.keys``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from domain.game.official import official_entries, signed_message, verify_with
from domain.game.replacement import replacement_message
from service.access.official_keys import enrolment_message
from service.trust.keys import verify_p256
from tests.api.conftest import Api, Table, _api
from tests.api.test_player_keys import bind, pass_to_end, send
from tests.api.test_seats import events, issue
from tests.keys import Tablet


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Api]:
    """The app on a SQLite data folder (the enrolment by the command line needs the folder)."""
    yield from _api(str(tmp_path / "data"))


def keyed(api: Api) -> tuple[Table, dict[int, tuple[dict[str, Any], Tablet]]]:
    """A game whose two seats are bound with their tablets' keys, started."""
    table = api.table(event="Open de Lleida", round=1, table=3)
    tablets = {seat: Tablet() for seat in (0, 1)}
    bound = {seat: (bind(table, seat, f"tablet-{seat}", tablets[seat].spki), tablets[seat]) for seat in (0, 1)}
    table.start()
    return table, bound


def enrolled(api: Api, role: str = "director", label: str = "director-1") -> Tablet:
    """An official's key enrolled by the hand that holds the data folder (what ``planilla official enrol`` does)."""
    key = Tablet()
    api.games.enrol_official_key(role, label, key.spki)
    return key


def official_sign(key: Tablet, table: Table, action: str, actor: str) -> str:
    return key.raw_sign(signed_message(action, table.id, actor, table.state()["head_hash"]))


# ---- hole 1: the take-over after the game ------------------------------------------------------------
def test_after_game_ended_no_seat_is_bound_again_the_director_take_over_is_refused_at_the_first_step_file_43(hall):
    """The director, holding only a token, tries after ``end_game`` to bind a device of their own named like the
    real tablet with a key of their own: the seat code, the round's codes, the replacement, a code issued before
    the end and a key registration are each refused, and nothing gives them a seat key (FILE 43)."""
    table, bound = keyed(hall)
    early = issue(table, 0)["code"]  # a code issued during play, kept for later
    pass_to_end(table, bound)
    assert table.state()["phase"] == "ended"
    version = table.state()["version"]
    refused = issue(table, 0, status=422)
    assert (refused["code"], refused["field"], refused["article"]) == ("rebinding", "seat", "FILE 43")
    assert "GameEnded" in refused["message"] and "official entry" in refused["message"]
    r = hall.post(f"/v1/games/{table.id}/seats/0/replace", table.director, {"reason": "tablet broken"})
    assert r.status_code == 422 and r.json()["code"] == "rebinding", r.text
    hall.index()  # the round's games as the read models list them (eventually consistent)
    r = hall.post("/v1/rounds/seat-codes", table.director, {"event": "Open de Lleida", "round": 1})
    assert r.status_code == 201 and r.json()["cards"] == [], r.text
    assert [(g["game_id"], g["reason"][:6]) for g in r.json()["left_out"]] == [(table.id, "ended:")]
    mine = Tablet()
    r = hall.client.post("/v1/bind", json={"code": early, "device": "tablet-0", "public_key": mine.spki})
    assert r.status_code == 422 and r.json()["code"] == "rebinding", r.text
    a, _ = bound[0]
    r = hall.post(f"/v1/games/{table.id}/commands", a["token"],
                  {"type": "register_key", "expected_version": version, "public_key": mine.spki},
                  **{"X-Device": "tablet-0"})
    assert r.status_code == 422 and r.json()["code"] == "rebinding", r.text
    r = hall.post("/v1/tokens", table.director, {"role": "player", "label": "Ana", "game_id": table.id, "seat": 0})
    assert r.status_code == 422 and r.json()["code"] == "rebinding", r.text  # nor a player's token from a director
    assert table.state()["version"] == version
    assert [k["fingerprint"] for k in table.state()["keys"]] == [bound[0][1].fingerprint, bound[1][1].fingerprint]
    # the players sign with the keys bound during the game, as before
    for seat in (0, 1):
        token, tablet = bound[seat][0]["token"], bound[seat][1]
        table.version = table.state()["version"]
        send(table, token, f"tablet-{seat}", "sign", seat=seat, signature=f"seat {seat}",
             key_signature=tablet.sign("sign", table.id, seat, table.state()["head_hash"]))
    assert table.state()["phase"] == "closed"


# ---- a replacement during play -----------------------------------------------------------------------
def test_a_replacement_during_play_needs_the_opponents_countersignature_and_is_named_in_events_and_state_file_43(hall):
    table, bound = keyed(hall)
    (a, ana), (b, bea) = bound[0], bound[1]
    new = Tablet()
    r = hall.post(f"/v1/games/{table.id}/seats/0/replace", table.director, {"reason": "tablet dropped"})
    assert r.status_code in (200, 201), r.text
    rebound = bind(table, 0, "tablet-0b", new.spki)
    assert rebound["key_pending"] and rebound["replaces_key"] == ana.fingerprint
    state = table.state(b["token"])
    assert [(p["seat"], p["fingerprint"]) for p in state["key_proposals"]] == [(0, new.fingerprint)]
    assert state["keys"][0]["fingerprint"] == ana.fingerprint  # still the seat's key of record: nothing replaced yet
    table.version = state["version"]
    if state["seat_on_turn"] == 1:  # Bea passes from her tablet, so it is Ana's turn
        send(table, b["token"], "tablet-1", "pass_turn", seat=1,
             key_signature=bea.sign("pass_turn", table.id, 1, state["head_hash"]))
        state = table.state(b["token"])
    # the new tablet's key signs nothing yet
    refused = send(table, rebound["token"], "tablet-0b", "pass_turn", 422, seat=0,
                   key_signature=new.sign("pass_turn", table.id, 0, state["head_hash"]))
    assert "confirms the replacement" in refused["message"] and refused["article"] == "FILE 26"
    message = replacement_message(table.id, 0, new.fingerprint)
    # without a countersignature, with one by another key, or by the replaced seat itself: refused, nothing recorded
    none = send(table, b["token"], "tablet-1", "confirm_key_replacement", 422, seat=0, fingerprint=new.fingerprint)
    assert (none["code"], none["field"], none["article"]) == ("rebinding", "countersignature", "FILE 43")
    forged = send(table, b["token"], "tablet-1", "confirm_key_replacement", 422, seat=0, fingerprint=new.fingerprint,
                  countersignature=new.raw_sign(message))
    assert forged["field"] == "countersignature"
    itself = send(table, rebound["token"], "tablet-0b", "confirm_key_replacement", 422, seat=0,
                  fingerprint=new.fingerprint, countersignature=new.raw_sign(message))
    assert itself["field"] == "seat"
    token_alone = send(table, table.director, "console", "confirm_key_replacement", 422, seat=0,
                       fingerprint=new.fingerprint, reason="I say so")
    assert token_alone["field"] == "official_signature" and "a token alone never" in token_alone["message"]
    assert events(table, "KeyRegistered")[-1]["payload"]["fingerprint"] == bea.fingerprint
    # Bea's tablet shows "Ana's tablet is being replaced: confirm" and signs the new key's fingerprint
    send(table, b["token"], "tablet-1", "confirm_key_replacement", seat=0, fingerprint=new.fingerprint,
         countersignature=bea.raw_sign(message))
    registered = events(table, "KeyRegistered")[-1]
    assert registered["actor"] == "player:1:Bea" and registered["payload"]["replaces"] == ana.fingerprint
    assert registered["payload"]["countersigned_by"] == f"seat:1:{bea.fingerprint}"
    assert verify_p256(bea.spki, message, registered["payload"]["countersignature"])
    state = table.state(b["token"])
    assert state["key_proposals"] == []
    assert [(k["seat"], k["current"], k["countersigned_by"]) for k in state["keys"]] == [
        (0, False, None), (1, True, None), (0, True, f"seat:1:{bea.fingerprint}")]
    pass_to_end(table, {0: (rebound, new), 1: (b, bea)})  # the new key signs for the seat from now on


def test_an_official_confirms_a_replacement_only_with_an_enrolled_key_and_a_reason_file_47(hall):
    table, bound = keyed(hall)
    key = enrolled(hall)
    new = Tablet()
    hall.post(f"/v1/games/{table.id}/seats/0/replace", table.director, {"reason": "battery dead"})
    bind(table, 0, "tablet-0b", new.spki)
    table.version = table.state()["version"]
    signature = key.raw_sign(replacement_message(table.id, 0, new.fingerprint))
    no_reason = send(table, table.director, "console", "confirm_key_replacement", 422, seat=0,
                     fingerprint=new.fingerprint, official_key=key.fingerprint, official_signature=signature)
    assert no_reason["field"] == "reason"
    other = enrolled(hall, "arbiter", "arbiter-1")  # an arbiter's key is not the director's
    wrong = send(table, table.director, "console", "confirm_key_replacement", 422, seat=0, fingerprint=new.fingerprint,
                 reason="battery dead", official_key=other.fingerprint,
                 official_signature=other.raw_sign(replacement_message(table.id, 0, new.fingerprint)))
    assert wrong["code"] == "official_key" and "enrolled for arbiter:arbiter-1" in wrong["message"]
    send(table, table.director, "console", "confirm_key_replacement", seat=0, fingerprint=new.fingerprint,
         reason="battery dead", official_key=key.fingerprint, official_signature=signature)
    registered = events(table, "KeyRegistered")[-1]
    assert registered["actor"] == "director:director-1" and registered["payload"]["reason"] == "battery dead"
    assert registered["payload"]["countersigned_by"] == f"official:director:director-1:{key.fingerprint}"


# ---- officials' keys ---------------------------------------------------------------------------------
def test_the_first_official_key_is_enrolled_by_the_command_line_from_the_data_folder(tmp_path: Path):
    from service.access.application import ServiceApplication
    from service.cli.main import build_app
    from service.settings import settings_env

    data = tmp_path / "data"
    key = Tablet()
    pem = tmp_path / "ana.pem"
    from cryptography.hazmat.primitives import serialization
    pem.write_bytes(key.private.public_key().public_bytes(serialization.Encoding.PEM,
                                                          serialization.PublicFormat.SubjectPublicKeyInfo))
    runner = CliRunner()
    ok = runner.invoke(build_app(), ["official", "enrol", "--data", str(data), "--label", "ana", "--role", "director",
                                     "--public-key", str(pem)])
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.strip().splitlines()[0] == key.fingerprint
    again = runner.invoke(build_app(), ["official", "enrol", "--data", str(data), "--label", "ana", "--role",
                                        "director", "--public-key", key.spki])
    assert again.exit_code == 1 and "already enrolled" in again.output
    role = runner.invoke(build_app(), ["official", "enrol", "--data", str(data), "--label", "x", "--role", "player",
                                       "--public-key", Tablet().spki])
    assert role.exit_code == 1 and "role" in role.output
    games = ServiceApplication(settings_env(str(data)))
    try:
        found = games.official_key(key.fingerprint)
        assert (found.actor, found.enrolled_by, found.revoked) == ("director:ana", "data-folder", None)
    finally:
        games.close()


def test_a_new_official_key_is_enrolled_only_with_an_enrolled_officials_countersignature_file_47(hall):
    director = enrolled(hall)
    new = Tablet()

    def body(voucher: Tablet, role: str = "arbiter", label: str = "luis", sign_as: str | None = None) -> dict[str, Any]:
        return {"role": role, "label": label, "public_key": new.spki, "countersigned_by": voucher.fingerprint,
                "countersignature": voucher.raw_sign(enrolment_message(new.fingerprint, sign_as or role, label))}

    for role in ("spectator", "director"):  # a token alone never enrols a key
        r = hall.post("/v1/officials/keys", hall.tokens[role], {k: v for k, v in body(director).items()
                                                                  if k != "countersignature"})
        assert r.status_code in (400, 403), r.text
    assert hall.post("/v1/officials/keys", hall.tokens["spectator"], body(director)).status_code == 403
    stranger = Tablet()  # a key nobody enrolled
    r = hall.post("/v1/officials/keys", hall.tokens["director"], body(stranger))
    assert r.status_code == 422 and r.json()["field"] == "countersigned_by", r.text
    r = hall.post("/v1/officials/keys", hall.tokens["director"], body(director, sign_as="director"))
    assert r.status_code == 422 and r.json()["field"] == "countersignature", r.text  # signed for another role
    arbiter = enrolled(hall, "arbiter", "arbiter-1")
    r = hall.post("/v1/officials/keys", hall.tokens["arbiter"], body(arbiter, role="director", label="eva"))
    assert r.status_code == 422 and "vouches for arbiter" in r.json()["message"], r.text
    r = hall.post("/v1/officials/keys", hall.tokens["director"], body(director), **{"X-Device": "console-2"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert (made["actor"], made["enrolled_by"], made["countersigned_by"], made["device"]) == (
        "arbiter:luis", "director:director-1", director.fingerprint, "console-2")
    assert hall.get(f"/v1/officials/keys/{new.fingerprint}", hall.tokens["tribunal"]).json()["actor"] == "arbiter:luis"
    r = hall.post(f"/v1/officials/keys/{new.fingerprint}/revoke", hall.tokens["director"], {"reason": "laptop lost"})
    assert r.status_code == 200 and r.json()["revoked"]["reason"] == "laptop lost"


# ---- official entries --------------------------------------------------------------------------------
def test_an_official_entry_is_recorded_as_the_officials_and_signed_by_their_enrolled_key(hall):
    """Ana's tablet dies after the game ended: the arbiter enters her signature, as on paper, recorded as the
    arbiter's with the arbiter's key (FILE 43); the verdict's definition lists it with its key, verified."""
    table, bound = keyed(hall)
    pass_to_end(table, bound)
    key = enrolled(hall, "arbiter", "arbiter-1")
    arbiter = hall.tokens["arbiter"]
    r = hall.post(f"/v1/tokens/{bound[0][0]['token_id']}/revoke", table.director, {"reason": "tablet died"})
    assert r.status_code == 200, r.text
    table.version = table.state()["version"]
    player = send(table, bound[1][0]["token"], "tablet-1", "sign", 403, seat=1, signature="Bea",
                  official_key=key.fingerprint, official_signature=official_sign(key, table, "sign", "player:1:Bea"))
    assert player["field"] == "official_key"
    stale = send(table, arbiter, "console", "sign", 422, seat=0, signature="Ana (entered by the arbiter)",
                 official_key=key.fingerprint,
                 official_signature=key.raw_sign(signed_message("sign", table.id, "arbiter:arbiter-1", "0" * 64)))
    assert (stale["code"], stale["field"]) == ("official_signature", "official_signature")
    unknown = Tablet()
    refused = send(table, arbiter, "console", "sign", 422, seat=0, signature="Ana", official_key=unknown.fingerprint,
                   official_signature=official_sign(unknown, table, "sign", "arbiter:arbiter-1"))
    assert refused["code"] == "official_key" and "a token alone never" in refused["message"]
    send(table, arbiter, "console", "sign", seat=0, signature="Ana (entered by the arbiter)",
         official_key=key.fingerprint, official_signature=official_sign(key, table, "sign", "arbiter:arbiter-1"))
    [signed] = events(table, "SheetSigned")
    assert signed["actor"] == "arbiter:arbiter-1" and signed["payload"]["official_key"] == key.fingerprint
    history = hall.get(f"/v1/games/{table.id}/events", table.director).json()["events"]
    records = [{"game": table.id, "type": e["type"], "version": e["sequence"], "previous_hash": e["previous_hash"],
                "hash": e["hash"], "actor": e["actor"], "device": e["device"], "at": e["recorded_at"],
                "payload": e["payload"]} for e in history]
    [entry] = official_entries(records, verify_with({key.fingerprint: key.spki}, verify_p256))
    assert (entry.type, entry.seat, entry.actor, entry.key, entry.verified) == (
        "SheetSigned", 0, "arbiter:arbiter-1", key.fingerprint, True)
    assert official_entries(records, verify_with({}, verify_p256))[0].verified is None  # a key it does not know
    audit = hall.get(f"/v1/games/{table.id}/audit", hall.tokens["tribunal"]).json()
    assert audit["intact"], audit
