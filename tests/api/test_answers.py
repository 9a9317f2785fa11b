"""Every failure is an answer (issue 13 item 20): an error inside a handler is answered 500 in the common
shape, on a live server, and the same connection serves the next request."""

from __future__ import annotations

import json
import socket

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.settings import settings_env
from tests.api.live_server import exchange, running


def test_a_game_creation_that_fails_inside_the_handler_is_answered_and_the_connection_kept(monkeypatch):
    games = ServiceApplication(settings_env("memory"))
    director = games.issue_token("director", "hall", "test")[0]
    app = create_app(ServiceSettings(store="memory"), application=games)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug, not the client's doing")

    monkeypatch.setattr(games, "create_game_with_tokens", broken)
    body = json.dumps({"profile": "file-2024", "players": ["Ana", "Bea"]}).encode()
    create = (b"POST /v1/games HTTP/1.1\r\nHost: hall\r\nContent-Type: application/json\r\n"
              b"Authorization: Bearer " + director.encode() + b"\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
    with running(app) as address:
        conn = socket.create_connection(address, timeout=10)
        try:
            status, answer = exchange(conn, create)
            assert status == 500
            assert json.loads(answer) == {"code": "internal", "message": "internal error (logged)", "field": None,
                                          "article": None}
            status, answer = exchange(conn, b"GET /health HTTP/1.1\r\nHost: hall\r\n\r\n")  # same connection
            assert status == 200 and json.loads(answer)["status"] == "ok"
            monkeypatch.undo()
            status, answer = exchange(conn, create)
            assert status == 201, answer
        finally:
            conn.close()
