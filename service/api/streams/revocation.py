"""A stream that ends when the token it was opened with is revoked, released or replaced (issue 26).

The game and duplicate streams check for themselves (``service.api.streams.game.follow``: after each read,
on the reading thread). ``until_revoked`` does the same around any other stream's text (the hall console's, a
tournament's standings): it waits on the hub for the token's own aggregate, which moves only when the token is
revoked (a save here, or another process's seen by the store watch, ``ServiceApplication.store_listeners``), and
ends the stream at once; and before it passes on a message (not a comment line), it asks the store whether the
token is revoked now. A revocation is committed before anything recorded after it, so a message read after it
is never sent.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from uuid import UUID

from fastapi.concurrency import run_in_threadpool

from service.hub import Hub


async def until_revoked(body: AsyncIterator[str], hub: Hub, token: UUID,
                        revoked: Callable[[], bool]) -> AsyncIterator[str]:
    """``body``'s text while ``revoked()`` is false; the stream ends (``body`` closed) once it is true."""
    step: asyncio.Future[str] | None = None
    with hub.subscribe(token) as moved:
        woken = asyncio.ensure_future(moved.wait())
        try:
            while True:
                if step is None:
                    step = asyncio.ensure_future(body.__anext__())
                done, _ = await asyncio.wait({step, woken}, return_when=asyncio.FIRST_COMPLETED)
                if woken in done:
                    moved.clear()
                    woken = asyncio.ensure_future(moved.wait())
                    if await run_in_threadpool(revoked):
                        return
                if step not in done:
                    continue
                try:
                    text = step.result()
                except StopAsyncIteration:
                    step = None
                    return
                step = None
                if not text.startswith(":") and await run_in_threadpool(revoked):
                    return  # read after the revocation, perhaps: not sent
                yield text
        finally:
            woken.cancel()
            if step is not None:
                step.cancel()
                with contextlib.suppress(BaseException):
                    await step
            await body.aclose()  # type: ignore[attr-defined]
