"""The public board's delivery: a chunk written to every subscriber of a channel, and a subscriber ended.

``Fanout`` (``service.api.streams.fanout``) makes the frames, numbers them and knows who follows what; this is
the part that writes: a channel's chunk framed once and written to each socket, ``SLICE`` sockets at a time with
the loop let go between slices, handed as one order to the writer process for the sockets it holds
(``service.api.streams.link``); a subscriber too slow to read (``BUFFER`` bytes behind, or its queue full)
dropped at once, never waited for; and the writer process's news of the viewers it let go.
"""

from __future__ import annotations

import asyncio
import time

from service.api.streams.channels import Channel, Subscriber, deliver, framed
from service.api.streams.link import WriterLink

#: Bytes waiting in one socket's buffer (written straight to it) before it is dropped as too slow.
BUFFER = 256 * 1024
#: Sockets written in one go before the loop is let go (commands are answered in between).
SLICE = 200


class Delivery:
    """The channels' subscribers, here and in the writer process: each chunk written to them, each end told."""

    def __init__(self, buffer_limit: int = BUFFER) -> None:
        self.buffer_limit = buffer_limit
        self.channels: dict[str, Channel] = {}
        self.dropped = 0  # connections dropped as too slow
        #: the writer process's link (``service.api.streams.link``), when one writes the plain-HTTP streams
        self.writer: WriterLink | None = None
        self._remote: dict[int, Channel] = {}  # a remote subscriber's channel, by its ident
        self._followers = 0  # open streams, here and in the writer process
        self._loop: asyncio.AbstractEventLoop | None = None

    def _write(self, channel: Channel, chunk: bytes) -> None:
        """``chunk`` to every subscriber of ``channel``: framed once, then one write per socket, ``SLICE`` sockets at
        a time with the loop let go between slices (so a command's answer waits for one slice, not the hall)."""
        channel.written = time.monotonic()
        subscribers, wire = list(channel.subscribers), framed(chunk)
        if channel.remote and self.writer is not None:
            self.writer.write(channel.ident, wire)  # one order; the writer process copies it to each socket
        self._write_slice(channel, chunk, wire, subscribers[:SLICE])
        if len(subscribers) > SLICE and self._loop is not None:
            self._loop.create_task(self._write_rest(channel, chunk, wire, subscribers[SLICE:]))

    async def _write_rest(self, channel: Channel, chunk: bytes, wire: bytes, subscribers: list[Subscriber]) -> None:
        for start in range(0, len(subscribers), SLICE):
            await asyncio.sleep(0)
            self._write_slice(channel, chunk, wire, subscribers[start:start + SLICE])

    def _write_slice(self, channel: Channel, chunk: bytes, wire: bytes, subscribers: list[Subscriber]) -> None:
        for sub, why in deliver(subscribers, chunk, wire, self.buffer_limit):
            if why == "slow":
                self._drop(channel, sub)
            else:
                self._end(channel, sub, why)

    def _end(self, channel: Channel, sub: Subscriber, why: str) -> None:
        if sub.remote:
            if channel.remote.pop(sub.ident, None) is not None:
                self._followers -= 1
                self._remote.pop(sub.ident, None)
                if self.writer is not None and not why.startswith("writer"):
                    self.writer.detach(sub.ident)
        elif sub in channel.subscribers:
            del channel.subscribers[sub]
            self._followers -= 1
        if not sub.done.done():
            sub.done.set_result(why)
        if sub.queue is not None:
            while not sub.queue.empty():  # free its memory now
                sub.queue.get_nowait()

    def _drop(self, channel: Channel, sub: Subscriber) -> None:
        """A client too slow to read: ended now, never waited for (it resumes with ``Last-Event-ID``)."""
        sub.dropped = True
        self.dropped += 1
        self._end(channel, sub, "slow")

    # ---- the writer process's news (on the loop) -----------------------------------------------------
    def writer_dropped(self, ident: int, why: str) -> None:
        """The writer let go of a viewer: ``slow`` (shut down as too slow: counted) or ``gone`` (its socket failed)."""
        channel = self._remote.get(ident)
        sub = channel.remote.get(ident) if channel is not None else None
        if channel is None or sub is None:
            return
        if why == "slow":
            sub.dropped = True
            self.dropped += 1
        self._end(channel, sub, f"writer {why}")

    def writer_lost(self) -> None:
        """The writer process ended: every stream it held ends (each browser resumes with ``Last-Event-ID``)."""
        for ident, channel in list(self._remote.items()):
            sub = channel.remote.get(ident)
            if sub is not None:
                sub.dropped = True
                self._end(channel, sub, "writer lost")
