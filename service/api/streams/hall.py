"""``GET /v1/tables/stream``: the hall console's one read (``GET /v1/tables``), live, as Server-Sent Events.

What a stream sends (the tables as ``read_hall``, the very read of ``GET /v1/tables``, makes them):

- at once, ``event: tables``: the whole answer for the stream's query (``{"tables": [...], "count": n}``);
- then ``event: changes`` each time what it reads differs from what it sent: ``tables`` the tables that changed
  or are new (each whole), ``removed`` the game ids that left the query, ``order`` every game id in the
  answer's order (only when the order or the membership moved) and ``count``. Applied in turn, the messages
  give what ``GET /v1/tables`` answers, but for what changes with time alone (below).
- What changes with time alone makes no message by itself: a tablet's ``silent_seconds`` counting up, and a
  connected tablet's ``last_heard_at`` (which is "now" while its stream is open); a message carries them as
  they were when its table was read, and a page adds the seconds since. What time alone turns into a state
  (the ``silent`` alert past ``silent_after``; a tablet's stream opening or closing) comes with the next whole
  read, at most ``hall_refresh_seconds`` later.

When it reads (``follow_hall``, ``HallSource``): after a save in this process of a game of the event and round
(the ``Hub`` wakes it; the read models are first waited for until they hold that save, ``read_wait_seconds`` at
most, as a read of one game waits), those games alone, the other tables kept as last read; every
``stream_poll_seconds``, the versions the read models hold for the event and round (one small indexed query)
are compared with the last read's, and the games that moved are read (the projector catching up, another
server process's writes); a new game, or one that joins the answer, and every ``hall_refresh_seconds`` in any
case: the whole hall. Bursts are coalesced: one read every ``HALL_GAP`` seconds at most. No ``id:`` lines: a
reconnection starts again with the whole hall, so there is nothing to resume and ``Last-Event-ID`` is not read.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from projections.hall import ordered, rows, tables, versions
from service.api.common.store_reads import bounded
from service.hub import Hub
from service.game.seating import with_tablets

#: Seconds between two reads of one stream at least (a burst of saves is one read).
HALL_GAP = 0.2


@dataclass(frozen=True)
class HallQuery:
    """The query of ``GET /v1/tables`` (and of its stream)."""

    event: str | None = None
    round: int | None = None
    player: str | None = None
    status: str | None = None
    limit: int = 200
    silent_after: int = 60


def read_hall(state: Any, query: HallQuery) -> list[dict[str, Any]]:
    """The hall now: the read models' tables with their tablets and alerts, alerts first (``GET /v1/tables``)."""
    found = tables(state.read_store, event=query.event, round=query.round, player=query.player, status=query.status,
                   limit=query.limit)
    return tablets_on(state, found, query.silent_after)


def tablets_on(state: Any, found: list[dict[str, Any]], silent_after: int) -> list[dict[str, Any]]:
    """``found`` with each seat's tablets now and their alerts (``service.game.seating.with_tablets``), alerts first."""
    return with_tablets(found, state.games.seat_devices, state.heard.of, time.time(), silent_after)


def steady(table: dict[str, Any]) -> str:
    """A table without what changes with time alone (see the module's docstring), as text to compare."""
    seats = [{**seat, "devices": [{k: v for k, v in d.items()
                                   if k != "silent_seconds" and not (k == "last_heard_at" and d["connected"])}
                                  for d in seat["devices"]]} for seat in table.get("seats", [])]
    return json.dumps({**table, "seats": seats}, sort_keys=True, ensure_ascii=False)


class Shown:
    """What a stream has sent: each table (the object, and as compared: ``steady``) and the order."""

    def __init__(self, found: list[dict[str, Any]]) -> None:
        self.sent = {t["game_id"]: (t, steady(t)) for t in found}
        self.order = [t["game_id"] for t in found]

    def changes(self, found: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The ``changes`` message that brings what was sent to ``found``; None when nothing changed."""
        now: dict[str, tuple[dict[str, Any], str]] = {}
        changed = []
        for table in found:
            game_id = table["game_id"]
            before = self.sent.get(game_id)
            if before is not None and before[0] is table:  # not read again since it was sent
                now[game_id] = before
                continue
            now[game_id] = (table, steady(table))
            if before is None or before[1] != now[game_id][1]:
                changed.append(table)
        order = [t["game_id"] for t in found]
        removed = [g for g in self.order if g not in now]
        moved = order != self.order
        self.sent, self.order = now, order
        if not (changed or removed or moved):
            return None
        message: dict[str, Any] = {"tables": changed, "removed": removed, "count": len(order)}
        if moved:
            message["order"] = order
        return message


def message(kind: str, data: dict[str, Any]) -> str:
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}\n\n"


class HallSource:
    """The reads of one stream, and what its last read found, so that a save of a few games reads those games
    again, not the hall: the versions the read models held for the event and round's games (``seen``), the
    answer's game ids in the index's order, and each table as last read."""

    def __init__(self, state: Any, query: HallQuery) -> None:
        self.state, self.query = state, query
        self.seen: dict[str, int] = {}
        self.order: list[str] = []
        self.by_id: dict[str, dict[str, Any]] = {}
        self.full_at = 0.0

    def versions(self) -> dict[str, int]:
        return versions(self.state.read_store, event=self.query.event, round=self.query.round)

    def _filters(self) -> dict[str, Any]:
        q = self.query
        return {"event": q.event, "round": q.round, "player": q.player, "status": q.status}

    def _tablets(self, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return tablets_on(self.state, found, self.query.silent_after)

    def _wait(self, saved: set[UUID]) -> None:
        """Until the read models hold each of ``saved`` as stored now (``read_wait_seconds`` at most in all)."""
        games, projector = self.state.games, self.state.projector
        deadline = time.monotonic() + self.state.settings.read_wait_seconds
        for ident in saved:
            projector.wait_for(ident, games.stored_version(ident), max(0.0, deadline - time.monotonic()))

    def full(self, saved: set[UUID] | None = None) -> list[dict[str, Any]]:
        """The whole hall read again (``read_hall``; after ``saved`` games are projected), its versions read first (a
        projection between the two is seen by the next comparison of versions, never lost)."""
        self._wait(saved or set())
        self.seen = self.versions()
        found = rows(self.state.read_store, limit=self.query.limit, **self._filters())
        self.order = [t["game_id"] for t in found]
        self.by_id = {t["game_id"]: t for t in found}
        self.full_at = time.monotonic()
        return self._tablets(found)

    def update(self, saved: set[UUID]) -> list[dict[str, Any]]:
        """The hall after ``saved`` games were saved in this process (the read models waited for until they hold
        each as stored now, ``read_wait_seconds`` at most in all) and whatever else the read models' versions say
        moved: those games read again, the others as last read. A game of the event and round new to the read
        models, one that joins the answer (its place comes from the index's order) or an answer at ``limit``:
        the whole hall read again."""
        self._wait(saved)
        now = self.versions()
        if now.keys() != self.seen.keys() or len(self.order) >= self.query.limit:
            return self.full()
        moved = {g for g, v in now.items() if v != self.seen[g]} | {str(i) for i in saved}
        self.seen = now
        part = rows(self.state.read_store, game_ids=sorted(moved), **self._filters()) if moved else []
        if any(t["game_id"] not in self.by_id for t in part):
            return self.full()
        self._tablets(part)
        for game_id in moved - {t["game_id"] for t in part}:
            self.by_id.pop(game_id, None)  # left the answer (a status or a name no longer matching)
        self.by_id.update((t["game_id"], t) for t in part)
        return ordered([self.by_id[g] for g in self.order if g in self.by_id])


class HallStreams:
    """How many hall streams this process holds now (``hall_streams_max`` caps them)."""

    def __init__(self) -> None:
        self.open = 0

    async def held(self, body: AsyncIterator[str]) -> AsyncIterator[str]:
        self.open += 1
        try:
            async for chunk in body:
                yield chunk
        finally:
            self.open -= 1


async def follow_hall(source: HallSource, hub: Hub, *, poll: float, keepalive: float, refresh: float,
                      gap: float = HALL_GAP) -> AsyncIterator[str]:
    """The stream's text: the hall at once, then what changes (see the module's docstring)."""
    yield ": following the hall\nretry: 2000\n\n"
    found = await bounded(source.full)
    shown = Shown(found)
    yield message("tables", {"tables": found, "count": len(found)})
    last_read = last_write = time.monotonic()
    while True:
        watched = set(source.seen)
        with hub.watch([UUID(g) for g in watched]) as (wake, woken):
            while set(source.seen) == watched:
                try:
                    await asyncio.wait_for(wake.wait(), timeout=poll)
                except asyncio.TimeoutError:
                    pass
                whole = time.monotonic() - source.full_at >= refresh
                due = whole or bool(woken) or await bounded(source.versions) != source.seen
                if due:
                    pause = last_read + gap - time.monotonic()
                    if pause > 0:
                        await asyncio.sleep(pause)  # saves meanwhile join this read
                    wake.clear()  # cleared before reading: a save during the read wakes the next wait at once
                    saved = set(woken)
                    woken.clear()
                    found = await bounded(source.full if whole else source.update, saved)
                    last_read = time.monotonic()
                    change = shown.changes(found)
                    if change is not None:
                        last_write = last_read
                        yield message("changes", change)
                else:
                    wake.clear()
                if time.monotonic() - last_write >= keepalive:
                    last_write = time.monotonic()
                    yield ": keep-alive\n\n"
