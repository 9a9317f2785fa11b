"""Official keys and a countersigned replacement in Chromium (issue 26): the console makes an official's key
through WebCrypto (not extractable), shows it as the PEM `planilla official enrol` takes, and, once the key is
enrolled, signs the official entry it sends for a seat no tablet holds (recorded as the arbiter's, with the
key); a tablet replaced during the game is confirmed by the opponent's tablet, whose own key countersigns the
new key's fingerprint, and both tablets then say whose key was replaced and by whom (FILE 43)."""

from __future__ import annotations

from typing import Any

from domain.game.official import official_entries, verify_with
from service.trust.keys import decode_public_key, verify_p256
from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, screenshot
from tests.keys import Tablet as Colleague
from tests.reliability.test_verdict import officials_game
from tests.browser.hall import Hall
from tests.browser.tablet import Tablet, expect, text

WALL = {"width": 1920, "height": 1080}
EVENT = "Obert de les claus"


def history(hall: Hall, game: Any) -> list[dict[str, Any]]:
    return hall.http.get(f"/v1/games/{game.id}/events", headers=hall.headers(hall.director)).json()["events"]


def test_the_console_makes_an_official_key_and_signs_an_official_entry_with_it(browser: Any, hall: Hall) -> None:
    game = hall.new_game(event=EVENT, round=1, table=1)
    starter = game.draw_for_start()
    for k in range(2):
        game.official("draw_tiles", token=game.tokens[(starter + k) % 2])
    context = browser.new_context(viewport=WALL)
    context.add_init_script("localStorage.setItem('planilla.lang', 'es');"
                            f"localStorage.setItem('planilla.console', JSON.stringify({{event: '{EVENT}', round: '1'}}))")
    page = context.new_page()
    page.goto(f"{hall.url}/console#token={hall.arbiter}")
    page.locator(f'button.table-tile[data-game="{game.id}"]').click()
    make = page.locator("form.official-key")
    make.get_by_label(text("es", "console.key_role")).select_option("arbiter")
    make.get_by_label(text("es", "console.key_label")).fill("arbiter-1")
    make.get_by_role("button").click()
    made = page.locator(".official-key-made")
    expect(made).to_be_visible()
    fingerprint, pem = made.get_attribute("data-fingerprint"), made.locator("pre.pem").inner_text()
    assert made.get_attribute("data-actor") == "arbiter:arbiter-1"
    kept = page.evaluate("""async () => {
      const { openStore } = await import('/static/js/store.js');
      const { officialKey } = await import('/static/js/official_key.js');
      const key = await officialKey(await openStore('planilla'));
      return { extractable: key.privateKey.extractable, type: key.privateKey.type, fingerprint: key.fingerprint }; }""")
    assert kept == {"extractable": False, "type": "private", "fingerprint": fingerprint}  # made here, never exported
    assert decode_public_key(pem)[1] == fingerprint  # the PEM is the key the fingerprint names
    assert hall.games.enrol_official_key("arbiter", "arbiter-1", pem).fingerprint == fingerprint  # the data folder's hand

    seat = game.state()["seat_on_turn"]
    passed = page.locator(f'form.command[data-type="pass_turn"][data-seat="{seat}"]')
    expect(passed).to_be_visible()  # no tablet holds the seat: the arbiter enters the pass for the player
    for field in ("official_key", "official_signature", "key_signature", "countersignature"):  # the console signs
        assert page.locator(f'form.command [name="{field}"]').count() == 0, field
    passed.get_by_role("button").click()
    expect(page.locator(f'form.command[data-type="pass_turn"][data-seat="{seat}"]')).to_have_count(0)
    events = history(hall, game)
    last = [e for e in events if e["type"] == "TurnPassed"][-1]
    assert last["actor"] == "arbiter:arbiter-1" and last["payload"]["official_key"] == fingerprint, last
    records = [{"game": game.id, "type": e["type"], "version": e["sequence"], "previous_hash": e["previous_hash"],
                "hash": e["hash"], "actor": e["actor"], "device": e["device"], "at": e["recorded_at"],
                "payload": e["payload"]} for e in events]
    [entry] = official_entries(records, verify_with({fingerprint: decode_public_key(pem)[0]}, verify_p256))
    assert entry.verified is True and entry.seat == seat

    # a colleague's new key, countersigned from this console: its fingerprint shown before anything is signed
    colleague = Colleague()
    form = page.locator("form.countersign")
    form.locator('[name="label"]').fill("marta")
    form.locator('[name="public_key"]').fill(pemOf(colleague))
    expect(form.get_by_test_id("countersign-fingerprint")).to_have_text(colleague.fingerprint)
    form.get_by_role("button").click()
    expect(form.get_by_test_id("countersign-done")).to_have_attribute("data-fingerprint", colleague.fingerprint)
    enrolled = hall.http.get(f"/v1/officials/keys/{colleague.fingerprint}", headers=hall.headers(hall.director)).json()
    assert (enrolled["actor"], enrolled["enrolled_by"], enrolled["countersigned_by"]) == (
        "arbiter:marta", "arbiter:arbiter-1", fingerprint)
    form.locator('[name="label"]').fill("pere")
    form.locator('[name="public_key"]').fill(pemOf(Colleague()))
    page.evaluate("document.activeElement.blur()")
    screenshot(page, "console-countersign-es-wall")
    context.close()


def pemOf(key: Colleague) -> str:
    from cryptography.hazmat.primitives import serialization
    return key.private.public_key().public_bytes(serialization.Encoding.PEM,
                                                 serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def test_verify_names_official_hands_in_the_readers_language(browser: Any, hall: Hall, tmp_path: Any) -> None:
    """The officials' game (a replacement confirmed by the director's key, a signature entered by the arbiter's):
    /verify checks their keys from the export and says each warning in Spanish and Catalan, not the command's
    English (which stays, word for word, in the command's block)."""
    from domain.game.receipt import grouped, short_code
    from service.trust.keys import ServiceKey

    game = officials_game(hall.games)
    closing = hall.games.history(game)[-1]  # the receipt's code, as the tablets show it (this hall signs nothing)
    receipt = {"code": short_code(closing.hash), "version": closing.version}
    export = hall.http.get(f"/v1/games/{game}/export?format=2", headers=hall.headers(hall.director))
    assert export.status_code == 200, export.text
    path = tmp_path / "officials.jsonl"
    path.write_bytes(export.content)
    for lang, size, viewport in (("es", "phone", PHONE), ("ca", "tablet", TABLET_PORTRAIT)):
        context = browser.new_context(viewport=viewport)
        context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}');")
        page = context.new_page()
        page.goto(f"{hall.url}/verify")
        page.get_by_test_id("receipt-code").fill(receipt["code"])
        page.get_by_test_id("file").set_input_files([str(path)])
        page.wait_for_selector('[data-testid="checked"][data-count="1"]', state="attached")
        expect(page.get_by_test_id("receipt")).to_contain_text(
            text(lang, "verify.r.held", version=receipt["version"], code=grouped(receipt["code"])))
        warnings = page.locator('[data-testid="warnings"] li')
        expect(warnings).to_have_count(2)
        said = warnings.all_inner_texts()
        act = text(lang, "verify.act.SheetSigned")
        assert act in said[1] and "arbiter:luis" in said[1] and "recorded by" not in " ".join(said), said
        assert text(lang, "verify.w.countersigned", by="") in said[0] and "tablet dropped" in said[0], said
        signed = page.get_by_test_id("signed-by").inner_text()
        assert text(lang, "verify.official_signed", count=1) in signed, signed
        assert "verifies with arbiter:luis's official key" in page.get_by_test_id("command-line").inner_text()
        page.get_by_test_id("warnings").scroll_into_view_if_needed()
        screenshot(page, f"verify-officials-{lang}-{size}")
        # a planilla-audit/1 file asked for the service key: what cannot be checked is said in the reader's words too
        v1 = tmp_path / "officials-v1.jsonl"
        v1.write_bytes(hall.http.get(f"/v1/games/{game}/export?format=1", headers=hall.headers(hall.director)).content)
        page.get_by_test_id("receipt-code").fill("")
        page.get_by_test_id("service-key").fill(ServiceKey.generate().public_key)
        page.get_by_test_id("file").set_input_files([str(v1)])
        expect(page.get_by_test_id("unanswered")).to_contain_text(text(lang, "verify.u.service_key_v1"))
        context.close()


def test_the_opponents_tablet_countersigns_a_replacement_and_both_tablets_say_it(browser: Any, hall: Hall) -> None:
    game = hall.new_game(event=EVENT, round=1, table=2)
    codes = [hall.http.post(f"/v1/games/{game.id}/seats/{s}/code", json={}, headers=hall.headers(hall.arbiter)).json()["code"]
             for s in (0, 1)]
    ana = Tablet(browser, game, 0, TABLET_LANDSCAPE, lang="es", address=f"{hall.url}/tablet#bind={codes[0]}")
    berta = Tablet(browser, game, 1, TABLET_LANDSCAPE, lang="es", address=f"{hall.url}/tablet#bind={codes[1]}")
    assert [k["seat"] for k in game.state()["keys"]] == [0, 1]  # each tablet registered its WebCrypto key
    starter = game.draw_for_start()
    for k in range(2):
        game.official("draw_tiles", token=game.tokens[(starter + k) % 2])
    replaced = hall.http.post(f"/v1/games/{game.id}/seats/0/replace", json={"reason": "pantalla rota"},
                              headers=hall.headers(hall.arbiter))
    assert replaced.status_code == 200, replaced.text
    new = Tablet(browser, game, 0, TABLET_LANDSCAPE, lang="es", address=f"{hall.url}/tablet#bind={replaced.json()['code']}")
    [proposal] = game.state()["key_proposals"]
    short = proposal["fingerprint"][:16]
    expect(new.page.locator('[data-testid="key-waiting"]')).to_contain_text(short)
    berta.sync()
    asked = berta.page.locator('[data-testid="key-replacing"]')
    expect(asked).to_contain_text(text("es", "key.replacing", name="Ana", fingerprint=short))
    berta.tap(asked.get_by_role("button", name=text("es", "key.confirm")))
    registered = [e for e in history(hall, game) if e["type"] == "KeyRegistered"][-1]
    assert registered["actor"] == "player:1:Berta" and registered["payload"]["fingerprint"] == proposal["fingerprint"]
    bertas = game.state()["keys"][1]["fingerprint"]
    assert registered["payload"]["countersigned_by"] == f"seat:1:{bertas}"
    said = text("es", "key.replaced", seat=1, name="Ana", by=text("es", "key.by_tablet", name="Berta"),
                reason=text("es", "key.confirmed_at_table"))
    for tablet in (berta, new):
        expect(tablet.page.locator('[data-testid="key-replaced"]')).to_contain_text(said)
    for tablet in (ana, berta, new):
        tablet.close()
