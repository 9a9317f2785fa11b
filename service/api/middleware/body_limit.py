"""Oversized bodies refused before they are read: 413 in the common error shape.

A request whose ``Content-Length`` is over the limit of its endpoint (16 KiB for a command, 1 MB
for anything else) is answered at once, before any of its body is received, parsed or validated.
A body sent without a length (chunked) is cut off by the framework's own limit (each route's
``max_body_size``, the same figures) as soon as it passes it, and answered through the same error
handler.
"""

from __future__ import annotations

import json
import re
from typing import Any

from domain.errors import msg
from service.api.common.language import VARY, current, said

COMMANDS_PATH = re.compile(r"^/v1/games/[^/]+/commands$")
#: A command is a few hundred bytes.
MAX_COMMAND_BYTES = 16_384
#: Anything else (a GCG import of a long game is a few KB).
MAX_BODY_BYTES = 1_000_000


class BodyLimit:
    """Pure ASGI middleware: the whole app's limit, and a tighter one for commands."""

    def __init__(self, app: Any, *, default: int, commands: int) -> None:
        self.app, self.default, self.commands = app, default, commands

    def limit(self, path: str) -> int:
        return self.commands if COMMANDS_PATH.match(path) else self.default

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            limit = self.limit(scope.get("path", ""))
            for name, value in scope.get("headers", ()):
                if name == b"content-length":
                    try:
                        too_big = int(value) > limit
                    except ValueError:
                        too_big = False  # not a number: the server's HTTP parser decides
                    if too_big:
                        await _refuse(send, limit)
                        return
                    break
        await self.app(scope, receive, send)


async def _refuse(send: Any, limit: int) -> None:
    message = said(msg("api.body_too_large", detail=f"{limit:,} bytes"))
    body = json.dumps({"code": "payload_too_large", "field": "body", "article": None, "message": message}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), (b"content-language", current().encode()),
                            (b"vary", VARY.encode())]})
    await send({"type": "http.response.body", "body": body})
