"""``planilla serve``'s uvicorn server (``service.api.quiet_server``): no tick, a fresh Date header; a stop at once.

Issue 25: an idle hall server's processes together under 0.5% of a core. uvicorn's own loop woke every 0.1 s.
"""

from __future__ import annotations

import email.utils
import signal
import socket
import threading
import time

import httpx
from fastapi import FastAPI

import service.api.quiet_server as quiet
from service.api.quiet_server import QuietServer
from service.api.serve import uvicorn_config


class Counted(QuietServer):
    def __init__(self, config):
        super().__init__(config)
        self.ticks = 0

    async def on_tick(self, counter: int) -> bool:
        self.ticks += 1
        assert counter % 10 == 0, "uvicorn renews the Date header only on a tick whose counter is a multiple of 10"
        return await super().on_tick(counter)


def serve(tick: float, monkeypatch) -> tuple[Counted, threading.Thread, str]:
    monkeypatch.setattr(quiet, "TICK", tick)
    app = FastAPI()

    @app.get("/ping")
    def ping() -> dict[str, bool]:
        return {"ok": True}

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = Counted(uvicorn_config(app, access_log=False, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started
    return server, thread, "http://%s:%d" % sock.getsockname()


def test_a_stop_signal_ends_the_wait_at_once_not_at_the_next_tick(monkeypatch):
    server, thread, url = serve(60.0, monkeypatch)  # a tick a minute: only the signal's wake can end it soon
    try:
        assert httpx.get(f"{url}/ping").json() == {"ok": True}
        time.sleep(0.3)
        assert server.ticks == 1, "the loop woke before its tick with nothing to do"
    finally:
        server.handle_exit(signal.SIGTERM, None)
        thread.join(15)
    assert not thread.is_alive(), "the server waited for its tick before stopping"
    assert server.ticks == 2  # the first look, then the one the stop woke


def test_the_loop_still_looks_every_tick_as_a_safety_and_the_date_is_fresh(monkeypatch):
    server, thread, url = serve(0.2, monkeypatch)
    try:
        time.sleep(1.5)
        sent = email.utils.parsedate_to_datetime(httpx.get(f"{url}/ping").headers["date"]).timestamp()
        assert abs(sent - time.time()) < 1.2, "the Date header was not renewed after the server started"
        assert 3 <= server.ticks <= 12
    finally:
        server.handle_exit(signal.SIGINT, None)
        thread.join(15)
    assert not thread.is_alive()


def test_the_date_header_is_fresh_after_a_long_sleep_without_any_tick(monkeypatch):
    """``DatedState``: the header is made when a response reads it, so a loop that has not ticked for seconds still
    answers with the date of now (uvicorn's renewed it only on its tick)."""
    server, thread, url = serve(60.0, monkeypatch)  # no tick after the first
    try:
        first = email.utils.parsedate_to_datetime(httpx.get(f"{url}/ping").headers["date"]).timestamp()
        time.sleep(2.2)
        later = email.utils.parsedate_to_datetime(httpx.get(f"{url}/ping").headers["date"]).timestamp()
        assert server.ticks == 1, "the loop woke for a tick"
        assert later - first >= 2, "the Date header was not renewed without a tick"
        assert abs(later - time.time()) < 1.2
    finally:
        server.handle_exit(signal.SIGTERM, None)
        thread.join(15)
    assert not thread.is_alive()
