"""A discrepancy between the sheets seen on the officials' console and settled with a correction (issue 15), in
Chromium, in Spanish (a FILE game) and in Catalan (a FISC game).

At one table of the round a sheet disagrees with the true score. Its tile turns «Discrepancia» / «Discrepància» and
rises to the top of the hall over the hall's stream (no read of ``GET /v1/tables``); the arbiter opens the table:
both sheets side by side, each line as every sheet wrote it beside the true figures, the wrong figure marked ✗ on
its framed line with «≠ no coincide» in words, and above them the discrepancy said in words with the game's
article; the correction's form (prefilled from the marked line) asks who asked it, who agreed and the reason; sent,
the table is quiet again, the line says what was corrected and by whom, the history shows ``ScoreCorrected`` with
the arbiter as actor, and the first sheet entry stays as it was written (never a silent rewrite); a second page on
the hall sees the tile go quiet over the stream.

**Who corrects, and why the arbiter's console.** FILE 40 names no one: «El total acumulado de puntos de ambos
jugadores […] podrá revisarse y corregirse en cualquier momento en caso de discrepancias aritméticas y previo a que
ambos jugadores firmen las planillas. Esto incluye […] errores de conteo en una jugada particular»; FILE 33.3 stops
both clocks «cuando hay diferencias en el conteo de puntos», which is when the arbiter comes to the table. A player
does not rewrite a figure on their own sheet: once a line is written a second ``write_sheet_entry`` is refused («a
change is a correction», FILE 40; checked below), and the correction is one act, asked by one player and agreed by
the other (``correct_score``'s ``asked_by``/``agreed_by``), which the tablets can record when both agree there or the
arbiter records at the table, as here: the act then carries the arbiter as its actor. FISC I.9: «La puntuació d'una
ronda no es pot tornar a corregir un cop passada aquella ronda. L'única correcció que es permet fer en qualsevol
moment de la partida és la de l'acumulat momentani» — the Catalan game corrects a running total, which FISC allows at
any time (the form shows FISC I.9, I.8, the profile's articles for the two corrections).
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import TABLET_LANDSCAPE, screenshot
from tests.browser.hall import Game, Hall
from tests.browser.tablet import check_page, expect, text

WALL = {"width": 1920, "height": 1080}


def round_of(hall: Hall, event: str, profile: str, names: list[tuple[str, str]]) -> list[Game]:
    """Four tables of round 2, each dealt and in play."""
    games = []
    for table, players in enumerate(names, start=1):
        r = hall.http.post("/v1/games", json={"profile": profile, "players": list(players), "event": event, "round": 2,
                                              "table": table}, headers=hall.headers(hall.director))
        assert r.status_code == 201, r.text
        game = Game(hall, r.json())
        starter = game.draw_for_start()
        for k in range(2):
            game.official("draw_tiles", token=game.tokens[(starter + k) % 2])
        games.append(game)
    return games


def events(game: Game) -> list[dict[str, Any]]:
    r = game.hall.http.get(f"/v1/games/{game.id}/events", headers=game.hall.headers(game.hall.director))
    assert r.status_code == 200, r.text
    return r.json()["events"]


def console(browser: Any, hall: Hall, lang: str, event: str) -> tuple[Any, Any, list[str]]:
    """The hall's laptop on the event's round 2: a page for the arbiter and one left on the hall (the wall screen);
    every request either makes to /v1/tables is kept, and any script error either page raises."""
    context = browser.new_context(viewport=WALL)
    context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}');"
                            f"localStorage.setItem('planilla.console', JSON.stringify({{event: '{event}', round: '2'}}))")
    reads: list[str] = []
    context.on("request", lambda request: reads.append(request.url) if "/v1/tables" in request.url else None)
    pages = []
    for _ in range(2):
        page = context.new_page()
        page.on("pageerror", lambda error: reads.append(f"script error: {error}"))  # fails the no-read checks
        page.goto(f"{hall.url}/console#token={hall.arbiter}")
        expect(page.locator("button.table-tile")).to_have_count(4)
        pages.append(page)
    return pages[0], pages[1], reads


def test_a_discrepancy_rises_over_the_stream_and_the_arbiter_settles_it_with_a_correction_file_40(
        browser: Any, hall: Hall) -> None:
    """Spanish, FILE: the opponent writes 1 for a play worth more (FILE 40), the arbiter corrects that score."""
    event = "Open de València"
    games = round_of(hall, event, "file-2024", [("Ana Ruiz", "Berta Soler"), ("Carmen Vidal", "Dolores Prat"),
                                                ("Elena Mas", "Fina Roig"), ("Gloria Pons", "Helena Font")])
    game = games[2]
    page, wall, reads = console(browser, hall, "es", event)
    tiles = page.locator("button.table-tile")
    expect(tiles.nth(0)).to_have_attribute("data-game", games[0].id)  # no alert: by table

    # Table 3: Elena plays; Fina writes 1 on her sheet for Elena's play, then accepts it.
    seat = game.state()["seat_on_turn"]
    coordinates, word = game.find_play(seat)
    game.official("place_tiles", token=game.tokens[seat], coordinates=coordinates, word=word)
    if game.state()["pending"]["kind"] == "centre_choice":
        game.official("decide_off_centre", token=game.tokens[1 - seat], accept=True)
    game.official("write_sheet_entry", token=game.tokens[1 - seat], sheet=1 - seat, player=seat, turn=1, score=1)
    game.official("accept", token=game.tokens[1 - seat])
    true = game.state()["players"][seat]["score"]  # the engine's score of the play: her total after one play
    assert true > 1 and game.state()["last_turn"]["score"] == true
    # Fina cannot rewrite her line herself: a change is a correction (FILE 40).
    r = hall.http.post(f"/v1/games/{game.id}/commands", headers=hall.headers(game.tokens[1 - seat]), json={
        "type": "write_sheet_entry", "expected_version": game.state()["version"], "sheet": 1 - seat, "player": seat,
        "turn": 1, "score": true})
    assert r.status_code == 422 and r.json()["code"] == "wrong_phase" and "FILE 40" in r.json()["message"], r.text

    flow(page, wall, reads, game, "es", field="score", wrong=1, true=true, seat=seat, writer=1 - seat,
         article="FILE 40", reason="Fina anotó 1 por error; lo reconocen las dos", short=("Elena Mas", "Fina Roig"))


def test_the_catalan_arbiter_corrects_a_running_total_any_time_fisc_i9(browser: Any, hall: Hall) -> None:
    """Catalan, FISC: the player who placed writes a running total 10 too many on her own sheet (a sum slip); FISC
    I.9 lets the running total be corrected at any moment of the game: the arbiter corrects it."""
    event = "Obert de Reus"
    games = round_of(hall, event, "fisc-2023", [("Anna Puig", "Berta Vila"), ("Carme Roca", "Dolors Mas"),
                                                ("Mercè Domènech i Montaner", "Jordi Puig i Soler"),
                                                ("Glòria Pons", "Helena Font")])
    game = games[2]
    page, wall, reads = console(browser, hall, "ca", event)
    tiles = page.locator("button.table-tile")
    expect(tiles.nth(0)).to_have_attribute("data-game", games[0].id)

    seat = game.state()["seat_on_turn"]
    coordinates, word = game.find_play(seat)
    game.official("place_tiles", token=game.tokens[seat], coordinates=coordinates, word=word)
    if game.state()["pending"]["kind"] == "centre_choice":
        game.official("decide_off_centre", token=game.tokens[1 - seat], accept=True)
    true = game.state()["last_turn"]["score"]  # the engine's score of the play, waiting for the draw
    game.official("write_sheet_entry", token=game.tokens[seat], sheet=seat, player=seat, turn=1, score=true,
                  total=true + 10)
    game.official("draw_tiles", token=game.tokens[seat])  # FISC I.10: drawing accepts the play
    assert game.state()["players"][seat]["score"] == true

    flow(page, wall, reads, game, "ca", field="total", wrong=true + 10, true=true, seat=seat, writer=seat,
         article="FISC I.9, I.8", reason="acumulat mal sumat; hi estan d'acord",
         short=("Domènech i Montaner", "Puig i Soler"))  # the surnames of a long name, as the tiles show it


def flow(page: Any, wall: Any, reads: list[str], game: Game, lang: str, *, field: str, wrong: int, true: int, seat: int,
         writer: int, article: str, reason: str, short: tuple[str, str]) -> None:
    """What both arbiters see and do once table 3's sheet went wrong: the tile rises over the stream; the table's
    sheets side by side, the wrong figure marked; the correction through the form; the quiet tile again."""
    names = [p["name"] for p in game.state()["players"]]
    name = names.__getitem__
    tiles, hall_tiles = page.locator("button.table-tile"), wall.locator("button.table-tile")
    for where in (tiles, hall_tiles):
        expect(where.nth(0)).to_have_attribute("data-game", game.id, timeout=5000)
        expect(where.nth(0).locator(".state")).to_have_text(text(lang, "hall.alert.discrepancy"))
        expect(where.nth(0)).to_have_class(re_class("alerting"))
    assert [u for u in reads if "/v1/tables/stream" not in u] == [], "no read of /v1/tables (the stream brought it), no script error"
    check_page(page, f"console {lang} discrepancy hall")
    screenshot(page, f"console-{lang}-discrepancy-hall")

    # The arbiter opens the table: the discrepancy in words with the article, both sheets side by side.
    tiles.nth(0).click()
    differing = page.locator("section.differing")
    expect(differing).to_be_visible()
    expect(differing.locator("h2 .article")).to_have_text(article)
    line = text(lang, "diff.line", name=name(seat), number=1, field=text(lang, f"field.{field}"), value=true)
    said = text(lang, "diff.wrote", name=name(writer), value=wrong)
    expect(differing.locator("li")).to_have_text(f"{line} ({said})")
    sheets = differing.locator("pl-sheets section.sheet")
    expect(sheets).to_have_count(2)
    mine = sheets.nth(seat)  # the column of the player whose line it is
    expect(mine.locator("h3")).to_have_text(text(lang, "sheet.plays_of", name=name(seat)))
    heads = mine.locator("thead th")
    for keeper in (0, 1):  # each sheet's column: its keeper's surnames when the name is long, the full name its title
        expect(heads.nth(4 + keeper)).to_have_text(text(lang, "sheet.wrote", name=short[keeper]))
        expect(heads.nth(4 + keeper)).to_have_attribute("title", text(lang, "sheet.wrote", name=name(keeper)))
    row = mine.locator("tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_have_class("differs")
    cells = row.locator("td")
    expect(cells.nth(2)).to_have_text(str(true))  # the true score and total (first play: the same)
    expect(cells.nth(3)).to_have_text(str(true))
    written = cells.nth(4 + writer)
    expect(written.locator(".wrong")).to_have_text(f"✗ {wrong}")
    expect(written).to_have_text(f"✗ {wrong} / –" if field == "score" else f"{true} / ✗ {wrong}")
    expect(cells.nth(4 + (1 - writer))).to_have_text("—")  # the other sheet wrote nothing for that line
    expect(cells.nth(6)).to_have_text(f"≠ {text(lang, 'sheet.differs')}")
    assert sheets.nth(1 - seat).locator("tr.differs").count() == 0

    # The correction's form, first among the arbiter's commands, the article beside its title, prefilled.
    form = page.locator('form.command[data-type="correct_score"]')
    expect(page.locator("form.command").first).to_have_attribute("data-type", "correct_score")
    expect(form.locator(".article")).to_have_text(article)
    expect(form.locator(".why")).to_have_text(text(lang, "form.why.correct_score"))
    label = lambda key: form.locator(f'[name="{key}"]')  # noqa: E731  (each labelled: check_page)
    expect(label("player")).to_have_value(str(seat))
    expect(label("turn")).to_have_value("1")
    expect(label("field")).to_have_value(field)
    expect(label("old")).to_have_value(str(wrong))
    expect(label("new")).to_have_value(str(true))
    check_page(page, f"console {lang} discrepancy table")
    screenshot(page, f"console-{lang}-discrepancy")
    page.set_viewport_size(TABLET_LANDSCAPE)
    screenshot(page, f"console-{lang}-discrepancy-1280")
    check_page(page, f"console {lang} discrepancy 1280")
    page.set_viewport_size(WALL)

    # Who agreed, but not who asked nor why: each missing one said by its label in turn, nothing sent.
    version = game.state()["version"]
    label("agreed_by").select_option(str(1 - seat))
    form.get_by_role("button").click()
    missing = lambda key: text(lang, "form.problem.required", field=text(lang, f"form.label.{key}"))  # noqa: E731
    expect(form.locator(".problem")).to_have_text(missing("asked_by"))
    label("asked_by").select_option(str(seat))
    expect(form.locator(".problem")).to_have_text("")  # cleared once the form is changed
    form.get_by_role("button").click()
    expect(form.locator(".problem")).to_have_text(missing("reason"))
    assert game.state()["version"] == version, "nothing sent without who asked and why"
    label("reason").fill(reason)
    page.set_viewport_size(TABLET_LANDSCAPE)  # the form filled on a 1280 px laptop: one column, scrolled to
    form.get_by_role("button").scroll_into_view_if_needed()
    screenshot(page, f"console-{lang}-discrepancy-form-1280")
    check_page(page, f"console {lang} discrepancy form 1280")
    page.set_viewport_size(WALL)
    form.get_by_role("button").click()

    # Settled: no discrepancy, the line says what was corrected; the history shows the arbiter's act.
    expect(page.locator("section.differing")).to_have_count(0)
    command = f"{text(lang, 'command.correct_score')} ({article})"
    expect(page.locator(".table-view .sent")).to_have_text(f"✔ {text(lang, 'console.sent', command=command)}")
    expect(page.locator('form.command[data-type="correct_score"]')).to_have_count(0)
    assert game.state()["version"] == version + 1
    rows_now = page.locator("pl-sheets section.sheet").nth(seat).locator("tbody tr")
    expect(rows_now).to_have_count(2)  # the line, then what was corrected on it
    expect(rows_now.nth(0)).not_to_have_class("differs")
    expect(rows_now.nth(0).locator(".wrong")).to_have_count(0)
    expect(rows_now.nth(0).locator("td").nth(4 + writer)).to_have_text(
        f"{true} / –" if field == "score" else f"{true} / {true}")  # the sheet as corrected
    expect(rows_now.nth(1)).to_have_class("corrected")
    expect(rows_now.nth(1)).to_have_text("✎ " + text(lang, "sheet.corrected", field=text(lang, f"field.{field}"), old=wrong,
                                                      new=true, by="arbiter:arbiter-1"))
    first = page.locator(".history li").first
    expect(first).to_have_attribute("data-type", "ScoreCorrected")
    expect(first.locator(".actor")).to_contain_text("arbiter:")
    expect(first.locator(".detail")).to_contain_text(
        text(lang, "console.corrected", name=name(seat), number=1, field=text(lang, f"field.{field}"), old=wrong, new=true))
    expect(first.locator(".detail")).to_contain_text(reason)
    history = events(game)
    fix = history[-1]
    assert fix["type"] == "ScoreCorrected" and fix["actor"].startswith("arbiter:"), fix
    assert {k: fix["payload"][k] for k in ("seat", "field", "old", "new", "asked_by", "agreed_by", "reason")} == {
        "seat": seat, "field": field, "old": wrong, "new": true, "asked_by": seat, "agreed_by": 1 - seat,
        "reason": reason}, fix["payload"]
    entry = [e for e in history if e["type"] == "SheetEntryWritten"]
    assert len(entry) == 1 and entry[0]["payload"][field] == wrong, "the written entry stays as written"
    page.evaluate("scrollTo(0, 0)")
    check_page(page, f"console {lang} settled")
    screenshot(page, f"console-{lang}-discrepancy-settled")
    page.locator("pl-sheets").scroll_into_view_if_needed()
    screenshot(page, f"console-{lang}-discrepancy-settled-sheets")

    # The wall sees the tile go quiet over the stream (it never left the hall); the arbiter goes back to the same.
    expect(hall_tiles.nth(2)).to_have_attribute("data-game", game.id, timeout=5000)
    expect(hall_tiles.nth(2).locator(".state")).to_have_text(text(lang, "hall.short.playing"))
    expect(hall_tiles.nth(2)).not_to_have_class(re_class("alerting"))
    page.get_by_role("button", name=text(lang, "console.back"), exact=False).click()
    expect(tiles.nth(2)).to_have_attribute("data-game", game.id)
    expect(tiles.nth(2).locator(".state")).to_have_text(text(lang, "hall.short.playing"))
    assert [u for u in reads if "/v1/tables/stream" not in u] == [], "no read of /v1/tables (the stream brought it), no script error"
    page.context.close()


def re_class(name: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){name}(\s|$)")
