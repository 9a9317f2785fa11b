"""The officials' hall console (/console, issue 15) in Chromium: the hall at a glance, a table where a player
called the arbiter rises to the top with its alert, the arbiter opens it and answers the call with the
form the contract describes, in the arbiter's language with the article of the game's profile (FILE 33.5 for a
Spanish game); a challenge is ruled from the console (FISC I.10 in a Catalan game: «jugada vàlida» or «no
vàlida»); each state reaches its tile
over the hall's stream as it happens (no poll), and a dropped stream says so, is read and reopened; a
player's token is refused."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import TABLET_LANDSCAPE, screenshot
from tests.browser.hall import Game, Hall
from tests.browser.tablet import check_page, expect, text

WALL = {"width": 1920, "height": 1080}


def test_the_console_shows_the_hall_and_the_arbiter_answers_a_call_and_rules_a_challenge(browser: Any, hall: Hall) -> None:
    event = "Obert de Girona"
    games = []
    for table in range(1, 13):
        r = hall.http.post("/v1/games", json={"profile": "fisc-2023" if table % 2 else "file-2024",
                                              "players": [f"Jugador {2 * table - 1}", f"Jugador {2 * table}"],
                                              "event": event, "round": 3, "table": table},
                           headers=hall.headers(hall.director))
        assert r.status_code == 201, r.text
        games.append(Game(hall, r.json()))
    # a FILE game with a call; a FISC one with a challenge: the arbiter rules it (under FILE 41.1 the players do)
    called, challenged = games[7], games[8]
    for game in (called, challenged):
        game.draw_for_start()
        state = game.state()
        for k in range(2):
            game.official("draw_tiles", token=game.tokens[(state["starter"] + k) % 2])
    called.official("call_arbiter", token=called.tokens[0])
    seat = challenged.state()["seat_on_turn"]
    coordinates, word = challenged.find_play(seat)
    challenged.official("place_tiles", token=challenged.tokens[seat], coordinates=coordinates, word=word)
    if challenged.state()["pending"]["kind"] == "centre_choice":
        challenged.official("decide_off_centre", token=challenged.tokens[1 - seat], accept=True)
    challenged.official("challenge", token=challenged.tokens[1 - seat])

    for lang in ("ca", "es"):  # Catalan only looks; Spanish then acts
        context = browser.new_context(viewport=WALL)
        context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
        page = context.new_page()
        page.goto(f"{hall.url}/console#token={hall.arbiter}")
        expect(page.locator("#filters")).to_be_visible()
        assert "token" not in page.url, "the token never stays in the address"
        page.get_by_label(text(lang, "console.event")).fill(event)
        page.get_by_label(text(lang, "console.event")).press("Tab")
        tiles = page.locator("button.table-tile")
        expect(tiles).to_have_count(12)
        # The call first, then the challenge (the most urgent first), then the quiet tables in order.
        expect(tiles.nth(0)).to_have_attribute("data-game", called.id)
        expect(tiles.nth(1)).to_have_attribute("data-game", challenged.id)
        expect(tiles.nth(0)).to_contain_text(text(lang, "hall.alert.arbiter"))
        expect(tiles.nth(2)).to_contain_text("1")
        check_page(page, f"console {lang}")
        screenshot(page, f"console-{lang}-hall")
        page.set_viewport_size(TABLET_LANDSCAPE)
        screenshot(page, f"console-{lang}-tablet")
        check_page(page, f"console {lang} tablet")
        if lang == "ca":
            # The Catalan arbiter opens the challenge: the ruling's form in FISC's words, FISC I.10 beside its title.
            page.set_viewport_size(WALL)
            tiles.nth(1).click()
            rule = page.locator('form.command[data-type="rule_challenge"]')
            expect(rule.locator(".article")).to_have_text("FISC I.10")
            expect(rule.locator(".why")).to_have_text(text("ca", "form.why.rule_challenge"))
            verdict = rule.get_by_label(text("ca", "form.label.valid"))
            verdict.select_option(label=text("ca", "form.choice.valid.false"))
            rule.get_by_label(text("ca", "form.label.authority")).fill("DIEC2")
            check_page(page, "console form ca")
            screenshot(page, "console-ca-form")
            page.set_viewport_size(TABLET_LANDSCAPE)
            rule.scroll_into_view_if_needed()
            screenshot(page, "console-ca-form-1280")
            check_page(page, "console form ca 1280")
            assert challenged.state()["pending"]["kind"] == "ruling", "nothing sent"
            page.get_by_role("button", name=text("ca", "console.back"), exact=False).click()
            page.locator(f'button.table-tile[data-game="{games[1].id}"]').click()
            who = page.locator("#who-starts")  # FILE: the pairing list names the starter, or a draw (FILE 4.1, 4.3)
            expect(who).to_contain_text(text("ca", "start.by_pairing", article="FILE 4.1", draw="FILE 4.3"))
            expect(who.locator("button")).to_have_text([text("ca", "start.starts", name="Jugador 3"),
                                                        text("ca", "start.starts", name="Jugador 4"),
                                                        text("ca", "start.draw_here", article="FILE 4.3")])
            check_page(page, "console who starts ca")
            screenshot(page, "console-ca-who-starts")
            context.close()
            continue

        # The arbiter opens the called table and answers the call with the contract's form.
        page.set_viewport_size(WALL)
        tiles.nth(0).click()
        form = page.locator('form.command[data-type="answer_call"]')
        expect(form).to_be_visible()
        expect(page.locator("#app")).to_have_attribute("data-version", str(called.state()["version"]))
        expect(form.locator(".article")).to_have_text("FILE 33.5")
        expect(form.locator(".why")).to_have_text(text("es", "form.why.answer_call"))
        note = form.get_by_label(text("es", "form.label.note"))
        note.fill("consulta sobre el reloj")
        expect(form.get_by_label(text("es", "form.label.restart_clock"))).to_be_checked()
        screenshot(page, "console-es-table")
        check_page(page, "console table")
        page.set_viewport_size(TABLET_LANDSCAPE)
        form.scroll_into_view_if_needed()
        screenshot(page, "console-es-form-1280")
        check_page(page, "console table 1280")
        page.set_viewport_size(WALL)
        form.get_by_role("button").click()
        expect(page.locator('form.command[data-type="answer_call"]')).to_have_count(0)
        assert called.state()["arbiter_call"] is None
        history = hall.http.get(f"/v1/games/{called.id}/events", headers=hall.headers(hall.director)).json()["events"]
        assert history[-1]["actor"].startswith("arbiter:"), "the official is recorded as themself"
        answered = [e for e in history if e["type"] == "CallAnswered"]
        assert answered and answered[-1]["payload"]["note"] == "consulta sobre el reloj", history[-3:]

        # Back in the hall: the call is gone; the challenge is ruled from its table's form (FISC I.10).
        page.get_by_role("button", name=text("es", "console.back"), exact=False).click()
        expect(tiles.nth(0)).to_have_attribute("data-game", challenged.id)
        tiles.nth(0).click()
        rule = page.locator('form.command[data-type="rule_challenge"]')
        expect(rule.locator(".article")).to_have_text("FISC I.10")  # the game's profile, in a Spanish page
        rule.get_by_role("button").click()  # no verdict chosen: the form says what is missing, nothing is sent
        expect(rule.locator(".problem")).to_have_text(text("es", "form.problem.required", field=text("es", "form.label.valid")))
        rule.get_by_label(text("es", "form.label.valid")).select_option(label=text("es", "form.choice.valid.false"))
        rule.get_by_label(text("es", "form.label.authority")).fill("DIEC2")
        screenshot(page, "console-es-form")
        rule.get_by_role("button").click()
        expect(page.locator('form.command[data-type="rule_challenge"]')).to_have_count(0)
        assert challenged.state()["pending"] is None
        last = hall.http.get(f"/v1/games/{challenged.id}/events", headers=hall.headers(hall.director)).json()["events"]
        ruled = [e for e in last if e["actor"].startswith("arbiter:")]
        assert ruled and ruled[0]["payload"].get("valid") is False, ruled

        # A FILE game outside the published pairings: «¿Quién sale?» names the pairing list (FILE 4.1); the arbiter says
        # who starts with one tap, recorded as the officials' StarterGiven with the article as its reason.
        page.get_by_role("button", name=text("es", "console.back"), exact=False).click()
        page.locator(f'button.table-tile[data-game="{games[1].id}"]').click()
        who = page.locator("#who-starts")
        expect(who).to_contain_text(text("es", "start.by_pairing", article="FILE 4.1", draw="FILE 4.3"))
        page.set_viewport_size(TABLET_LANDSCAPE)
        screenshot(page, "console-es-who-starts")
        who.get_by_role("button", name=text("es", "start.starts", name="Jugador 4")).click()
        expect(who).to_have_count(0)
        expect(page.locator("p.sent")).to_contain_text(text("es", "start.starts", name="Jugador 4"))
        assert games[1].state()["starter"] == 1
        given = hall.http.get(f"/v1/games/{games[1].id}/events", headers=hall.headers(hall.director)).json()["events"]
        assert given[-1]["type"] == "StarterGiven" and "FILE 4.1" in given[-1]["payload"]["reason"], given[-1]
        context.close()


def test_each_state_reaches_its_tile_over_the_stream_as_it_happens_and_a_drop_is_said_and_mended(
        browser: Any, hall: Hall) -> None:
    """A challenge (FILE 39) and a call for the arbiter (FILE 33.5) reach their tiles after the
    command over GET /v1/tables/stream, with no read of /v1/tables meanwhile; when the stream drops the bar says
    "Reconectando…" (es) / "Reconnectant…" (ca), the page reads the hall while the stream cannot open (a call
    answered meanwhile shows), and the stream opens again."""
    event = "Open de Lleida"
    games = []
    for table in range(1, 7):
        r = hall.http.post("/v1/games", json={"profile": "fisc-2023", "players": [f"Jugadora {table}A", f"Jugador {table}B"],
                                              "event": event, "round": 1, "table": table},
                           headers=hall.headers(hall.director))
        assert r.status_code == 201, r.text
        games.append(Game(hall, r.json()))
    called, challenged = games[1], games[3]
    for game in (called, challenged):
        starter = game.draw_for_start()
        for k in range(2):
            game.official("draw_tiles", token=game.tokens[(starter + k) % 2])
    seat = challenged.state()["seat_on_turn"]
    coordinates, word = challenged.find_play(seat)
    challenged.official("place_tiles", token=challenged.tokens[seat], coordinates=coordinates, word=word)
    if challenged.state()["pending"]["kind"] == "centre_choice":
        challenged.official("decide_off_centre", token=challenged.tokens[1 - seat], accept=True)

    context = browser.new_context(viewport=WALL)
    context.add_init_script("localStorage.setItem('planilla.lang', 'es');"
                            f"localStorage.setItem('planilla.console', JSON.stringify({{event: '{event}', round: '1'}}))")
    page = context.new_page()
    reads: list[str] = []
    page.on("request", lambda request: reads.append(request.url) if "/v1/tables" in request.url else None)
    page.goto(f"{hall.url}/console#token={hall.arbiter}")
    tiles = page.locator("button.table-tile")
    expect(tiles).to_have_count(6)
    expect(tiles.nth(0)).to_have_attribute("data-game", games[0].id)  # no alert yet: by table
    took = []

    # The challenge: its tile rises to the top with the challenge's chip, brought by the stream (no read).
    start = time.monotonic()
    challenged.official("challenge", token=challenged.tokens[1 - seat])
    expect(tiles.nth(0)).to_have_attribute("data-game", challenged.id, timeout=5000)
    expect(tiles.nth(0)).to_contain_text(text("es", "hall.alert.challenge"), timeout=5000)
    took.append(time.monotonic() - start)
    # The call: first (the most urgent), the challenge second.
    start = time.monotonic()
    called.official("call_arbiter", token=called.tokens[0])
    expect(tiles.nth(0)).to_have_attribute("data-game", called.id, timeout=5000)
    took.append(time.monotonic() - start)
    expect(tiles.nth(1)).to_have_attribute("data-game", challenged.id)
    # Ruled: the tile goes back among the quiet tables, by table.
    start = time.monotonic()
    challenged.official("rule_challenge", valid=True, authority="DRAE")
    expect(tiles.nth(3)).to_have_attribute("data-game", challenged.id, timeout=5000)  # the call, tables 1, 3, 4
    took.append(time.monotonic() - start)
    assert [u for u in reads if "/v1/tables/stream" not in u] == [], "no poll of /v1/tables: the stream brings it"
    assert len([u for u in reads if "/v1/tables/stream" in u]) == 1, reads
    print(f"\nseconds from a command to its tile over the stream: {[round(x, 3) for x in took]}")  # a figure

    # The stream drops (and cannot open again for now): the bar says so; the hall is read meanwhile.
    page.route("**/v1/tables/stream*", lambda route: route.abort())
    assert hall.drop("/v1/tables/stream") == 1
    expect(page.locator("#connection")).to_have_text(text("es", "console.reconnecting"))
    assert page.locator("header.bar").bounding_box()["height"] < 60, "the bar stays one line at 1920 px"
    screenshot(page, "console-es-reconnecting")
    called.official("answer_call")
    expect(tiles.nth(0)).to_have_attribute("data-game", games[0].id, timeout=8000)  # read while reconnecting
    assert any("/v1/tables?" in u for u in reads), "a read of the hall while the stream cannot open"
    expect(page.locator("#connection")).to_have_text(text("es", "console.reconnecting"))
    page.locator("#lang").select_option("ca")
    expect(page.locator("#connection")).to_have_text(text("ca", "console.reconnecting"))
    check_page(page, "console ca reconnecting")
    screenshot(page, "console-ca-reconnecting")

    # The stream opens again: live, and a new call comes over it.
    page.unroute("**/v1/tables/stream*")
    expect(page.locator("#connection")).to_have_text(text("ca", "net.online"), timeout=20000)
    called.official("call_arbiter", token=called.tokens[1])
    expect(tiles.nth(0)).to_have_attribute("data-game", called.id, timeout=5000)
    context.close()


def test_the_console_refuses_a_players_token(browser: Any, hall: Hall) -> None:
    game = hall.new_game("file-2024")
    page = browser.new_page(viewport=TABLET_LANDSCAPE)
    page.goto(f"{hall.url}/console#token={game.tokens[0]}")
    expect(page.locator("#official-token")).to_be_visible()
    expect(page.get_by_role("alert")).to_be_visible()
    page.close()
