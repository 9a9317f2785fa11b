"""The public board's fan-out: each frame computed once, then written to every open stream.

After every save of a game, the application's game listeners (``ServiceApplication.game_listeners``)
hand ``(game, version)`` to ``Fanout.saved``, which only queues it. One thread, ``planilla-fanout``,
takes the queue in order, computes the game's public frame (``service.public_board``) **once** and
encodes it as the bytes of one Server-Sent Event; then it hands those bytes to the event loop with
the moment they may be shown (the event's time plus its event's broadcast delay). On the loop, a
tick every ``tick`` seconds takes what is due, and for each channel (``game:<id>`` for one table,
``wall:<event>:<round>`` for the hall screen) numbers it (the SSE ``id``, per channel), keeps it in the
channel's ring (for ``Last-Event-ID``) and puts one joined chunk into each subscriber's bounded queue.
Each connection writes its own queue; a connection whose queue is full (a client that does not
read) is dropped at once, never waited for: it reconnects with ``Last-Event-ID`` and is given what it
missed from the ring, or, past the ring, the current frame of every table.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import queue
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any
from uuid import UUID

from domain.game import Game
from service.public_board import public_frame, recorded_at

#: Frames kept per channel for a stream that reconnects with ``Last-Event-ID``.
RING = 1024
#: Chunks waiting for one connection before it is dropped as too slow.
QUEUE = 64


def encode(frame: dict[str, Any]) -> bytes:
    """The event and data lines of one frame (the ``id:`` line is the channel's, written before them)."""
    data = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
    return f"event: table\ndata: {data}\n\n".encode()


def channels_of(frame: dict[str, Any]) -> list[str]:
    """The channels a game's frames go to: the table's own, and its event and round's wall."""
    keys = [f"game:{frame['game_id']}"]
    if frame.get("event") and frame.get("round") not in (None, ""):
        keys.append(wall_key(frame["event"], frame["round"]))
    return keys


def wall_key(event: str, round: int | str) -> str:
    return f"wall:{event}:{round}"


class Subscriber:
    """One open stream: a bounded queue of chunks; ``dropped`` once it fell too far behind."""

    __slots__ = ("queue", "dropped")

    def __init__(self, size: int) -> None:
        self.queue: asyncio.Queue[bytes] = asyncio.Queue(size)
        self.dropped = False


@dataclass
class Channel:
    """A table's or a wall's stream: its numbering, its ring, its latest frame per game, its subscribers."""

    seq: int = 0
    ring: deque[tuple[int, bytes]] = field(default_factory=lambda: deque(maxlen=RING))
    latest: dict[str, tuple[int, bytes]] = field(default_factory=dict)  # game -> (version, body)
    subscribers: set[Subscriber] = field(default_factory=set)


class Fanout:
    """The frames of every game, each made once, delivered after its delay to every subscriber."""

    def __init__(self, games: Any, delay_of: Callable[[str | None], int], *, tick: float = 0.1,
                 queue_size: int = QUEUE) -> None:
        self.games, self.delay_of, self.tick, self.queue_size = games, delay_of, tick, queue_size
        self.channels: dict[str, Channel] = {}
        self.latest: dict[str, tuple[int, dict[str, Any]]] = {}  # game -> (version, frame) shown to the public
        self.made = 0  # frames computed
        self.dropped = 0  # connections dropped as too slow
        self._inbox: queue.SimpleQueue[tuple[UUID, int] | None] = queue.SimpleQueue()
        self._done: dict[UUID, int] = {}
        self._due: list[tuple[float, int, str, int, list[str], bytes, dict[str, Any]]] = []
        self._order = itertools.count()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ticker: asyncio.Task[None] | None = None

    # ---- the writer's side ------------------------------------------------------------------------
    def saved(self, ident: UUID, version: int) -> None:
        """A game was saved (called on the writing thread): queue it, nothing more."""
        if self._loop is not None:
            self._inbox.put((ident, version))

    def start(self) -> None:
        """Start the frame thread and the tick, on the running loop."""
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._make_frames, name="planilla-fanout", daemon=True)
        self._thread.start()
        self._ticker = self._loop.create_task(self._tick_forever())

    async def stop(self) -> None:
        self._inbox.put(None)
        if self._ticker is not None:
            self._ticker.cancel()
        self._loop = None

    def _make_frames(self) -> None:
        while (item := self._inbox.get()) is not None:
            ident, version = item
            if self._done.get(ident, 0) >= version:
                continue  # a later save's frame was already made
            try:
                game = self.games.get_game(ident)
            except Exception:  # noqa: BLE001 - a game gone or a store stalled: the next save tries again
                continue
            if not isinstance(game, Game) or self._done.get(ident, 0) >= game.version:
                continue
            self._done[ident] = game.version
            frame = public_frame(game)
            self.made += 1
            delay = self.delay_of(frame.get("event"))
            due = recorded_at(game).timestamp() + delay
            loop = self._loop
            if loop is not None and not loop.is_closed():
                entry = (due, next(self._order), frame["game_id"], game.version, channels_of(frame), encode(frame),
                         frame)
                loop.call_soon_threadsafe(heapq.heappush, self._due, entry)

    # ---- the loop's side --------------------------------------------------------------------------
    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            self.deliver_due(time.time())

    def deliver_due(self, now: float) -> None:
        """Every frame due by ``now``: numbered per channel, kept, and put (one chunk) to each subscriber."""
        chunks: dict[str, list[bytes]] = {}
        while self._due and self._due[0][0] <= now:
            _, _, game_id, version, keys, body, frame = heapq.heappop(self._due)
            shown = self.latest.get(game_id)
            if shown is not None and shown[0] >= version:
                continue  # a later frame is already public (the delay was lowered meanwhile)
            self.latest[game_id] = (version, frame)
            for key in keys:
                channel = self.channels.get(key)
                if channel is None:
                    continue  # nobody follows it: the latest frame above is all a newcomer needs
                channel.seq += 1
                message = b"id: %d\n" % channel.seq + body
                channel.ring.append((channel.seq, message))
                channel.latest[game_id] = (version, body)
                chunks.setdefault(key, []).append(message)
        for key, parts in chunks.items():
            channel = self.channels[key]
            chunk = b"".join(parts)
            for sub in list(channel.subscribers):
                try:
                    sub.queue.put_nowait(chunk)
                except asyncio.QueueFull:
                    self._drop(channel, sub)

    def _drop(self, channel: Channel, sub: Subscriber) -> None:
        sub.dropped = True
        channel.subscribers.discard(sub)
        self.dropped += 1
        while not sub.queue.empty():  # free its memory now; wake its writer to end the stream
            sub.queue.get_nowait()
        sub.queue.put_nowait(b"")

    def seed(self, frame: dict[str, Any]) -> None:
        """A frame worked out for a newcomer (``frame_at_delay``): kept as the public one unless a later is."""
        shown = self.latest.get(frame["game_id"])
        if shown is None or shown[0] < frame["version"]:
            self.latest[frame["game_id"]] = (frame["version"], frame)

    # ---- a stream ---------------------------------------------------------------------------------
    def subscribe(self, key: str) -> tuple[Channel, Subscriber]:
        channel = self.channels.setdefault(key, Channel())
        sub = Subscriber(self.queue_size)
        channel.subscribers.add(sub)
        return channel, sub

    def missed(self, channel: Channel, after: int) -> list[bytes] | None:
        """The messages after ``after`` from the ring, or None when the ring no longer reaches back that far."""
        if after > channel.seq:
            return None
        if channel.ring and channel.ring[0][0] > after + 1:
            return None
        if not channel.ring and after < channel.seq:
            return None
        return [m for seq, m in channel.ring if seq > after]

    async def follow(self, key: str, after: int | None, snapshot: Callable[[], Any], *,
                     keepalive: float) -> AsyncIterator[bytes]:
        """A stream of ``key``: what was missed after ``after`` (or the current frame of each table, numbered
        as the channel now stands), then each chunk as it is delivered; ends when dropped."""
        channel, sub = self.subscribe(key)
        try:
            yield b": public board\nretry: 2000\n\n"
            backlog = None if after is None else self.missed(channel, after)
            if backlog is None:
                seq = channel.seq
                for frame in await snapshot():
                    yield b"id: %d\n" % seq + encode(frame)
            elif backlog:
                yield b"".join(backlog)
            while True:
                try:
                    chunk = await asyncio.wait_for(sub.queue.get(), timeout=keepalive)
                except asyncio.TimeoutError:
                    yield b": keep-alive\n\n"
                    continue
                if sub.dropped:
                    return
                yield chunk
        finally:
            channel.subscribers.discard(sub)

    def connections(self) -> int:
        return sum(len(c.subscribers) for c in self.channels.values())


def utc_now() -> datetime:
    return datetime.now(timezone.utc)
