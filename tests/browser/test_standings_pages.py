"""The public standings in Chromium (issue 17): /standings follows the tournament live (a game of the round signed
over HTTP shows on the hall screen without a reload, and any figure opens to show what it is made of), one division
at a time, and the hall screen pages 41 players with the page shown."""

from __future__ import annotations

import random
from typing import Any

from tests.browser.conftest import PHONE, screenshot
from tests.browser.hall import Hall
from tests.browser.tablet import check_page, expect, text
from tests.browser.tournament import PLAYERS, WALL, HallTournament, page_in


def test_the_standings_follow_a_signed_game_live(browser: Any, hall: Hall) -> None:
    spectator = hall.games.issue_token("spectator", "hall-screen", "test")[0]
    rng = random.Random(11)
    t = HallTournament(hall.http, hall.games, hall.director, name="Obert de Tardor")
    t.enter(PLAYERS[:12])
    for table in t.publish(1):
        t.play(table, rng).sign_last()
    tables = t.publish(2)
    for table in tables[:3]:
        t.play(table, rng).sign_last()
    waiting = t.play(tables[3], rng)

    context, page = page_in(browser, "es", WALL)
    page.goto(f"{hall.url}/standings?tournament={t.id}#token={spectator}")
    expect(page.locator("#pairings-title")).to_have_text(text("es", "standings.pairings_of", round=2))
    assert "token" not in page.url
    expect(page.locator("#live")).to_have_text(text("es", "standings.live"))
    expect(page.locator(".pairings tbody tr.done")).to_have_count(3)
    expect(page.locator(".standings tbody tr")).to_have_count(12)
    row = page.locator('.pairings tbody tr[data-table="4"]')
    expect(row.locator("td.result")).to_have_text(text("es", "standings.pending"))

    waiting.sign_last()  # the second signature closes the game (FILE 43): the screen shows it, no reload
    expect(page.locator(".pairings tbody tr.done")).to_have_count(4)
    game = hall.http.get(f"/v1/games/{tables[3]['game_id']}/settlement", headers=t.headers(hall.director)).json()
    finals = [p["final_score"] for p in game["players"]]
    expect(row.locator("td.result")).to_contain_text(f"{finals[0]}–{finals[1]}")
    expect(page.locator(".summary")).to_have_text(text("es", "standings.done", done=4, total=6))

    # every figure opens to show its inputs: the leader's points are their rounds
    leader = page.locator(".standings tbody tr").first
    name = leader.locator("td.name").inner_text()
    leader.locator("td.points button.figure").click()
    dialog = page.locator("dialog#figure")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text(text("es", "standings.inputs_of", figure=text("es", "standings.points"),
                                                   name=name))
    expect(dialog.locator(".inputs tbody tr")).to_have_count(2)
    check_page(page, "standings es dialog")
    screenshot(page, "standings-es-hall-figure")
    dialog.get_by_role("button", name=text("es", "standings.close")).click()
    expect(dialog).to_be_hidden()
    leader.locator("button.figure").nth(1).click()  # Median-Buchholz: the opponents and what was dropped
    expect(dialog.locator("h2")).to_contain_text(text("es", "tiebreak.median_buchholz"))
    expect(dialog.locator(".inputs tbody tr").first).not_to_contain_text(text("es", "standings.no_inputs"))
    dialog.get_by_role("button", name=text("es", "standings.close")).click()
    check_page(page, "standings es")
    screenshot(page, "standings-es-hall")
    page.set_viewport_size(PHONE)
    screenshot(page, "standings-es-phone")
    check_page(page, "standings es phone")

    # the standings at any round: round 1 is finished
    page.set_viewport_size(WALL)
    page.get_by_label(text("es", "standings.round"), exact=True).select_option("1")
    expect(page.locator("#table-title")).to_have_text(text("es", "standings.after", round=1))
    expect(page.locator(".pairings tbody tr.done")).to_have_count(6)
    assert "round=1" in page.url
    context.close()

    context, page = page_in(browser, "ca", WALL)
    page.goto(f"{hall.url}/standings?tournament={t.id}#token={spectator}")
    expect(page.locator(".pairings tbody tr.done")).to_have_count(4)
    check_page(page, "standings ca")
    screenshot(page, "standings-ca-hall")
    page.set_viewport_size(PHONE)
    screenshot(page, "standings-ca-phone")
    context.close()


def test_the_standings_show_one_division_at_a_time(browser: Any, hall: Hall) -> None:
    spectator = hall.games.issue_token("spectator", "hall-screen-divisions", "test")[0]
    t = HallTournament(hall.http, hall.games, hall.director, name="Obert per divisions")
    for i, (name, rating) in enumerate(PLAYERS[:6]):
        t.post("/players", {"name": name, "rating": rating, "division": "A" if i < 4 else "B"})
    tables = t.publish(1)
    assert [x["table"] for x in tables] == [1, 2, 3]  # A: two tables, then B's one
    context, page = page_in(browser, "ca", WALL)
    page.goto(f"{hall.url}/standings?tournament={t.id}#token={spectator}")
    picker = page.get_by_label(text("ca", "standings.division"), exact=True)
    expect(picker).to_have_value("A")
    expect(page.locator(".pairings tbody tr")).to_have_count(2)
    expect(page.locator(".standings tbody tr")).to_have_count(4)
    picker.select_option("B")
    expect(page.locator(".standings tbody tr")).to_have_count(2)
    expect(page.locator(".pairings tbody tr")).to_have_count(1)
    expect(page.locator('.pairings tbody tr[data-table="3"]')).to_contain_text(PLAYERS[4][0])
    assert "division=B" in page.url
    check_page(page, "standings ca divisions")
    context.close()


def test_the_hall_screen_pages_41_players_with_the_page_shown(browser: Any, hall: Hall) -> None:
    """41 players and 21 tables do not fit on a 1920x1080 screen: each table shows the rows that fit, says which page
    it is («Página 1 de 3»), and turns to the next by itself (here every 3 s, `?every=3`); every row is on some
    page, none cut by the screen's edge. A phone shows every row and no page sign (it scrolls)."""
    spectator = hall.games.issue_token("spectator", "hall-screen-41", "test")[0]
    t = HallTournament(hall.http, hall.games, hall.director, name="Obert de Primavera")
    t.enter([(f"Jugador {i:02d}", 2100 - 10 * i) for i in range(41)])
    t.publish(1)
    context, page = page_in(browser, "es", WALL)
    page.goto(f"{hall.url}/standings?tournament={t.id}&every=3#token={spectator}")
    rows = page.locator(".standings tbody tr")
    expect(rows).to_have_count(41)
    sign = page.locator("#table-page")
    expect(sign).to_have_attribute("data-page", "1")
    pages = int(sign.get_attribute("data-pages"))
    expect(sign).to_have_text(text("es", "standings.page", page=1, pages=pages))
    assert pages >= 2
    shown = "(sel) => [...document.querySelectorAll(sel)].filter((r) => !r.hidden).map((r) => [r.dataset.player || r.dataset.table, r.getBoundingClientRect().bottom])"
    first = page.evaluate(shown, ".standings tbody tr")
    assert first and all(bottom <= WALL["height"] for _, bottom in first), first
    pairings = page.locator("#pairings-page")
    expect(pairings).to_contain_text(text("es", "standings.page", page=1, pages=pairings.get_attribute("data-pages")))
    assert all(bottom <= WALL["height"] for _, bottom in page.evaluate(shown, ".pairings tbody tr"))
    check_page(page, "standings es 41 players")
    screenshot(page, "standings-es-hall-41")
    expect(sign).to_have_text(text("es", "standings.page", page=2, pages=pages), timeout=6_000)  # it turns by itself
    second = page.evaluate(shown, ".standings tbody tr")
    order = [r for r in page.locator(".standings tbody tr").evaluate_all("(rs) => rs.map((r) => r.dataset.player)")]
    assert [p for p, _ in second] == order[len(first):len(first) + len(second)]  # the rows after page 1's
    assert all(bottom <= WALL["height"] for _, bottom in second)
    page.set_viewport_size(PHONE)
    expect(sign).to_be_hidden()
    assert len(page.evaluate(shown, ".standings tbody tr")) == 41  # a phone scrolls: every row
    context.close()

    context, page = page_in(browser, "ca", WALL)
    page.goto(f"{hall.url}/standings?tournament={t.id}#token={spectator}")
    expect(page.locator("#table-page")).to_contain_text(text("ca", "standings.page", page=1, pages=pages))
    check_page(page, "standings ca 41 players")
    screenshot(page, "standings-ca-hall-41")
    context.close()
