"""Waiting, without waking, for a process to end or for a stop to be asked (issue 25: an idle hall server sleeps).

The server's projector child watched for its parent's death by looking every half second, the server watched the
child every second, the public writer its parent every second: five wake-ups a second between them, each about half
a millisecond of CPU on a slow machine whose caches the idle time has cooled. Linux says when a process ends through
a descriptor (``os.pidfd_open``, Linux 5.3), readable from then on; a ``Stop`` is an event with a descriptor too. One
``select`` on both sleeps until one of them comes. Where there is no such descriptor (another system, an older
kernel), ``until_end`` looks every ``every`` seconds, as before.
"""

from __future__ import annotations

import os
import select
import threading
from typing import Callable


class Stop:
    """A ``threading.Event`` that a ``select`` can wait on: ``set`` also writes a byte down a pipe of its own.

    ``set`` is safe in a signal handler and from any thread; ``clear`` empties the pipe."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._reading, self._writing = os.pipe()
        os.set_blocking(self._reading, False)
        os.set_blocking(self._writing, False)

    def fileno(self) -> int:
        return self._reading

    def set(self) -> None:
        self._event.set()
        try:
            os.write(self._writing, b"\0")
        except OSError:  # full (it is set already) or closed (nothing waits any more)
            pass

    def is_set(self) -> bool:
        return self._event.is_set()

    def clear(self) -> None:
        self._event.clear()
        try:
            while os.read(self._reading, 4096):
                pass
        except OSError:  # empty
            pass

    def wait(self, timeout: float | None = None) -> bool:
        return self._event.wait(timeout)

    def sleep(self) -> None:
        """Wait until set, in a ``select`` (which a signal interrupts, its handler setting this, in the main thread)."""
        while not self.is_set():
            try:
                select.select([self], [], [])
            except InterruptedError:
                pass

    def __del__(self) -> None:
        for fd in (getattr(self, "_reading", None), getattr(self, "_writing", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


def process_fd(pid: int) -> int | None:
    """A descriptor readable once process ``pid`` has ended (``os.pidfd_open``); None where the system gives none
    or the process is already gone."""
    opener = getattr(os, "pidfd_open", None)
    if opener is None:
        return None
    try:
        return opener(pid)
    except OSError:  # no such process any more, or a kernel before 5.3
        return None


def until_end(stop: Stop, pid: int, alive: Callable[[], bool], every: float = 1.0) -> bool:
    """Sleep until ``stop`` is set (True) or process ``pid`` has ended (False). ``alive()`` says whether it still
    runs: asked first, and every ``every`` seconds where no descriptor tells of its end."""
    fd = process_fd(pid)
    try:
        while not stop.is_set():
            if not alive():
                return False
            if fd is None:
                stop.wait(every)
                continue
            try:
                ready, _, _ = select.select([stop, fd], [], [])
            except InterruptedError:
                continue
            if fd in ready:
                return stop.is_set()
        return True
    finally:
        if fd is not None:
            os.close(fd)
