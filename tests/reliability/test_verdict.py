"""The verdict names every official hand, nobody writes into the report, and a player's receipt holds (issue 26).

Games recorded through the application on a SQLite data folder with tablets' keys (``tests.keys``), as in
``test_signed_rewrite``: one signed throughout, one where seat 1's tablet is replaced during play (a code
issued by the director, a new key bound) and an arbiter enters a pass for seat 0 (the official entry of
a player's act, FILE 26), a paper game, and one reopened after it closed (FILE 43). ``planilla audit
verify`` must say which of these each is, name every replacement and official entry as a warning (text
and ``--json``), print one line plus indented notes per file whatever the file holds, exit 3 when asked
what a file cannot answer, and check a player's receipt: a rewrite after it is caught, a reopening named.
"""

from __future__ import annotations

import json
import random
from io import StringIO
from pathlib import Path
from collections.abc import Callable
from typing import Any

import pytest

from domain.game.chain import canonical
from domain.game.enrolments import enrolment_message
from domain.game.export import export_bytes
from domain.game.official import signed_message as official_message
from domain.game.replacement import replacement_message
from domain.game.receipt import grouped, read_code, short_code
from domain.game.verdict import shown
from service.access.application import ServiceApplication
from service.cli.audit import run_audit_verify
from service.game.application import Actor
from service.settings import settings_env
from service.trust.attest import export_attested, receipt_of
from service.trust.keys import ServiceKey
from tests.keys import Tablet
from tests.reliability.test_signed_rewrite import closed_game, forged, rechain, records_of

DIRECTOR = Actor("director:ana", "desk")
ARBITER = Actor("arbiter:luis", "desk-2")
NOON = "2025-05-01T12:00:00.000Z"


def opening(app: ServiceApplication, round_no: int) -> tuple[Any, list[Any], list[Actor], Callable[[int, str], str]]:
    """Two tablets bound with their keys, Ana starts with CASA H7, Bea accepts, Ana draws: the opening both worlds
    share; returns the game, the tablets, the players' actors and a signer of an act by a seat's current tablet."""
    tablets = [Tablet(), Tablet()]
    game = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="replay",
                           details={"event": "Open", "round": round_no, "table": 1})
    for seat in range(2):
        code, _, _ = app.issue_seat_code(game, seat, "director:ana")
        app.bind(code, f"tablet-{seat}", tablets[seat].spki)
    player = [Actor("player:0:Ana", "tablet-0"), Actor("player:1:Bea", "tablet-1")]

    def key(seat: int, action: str) -> str:
        return tablets[seat].sign(action, game, seat, app.history(game)[-1].hash)

    v = app.give_starter(game, 0, DIRECTOR, expected_version=app.get_game(game).version)
    v = app.draw_tiles(game, 0, player[0], expected_version=v, tiles=list("CASAERO"))
    v = app.draw_tiles(game, 1, player[1], expected_version=v, tiles=list("LUNAMES"))
    v = app.place_tiles(game, 0, "H7", "CASA", player[0], expected_version=v, key_signature=key(0, "place_tiles"))
    v = app.accept(game, 1, player[1], expected_version=v, auto_draw=False, key_signature=key(1, "accept"))
    app.draw_tiles(game, 0, player[0], expected_version=v, tiles=list("IIII"))
    return game, tablets, player, key


def passed_out_and_signed(app: ServiceApplication, game: Any, player: list[Actor], key: Callable[[int, str], str],
                          v: int) -> Any:
    """Both seats pass from their tablets until the game ends, then both sign from them: the game closed."""
    while app.get_game(game).phase == "playing":
        seat = app.get_game(game).turn
        v = app.pass_turn(game, seat, player[seat], expected_version=v, key_signature=key(seat, "pass_turn"))
    for seat in range(2):
        v = app.sign(game, seat, f"seat {seat}", player[seat], expected_version=v, key_signature=key(seat, "sign"))
    assert app.get_game(game).phase == "closed"
    return game


def replaced_game(app: ServiceApplication) -> Any:
    """Seat 1's tablet replaced after the first play (a new code from the director, a new key), then an arbiter's
    pass for seat 0 (an official entry, FILE 26), the rest from the tablets, signed and closed."""
    game, tablets, player, key = opening(app, 3)
    tablets[1] = Tablet()  # Bea's tablet died: the director issues a new code, a new tablet binds with a new key
    code, _, _ = app.issue_seat_code(game, 1, "director:ana")
    app.bind(code, "tablet-1b", tablets[1].spki)
    player[1] = Actor("player:1:Bea", "tablet-1b")
    fingerprint = tablets[1].fingerprint  # Ana's tablet countersigns the new key (FILE 26, issue 26's rule)
    v = app.confirm_key_replacement(game, 1, fingerprint, player[0], expected_version=app.get_game(game).version,
                                    by_seat=0, countersignature=tablets[0].raw_sign(
                                        replacement_message(str(game), 1, fingerprint)))
    v = app.pass_turn(game, 1, player[1], expected_version=v, key_signature=key(1, "pass_turn"))
    v = app.pass_turn(game, 0, ARBITER, expected_version=v)  # the arbiter enters Ana's pass
    return passed_out_and_signed(app, game, player, key, v)


def late_game(app: ServiceApplication) -> Any:
    """Bea's seat starts on paper (a tablet without WebCrypto); after the first play the director issues a new code
    and a tablet binds with a key: the seat's first key, registered late (issue 26: a token's code gave it)."""
    tablets = [Tablet(), Tablet()]
    game = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="replay",
                           details={"event": "Open", "round": 5, "table": 1})
    for seat, key in ((0, tablets[0].spki), (1, None)):
        code, _, _ = app.issue_seat_code(game, seat, "director:ana")
        app.bind(code, f"tablet-{seat}", key)
    player = [Actor("player:0:Ana", "tablet-0"), Actor("player:1:Bea", "tablet-1")]

    def key(seat: int, action: str) -> str | None:
        return tablets[seat].sign(action, game, seat, app.history(game)[-1].hash) if app.get_game(game).seat_key(seat) \
            else None

    v = app.give_starter(game, 0, DIRECTOR, expected_version=app.get_game(game).version)
    v = app.draw_tiles(game, 0, player[0], expected_version=v, tiles=list("CASAERO"))
    v = app.draw_tiles(game, 1, player[1], expected_version=v, tiles=list("LUNAMES"))
    v = app.place_tiles(game, 0, "H7", "CASA", player[0], expected_version=v, key_signature=key(0, "place_tiles"))
    v = app.accept(game, 1, player[1], expected_version=v, auto_draw=False)
    v = app.draw_tiles(game, 0, player[0], expected_version=v, tiles=list("IIII"))
    code, _, _ = app.issue_seat_code(game, 1, "director:ana")
    app.bind(code, "tablet-1b", tablets[1].spki)
    player[1] = Actor("player:1:Bea", "tablet-1b")
    v = app.get_game(game).version
    return passed_out_and_signed(app, game, player, key, v)


def officials_game(app: ServiceApplication) -> Any:
    """Official keys at work (issue 26): the director's key enrolled from the data folder countersigns the arbiter's;
    seat 1's tablet is replaced during play and the director confirms the new key with theirs and a reason; after
    the game Ana's tablet dies (released) and the arbiter enters her signature with their key (FILE 43)."""
    director, arbiter = Tablet(), Tablet()
    app.enrol_official_key("director", "ana", director.spki)
    app.enrol_countersigned("arbiter", "luis", arbiter.spki, director.fingerprint,
                            director.raw_sign(enrolment_message(arbiter.fingerprint, "arbiter", "luis")))
    game, tablets, player, key = opening(app, 4)
    tablets[1] = Tablet()
    code, _, _ = app.issue_seat_code(game, 1, "director:ana")
    app.bind(code, "tablet-1b", tablets[1].spki)
    player[1] = Actor("player:1:Bea", "tablet-1b")
    confirm = director.raw_sign(replacement_message(str(game), 1, tablets[1].fingerprint))
    hand = app.official_hand("director:ana", director.fingerprint, confirm)
    v = app.confirm_key_replacement(game, 1, tablets[1].fingerprint, Actor("director:ana", "desk", hand),
                                    expected_version=app.get_game(game).version, by_seat=None, reason="tablet dropped")
    while app.get_game(game).phase == "playing":
        seat = app.get_game(game).turn
        v = app.pass_turn(game, seat, player[seat], expected_version=v, key_signature=key(seat, "pass_turn"))
    v = app.sign(game, 1, "Bea", player[1], expected_version=v, key_signature=key(1, "sign"))
    v = app.release_seat(game, 0, "tablet died", DIRECTOR, expected_version=v)
    head = app.history(game)[-1].hash
    hand = app.official_hand("arbiter:luis", arbiter.fingerprint,
                             arbiter.raw_sign(official_message("sign", str(game), "arbiter:luis", head)))
    app.sign(game, 0, "Ana (entered by the arbiter)", Actor("arbiter:luis", "desk-2", hand), expected_version=v)
    assert app.get_game(game).phase == "closed"
    return game


@pytest.fixture(scope="module")
def hall(tmp_path_factory) -> dict[str, Any]:
    data = tmp_path_factory.mktemp("verdict") / "data"
    key, _ = ServiceKey.for_store(str(data))
    app = ServiceApplication(settings_env(str(data)), clock=lambda: NOON, rng=random.Random(7), service_key=key)
    games = {"signed": closed_game(app, 1, 1, [Tablet(), Tablet()]), "paper": closed_game(app, 1, 2, None),
             "replaced": replaced_game(app), "reopened": closed_game(app, 1, 3, [Tablet(), Tablet()]),
             "officials": officials_game(app), "late": late_game(app)}
    receipts = {name: receipt_of(app, game) for name, game in games.items()}
    game = games["reopened"]
    v = app.get_game(game).version
    v = app.consent_reopen(game, 0, "score of the last play miswritten", Actor("player:0:Ana", "tablet-0"),
                           expected_version=v)
    v = app.consent_reopen(game, 1, "score of the last play miswritten", Actor("player:1:Bea", "tablet-1"),
                           expected_version=v)
    app.reopen(game, "both players asked (FILE 43)", DIRECTOR, expected_version=v)
    exports = {name: export_attested(app, g) for name, g in games.items()}
    exports["v1"] = export_bytes(app.history(games["signed"]))
    app.close()
    return {"key": key, "games": games, "exports": exports, "receipts": receipts}


def verify(tmp_path: Path, files: dict[str, bytes], **options: Any) -> tuple[int, str]:
    paths = []
    for name, data in files.items():
        paths.append(str(tmp_path / name))
        Path(paths[-1]).write_bytes(data)
    out = StringIO()
    return run_audit_verify(paths, out, **options), out.getvalue()


def report_of(tmp_path: Path, name: str, data: bytes, **options: Any) -> tuple[int, dict[str, Any]]:
    code, text = verify(tmp_path, {name: data}, as_json=True, **options)
    return code, json.loads(text)["files"][0]


def test_a_game_signed_throughout_by_the_keys_bound_at_the_start(hall, tmp_path):
    code, text = verify(tmp_path, {"signed.jsonl": hall["exports"]["signed"]})
    assert code == 0 and "  verdict: signed throughout by the keys bound at the start\n" in text
    assert "warning:" not in text


def test_a_replacement_during_play_and_an_arbiters_entry_are_named_warnings_in_text_and_json(hall, tmp_path):
    """FILE 26: a pass is the player's act; the arbiter who enters it is named, and the director who issued
    the code for the new tablet."""
    code, text = verify(tmp_path, {"replaced.jsonl": hall["exports"]["replaced"]})
    assert code == 0 and "  verdict: signed, with 1 key replacement and 1 official entry\n" in text, text
    warnings = [line for line in text.splitlines() if line.startswith("  warning: ")]
    assert len(warnings) == 2, text
    assert "key replacement at event" in warnings[0] and "seat 1's key" in warnings[0]
    assert "(device tablet-1b), its code issued by director:ana, countersigned by seat:0:" in warnings[0]
    assert "during play, after 1 turn" in warnings[0]
    assert "official entry at event" in warnings[1] and "seat 0's pass (TurnPassed) recorded by arbiter:luis" \
        in warnings[1] and "no official key recorded" in warnings[1]
    code, report = report_of(tmp_path, "replaced.jsonl", hall["exports"]["replaced"])
    assert code == 0 and report["state"] == "intact" and report["verdict"]["kind"] == "replaced"
    kinds = [(w["kind"], w.get("seat"), w.get("issued_by"), w.get("official")) for w in report["verdict"]["warnings"]]
    assert kinds == [("key_replacement", 1, "director:ana", None), ("official_entry", 0, None, "arbiter:luis")]


def test_a_paper_game_is_unsigned_and_its_arbiter_entered_signatures_are_named(hall, tmp_path):
    """FILE 43: a paper seat's signature entered by the director is an official entry."""
    code, report = report_of(tmp_path, "paper.jsonl", hall["exports"]["paper"])
    assert code == 0 and report["verdict"]["kind"] == "unsigned"
    assert report["verdict"]["headline"].startswith("unsigned (paper)")
    signed = [w for w in report["verdict"]["warnings"] if w["type"] == "SheetSigned"]
    assert [w["official"] for w in signed] == ["director:ana", "director:ana"]


def test_asked_what_the_file_cannot_answer_the_command_exits_3(hall, tmp_path):
    key = hall["key"].public_key
    code, text = verify(tmp_path, {"v1.jsonl": hall["exports"]["v1"]}, service_key=key)
    assert code == 3 and "cannot check what was asked: --service-key" in text
    code, text = verify(tmp_path, {"v1.jsonl": hall["exports"]["v1"]}, receipt=hall["receipts"]["signed"]["code"])
    assert code == 0, text  # a version-1 file has every event's hash: a receipt's code is answered
    other = tmp_path / "other-receipt.json"
    other.write_text(json.dumps(hall["receipts"]["paper"]))
    code, text = verify(tmp_path, {"signed.jsonl": hall["exports"]["signed"]}, receipt=str(other))
    assert code == 3 and "cannot check what was asked: --receipt: the receipt is of game" in text
    # A tampered file among them: 1 wins over 3.
    code, _ = verify(tmp_path, {"v1.jsonl": hall["exports"]["v1"], "bad.jsonl": hall["exports"]["v1"].replace(
        b'"TurnPassed"', b'"TurnPasses"', 1)}, service_key=key)
    assert code == 1


def test_a_receipt_holds_catches_a_rewrite_and_names_a_reopening(hall, tmp_path):
    receipt = hall["receipts"]["signed"]
    assert receipt["code"] == short_code(receipt["head_hash"]) and len(receipt["code"]) == 20
    assert read_code(grouped(receipt["code"]).lower().replace("o", "0")) == receipt["code"]
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(receipt))
    key = hall["key"].public_key
    code, text = verify(tmp_path, {"signed.jsonl": hall["exports"]["signed"]}, receipt=str(path), service_key=key)
    assert code == 0 and "  receipt: the receipt holds" in text and "signature verifies" in text
    code, text = verify(tmp_path, {"signed.jsonl": hall["exports"]["signed"]}, receipt=grouped(receipt["code"]))
    assert code == 0 and "  receipt: the receipt holds" in text
    # The organiser rewrites a play's score in a game no key signed (or, as the issue's third hole, with new keys
    # for both seats), recomputes every hash and re-signs the closing with the service key: only the receipt
    # the player took home catches it.
    receipt = hall["receipts"]["paper"]
    path.write_text(json.dumps(receipt))
    _, records = records_of(hall["exports"]["paper"])
    play = next(i for i, r in enumerate(records) if r.type == "TilesPlaced")
    rewritten = forged(rechain(records, {play: dict(records[play].payload, score=99)}), hall["key"])
    code, text = verify(tmp_path, {"rewritten.jsonl": rewritten})
    assert code == 0, text  # intact without the receipt
    for given in (str(path), receipt["code"]):
        code, text = verify(tmp_path, {"rewritten.jsonl": rewritten}, receipt=given)
        assert code == 1 and "TAMPERED at event" in text and "rewritten after the receipt" in text, text
    # Reopened after the receipt (FILE 43): named, with who reopened and who consented; not a rewrite.
    reopened = hall["receipts"]["reopened"]
    path.write_text(json.dumps(reopened))
    code, report = report_of(tmp_path, "reopened.jsonl", hall["exports"]["reopened"], receipt=str(path))
    assert code == 0 and report["receipt"]["state"] == "reopened", report
    assert report["receipt"]["reopened"]["by"] == "director:ana"
    assert [c["by"] for c in report["receipt"]["reopened"]["consents"]] == ["player:0:Ana", "player:1:Bea"]
    assert report["receipt"]["text"].startswith("reopened after your receipt (event ")


def injected(data: bytes, change: dict[str, Any], index: int) -> bytes:
    """A version-1 export with one record's fields changed, its line in canonical form (the hash not recomputed)."""
    lines = data.split(b"\n")
    record = json.loads(lines[index])
    record.update(change)
    lines[index] = canonical(record).encode()
    return b"\n".join(lines)


def test_nothing_from_a_file_writes_into_the_report(hall, tmp_path):
    """The issue's exploits: an event type holding a JSON \\n escape, or a \\u2028, that printed a line saying
    another file is intact; an actor holding a newline in an intact (rehashed) history's official entry."""
    v1 = hall["exports"]["v1"]
    lie = "KeyRegistered\n/x/other.jsonl: intact: game 1, 25 events"
    _, records = records_of(v1)
    at = next(i for i, r in enumerate(records) if r.type == "TurnPassed")
    spoofed = [r._replace(actor="arbiter:x\n/x/other.jsonl: intact: game 2, 9 events") if i == at else r
               for i, r in enumerate(records)]
    files = {"a.jsonl": injected(v1, {"type": lie}, 5), "b.jsonl": injected(v1, {"type": "Key\u2028x\u202eRegistered"}, 5),
             "c.jsonl": export_bytes(rechain(spoofed)), "d\nx.jsonl": v1}
    code, text = verify(tmp_path, files)
    lines = text.split("\n")[:-1]
    assert [line for line in lines if not line.startswith("  ")] == [line for line in lines if ": " in line
                                                                      and line.startswith(str(tmp_path))]
    assert sum(not line.startswith("  ") for line in lines) == 4, text
    assert all("\u2028" not in line and "\u202e" not in line for line in lines)
    assert f"({shown(lie)})" in text and "(KeyRegistered\\n/x/other.jsonl: intact" in text
    assert "recorded by arbiter:x\\n/x/other.jsonl: intact: game 2" in text and "d\\nx.jsonl: intact" in text
    assert code == 1
    code, out = verify(tmp_path, {"a.jsonl": files["a.jsonl"]}, as_json=True)
    assert json.loads(out)["files"][0]["type"] == lie  # the JSON report keeps the value as it is


def officials_forged(export: bytes, key: ServiceKey, signature: str | None = None,
                     countersignature: str | None = None) -> bytes:
    """The officials' game rewritten by someone holding the store and the service key, but not the officials' keys:
    the arbiter's entered signature made with another key (rechained, the closing signed again), or the arbiter's
    enrolment given another countersignature (the official key lines are outside the chain)."""
    header, records = records_of(export)
    lines = [json.loads(line) for line in export.decode().splitlines()[1 + header["events"]:]]
    keys = [line for line in lines if line["attestation"] == "official_key"]
    if countersignature is not None:
        keys = [dict(k, countersignature=countersignature) if k["role"] == "arbiter" else k for k in keys]
    if signature is not None:
        at = max(i for i, r in enumerate(records) if r.type == "SheetSigned")
        records = rechain(records, {at: dict(records[at].payload, official_signature=signature)})
    forged_lines = forged(records, key).decode().splitlines()
    header = json.loads(forged_lines[0])
    header["attestations"] += len(keys)
    return ("\n".join([canonical(header)] + forged_lines[1:] + [canonical(k) for k in keys]) + "\n").encode()


def test_an_export_carries_the_officials_keys_and_checks_their_entries_and_enrolments_offline(hall, tmp_path):
    """The officials' keys travel with the export: the arbiter's entered signature (FILE 43) and the director's
    confirmation of a replacement verify offline, back to the key enrolled from the data folder; an entry signed
    with another key, or an enrolment nobody countersigned, is caught."""
    export = hall["exports"]["officials"]
    code, text = verify(tmp_path, {"officials.jsonl": export})
    assert code == 0, text
    assert "  official key " in text and "(director:ana): enrolled from the hall's data folder" in text
    assert "(arbiter:luis): countersigned by director:ana" in text
    assert "the signature entered by arbiter:luis verifies with arbiter:luis's official key" in text
    assert "seat 1's new key: the countersignature verifies with director:ana's official key" in text
    assert "verdict: signed, with 1 key replacement and 1 official entry" in text
    code, text = verify(tmp_path, {"entry.jsonl": officials_forged(export, hall["key"], signature=Tablet().raw_sign(
        b"planilla-official/1|sign"))})
    assert code == 1 and "(SheetSigned)" in text and "does not verify against arbiter:luis's official key" in text, text
    code, text = verify(tmp_path, {"enrol.jsonl": officials_forged(export, hall["key"],
                                                                   countersignature=Tablet().raw_sign(b"x"))})
    assert code == 1 and "(arbiter:luis): its countersignature does not verify with director:ana's key" in text, text


def test_a_seats_first_key_registered_during_play_is_a_named_warning(hall, tmp_path):
    """A key the seat got from a code issued during play is not a key bound at the start: the verdict says so, and
    that the seat's acts before it are on paper (issue 26: a token alone never vouches for a seat's key)."""
    code, text = verify(tmp_path, {"late.jsonl": hall["exports"]["late"]})
    assert code == 0 and "  verdict: signed, with 1 key registered late\n" in text, text
    [warning] = [line for line in text.splitlines() if line.startswith("  warning: ")]
    assert "key registered late at event" in warning and "seat 1's first key" in warning
    assert "(device tablet-1b), its code issued by director:ana, during play, after 1 turn" in warning
    code, report = report_of(tmp_path, "late.jsonl", hall["exports"]["late"])
    assert report["verdict"]["kind"] == "late" and report["verdict"]["warnings"][0]["kind"] == "late_key"
