"""Two tablets (two browser contexts) play a FILE game through the pages: the deal, an off-centre first play
entered on the board and tile keyboard and accepted as such (FILE 20), its acceptance with the score written, a discrepancy between the sheets shown on
both tablets and corrected, a challenge ruled invalid, an exchange, passes to the end, both signatures,
the lock and the printable sheet. The draw for the start and the players' ruling of the challenge (FILE 4.3, 41.1) go through the tablets too;
the arbiter's answer to a call goes through the API; every step a player takes at the table goes through the
page."""

from __future__ import annotations

import pytest

import re
from typing import Any

from tests.browser.conftest import TABLET_LANDSCAPE, screenshot
from tests.browser.tablet import Tablet, check_page, close_all, expect, pass_to_the_end


def test_two_tablets_play_a_file_game_through_the_pages(browser: Any, hall: Any) -> None:
    game = hall.new_game("file-2024")
    tabs = {seat: Tablet(browser, game, seat, TABLET_LANDSCAPE) for seat in (0, 1)}
    names = {s: game.state()["players"][s]["name"] for s in (0, 1)}

    # The draw for the start, from a tablet (FILE 4.3: a tile each; the virtual bag draws them); both tablets
    # say so, and that the pairing list decides in a Swiss event (FILE 4.1). A tie draws again.
    for tab in tabs.values():
        tab.expect_banner("wait.starter.draw", article="FILE 4.3")
        expect(tab.page.locator("#actions")).to_contain_text(tab.t("start.pairing", article="FILE 4.1"))
    screenshot(tabs[0].page, "tablet-es-landscape-start")
    while game.state()["phase"] == "starting":
        tabs[0].act("action.draw_for_start")
    starter = game.state()["starter"]
    second = 1 - starter
    first, other = tabs[starter], tabs[second]

    # The deal: each tablet draws its seven, the starter first (FILE 7); each sees its own rack only.
    first.expect_banner("wait.deal.you")
    other.expect_banner("wait.deal", names=names[starter])
    first.button("action.draw_tiles").click()
    first.wait_rack(7)
    other.button("action.draw_tiles").click()
    other.wait_rack(7)
    assert first.page.locator(".rack").count() == 1 and other.page.locator(".rack").count() == 1
    first.expect_banner("wait.play.you")
    other.expect_banner("wait.play", names=names[starter])

    # The starter's first play misses the centre (FILE 20): two tiles of the rack at D4, entered on the board
    # and the tile keyboard; the announced score is wrong (1). The opponent's tablet offers the choice.
    rack = [x for x in game.state(game.tokens[starter])["players"][starter]["rack"] if x != "?"]
    coordinates, word = "D4", "".join(f"[{x}]" for x in rack[:2])
    screenshot(first.page, "tablet-es-landscape-turn")
    first.enter_play(coordinates, word, announced=1, total=1)
    other.expect_banner("wait.centre_choice.you", name=names[starter])
    first.expect_banner("wait.centre_choice", names=names[second])
    other.act("action.centre_accept")
    other.expect_banner("wait.acceptance.you", name=names[starter])
    first.expect_banner("wait.acceptance", names=names[second])
    state = game.state()
    assert state["pending"]["kind"] == "acceptance" and state["last_turn"]["coordinates"] == coordinates.upper()
    true_score = state["last_turn"]["score"]

    # The opponent accepts, writing down what was announced: the sheets disagree with the true score.
    expect(other.page.locator(".announced-play")).to_contain_text(f"{coordinates}")
    other.accept(score=1, total=1)
    for tab in tabs.values():
        expect(tab.page.locator(".discrepancies")).to_contain_text(tab.t("diff.wrote", name=names[second], value=1))
        expect(tab.page.locator(".discrepancies")).to_contain_text(tab.t("diff.announced", value=1))
    screenshot(other.page, "tablet-es-landscape-discrepancy")
    check_page(other.page, "discrepancy")
    # Corrected by agreement to the true values (FILE 40), from the tablet: score, then total.
    for _ in ("score", "total"):
        other.sync()
        other.tap(other.page.get_by_role("button", name=other.t("action.correct", value=true_score)).first)
    for tab in tabs.values():
        expect(tab.page.locator(".discrepancies")).to_have_count(0)
    assert game.state()["players"][starter]["score"] == true_score

    # The second player's play is challenged from the starter's tablet (all its words, one verdict).
    other.expect_banner("wait.play.you")
    coordinates, word = game.find_play(second)
    other.enter_play(coordinates, word, announced=9)
    first.tap(first.button("action.challenge"))  # counted once its form is drawn: the next tap counts from there
    expect(first.page.locator("fieldset.words input[type=checkbox]").first).to_be_checked()
    check_page(first.page, "challenge words")
    first.act("action.challenge_send_players")
    # FILE 41.1: the players rule: both look the words up in the official list; one records what it says, the
    # other confirms it on their own tablet. The tablet never looks a word up.
    for tab in tabs.values():
        tab.expect_banner("wait.ruling.you")
        expect(tab.page.locator(".ruling .word-tiles").first).to_be_visible()
    first.act("action.rule_invalid")
    first.expect_banner("wait.ruling.confirming", names=names[second])
    other.expect_banner("wait.ruling.confirm", name=names[starter])
    expect(other.page.locator(".ruling")).to_contain_text(other.t("ruling.proposed", name=names[starter],
                                                                  verdict=other.t("ruling.invalid")))
    screenshot(other.page, "tablet-es-landscape-ruling-confirm")
    check_page(other.page, "ruling to confirm")
    other.act("action.confirm_ruling")
    ruled = game.state()
    assert ruled["last_turn"]["kind"] == "invalid" and ruled["proposed_ruling"] is None
    first.expect_banner("wait.play.you")
    expect(first.page.locator("pl-sheets tr.withdrawn")).to_have_count(1)

    # The starter exchanges two tiles, chosen on the rack; the second player passes.
    first.button("action.exchange").click()
    first.page.locator("button.rack-tile").nth(0).click()
    first.page.locator("button.rack-tile").nth(1).click()
    first.act("action.exchange_confirm", count=2)
    assert game.state()["last_turn"]["kind"] == "exchange"
    # The starter's own line for the accepted play went just before that exchange, as written on the tablet.
    sheet = hall.http.get(f"/v1/games/{game.id}/scoresheet", headers=hall.headers(hall.director)).json()
    assert sheet["players"][starter]["rows"][0]["written"][str(starter)] == {"score": true_score, "total": true_score}
    other.expect_banner("wait.play.you")
    other.act("action.pass")
    assert game.state()["last_turn"]["kind"] == "pass"

    # Either player may call the arbiter at any moment (FILE 33.5: the clocks stop); both tablets offer it,
    # the call shows on both, and no second call is offered until an official answers it.
    for tab in tabs.values():
        expect(tab.button("action.call_arbiter")).to_be_visible()
    other.act("action.call_arbiter")
    assert game.state()["arbiter_call"]["seat"] == second
    for tab in tabs.values():
        tab.expect_banner("wait.arbiter", names=names[second])
        expect(tab.button("action.call_arbiter")).to_have_count(0)
    game.official("answer_call", token=hall.arbiter)

    # Passes from the tablets until the profile ends the game; then each signs on their own tablet.
    pass_to_the_end(game, tabs)
    state = game.state()
    assert state["status"] == "ended" and state["settlement"] is not None
    first.expect_banner("wait.signatures.you")
    expect(first.page.locator(".settlement")).to_be_visible()
    screenshot(first.page, "tablet-es-landscape-sign")
    check_page(first.page, "settlement and signature")
    first.act("action.sign")
    other.expect_banner("wait.signatures.you")
    first.expect_banner("wait.signatures", names=names[second])
    other.act("action.sign")

    # The lock on both tablets; the printable sheet's totals are the settlement's.
    for tab in tabs.values():
        tab.expect_banner("wait.closed")
        expect(tab.page.locator(".lock")).to_be_visible()
    screenshot(other.page, "tablet-es-landscape-closed")
    check_page(other.page, "closed")
    settled = game.state()["settlement"]
    with first.page.expect_download() as download:
        first.button("closed.download_sheet").click()
    html = open(download.value.path(), encoding="utf-8").read()
    finals = re.findall(r"TOTAL FINAL</td><td[^>]*>(-?\d+)", html)
    assert [p["final_score"] for p in settled["players"]] == [int(x) for x in finals[:2]], finals
    close_all(tabs.values())
