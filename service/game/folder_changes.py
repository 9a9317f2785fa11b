"""A data folder's changes as Linux tells them (``inotify``): the store watch sleeps until a file in it is written.

SQLite tells no process of another's commit, so the store watch (``service.access.store_watch``) used to look twice
a second, each look on an idle machine 1 to 6 ms of CPU once the caches have gone cold (bench/README.md, "A
nineteenth machine"). Every commit writes the write-ahead log with ``write`` (or the database file, or creates or
removes the log), and the kernel tells an ``inotify`` descriptor of each such change to a file of the folder, from any
process on this machine. ``FolderChanges.wait`` sleeps in a ``select`` on that descriptor until a change, a stop
(any object a ``select`` waits on: the store watch's ``service.hall.process_end.Stop``) or a time-out. Not told: a change made through a shared mapping (SQLite's ``-shm`` index, which a
commit never makes alone) or by another machine (a folder on a network share: SQLite's locks do not hold there
either). Where there is no ``inotify`` (another system, the kernel's limit reached), ``folder_changes`` is None
and the watch looks on a timer as before. ``ctypes`` over the C library: the standard library has no binding, and
the one the server has (``watchfiles``) wakes every 50 ms to poll its channel.
"""

from __future__ import annotations

import ctypes
import os
import select
from pathlib import Path
from typing import Any

IN_MODIFY, IN_CLOSE_WRITE, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x2, 0x8, 0x80, 0x100, 0x200
WATCHED = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE


class FolderChanges:
    """An ``inotify`` descriptor on one folder."""

    def __init__(self, folder: str | Path) -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        if libc.inotify_add_watch(fd, os.fsencode(str(folder)), WATCHED) < 0:
            error = ctypes.get_errno()
            os.close(fd)
            raise OSError(error, f"inotify_add_watch {folder}")
        self._fd = fd

    def wait(self, timeout: float, stop: Any) -> bool:
        """Sleep until a file of the folder changes (True), or ``stop`` is readable (set before or during the wait)
        or ``timeout`` seconds pass (False). The changes told meanwhile are read and forgotten: one wake-up however
        many."""
        try:
            ready, _, _ = select.select([self._fd, stop], [], [], timeout)
        except InterruptedError:
            return True  # a signal: look anyway
        if stop in ready:
            return False
        if self._fd in ready:
            _drain(self._fd)
            return True
        return False

    def close(self) -> None:
        try:
            os.close(self._fd)
        except OSError:
            pass


def folder_changes(folder: str | Path) -> FolderChanges | None:
    """The folder's changes, or None where the system cannot tell them (no ``inotify``, or its limit reached)."""
    try:
        return FolderChanges(folder)
    except (OSError, AttributeError):  # AttributeError: a C library without inotify_init1
        return None


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 65536):
            pass
    except OSError:  # empty (BlockingIOError), or closed
        pass
