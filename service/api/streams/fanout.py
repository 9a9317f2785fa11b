"""The public board's fan-out: each frame computed once, only for a table someone follows, then written to
every open stream of it.

After every save of a game the application's game listeners (``ServiceApplication.game_listeners``) hand
``(game, version)`` to ``Fanout.saved``, which notes it (``service.api.streams.unmade``) and queues it only while
a public stream is open (or the game's channels are not known yet). **Nobody follows**: nothing more, so a save
costs the command path a dictionary entry; a public read works the frame out itself, once per event
(``shown_now``, ``service.hall.public_board.frame_now``). **Someone follows**: one thread, ``planilla-fanout``,
takes the queue in batches (each game once, at its last version) and, for each game whose table or wall has a
stream open, makes its public frame **once** (a copy of the cached game, ``public_frame``, JSON) as the bytes of
one Server-Sent Event, handed to the event loop with the moment it may be shown (the event's time plus its
event's broadcast delay). A channel's first stream queues its games saved while nobody followed
(``_catch_up``: a save not public yet is shown at its time) and numbers in its ring the frames reads worked out
meanwhile (``_ring_up``: a stream resuming with ``Last-Event-ID`` gets them). On the loop, a tick every ``tick``
seconds (while a frame waits or a stream is open; otherwise it sleeps until one does) takes what is due and, per
channel (``game:<id>`` for one table, ``wall:<event>:<round>`` for the hall screen), numbers it (the SSE ``id``),
keeps it in the ring and joins the tick's frames into one chunk, framed once as an HTTP chunk and written straight
to each subscriber's socket (``service.api.streams.public``), ``SLICE`` sockets at a time; where the server gave
no socket, into the subscriber's bounded queue. A socket ``BUFFER`` bytes behind, or a full queue, is dropped at
once, never waited for: it reconnects with ``Last-Event-ID`` and gets what it missed from the ring, or, past the
ring, the current frame of every table.

Beside ``planilla serve`` the writing itself is done by another process (``service.api.streams.link``,
``service.api.streams.writer``): a plain-HTTP stream's socket is handed to it once the headers are out, and
each tick sends it one chunk per channel. Frames, numbering, rings and who follows what stay here; a TLS
stream, or any stream while that process is not there, is written here. Channels, subscribers and the wire's
bytes: ``service.api.streams.channels``; the writing to them: ``service.api.streams.delivery``.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import queue
import threading
import time
from collections.abc import AsyncIterator, Callable
from typing import Any
from uuid import UUID

from domain.game import Game
from service.api.streams.channels import RING, Channel, Subscriber, channels_of, encode, framed, wall_key
from service.api.streams.delivery import BUFFER, SLICE, Delivery
from service.api.streams.link import WriterLink
from service.api.streams.unmade import Unmade
from service.hall.public_board import public_frame, recorded_at

__all__ = ["BUFFER", "QUEUE", "RING", "SLICE", "Channel", "Fanout", "Subscriber", "channels_of", "encode", "framed",
           "wall_key"]

#: Chunks waiting for one connection (through a queue) before it is dropped as too slow.
QUEUE = 64


class Fanout(Delivery):
    """The frames of the games someone follows, each made once, delivered after its delay to every subscriber."""

    def __init__(self, games: Any, delay_of: Callable[[str | None], int], *, tick: float = 0.1,
                 queue_size: int = QUEUE, buffer_limit: int = BUFFER, keepalive: float = 15.0) -> None:
        super().__init__(buffer_limit)
        self.games, self.delay_of, self.tick, self.queue_size = games, delay_of, tick, queue_size
        self.keepalive = keepalive
        #: game -> (version, frame, its encoded event) last shown to the public
        self.latest: dict[str, tuple[int, dict[str, Any], bytes]] = {}
        self.made = 0  # frames computed
        self._members: dict[str, dict[str, None]] = {}  # the games each channel has had a frame of, in order
        self._carried: dict[str, dict[str, int]] = {}  # the version of each game last numbered in each channel
        self._idents = itertools.count(1)
        self._inbox: queue.SimpleQueue[tuple[UUID, int] | None] = queue.SimpleQueue()
        self._made: dict[UUID, int] = {}  # the version of each game's last frame made by the thread
        self._unmade = Unmade()  # the saves no frame was made of (nobody followed them)
        self._keys: dict[UUID, list[str]] = {}  # each game's channels (its event and round never change)
        self._due: list[tuple[float, int, str, int, list[str], bytes, dict[str, Any]]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()  # set on the loop when a frame is queued or a stream opens

    # ---- the writer's side ------------------------------------------------------------------------
    def saved(self, ident: UUID, version: int) -> None:
        """A game was saved (called on the writing thread): noted; queued for the frame thread only while a public
        stream is open (or the game's channels are not known yet), nothing more."""
        if self._loop is None:
            return
        self._unmade.note(ident, version)
        if self._followers or ident not in self._keys:
            self._inbox.put((ident, version))

    def start(self) -> None:
        """Start the frame thread and the tick, on the running loop."""
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()  # this loop's
        self._thread = threading.Thread(target=self._make_frames, name="planilla-fanout", daemon=True)
        self._thread.start()
        self._ticker = self._loop.create_task(self._tick_forever())

    def use_writer(self, writer: WriterLink) -> None:
        """Hand plain-HTTP streams to the writer process behind ``writer`` while it is up."""
        self.writer = writer
        writer.listener = self

    async def stop(self) -> None:
        self._inbox.put(None)
        if self._ticker is not None:
            self._ticker.cancel()
        for channel in self.channels.values():
            for sub in [*channel.subscribers, *channel.remote.values()]:
                self._end(channel, sub, "stopping")
        self._loop = None

    def _make_frames(self) -> None:
        """Take what is queued in batches, each game once at its last version, until told to stop."""
        while (item := self._inbox.get()) is not None:
            batch = {item[0]: item[1]}
            while True:
                try:
                    item = self._inbox.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    return
                batch[item[0]] = max(batch.get(item[0], 0), item[1])
            for ident, version in batch.items():
                try:
                    self._make_frame(ident, version)
                except Exception:  # noqa: BLE001 - a game gone or a store stalled: the next save tries again
                    continue

    def _make_frame(self, ident: UUID, version: int) -> None:
        """The game's frame, made once and handed to the loop with its time, when one of its channels is followed."""
        if self._made.get(ident, 0) >= version:
            return  # a later save's frame was already made
        keys = self._keys.get(ident)
        if keys is None:
            details = self.games.details_of(ident)
            if details is None:
                return
            keys = self._keys[ident] = channels_of({**details, "game_id": str(ident)})
        if not self.followed(keys):
            return  # nobody follows it: a read works it out (``shown_now``), a newcomer's channel catches up
        game = self.games.settled_copy(ident, version)
        if not isinstance(game, Game) or self._made.get(ident, 0) >= game.version:
            return
        self._made[ident] = game.version
        self._unmade.clear(ident, game.version)  # made: the tick shows it at its time
        frame = public_frame(game)
        self.made += 1
        due = recorded_at(game).timestamp() + self.delay_of(frame.get("event"))
        loop = self._loop
        if loop is not None and not loop.is_closed():
            entry = (due, next(self._order), frame["game_id"], game.version, keys, encode(frame), frame)
            loop.call_soon_threadsafe(self._queue_due, entry)

    def followed(self, keys: list[str]) -> bool:
        """Whether a stream is open on any of ``keys`` (a game's channels)."""
        for key in keys:
            channel = self.channels.get(key)
            if channel is not None and channel.followed():
                return True
        return False

    def _catch_up(self, key: str) -> None:
        """``key`` has its first stream (on the loop): queue every game of it saved since its last frame, so what
        was saved while nobody followed, and is not public yet, is made and shown at its time."""
        for item in self._unmade.of(key, lambda ident: self._keys.get(ident, ())):
            self._inbox.put(item)

    # ---- a public read --------------------------------------------------------------------------------
    def shown_now(self, game_id: UUID) -> dict[str, Any] | None:
        """The game's public frame when memory can answer for now: the one last shown, unless the game was saved
        since while nobody followed it and that save's delay has passed. None: work it out
        (``service.hall.public_board.frame_now``) and ``seed`` it."""
        shown = self.latest.get(str(game_id))
        if shown is None:
            return None
        told = self._unmade.since(game_id, shown[0])
        if told is None:
            return shown[1]
        if self.followed(self._keys.get(game_id) or channels_of(shown[1])):
            return shown[1]  # its frames are being made: the tick shows each at its time
        if time.time() < told + self.delay_of(shown[1].get("event")):
            return shown[1]  # nothing saved since is public yet
        return None

    def unshown(self, key: str) -> list[UUID]:
        """The games of channel ``key`` saved since their last frame (a wall's read adds them to its round's list)."""
        return [ident for ident, _ in self._unmade.of(key, lambda ident: self._keys.get(ident, ()))]

    def not_before(self, game_id: UUID, recorded: float | None) -> None:
        """A read worked the frame out: the first save it does not show was recorded at ``recorded`` (epoch
        seconds), so memory answers until that save's delay has passed."""
        self._unmade.recorded(game_id, recorded)

    # ---- the loop's side --------------------------------------------------------------------------
    def _queue_due(self, entry: tuple[float, int, str, int, list[str], bytes, dict[str, Any]]) -> None:
        heapq.heappush(self._due, entry)
        self._wake.set()

    async def _tick_forever(self) -> None:
        """A tick every ``tick`` seconds while a frame waits to be shown or a stream is open (keep-alives); with
        neither, no tick at all (an idle hall server does not wake ten times a second) until one comes."""
        while True:
            if not self._due and not self._followers:
                self._wake.clear()
                await self._wake.wait()
                continue
            await asyncio.sleep(self.tick)
            self.deliver_due(time.time())

    def deliver_due(self, now: float) -> None:
        """Every frame due by ``now``: numbered per channel, kept, and written (one chunk) to each subscriber."""
        chunks: dict[str, list[bytes]] = {}
        while self._due and self._due[0][0] <= now:
            _, _, game_id, version, keys, body, frame = heapq.heappop(self._due)
            shown = self.latest.get(game_id)
            if shown is not None and shown[0] >= version:
                continue  # a later frame is already public (the delay was lowered meanwhile)
            self._keep(game_id, version, frame, body, keys)
            for key in keys:
                channel = self.channels.get(key)
                if channel is None:
                    continue  # nobody follows it: the latest frame above is all a newcomer needs
                chunks.setdefault(key, []).append(self._ring(channel, key, game_id, version, body))
        for key, parts in chunks.items():
            self._write(self.channels[key], b"".join(parts))
        idle = time.monotonic() - self.keepalive
        for channel in self.channels.values():
            if channel.written < idle and (channel.subscribers or channel.remote):
                self._write(channel, b": keep-alive\n\n")

    def _ring(self, channel: Channel, key: str, game_id: str, version: int, body: bytes) -> bytes:
        """A frame numbered on in ``channel`` and kept in its ring: the message."""
        channel.seq += 1
        message = b"id: %d\n" % channel.seq + body
        channel.ring.append((channel.seq, message))
        self._carried.setdefault(key, {})[game_id] = version
        return message

    def _ring_up(self, channel: Channel, key: str) -> None:
        """A channel followed again: the frames shown of its tables while nobody followed it (worked out by reads,
        never made for it) are numbered on in its ring, so a stream resuming with ``Last-Event-ID`` gets them."""
        carried = self._carried.get(key, {})
        for game_id in self._members.get(key, {}):
            shown = self.latest.get(game_id)
            if shown is not None and shown[0] > carried.get(game_id, 0):
                self._ring(channel, key, game_id, shown[0], shown[2])

    def seed(self, frame: dict[str, Any]) -> None:
        """A frame worked out for a read or a newcomer (``frame_now``): kept as the public one unless a later is."""
        shown = self.latest.get(frame["game_id"])
        if shown is None or shown[0] < frame["version"]:
            self._keep(frame["game_id"], frame["version"], frame, encode(frame), channels_of(frame))

    def _keep(self, game_id: str, version: int, frame: dict[str, Any], body: bytes, keys: list[str]) -> None:
        """``frame`` is the game's public one now, and a table of each of its channels (for a newcomer's opening)."""
        self.latest[game_id] = (version, frame, body)
        for key in keys:
            self._members.setdefault(key, {})[game_id] = None
        if self._unmade:
            self._unmade.clear(game_id, version)

    # ---- a stream ---------------------------------------------------------------------------------
    def subscribe(self, key: str, transport: asyncio.Transport | None = None,
                  remote: bool = False) -> tuple[Channel, Subscriber]:
        """A new stream of ``key``; the channel's first also has the games saved while nobody followed caught up."""
        channel = self.channels.get(key)
        if channel is None:
            channel = self.channels[key] = Channel(ident=next(self._idents))
        first = not channel.followed()
        sub = Subscriber(next(self._idents), self.queue_size, transport, remote)
        if remote:
            channel.remote[sub.ident] = sub
            self._remote[sub.ident] = channel
        else:
            channel.subscribers[sub] = None
        self._followers += 1  # before the catch-up: a save told from now on is queued (``saved``)
        self._wake.set()  # the tick runs while a stream is open (keep-alives)
        if first:
            self._catch_up(key)
        return channel, sub

    def attach(self, key: str, after: int | None, games: list[str], transport: asyncio.Transport | None = None,
               fd: int | None = None) -> tuple[Channel, Subscriber, bytes]:
        """Subscribe to ``key`` and say what to send first, in one step on the loop (nothing delivered between):
        what was missed after ``after``, or else the latest frame of each of ``games``, numbered as the channel
        now stands. With ``fd`` (the connection's socket) and the writer process up, the socket and the opening
        go to the writer, and the opening returned is empty."""
        handed = self.writer.duplicate(fd) if fd is not None and self.writer is not None else None
        cold = self.channels.get(key)
        if cold is not None and not cold.followed():
            self._ring_up(cold, key)
        channel, sub = self.subscribe(key, transport, handed is not None)
        backlog = None if after is None else channel.missed(after)
        if backlog is None:
            head = b"id: %d\n" % channel.seq
            # the games asked for, and any other of this channel shown meanwhile (a table that began between the
            # caller's read of the round and this subscription would otherwise be missing until its next event)
            named = dict.fromkeys(games)
            named.update(self._members.get(key, {}))
            backlog = [head + self.latest[g][2] for g in named if g in self.latest]
        opening = b": public board\nretry: 2000\n\n" + b"".join(backlog)
        if handed is not None:
            self.writer.attach(sub.ident, channel.ident, framed(opening), handed)  # type: ignore[union-attr]
            return channel, sub, b""
        return channel, sub, opening

    async def follow(self, key: str, after: int | None, games: list[str]) -> AsyncIterator[bytes]:
        """The stream of ``key`` through a queue (where the server gives no socket): the opening, then each
        chunk delivered, a comment when idle; it ends when dropped."""
        channel, sub, opening = self.attach(key, after, games)
        try:
            yield opening
            while True:
                try:
                    chunk = await asyncio.wait_for(sub.queue.get(), timeout=self.keepalive)  # type: ignore[union-attr]
                except asyncio.TimeoutError:
                    yield b": keep-alive\n\n"
                    continue
                if sub.done.done():
                    return
                yield chunk
        finally:
            self._end(channel, sub, "gone")

    def connections(self) -> int:
        return sum(len(c.subscribers) + len(c.remote) for c in self.channels.values())

    def health(self) -> dict[str, Any]:
        """How the public streams are written now (``GET /health``'s ``public``)."""
        writer = self.writer
        state = "loop" if writer is None else "process" if writer.up else "restarting"
        return {"streams": self.connections(), "held_by_writer": len(self._remote), "writer": state,
                "writer_restarts": writer.restarts if writer is not None else 0, "dropped": self.dropped}
