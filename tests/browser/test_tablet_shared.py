"""One tablet shared by the table, seats switching (issue 14), and leaving game mode (the conformity page's
condition 9: before the sheet is signed, only with an official's token).

The shared tablet is bound with both seats' codes (``#bind=CODE1,CODE2``, or both typed); it acts for the
seat the game waits on, sends each seat's commands with that seat's own token (so each player's sheet is
still their own, FILE 37), speaks of both players by name, and never shows a rack."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot
from tests.browser.hall import Game
from tests.browser.tablet import Tablet, check_page, expect


def codes(game: Game) -> list[str]:
    hall = game.hall
    found = []
    for seat in (0, 1):
        r = hall.http.post(f"/v1/games/{game.id}/seats/{seat}/code", json={}, headers=hall.headers(hall.arbiter))
        assert r.status_code in (200, 201), r.text
        found.append(r.json()["code"])
    return found


def events(game: Game) -> list[dict[str, Any]]:
    r = game.hall.http.get(f"/v1/games/{game.id}/events", headers=game.hall.headers(game.hall.director))
    assert r.status_code == 200, r.text
    return r.json()["events"]


def to_top(tab: Tablet) -> None:
    """Scrolled back to the top, as a player picking the tablet up sees it (the test's taps scroll it)."""
    tab.page.evaluate("window.scrollTo(0, 0); for (const el of document.querySelectorAll('.side')) el.scrollTop = 0")


def shared_tablet(browser: Any, game: Game, viewport: dict[str, int]) -> Tablet:
    first, second = codes(game)
    return Tablet(browser, game, None, viewport, lang="es", address=f"{game.hall.url}/tablet#bind={first},{second}")


def test_one_shared_tablet_records_both_players_turns_each_with_its_own_seat(browser: Any, hall: Any) -> None:
    game = hall.new_game("file-2024", ("Ana", "Berta"), bag_mode="physical")
    while game.state()["phase"] == "starting":  # a physical bag: the tiles drawn for the start are entered
        game.official("draw_for_start", tiles=["A", "B"])
    starter = game.state()["starter"]
    second = 1 - starter
    names = {0: "Ana", 1: "Berta"}
    tab = shared_tablet(browser, game, TABLET_LANDSCAPE)
    acting = tab.page.locator(".group.shared .acting")

    # The deal: the tablet acts for the starter, then for the other player (FILE 7), each drawing by count.
    expect(acting).to_have_text(tab.t("shared.acting", name=names[starter]))
    tab.expect_banner("wait.deal", names=names[starter])  # by name: both players look at a shared tablet
    tab.act("action.draw_tiles")
    expect(acting).to_have_text(tab.t("shared.acting", name=names[second]))
    tab.act("action.draw_tiles")

    # The starter's play, typed on the tablet; then it acts for the opponent, who writes the score (FILE 37).
    expect(acting).to_have_text(tab.t("shared.acting", name=names[starter]))
    tab.enter_play("H7", "CASA", announced=5, total=5)  # a physical bag: the service does not know the racks
    expect(acting).to_have_text(tab.t("shared.acting", name=names[second]))
    tab.expect_banner("wait.acceptance", names=names[second])
    tab.sync()  # the sheets too: the announced 5 and the starter's line, not the moment before the sheet's read
    to_top(tab)
    screenshot(tab.page, "tablet-es-landscape-shared")
    check_page(tab.page, "shared tablet, acceptance")
    tab.accept(score=5, total=5)
    assert tab.page.locator(".scores .rack").count() == 0, "a shared tablet never shows a rack"

    # Each command went with its own seat's token: the play as the starter, the sheet line and the acceptance
    # as the opponent, on the opponent's own sheet.
    history = events(game)
    placed = next(e for e in history if e["type"] == "TilesPlaced")
    written = next(e for e in history if e["type"] == "SheetEntryWritten")
    accepted = next(e for e in history if e["type"] == "PlayAccepted")
    assert placed["actor"].startswith(f"player:{starter}:"), placed["actor"]
    assert written["actor"].startswith(f"player:{second}:") and accepted["actor"].startswith(f"player:{second}:")
    assert written["payload"]["sheet"] == second
    bound = [e for e in history if e["type"] == "DeviceBound"]
    assert sorted(e["payload"]["seat"] for e in bound) == [0, 1]
    assert len({e["device"] for e in bound}) == 1, "one device holds both seats"
    # One key per seat, both made on this tablet at binding (issue 16); the acceptance is signed with the
    # accepting seat's own key, over the head the tablet showed.
    keys = {e["payload"]["seat"]: e["payload"]["fingerprint"] for e in history if e["type"] == "KeyRegistered"}
    assert sorted(keys) == [0, 1] and keys[0] != keys[1]
    assert accepted["payload"]["key"]["seat"] == second and accepted["payload"]["key"]["fingerprint"] == keys[second]

    # On the phone too; then the arbiter takes the tablet out of game mode (both seats released).
    tab.page.set_viewport_size(PHONE)
    to_top(tab)
    screenshot(tab.page, "tablet-es-phone-shared")
    check_page(tab.page, "shared tablet, phone")
    tab.page.set_viewport_size(TABLET_LANDSCAPE)
    tab.button("leave.open").click()
    tab.button("leave.confirm").click()
    expect(tab.page.locator("#leave-problem")).to_have_text(tab.t("leave.need_official"))
    tab.page.get_by_label(tab.t("leave.official")).fill(game.tokens[starter])  # a player's token is not enough
    tab.button("leave.confirm").click()
    expect(tab.page.locator("#leave-problem")).to_contain_text(tab.t("leave.refused", why="").strip())
    assert not [e for e in events(game) if e["type"] == "SeatReleased"]
    screenshot(tab.page, "tablet-es-landscape-leave")
    check_page(tab.page, "leave game mode")
    tab.page.get_by_label(tab.t("leave.official")).fill(hall.arbiter)
    tab.button("leave.confirm").click()
    expect(tab.page.get_by_role("heading", name=tab.t("bind.title"))).to_be_visible()
    released = [e for e in events(game) if e["type"] == "SeatReleased"]
    assert sorted(e["payload"]["seat"] for e in released) == [0, 1]
    assert released[0]["actor"].startswith("arbiter:")
    assert tab.page.evaluate("localStorage.getItem('planilla.session')") is None
    assert not tab.errors, tab.errors
    tab.close()


def test_a_shared_tablet_refuses_a_game_drawn_from_the_services_bag(browser: Any, hall: Any) -> None:
    """A virtual bag shows each player's drawn tiles on their own tablet only: a shared tablet would show them
    to the opponent, so it offers nothing but says why (and how to leave game mode)."""
    game = hall.new_game("file-2024", ("Ana", "Berta"), bag_mode="virtual")
    game.draw_for_start()
    tab = shared_tablet(browser, game, TABLET_LANDSCAPE)
    expect(tab.page.locator("#actions")).to_contain_text(tab.t("shared.virtual_bag"))
    assert tab.page.locator("#actions button").count() == 0
    tab.close()


def test_a_players_own_tablet_leaves_game_mode_freely_once_the_game_is_closed(browser: Any, hall: Any) -> None:
    game = hall.new_game("file-2024", ("Ana", "Berta"), clock={"timing": "chess_clock", "minutes": 25})
    game.official("record_no_show", absent=[1], minutes_waited=120)  # past her flag: ends the game (FILE 35.3) ...
    for seat in (0, 1):  # ... and whoever the profile asks signs it
        state = game.state()
        if any(a["type"] == "sign" and a["seat"] == seat for a in state["next_actions"]):
            game.official("sign", token=game.tokens[seat], signature=state["players"][seat]["name"])
    assert game.state()["status"] == "closed", game.state()
    tab = Tablet(browser, game, 0, TABLET_LANDSCAPE)
    tab.expect_banner("wait.closed")
    tab.button("leave.open").click()
    expect(tab.page.locator(".group.leave")).to_contain_text(tab.t("leave.closed"))
    assert tab.page.locator("#leave-token").count() == 0
    tab.button("leave.closed_confirm").click()
    expect(tab.page.locator("#bind-code")).to_be_visible()  # the binding screen, in the browser's language
    assert tab.page.evaluate("localStorage.getItem('planilla.session')") is None
    tab.close()
