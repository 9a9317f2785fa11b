"""Live events for ``GET /v1/games/{id}/stream``: wake-ups after each save, and a poll for other processes.

The application calls ``Hub.notify`` after every save (from a worker thread); each open stream
waits on an ``asyncio.Event`` of its own, set thread-safely on its loop. Events written by
another process (a second server on the same SQLite file or PostgreSQL database) raise no
notification here, so each stream also reads the store every ``poll`` seconds. Either way the
stream reads the events after the last one it sent, so nothing is sent twice or skipped.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any
from uuid import UUID

from fastapi.concurrency import run_in_threadpool

from service.hub import Hub

def sse(record: dict[str, Any]) -> str:
    """One event in the text/event-stream format: id (the game's version), event (its type), data (JSON)."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return f"id: {record['sequence']}\nevent: {record['type']}\ndata: {data}\n\n"


def sse_state(state: dict[str, Any]) -> str:
    """The aggregate's state after a batch of events: ``event: State``, no ``id`` (resuming counts events only)."""
    return f"event: State\ndata: {json.dumps(state, ensure_ascii=False, separators=(',', ':'))}\n\n"


async def follow(hub: Hub, ident: UUID, after: int, read: Callable[[int], list[dict[str, Any]]], *,
                 poll: float, keepalive: float,
                 state: Callable[[], dict[str, Any]] | None = None) -> AsyncIterator[str]:
    """Every event after version ``after`` as it is recorded, with a comment line now and then to keep alive.

    ``state`` (optional): read after each batch (and once at the start) and sent as ``event: State`` in the same
    write as the batch, so a follower needs no second read to show what the events did."""
    last, idle, first = after, 0.0, True

    def batch(since: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        records = read(since)
        return records, (state() if state is not None and (records or first) else None)

    with hub.subscribe(ident) as wake:
        yield f": following game {ident} after version {after}\nretry: 2000\n\n"
        while True:
            wake.clear()  # cleared before reading: a save during the read wakes the next wait at once
            records, now = await run_in_threadpool(batch, last)
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
            try:
                await asyncio.wait_for(wake.wait(), timeout=poll)
            except asyncio.TimeoutError:
                idle += poll
                if idle >= keepalive:
                    idle = 0.0
                    yield ": keep-alive\n\n"
