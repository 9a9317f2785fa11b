"""A viewers' process of ``bench_public_board.py``: ``count`` raw SSE connections to one public stream, each a
protocol (a callback per read, no task: a thousand of them per process must cost the client little, or its own lag
would be measured), opened before it says ``connected``; on a line on its stdin it closes them and prints, as one
JSON line, the frames each received, the last ids, the gaps, the streams the server closed and the sampled
delivery latencies.

    python bench/board_viewers.py URL PATH COUNT [--sample N] [--delay SECONDS]

Its open files limit is raised to the hard limit (each viewer is a socket); uvloop is used when installed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import resource
import sys
import time
from datetime import datetime
from typing import Any

ID = re.compile(rb"^id: (\d+)$", re.M)
AT = re.compile(rb'"recorded_at":"([^"]+)"')


def raise_files_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


class Viewer(asyncio.Protocol):
    """One raw SSE connection, as a protocol (a callback per read, no task: 1,000 of them per process must
    cost the client little, or its own lag would be measured): counts frames, notes the first and last ids,
    and (when sampled) times each frame."""

    def __init__(self, sampled: bool, delay: float, request: bytes) -> None:
        self.sampled, self.delay, self.request = sampled, delay, request
        self.frames, self.first, self.last, self.closed, self.stopping = 0, None, None, False, False
        self.latencies: list[float] = []
        self.head: bytes | None = b""
        self.buffer = b""
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        now = time.time()
        if self.head is not None:  # the status line and headers first
            self.head += data
            if b"\r\n\r\n" not in self.head:
                return
            head, _, data = self.head.partition(b"\r\n\r\n")
            self.head = None
            if b" 200 " not in head.split(b"\r\n", 1)[0]:
                self.opened.set_exception(RuntimeError(head.decode(errors="replace")))
                return
            self.opened.set_result(None)
        buffer = self.buffer + data
        cut = buffer.rfind(b"\n\n")
        if cut < 0:
            self.buffer = buffer
            return
        whole, self.buffer = buffer[:cut + 2], buffer[cut + 2:]
        # counted with bytes' own search (C), not parsed: a viewers' process reads a lot here
        self.frames += whole.count(b"\nevent: table\n")
        if self.first is None and (m := ID.search(whole)):
            self.first = int(m.group(1))
        at = whole.rfind(b"\nid: ")
        if at >= 0:
            self.last = int(whole[at + 5:whole.index(b"\n", at + 5)])
        if self.sampled:
            for found in AT.findall(whole):
                self.latencies.append(now - datetime.fromisoformat(found.decode()).timestamp() - self.delay)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.stopping:
            self.closed = True
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed before the answer"))


async def viewers_main(url: str, path: str, count: int, sample: int, delay: float) -> None:
    """A viewers' process: opens ``count`` streams, says so on stdout, waits for a line on stdin, reports."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    loop = asyncio.get_running_loop()
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
    viewers = []
    for i in range(count):
        _, viewer = await loop.create_connection(lambda i=i: Viewer(i % sample == 0, delay, request), host, int(port))
        viewers.append(viewer)
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # open them over a second or two, not all in one burst
    await asyncio.gather(*(v.opened for v in viewers))
    print("connected", flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)
    for viewer in viewers:
        viewer.stopping = True
        viewer.transport.close()
    print(json.dumps({"frames": [v.frames for v in viewers], "last": [v.last for v in viewers],
                      "gaps": sum(max(0, v.last - v.first + 1 - v.frames) for v in viewers if v.first is not None),
                      "closed": sum(v.closed for v in viewers),
                      "latencies": [x for v in viewers for x in v.latencies]}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("url")
    parser.add_argument("path")
    parser.add_argument("count", type=int)
    parser.add_argument("--sample", type=int, default=10, help="one viewer in this many times each frame")
    parser.add_argument("--delay", type=float, default=2.0, help="the event's broadcast delay, seconds")
    args = parser.parse_args()
    raise_files_limit()
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    asyncio.run(viewers_main(args.url, args.path, args.count, args.sample, args.delay))


if __name__ == "__main__":
    main()
