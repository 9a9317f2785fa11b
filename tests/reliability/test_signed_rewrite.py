"""A consistent rewrite is caught (issue 16): whoever holds the database can recompute every hash, but not the
players' keys, and not what was sealed on the day.

Games are recorded through the application on a SQLite data folder, their tablets' keys registered when
binding (``tests.keys``: ECDSA P-256 as WebCrypto makes them), signed, closed, the round sealed. The
attacker then works as someone holding the database (and, worst case, the service's key file too):
changes a play's score in the store and recomputes every later hash, or inserts, drops or moves an event
in the export, or moves a game to another round, recomputing the export's header and re-signing what
the service signs. ``planilla audit verify`` (its code, and once the console script) must fail and name
the first event whose player signature no longer verifies, or the seal that does not hold.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any
from io import StringIO
from uuid import UUID

import pytest

from domain.game.attested import SIGNED, Checks, verify_attested
from domain.game.chain import GENESIS, ChainRecord, event_hash, record_of, verify_chain
from domain.game.export import export_bytes, verify_export
from domain.seal.records import head_message
from service.access.application import ServiceApplication
from service.game.application import Actor
from service.trust.attest import attestations, export_attested, seal_round
from service.cli.audit import run_audit_verify
from service.trust.keys import ServiceKey, key_path, verify_ed25519, verify_p256
from service.settings import settings_env
from tests.keys import Tablet

PLANILLA = str(Path(sys.executable).with_name("planilla"))
DIRECTOR = Actor("director:ana", "desk")
NOON = "2025-05-01T12:00:00.000Z"
CHECKS = Checks(verify_p256, verify_ed25519)


def closed_game(app: ServiceApplication, round_: int, table: int, tablets: list[Tablet | None] | None,
                second_play: bool = False) -> UUID:
    """A short game of the Open's round, its seats bound with keys (None: a paper seat; no list: a paper game),
    signed and closed. Each key signs its player's own entries (plays, passes: FILE 32, 26), acceptances (FILE
    37) and sheet signature (FILE 43) over the head the tablet shows; a paper seat's are unsigned by key."""
    tablets = tablets or [None, None]
    game = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="replay",
                           details={"event": "Open", "round": round_, "table": table})
    for seat in range(2):
        code, _, _ = app.issue_seat_code(game, seat, "director:ana")
        app.bind(code, f"tablet-{seat}", None if tablets[seat] is None else tablets[seat].spki)
    player = [Actor("player:0:Ana", "tablet-0"), Actor("player:1:Bea", "tablet-1")]

    def key(seat: int, action: str) -> str | None:
        """The seat's tablet's signature of ``action`` over the head it shows (the last event's hash)."""
        return None if tablets[seat] is None else tablets[seat].sign(action, game, seat, app.history(game)[-1].hash)

    v = app.get_game(game).version
    v = app.give_starter(game, 0, DIRECTOR, expected_version=v)
    v = app.draw_tiles(game, 0, player[0], expected_version=v, tiles=list("CASAERO"))
    v = app.draw_tiles(game, 1, player[1], expected_version=v, tiles=list("LUNAMES"))
    v = app.place_tiles(game, 0, "H7", "CASA", player[0], expected_version=v, key_signature=key(0, "place_tiles"))
    v = app.accept(game, 1, player[1] if tablets[1] else DIRECTOR, expected_version=v, auto_draw=False,
                   key_signature=key(1, "accept"))  # FILE 37: Bea's tablet signs her acceptance (an arbiter's on paper)
    v = app.draw_tiles(game, 0, player[0], expected_version=v, tiles=list("IIII"))
    if second_play:  # Bea passes, Ana plays again through the C: her play's own signature binds all before it
        v = app.pass_turn(game, 1, player[1], expected_version=v, key_signature=key(1, "pass_turn"))
        v = app.place_tiles(game, 0, "7G", "O.I", player[0], expected_version=v, key_signature=key(0, "place_tiles"))
        v = app.accept(game, 1, player[1] if tablets[1] else DIRECTOR, expected_version=v, auto_draw=False,
                       key_signature=key(1, "accept"))
        v = app.draw_tiles(game, 0, player[0], expected_version=v, tiles=list("EE"))
    while app.get_game(game).phase == "playing":
        seat = app.get_game(game).turn
        v = app.pass_turn(game, seat, player[seat], expected_version=v, key_signature=key(seat, "pass_turn"))
    for seat in range(2):
        if tablets[seat] is None:
            v = app.sign(game, seat, "signed on paper", DIRECTOR, expected_version=v)
            continue
        v = app.sign(game, seat, f"seat {seat}", player[seat], expected_version=v, key_signature=key(seat, "sign"))
    assert app.get_game(game).phase == "closed"
    return game


@pytest.fixture(scope="module")
def hall(tmp_path_factory) -> dict[str, Any]:
    """Round 1: two games with keys and a paper game; round 2: one game with keys and one whose second seat is a
    paper seat (Ana's tablet has a key, Bea's sheet is entered on paper). Both rounds sealed."""
    data = tmp_path_factory.mktemp("hall") / "data"
    key, made = ServiceKey.for_store(str(data))
    assert made and key.path == data / "keys" / "service-ed25519.pem" and key.path.stat().st_mode & 0o777 == 0o600
    app = ServiceApplication(settings_env(str(data)), clock=lambda: NOON, rng=random.Random(3), service_key=key)
    games = {"signed": closed_game(app, 1, 1, [Tablet(), Tablet()]), "other": closed_game(app, 1, 2, [Tablet(), Tablet()]),
             "paper": closed_game(app, 1, 3, None), "round2": closed_game(app, 2, 1, [Tablet(), Tablet()]),
             "mixed": closed_game(app, 2, 2, [Tablet(), None], second_play=True)}
    seals = {r: seal_round(app, "Open", r) for r in (1, 2)}
    exports = {name: export_attested(app, game) for name, game in games.items()}
    app.close()
    return {"data": data, "key": key, "games": games, "seals": seals, "exports": exports}


def test_every_untouched_export_verifies_with_its_seal(hall):
    assert hall["seals"][1]["count"] == 3 and hall["seals"][2]["count"] == 2
    for name, data in hall["exports"].items():
        seal = hall["seals"][2 if name in ("round2", "mixed") else 1]
        found = verify_attested(data, CHECKS, hall["key"].public_key, seal)
        assert found.ok, (name, found.describe())
    paper = verify_attested(hall["exports"]["paper"], CHECKS, hall["key"].public_key)
    assert sum("unsigned by key" in n for n in paper.notes) == 2


# ---- the attacker's tools -------------------------------------------------------------------------
def rechain(records: list[ChainRecord], payloads: dict[int, dict[str, Any]] | None = None) -> list[ChainRecord]:
    """Renumber and rehash every record as an attacker would: links, versions, signatures' heads."""
    out: list[ChainRecord] = []
    previous = GENESIS
    for index, rec in enumerate(records):
        payload = dict((payloads or {}).get(index, rec.payload))
        if rec.type == "SheetSigned":
            payload["head_hash"] = previous
        if rec.type in SIGNED and payload.get("key"):
            payload["key"] = dict(payload["key"], seen_head=previous)
        meta = {"previous_hash": previous, "actor": rec.actor, "device": rec.device, "at": rec.at}
        digest = event_hash(rec.game, rec.type, index + 1, payload, meta)
        out.append(rec._replace(version=index + 1, previous_hash=previous, hash=digest, payload=payload))
        previous = digest
    assert verify_chain(out) is None  # a consistent history: the chain alone cannot tell
    return out


def records_of(data: bytes) -> tuple[dict[str, Any], list[ChainRecord]]:
    lines = data.decode().splitlines()
    header = json.loads(lines[0])
    return header, [ChainRecord(**json.loads(line)) for line in lines[1:1 + header["events"]]]


def forged(records: list[ChainRecord], key: ServiceKey) -> bytes:
    """The attacker's export: the service's closing signature made again with the stolen service key."""
    closed = records[-1]
    att = [{"attestation": "head_signature", "version": closed.version, "head_hash": closed.hash,
            "fingerprint": key.fingerprint, "signature": key.sign(head_message(closed.game, closed.version, closed.hash)),
            "at": closed.at}]
    from domain.game.attested import attested_bytes
    return attested_bytes(records, att, key.public_key)


def first_signature(records: list[ChainRecord], start: int = 0) -> ChainRecord:
    """The first event from ``start`` on that a player's key signed (an entry, an acceptance, a sheet signature)."""
    return next(r for r in records[start:] if r.type in SIGNED and r.payload.get("key"))


# ---- the proofs -----------------------------------------------------------------------------------
def test_a_score_changed_in_the_store_with_every_hash_recomputed_is_caught_at_the_first_player_signature(hall, tmp_path):
    """The attacker holds the SQLite file and the service's key file: +10 on the play, every later event's
    hash, link and signature head recomputed in the store itself, the closing re-signed. The chain verifies
    (planilla-audit/1 says intact); the players' keys do not: verify names the first SheetSigned."""
    import shutil

    data = tmp_path / "data"
    shutil.copytree(hall["data"], data)
    game = hall["games"]["signed"]
    app = ServiceApplication(settings_env(str(data)), service_key=hall["key"])
    stored = list(app.recorder.select_events(game))
    events = [app.mapper.to_domain_event(s) for s in stored]
    table = app.recorder.events_table_name
    previous = GENESIS
    with sqlite3.connect(data / "events.sqlite3") as db:
        for event in events:
            changes: dict[str, Any] = {"previous_hash": previous}
            name = type(event).__name__
            if name == "TilesPlaced":
                changes.update(score=event.score + 10, total=event.total + 10)
            if name == "SheetSigned":
                changes.update(head_hash=previous, key=dict(event.key, seen_head=previous))
            if name in SIGNED and name != "SheetSigned" and getattr(event, "key", None):
                changes.update(key=dict(event.key, seen_head=previous))
            if name != "Created":
                event = dataclasses.replace(event, **changes)
                rec = record_of(event)
                meta = {"previous_hash": previous, "actor": rec.actor, "device": rec.device, "at": rec.at}
                event = dataclasses.replace(event, hash=event_hash(rec.game, rec.type, rec.version, rec.payload, meta))
                db.execute(f"UPDATE {table} SET state=? WHERE originator_id=? AND originator_version=?",
                           (app.mapper.to_stored_event(event).state, game.hex, event.originator_version))
            previous = event.hash
        db.execute("DELETE FROM snapshots") if db.execute(
            "SELECT name FROM sqlite_master WHERE name='snapshots'").fetchone() else None
    app.close()

    again = ServiceApplication(settings_env(str(data)), service_key=hall["key"])
    records = again.history(game)
    before = [r.payload["score"] for r in records_of(hall["exports"]["signed"])[1] if r.type == "TilesPlaced"]
    assert [r.payload["score"] for r in records if r.type == "TilesPlaced"] == [score + 10 for score in before]
    assert again.verify(game) is None and verify_export(export_bytes(records)).ok  # the chain alone is fooled
    rewritten = forged(records, hall["key"])
    again.close()
    found = verify_attested(rewritten, CHECKS, hall["key"].public_key)
    play = next(i for i, r in enumerate(records) if r.type == "TilesPlaced")
    assert first_signature(records, play) is records[play]  # the play's own signature: over the head before it
    target = first_signature(records, play + 1)  # Bea's acceptance of that very play (FILE 37)
    assert target.type == "PlayAccepted" and target.version == records[play].version + 1
    assert not found.ok and (found.version, found.type) == (target.version, "PlayAccepted"), found.describe()
    assert "seat 1's acceptance does not verify against seat 1's registered key" in found.reason
    assert found.describe().startswith(f"TAMPERED at event {target.version} (PlayAccepted), line {target.version + 1}")


@pytest.mark.parametrize("edit", ["insert", "drop"])
def test_an_event_inserted_or_dropped_is_caught_at_the_first_player_signature(hall, edit):
    header, records = records_of(hall["exports"]["signed"])
    play = next(i for i, r in enumerate(records) if r.type == "TurnPassed")
    if edit == "insert":
        changed = records[:play] + [records[play], records[play]] + records[play + 1:]  # one more pass
    else:
        changed = records[:play] + records[play + 1:]
    rewritten = rechain(changed)
    found = verify_attested(forged(rewritten, hall["key"]), CHECKS, hall["key"].public_key, hall["seals"][1])
    # Each pass is key-signed (FILE 26) over the head before it: the copy inserted, or the pass after the one
    # dropped, names a head its player never signed.
    target = rewritten[play + 1] if edit == "insert" else rewritten[play]
    seat = target.payload["seat"]
    assert target.type == "TurnPassed" and target.payload["key"]
    assert first_signature(rewritten, play + (edit == "insert")) is target
    assert not found.ok and (found.version, found.type) == (target.version, "TurnPassed"), found.describe()
    assert f"seat {seat}'s pass does not verify against seat {seat}'s registered key" in found.reason
    early = next(i for i, r in enumerate(records) if r.type == "TilesDrawn")  # before the play: the play's own fails
    moved = rechain(records[:early] + [records[early], records[early]] + records[early + 1:])
    found = verify_attested(forged(moved, hall["key"]), CHECKS, hall["key"].public_key)
    assert (found.version, found.type) == (first_signature(moved).version, "TilesPlaced"), found.describe()
    assert "seat 0's play does not verify against seat 0's registered key" in found.reason


def test_a_score_rewritten_before_a_players_own_play_is_caught_at_that_plays_signature(hall):
    """A table whose second seat is on paper (Bea's acceptances and passes unsigned by key): the attacker adds 10
    to Ana's first play and recomputes everything. No acceptance of Bea's binds it; Ana's own next play, key-signed
    over the head her tablet showed (FILE 32), does: verify names that play, the first key-signed event after it."""
    header, records = records_of(hall["exports"]["mixed"])
    plays = [i for i, r in enumerate(records) if r.type == "TilesPlaced"]
    first = plays[0]
    scored = dict(records[first].payload, score=records[first].payload["score"] + 10)
    rewritten = rechain(records, {first: scored})
    found = verify_attested(forged(rewritten, hall["key"]), CHECKS, hall["key"].public_key)
    target = first_signature(rewritten, first + 1)
    assert target is rewritten[plays[1]] and target.payload["key"]  # nothing key-signed between the two plays
    assert not found.ok and (found.version, found.type) == (target.version, "TilesPlaced"), found.describe()
    assert "seat 0's play does not verify against seat 0's registered key" in found.reason
    assert found.describe().startswith(f"TAMPERED at event {target.version} (TilesPlaced)")
    untouched = verify_attested(hall["exports"]["mixed"], CHECKS, hall["key"].public_key, hall["seals"][2])
    assert untouched.ok and sum("seat 0's play verifies" in n for n in untouched.notes) == 2, untouched.describe()


def test_a_game_moved_to_another_round_fails_the_seal_even_without_players_keys(hall):
    """A paper game (no tablet keys): the attacker rewrites its round from 1 to 2, recomputes every hash and
    re-signs the closing with the stolen service key. Nothing in the file contradicts it; the seals published
    on the day do: not in round 2's, and round 1's names another round."""
    header, records = records_of(hall["exports"]["paper"])
    created = dict(records[0].payload, details=dict(records[0].payload["details"], round=2))
    rewritten = rechain(records, {0: created})
    data = forged(rewritten, hall["key"])
    assert verify_attested(data, CHECKS, hall["key"].public_key).ok  # without the seal: consistent
    in_round2 = verify_attested(data, CHECKS, hall["key"].public_key, hall["seals"][2])
    assert not in_round2.ok and "not among the seal's games" in in_round2.reason, in_round2.describe()
    in_round1 = verify_attested(data, CHECKS, hall["key"].public_key, hall["seals"][1])
    assert not in_round1.ok and "created for Open round 2" in in_round1.reason
    # and a real game of round 2 shown as if of round 1: refused by round 1's seal
    moved = verify_attested(hall["exports"]["round2"], CHECKS, hall["key"].public_key, hall["seals"][1])
    assert not moved.ok and "the seal is of Open round 1" in moved.reason


def test_the_service_signature_binds_a_head_to_the_service_key(hall):
    """Without the service's key file the attacker's closing signature fails; a seal or export signed by
    another key fails against the key given on the command line."""
    header, records = records_of(hall["exports"]["paper"])
    stranger = ServiceKey.generate()
    rewritten = rechain(records[:-1] + [records[-1]])
    own = verify_attested(forged(rewritten, stranger), CHECKS, hall["key"].public_key)
    assert not own.ok and "not the one given" in own.reason
    swapped = dict(hall["seals"][1], signature=stranger.sign(b"x"))
    bad = verify_attested(hall["exports"]["paper"], CHECKS, hall["key"].public_key, swapped)
    assert not bad.ok and "seal's signature does not verify" in bad.reason
    lines = hall["exports"]["paper"].split(b"\n")
    att = json.loads(lines[-2])
    lines[-2] = json.dumps(dict(att, signature=stranger.sign(b"y")), sort_keys=True, separators=(",", ":")).encode()
    bad = verify_attested(b"\n".join(lines), CHECKS, hall["key"].public_key)
    assert not bad.ok and "does not verify against the service key" in bad.reason


def test_a_signature_stripped_from_a_keyed_seat_is_caught(hall):
    """The attacker drops a player's key signature (making the sheet look signed on paper): the seat had a
    registered key at that time, so the export says so at that event."""
    header, records = records_of(hall["exports"]["signed"])
    index = next(i for i, r in enumerate(records) if r.type == "SheetSigned")
    rewritten = rechain(records, {index: dict(records[index].payload, key=None)})
    found = verify_attested(forged(rewritten, hall["key"]), CHECKS, hall["key"].public_key)
    assert not found.ok and found.version == rewritten[index].version
    assert "carries no key signature, but seat 0 had a registered key then" in found.reason


def test_the_console_script_verifies_offline_and_names_the_event(hall, tmp_path):
    good, seal, key = tmp_path / "good.jsonl", tmp_path / "round1.seal.json", tmp_path / "service.key"
    good.write_bytes(hall["exports"]["signed"])
    seal.write_text(json.dumps(hall["seals"][1]))
    key.write_text(hall["key"].public_key + "\n")
    header, records = records_of(hall["exports"]["signed"])
    play = next(i for i, r in enumerate(records) if r.type == "TilesPlaced")
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(forged(rechain(records, {play: dict(records[play].payload, score=99)}), hall["key"]))
    target = first_signature(records, play + 1)  # the play's own signature is over the head before it
    ok = subprocess.run([PLANILLA, "audit", "verify", "--service-key", str(key), "--seal", str(seal), str(good)],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "intact" in ok.stdout and "in the seal of Open round 1" in ok.stdout, ok.stdout
    no = subprocess.run([PLANILLA, "audit", "verify", "--service-key", hall["key"].public_key, str(bad)],
                        capture_output=True, text=True, timeout=60)
    assert no.returncode == 1 and f"TAMPERED at event {target.version} (PlayAccepted)" in no.stdout, no.stdout


def test_an_old_planilla_audit_1_export_verifies_as_before_and_is_reported_unsigned(hall, tmp_path, capsys):
    from io import StringIO

    app = ServiceApplication(settings_env(str(hall["data"])))
    old = tmp_path / "old.jsonl"
    old.write_bytes(export_bytes(app.history(hall["games"]["signed"])))
    app.close()
    out = StringIO()
    assert run_audit_verify([str(old)], out) == 0
    assert "intact" in out.getvalue() and "planilla-audit/1: unsigned" in out.getvalue()
    # Asked what a version-1 file cannot answer (issue 26): exit 3, "cannot check what was asked", not 0.
    out = StringIO()
    assert run_audit_verify([str(old)], out, service_key=hall["key"].public_key) == 3
    assert "intact" in out.getvalue() and "cannot check what was asked: --service-key" in out.getvalue()
    out = StringIO()
    seal = tmp_path / "seal.json"
    seal.write_text(json.dumps(hall["seals"][1]))
    assert run_audit_verify([str(old)], out, seal=str(seal)) == 3
    assert "cannot check what was asked: --seal" in out.getvalue()
    assert "export the game again with --format 2" in out.getvalue()


def test_the_key_file_lives_in_the_data_folder_and_a_database_url_keeps_it_on_the_server(tmp_path):
    assert key_path(str(tmp_path / "d")) == tmp_path / "d" / "keys" / "service-ed25519.pem"
    assert key_path("postgresql://u@127.0.0.1:5432/db") == Path("data") / "keys" / "service-ed25519.pem"
    assert key_path("memory") is None
    first, made = ServiceKey.load_or_create(tmp_path / "k.pem")
    again, made_again = ServiceKey.load_or_create(tmp_path / "k.pem")
    assert made and not made_again and first.public_key == again.public_key


def test_any_single_byte_changed_in_a_version_2_export_is_found(hall):
    """As for version 1 (test_tamper.py), now with the key signatures, the service's attestations and the
    seal's proof in the file: 1,500 positions chosen at random (seeded), each byte replaced by another."""
    data = hall["exports"]["signed"]
    lines = data.split(b"\n")
    assert json.loads(lines[0])["attestations"] == 2  # the closing's signature and the round seal's proof
    rng = random.Random(16)
    key = hall["key"].public_key
    for position in rng.sample(range(len(data)), 1500):
        value = rng.choice([b for b in range(256) if b != data[position]])
        changed = data[:position] + bytes([value]) + data[position + 1:]
        found = verify_attested(changed, CHECKS, key, hall["seals"][1])
        assert not found.ok, (position, data[max(0, position - 30):position + 30])


def test_the_command_line_exports_version_2_seals_a_round_and_verifies_both(hall, tmp_path):
    """`planilla audit export --format 2`, `planilla audit seal` and `verify` on the store's data folder (its
    key file in `<data>/keys`): the same round sealed again without change is the same seal."""
    from service.cli.audit import run_audit_export, run_audit_seal

    data, export, seal = str(hall["data"]), tmp_path / "game.jsonl", tmp_path / "seal.json"
    assert run_audit_export(str(hall["games"]["signed"]), data, str(export), version=2) == 0
    assert export.read_bytes() == hall["exports"]["signed"]
    assert run_audit_seal(data, "Open", "1", str(seal)) == 0
    sealed = json.loads(seal.read_text())
    assert sealed["root"] == hall["seals"][1]["root"] and sealed["sealed_at"] == hall["seals"][1]["sealed_at"]
    assert run_audit_verify([str(export)], StringIO(), service_key=hall["key"].public_key, seal=str(seal)) == 0
    assert run_audit_seal(str(tmp_path / "elsewhere"), "Open", "1", None) == 2  # no key there: nothing sealed
