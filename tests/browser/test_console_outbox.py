"""The console's federation panel (issue 29): what the hall has waiting for the federation, and what the
federation refused with its reason, read from ``GET /v1/hall/outbox`` (directors and arbiters only); a hall
without ``--federation`` shows no panel. Spanish on a tablet, Catalan on a phone; screenshots looked at."""

from __future__ import annotations

import random
import socket
import threading
import time
from typing import Any

import httpx
import uvicorn

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.federation.outbox import Outbox, outbox_store
from service.federation.store import Db
from service.settings import settings_env
from service.trust.keys import ServiceKey
from tests.browser.conftest import screenshot
from tests.browser.tablet import expect, text

FEDERATION = "https://fisc.example"


def test_the_console_shows_what_waits_for_the_federation_and_what_it_refused(browser: Any, tmp_path) -> None:
    data = tmp_path / "data"
    games = ServiceApplication(settings_env(str(data)), rng=random.Random(29))
    app = create_app(ServiceSettings(store=str(data), stream_poll_seconds=0.05), application=games)
    director = games.issue_token("director", "director-1", "test")[0]
    spectator = games.issue_token("spectator", "wall", "test")[0]
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1))
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        http = httpx.Client(base_url=url, timeout=10)
        bare = http.get("/v1/hall/outbox", headers={"Authorization": f"Bearer {director}"})
        assert bare.status_code == 200 and bare.json()["federation"] is None
        assert http.get("/v1/hall/outbox", headers={"Authorization": f"Bearer {spectator}"}).status_code == 403
        db = Db(outbox_store(str(data)))
        outbox = Outbox(db, ServiceKey.generate(), FEDERATION)
        outbox.put("game:0d6f3c1e-1111-4e2b-9a55-2f1c7d0e9b10:aa", "game", {"export": "x"})
        outbox.put("seal:Obert de Girona:3:2025-05-01T12:00:00.000Z:bb", "seal", {"seal": {}})
        outbox.put("game:7c2b9e44-2222-4e2b-9a55-2f1c7d0e9b10:cc", "game", {"export": "y"})
        db.execute("UPDATE federation_outbox SET state = 'refused', code = 'game_tampered', message = ? WHERE id = 1",
                   ("the game's history does not verify (line 9): seat 0's play does not verify against seat 0's "
                    "registered key",))
        db.execute("UPDATE federation_outbox SET attempts = 3, code = 'unreachable', message = 'the federation "
                   "cannot be reached: [Errno 111] Connection refused' WHERE id > 1")
        db.close()
        app.state.federation_outbox = (outbox_store(str(data)), FEDERATION)
        answer = http.get("/v1/hall/outbox", headers={"Authorization": f"Bearer {director}"}).json()
        assert answer["counts"] == {"waiting": 2, "sent": 0, "refused": 1}
        assert answer["refused"][0]["code"] == "game_tampered"
        for lang, viewport, name in (("es", {"width": 800, "height": 1280}, "console-outbox-tablet-es"),
                                     ("ca", {"width": 390, "height": 844}, "console-outbox-phone-ca")):
            context = browser.new_context(viewport=viewport)
            context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
            page = context.new_page()
            page.goto(f"{url}/console#token={director}")
            panel = page.get_by_test_id("outbox")
            expect(panel).to_be_visible()
            expect(panel).to_contain_text(text(lang, "console.outbox.counts", waiting=2, sent=0, refused=1))
            expect(panel).to_contain_text(text(lang, "console.outbox.refused"))  # refusals open the panel
            expect(panel).to_contain_text(text(lang, "console.outbox.why.game_tampered"))  # the reason in their words
            expect(panel).to_contain_text("seat 0's play does not verify")  # and the federation's own, below it
            expect(panel).to_contain_text(text(lang, "console.outbox.why.unreachable"))
            expect(panel).to_contain_text(text(lang, "console.outbox.seal", event="Obert de Girona", round=3))
            screenshot(page, name)
            context.close()
    finally:
        server.should_exit = True
        thread.join(5)
        games.close()
