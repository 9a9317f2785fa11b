"""Slow requests are bounded: headers within ``HEADER_TIMEOUT``, a body within ``BODY_TIMEOUT``.

uvicorn closes a connection left idle after a response (``timeout_keep_alive``), but a request that
has begun is given all the time in the world: a client that sends a header line every few seconds,
or a body a byte at a time, holds its connection (and a file descriptor) for ever, and a few hundred
of them make the server refuse the tablets. Its HTTP protocol is therefore subclassed here (the
parser's callbacks say when a request begins, when its headers and its body are complete): a
request whose headers are not complete ``HEADER_TIMEOUT`` seconds after the connection opened (or
after the previous response), or whose body is not complete ``BODY_TIMEOUT`` seconds after its
headers, is answered ``408 request_timeout`` in the common error shape and the connection closed.
A connection on which nothing at all was sent is closed silently, like an idle keep-alive.

The figures suit tablets on a hall's Wi-Fi: a request is a few hundred bytes (a GCG import a few
KB, at most 1 MB), so even a congested link with retransmissions sends its headers in well under a
second and a whole body in a few; 10 and 30 seconds leave a wide margin for a bad moment and still
free a stuck connection quickly. The tablets' outbox retries a 408 like any failed send.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

#: Seconds from a connection's opening (or its previous response) to the end of a request's headers.
HEADER_TIMEOUT = 10.0
#: Seconds from the end of a request's headers to the end of its body.
BODY_TIMEOUT = 30.0
#: Seconds an idle connection is kept open between requests (uvicorn's own default).
KEEP_ALIVE_TIMEOUT = 5


def timeout_response(what: str, seconds: float) -> bytes:
    """The raw 408 answer (written straight to the connection: no application is running for it)."""
    body = json.dumps({"code": "request_timeout", "field": None, "article": None,
                       "message": f"the request's {what} did not arrive within {seconds:g} seconds; send it again"})
    return (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(body), body.encode()))


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with deadlines for a request's headers and body."""

    header_timeout = HEADER_TIMEOUT
    body_timeout = BODY_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._phase = "idle"  # idle (no byte of a request yet), headers, body, answering
        self._deadline: asyncio.TimerHandle | None = None
        self._arm(self.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    # ---- the parser's callbacks ------------------------------------------------------------------
    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._phase = "headers"

    def on_headers_complete(self) -> None:
        self._phase = "body"
        self._arm(self.body_timeout)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._phase = "answering"
        self._disarm()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._phase in ("answering", "idle") and not self.transport.is_closing():
            self._phase = "idle"
            self._arm(self.header_timeout)

    # ---- the deadline ------------------------------------------------------------------------------
    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _late(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if self._phase == "idle":
            if cycle is None or cycle.response_complete:
                self.transport.close()  # nothing was asked: closed like an idle keep-alive connection
            return
        if self._phase == "answering":
            return
        what, seconds = ("headers", self.header_timeout) if self._phase == "headers" else ("body", self.body_timeout)
        if self._phase == "body" and cycle is not None:
            if cycle.response_started:  # the app answered without waiting for the body: just close
                self.transport.close()
                return
            cycle.disconnected = True  # the app waiting for the body is told the client is gone
            cycle.message_event.set()
        client = "%s:%d" % self.client if self.client else "a client"
        self.logger.warning("closed the connection from %s: its request's %s took over %g s (408)",
                            client, what, seconds)
        self.transport.write(timeout_response(what, seconds))
        self.transport.close()


def guarded_protocol(header_timeout: float = HEADER_TIMEOUT, body_timeout: float = BODY_TIMEOUT) -> type[Any]:
    """The protocol class for ``uvicorn.Config(http=...)`` with these deadlines."""
    if header_timeout <= 0 or body_timeout <= 0:
        raise ValueError("header and body timeouts must be positive")
    return type("GuardedHttpToolsProtocol", (GuardedHttpToolsProtocol,),
                {"header_timeout": header_timeout, "body_timeout": body_timeout})
