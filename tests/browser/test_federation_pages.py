"""The federation's public pages (issue 29), rendered by ``planilla federation serve``: the enrolled events, and
an event's games with players, final scores, the verdict on their signatures, whether the round's seal is in
the public log, and the proof bundle to download, a game's replay (a chosen event, a step), and its duplicates
(attested by the hall, not logged); the event's standings with a figure opened onto its inputs, a player's
history, search, and the officers' page behind an officer's token; Spanish on a tablet, Catalan on a phone;
looked at."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from typing import Any

import pytest
import uvicorn

from service.federation.archive import Archive
from service.federation.http import create_federation_app
from service.federation.keys import NamedKey
from service.federation.push import PushRefused
from service.federation.store import Db
from service.trust.attest import export_attested, seal_round
from tests.browser.conftest import screenshot
from tests.browser.tablet import expect, text
from service.federation.duplicates import duplicate_push
from tests.application.test_federation_duplicates import duplicate_of
from tests.federation_world import EVENT, closed_game, game_body, hall_app, results_body, row, seal_body, signed
from tests.keys import Tablet


def test_the_federation_shows_its_events_and_their_games_with_proofs(browser: Any, tmp_path) -> None:
    app = hall_app(tmp_path / "hall")
    games = [closed_game(app, 1, 1, [Tablet(), Tablet()]), closed_game(app, 1, 2, None),
             closed_game(app, 2, 1, [Tablet(), None], second_play=True)]
    seal = seal_round(app, EVENT, 1)
    exports = [export_attested(app, g) for g in games]
    _, duplicate = duplicate_push(app, duplicate_of(app, EVENT))
    key = app.service_key
    app.close()
    url_db = str(tmp_path / "federation.sqlite3")
    log_key = NamedKey.generate("fisc.test/seals")
    archive = Archive(Db(url_db), log_key)
    archive.enrol_hall(key.fingerprint, "Casal d'Escacs i Scrabble de Girona", "officer:test")
    archive.enrol_event(key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    standings = [row("p1", "Anna Puig Ferrer", "FISC-0042", 1, 2, [("Jordi Mas", 40), ("Núria Vila", 12)],
                     ((1, "Jordi Mas", 1, 420, 380), (2, "Núria Vila", 1, 402, 390))),
                 row("p2", "Jordi Mas", "", 2, 1, [("Anna Puig Ferrer", -40), ("Núria Vila", 25)],
                     ((1, "Anna Puig Ferrer", 0, 380, 420), (2, "Núria Vila", 1, 415, 390))),
                 row("p3", "Núria Vila", "FISC-0101", 3, 1, [("bye (round 1)", 50), ("Jordi Mas", -25),
                                                             ("Anna Puig Ferrer", -12)],
                     ((1, None, 1, 50, 0), (2, "Anna Puig Ferrer", 0, 390, 402)))]
    pushes = [game_body(e) for e in exports] + [seal_body(seal), results_body(EVENT, "t1", standings)]
    for body in pushes + [json.dumps({"kind": "duplicate", **duplicate}).encode()]:
        archive.push(body, signed(key, body))
    lliga = json.dumps({"kind": "results", "results": {"event": "Lliga", "tournament": "t2"}}).encode()
    with pytest.raises(PushRefused):  # waits for its event to be enrolled
        archive.push(lliga, signed(key, lliga))
    archive._alarm("seal_drops_game", key.fingerprint, EVENT, "1", str(games[1]), "the seal of 2025-05-01T20:00Z "
                   "drops the game sealed at event 9 with no reopen in its own chain after it")
    token, _ = archive.create_officer_token("anna")
    archive.db.close()
    server_app = create_federation_app(url_db, log_key)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(server_app, log_level="warning", access_log=False))
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        for lang, viewport, name in (("es", {"width": 800, "height": 1280}, "federation-event-tablet-es"),
                                     ("ca", {"width": 390, "height": 844}, "federation-event-phone-ca")):
            context = browser.new_context(viewport=viewport, locale=lang)
            page = context.new_page()
            page.goto(f"{url}/?lang={lang}")
            expect(page.get_by_role("heading")).to_have_text(text(lang, "federation.title"))
            page.get_by_role("link", name=EVENT, exact=True).click()
            rows = page.locator("table").first.locator("tbody tr")
            expect(rows).to_have_count(3)
            expect(rows.nth(0)).to_contain_text(text(lang, "federation.verdict.signed"))
            expect(rows.nth(0)).to_contain_text(text(lang, "federation.sealed"))
            expect(rows.nth(2)).to_contain_text(text(lang, "federation.not_sealed"))  # round 2 was not sealed
            with page.expect_download() as download:
                rows.nth(0).get_by_role("link", name=text(lang, "federation.bundle")).click()
            assert b'"planilla-bundle/1"' in open(download.value.path(), "rb").read()
            screenshot(page, name)
            duplicates = page.get_by_test_id("duplicates")  # attested by the hall, not logged
            expect(duplicates).to_contain_text(text(lang, "federation.duplicates"))
            expect(duplicates.locator("tbody tr")).to_have_count(3)
            expect(duplicates).to_contain_text(text(lang, "federation.duplicate_attested").split(" (")[0])
            duplicates.scroll_into_view_if_needed()
            screenshot(page, name.replace("event", "duplicates"))
            event_page = page.url
            rows.nth(0).get_by_role("link", name=text(lang, "federation.replay")).click()  # the game's replay
            version = page.get_by_test_id("version")
            expect(page.get_by_test_id("phase")).to_have_text(text(lang, "replay.phase.closed"))
            page.get_by_label(text(lang, "replay.slider")).fill("9")  # a chosen event: Ana's CASA
            page.get_by_role("button", name=text(lang, "federation.go")).click()
            expect(version).to_have_attribute("data-version", "9")
            page.get_by_role("link", name=text(lang, "replay.next")).click()  # a step forward: accepted
            expect(version).to_have_attribute("data-version", "10")
            expect(page.get_by_test_id("score-0")).to_have_text("12")
            expect(page.get_by_role("img", name=re.compile(r"^H7: "))).to_be_visible()  # the C of CASA, on the board
            screenshot(page, name.replace("event", "replay"))
            page.get_by_test_id("sheet-0").scroll_into_view_if_needed()  # the sheets as they stood at event 10
            expect(page.get_by_test_id("sheet-0")).to_contain_text("H7 CASA")
            screenshot(page, name.replace("event", "replay-sheet"))
            page.keyboard.press("ArrowLeft")  # the keyboard steps back (js/federation_replay.js)
            expect(version).to_have_attribute("data-version", "9")
            page.goto(event_page)
            page.get_by_role("link", name=text(lang, "federation.standings"), exact=True).first.click()
            expect(page.get_by_role("heading", level=1)).to_have_text(
                text(lang, "federation.standings_of").format(event=EVENT))
            first = page.locator("tbody tr").nth(0)
            first.locator("details summary").nth(1).click()  # the spread opens onto its inputs
            expect(first).to_contain_text("Núria Vila: 12")
            screenshot(page, name.replace("event", "standings"))
            first.get_by_role("link", name="Anna Puig Ferrer").click()
            expect(page.get_by_role("heading", level=1)).to_have_text("Anna Puig Ferrer")
            expect(page.locator("body")).to_contain_text("FISC-0042")
            screenshot(page, name.replace("event", "player"))
            page.get_by_role("link", name=text(lang, "federation.search")).click()
            page.get_by_label(text(lang, "federation.search_text")).fill("nuria")
            page.get_by_role("button", name=text(lang, "federation.search")).click()
            expect(page.locator("main, body").first).to_contain_text("FISC-0101")
            screenshot(page, name.replace("event", "search"))
            page.goto(f"{url}/officers?lang={lang}")
            page.get_by_label(text(lang, "federation.officer_token")).fill(token)
            page.get_by_role("button", name=text(lang, "federation.officer_open")).click()
            expect(page.locator("body")).to_contain_text(text(lang, "federation.waiting"))
            expect(page.locator("body")).to_contain_text(text(lang, "federation.alarm.seal_drops_game"))
            screenshot(page, name.replace("event", "officers"))
            context.close()
    finally:
        server.should_exit = True
        thread.join(5)
