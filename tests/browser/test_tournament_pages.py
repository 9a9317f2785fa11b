"""The tournament's pages in Chromium (issue 17): the director's round control (/rounds) drafts a round,
runs the pairing checker and publishes it through the page; the public standings (/standings) follow
the tournament live: a game of the round signed over HTTP shows on the hall screen without a reload,
and any figure opens to show what it is made of."""

from __future__ import annotations

import random
from typing import Any

from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot
from tests.browser.hall import Hall
from tests.browser.tablet import check_page, expect, text
from tests.browser.tournament import HallTournament

WALL = {"width": 1920, "height": 1080}
NAMES = ["Anna Puig", "Biel Roca", "Carla Vidal", "Dani Mas", "Eva Soler", "Ferran Gil", "Gemma Pons", "Hug Serra",
         "Irene Camps", "Jordi Vila", "Laia Font", "Marc Riera", "Núria Bosch"]
PLAYERS = [(name, 2000 - 25 * i) for i, name in enumerate(NAMES)]


def page_in(browser: Any, lang: str, viewport: dict[str, int]) -> tuple[Any, Any]:
    context = browser.new_context(viewport=viewport)
    context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
    return context, context.new_page()


def test_the_round_control_drafts_checks_and_publishes_a_round(browser: Any, hall: Hall) -> None:
    t = HallTournament(hall.http, hall.games, hall.director, name="Obert de Molins")
    t.enter(PLAYERS)
    context, page = page_in(browser, "es", TABLET_LANDSCAPE)
    page.goto(f"{hall.url}/rounds?tournament={t.id}#token={hall.director}")
    expect(page.locator("#round-title")).to_have_text(text("es", "rounds.nothing", round=1))
    assert "token" not in page.url, "the token never stays in the address"
    page.get_by_role("button", name=text("es", "rounds.draft", round=1)).click()
    expect(page.locator(".notice")).to_contain_text(text("es", "rounds.drafted_notice", round=1, tables=7))
    rows = page.locator(".round-tables tbody tr")
    expect(rows).to_have_count(7)  # 13 players: six tables and a bye (FISC I.1 C)
    expect(rows.nth(0)).to_contain_text("Anna Puig")
    expect(rows.nth(0).locator("td.why")).to_contain_text("FISC I.1")
    expect(rows.nth(6)).to_contain_text(text("es", "standings.bye"))
    page.get_by_role("button", name=text("es", "rounds.check")).click()
    expect(page.locator(".notice")).to_have_text(text("es", "rounds.check_clean", rounds=0))
    page.get_by_role("button", name=text("es", "rounds.publish", round=1)).click()
    expect(page.locator("#round-title")).to_contain_text(text("es", "rounds.published"))
    assert [r["round"] for r in hall.http.get(t.path + "/check", headers=t.headers(hall.director)).json()["rounds"]] == [1]
    page.get_by_role("button", name=text("es", "rounds.check")).click()
    expect(page.locator(".check li.agrees")).to_have_count(1)
    seats = page.get_by_role("link", name=text("es", "rounds.seats"))
    assert seats.get_attribute("href") == "/seats?event=Obert%20de%20Molins&round=1"
    published = hall.http.get(t.path + "/rounds/1", headers=t.headers(hall.director)).json()
    assert published["published"] and all(x["game_id"] for x in published["tables"] if x["second"])
    # a no-show recorded; then publishing again is refused (the round has a result) and the page says why
    page.locator("#absence select[name=kind]").select_option("both_absent")
    page.locator("#absence input[name=reason]").fill("ninguno llegó")
    page.get_by_role("button", name=text("es", "rounds.absence_do")).click()
    expect(page.locator(".notice")).to_contain_text(text("es", "rounds.absence_notice", table=1))
    page.locator("#republish input[name=reason]").fill("error en la lista")
    page.get_by_role("button", name=text("es", "rounds.republish_do", round=1)).click()
    expect(page.locator(".problem")).to_contain_text("422")
    check_page(page, "round control es")
    page.evaluate("scrollTo(0, 0)")
    screenshot(page, "rounds-es-laptop")
    page.emulate_media(media="print")
    expect(page.locator(".actions")).to_be_hidden()
    expect(page.locator(".print-title")).to_be_visible()
    screenshot(page, "rounds-es-print")
    context.close()

    context, page = page_in(browser, "ca", TABLET_LANDSCAPE)
    page.goto(f"{hall.url}/rounds?tournament={t.id}#token={hall.director}")
    expect(page.locator("#round-title")).to_contain_text(text("ca", "rounds.published"))
    check_page(page, "round control ca")
    screenshot(page, "rounds-ca-laptop")
    context.close()


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
