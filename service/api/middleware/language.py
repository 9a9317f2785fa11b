"""The request's language, read once from ``Accept-Language`` and kept for everything that answers it."""

from __future__ import annotations

from typing import Any

from service.api.common.language import LANGUAGE, negotiate


class ReaderLanguage:
    """Pure ASGI middleware: sets ``service.api.common.language.LANGUAGE`` for the request."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        header = next((value for name, value in scope["headers"] if name == b"accept-language"), None)
        token = LANGUAGE.set(negotiate(header.decode("latin-1") if header is not None else None))
        try:
            await self.app(scope, receive, send)
        finally:
            LANGUAGE.reset(token)
