"""The public board's channels and what goes on them: a channel (its numbering, ring and subscribers), one open
stream (``Subscriber``), and the bytes on the wire (``encode`` a frame, ``framed`` as an HTTP chunk, ``deliver``
them to the subscribers).

A game's frames go to two channels (``channels_of``): ``game:<id>`` for one table and ``wall:<event>:<round>``
for the hall screen. ``service.api.streams.fanout`` keeps the channels and writes to them.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

#: Frames kept per channel for a stream that reconnects with ``Last-Event-ID``.
RING = 1024


def encode(frame: dict[str, Any]) -> bytes:
    """The event and data lines of one frame (the ``id:`` line is the channel's, written before them)."""
    data = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
    return f"event: table\ndata: {data}\n\n".encode()


def channels_of(frame: dict[str, Any]) -> list[str]:
    """The channels a game's frames go to: the table's own, and its event and round's wall (a frame, or a game's
    ``details`` with ``game_id`` added: the event and round are set at the game's creation, never changed)."""
    keys = [f"game:{frame['game_id']}"]
    if frame.get("event") and frame.get("round") not in (None, ""):
        keys.append(wall_key(frame["event"], frame["round"]))
    return keys


def wall_key(event: str, round: int | str) -> str:
    return f"wall:{event}:{round}"


def framed(chunk: bytes) -> bytes:
    """One HTTP/1.1 chunk (the response is chunked: its length is not known)."""
    return b"%x\r\n%b\r\n" % (len(chunk), chunk)


class Subscriber:
    """One open stream. Written straight to its socket (``transport``: the server's own connection), by the
    writer process (``remote``: it holds the socket), or, where the server gives no socket (a test client),
    through a bounded ``queue`` its response reads."""

    __slots__ = ("ident", "queue", "transport", "remote", "done", "dropped")

    def __init__(self, ident: int, size: int, transport: asyncio.Transport | None = None,
                 remote: bool = False) -> None:
        self.ident, self.transport, self.remote = ident, transport, remote
        self.queue: asyncio.Queue[bytes] | None = None if transport is not None else asyncio.Queue(size)
        self.done: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.dropped = False


@dataclass
class Channel:
    """A table's or a wall's stream: its numbering, its ring, its subscribers, when it last wrote."""

    ident: int = 0
    seq: int = 0
    ring: deque[tuple[int, bytes]] = field(default_factory=lambda: deque(maxlen=RING))
    #: written here, in the order they came (a dict: writes in slices keep each socket's chunks in order)
    subscribers: dict[Subscriber, None] = field(default_factory=dict)
    #: held by the writer process, by their ``ident``
    remote: dict[int, Subscriber] = field(default_factory=dict)
    written: float = field(default_factory=time.monotonic)

    def followed(self) -> bool:
        """Whether any stream is open on the channel (here or in the writer process)."""
        return bool(self.subscribers or self.remote)

    def missed(self, after: int) -> list[bytes] | None:
        """The messages after ``after`` from the ring, or None when the ring no longer reaches back that far."""
        if after > self.seq:
            return None
        if self.ring and self.ring[0][0] > after + 1:
            return None
        if not self.ring and after < self.seq:
            return None
        return [m for seq, m in self.ring if seq > after]


def deliver(subscribers: list[Subscriber], chunk: bytes, wire: bytes,
            buffer_limit: int) -> list[tuple[Subscriber, str]]:
    """``wire`` (``chunk`` framed) written to each subscriber's socket, or ``chunk`` put in its queue; the
    subscribers to end, each with why: ``closed`` (its socket is closing) or ``slow`` (``buffer_limit`` bytes
    behind, or its queue full: never waited for)."""
    ended: list[tuple[Subscriber, str]] = []
    for sub in subscribers:
        if sub.done.done():
            continue
        transport = sub.transport
        if transport is not None:
            if transport.is_closing():
                ended.append((sub, "closed"))
            elif transport.get_write_buffer_size() > buffer_limit:
                ended.append((sub, "slow"))
            else:
                transport.write(wire)
            continue
        try:
            sub.queue.put_nowait(chunk)  # type: ignore[union-attr]
        except asyncio.QueueFull:
            ended.append((sub, "slow"))
    return ended
