"""The messages between the server and its public streams' writer process (``service.api.streams.writer``).

Both ends are a Unix stream socket pair; every message is a header (``HEADER``: its kind, two numbers, the
payload's length) and the payload. An ``ATTACH`` carries one file descriptor beside it (``SCM_RIGHTS``): the
viewer's socket, which the writer then holds. The kernel hands a descriptor over with the first byte of the
bytes it was sent with, so the writer keeps the descriptors received in order and gives each ``ATTACH`` the
next one.

To the writer:

- ``ATTACH`` (subscriber, channel; payload: the stream's opening, framed): hold this socket, write the opening;
- ``WRITE`` (channel, 0; payload: one framed chunk): to every socket of the channel, in the order attached;
- ``DETACH`` (subscriber, 0): let go of that socket (the viewer left, or the server ended the stream).

From the writer:

- ``DROPPED`` (subscriber, 0): the viewer read too slowly (more than the buffer's limit unsent) and its
  connection was shut down; ``GONE`` (subscriber, 0): its socket failed (the viewer left).
"""

from __future__ import annotations

import struct

HEADER = struct.Struct("!cIII")
ATTACH, WRITE, DETACH = b"A", b"W", b"D"
DROPPED, GONE = b"X", b"G"


def message(kind: bytes, first: int, second: int = 0, payload: bytes = b"") -> bytes:
    """One message's bytes."""
    return HEADER.pack(kind, first, second, len(payload)) + payload


class Messages:
    """Bytes read from the socket, cut into whole messages (a message may arrive in pieces)."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[tuple[bytes, int, int, bytes]]:
        """The messages that ``data`` completes, in order: ``(kind, first, second, payload)``."""
        buffer = self._buffer
        buffer += data
        start, whole = 0, []
        while len(buffer) - start >= HEADER.size:
            kind, first, second, length = HEADER.unpack_from(buffer, start)
            end = start + HEADER.size + length
            if end > len(buffer):
                break
            whole.append((kind, first, second, bytes(buffer[start + HEADER.size:end])))
            start = end
        del buffer[:start]
        return whole
