"""Live events for ``GET /v1/games/{id}/stream`` (and a duplicate's): wake-ups after each save, here or elsewhere.

The application calls ``Hub.notify`` after every save (from a worker thread); each open stream
waits on an ``asyncio.Event`` of its own, set thread-safely on its loop. Events written by
another process (a second server on the same SQLite file or PostgreSQL database, ``planilla token revoke``)
wake the hub too, through the application's store watch (``ServiceApplication.store_listeners``, within half a
second); a stream also reads the store every ``poll`` seconds without a wake-up (``SAFETY_READ``: a minute), a
safety net only; its keep-alive comments (every ``keepalive`` seconds) read nothing, so tablets connected between
rounds cost an idle hall server no store reads (issue 25). Either way the stream reads the events after the last
one it sent, so nothing is sent twice or skipped.

A stream opened with a token (``token``) ends when that token is revoked, released or replaced (issue 26): its
revocation wakes the stream (the token's own aggregate moves), and after every read, before anything read is
sent, ``revoked()`` asks the store whether the token is revoked now; a revocation is committed before anything
recorded after it, so nothing recorded after the revocation is ever written to the stream.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any
from uuid import UUID

from fastapi.concurrency import run_in_threadpool

from service.hub import Hub

#: Seconds a game's or a duplicate's stream waits without a wake-up before it reads the store anyway.
SAFETY_READ = 60.0


def sse(record: dict[str, Any]) -> str:
    """One event in the text/event-stream format: id (the game's version), event (its type), data (JSON)."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return f"id: {record['sequence']}\nevent: {record['type']}\ndata: {data}\n\n"


def sse_state(state: dict[str, Any]) -> str:
    """The aggregate's state after a batch of events: ``event: State``, no ``id`` (resuming counts events only)."""
    return f"event: State\ndata: {json.dumps(state, ensure_ascii=False, separators=(',', ':'))}\n\n"


async def follow(hub: Hub, ident: UUID, after: int, read: Callable[[int], list[dict[str, Any]]], *,
                 poll: float, keepalive: float,
                 state: Callable[[], dict[str, Any]] | None = None,
                 token: UUID | None = None, revoked: Callable[[], bool] | None = None) -> AsyncIterator[str]:
    """Every event after version ``after`` as it is recorded, with a comment line now and then to keep alive.

    ``state`` (optional): read after each batch (and once at the start) and sent as ``event: State`` in the same
    write as the batch, so a follower needs no second read to show what the events did. ``token`` and ``revoked``
    (optional): the stream ends, sending nothing more, once ``revoked()`` says the token is revoked."""
    last, idle, first = after, 0.0, True

    def batch(since: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None] | None:
        records = read(since)
        now = state() if state is not None and (records or first) else None
        if revoked is not None and (records or now is not None) and revoked():
            return None  # asked after the read: whatever it found may be from after the revocation
        return records, now

    with hub.watch([ident] if token is None else [ident, token]) as (wake, woken):
        yield f": following game {ident} after version {after}\nretry: 2000\n\n"
        while True:
            wake.clear()  # cleared before reading: a save during the read wakes the next wait at once
            woken.clear()
            found = await run_in_threadpool(batch, last)
            if found is None:
                return  # the token was revoked: the stream ends here
            records, now = found
            first = False
            text = ""
            for record in records:
                last = record["sequence"]
                idle = 0.0
                text += sse(record)
            if now is not None:
                text += sse_state(now)
            if text:
                yield text
            waited = 0.0  # since this read: the next comes at a wake-up, or after ``poll`` seconds without one
            while waited < poll:
                pause = min(poll - waited, keepalive - idle)
                try:
                    await asyncio.wait_for(wake.wait(), timeout=pause)
                    break
                except asyncio.TimeoutError:
                    waited += pause
                    idle += pause
                    if idle >= keepalive:
                        idle = 0.0
                        yield ": keep-alive\n\n"
            if token is not None and token in woken and revoked is not None and await run_in_threadpool(revoked):
                return  # revoked while nothing was recorded: ended now, not at the next event
