"""The public streams' writer: a process beside the server that holds the viewers' sockets and writes to them.

The public board sends every frame to every viewer: at a national final's 2,000 viewers and ten deliveries a
second, that is 20,000 socket writes a second. Done on the server's event loop they stood between the tablets
and their answers (the command p99 rose 4.6 times, the server 0.08 -> 0.25 core; ``bench/README.md``). So
``planilla serve`` starts this process (``service.api.streams.link``) at a lower CPU priority than itself, and
hands it each plain-HTTP public stream once its headers are sent: the server keeps the connection (it still
hears the viewer leave) and goes on making each frame once, numbering and keeping it; this process only copies
each chunk to the sockets of its channel. When the hall needs a core for a command, the kernel gives it to the
server first (but what the kernel does for the viewers' TCP inside those writes, it does ahead of any process:
``docs/public-board.md``).

It reads its orders from the server (``service.api.streams.wire``) and answers only ``DROPPED`` (a viewer more
than ``--buffer`` bytes behind: its connection is shut down, never waited for; the browser resumes with
``Last-Event-ID``) and ``GONE``. It exits when the server's end of the pair closes or the server is gone.

Run by the server only: ``python -m service.api.streams.writer --down FD --up FD --buffer BYTES [--nice N]
[--parent PID]``.
"""

from __future__ import annotations

import argparse
import array
import os
import selectors
import socket
import sys
from collections import deque

from service.hall.process_end import process_fd
from service.api.streams.wire import ATTACH, DETACH, DROPPED, GONE, WRITE, Messages, message

#: Descriptors one read of the order socket can carry (the kernel hands over at most one message's at a time).
FDS_PER_READ = 64
READ_SIZE = 1 << 18


class Viewer:
    """One viewer's socket, held here, with what the kernel did not take yet."""

    __slots__ = ("ident", "channel", "sock", "pending", "watched")

    def __init__(self, ident: int, channel: int, sock: socket.socket) -> None:
        self.ident, self.channel, self.sock = ident, channel, sock
        self.pending = bytearray()
        self.watched = False  # registered for "writable" (it has bytes pending)


class Writer:
    """The writer's loop: orders in, chunks out, slow viewers dropped."""

    def __init__(self, down: socket.socket, up: socket.socket, buffer_limit: int, parent: int | None = None) -> None:
        self.down, self.up, self.buffer_limit, self.parent = down, up, buffer_limit, parent
        self.down.setblocking(False)
        self.up.setblocking(False)
        self.viewers: dict[int, Viewer] = {}
        self.channels: dict[int, dict[int, Viewer]] = {}
        self.fds: deque[int] = deque()
        self.messages = Messages()
        self.answers = bytearray()  # to the server, when its socket is full
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.down, selectors.EVENT_READ, None)
        self.running = True
        # The server's end, told by a descriptor where Linux gives one: the loop then sleeps until there is work;
        # elsewhere it looks at its parent every second.
        self.parent_fd = process_fd(parent) if parent is not None else None
        if self.parent_fd is not None:
            self.selector.register(self.parent_fd, selectors.EVENT_READ, "parent")

    # ---- the loop ---------------------------------------------------------------------------------
    def run(self) -> None:
        timeout = None if self.parent_fd is not None or self.parent is None else 1.0
        while self.running:
            for key, events in self.selector.select(timeout=timeout):
                if key.data is None:
                    self._read_orders()
                elif key.data == "parent":
                    self.running = False  # the server is gone (killed): its viewers' connections go with it
                elif key.data == "up":
                    self._answer(b"")
                else:
                    self._flush(key.data)
            if self.parent is not None and os.getppid() != self.parent:
                self.running = False  # the server is gone (killed): its viewers' connections go with it
        self.close()

    def close(self) -> None:
        for viewer in list(self.viewers.values()):
            self._let_go(viewer)
        while self.fds:
            os.close(self.fds.popleft())
        self.selector.close()
        if self.parent_fd is not None:
            os.close(self.parent_fd)

    # ---- orders -----------------------------------------------------------------------------------
    def _read_orders(self) -> None:
        while True:
            try:
                data, ancillary, flags, _ = self.down.recvmsg(READ_SIZE, socket.CMSG_SPACE(FDS_PER_READ * 4))
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data, ancillary, flags = b"", [], 0
            if flags & socket.MSG_CTRUNC:  # a descriptor lost: which socket is whose can no longer be known
                raise SystemExit("the server's descriptors arrived truncated: ending (the server starts a new writer)")
            for level, kind, payload in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    fds = array.array("i")
                    fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
                    self.fds.extend(fds)
            if not data:
                self.running = False  # the server closed its end: stop
                return
            for kind, first, second, payload in self.messages.feed(data):
                self.obey(kind, first, second, payload)

    def obey(self, kind: bytes, first: int, second: int, payload: bytes) -> None:
        """One order from the server."""
        if kind == WRITE:
            for viewer in list(self.channels.get(first, {}).values()):
                self._send(viewer, payload)
        elif kind == ATTACH:
            if not self.fds:
                raise SystemExit("a socket was announced without its descriptor: ending (the server starts a new one)")
            sock = socket.socket(fileno=self.fds.popleft())
            sock.setblocking(False)
            viewer = Viewer(first, second, sock)
            self.viewers[first] = viewer
            self.channels.setdefault(second, {})[first] = viewer
            self._send(viewer, payload)
        elif kind == DETACH:
            viewer = self.viewers.get(first)
            if viewer is not None:
                self._let_go(viewer)

    # ---- writing ----------------------------------------------------------------------------------
    def _send(self, viewer: Viewer, data: bytes) -> None:
        if viewer.pending:
            if len(viewer.pending) + len(data) > self.buffer_limit:
                self._drop(viewer)
            else:
                viewer.pending += data
            return
        try:
            sent = viewer.sock.send(data)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            self._gone(viewer)
            return
        if sent < len(data):
            viewer.pending += data[sent:]
            viewer.watched = True
            self.selector.register(viewer.sock, selectors.EVENT_WRITE, viewer)

    def _flush(self, viewer: Viewer) -> None:
        try:
            sent = viewer.sock.send(viewer.pending)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._gone(viewer)
            return
        del viewer.pending[:sent]
        if not viewer.pending:
            viewer.watched = False
            self.selector.unregister(viewer.sock)

    def _drop(self, viewer: Viewer) -> None:
        """Too slow to read: the connection is shut down for both processes (the server hears it end)."""
        try:
            viewer.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._let_go(viewer)
        self._answer(message(DROPPED, viewer.ident))

    def _gone(self, viewer: Viewer) -> None:
        self._let_go(viewer)
        self._answer(message(GONE, viewer.ident))

    def _let_go(self, viewer: Viewer) -> None:
        if self.viewers.pop(viewer.ident, None) is None:
            return
        members = self.channels.get(viewer.channel)
        if members is not None:
            members.pop(viewer.ident, None)
            if not members:
                del self.channels[viewer.channel]
        if viewer.watched:
            self.selector.unregister(viewer.sock)
        viewer.sock.close()  # this process's descriptor only: the server still holds the connection

    def _answer(self, data: bytes) -> None:
        """``data`` to the server, after what is waiting; what its socket does not take waits for it."""
        was_waiting = bool(self.answers)
        self.answers += data
        try:
            sent = self.up.send(self.answers) if self.answers else 0
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            self.running = False
            return
        del self.answers[:sent]
        if self.answers and not was_waiting:
            self.selector.register(self.up, selectors.EVENT_WRITE, "up")
        elif not self.answers and was_waiting:
            self.selector.unregister(self.up)


def _lower_own_group(nice: int) -> None:
    """Lower this process's scheduling group too: the writer has a session of its own (the server starts it so), and
    where Linux groups the CPU by session (``autogroup``) a process's own nice only counts inside its group, so the
    fan-out's bursts took as much of the machine as the server's whole group. Nothing where there are no groups."""
    try:
        with open("/proc/self/autogroup", "w", encoding="ascii") as group:
            group.write(str(nice))
    except OSError:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.api.streams.writer", description=__doc__.split("\n")[0])
    parser.add_argument("--down", type=int, required=True, help="the descriptor the server's orders come on")
    parser.add_argument("--up", type=int, required=True, help="the descriptor the answers go on")
    parser.add_argument("--buffer", type=int, required=True, help="bytes unsent before a viewer is dropped")
    parser.add_argument("--nice", type=int, default=0, help="how much lower this process's CPU priority is")
    parser.add_argument("--parent", type=int, default=None, help="stop when this process is gone")
    args = parser.parse_args(argv)
    if args.nice:
        os.nice(args.nice)
        _lower_own_group(args.nice)
    down = socket.socket(fileno=args.down)
    up = socket.socket(fileno=args.up)
    Writer(down, up, args.buffer, args.parent).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
