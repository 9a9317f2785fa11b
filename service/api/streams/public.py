"""The public streams' response: written straight to the socket by the fan-out, not through the framework.

A stream of the public board carries the same bytes to thousands of connections. Through the framework
(``StreamingResponse``), each chunk to each connection would wake a task and pass through every
middleware's ``send``: at 2,000 viewers that cost more than the 64 tablets' commands
(``bench/README.md``). So the headers go out through ``send`` as any answer's do, and then the
connection's socket is handed to ``service.api.streams.fanout``, which frames each chunk once and writes it to
every socket itself; the response only waits for the client to leave or the fan-out to end it. The
server's own ``send`` (uvicorn's, whose object holds the socket) is kept in the scope by ``keep_raw_send``;
where there is none (a test client), the stream goes through the framework's ``StreamingResponse`` and the
fan-out's bounded queues instead, with the same bytes.

Beside ``planilla serve`` a plain-HTTP stream's socket goes one step further once its headers are out: to the
writer process (``service.api.streams.link``), which then writes every chunk to it. This response still holds
the connection and hears the viewer leave; it then tells the writer to let go and closes the connection
without a last chunk (the writer may be mid-write). A TLS connection cannot be handed over (its encryption
lives in this process) and is written here, and so is a request that carries an ``Authorization`` header: the
writer process holds only streams opened without a token (issue 26), so nothing a token opened can outlive its
revocation there.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI
from starlette.responses import Response, StreamingResponse

from service.api.streams.fanout import Fanout, framed

RAW_SEND = "planilla.raw_send"
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def keep_raw_send(app: FastAPI) -> None:
    """Keep the server's own ``send`` in each HTTP scope (``RAW_SEND``), outside every middleware."""
    original = app.build_middleware_stack

    def build() -> Any:
        stack = original()

        async def outer(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await stack(scope, receive, send)
                return
            scope[RAW_SEND] = send
            try:
                await stack(scope, receive, send)
            finally:
                # The server's ``send`` is its request's own method, and that request holds this scope: left here, the
                # pair is a reference cycle that only the cyclic collector frees, a request's worth of objects each
                # time (bench/README.md: a 35 ms collection stalled every command under load).
                scope.pop(RAW_SEND, None)

        return outer

    app.build_middleware_stack = build  # type: ignore[method-assign]


async def _left(receive: Any) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


class PublicStream(Response):
    """A public stream of channel ``key`` (see the module's docstring)."""

    media_type = "text/event-stream"

    def __init__(self, fanout: Fanout, key: str, after: int | None, games: list[str]) -> None:
        self.fanout, self.key, self.after, self.games = fanout, key, after, games
        self.status_code, self.background = 200, None
        self.raw_headers = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-cache"),
                            (b"x-accel-buffering", b"no")]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        cycle = getattr(scope.get(RAW_SEND), "__self__", None)
        transport = getattr(cycle, "transport", None)
        if transport is None or not hasattr(cycle, "chunked_encoding") or scope.get("http_version") != "1.1":
            body = self.fanout.follow(self.key, self.after, self.games)
            await StreamingResponse(body, media_type=self.media_type, headers=HEADERS)(scope, receive, send)
            return
        await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
        fd = None if any(name.lower() == b"authorization" for name, _ in scope.get("headers", ())) else \
            self._handover(transport)
        channel, sub, opening = self.fanout.attach(self.key, self.after, self.games, transport, fd=fd)
        if opening:
            transport.write(framed(opening))
        left = asyncio.ensure_future(_left(receive))
        try:
            await asyncio.wait({sub.done, left}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            left.cancel()
            self.fanout._end(channel, sub, "gone")
        if sub.dropped or sub.remote:
            transport.abort()  # too slow to read (its backlog goes with it), or the writer's: it resumes with Last-Event-ID
            await asyncio.sleep(0)  # the server hears the connection lost before this answer returns
        elif not left.done() or left.cancelled():
            await send({"type": "http.response.body", "body": b"", "more_body": False})

    def _handover(self, transport: Any) -> int | None:
        """The connection's socket descriptor when the writer process can take it: it is up, the connection is
        plain TCP (not TLS), and the headers have left this process (nothing waits in the transport's buffer)."""
        writer = self.fanout.writer
        if writer is None or not writer.up or transport.get_extra_info("ssl_object") is not None:
            return None
        if transport.get_write_buffer_size():
            return None
        sock = transport.get_extra_info("socket")
        fd = sock.fileno() if sock is not None else -1
        return fd if fd >= 0 else None
