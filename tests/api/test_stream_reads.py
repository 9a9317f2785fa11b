"""A game's (or a duplicate's) stream reads the store when woken, and without a wake-up only every ``poll`` seconds
(``service.api.streams.game.SAFETY_READ``); its keep-alive comments read nothing (issue 25: tablets connected to
an idle hall server between rounds cost it no store reads)."""

from __future__ import annotations

import asyncio
import concurrent.futures
from uuid import uuid4

from service.api.streams.game import follow
from service.hub import Hub

KEEP_ALIVE = ": keep-alive\n\n"


def test_keep_alives_read_nothing_a_wake_up_reads_at_once_and_the_safety_read_comes_after_poll_seconds():
    async def main() -> None:
        hub, ident, reads, sent = Hub(), uuid4(), [], []

        def read(since: int) -> list:
            reads.append(since)
            return []

        async def consume() -> None:
            async for chunk in follow(hub, ident, 0, read, poll=1.0, keepalive=0.1):
                sent.append(chunk)

        task = asyncio.create_task(consume())
        try:
            await asyncio.sleep(0.4)
            assert sent.count(KEEP_ALIVE) >= 2, "no keep-alive comments while nothing happened"
            assert len(reads) == 1, "a keep-alive read the store"
            hub.notify(ident, 1)  # a save of the game in this process (or another's, seen by the store watch)
            await asyncio.sleep(0.1)
            assert len(reads) == 2, "a wake-up did not read the store at once"
            await asyncio.sleep(1.2)
            assert len(reads) == 3, "no safety read after poll seconds without a wake-up (or more than one)"
        finally:
            task.cancel()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own (Playwright may hold this thread's)
        pool.submit(asyncio.run, main()).result()

