"""The command route's hot path: a well-formed ``POST /v1/games/{id}/commands`` answered directly.

Tablets send commands, nearly all of them well formed, far more often than anything else. Through
the framework, each one went through the app's middleware layers, the router's matching of every
route, and the solving of its path, header and body parameters: under load that was more of the
event loop's time than the command itself (bench/README.md). This pure ASGI layer, outermost of the
app's own (``install``), takes the request when it is plainly well formed (a canonical game id, a
JSON body within the command limit, headers within their lengths, a body the route's own validator
accepts) and hands it to the same ``answer`` the route calls, with the same error handlers for
whatever that raises; what the layers it passes by do for a request, it does too: the reader's
language (``middleware.language``), the device heard (``middleware.heard``), and an error no handler
takes answered 500 in the common shape (``middleware.answer_all``). Anything else (no length, an
oversized or unreadable body, a validation error, a long header) goes on to the framework with the
body it has read, so every refusal is the route's own: one contract, one set of error answers, and
the route stays what the OpenAPI document describes.
"""

from __future__ import annotations

import json
import re
from typing import Any
from uuid import UUID

from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.requests import Request

from service.api.common.deps import MAX_DEVICE, bearer_of
from service.api.common.errors import unexpected
from service.api.common.language import LANGUAGE, negotiate
from service.api.middleware.body_limit import MAX_COMMAND_BYTES
from service.api.middleware.heard import Heard
from service.api.routes.commands import answer, router, send_command

PATH = re.compile(r"/v1/games/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/commands")
#: Header values the route bounds (``Idempotency-Key``: 255; ``X-Device``: 200): longer ones go to the
#: route, which refuses them.
LIMITS = {b"idempotency-key": 255, b"x-device": MAX_DEVICE}
WANTED = (b"authorization", b"idempotency-key", b"x-device", b"user-agent", b"content-type", b"content-length",
          b"accept-language")


def install(api: FastAPI) -> None:
    """Put the fast path outside every layer of ``api``'s middleware stack (the framework's and the app's own),
    when the stack is built."""
    build = api.build_middleware_stack

    def built() -> Any:
        return CommandFastPath(build(), api=api)

    api.build_middleware_stack = built  # type: ignore[method-assign]


class CommandFastPath:
    """Pure ASGI middleware: well-formed commands to ``answer``, everything else to the app."""

    def __init__(self, app: Any, *, api: FastAPI) -> None:
        self.app, self.api = app, api
        # The command route's body field: the very validator the framework runs for the route.
        self.body_field = next(route.body_field for route in router.routes
                               if isinstance(route, APIRoute) and route.endpoint is send_command)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or (match := PATH.fullmatch(scope["path"])) is None:
            return await self.app(scope, receive, send)
        headers: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            if name in WANTED:
                if name in headers:  # a repeated header: let the framework read it its way
                    return await self.app(scope, receive, send)
                headers[name] = value
        length = headers.get(b"content-length")
        if (length is None or not length.isdigit() or int(length) > MAX_COMMAND_BYTES
                or headers.get(b"content-type", b"").split(b";")[0].strip().lower() != b"application/json"
                or any(len(headers.get(name, b"")) > limit for name, limit in LIMITS.items())):
            return await self.app(scope, receive, send)
        body, message = b"", {"more_body": True}
        while message.get("more_body", False):
            message = await receive()
            if message["type"] != "http.request":  # the client went away: nobody to answer
                return
            body += message.get("body", b"")
        command = self._command(body)
        if command is None:
            return await self.app(scope, _replay(body, receive), send)
        text = {name: value.decode("latin-1") for name, value in headers.items()}
        language = LANGUAGE.set(negotiate(text.get(b"accept-language")))
        device = text.get(b"x-device")
        heard: Heard = self.api.state.heard
        if device:
            heard.start(device)
        try:
            try:
                response = await answer(self.api.state.games, UUID(match.group(1)), command, bearer_of(
                    text.get(b"authorization")), text.get(b"idempotency-key"), device, text.get(b"user-agent"))
            except Exception as exc:  # noqa: BLE001 - answered by the app's own handler for it, as the route's would be
                response = await self._handler(exc)(Request(scope, receive), exc)
            await response(scope, receive, send)
        finally:
            if device:
                heard.end(device)
            LANGUAGE.reset(language)

    def _command(self, body: bytes) -> Any:
        """The validated command, or None when the framework should be the one to refuse the body."""
        try:
            value = json.loads(body)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, nested too deeply
            return None
        command, problems = self.body_field.validate(value, {}, loc=("body",))
        return None if problems else command

    def _handler(self, exc: Exception) -> Any:
        """The app's handler for ``exc``; for an error no handler takes, the 500 answer (logged with its traceback)."""
        for cls in type(exc).__mro__:
            handler = self.api.exception_handlers.get(cls)
            if handler is not None:
                return handler
        return unexpected


def _replay(body: bytes, receive: Any) -> Any:
    """A ``receive`` that gives the body already read, then whatever comes next (a disconnect)."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> dict[str, Any]:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed
