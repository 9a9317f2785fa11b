"""Every failure is an answer: an error no handler took is answered 500 here, and the connection kept.

Starlette's outermost layer (``ServerErrorMiddleware``) answers such an error with the app's
``Exception`` handler and then raises it again, so that the server logs it; uvicorn, seeing an
error after the response began, closes the connection, and a client's next request on it (a
tablet's keep-alive connection) met "connection reset". This pure ASGI middleware sits just inside
that layer, outermost of the app's own: it logs the error once, with its traceback, answers it in
the common shape (``errors.unexpected``) and returns normally. Only an error raised after the
response began (a live stream cut short) is raised on, since no answer can follow a started one.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import ClientDisconnect, Request

from service.api.common.errors import unexpected


class AnswerEveryFailure:
    """Pure ASGI middleware: an unhandled error becomes the 500 answer, not a dropped connection."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def sending(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except ClientDisconnect:
            return  # the client went away (or was timed out) mid-body: nobody to answer
        except Exception as exc:  # noqa: BLE001 - answered below; re-raised only if an answer began
            if started:
                raise
            response = await unexpected(Request(scope, receive), exc)
            await response(scope, receive, send)
