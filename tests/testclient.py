"""The tests' in-process HTTP client: Starlette's ``TestClient``, with an answer read whole in one hop to the app.

Starlette's client runs the app on an event loop in a thread of its own (its "portal") and crosses to that thread
for every step of a request: making two events, a memory stream and a cancel scope, starting the app, waiting for
the answer to start, then once per body chunk and once more at the end, about eight crossings. Each crossing is a
future, a lock and a wake of the other thread: 2.5 ms of CPU for a ``GET /health`` where the app itself takes 0.8
(issue 25; bench/README.md). The suite makes tens of thousands of such requests.

Here a request whose answer is read at once (``client.get``, ``post``... : everything but ``client.stream``) crosses
once: the app runs to its end on the portal's loop, as Starlette's client waits for it too, background tasks
included, and the status, headers, body, trailers and debug information come back together. What the app sees is
the same scope and the same messages: the request's body in one ``http.request``, then, once the answer is complete,
``http.disconnect``. What the test sees is the same: an exception of the app is raised when
``raise_server_exceptions`` is set, and otherwise an answer that never started is an empty 500. A streamed request
(``client.stream``) and a WebSocket go the way Starlette's client goes, chunk by chunk.
"""

from __future__ import annotations

import threading
from typing import Any
from urllib.parse import unquote

import anyio
from starlette import testclient as starlette_testclient
from starlette.testclient import TestClient as StarletteTestClient

httpx = starlette_testclient.httpx  # the HTTP client package Starlette's client is built on (httpx2, else httpx)

__all__ = ["TestClient"]


class TestClient(StarletteTestClient):
    """``starlette.testclient.TestClient`` (also ``fastapi.testclient``'s), with whole answers in one crossing."""

    __test__ = False

    def __init__(self, app: Any, base_url: str = "http://testserver", raise_server_exceptions: bool = True,
                 root_path: str = "", **kwargs: Any) -> None:
        super().__init__(app, base_url=base_url, raise_server_exceptions=raise_server_exceptions, root_path=root_path,
                         **kwargs)
        self._transport = _WholeAnswers(self._transport, self.app, self._portal_factory, raise_server_exceptions,
                                        root_path, self.app_state, kwargs.get("client", ("testclient", 50000)))

    def send(self, request: httpx.Request, *, stream: bool = False, **kwargs: Any) -> httpx.Response:
        transport = self._transport
        before = getattr(transport.whole, "on", False)
        transport.whole.on = not stream
        try:
            return super().send(request, stream=stream, **kwargs)
        finally:
            transport.whole.on = before


class _WholeAnswers(httpx.BaseTransport):
    """Runs a request that is read at once in one call on the portal; anything else goes to Starlette's transport."""

    def __init__(self, streaming: httpx.BaseTransport, app: Any, portal_factory: Any, raise_server_exceptions: bool,
                 root_path: str, app_state: dict[str, Any], client: tuple[str, int]) -> None:
        self.streaming = streaming
        self.app = app
        self.portal_factory = portal_factory
        self.raise_server_exceptions = raise_server_exceptions
        self.root_path = root_path
        self.app_state = app_state
        self.client = client
        self.whole = threading.local()  # per thread: a test may send from several threads at once

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        scheme = request.url.scheme
        if not getattr(self.whole, "on", False) or scheme not in ("http", "https"):
            return self.streaming.handle_request(request)
        port = request.url.port or {"http": 80, "https": 443}[scheme]
        headers = [] if "host" in request.headers else [(b"host", request.url.netloc)]
        headers += [(key.lower().encode(), value.encode()) for key, value in request.headers.multi_items()]
        scope = {
            "type": "http",
            "http_version": "1.1",
            "method": request.method,
            "path": unquote(request.url.path),
            "raw_path": request.url.raw_path.split(b"?", 1)[0],
            "root_path": self.root_path,
            "scheme": scheme,
            "query_string": request.url.query,
            "headers": headers,
            "client": self.client,
            "server": [request.url.raw_host.decode("ascii"), port],
            "extensions": {"http.response.debug": {}, "http.response.trailers": {}},
            "state": self.app_state.copy(),
        }
        body = request.read()
        with self.portal_factory() as portal:
            answer = portal.call(_run, self.app, scope, body)
        if answer.error is not None and self.raise_server_exceptions:
            raise answer.error
        if answer.status is None:
            if self.raise_server_exceptions:
                raise AssertionError("TestClient did not receive any response.")
            return httpx.Response(500, headers=[], stream=httpx.ByteStream(b""), request=request)
        content = b"" if request.method == "HEAD" else b"".join(answer.chunks)
        response = httpx.Response(answer.status, headers=answer.headers, stream=httpx.ByteStream(content),
                                  request=request)
        if answer.trailers_expected:
            response.extensions["http.response.trailers"] = answer.trailers
        if answer.debug is not None:
            response.extensions["http.response.debug"] = answer.debug
            if "template" in answer.debug:
                response.template = answer.debug["template"]  # type: ignore[attr-defined]
            if "context" in answer.debug:
                response.context = answer.debug["context"]  # type: ignore[attr-defined]
        return response

    def close(self) -> None:
        self.streaming.close()


class _Answer:
    """What the app sent: the status and headers, the body's chunks, trailers and debug information, or its error."""

    def __init__(self) -> None:
        self.status: int | None = None
        self.headers: list[tuple[str, str]] = []
        self.chunks: list[bytes] = []
        self.trailers_expected = False
        self.trailers: list[tuple[bytes, bytes]] = []
        self.debug: dict[str, Any] | None = None
        self.error: BaseException | None = None


async def _run(app: Any, scope: dict[str, Any], body: bytes) -> _Answer:
    """Run the app on one request to its end, on the portal's loop."""
    answer = _Answer()
    complete = anyio.Event()
    body_done = False
    request_sent = False

    async def receive() -> dict[str, Any]:
        nonlocal request_sent
        if not request_sent:
            request_sent = True
            return {"type": "http.request", "body": body}
        await complete.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal body_done
        kind = message["type"]
        if kind == "http.response.start":
            assert answer.status is None, 'Received multiple "http.response.start" messages.'
            answer.status = message["status"]
            answer.headers = [(key.decode(), value.decode()) for key, value in message.get("headers", [])]
            answer.trailers_expected = message.get("trailers", False)
        elif kind == "http.response.body":
            assert answer.status is not None, 'Received "http.response.body" without "http.response.start".'
            assert not body_done, 'Received "http.response.body" after body completed.'
            answer.chunks.append(bytes(message.get("body", b"")))
            if not message.get("more_body", False):
                body_done = True
                if not answer.trailers_expected:
                    complete.set()
        elif kind == "http.response.trailers":
            assert answer.trailers_expected, 'Received "http.response.trailers" without declaring trailers.'
            assert body_done, 'Received "http.response.trailers" before body completed.'
            answer.trailers.extend(message.get("headers", []))
            if not message.get("more_trailers", False):
                complete.set()
        elif kind == "http.response.debug":
            answer.debug = message["info"]

    try:
        await app(scope, receive, send)
    except Exception as e:  # the caller raises it, or answers as Starlette's client does
        answer.error = e
    finally:
        complete.set()
    return answer
