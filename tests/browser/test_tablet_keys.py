"""Players' keys made and used by the tablets in Chromium (issue 16).

Two tablets bind by their seats' codes (``#bind=CODE``, the QR's address): each makes an ECDSA P-256 pair
through WebCrypto (the private key not extractable, kept in IndexedDB) and registers the public key in the
bind call. The second player's tablet is bound again with a new code (as after a broken tablet): a new
key, recorded as replacing the first, and the one it signs with from then on. They play a short game to
both signatures: the opponent's acceptance and each sheet signature
are key-signed over the head the tablet showed. The game's ``planilla-audit/2`` export (the service key
given) is intact for ``planilla audit verify`` with both players' signatures verified, and ``/verify``
(WebCrypto's ECDSA and Ed25519 in Chromium) prints the same lines; a consistent rewrite of the same file
(a score changed, every hash and the closing signature made again) is caught by both at the acceptance.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

from io import StringIO

from domain.game.chain import ChainRecord
from domain.game.receipt import grouped, short_code
from service.cli.audit import run_audit_verify
from service.trust.keys import ServiceKey
from tests.browser.conftest import TABLET_LANDSCAPE, PHONE, screenshot
from tests.browser.hall import Game
from tests.browser.tablet import Tablet, close_all, expect, pass_to_the_end
from tests.browser.test_tablet_shared import codes, events
from tests.reliability.test_signed_rewrite import forged, rechain

PLANILLA = str(Path(sys.executable).with_name("planilla"))


def command_lines(paths: list[Path], key: str) -> list[str]:
    run = subprocess.run([PLANILLA, "audit", "verify", "--service-key", key, *map(str, paths)], capture_output=True,
                         text=True, timeout=120)
    return run.stdout.splitlines()


def page_lines(page: Any, paths: list[Path], key: str) -> list[str]:
    page.get_by_test_id("service-key").fill(key)
    page.get_by_test_id("file").set_input_files([str(p) for p in paths])
    page.wait_for_selector(f'[data-testid="checked"][data-count="{len(paths)}"]', state="attached")
    shown = page.get_by_test_id("command-line").all_inner_texts()
    # newest first on the page: back in the order given
    return [line for block in reversed(shown) for line in block.splitlines()]


@pytest.fixture
def signing_hall(hall: Any) -> Iterator[Any]:
    """The session's hall, signing its closings with a service key (as `planilla serve` does) for this test only."""
    before = hall.games.service_key
    hall.games.service_key = ServiceKey.generate()
    try:
        yield hall
    finally:
        hall.games.service_key = before


def test_two_tablets_bind_with_keys_sign_with_them_and_the_version_2_export_verifies_in_the_cli_and_the_page(
        browser: Any, signing_hall: Any, tmp_path: Path) -> None:
    hall = signing_hall
    game = hall.new_game("file-2024")
    starter = game.draw_for_start()
    second = 1 - starter
    seat_codes = codes(game)
    tabs = {seat: Tablet(browser, game, seat, TABLET_LANDSCAPE, lang="es",
                         address=f"{hall.url}/tablet#bind={seat_codes[seat]}") for seat in (0, 1)}
    first, other = tabs[starter], tabs[second]
    # Each binding registered a key: a KeyRegistered per seat, from that tablet's device, its private key held
    # by the browser and not extractable.
    registered = [e for e in events(game) if e["type"] == "KeyRegistered"]
    assert sorted(e["payload"]["seat"] for e in registered) == [0, 1]
    for seat, tab in tabs.items():
        kept = tab.page.evaluate("""async ([game, seat]) => {
          const { seatKey } = await import('/static/js/keys.js');
          const { openStore } = await import('/static/js/store.js');
          const key = await seatKey(await openStore('planilla'), game, seat);
          return key && { fingerprint: key.fingerprint, extractable: key.privateKey.extractable,
                          type: key.privateKey.type, algorithm: key.privateKey.algorithm.namedCurve };
        }""", [game.id, seat])
        mine = next(e for e in registered if e["payload"]["seat"] == seat)
        assert kept == {"fingerprint": mine["payload"]["fingerprint"], "extractable": False, "type": "private",
                        "algorithm": "P-256"}
    assert registered[0]["payload"]["fingerprint"] != registered[1]["payload"]["fingerprint"]

    # The second player's tablet is bound again (a new code, as after a broken tablet): a new key, recorded as
    # replacing the first, and the one this tablet now signs with.
    again = codes(game)[second]
    other.page.goto(f"{hall.url}/")  # away, then the new code: a fresh binding
    other.page.goto(f"{hall.url}/tablet#bind={again}")
    expect(other.page.locator("#banner")).to_be_visible()
    # Issue 26: during the game the new key is only proposed; the opponent's tablet countersigns it with its own key.
    assert [p["seat"] for p in game.state()["key_proposals"]] == [second]
    first.sync()
    first.tap(first.page.locator('[data-testid="key-replacing"]').get_by_role("button"))
    rebound = [e for e in events(game) if e["type"] == "KeyRegistered"]
    assert len(rebound) == 3 and rebound[-1]["payload"]["seat"] == second
    old = next(e for e in registered if e["payload"]["seat"] == second)["payload"]["fingerprint"]
    assert rebound[-1]["payload"]["replaces"] == old and rebound[-1]["payload"]["fingerprint"] != old
    registered = [e for e in rebound if e["payload"]["fingerprint"] != old]

    # The deal, one play, its acceptance written on the opponent's tablet (key-signed), passes to the end.
    first.act("action.draw_tiles")
    other.act("action.draw_tiles")
    rack = [x for x in game.state(game.tokens[starter])["players"][starter]["rack"] if x != "?"]
    first.enter_play("H7", "".join(f"[{x}]" for x in rack[:2]), announced=1, total=1)
    score = game.state()["last_turn"]["score"]
    other.expect_banner("wait.acceptance.you", name=game.state()["players"][starter]["name"])
    other.accept(score=score, total=score)
    pass_to_the_end(game, tabs)
    first.act("action.sign")
    other.expect_banner("wait.signatures.you")
    other.act("action.sign")
    for tab in tabs.values():
        tab.expect_banner("wait.closed")
    # Issue 26: each tablet keeps the player's receipt of the closing (QR code and short code) until the player
    # confirms they have it.
    closing = next(e for e in reversed(events(game)) if e["type"] == "GameClosed")
    code = grouped(short_code(closing["hash"]))
    for tab in tabs.values():
        expect(tab.page.get_by_test_id("receipt-code")).to_have_text(code)
        assert tab.page.locator('[data-testid="receipt"] svg').count() == 1
    first.page.click("#receipt-confirmed")
    expect(first.page.get_by_test_id("receipt")).to_have_count(0)
    expect(other.page.get_by_test_id("receipt-code")).to_have_text(code)  # until its own player confirms

    history = events(game)
    accepted = [e for e in history if e["type"] == "PlayAccepted"]
    assert len(accepted) == 1 and accepted[0]["payload"]["key"]["seat"] == second
    written = next(e for e in history if e["type"] == "SheetEntryWritten" and e["payload"]["sheet"] == second)
    assert written["sequence"] > accepted[0]["sequence"], "with a key, the signed acceptance goes first, then the line"
    # Every play and pass came from a tablet with a key: each is key-signed by its player (FILE 32, 26), and so
    # is each line a tablet wrote on its own sheet (signed over the head shown once what came before answered).
    keyed = [e for e in history if isinstance(e["payload"], dict) and e["payload"].get("key")]
    entries = [e for e in history if e["type"] in ("TilesPlaced", "TurnPassed", "SheetEntryWritten")]
    assert entries and all(e["payload"]["key"] for e in entries), [(e["type"], e["payload"]) for e in entries]
    by_key = {e["payload"]["fingerprint"]: e["payload"]["seat"] for e in registered}
    for e in entries:
        seat = e["payload"]["sheet" if e["type"] == "SheetEntryWritten" else "seat"]
        assert by_key[e["payload"]["key"]["fingerprint"]] == seat
    signed = [e for e in history if e["type"] == "SheetSigned"]
    assert [s["payload"]["seat"] for s in signed] == [starter, second]
    by_seat = {e["payload"]["seat"]: e["payload"]["fingerprint"] for e in registered}
    for s in signed:
        assert s["payload"]["key"]["fingerprint"] == by_seat[s["payload"]["seat"]]
        assert s["payload"]["key"]["seen_head"] == s["payload"]["head_hash"]

    # The export (version 2 by default) and a consistent rewrite of it.
    r = hall.http.get(f"/v1/games/{game.id}/export", headers=hall.headers(hall.director))
    assert r.status_code == 200 and b'"format":"planilla-audit/2"' in r.content.split(b"\n")[0]
    export = tmp_path / "game.jsonl"
    export.write_bytes(r.content)
    header = json.loads(r.content.split(b"\n")[0])
    records = [ChainRecord(**json.loads(line)) for line in r.content.split(b"\n")[1:1 + header["events"]]]
    play = next(i for i, rec in enumerate(records) if rec.type == "TilesPlaced")
    rewritten = tmp_path / "rewritten.jsonl"
    rewritten.write_bytes(forged(rechain(records, {play: dict(records[play].payload,
                                                                 score=records[play].payload["score"] + 10)}),
                                 hall.games.service_key))
    key = hall.games.service_key.public_key
    said = command_lines([export, rewritten], key)
    assert said[0].startswith(f"{export}: intact"), said
    assert sum("verifies with the key registered at event" in line for line in said) == len(keyed), said
    assert any(line.startswith(f"{rewritten}: TAMPERED at event {records[play].version + 1} (PlayAccepted)")
               for line in said), said

    verify = browser.new_context(viewport=TABLET_LANDSCAPE)
    page = verify.new_page()
    page.goto(f"{hall.url}/verify")
    assert page.evaluate("""async () => (await import('/static/js/audit/audit2.js')).ed25519Supported()"""), \
        "Chromium's WebCrypto checks Ed25519"
    shown = page_lines(page, [export, rewritten], key)
    assert [line.replace(str(tmp_path) + "/", "") for line in said] == shown
    expect(page.get_by_test_id("signed-by").first).to_contain_text(str(len(keyed)))
    # The receipt's code typed in (as --receipt): the page names the re-binding and the receipt, as the command.
    page.get_by_test_id("receipt-code").fill(code.lower())
    page.get_by_test_id("file").set_input_files([str(export)])
    page.wait_for_selector('[data-testid="checked"][data-count="3"]', state="attached")
    expect(page.get_by_test_id("hands").first).to_have_attribute("data-kind", "replaced")
    expect(page.get_by_test_id("receipt").first).to_have_attribute("data-state", "held")
    expect(page.locator('[data-testid="warnings"] li[data-kind="key_replacement"]').first).to_be_visible()
    out = StringIO()
    assert run_audit_verify([str(export)], out, service_key=key, receipt=code.lower()) == 0
    assert page.get_by_test_id("command-line").first.inner_text().replace(str(tmp_path) + "/", "") \
        == out.getvalue().rstrip("\n").replace(str(tmp_path) + "/", "")
    verify.close()

    # The screens: the intact file and its rewrite, the service key typed in (es and ca, tablet and phone).
    for lang in ("es", "ca"):
        for size, viewport in (("landscape", TABLET_LANDSCAPE), ("phone", PHONE)):
            context = browser.new_context(viewport=viewport)
            context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
            page = context.new_page()
            page.goto(f"{hall.url}/verify")
            page_lines(page, [rewritten, export], key)
            if size == "phone":  # the phone shows the verdicts; the tablet the key field and the first verdict
                page.evaluate("document.querySelector('[data-testid=finding]').scrollIntoView()")
            assert not page.evaluate("[...window.planillaMissing]")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"{lang} {size}: sideways"
            screenshot(page, f"verify-v2-{lang}-{size}")
            context.close()
    close_all(tabs.values())
