"""The projector child's first start, forked from ``planilla serve`` before the service is built.

Started as a new interpreter (``python -m service.cli projections follow``), the child spends about 1.2 s of CPU
importing what the server has already imported: SQLAlchemy, SQLModel's read models, the events, the engine
(bench/README.md, "A ninth machine"). ``planilla serve`` therefore imports those first and forks the child while
it is still one thread with no store open (``prefork``): the child has them for nothing. It then waits, doing
nothing, until the server's lifespan starts it (the first byte down its wake pipe), so it starts where a spawned
child starts, after the server has made the store and migrated the read models; if the server ends first (its
store refused, its port lost, a crash) the pipe's end of file ends it.

The forked child is what the spawned one is: a session of its own, stdin on ``/dev/null``, no descriptor of the
server's but the wake pipe's reading end (the listening socket above all: a killed server's port must not stay
open in its child), and the same command line (``setproctitle``), so ``ps`` and the tests name it the same way.
Restarts after the child dies are spawned as before (``ProjectorProcess._spawn``): by then the server runs
threads, and forking a process with threads is not safe.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from typing import Callable


class ForkedChild:
    """A forked child as ``ProjectorProcess`` uses a ``subprocess.Popen``: ``pid``, ``poll``, ``wait``,
    ``terminate``, ``kill`` and ``returncode``."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._lock = threading.Lock()

    def poll(self) -> int | None:
        """The exit code once the child has ended (reaped here), else None."""
        with self._lock:
            if self.returncode is None:
                try:
                    pid, status = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:  # reaped elsewhere: it has ended, how is not known
                    pid, status = self.pid, 0
                if pid == self.pid:
                    self.returncode = os.waitstatus_to_exitcode(status)
            return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the child's end; ``subprocess.TimeoutExpired`` after ``timeout`` seconds."""
        import subprocess

        deadline = None if timeout is None else time.monotonic() + timeout
        pause = 0.001
        while (code := self.poll()) is None:
            if deadline is not None and time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired(f"projector child {self.pid}", timeout or 0.0)
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        return code

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Preforked:
    """A child forked by ``prefork``, waiting for its first byte: the process and the wake pipe's writing end."""

    def __init__(self, child: ForkedChild, wake: int, store: str, poll_seconds: float) -> None:
        #: The pipe's writing end while this object holds it; None once handed over (``take``) or abandoned.
        self.wake: int | None = wake
        self.child, self.store, self.poll_seconds = child, store, poll_seconds

    def take(self) -> int:
        """The pipe's writing end, handed over to the caller, who closes it from now on."""
        wake, self.wake = self.wake, None
        assert wake is not None, "the forked child was already handed over or abandoned"
        return wake

    def abandon(self) -> None:
        """Not used after all: the pipe's end of file ends the child, which is reaped. Nothing once handed over
        or abandoned already (the descriptor's number may be another file's by then)."""
        if self.wake is None:
            return
        os.close(self.take())
        try:
            self.child.wait(5)
        except Exception:  # noqa: BLE001 - a child that did not end at its pipe's close is killed
            self.child.kill()
            self.child.wait()


def prefork(store: str, poll_seconds: float, command: Callable[[int], list[str]]) -> Preforked | None:
    """Fork the projector child of ``store``, waiting on its wake pipe (see the module); None where there is no
    fork or this process already runs another thread (then the child is spawned at the lifespan's start, as
    before). ``command(wake_fd)`` is the command line the child would have been spawned with: its title."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return None
    from service.api.projector_child import follow  # noqa: F401  (and what it imports, below: before the fork)

    _import_what_the_child_runs()
    reading, writing = os.pipe()
    title = command(reading)  # before the fork: it names this process as the parent
    for stream in (sys.stdout, sys.stderr):
        stream.flush()  # nothing written before the fork is written twice
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        _child(reading, writing, store, poll_seconds, parent, title)
    os.close(reading)
    os.set_blocking(writing, False)  # a save never waits for the child
    return Preforked(ForkedChild(pid), writing, store, poll_seconds)


def _import_what_the_child_runs() -> None:
    """Everything ``follow`` imports when it opens the store (the server imports it all anyway)."""
    import projections.follower  # noqa: F401
    import projections.projector  # noqa: F401
    import projections.store  # noqa: F401
    import service.api.collector  # noqa: F401
    import service.game.application  # noqa: F401
    import service.settings  # noqa: F401


def _child(reading: int, writing: int, store: str, poll_seconds: float, parent: int, title: list[str]) -> None:
    """The forked child: never back into the server's code, whatever happens."""
    code = 1
    try:
        import gc

        gc.freeze()  # what the server made before the fork is never collected here (no finaliser runs on its files)
        os.close(writing)
        os.setsid()  # a Ctrl-C at the terminal reaches the server, which stops the child in order
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.closerange(3, reading)
        os.closerange(reading + 1, _max_fd())
        _set_title(title)
        first = _read_first(reading)
        if not first:  # the server ended (or gave up on this child) before starting it
            code = 0
            return
        for stream in (sys.stdout, sys.stderr):
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="replace")
        from service.api.projector_child import follow

        code = follow(store, poll=poll_seconds, parent=parent, wake=reading)
    except BaseException:  # noqa: BLE001 - said on stderr, as a spawned child's traceback would be
        import traceback

        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                pass
        os._exit(code)


def _read_first(fd: int) -> bytes:
    while True:
        try:
            return os.read(fd, 1)
        except InterruptedError:
            continue


def _max_fd() -> int:
    try:
        return os.sysconf("SC_OPEN_MAX")
    except (ValueError, OSError):  # pragma: no cover
        return 65536


def _set_title(argv: list[str]) -> None:
    """The command line ``ps`` shows: the one a spawned child has."""
    try:
        from setproctitle import setproctitle
    except ImportError:  # pragma: no cover - a dependency; without it the child shows the server's line
        return
    setproctitle(" ".join(argv))
