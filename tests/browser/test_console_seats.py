"""The round's seat codes, the tablets in the hall, a tablet replaced mid-game and round control (issue 15,
the officials' console) in Chromium: the console links to the round's QR sheet, which issues every seat's
code in one call and prints eight cards to an A4 page; a tablet binds with its card and plays; a second
device on another seat rises to the top of the hall; the arbiter replaces the first tablet from the table
view, the old one's next command is refused and shown, the new one binds with the new code and finishes the
turn; the round's time is called on the whole round in one request (FILE 30, 44.4), each game's outcome shown in
words with its article."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import TABLET_LANDSCAPE, screenshot
from tests.browser.hall import Game, Hall
from tests.browser.tablet import Tablet, check_page, expect, text

WALL = {"width": 1920, "height": 1080}
A4 = {"width": 794, "height": 1123}  # 210 x 297 mm at 96 px an inch
EVENT = "Obert de Lleida"


def console(browser: Any, hall: Hall, lang: str) -> Any:
    context = browser.new_context(viewport=WALL)
    context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
    page = context.new_page()
    page.goto(f"{hall.url}/console#token={hall.arbiter}")
    page.get_by_label(text(lang, "console.event")).fill(EVENT)
    page.get_by_label(text(lang, "console.event")).press("Tab")
    page.get_by_label(text(lang, "console.round")).fill("2")
    page.get_by_label(text(lang, "console.round")).press("Tab")
    expect(page.locator("button.table-tile")).to_have_count(3)
    return page


def issue_sheet(page: Any, lang: str) -> dict[tuple[str, int], str]:
    """From the console's link to the round's QR sheet: issue the codes, look at the printed page."""
    link = page.get_by_role("link", name=text(lang, "console.seat_sheet"))
    assert link.get_attribute("href") == "/seats?event=Obert+de+Lleida&round=2"
    link.click()
    page.get_by_role("button", name=text(lang, "seats.issue")).click()
    cards = page.locator(".seat-card")
    expect(cards).to_have_count(6)
    expect(cards.first).to_contain_text(text(lang, "seats.table", table=1))
    # «Imprimir» waits for every QR (a sheet printed before would carry empty squares), saying how many are in.
    expect(page.locator("#app")).to_have_attribute("data-qr-ready", "true")
    assert page.evaluate("() => [...document.querySelectorAll('.seat-card img.qr')].every((i) => i.complete && i.naturalWidth > 0)")
    expect(page.get_by_role("button", name=text(lang, "seats.print"))).to_be_enabled()
    expect(page.locator("#qr-status")).to_have_text(text(lang, "seats.qr_ready", total=6))
    check_page(page, f"seats {lang}")
    page.emulate_media(media="print")
    page.set_viewport_size(A4)
    tops = page.locator(".seat-card").evaluate_all("cards => cards.map((c) => Math.round(c.getBoundingClientRect().top))")
    assert len(set(tops)) == 3 and tops[0] == tops[1], f"two cards a row: {tops}"
    screenshot(page, f"seats-{lang}-print")
    page.emulate_media(media="screen")
    page.set_viewport_size(WALL)
    found = {}
    for card in cards.all():
        found[(card.get_attribute("data-game"), int(card.get_attribute("data-seat")))] = card.locator(".code b").inner_text()
    return found


def test_the_round_sheet_a_second_device_and_a_tablet_replaced_mid_game(browser: Any, hall: Hall) -> None:
    games = []
    for table in (1, 2, 3):
        r = hall.http.post("/v1/games", json={"profile": "file-2024", "players": [f"Jugador {2 * table - 1}",
                                                                                   f"Jugador {2 * table}"],
                                              "event": EVENT, "round": 2, "table": table}, headers=hall.headers(hall.director))
        assert r.status_code == 201, r.text
        games.append(Game(hall, r.json()))
    first, doubled = games[0], games[1]
    starter = first.draw_for_start()
    for k in range(2):
        first.official("draw_tiles", token=first.tokens[(starter + k) % 2])

    page = console(browser, hall, "es")
    codes = issue_sheet(page, "es")

    # A tablet binds with its card and plays (a pass); the opponent passes on paper (the API).
    old = Tablet(browser, first, starter, TABLET_LANDSCAPE, lang="es", address=f"{hall.url}/tablet#bind={codes[(first.id, starter)]}")
    old.act("action.pass")
    first.official("pass_turn", token=first.tokens[1 - starter])
    old.sync()

    # A second device on table 2's first seat: the hall puts it first, with the alert.
    for code, device in ((codes[(doubled.id, 0)], "tablet-2a"),):
        assert hall.http.post("/v1/bind", json={"code": code, "device": device}).status_code == 200
    extra = hall.http.post(f"/v1/games/{doubled.id}/seats/0/code", json={}, headers=hall.headers(hall.arbiter)).json()
    assert hall.http.post("/v1/bind", json={"code": extra["code"], "device": "phone-2a"}).json()["second_device"]
    page.goto(f"{hall.url}/console")
    tiles = page.locator("button.table-tile")
    expect(tiles.nth(0)).to_have_attribute("data-game", doubled.id)
    expect(tiles.nth(0)).to_contain_text(text("es", "hall.alert.second_device"))
    held = page.locator(f'button.table-tile[data-game="{first.id}"] .tab').nth(starter)
    expect(held).to_have_attribute("title", text("es", "console.tablet_live"))  # its stream is open
    expect(tiles.nth(0).locator(".tab.twice")).to_have_count(1)
    check_page(page, "console tablets es")
    screenshot(page, "console-es-hall-tablets")

    # The arbiter replaces the first table's tablet from its table view: a new code, as QR and as text.
    page.locator(f'button.table-tile[data-game="{first.id}"]').click()
    replace = page.locator(f'form.replace[data-seat="{starter}"]')
    replace.get_by_role("button").click()  # no reason: said first, nothing sent
    expect(replace.locator(".problem")).to_have_text(text("es", "console.replace_missing"))
    replace.get_by_label(text("es", "console.replace_reason")).fill("pantalla rota")
    replace.get_by_role("button").click()
    shown = page.locator(".replaced")
    expect(shown).to_be_visible()
    expect(shown.locator("svg")).to_have_count(1)
    new_code = shown.get_attribute("data-code")
    expect(shown).to_contain_text(new_code)
    check_page(page, "console replace es")
    screenshot(page, "console-es-replace")

    # The old tablet's next command is refused, and the tablet says so; nothing it recorded is lost.
    before = [e for e in hall.http.get(f"/v1/games/{first.id}/events", headers=hall.headers(hall.director)).json()["events"]]
    assert any(e["type"] == "TurnPassed" and e["actor"].startswith(f"player:{starter}") for e in before)
    assert before[-1]["type"] == "SeatReleased" and before[-1]["payload"]["reason"] == "pantalla rota"
    old.page.get_by_role("button", name=old.t("action.pass"), exact=True).click()
    expect(old.page.locator(".refusal")).to_be_visible()
    screenshot(old.page, "tablet-es-replaced-refused")
    old.close()

    # The new tablet binds with the new code and finishes the turn.
    new = Tablet(browser, first, starter, TABLET_LANDSCAPE, lang="es", address=f"{hall.url}/tablet#bind={new_code}")
    # Issue 26: the new tablet's key is only proposed; the opponent plays on paper, so the arbiter confirms it with
    # their enrolled key and a reason (docs/reliability.md, "Re-binding rules").
    from domain.game.replacement import replacement_message
    from tests.keys import Tablet as Key
    arbiter_key = Key()
    hall.games.enrol_official_key("arbiter", "arbiter-1", arbiter_key.spki)
    [proposal] = first.state()["key_proposals"]
    first.official("confirm_key_replacement", token=hall.arbiter, seat=starter, fingerprint=proposal["fingerprint"],
                   reason="pantalla rota", official_key=arbiter_key.fingerprint,
                   official_signature=arbiter_key.raw_sign(replacement_message(first.id, starter, proposal["fingerprint"])))
    new.act("action.pass")
    after = hall.http.get(f"/v1/games/{first.id}/events", headers=hall.headers(hall.director)).json()["events"]
    assert after[:len(before)] == before, "every fact recorded before stays"
    assert after[-1]["type"] == "TurnPassed" and after[-1]["actor"].startswith(f"player:{starter}")
    assert after[-1]["device"] not in {e["device"] for e in before if e["type"] == "TurnPassed"}
    expect(new.page.locator('[data-testid="key-replaced"]')).to_contain_text("arbiter:arbiter-1: pantalla rota")
    new.close()

    # Round control: the games not signed, and the round's time called on each unfinished game.
    page.get_by_role("button", name=text("es", "console.back"), exact=False).click()
    page.get_by_role("button", name=text("es", "console.round_control")).click()
    panel = page.locator(".round-panel")
    expect(panel.locator(".unsigned li")).to_have_count(3)
    with page.expect_popup() as opened:  # print the round: every sheet of the round in one printable page
        panel.get_by_role("button", name=text("es", "console.print_round")).click()
    printed = opened.value
    expect(printed.locator("section.game")).to_have_count(3)
    expect(printed.locator("section.game").first).to_contain_text("Jugador 1")
    printed.close()
    before = {g.id: g.state()["version"] for g in games}
    panel.get_by_role("button", name=text("es", "console.round_time")).click()
    panel.get_by_role("button", name=text("es", "console.round_time_confirm", count=3)).click()
    expect(panel.locator(".outcomes li")).to_have_count(3)
    # One request for the round (POST /v1/rounds/round-time). Table 1 has three turns on the sheet (two passes of
    # the starter, one of the other): FILE 30 evens them, so it ends at 4; tables 2 and 3 never started.
    expect(panel.locator(".outcomes li.ok")).to_have_text(text(
        "es", "round.equalise", table=1, players="Jugador 1 – Jugador 2", until=4) + " (FILE 30, 44.4)")
    expect(panel.locator(".outcomes li.skipped")).to_have_count(2)  # nothing to end: said, not shown as a fault
    expect(panel.locator(".outcomes li.skipped").first).to_have_text(text(
        "es", "round.refused.not_started", table=2, players="Jugador 3 – Jugador 4") + " (FILE 30, 44.4)")
    expect(panel.locator(".counts")).to_have_text(text("es", "round.counts", called=1, refused=2, left_out=0))
    assert first.state()["version"] == before[first.id] + 1 and first.state()["phase"] == "playing"
    assert [g.state()["version"] for g in games[1:]] == [before[g.id] for g in games[1:]], "nothing on the others"
    check_page(page, "round control es")
    screenshot(page, "console-es-round")
    page.context.close()

    # Catalan: the hall with its tablets and the printed sheet.
    page = console(browser, hall, "ca")
    expect(page.locator("button.table-tile").nth(0)).to_contain_text(text("ca", "hall.alert.second_device"))
    screenshot(page, "console-ca-hall-tablets")
    issue_sheet(page, "ca")
    page.context.close()


def test_the_sheet_waits_for_its_qr_codes_and_names_those_that_never_arrive(browser: Any, hall: Hall) -> None:
    """«Imprimir» is offered once every card's QR image has arrived or failed, with how many are in; a QR that
    fails leaves its card striped with its code to type, and the page says how many and what to do (ca)."""
    for table in (1, 2):
        r = hall.http.post("/v1/games", json={"profile": "fisc-2023", "players": [f"Jugador {2 * table - 1}",
                                                                                   f"Jugador {2 * table}"],
                                              "event": "Open de Reus", "round": 1, "table": table},
                           headers=hall.headers(hall.director))
        assert r.status_code == 201, r.text
    context = browser.new_context(viewport=TABLET_LANDSCAPE)
    context.add_init_script("localStorage.setItem('planilla.lang', 'ca')")
    page = context.new_page()
    held: list[Any] = []  # the QR requests, answered only when the test says
    page.route("**/v1/seat-codes/*/qr.svg", lambda route: held.append(route))
    page.goto(f"{hall.url}/seats?event=Open+de+Reus&round=1#token={hall.arbiter}")
    page.get_by_role("button", name=text("ca", "seats.issue")).click()
    expect(page.locator(".seat-card")).to_have_count(4)
    printing = page.get_by_role("button", name=text("ca", "seats.print"))
    expect(printing).to_be_disabled()
    expect(page.locator("#qr-status")).to_have_text(text("ca", "seats.qr_loading", done=0, total=4))
    for _ in range(200):  # the four requests reach the route
        if len(held) == 4:
            break
        page.wait_for_timeout(25)
    assert len(held) == 4, len(held)
    held[0].continue_()
    expect(page.locator("#qr-status")).to_have_text(text("ca", "seats.qr_loading", done=1, total=4))
    expect(printing).to_be_disabled()
    held[1].continue_()
    held[2].continue_()
    held[3].abort()  # the hall's Wi-Fi dropped it
    expect(page.locator("#qr-status")).to_have_text(text("ca", "seats.qr_failed", count=1))
    expect(page.locator("#qr-status")).to_have_attribute("role", "alert")
    expect(printing).to_be_enabled()
    expect(page.locator(".seat-card.qr-missing")).to_have_count(1)
    expect(page.locator(".seat-card.qr-missing .code b")).to_have_text(re.compile(r"^[A-Z0-9]{4}-[A-Z0-9]{4}$"))
    screenshot(page, "seats-ca-qr-missing")
    context.close()
