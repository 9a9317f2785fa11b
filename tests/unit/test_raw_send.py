"""The server's own ``send`` kept in each HTTP scope (``service/api/streams/public.py``, ``keep_raw_send``) is there while
the request runs and gone when it ends.

uvicorn's ``send`` is a method of its request object, which holds the scope: left in the scope, the two made a reference
cycle per request that only the cyclic garbage collector freed. Under load (64 tablets) that was about 20,000 objects
every half second, and a collection that took 35 ms stalled every command in flight (bench/README.md).
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

from fastapi import FastAPI, Request

from service.api.streams.public import RAW_SEND, keep_raw_send


class ServerRequest:
    """As uvicorn's ``RequestResponseCycle``: it holds the scope, and the app is handed its bound ``send``."""

    def __init__(self, path: str) -> None:
        self.scope: dict[str, Any] = {"type": "http", "http_version": "1.1", "method": "GET", "path": path,
                                      "raw_path": path.encode(), "root_path": "", "scheme": "http", "query_string": b"",
                                      "headers": [], "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
        self.sent: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def app_seeing_raw_send(seen: list[Any]) -> FastAPI:
    app = FastAPI()

    @app.get("/probe")
    async def probe(request: Request) -> dict[str, bool]:
        seen.append(request.scope.get(RAW_SEND))
        return {"ok": True}

    keep_raw_send(app)
    return app


def test_the_raw_send_is_in_the_scope_while_the_request_runs_and_gone_after():
    seen: list[Any] = []
    app = app_seeing_raw_send(seen)
    request = ServerRequest("/probe")
    asyncio.run(app(request.scope, request.receive, request.send))
    assert request.sent[0]["status"] == 200
    assert len(seen) == 1 and seen[0] == request.send  # the route saw the server's own send
    assert RAW_SEND not in request.scope


def test_a_finished_request_is_freed_without_the_cyclic_collector():
    seen: list[Any] = []
    app = app_seeing_raw_send(seen)
    request = ServerRequest("/probe")
    asyncio.run(app(request.scope, request.receive, request.send))
    seen.clear()
    gone = weakref.ref(request)
    gc.disable()
    try:
        del request
        assert gone() is None, "the request is still held (a reference cycle through its scope)"
    finally:
        gc.enable()


def test_a_request_that_fails_leaves_no_raw_send_either():
    app = FastAPI()

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("boom")

    keep_raw_send(app)
    request = ServerRequest("/boom")
    try:
        asyncio.run(app(request.scope, request.receive, request.send))
    except RuntimeError:
        pass
    assert RAW_SEND not in request.scope
