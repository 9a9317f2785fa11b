"""``GET /v1/tables/stream``: the hall console's one read (``GET /v1/tables``), live, as Server-Sent Events.

What a stream sends, all from ``read_hall`` (the very read ``GET /v1/tables`` answers with):

- at once, ``event: tables``: the whole answer for the stream's query (``{"tables": [...], "count": n}``);
- then ``event: changes`` each time a read differs from the last one sent: ``tables`` the tables that changed
  or are new (each whole, as ``GET /v1/tables`` gives it), ``removed`` the game ids that left the query,
  ``order`` every game id in the answer's order (only when the order or the membership moved) and ``count``.
  Applying a message to what came before gives the answer of a ``GET /v1/tables`` made at that read.
- What changes with time alone and nothing else does not make a message by itself: a tablet's
  ``silent_seconds`` counting up, and a connected tablet's ``last_heard_at`` (which is "now" while its stream
  is open). A message carries them as they were at its read; a page adds the seconds since (``steady``).
  What time alone turns into a state (the ``silent`` alert past ``silent_after``) is sent as a change.

When it reads again (``follow_hall``): a save of a game of the event and round in this process (the ``Hub``
wakes it; first the read models are waited for until they hold that save, at most ``read_wait_seconds``,
as a read of one game waits); every ``stream_poll_seconds`` the versions the read models hold for the event
and round (one small indexed query) are compared with those of the last read (the projector catching up,
another server process's writes, a new table); and every ``hall_refresh_seconds`` in any case (what changes
with time: a tablet going silent, the tablets' connections). Bursts are coalesced: at most one read every
``HALL_GAP`` seconds. No ``id:`` lines: a reconnection starts again with the whole hall, so there is
nothing to resume and ``Last-Event-ID`` is not read.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from projections.hall import tables, versions
from service.api.store_reads import bounded
from service.api.stream import Hub
from service.seating import with_tablets

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
    return with_tablets(found, state.games.seat_devices, state.heard.of, time.time(), query.silent_after)


def steady(table: dict[str, Any]) -> str:
    """A table without what changes with time alone (see the module's docstring), as text to compare."""
    seats = [{**seat, "devices": [{k: v for k, v in d.items()
                                   if k != "silent_seconds" and not (k == "last_heard_at" and d["connected"])}
                                  for d in seat["devices"]]} for seat in table.get("seats", [])]
    return json.dumps({**table, "seats": seats}, sort_keys=True, ensure_ascii=False)


class Shown:
    """What a stream has sent: each table as compared (``steady``) and the order."""

    def __init__(self, found: list[dict[str, Any]]) -> None:
        self.steady = {t["game_id"]: steady(t) for t in found}
        self.order = [t["game_id"] for t in found]

    def changes(self, found: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The ``changes`` message that brings what was sent to ``found``; None when nothing changed."""
        now = {t["game_id"]: steady(t) for t in found}
        order = [t["game_id"] for t in found]
        changed = [t for t in found if self.steady.get(t["game_id"]) != now[t["game_id"]]]
        removed = [g for g in self.order if g not in now]
        moved = order != self.order
        self.steady, self.order = now, order
        if not (changed or removed or moved):
            return None
        message: dict[str, Any] = {"tables": changed, "removed": removed, "count": len(order)}
        if moved:
            message["order"] = order
        return message


def message(kind: str, data: dict[str, Any]) -> str:
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}\n\n"


class HallSource:
    """The reads of one stream: the versions the read models hold for its event and round, and the hall."""

    def __init__(self, state: Any, query: HallQuery) -> None:
        self.state, self.query = state, query

    def versions(self) -> dict[str, int]:
        return versions(self.state.read_store, event=self.query.event, round=self.query.round)

    def read(self, saved: set[UUID]) -> tuple[dict[str, int], list[dict[str, Any]]]:
        """Once the read models hold each of ``saved`` as stored now (waited for ``read_wait_seconds`` at most in
        all), the versions they hold, then the hall (in that order: a projection between the two is seen by the
        next comparison of versions, never lost)."""
        games, projector = self.state.games, self.state.projector
        deadline = time.monotonic() + self.state.settings.read_wait_seconds
        for ident in saved:
            projector.wait_for(ident, games.stored_version(ident), max(0.0, deadline - time.monotonic()))
        return self.versions(), read_hall(self.state, self.query)


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
                      gap: float = HALL_GAP, clock: Callable[[], float] = time.monotonic) -> AsyncIterator[str]:
    """The stream's text: the hall at once, then what changes (see the module's docstring)."""
    yield ": following the hall\nretry: 2000\n\n"
    seen, found = await bounded(source.read, set())
    shown = Shown(found)
    yield message("tables", {"tables": found, "count": len(found)})
    last_read = last_write = clock()
    while True:
        with hub.watch([UUID(g) for g in seen]) as (wake, woken):
            while True:
                try:
                    await asyncio.wait_for(wake.wait(), timeout=poll)
                except asyncio.TimeoutError:
                    pass
                due = bool(woken) or clock() - last_read >= refresh
                if not due:
                    due = await bounded(source.versions) != seen
                if due:
                    pause = last_read + gap - clock()
                    if pause > 0:
                        await asyncio.sleep(pause)  # saves meanwhile join this read
                    wake.clear()  # cleared before reading: a save during the read wakes the next wait at once
                    saved = set(woken)
                    woken.clear()
                    now_seen, found = await bounded(source.read, saved)
                    last_read = clock()
                    change = shown.changes(found)
                    if change is not None:
                        last_write = clock()
                        yield message("changes", change)
                    games_moved = now_seen.keys() != seen.keys()
                    seen = now_seen
                    if games_moved:
                        break  # watch the event and round's games as they are now
                else:
                    wake.clear()
                if clock() - last_write >= keepalive:
                    last_write = clock()
                    yield ": keep-alive\n\n"
