"""A hall of 100 tables on one 1920x1080 screen (issue 15, the officials' console): 100 games of one event and
round whose players have long realistic names ("María del Carmen García Fernández", "Jordi Puig i Soler"), two of
them with an alert (a call, a second tablet on a seat); the console shows every tile without scrolling, the alerting tables first, and each tile
still shows its table number and at least the first six letters of both players' first surname (the full name
in the tile's accessible name)."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import screenshot
from tests.browser.hall import Game, Hall
from tests.browser.tablet import check_page, expect, text

WALL = {"width": 1920, "height": 1080}
EVENT = "Campionat de Catalunya"
GIVEN = ["María del Carmen", "Jordi", "Francisco Javier", "Montserrat", "José Luis", "Núria", "Maximiliano",
         "Mercè", "Juan Bautista", "Fernando"]
# (first surname, the rest): Spanish pairs, Catalan pairs joined by "i", and particles ("de la", "del")
SURNAMES = [("García", "Fernández"), ("Puig", "i Soler"), ("Rodríguez", "de la Fuente"), ("Vilanova", "i Casadevall"),
            ("Domènech", "i Montaner"), ("Fernández", "del Río"), ("Castellanos", "Villalobos"), ("Bartolomé", "Echeverría"),
            ("Sant", "i Ferrer"), ("Martínez", "Santamaría"), ("Llobregat", "i Puigdomènech")]

# The visible part of each name: the characters left of the element's right edge (an ellipsis hides the rest).
VISIBLE = """() => [...document.querySelectorAll('button.table-tile')].map((tile) => {
  const seen = (el) => {
    const box = el.getBoundingClientRect();
    const node = [...el.childNodes].find((n) => n.nodeType === 3);
    if (!node || el.scrollWidth <= el.clientWidth) return el.textContent;
    const range = document.createRange();
    let n = 0;
    for (; n < node.length; n += 1) {
      range.setStart(node, n); range.setEnd(node, n + 1);
      if (range.getBoundingClientRect().right > box.right - 12) break;  // leave room for the ellipsis
    }
    return node.data.slice(0, n);
  };
  const box = tile.getBoundingClientRect();
  return { game: tile.dataset.game, label: tile.getAttribute('aria-label'), number: tile.querySelector('.number').textContent,
           names: [...tile.querySelectorAll('.who .name')].map(seen), bottom: box.bottom, right: box.right,
           small: [...tile.querySelectorAll('*')].filter((el) => el.children.length === 0 && el.textContent.trim()
             && parseFloat(getComputedStyle(el).fontSize) < 14).map((el) => el.textContent) };
})"""


def name(k: int) -> tuple[str, str]:
    """A realistic long name and its first surname (deterministic, no two tables alike)."""
    first, rest = SURNAMES[(k * 7) % len(SURNAMES)]
    return f"{GIVEN[k % len(GIVEN)]} {first} {rest}", first


def test_a_hall_of_100_tables_fits_one_1920x1080_screen(browser: Any, hall: Hall) -> None:
    players: dict[str, tuple[int, list[str], list[str]]] = {}
    games = []
    for table in range(1, 101):
        (a, a_first), (b, b_first) = name(2 * table), name(2 * table + 1)
        r = hall.http.post("/v1/games", json={"profile": "file-2024", "players": [a, b], "event": EVENT, "round": 5,
                                              "table": table}, headers=hall.headers(hall.director))
        assert r.status_code == 201, r.text
        players[r.json()["id"]] = (table, [a, b], [a_first, b_first])
        games.append(Game(hall, r.json()))
    called = games[57]  # table 58 calls the arbiter: its tile rises to the top
    called.draw_for_start()
    starter = called.state()["starter"]
    for k in range(2):
        called.official("draw_tiles", token=called.tokens[(starter + k) % 2])
    called.official("call_arbiter", token=called.tokens[0])
    for game in games[:4]:  # a play on the first tables (their scores), a tablet on some seats (their marks)
        seat = game.draw_for_start()
        for k in range(2):
            game.official("draw_tiles", token=game.tokens[(seat + k) % 2])
        coordinates, word = game.find_play(seat)
        game.official("place_tiles", token=game.tokens[seat], coordinates=coordinates, word=word)
    for k, (game, seat) in enumerate(((games[1], 0), (games[2], 0), (games[2], 1), (games[2], 1))):  # table 3's seat 1 twice
        code = hall.http.post(f"/v1/games/{game.id}/seats/{seat}/code", json={}, headers=hall.headers(hall.arbiter)).json()["code"]
        assert hall.http.post("/v1/bind", json={"code": code, "device": f"tablet-{k}"}).status_code == 200

    for lang in ("es", "ca"):
        context = browser.new_context(viewport=WALL)
        context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}');"
                                f"localStorage.setItem('planilla.console', JSON.stringify({{event: '{EVENT}', round: '5'}}))")
        page = context.new_page()
        page.goto(f"{hall.url}/console#token={hall.arbiter}")
        tiles = page.locator("button.table-tile")
        expect(tiles).to_have_count(100)
        expect(tiles.nth(0)).to_have_attribute("data-game", called.id)
        expect(tiles.nth(0)).to_contain_text(text(lang, "hall.alert.arbiter"))  # the state's chip says the call
        expect(tiles.nth(1)).to_have_attribute("data-game", games[2].id)
        expect(tiles.nth(1).locator(".alert")).to_have_text(text(lang, "hall.alert.second_device"))
        found = page.evaluate(VISIBLE)
        scroll = page.evaluate("() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth })")
        assert scroll["height"] <= WALL["height"] and scroll["width"] <= WALL["width"], f"{lang}: the page scrolls: {scroll}"
        assert found[-1]["bottom"] <= WALL["height"] and max(f["right"] for f in found) <= WALL["width"], \
            f"{lang}: the last tile ends at {found[-1]['bottom']:.0f} px"
        for tile in found:
            table, full, firsts = players[tile["game"]]
            assert tile["number"] == str(table)
            assert not tile["small"], f"{lang}: table {table}: text under 14 px: {tile['small']}"
            for seat in (0, 1):
                assert firsts[seat][:6] in tile["names"][seat], f"{lang}: table {table}: {tile['names'][seat]!r} for {full[seat]}"
                assert full[seat] in tile["label"], f"{lang}: the tile's name says the full name: {tile['label']}"
        check_page(page, f"console {lang} 100 tables")
        screenshot(page, f"console-{lang}-hall-100")
        if lang == "ca":  # over the hall's stream: a call at table 40 reaches the top, with no read of the hall
            late = games[39]
            seat = late.draw_for_start()
            for k in range(2):
                late.official("draw_tiles", token=late.tokens[(seat + k) % 2])
            reads: list[str] = []  # GET /v1/tables after the call: the page read the hall instead of its stream
            page.on("request", lambda r: reads.append(r.url) if "/v1/tables?" in r.url else None)
            start = time.monotonic()
            late.official("call_arbiter", token=late.tokens[0])
            expect(tiles.nth(0)).to_have_attribute("data-game", late.id, timeout=5000)  # two calls: by table
            took = time.monotonic() - start
            expect(tiles.nth(1)).to_have_attribute("data-game", called.id)
            assert reads == [], f"the call came by a read of the hall, not its stream: {reads}"
            print(f"\nseconds from a call to its tile among 100 tables: {took:.3f}")  # a figure, not a test
        context.close()
