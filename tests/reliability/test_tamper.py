"""Tamper detection, offline: change any byte of an export, or move, drop or add an event, and it is found.

The exports are of real games recorded through the application (a short one with a challenge, an
exchange, a pass and both signatures; a complete 60-turn one), written by ``planilla audit
export`` or ``GET /v1/games/{id}/export``, and checked by ``domain.game.export.verify_export``
(what ``planilla audit verify`` runs), with no server and no database.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.game.export import export_bytes, verify_export
from service.access.application import ServiceApplication
from service.game.application import Actor
from service.settings import settings_env
from tests.application.script import long_game
from tests.reliability.tamperers import byte_changed, lines_of, single_byte_changes, structural_tampers

PLANILLA = str(Path(sys.executable).with_name("planilla"))
DIRECTOR = Actor("director:ana", "desk")


def short_game(app: ServiceApplication) -> UUID:
    """Start, a play challenged and ruled valid, an exchange, passes to the end, both signatures."""
    game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="replay")
    v = app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = app.draw_tiles(game_id, 0, Actor("player:0", "t0"), expected_version=v, tiles=list("CASAXYZ"[:4]) + ["E", "R", "O"])
    v = app.draw_tiles(game_id, 1, Actor("player:1", "t1"), expected_version=v, tiles=list("LUNAMES"))
    v = app.place_tiles(game_id, 0, "H7", "CASA", Actor("player:0", "t0"), expected_version=v)
    v = app.challenge(game_id, 1, Actor("player:1", "t1"), expected_version=v)
    v = app.rule_challenge(game_id, True, "lexicon", DIRECTOR, expected_version=v, auto_draw=False)
    v = app.draw_tiles(game_id, 0, Actor("player:0", "t0"), expected_version=v, tiles=list("IIII"))
    v = app.exchange_tiles(game_id, 1, Actor("player:1", "t1"), expected_version=v, tiles=["L", "U"], drawn=["T", "S"])
    while app.get_game(game_id).phase == "playing":
        v = app.pass_turn(game_id, app.get_game(game_id).turn, Actor("player", "t"), expected_version=v)
    for seat in (0, 1):
        if app.get_game(game_id).phase != "closed":
            v = app.sign(game_id, seat, f"signed by seat {seat}", Actor(f"player:{seat}", f"t{seat}"), expected_version=v)
    return game_id


@pytest.fixture(scope="module")
def exports() -> dict[str, bytes]:
    return build_exports()


def build_exports() -> dict[str, bytes]:
    """The short game's and the long game's exports (the files every tamper test changes)."""
    app = ServiceApplication(settings_env("memory"), clock=lambda: "2025-05-01T10:00:00.000Z",
                             rng=random.Random(5))
    short = short_game(app)
    long_id = long_game(app, seed=11).game_id
    found = {"short": export_bytes(app.history(short)), "long": export_bytes(app.history(long_id))}
    app.close()
    return found


def line_of(data: bytes, position: int) -> int:
    """Which line (0: the header) holds byte ``position``; a newline belongs to the line it ends."""
    return data.count(b"\n", 0, position)


def test_an_untouched_export_verifies(exports):
    for data in exports.values():
        found = verify_export(data)
        assert found.ok, found.describe()
        assert found.events == data.count(b"\n") - 1


def test_the_short_game_covers_what_a_tribunal_looks_at(exports):
    kinds = {json.loads(line)["type"] for line in exports["short"].splitlines()[1:]}
    assert {"PlayChallenged", "ChallengeRuled", "TilesExchanged", "TurnPassed", "SheetSigned"} <= kinds


@pytest.mark.slow
def test_every_single_byte_change_of_an_export_is_found_and_named(exports):
    """Every byte of the short game's export, replaced by each of two other bytes: never intact, and the
    place named is the line holding the byte (or, for a newline, the line it ended or the next)."""
    data = exports["short"]
    checked = 0
    for position, new, changed in single_byte_changes(data):
        found = verify_export(changed)
        assert not found.ok, (position, new)
        if found.readable:
            expected = line_of(data, position)
            assert found.line in (expected, expected + 1) or (found.line == 0 and expected == 0), \
                (position, new, found.describe())
        else:
            assert line_of(data, position) == 0, (position, found.describe())  # only the header's first bytes
        checked += 1
    assert checked == 2 * len(data)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_changed_byte_anywhere_in_a_long_game_is_found_at_its_line(exports, data):
    export = exports["long"]
    position = data.draw(st.integers(0, len(export) - 1))
    new = data.draw(st.integers(0, 255).filter(lambda b: b != export[position]))
    found = verify_export(byte_changed(export, position, new))
    assert not found.ok
    if found.readable:
        assert found.line in (line_of(export, position), line_of(export, position) + 1)


def test_reordering_dropping_or_adding_events_is_found_and_the_first_bad_event_named(exports):
    tampered = structural_tampers(exports["short"])
    found = verify_export(tampered["swapped"])
    assert not found.ok and found.line == 4 and found.version == 5, found.describe()
    found = verify_export(tampered["dropped"])
    assert not found.ok and found.line == 7, found.describe()
    found = verify_export(tampered["cut"])  # the last event dropped: the chain is intact, the header is not
    assert not found.ok and found.line == 0 and "announces" in found.reason, found.describe()
    found = verify_export(tampered["duplicated"])
    assert not found.ok and found.line == 6, found.describe()


def test_a_forged_event_with_a_correct_hash_of_its_own_is_found_by_its_link(exports):
    """Someone rewrites event 5 and recomputes its hash: event 6 no longer names it (and the header's head
    hash stays); rewriting every later event and the header too would need to forge the signatures."""
    found = verify_export(structural_tampers(exports["short"])["forged"])
    assert not found.ok and found.line == 6 and "previous_hash" in found.reason, found.describe()
    assert len(lines_of(exports["short"])) > 7


def test_planilla_audit_export_and_verify_from_the_command_line(tmp_path):
    """Through the console script, on a SQLite data folder: export, verify (exit 0); one byte changed (exit 1,
    the event named); not an export (exit 2)."""
    data = tmp_path / "data"
    app = ServiceApplication(settings_env(data), rng=random.Random(2))
    game_id = short_game(app)
    app.close()
    out = tmp_path / "game.jsonl"
    made = subprocess.run([PLANILLA, "audit", "export", str(game_id), "--data", str(data), "-o", str(out)],
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    ok = subprocess.run([PLANILLA, "audit", "verify", str(out)], capture_output=True, text=True)
    assert ok.returncode == 0 and "intact" in ok.stdout, ok.stdout
    content = out.read_bytes()
    at = content.index(b'"CASA"') + 2
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content[:at] + b"K" + content[at + 1:])
    tampered = subprocess.run([PLANILLA, "audit", "verify", str(out), str(bad)], capture_output=True, text=True)
    assert tampered.returncode == 1, tampered.stdout
    assert f"{out}: intact" in tampered.stdout
    assert f"{bad}: TAMPERED at event 5 (TilesPlaced), line 6" in tampered.stdout, tampered.stdout
    other = tmp_path / "other.gcg"
    other.write_text("#player1 a A\n")
    unreadable = subprocess.run([PLANILLA, "audit", "verify", str(other)], capture_output=True, text=True)
    assert unreadable.returncode == 2 and "not an export" in unreadable.stdout


def test_the_http_export_is_the_same_file_and_verifies(api):
    table = api.table()
    table.start()
    r = api.get(f"/v1/games/{table.id}/export?format=1", api.tokens["tribunal"])
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    assert r.content == export_bytes(api.games.history(UUID(table.id)))
    assert verify_export(r.content).ok
    # Without ?format, version 2 (issue 16): the same event lines under a header naming the service key.
    default = api.get(f"/v1/games/{table.id}/export", api.tokens["tribunal"]).content
    assert default.split(b"\n")[0].startswith(b'{"attestations":') and b'"format":"planilla-audit/2"' in default
    assert default.split(b"\n")[1:len(r.content.split(b"\n")) - 1] == r.content.split(b"\n")[1:-1]
    assert api.get(f"/v1/games/{table.id}/export", table.players[0]).status_code == 403

