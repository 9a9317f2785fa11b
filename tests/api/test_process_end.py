"""Waiting for a process's end or a stop without waking (``service.hall.process_end``; issue 25, an idle hall server
sleeps): the projector's supervisor, the projector child and the public writer sleep until one comes, instead of
looking every half second or second."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from service.hall.process_end import Stop, process_fd, until_end
from service.api.streams.writer import Writer

pytestmark = pytest.mark.skipif(process_fd(os.getpid()) is None, reason="no pidfd here: the old look every second")


def sleeper(seconds: float) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", f"import time; time.sleep({seconds})"])


def test_a_process_ending_ends_the_wait_which_looked_once():
    """``alive()`` is asked once: the end comes by the descriptor, not by looking every ``every`` seconds."""
    proc = sleeper(0.8)
    looks = []

    def alive() -> bool:
        looks.append(time.monotonic())
        return proc.poll() is None

    started = time.monotonic()
    assert until_end(Stop(), proc.pid, alive, every=0.05) is False
    assert time.monotonic() - started < 10
    assert proc.wait(5) == 0
    assert len(looks) == 1, looks


def test_a_stop_from_another_thread_ends_the_wait_while_the_process_runs():
    proc = sleeper(30)
    try:
        stop = Stop()
        threading.Timer(0.2, stop.set).start()
        assert until_end(stop, proc.pid, lambda: proc.poll() is None) is True
        assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()


def test_a_process_already_gone_is_not_waited_for():
    proc = sleeper(0)
    proc.wait()
    assert until_end(Stop(), proc.pid, lambda: proc.poll() is None, every=0.05) is False


def test_a_signal_handler_setting_the_stop_wakes_its_sleep_and_clear_empties_it():
    stop = Stop()
    previous = signal.signal(signal.SIGUSR1, lambda *_: stop.set())
    try:
        threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGUSR1)).start()
        stop.sleep()  # returns only once the handler has set it
        assert stop.is_set()
        stop.clear()
        assert not stop.is_set()
        threading.Timer(0.1, stop.set).start()
        stop.sleep()
        assert stop.is_set()
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_the_writer_sleeps_until_its_server_is_gone():
    """The writer watches its server by the server's descriptor: it runs on past the second at which it used to look
    (its parent here is not the process it runs in, so a look would have ended it at once), and ends when that
    process does, though the orders' socket stays open."""
    proc = sleeper(2.5)
    server_down, child_down = socket.socketpair()
    server_up, child_up = socket.socketpair()
    writer = Writer(child_down, child_up, 1 << 20, parent=proc.pid)
    thread = threading.Thread(target=writer.run, daemon=True)
    try:
        thread.start()
        time.sleep(1.5)
        assert thread.is_alive(), "the writer ended while its server ran"
        proc.wait(10)
        thread.join(10)
        assert not thread.is_alive(), "the writer outlived its server"
    finally:
        for sock in (server_down, server_up):
            sock.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
