"""The live public board (``/board``) and the hall's wall (``/wall``) in Chromium (issue 15): no token, the
spectator's view; they show a game's plays as they happen (board, scores, whose turn, the last play
highlighted) and never a rack. Screenshots: the wall at 1920x1080, the board at 1280x800 and 390x844,
in Spanish and Catalan."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

import pytest

from tests.application.script import Bot
from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot

HALL_SCREEN = {"width": 1920, "height": 1080}
EVENT = "Open de Barcelona"
PLAYERS = [("Ana García", "Berto Núñez"), ("Carla Puig", "David Soler"), ("Elena Ruiz", "Ferran Vila"),
           ("Gemma Roca", "Hugo Martín"), ("Irene Sanz", "Jordi Mas"), ("Laia Font", "Marc Pons")]
READ_BOARD = """(root) => [...root.querySelectorAll('pl-board .row:not(.labels)')].map((row) =>
  [...row.children].slice(1).map((sq) => { const l = sq.querySelector('.tile .letter'); return l ? l.textContent : null; }))"""
READ_LAST = """(root) => [...root.querySelectorAll('pl-board .row:not(.labels)')].flatMap((row, r) =>
  [...row.children].slice(1).flatMap((sq, c) => sq.classList.contains('last') ? [[r, c]] : []))"""


@pytest.fixture(scope="module")
def tables(hall: Any) -> list[Bot]:
    """Six tables of one round, each a few turns in (the bot plays through the application)."""
    HALL[:] = [hall]
    bots = []
    for number, players in enumerate(PLAYERS, start=1):
        r = hall.http.post("/v1/games", json={"profile": "file-2024", "players": list(players), "event": EVENT,
                                              "round": 3, "table": number,
                                              "clock": {"timing": "chess_clock", "minutes": 25}},
                           headers=hall.headers(hall.director))
        assert r.status_code == 201, r.text
        bot = Bot(hall.games, random.Random(number), game_id=UUID(r.json()["id"]), version=1)
        bot.start()
        bot.play_turns(2 + number)
        bots.append(bot)
    return bots


def public(hall: Any, game: UUID) -> dict[str, Any]:
    r = hall.http.get(f"/v1/public/games/{game}")
    assert r.status_code == 200, r.text
    return r.json()


def expected(frame: dict[str, Any]) -> list[list[Any]]:
    """The board square by square as the game's own state has it (the tribunal's read, at the frame's version)."""
    state = HALL[0].http.get(f"/v1/games/{frame['game_id']}", headers=HALL[0].headers(HALL[0].director)).json()
    assert state["version"] == frame["version"]
    return [[None if c is None else (c["letter"] if c["blank"] else c["tile"]) for c in row] for row in state["cells"]]


HALL: list[Any] = []


def no_rack_shown(page: Any, bots: list[Bot]) -> None:
    """No rack on the page: no rack element, and no seat's tiles listed anywhere (only a count of them)."""
    assert page.locator(".rack, .face-down, [data-testid^='rack']").count() == 0
    text = page.inner_text("body")
    for bot in bots:
        for rack in bot.game.racks:
            listed = " ".join(rack)
            assert len(rack) < 3 or listed not in text


def wait_version(page: Any, selector: str, version: int) -> None:
    page.wait_for_function("([s, v]) => { const e = document.querySelector(s); return e && Number(e.dataset.version) >= v; }",
                           arg=[selector, version], timeout=10000)


def test_the_board_follows_a_game_live_and_never_shows_a_rack(browser: Any, hall: Any, tables: list[Bot]):
    bot = tables[0]
    for lang, viewport, name in (("es", TABLET_LANDSCAPE, "public-board-es-1280x800"),
                                 ("ca", TABLET_LANDSCAPE, "public-board-ca-1280x800"),
                                 ("es", PHONE, "public-board-es-390x844"), ("ca", PHONE, "public-board-ca-390x844")):
        page = browser.new_page(viewport=viewport)
        page.goto(f"{hall.url}/board?game={bot.game_id}&lang={lang}")
        wait_version(page, "[data-testid='version']", bot.version)
        frame = public(hall, bot.game_id)
        assert page.evaluate(READ_BOARD, page.query_selector("body")) == expected(frame)
        for p in frame["players"]:
            assert page.inner_text(f"[data-testid='score-{p['seat']}']") == str(p["score"])
        assert page.locator(".pub-player.on-turn").count() == 1
        no_rack_shown(page, tables)
        assert not page.evaluate("[...window.planillaMissing]")
        screenshot(page, name)
        if name == "public-board-es-1280x800":  # a play while the page is open arrives live, highlighted
            before = bot.version
            while bot.version == before or bot.game.turns[-1]["kind"] != "play":
                bot.turn(len(bot.game.turns))
            wait_version(page, "[data-testid='version']", bot.version)
            frame = public(hall, bot.game_id)
            squares = sorted(frame["last_turn"]["squares"])
            assert squares and sorted(page.evaluate(READ_LAST, page.query_selector("body"))) == squares
            assert page.evaluate(READ_BOARD, page.query_selector("body")) == expected(frame)
            assert frame["last_turn"]["word"] in page.inner_text("[data-testid='last-turn']")
        page.close()


def test_the_wall_shows_every_table_of_the_round_live(browser: Any, hall: Any, tables: list[Bot]):
    for lang in ("es", "ca"):
        page = browser.new_page(viewport=HALL_SCREEN)
        page.goto(f"{hall.url}/wall?event={EVENT}&round=3&lang={lang}")
        page.wait_for_selector("[data-testid='table-6']")
        for number, bot in enumerate(tables, start=1):
            card = page.query_selector(f"[data-testid='table-{number}']")
            wait_version(page, f"[data-testid='table-{number}']", bot.version)
            frame = public(hall, bot.game_id)
            assert page.evaluate(READ_BOARD, card) == expected(frame)
            assert [s.inner_text() for s in card.query_selector_all(".score")] == [str(p["score"]) for p in frame["players"]]
        bot = tables[2]
        bot.turn(len(bot.game.turns))  # a move at table 3 reaches the wall
        wait_version(page, "[data-testid='table-3']", bot.version)
        no_rack_shown(page, tables)
        assert not page.evaluate("[...window.planillaMissing]")
        screenshot(page, f"public-wall-{lang}-1920x1080")
        page.close()
