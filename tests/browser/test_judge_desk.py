"""The duplicate judge's desk in Chromium (issue 18): a rack drawn from the page with the round's timer running, the
master computed on a loaded lexicon, and a FISC round played to the end of the game on a word list not declared
official. The whole game through every page: ``tests/browser/test_duplicate_pages.py``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, screenshot
from tests.browser.duplicate import Judge, Page, Player, create
from tests.browser.tablet import check_page, expect

HALL_SCREEN = {"width": 1920, "height": 1080}
LEXICON = Path(__file__).resolve().parents[1] / "data" / "lexicon" / "es_small.txt"
LEXICON_CA = Path(__file__).resolve().parents[1] / "data" / "lexicon" / "ca_small.txt"


def test_the_judge_draws_a_rack_from_the_page_and_the_timer_runs(browser: Any, hall: Any) -> None:
    """The service draws the rack (a recorded seed, FISC II.3 / AJS 3.2.4); the desk shows it and counts down."""
    duplicate, _ = create(hall, ["Ana", "Berta"])
    judge = Judge(browser, hall, duplicate, TABLET_LANDSCAPE, "en")
    judge.button("judge.start_drawn").click()
    judge.at_phase("playing", 1)
    game = hall.http.get(f"/v1/duplicates/{duplicate}", headers=hall.headers(hall.arbiter)).json()
    assert len(game["rack"]) == 7 and game["rounds"][0]["method"] == "drawn" and game["rounds"][0]["seed"]
    expect(judge.page.locator("#app .panel .rack .tile")).to_have_count(7)
    clock = judge.page.locator("#timer .clock")
    expect(clock).to_have_text(re.compile(r"^[0-3]:[0-5]\d$"))
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=5_000)  # it counts down, second by second
    check_page(judge.page, "judge en playing")
    assert not judge.errors
    judge.close()


def test_the_judge_computes_the_master_on_a_loaded_lexicon(browser: Any, hall: Any) -> None:
    """AJS 3.2.3: the master found by a program, here the move generator on the small Spanish list the organiser
    loaded (tests/data/lexicon/es_small.txt), chosen from the desk's list of those loaded; the page shows what the
    service chose. (The Catalan list another test loads into the same hall is not offered: other tiles.)"""
    from domain.tiles import SPANISH
    from service.lexicon.library import load_word_list

    data = hall.server.config.app.state.duplicates.lexicon_data
    assert data is not None
    load_word_list("es-small", LEXICON, SPANISH, data)
    duplicate, _ = create(hall, ["Ana", "Berta"])
    judge = Judge(browser, hall, duplicate, TABLET_LANDSCAPE, "ca")
    judge.enter_rack("CASAaRO")
    judge.button("judge.start_entered").click()
    judge.at_phase("playing", 1)
    judge.button("judge.close").click()
    judge.at_phase("closed", 1)
    # the desk offers the lists loaded in the game's tiles (GET /v1/lexicons), no free text to mistype
    options = judge.page.locator("#master-lexicon option").evaluate_all("(os) => os.map((o) => o.value)")
    assert "es-small" in options and "ca-small" not in options, options
    judge.page.select_option("#master-lexicon", "es-small")
    expect(judge.page.locator("#lexicon-kind")).to_have_text(judge.t("judge.lexicon_advisory", name="es-small"))
    judge.button("judge.master_computed").click()
    judge.at_phase("mastered", 1)
    master = hall.http.get(f"/v1/duplicates/{duplicate}/rounds/1", headers=hall.headers(hall.arbiter)).json()["master"]
    assert master["method"] == "computed" and master["score"] > 0
    expect(judge.page.locator("#master")).to_contain_text(
        f"{master['word']} {master['coordinates']} · {master['score']} ({judge.t('judge.method.computed')})")
    assert not judge.errors
    judge.close()


def in_view(page: Any, selector: str) -> bool:
    """The whole element inside the window, as shown now (no scrolling done for it)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["width"] > 0


def test_a_fisc_round_on_a_list_not_declared_official_to_the_end_of_the_game(browser: Any, hall: Any) -> None:
    """FISC 2023 part II, Catalan tiles, five players (FISC II.1), one round set, the players asked for their score
    (FISC II.2). Rack C A S A R O L on the empty board, by hand (C 2, the rest 1; H8 doubles the word): CASA H8 and
    COSA 8E score (2+1+1+1) × 2 = 10, the best any play of this rack makes with the loaded list
    (tests/data/lexicon/ca_small.txt: no five-letter word of these tiles), ROSA H5 8, SOL H8 6.

    Ana (a phone, Spanish) writes CASA H8 and 10; Biel (a portrait tablet, Catalan) COSA 8E and 12 (he miscounted:
    flagged, the engine's 10 counts); three more by the API. The judge (Catalan, portrait tablet) chooses the list
    from those loaded: not declared official, so the desk says every verdict is advisory before and after. The
    computed master is one of the players' two equal tops (AJS 3.2.3, as FISC II.1 is silent), credited to its
    player. Publishing brings «Ronda següent» into view; starting it ends the game (the round set was played), and
    the desk, both slips and the hall screen say why. The FISC ranking has no bonus column (FISC II gives none)."""
    from domain.tiles import CATALAN
    from service.lexicon.library import load_word_list

    load_word_list("ca-small", LEXICON_CA, CATALAN, hall.server.config.app.state.duplicates.lexicon_data)
    names = ["Ana", "Biel", "Carme", "Dolors", "Enric"]
    r = hall.http.post("/v1/duplicates", json={"profile": "fisc-2023", "players": names, "draw": "judge", "rounds": 1,
                                               "slip_score": True}, headers=hall.headers(hall.director))
    assert r.status_code == 201, r.text
    duplicate, tokens = r.json()["id"], [t["token"] for t in r.json()["tokens"]]
    judge = Judge(browser, hall, duplicate, TABLET_PORTRAIT, "ca")
    ana = Player(browser, hall, duplicate, tokens[0], 0, PHONE, "es")
    biel = Player(browser, hall, duplicate, tokens[1], 1, TABLET_PORTRAIT, "ca")
    spectator = hall.games.issue_token("spectator", "hall screen fisc", "test")[0]
    screen = Page(browser, f"{hall.url}/ranking?duplicate={duplicate}#token={spectator}", HALL_SCREEN, "ca")

    judge.enter_rack("CASAROL")
    judge.button("judge.start_entered").click()
    judge.at_phase("playing", 1)
    for p in (ana, biel):
        p.at_phase("playing", 1)
    # on a phone the score and «Entregar papeleta» are in view while the word is typed, without scrolling
    ana.write_slip("CASA", "H8", send=False)
    assert in_view(ana.page, "#send-slip") and in_view(ana.page, "#slip-score")
    ana.page.fill("#slip-score", "10")
    check_page(ana.page, "slip es phone, the score asked")
    screenshot(ana.page, "slip-es-phone-score")
    ana.button("slip.send").click()
    expect(ana.page.locator("#declared")).to_have_text(ana.t("slip.declared", score=10))
    biel.write_slip("COSA", "8E", send=False)
    assert in_view(biel.page, "#send-slip")
    biel.page.fill("#slip-score", "1x")
    biel.button("slip.send").click()
    expect(biel.page.locator("#entry-problem")).to_have_text(biel.t("slip.problem.score"))  # not sent
    biel.page.fill("#slip-score", "12")
    screenshot(biel.page, "slip-ca-tablet-score")
    biel.button("slip.send").click()
    expect(biel.page.locator("#declared")).to_have_text(biel.t("slip.declared", score=12))
    expect(biel.page.locator("#entry-problem")).to_be_empty()
    for seat, (word, coordinates) in ((2, ("ROSA", "H5")), (3, ("SOL", "H8"))):
        answer = hall.http.post(f"/v1/duplicates/{duplicate}/rounds/1/slips", json={"word": word, "coordinates": coordinates},
                                headers=hall.headers(tokens[seat]))
        assert answer.status_code == 200, answer.text
    expect(judge.page.locator("#slips tbody tr")).to_have_count(4)
    expect(judge.page.locator('#slips tr[data-seat="0"] td.declared')).to_have_text("10")

    judge.button("judge.close").click()
    judge.at_phase("closed", 1)
    differs = judge.page.locator('#slips tr[data-seat="1"] td.declared strong.bad-text')  # 12 written, 10 counted
    expect(differs).to_have_attribute("aria-label", judge.t("judge.score_differs", declared=12, score=10))
    kind = judge.page.locator("#lexicon-kind")
    expect(kind).to_have_text(judge.t("judge.lexicon_advisory", name="ca-small"))  # said before it is used
    options = judge.page.locator("#master-lexicon option").evaluate_all("(os) => os.map((o) => o.value)")
    assert "ca-small" in options and not any(o.startswith("es-") for o in options), options  # the game's tiles only
    judge.page.select_option("#master-lexicon", "ca-small")
    judge.button("judge.master_computed").click()
    judge.at_phase("mastered", 1)
    master = hall.http.get(f"/v1/duplicates/{duplicate}/rounds/1", headers=hall.headers(hall.arbiter)).json()["master"]
    assert (master["word"], master["coordinates"], master["seat"]) in {("CASA", "H8", 0), ("COSA", "8E", 1)}, master
    assert master["score"] == 10 and master["tops"] == 2 and master["advisory"] is True
    note = judge.page.locator("#master-note")
    expect(note).to_contain_text(judge.t("judge.players_top", name=names[master["seat"]], tops=2))
    expect(note).to_contain_text(judge.t("judge.master_advisory", name="ca-small"))
    expect(judge.page.locator("#rulings-advisory")).to_contain_text("ca-small")
    expect(judge.page.locator('#rulings li[data-word="CASA"] .why')).to_contain_text(
        judge.t("judge.by_lexicon", name="ca-small"))
    expect(judge.page.locator('#rulings li[data-word="CASA"] .why')).to_contain_text(judge.t("judge.advisory"))
    desk = judge.page.inner_text("#app")
    assert "lexicon's verdict" not in desk and "a word of the master move" not in desk  # the page's language only
    judge.page.locator("#master").scroll_into_view_if_needed()
    check_page(judge.page, "judge ca portrait, the master computed")
    screenshot(judge.page, "judge-ca-tablet-master")

    judge.button("judge.publish").click()
    judge.at_phase("published", 1)
    expect(judge.page.locator("#next-round")).to_be_in_viewport()  # the next step, brought into view
    assert judge.page.locator("#next-round").bounding_box()["y"] < TABLET_PORTRAIT["height"] / 2
    for p, score in ((ana, 10), (biel, 10)):
        p.at_phase("published", 1)
        expect(p.page.locator("#score")).to_have_text(str(score))
    biel.page.locator("#result").scroll_into_view_if_needed()
    screenshot(biel.page, "slip-ca-tablet-published")
    expect(screen.page.locator("#app")).to_have_attribute("data-round", "1")
    headers = screen.page.locator("table.ranking thead th").all_inner_texts()
    assert screen.t("ranking.bonus") not in headers and len(headers) == 4, headers  # FISC II: no solo-top bonus

    # the desk on a phone, in Spanish
    judge.page.set_viewport_size(PHONE)
    judge.page.select_option("#lang", "es")
    judge.lang = "es"
    expect(judge.page.locator("#next-round h2")).to_have_text(judge.t("judge.next_round"))
    judge.page.locator("#next-round").scroll_into_view_if_needed()
    check_page(judge.page, "judge es phone, published")
    screenshot(judge.page, "judge-es-phone-published")

    # the next round ends the game: the round set was played (FISC II.1; the cause and its article everywhere)
    judge.button("judge.start_drawn").click()
    judge.at_phase("ended")
    cause = judge.t("dup.end.rounds", n=1)
    expect(judge.page.locator("#ended")).to_contain_text(cause)
    expect(judge.page.locator("#ended")).to_contain_text("(FISC II.1)")  # the game's own rules
    expect(judge.page.locator("#judge-done")).to_contain_text(cause)
    judge.page.locator("#ended").scroll_into_view_if_needed()
    screenshot(judge.page, "judge-es-phone-ended")
    for p in (ana, biel):
        p.at_phase("ended")
        expect(p.page.locator("#ended")).to_contain_text(p.t("dup.end.rounds", n=1))
        expect(p.page.locator("#timer")).to_contain_text(p.t("dup.game_over"))
        expect(p.page.locator("#timer")).not_to_contain_text(p.t("dup.published"))
    screenshot(ana.page, "slip-es-phone-ended")
    check_page(biel.page, "slip ca portrait, ended")
    screenshot(biel.page, "slip-ca-tablet-ended")
    expect(screen.page.locator("#ended")).to_contain_text(screen.t("dup.end.rounds", n=1))
    expect(screen.page.locator("h1")).to_have_text(screen.t("ranking.final"))
    check_page(screen.page, "ranking ca, ended")
    screenshot(screen.page, "ranking-ca-hall-ended")
    for p in (judge, ana, biel, screen):
        assert not p.errors, p.errors
        p.close()
