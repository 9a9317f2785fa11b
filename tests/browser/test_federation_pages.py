"""The federation's public pages (issue 29), rendered by ``planilla federation serve``: the enrolled events, and
an event's games with players, final scores, the verdict on their signatures, whether the round's seal is in
the public log, and the proof bundle to download; Spanish on a tablet, Catalan on a phone; looked at."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import uvicorn

from service.federation.archive import Archive
from service.federation.http import create_federation_app
from service.federation.keys import NamedKey
from service.federation.store import Db
from service.trust.attest import export_attested, seal_round
from tests.browser.conftest import screenshot
from tests.browser.tablet import expect, text
from tests.federation_world import EVENT, closed_game, game_body, hall_app, seal_body, signed
from tests.keys import Tablet


def test_the_federation_shows_its_events_and_their_games_with_proofs(browser: Any, tmp_path) -> None:
    app = hall_app(tmp_path / "hall")
    games = [closed_game(app, 1, 1, [Tablet(), Tablet()]), closed_game(app, 1, 2, None),
             closed_game(app, 2, 1, [Tablet(), None], second_play=True)]
    seal = seal_round(app, EVENT, 1)
    exports = [export_attested(app, g) for g in games]
    key = app.service_key
    app.close()
    url_db = str(tmp_path / "federation.sqlite3")
    log_key = NamedKey.generate("fisc.test/seals")
    archive = Archive(Db(url_db), log_key)
    archive.enrol_hall(key.fingerprint, "Casal d'Escacs i Scrabble de Girona", "officer:test")
    archive.enrol_event(key.fingerprint, EVENT, "2025-05-01", "2025-05-02", "officer:test")
    for body in [game_body(e) for e in exports] + [seal_body(seal)]:
        archive.push(body, signed(key, body))
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
            rows = page.locator("tbody tr")
            expect(rows).to_have_count(3)
            expect(rows.nth(0)).to_contain_text(text(lang, "federation.verdict.signed"))
            expect(rows.nth(0)).to_contain_text(text(lang, "federation.sealed"))
            expect(rows.nth(2)).to_contain_text(text(lang, "federation.not_sealed"))  # round 2 was not sealed
            with page.expect_download() as download:
                rows.nth(0).get_by_role("link", name=text(lang, "federation.bundle")).click()
            assert b'"planilla-bundle/1"' in open(download.value.path(), "rb").read()
            screenshot(page, name)
            context.close()
    finally:
        server.should_exit = True
        thread.join(5)
