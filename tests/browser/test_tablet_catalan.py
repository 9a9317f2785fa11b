"""Two tablets play a FISC game in a physical bag, in Catalan (the profile's language, not chosen by the
device): draws by count, a play with Ç, an overdraw pointed out by the opponent's tablet, a vertical play through a board tile with the QU tile typed on the
Q key and a blank standing for NY, a challenge ruled valid and its line written by the challenger, L·L, an exchange by count, passes to the end,
the end racks typed on the tile keyboard, both signatures, the lock and the GCG copy."""

from __future__ import annotations

import pytest

from typing import Any

from tests.browser.conftest import TABLET_PORTRAIT, screenshot
from tests.browser.tablet import Tablet, check_page, close_all, expect, pass_to_the_end


def test_two_tablets_play_a_fisc_game_in_catalan_with_a_physical_bag(browser: Any, hall: Any) -> None:
    game = hall.new_game("fisc-2023", ("Anna", "Bernat"), bag_mode="physical")
    while game.state()["phase"] == "starting":
        game.official("draw_for_start", tiles=["A", "B"])
    starter = game.state()["starter"]
    second = 1 - starter
    tabs = {seat: Tablet(browser, game, seat, TABLET_PORTRAIT, lang=None) for seat in (0, 1)}
    for tab in tabs.values():
        tab.lang = "ca"
        expect(tab.page.locator("html")).to_have_attribute("lang", "ca")  # the game's profile language
    first, other = tabs[starter], tabs[second]
    names = {0: "Anna", 1: "Bernat"}

    # The deal in a physical bag: each records how many tiles they drew (seven).
    first.act("action.draw_tiles")
    other.act("action.draw_tiles")
    first.expect_banner("wait.play.you")

    # PLAÇA across the centre, with the Ç key.
    first.enter_play("H6", "PLAÇA", announced=20, total=20)
    other.expect_banner("wait.acceptance.you", name=names[starter])
    check_page(other.page, "acceptance (ca, portrait)")
    other.accept(score=20, total=20)
    # Anna draws six instead of five (recorded as she drew them); Bernat's tablet points out the overdraw
    # (FISC I.7.3, FILE 28): the tiles were not seen.
    game.official("overdraw_tiles", token=game.tokens[starter], count=6)
    other.expect_banner("wait.overdraw")
    expect(other.page.locator("#actions")).to_contain_text(other.t("overdraw.ask", name=names[starter]))
    check_page(other.page, "overdraw (ca)")
    other.act("action.overdraw_unseen")
    assert game.state()["players"][starter]["rack_count"] == 7

    # Down column 8 through the A on the board: the QU tile on the Q key, then a blank standing for NY.
    other.expect_banner("wait.play.you")
    expect(other.page.locator('pl-keyboard button[data-letter="QU"]')).to_have_text("Q")
    screenshot(other.page, "tablet-ca-portrait-turn")
    other.enter_play("8G", "QU.ny", announced=9, total=9)  # the QU tile: the key labelled Q
    board = game.state()["board"]
    assert board[6] == ".......QU......." and board[8] == ".......ny.......", board
    first.tap(first.button("action.challenge"))  # counted once its form is drawn: the next tap counts from there
    first.act("action.challenge_send")
    other.expect_banner("wait.ruling")
    game.official("rule_challenge", token=hall.arbiter, valid=True, authority="DIEC")
    other.act("action.draw_tiles")
    # The play stands: Anna, who challenged it, owes its line on her own sheet (FILE 37: writing it down is the
    # acceptance the ruling took the place of); she writes it before signing can be offered.
    expect(first.page.get_by_test_id("owed-line")).to_be_visible()
    first.page.locator("#owed-total").fill("9")
    first.tap(first.button("action.write_owed"))
    expect(first.page.get_by_test_id("owed-line")).to_have_count(0)

    # L·L, then an exchange of three by count, then passes to the end of the game.
    first.expect_banner("wait.play.you")
    first.enter_play("G6", "L·LE.", announced=30, total=50)
    other.accept()
    first.act("action.draw_tiles")
    other.expect_banner("wait.play.you")
    other.act("action.exchange")  # the exchange form: a count, the bag being physical
    other.page.get_by_label(other.t("exchange.count")).fill("3")
    other.tap(other.button("action.exchange"))
    assert game.state()["last_turn"]["kind"] == "exchange"
    pass_to_the_end(game, tabs)

    # The end racks, typed on the keyboard (a physical bag: the service does not know them).
    for seat, tiles in ((starter, "AEIORST"), (second, "AEIORST")):
        tab = tabs[seat]
        tab.expect_banner("wait.end_racks.you")
        check_page(tab.page, "end racks (ca)")
        for letter in tiles:
            tab.page.locator(f'pl-keyboard button[data-letter="{letter}"]').click()
        tab.act("action.declare_end_rack", count="")
    state = game.state()
    assert state["settlement"] is not None and state["settlement"]["racks_counted"]

    for tab in (first, other):
        tab.expect_banner("wait.signatures.you")
        tab.act("action.sign")
    for tab in tabs.values():
        tab.expect_banner("wait.closed")
    screenshot(first.page, "tablet-ca-portrait-closed")
    check_page(first.page, "closed (ca, portrait)")
    with first.page.expect_download() as download:
        first.button("closed.download_gcg").click()
    gcg = open(download.value.path(), encoding="utf-8").read()
    assert "#player1" in gcg and "PLAÇA" in gcg
    close_all(tabs.values())
