"""The replay viewer (``/replay``) in Chromium: a finished game and an imported GCG game stepped event by
event, and at every version the page shows exactly what ``GET /v1/games/{id}/state?at=N`` answers that
viewer (board square by square, racks as far as the viewer may see them, bag, scores, turn, clocks, the
event and who recorded it from which device); buttons, slider, keyboard and a link to one version.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import pytest

from tests.application.script import long_game
from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot
from tests.browser.tablet import catalogue, text

#: What the page shows on the board, square by square: [letter, blank] or None.
READ_BOARD = """() => [...document.querySelectorAll('pl-board .row:not(.labels)')].map((row) =>
  [...row.children].slice(1).map((sq) => { const l = sq.querySelector('.tile .letter');
    return l ? [l.textContent, sq.querySelector('.tile').classList.contains('blank')] : null; }))"""
READ_LAST = "() => [...document.querySelectorAll('pl-board .row:not(.labels)')].flatMap((row, r) => " \
            "[...row.children].slice(1).flatMap((sq, c) => sq.classList.contains('last') ? [[r, c]] : []))"


@pytest.fixture(scope="module")
def games(hall: Any) -> dict[str, Any]:
    """A finished game (12 turns, ended and signed) and the same game imported from its GCG record."""
    bot = long_game(hall.games, seed=3, turns=12)
    finished = str(bot.game_id)
    director = hall.headers(hall.director)
    gcg = hall.http.get(f"/v1/games/{finished}/gcg", headers=director)
    assert gcg.status_code == 200, gcg.text
    made = hall.http.post("/v1/games/import", json={"profile": "file-2024", "gcg": gcg.text}, headers=director)
    assert made.status_code == 201, made.text
    imported = made.json()["id"]
    tribunal = hall.games.issue_token("tribunal", "tribunal-replay", "test")[0]
    spectator = hall.games.issue_token("spectator", "spectator-replay", "test")[0]
    player = hall.games.issue_token("player", "seat-0", "test", game_id=UUID(finished), seat=0)[0]
    return {"finished": finished, "imported": imported, "tribunal": tribunal, "spectator": spectator, "player": player}


SPANISH = catalogue("es")


def new_page(browser: Any, viewport: dict[str, int], lang: str = "es") -> Any:
    page = browser.new_page(viewport=viewport)
    page.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
    return page


def api(hall: Any, token: str, path: str) -> Any:
    r = hall.http.get(path, headers=hall.headers(token))
    assert r.status_code == 200, r.text
    return r.json()


def expected_board(frame: dict[str, Any]) -> list[list[Any]]:
    return [[None if c is None else [c["letter"] if c["blank"] else c["tile"], c["blank"]] for c in row]
            for row in frame["cells"]]


def check_version(page: Any, hall: Any, game: str, token: str, n: int, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The page at version ``n`` shows what the service answers this token for ``/state?at=n``."""
    frame = api(hall, token, f"/v1/games/{game}/state?at={n}")
    page.wait_for_selector(f'[data-testid="version"][data-version="{n}"]')
    shown = page.get_by_test_id("event-type").evaluate("(e) => [e.dataset.type, e.textContent]")  # one round trip
    assert shown == [frame["event"], SPANISH[f"replay.type.{frame['event']}"]]
    assert page.get_by_test_id("event-at").inner_text() == frame["at"]
    event = events[n - 1]
    assert event["sequence"] == n
    assert page.get_by_test_id("actor").inner_text() == event["actor"]
    if event["device"]:
        assert page.get_by_test_id("device").inner_text() == event["device"]
    assert page.get_by_test_id("bag").get_attribute("data-count") == str(frame["bag"])
    assert page.get_by_test_id("phase").get_attribute("data-phase") == frame["phase"]
    assert page.get_by_test_id("phase").inner_text() != "", frame["phase"]
    for i, rack in enumerate(frame["racks"]):
        seat = rack["seat"]
        assert page.get_by_test_id(f"score-{seat}").inner_text() == str(frame["scores"][i])
        shown = page.get_by_test_id(f"rack-{seat}")
        assert json.loads(shown.get_attribute("data-known")) == rack["known"]
        assert shown.get_attribute("data-count") == str(rack["count"])
        letters = shown.locator(".tile .letter").all_inner_texts()
        assert letters == (rack["known"] or []), (n, seat)
        assert shown.locator(".face-down").count() == rack["count"] - len(rack["known"] or [])
        on_turn = "on-turn" in (page.get_by_test_id(f"player-{seat}").get_attribute("class") or "")
        assert on_turn == (frame["seat_on_turn"] == seat)
        if frame["clocks"][i]["remaining"] is None:
            assert page.get_by_test_id(f"clock-{seat}").inner_text().endswith(("sin reloj", "sense rellotge"))
    assert page.evaluate(READ_BOARD) == expected_board(frame), n
    return frame


def step_through(page: Any, hall: Any, game: str, token: str) -> list[dict[str, Any]]:
    """From version 1 to the last with the next button (then back with the keyboard): every version checked."""
    events = api(hall, token, f"/v1/games/{game}/events")["events"]
    last = events[-1]["sequence"]
    page.get_by_label("Primer evento").click()
    frames = [check_version(page, hall, game, token, 1, events)]
    for n in range(2, last + 1):
        page.get_by_label("Evento siguiente").click()
        frames.append(check_version(page, hall, game, token, n, events))
    assert page.get_by_label("Evento siguiente").is_disabled()
    page.locator("body").click(position={"x": 5, "y": 300})
    for n in (last - 1, last - 2):
        page.keyboard.press("ArrowLeft")
        check_version(page, hall, game, token, n, events)
    page.keyboard.press("Home")
    check_version(page, hall, game, token, 1, events)
    page.keyboard.press("End")
    check_version(page, hall, game, token, last, events)
    return frames


def test_a_finished_game_stepped_shows_at_every_version_what_state_at_answers(browser: Any, hall: Any, games: Any):
    page = new_page(browser, TABLET_LANDSCAPE)
    page.goto(f"{hall.url}/replay?game={games['finished']}#token={games['tribunal']}")
    frames = step_through(page, hall, games["finished"], games["tribunal"])
    assert "token" not in page.url
    assert any(f["racks"][0]["known"] for f in frames), "the tribunal sees the racks"
    assert {"TilesPlaced", "PlayAccepted", "SheetSigned"} <= {f["event"] for f in frames}
    assert not page.evaluate("[...window.planillaMissing]")
    page.close()


def test_the_last_play_is_highlighted_and_a_link_opens_one_version(browser: Any, hall: Any, games: Any):
    game, token = games["finished"], games["spectator"]
    events = api(hall, token, f"/v1/games/{game}/events")["events"]
    placed = next(e["sequence"] for e in events if e["type"] == "TilesPlaced")
    page = new_page(browser, TABLET_LANDSCAPE)
    page.goto(f"{hall.url}/replay?game={game}&at={placed + 1}#token={token}")
    frame = check_version(page, hall, game, token, placed + 1, events)
    before = api(hall, token, f"/v1/games/{game}/state?at={placed - 1}")
    new = sorted([r, c] for r in range(15) for c in range(15)
                 if frame["cells"][r][c] is not None and before["cells"][r][c] is None)
    assert new and sorted(page.evaluate(READ_LAST)) == new
    assert page.url.endswith(f"/replay?game={game}&at={placed + 1}")
    assert all(r["known"] is None for r in frame["racks"]), "a spectator sees no rack"
    assert page.get_by_test_id("rack-0").locator(".tile").count() == 0
    page.locator("#step").fill(str(placed - 1))
    check_version(page, hall, game, token, placed - 1, events)
    assert page.evaluate(READ_LAST) == []
    page.close()


def test_a_player_sees_their_own_rack_only(browser: Any, hall: Any, games: Any):
    game, token = games["finished"], games["player"]
    events = api(hall, token, f"/v1/games/{game}/events")["events"]
    page = new_page(browser, TABLET_LANDSCAPE)
    page.goto(f"{hall.url}/replay?game={game}&at=8#token={token}")
    frame = check_version(page, hall, game, token, 8, events)
    assert frame["racks"][0]["known"] and frame["racks"][1]["known"] is None
    page.close()


def test_an_imported_gcg_game_stepped_shows_at_every_version_what_state_at_answers(browser: Any, hall: Any,
                                                                                   games: Any):
    page = new_page(browser, TABLET_LANDSCAPE)
    page.goto(f"{hall.url}/replay?game={games['imported']}#token={games['spectator']}")
    frames = step_through(page, hall, games["imported"], games["spectator"])
    assert "TilesPlaced" in {f["event"] for f in frames}
    assert frames[-1]["scores"] == api(hall, games["spectator"], f"/v1/games/{games['finished']}/state")["scores"]
    page.close()


@pytest.mark.parametrize("lang", ["es", "ca"])
@pytest.mark.parametrize("size", ["landscape", "phone"])
def test_replay_screens(browser: Any, hall: Any, games: Any, lang: str, size: str):
    viewport = TABLET_LANDSCAPE if size == "landscape" else PHONE
    page = new_page(browser, viewport, lang)
    events = api(hall, games["tribunal"], f"/v1/games/{games['finished']}/events")["events"]
    at = [e["sequence"] for e in events if e["type"] == "TilesPlaced"][3]
    page.goto(f"{hall.url}/replay?game={games['finished']}&at={at}#token={games['tribunal']}")
    page.wait_for_selector(f'[data-testid="version"][data-version="{at}"]')
    assert not page.evaluate("[...window.planillaMissing]")
    named = page.evaluate("[...document.querySelectorAll('.timeline .type')].map((e) => [e.dataset.type, e.textContent])")
    assert {kind for kind, _ in named} >= {"Created", "TilesPlaced", "SheetSigned"}  # every event named in the language
    assert all(shown == text(lang, f"replay.type.{kind}") for kind, shown in named), named
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    small = page.evaluate("""[...document.querySelectorAll('button, input, select, a')].filter((e) => {
      const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 44 || r.height < 44) && e.type !== 'range'; })
      .map((e) => e.outerHTML.slice(0, 80))""")
    assert not small, small
    screenshot(page, f"replay-{lang}-{size}")
    page.close()
