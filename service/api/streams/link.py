"""The server's side of the public streams' writer process (``service.api.streams.writer``).

``WriterLink`` starts the process beside the server (at ``nice`` below it), hands it viewers' sockets and
chunks (``service.api.streams.wire``) and hears back which viewers it dropped. Orders go through one thread
of their own (``planilla-writer-link``) in the order the event loop gave them, so the loop never waits on the
process: it only puts an order in a queue. Each socket handed over is first duplicated on the loop, so the
descriptor sent is the viewer's even if the connection closes before the thread sends it.

If the process ends (or stops reading: ``BACKLOG`` orders unsent), every stream it held is ended (the
server closes those connections; browsers resume with ``Last-Event-ID``), new streams are written by the
server's own loop meanwhile, and the process is started again after a pause that doubles up to 30 s.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from typing import Protocol

from service.api.streams.wire import ATTACH, DETACH, DROPPED, GONE, WRITE, Messages, message

log = logging.getLogger("planilla.public")
RESTART_FIRST, RESTART_MAX = 0.5, 30.0
#: Orders waiting for a process that does not read them before it is taken for dead.
BACKLOG = 20_000
#: A process that lived this long before it ended is restarted after the first pause again.
HEALTHY_SECONDS = 60.0


class Listener(Protocol):
    """What the link tells the fan-out."""

    def writer_dropped(self, ident: int, why: str) -> None: ...

    def writer_lost(self) -> None: ...


class _Child:
    """One run of the process: its pipes, its order queue and the thread that sends them."""

    def __init__(self, proc: subprocess.Popen[bytes], down: socket.socket, up: socket.socket) -> None:
        self.proc, self.down, self.up = proc, down, up
        self.orders: queue.SimpleQueue[tuple[bytes, int | None] | None] = queue.SimpleQueue()
        self.put = 0  # orders put (counted by the loop)
        self.sent = 0  # orders taken from the queue (counted by the thread)
        self.broken = False
        self.started = time.monotonic()
        self.messages = Messages()


class WriterLink:
    """The writer process, started, watched, restarted and stopped with the server."""

    def __init__(self, buffer_limit: int, nice: int = 10) -> None:
        self.buffer_limit, self.nice = buffer_limit, nice
        self.listener: Listener | None = None
        self.restarts = 0
        self._child: _Child | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False
        self._pause = RESTART_FIRST

    @property
    def up(self) -> bool:
        """True while a process is there to take streams."""
        child = self._child
        return child is not None and not child.broken

    # ---- start and stop ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the process (on the running loop)."""
        self._loop = asyncio.get_running_loop()
        self._stopping = False
        self._spawn()

    def _spawn(self) -> None:
        if self._stopping or self._loop is None:
            return
        down, child_down = socket.socketpair()
        child_up, up = socket.socketpair()
        command = [sys.executable, "-m", "service.api.streams.writer", "--down", str(child_down.fileno()),
                   "--up", str(child_up.fileno()), "--buffer", str(self.buffer_limit), "--nice", str(self.nice),
                   "--parent", str(os.getpid())]
        try:
            proc = subprocess.Popen(command, pass_fds=(child_down.fileno(), child_up.fileno()),
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as err:
            log.error("the public streams' writer could not start (%s): the server writes them itself", err)
            for sock in (down, child_down, child_up, up):
                sock.close()
            self._restart_later()
            return
        child_down.close()
        child_up.close()
        up.setblocking(False)
        child = _Child(proc, down, up)
        self._child = child
        self._loop.add_reader(up.fileno(), self._read, child)
        threading.Thread(target=self._send_orders, args=(child,), name="planilla-writer-link", daemon=True).start()
        threading.Thread(target=self._watch, args=(child,), name="planilla-writer-watch", daemon=True).start()

    def _restart_later(self) -> None:
        if self._stopping or self._loop is None:
            return
        self.restarts += 1
        self._loop.call_later(self._pause, self._spawn)
        self._pause = min(self._pause * 2, RESTART_MAX)

    async def stop(self, timeout: float = 3.0) -> None:
        """Stop the process: its end of the pipe closes, it lets go of every socket and exits."""
        self._stopping = True
        child, self._child = self._child, None
        if child is None:
            return
        self._retire(child)
        deadline = time.monotonic() + timeout
        while child.proc.poll() is None and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        if child.proc.poll() is None:
            child.proc.kill()

    # ---- orders (on the loop) ---------------------------------------------------------------------
    def duplicate(self, fd: int) -> int | None:
        """A descriptor of the same socket as ``fd`` to hand over (it stays valid if the connection closes before the
        order is sent), or None when the process is not up or this process has no descriptor left."""
        if not self.up:
            return None
        try:
            return os.dup(fd)
        except OSError:
            return None

    def attach(self, ident: int, channel: int, opening: bytes, fd: int) -> None:
        """Hand over ``fd`` (from ``duplicate``: the link closes it once sent) for viewer ``ident`` of ``channel``,
        and write ``opening`` to it first."""
        self._put(message(ATTACH, ident, channel, opening), fd)

    def write(self, channel: int, chunk: bytes) -> None:
        """``chunk`` (framed) to every viewer of ``channel`` the process holds."""
        self._put(message(WRITE, channel, 0, chunk), None)

    def detach(self, ident: int) -> None:
        """Viewer ``ident`` is gone or ended: the process lets go of its socket."""
        self._put(message(DETACH, ident), None)

    def _put(self, data: bytes, fd: int | None) -> None:
        child = self._child
        if child is None or child.broken:
            if fd is not None:
                os.close(fd)
            return
        if child.put - child.sent > BACKLOG:
            log.error("the public streams' writer is %d orders behind: ending it", child.put - child.sent)
            if fd is not None:
                os.close(fd)
            child.proc.kill()
            self._lost(child)
            return
        child.put += 1
        child.orders.put((data, fd))

    # ---- the threads ------------------------------------------------------------------------------
    def _send_orders(self, child: _Child) -> None:
        while (order := child.orders.get()) is not None:
            data, fd = order
            try:
                if not child.broken:
                    if fd is None:
                        child.down.sendall(data)
                    else:
                        sent = socket.send_fds(child.down, [data], [fd])
                        if sent < len(data):
                            child.down.sendall(data[sent:])
            except OSError:
                child.broken = True
                self._tell_lost(child)
            finally:
                child.sent += 1
                if fd is not None:
                    os.close(fd)
        child.down.close()

    def _watch(self, child: _Child) -> None:
        child.proc.wait()
        self._tell_lost(child)

    def _tell_lost(self, child: _Child) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._lost, child)
            except RuntimeError:  # the loop closed meanwhile
                pass

    # ---- answers and loss (on the loop) -----------------------------------------------------------
    def _read(self, child: _Child) -> None:
        try:
            data = child.up.recv(1 << 16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._lost(child)
            return
        for kind, ident, _, _ in child.messages.feed(data):
            if self.listener is not None and kind in (DROPPED, GONE):
                self.listener.writer_dropped(ident, "slow" if kind == DROPPED else "gone")

    def _lost(self, child: _Child) -> None:
        if child is not self._child:
            return  # already retired
        self._child = None
        child.broken = True
        self._retire(child)
        if not self._stopping:
            code = child.proc.poll()
            log.error("the public streams' writer ended (exit %s): its viewers reconnect, and it starts again", code)
            if time.monotonic() - child.started > HEALTHY_SECONDS:
                self._pause = RESTART_FIRST
            self._restart_later()
        if self.listener is not None:
            self.listener.writer_lost()

    def _retire(self, child: _Child) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(child.up.fileno())
        child.up.close()
        child.orders.put(None)  # the thread sends what it has (or drops it, if broken) and closes the pipe
