"""A duplicate game (AJS 2012 3.2, Spanish tiles) played through its pages alone: the judge's desk, three players'
slip pages and the hall's ranking screen (issue 18). Scores by hand (premiums from TILES.md; the same positions as
tests/api/test_duplicate_game_over_http.py):

Round 1, rack C A S A ? R O, empty board (the judge first types an all-consonant rack: refused, AJS 3.2.4).
  Ana: CASAs H4: C on H4 (3×2) + A + S + A + the blank on the star: (6+1+1+1+0) × 2 = 18.
  Berta: CASAS H4, the blank not marked: null, cause blank (AJS 3.2.8).
  Carles: CARO H8: (3+1+1+1) × 2 = 12.
  Master: Ana's slip (AJS 3.2.3, manual). Totals 18, 0, 12.
Round 2, rack R O (left) + P E Z L A, CASAs on row H.
  Ana: PAZ 7G: P on G7 (3×2) + A (on the board) + Z on I7 (10×2) = 27.
  Berta: ZAR 7G, written offline and sent after «¡Tiempo!»: her first slip, recorded late, null (AJS 3.2.8,
  FISC II.7).
  Carles: PALA 5E: P on E5, word ×2: (3+1+1+1) × 2 = 12; then ROPA 5E written offline and sent after
  «¡Tiempo!»: refused (round_closed: the slip sent before it counts), shown with its article.
  Master: PAZ 7G entered by the judge (27). Totals: Ana 45, Carles 24, Berta 0 (no solo-top bonus under 10
  players, AJS 3.2.11).

The judge's desk on its own (a rack drawn, the computed master, a FISC round on a list not declared official):
``tests/browser/test_judge_desk.py``.
"""

from __future__ import annotations

import re
import time
from typing import Any

from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot
from tests.browser.duplicate import Judge, Page, Player, create, ranking_rows
from tests.browser.tablet import check_page, expect, text

HALL_SCREEN = {"width": 1920, "height": 1080}


def last_events(hall: Any, duplicate: str, last: str, seconds: float = 15) -> list[str]:
    """The game's event types once the last one is `last` (the page's write has landed), or as they are then."""
    deadline = time.monotonic() + seconds
    while True:
        events = hall.http.get(f"/v1/duplicates/{duplicate}/events", headers=hall.headers(hall.arbiter)).json()["events"]
        types = [e["type"] for e in events]
        if types[-1] == last or time.monotonic() > deadline:
            return types
        time.sleep(0.1)


def test_a_judge_and_three_players_play_two_rounds_through_the_pages(browser: Any, hall: Any) -> None:
    duplicate, tokens = create(hall, ["Ana", "Berta", "Carles"])
    judge = Judge(browser, hall, duplicate, TABLET_LANDSCAPE)
    ana = Player(browser, hall, duplicate, tokens[0], 0, TABLET_LANDSCAPE, "es")
    berta = Player(browser, hall, duplicate, tokens[1], 1, PHONE, "ca")
    carles = Player(browser, hall, duplicate, tokens[2], 2, TABLET_LANDSCAPE, "ca")
    players = (ana, berta, carles)
    spectator = hall.games.issue_token("spectator", "hall screen", "test")[0]
    screen = Page(browser, f"{hall.url}/ranking?duplicate={duplicate}#token={spectator}", HALL_SCREEN, "es")
    expect(screen.page.locator("#app.ranking-screen")).to_be_visible()

    # ---- round 1: a refused rack first, shown as the service gave it (field, rule, article) --------------
    judge.enter_rack("BCDFGHJ")
    judge.button("judge.start_entered").click()
    expect(judge.error()).to_contain_text("AJS 3.2.4")
    expect(judge.error()).to_contain_text("rack")
    judge.enter_rack("CASAaRO")  # a blank typed as a lower-case letter: '?'
    judge.button("judge.start_entered").click()
    judge.at_phase("playing", 1)
    expect(judge.error()).to_be_empty()
    for p in players:
        p.at_phase("playing", 1)
        expect(p.page.locator("#rack [role=img]")).to_have_count(7)
    clock = ana.page.locator("#timer .clock")
    expect(clock).to_have_text(re.compile(r"^[0-3]:[0-5]\d$"))
    assert ana.page.locator("#timer").get_attribute("data-left") is not None

    ana.write_slip("CASAs", "H4")
    expect(ana.page.locator("#receipt")).to_contain_text(re.compile(r"\d\d:\d\d:\d\d"))
    expect(ana.page.locator("#sent .slip-word")).to_have_text("CASAs")
    berta.write_slip("CASAS", "H4")
    carles.write_slip("CARO", "H8")
    for p in players:
        expect(p.page.locator("#receipt")).to_be_visible()
        expect(p.page.locator("#result")).to_have_count(0)  # no score before the round closes: no playing aid
    expect(judge.page.locator("#slips tbody tr")).to_have_count(3)  # the judge sees them arrive, live
    check_page(ana.page, "slip es 1280x800 round 1")
    check_page(berta.page, "slip ca phone round 1")
    # Before «¡Tiempo!» a player's page shows, and was sent, no other player's slip.
    assert "CARO" not in ana.page.inner_text("#app") and not ana.seen("CARO"), ana.seen("CARO")
    assert not carles.seen("CASAs") and not berta.seen("CARO")

    judge.button("judge.close").click()
    judge.at_phase("closed", 1)
    assert judge.rule_all_valid()
    judge.page.locator('#slips tr[data-seat="0"] button[data-act="master-slip"]').click()
    judge.at_phase("mastered", 1)
    expect(judge.page.locator("#master")).to_contain_text("CASAs H4 · 18")
    judge.button("judge.publish").click()
    judge.at_phase("published", 1)
    expect(judge.page.locator("#next-round")).to_be_in_viewport()  # the desk's panel scrolled to the next step

    for p, score in zip(players, (18, 0, 12)):
        p.at_phase("published", 1)
        expect(p.page.locator("#score")).to_have_text(str(score))
        expect(p.page.locator("#master")).to_contain_text("CASAs H4 · 18")
        expect(p.page.locator("#total")).to_have_text(str(score))
    expect(berta.page.locator("#null-cause")).to_contain_text(berta.t("dup.cause.blank"))
    expect(carles.page.locator("#percent")).to_have_text("66.67%")
    # A correction with its reason (the transcription, the same play), then the results published again.
    judge.page.fill("#correct-round", "1")
    judge.page.select_option("#correct-seat", "2")
    judge.page.fill("#correct-word", "CARO")
    judge.page.fill("#correct-coordinates", "H8")
    judge.page.fill("#correct-reason", "transcripción revisada")
    judge.button("judge.correct_send").click()
    assert last_events(hall, duplicate, "SlipCorrected")[-1:] == ["SlipCorrected"]
    judge.page.fill("#publish-reason", "corrección de la papeleta de Carles")
    judge.button("judge.publish_again").click()
    assert last_events(hall, duplicate, "RoundPublished")[-2:] == ["SlipCorrected", "RoundPublished"]
    expect(judge.error()).to_be_empty()
    expect(carles.page.locator("#total")).to_have_text("12")

    # ---- round 2: the remainder R O completed from the bag; a late slip --------------------------------
    expect(judge.page.locator("#rack-entered .tile")).to_have_count(2)  # R O, left on the rack
    judge.type_word("PEZLA")
    judge.button("judge.start_entered").click()
    judge.at_phase("playing", 2)
    for p in players:
        p.at_phase("playing", 2)
    ana.write_slip("PAZ", "7G", send=False)
    for viewport, name in ((PHONE, "slip-es-phone"), (TABLET_LANDSCAPE, "slip-es-landscape")):
        ana.page.set_viewport_size(viewport)
        ana.page.locator("#word-preview").scroll_into_view_if_needed()
        check_page(ana.page, f"{name} typing")
        screenshot(ana.page, name)
    ana.button("slip.send").click()
    expect(ana.page.locator("#sent .slip-word")).to_have_text("PAZ")
    carles.write_slip("PALA", "5E")
    expect(carles.page.locator("#sent .slip-word")).to_have_text("PALA")
    berta.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)  # the shell kept
    for late in (berta, carles):  # both write offline; Carles had handed one in already
        late.offline(True)
    carles.write_slip("ROPA", "5E")
    berta.write_slip("ZAR", "7G")
    expect(berta.page.locator("#queued")).to_be_visible()
    expect(berta.page.locator('[data-testid="outbox-length"]')).to_have_attribute("data-count", "1")
    berta.page.reload()  # no network: the service worker serves the page, the device what it showed and holds
    expect(berta.page.locator("#queued")).to_contain_text("ZAR 7G")
    expect(berta.page.locator("#rack [role=img]")).to_have_count(7)
    expect(berta.page.locator('[data-testid="outbox-length"]')).to_have_attribute("data-count", "1")
    expect(judge.page.locator("#slips tbody tr")).to_have_count(2)
    assert not ana.seen("PALA") and not carles.seen("PAZ") and "PALA" not in ana.page.inner_text("#app")
    screenshot(judge.page, "judge-es-landscape-playing")
    judge.button("judge.close").click()
    judge.at_phase("closed", 2)
    expect(judge.page.locator("#judge-done")).to_contain_text("Berta")  # no slip from Berta at «¡Tiempo!»
    for late in (berta, carles):  # the queued slips reach the service after «¡Tiempo!»
        late.offline(False)
    # Berta's, her first, is recorded late and null (FISC II.7, AJS 3.2.8) ...
    expect(berta.page.locator("#late")).to_be_visible(timeout=20_000)
    expect(berta.page.locator('[data-testid="outbox-length"]')).to_have_attribute("data-count", "0")
    # ... Carles's second is refused as late, shown as the service gave it; the one sent in time counts.
    expect(carles.page.locator("#slip-refusal")).to_contain_text("round_closed", timeout=20_000)
    expect(carles.page.locator("#slip-refusal")).to_contain_text("AJS 3.2.8")
    carles.button("slip.discard").click()
    expect(carles.page.locator("#slip-refusal")).to_have_count(0)
    expect(carles.page.locator('[data-testid="outbox-length"]')).to_have_attribute("data-count", "0")
    expect(carles.page.locator("#sent .slip-word")).to_have_text("PALA")
    expect(judge.page.locator('#slips tr[data-seat="1"]')).to_contain_text(judge.t("dup.cause.late"))

    judge.rule_all_valid()
    judge.page.fill("#master-word", "PAZ")
    judge.page.fill("#master-coordinates", "7G")
    judge.button("judge.master_entered").click()
    judge.at_phase("mastered", 2)
    expect(judge.page.locator("#master")).to_contain_text("PAZ 7G · 27")
    judge.page.locator(".desk-side").evaluate("(side) => { side.scrollTop = 0; }")
    screenshot(judge.page, "judge-es-landscape")
    check_page(judge.page, "judge es 1280x800")
    judge.button("judge.publish").click()
    judge.at_phase("published", 2)

    for p, score, total in zip(players, (27, 0, 12), (45, 0, 24)):
        p.at_phase("published", 2)
        expect(p.page.locator("#score")).to_have_text(str(score))
        expect(p.page.locator("#total")).to_have_text(str(total))
    expect(berta.page.locator("#null-cause")).to_contain_text(berta.t("dup.cause.late"))
    berta.page.locator("#result").scroll_into_view_if_needed()
    screenshot(berta.page, "slip-ca-phone")
    carles.page.locator("#result").scroll_into_view_if_needed()
    screenshot(carles.page, "slip-ca-landscape")
    check_page(carles.page, "slip ca 1280x800 published")

    # ---- the hall's screen: the ranking the service gives -------------------------------------------
    ranking = hall.http.get(f"/v1/duplicates/{duplicate}/ranking", headers=hall.headers(spectator)).json()
    want = [(row["rank"], row["player"], f"{row['total']:g}") for row in ranking["rows"]]
    assert want == [(1, "Ana", "45"), (2, "Carles", "24"), (3, "Berta", "0")]
    expect(screen.page.locator("#app")).to_have_attribute("data-round", "2")
    assert ranking_rows(screen.page) == want
    check_page(screen.page, "ranking 1920x1080")
    screenshot(screen.page, "ranking-es-hall")

    for p in (judge, *players, screen):
        assert not p.errors, p.errors
        p.close()


def test_the_landing_page_links_the_duplicate_pages_and_each_asks_for_its_game_and_token(browser: Any, hall: Any) -> None:
    """Opened without a token (a new device), each page asks for the game and the token, every string in Catalan."""
    context = browser.new_context(viewport=TABLET_LANDSCAPE)
    context.add_init_script("localStorage.setItem('planilla.lang', 'ca')")
    page = context.new_page()
    page.goto(hall.url + "/")
    page.wait_for_selector("a[href='/ranking']")
    hrefs = page.locator("main a").evaluate_all("(els) => els.map((e) => e.getAttribute('href'))")
    assert {"/slip", "/judge", "/ranking"} <= set(hrefs)
    for name in ("slip", "judge", "ranking"):
        page.goto(f"{hall.url}/{name}")
        expect(page.locator("form input[type=password]")).to_be_visible()
        check_page(page, f"{name} sign-in, ca")
    context.close()


def test_the_hall_screen_pages_46_players_40_at_a_time_in_two_columns(browser: Any, hall: Any) -> None:
    """A round played over the API by 46 players (this test looks at the screen, it does not play): the 1920x1080
    screen shows the first 40 rows in two columns without scrolling, says «Pàgina 1 de 2», and turns to the other 6
    (here every 3 s: ``?every=3``); across the pages, the ranking the service gives, in Catalan, then in Spanish."""
    names = [f"Jugador {i:02d}" for i in range(46)]
    duplicate, tokens = create(hall, names, rounds=1)
    base = f"/v1/duplicates/{duplicate}"

    def post(path: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
        r = hall.http.post(base + path, json=body, headers=hall.headers(token))
        assert r.status_code == 200, r.text
        return r.json()

    post("/rounds", hall.arbiter, {"rack": ["C", "A", "S", "A", "?", "R", "O"]})
    plays = [("CASAs", "H4"), ("CARO", "H8"), ("CASA", "8H"), ("ASA", "H8")]
    for seat, token in enumerate(tokens[:28]):
        word, coordinates = plays[seat % 4]
        post("/rounds/1/slips", token, {"word": word, "coordinates": coordinates})
    post("/rounds/1/close", hall.arbiter, {})
    for word in ("CASAS", "CARO", "CASA", "ASA"):
        post("/rulings", hall.arbiter, {"word": word, "valid": True, "reason": ""})
    post("/rounds/1/master", hall.arbiter, {"seat": 0})
    post("/rounds/1/publish", hall.arbiter, {})
    spectator = hall.games.issue_token("spectator", "hall screen 2", "test")[0]
    screen = Page(browser, f"{hall.url}/ranking?duplicate={duplicate}&every=3#token={spectator}", HALL_SCREEN, "ca")
    expect(screen.page.locator("#app")).to_have_attribute("data-round", "1")
    want = [(row["rank"], row["player"], f"{row['total']:g}")
            for row in hall.http.get(f"{base}/ranking", headers=hall.headers(spectator)).json()["rows"]]
    sign = screen.page.locator("#ranking-page")
    expect(sign).to_have_attribute("data-page", "1")
    expect(sign).to_have_text(screen.t("standings.page", page=1, pages=2))
    assert ranking_rows(screen.page) == want[:40]
    assert screen.page.locator("table.ranking").count() == 2
    bottom = screen.page.evaluate("Math.max(...[...document.querySelectorAll('table.ranking tr, #ranking-page')].map("
                                  "(r) => r.getBoundingClientRect().bottom))")
    assert bottom <= HALL_SCREEN["height"], bottom
    check_page(screen.page, "ranking 46 players ca")
    screenshot(screen.page, "ranking-ca-hall-46")
    expect(sign).to_have_attribute("data-page", "2", timeout=10_000)
    assert ranking_rows(screen.page) == want[40:]
    screenshot(screen.page, "ranking-ca-hall-46-page2")
    screen.page.locator("#lang").select_option("es")
    expect(sign).to_have_text(text("es", "standings.page", page=2, pages=2))
    expect(sign).to_have_attribute("data-page", "1", timeout=10_000)
    screenshot(screen.page, "ranking-es-hall-46")
    screen.page.set_viewport_size(TABLET_LANDSCAPE)
    screenshot(screen.page, "ranking-es-tablet-46")
    screen.page.set_viewport_size(PHONE)  # a phone scrolls the whole list: no pages
    expect(sign).to_have_count(0)
    assert ranking_rows(screen.page) == want
    screen.page.locator("#lang").select_option("ca")
    screenshot(screen.page, "ranking-ca-phone-46")
    assert not screen.errors
    screen.close()
