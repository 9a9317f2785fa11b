"""The read models' projector in a process of its own, beside the HTTP server (``planilla serve``).

Projecting is CPU work in Python: in the server's process it shares one interpreter lock with the
requests (bench/README.md measured it at about a seventh of the server's time under load). As a
child process (``planilla projections follow``) it runs on the other core, reads the same store,
and keeps the same guarantees (exactly once, one projector per read store by lock). The server
still answers "read your own write": a read waits, bounded, until the read store shows the game's
version (``Projector.wait_for`` polls the read store when no projector thread runs in-process).

The server tells its child of each of its own saves (``saved``, one of the application's listeners): one
byte down a pipe whose reading end the child holds (``--wake FD``), which wakes its projector at once. The
child reads the store by itself only every ``poll_seconds`` (a second by default), for what other processes
write (``planilla token create``, a second server): so an idle hall costs nearly nothing, and a command's
events reach the read models within milliseconds (bench/README.md, "An idle server").

The first child is usually forked from ``planilla serve`` before the service is built
(``service.api.projector_fork``: the modules it needs are the server's already, a quarter to a third less CPU
at each start) and adopted here (``adopt``); a restart is spawned.

The child is supervised: if it exits while the server runs, it is started again after a pause
that doubles up to 30 s; it stops with the server, and stops by itself if the server is killed
(the pipe's end of file, and ``--parent``: it watches for its parent to go).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading

from service.hall.process_end import Stop, until_end

log = logging.getLogger("planilla.projections")
RESTART_FIRST, RESTART_MAX = 0.5, 30.0


class ProjectorProcess:
    """``planilla projections follow`` for one store, started, watched and stopped with the server."""

    def __init__(self, store: str, poll_seconds: float) -> None:
        self.store, self.poll_seconds = store, poll_seconds
        self.proc: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        self._stopping = Stop()  # selectable: the watch sleeps until it or the child's end (``until_end``)
        self._watch: threading.Thread | None = None
        #: The writing end of the current child's wake pipe (None: no child); swapped and closed under the lock,
        #: so a save never writes to a descriptor number the process has reused meanwhile.
        self._wake: int | None = None
        self._wake_lock = threading.Lock()
        self._preforked = None  # a child forked before the service was built, waiting for its first byte (``adopt``)

    @property
    def running(self) -> bool:
        """True while the child process is alive."""
        return self.proc is not None and self.proc.poll() is None

    def command(self, wake: int | None = None) -> list[str]:
        option = "--database-url" if "://" in self.store else "--data"
        woken = [] if wake is None else ["--wake", str(wake)]
        return [sys.executable, "-m", "service.cli", "projections", "follow", option, self.store,
                "--poll", str(self.poll_seconds), *woken, "--parent", str(os.getpid())]

    def _spawn(self) -> subprocess.Popen[bytes]:
        # A session of its own: a Ctrl-C at the terminal reaches the server, which stops the child in
        # order, instead of both at once (and the supervisor restarting the child meanwhile).
        reading, writing = os.pipe()
        os.set_blocking(writing, False)  # a save never waits for the child
        try:
            proc = subprocess.Popen(self.command(reading), stdin=subprocess.DEVNULL, start_new_session=True,
                                    pass_fds=(reading,))
        except BaseException:
            os.close(writing)
            raise
        finally:
            os.close(reading)
        self._swap_wake(writing)
        return proc

    def _swap_wake(self, writing: int | None) -> None:
        with self._wake_lock:
            old, self._wake = self._wake, writing
            if old is not None:
                os.close(old)

    def saved(self, ident: object = None, version: int = 0) -> None:
        """A save in this process (an application listener, on the writing thread): wake the child's projector."""
        with self._wake_lock:
            if self._wake is None:
                return
            try:
                os.write(self._wake, b"\0")
            except BlockingIOError:
                pass  # the pipe is full: the child has wake-ups enough waiting
            except OSError:
                pass  # the child is gone: the supervisor starts another, which catches up by itself

    def adopt(self, preforked) -> None:
        """Start with ``preforked`` (``service.api.projector_fork.Preforked``) instead of spawning a first child;
        one forked for another store or pace is let go."""
        if preforked.store != self.store or preforked.poll_seconds != self.poll_seconds:
            preforked.abandon()
            return
        self._preforked = preforked

    def start(self) -> None:
        self._stopping.clear()
        preforked, self._preforked = self._preforked, None
        if preforked is not None and preforked.child.poll() is None:
            self.proc = preforked.child
            self._swap_wake(preforked.take())
            self.saved()  # its first byte: the forked child starts now
        else:
            if preforked is not None:
                preforked.abandon()
            self.proc = self._spawn()
        self._watch = threading.Thread(target=self._supervise, name="planilla-projector-watch", daemon=True)
        self._watch.start()

    def _supervise(self) -> None:
        pause = RESTART_FIRST
        while not self._stopping.is_set():
            proc = self.proc
            if proc is not None and proc.poll() is None:
                until_end(self._stopping, proc.pid, lambda: proc.poll() is None)
                continue
            code = proc.returncode if proc is not None else None
            log.error("the projector process ended (exit %s); starting it again in %.1f s", code, pause)
            if self._stopping.wait(pause):
                return
            pause = min(pause * 2, RESTART_MAX)
            self.restarts += 1
            self.proc = self._spawn()

    def stop(self, timeout: float = 10.0) -> None:
        self._stopping.set()
        if self._preforked is not None:  # never started
            self._preforked.abandon()
            self._preforked = None
        if self._watch is not None:
            self._watch.join(timeout)
        self._swap_wake(None)
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
