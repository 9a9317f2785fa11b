"""Live standings: ``GET /v1/tournaments/{id}/stream`` tells its readers each time the tournament moves.

One watcher per followed tournament in this process (however many screens follow it) listens to
the hub for the games of its published rounds still open to a change (no result taken from them
yet, and the last round's, which a reopening may move). When one of them is saved, the watcher
reads that game alone and, if it closed (or reopened), records its result through
``Tournaments.sync`` (exactly once: the aggregate records a closing once). That save of the
tournament wakes every stream of it, which sends one ``standings`` event naming the tournament's
version; the page then reads the standings. Games written by another process raise no wake-up
here, so the watcher also brings every result up to date every ``resync`` seconds.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import ExitStack
from typing import Any
from uuid import UUID

from fastapi.concurrency import run_in_threadpool

from domain.tournament.aggregate import Tournament
from service.hub import Hub
from service.tournament.application import Tournaments

log = logging.getLogger(__name__)


def followed_games(t: Tournament) -> list[str]:
    """The games whose saving may move the standings: every game of the last published round, and any
    earlier one without a result taken from it."""
    from_games = {r["game_id"] for r in t.results.values() if r.get("game_id") and r.get("game_version") is not None}
    last = str(t.last_published) if t.published else None
    return [table["game_id"] for key, tables in t.published.items() for table in tables
            if table.get("game_id") and (key == last or table["game_id"] not in from_games)]


def notice(t: Tournament) -> dict[str, Any]:
    """What a stream's ``standings`` event carries: enough for a page to know what to read again."""
    results = sum(1 for r in t.results.values() if r.get("kind"))
    return {"version": t.version, "round": t.last_published, "published_rounds": sorted(int(r) for r in t.published),
            "results": results}


class TournamentFeed:
    """The watchers of this process, one per followed tournament, started by the first stream and stopped
    with the last."""

    def __init__(self, tournaments: Tournaments, hub: Hub, *, resync: float = 10.0) -> None:
        self.tournaments, self.hub, self.resync = tournaments, hub, resync
        self._watchers: dict[UUID, tuple[asyncio.Task[None], int]] = {}

    async def follow(self, tid: UUID, *, keepalive: float) -> AsyncIterator[str]:
        """The stream's text: a ``standings`` event now and after each change of the tournament."""
        self._join(tid)
        try:
            last = -1
            with self.hub.subscribe(tid) as wake:
                yield f": following tournament {tid}\nretry: 2000\n\n"
                while True:
                    wake.clear()
                    t = await run_in_threadpool(self.tournaments.view, tid)
                    if t.version != last:
                        last = t.version
                        data = json.dumps(notice(t), separators=(",", ":"))
                        yield f"id: {t.version}\nevent: standings\ndata: {data}\n\n"
                    try:
                        await asyncio.wait_for(wake.wait(), timeout=keepalive)
                    except asyncio.TimeoutError:
                        yield ": keep-alive\n\n"
        finally:
            self._leave(tid)

    def following(self, tid: UUID) -> bool:
        """Whether a watcher of this process keeps the tournament's results up to date now."""
        task, _ = self._watchers.get(tid, (None, 0))
        return task is not None and not task.done()

    def _join(self, tid: UUID) -> None:
        task, count = self._watchers.get(tid, (None, 0))
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._watch(tid))
        self._watchers[tid] = (task, count + 1)

    def _leave(self, tid: UUID) -> None:
        task, count = self._watchers[tid]
        if count > 1:
            self._watchers[tid] = (task, count - 1)
            return
        del self._watchers[tid]
        task.cancel()

    async def _watch(self, tid: UUID) -> None:
        """``_follow_games``, started again a second after a failure (a save refused because another process
        wrote first, say): the watcher lives as long as a stream follows."""
        while True:
            try:
                await self._follow_games(tid)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the streams go on; the standings endpoint syncs on its own
                log.exception("the watcher of tournament %s stopped; again in a second", tid)
                await asyncio.sleep(1.0)

    async def _follow_games(self, tid: UUID) -> None:
        """Follow the games that may move the standings; record what closed; follow again when the tournament
        itself moved (a round published, a result recorded). The watch before is left only once the next one
        listens, and the games saved meanwhile (while a sync ran, or the tournament was read again) are synced
        first: the last games of a round close together, and none may wait for the ``resync``."""
        first, carried = True, set()
        held, woken = ExitStack(), set()  # the watch before, and what it heard
        try:
            while True:
                t = await run_in_threadpool(self.tournaments.view, tid)
                games = followed_games(t)
                listening = ExitStack()
                wake, now = listening.enter_context(self.hub.watch([tid, *(UUID(g) for g in games)]))
                carried |= woken
                held.close()
                held, woken = listening, now
                carried.discard(tid)
                if first:  # what closed while nobody watched, read once listening (so nothing falls between)
                    first = False
                    carried.clear()
                    await run_in_threadpool(self.tournaments.sync, tid)
                elif carried:
                    closed, carried = sorted(str(i) for i in carried), set()
                    await run_in_threadpool(self.tournaments.sync, tid, closed)
                await self._until_moved(tid, wake, woken)
        finally:
            held.close()

    async def _until_moved(self, tid: UUID, wake: asyncio.Event, woken: set[UUID]) -> None:
        """Sync each followed game saved, until the tournament itself is saved (what is woken then stays in
        ``woken`` for the next watch)."""
        while True:
            wake.clear()
            if not woken:
                try:
                    await asyncio.wait_for(wake.wait(), timeout=self.resync)
                except asyncio.TimeoutError:
                    await run_in_threadpool(self.tournaments.sync, tid)  # another process's games
                    continue
            ids = set(woken)
            woken.clear()
            closed = [str(i) for i in ids if i != tid]
            if closed:
                await run_in_threadpool(self.tournaments.sync, tid, closed)
            if tid in ids or tid in woken:
                return
