"""The public streams' writer process (``service.api.streams.writer``, ``service.api.streams.link``): beside
``planilla serve`` it holds the viewers' sockets and copies each chunk to them, so 2,000 viewers never stand
between a tablet and its answer (issue 15, ``docs/public-board.md``). Nothing a viewer was sent is lost when
it dies: the streams it held end, the browsers resume with ``Last-Event-ID``, and it starts again."""

from __future__ import annotations

import os
import re
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.api.streams.writer import Writer
from service.api.streams.wire import ATTACH, DETACH, DROPPED, GONE, WRITE, Messages, message
from tests.api.test_public_board import Sse, wait_for
from tests.reliability.live import LiveServer, processes_with


class Pair:
    """A writer on a thread, driven as the server drives it: orders down one socket pair, answers up another."""

    def __init__(self, buffer: int = 1 << 20) -> None:
        self.down, child_down = socket.socketpair()
        child_up, self.up = socket.socketpair()
        self.up.settimeout(5)
        self.writer = Writer(child_down, child_up, buffer)
        self.thread = threading.Thread(target=self.writer.run, daemon=True)
        self.thread.start()
        self.answers = Messages()
        self.held: list[socket.socket] = []  # the server's own ends of each viewer's connection

    def viewer(self, ident: int, channel: int, opening: bytes) -> socket.socket:
        """A viewer's connection: the server's end handed to the writer, the viewer's end returned."""
        server_end, viewer_end = socket.socketpair()
        socket.send_fds(self.down, [message(ATTACH, ident, channel, opening)], [server_end.fileno()])
        self.held.append(server_end)
        viewer_end.settimeout(5)
        return viewer_end

    def order(self, kind: bytes, first: int, payload: bytes = b"") -> None:
        self.down.sendall(message(kind, first, 0, payload))

    def answer(self) -> tuple[bytes, int]:
        while True:
            found = self.answers.feed(self.up.recv(1024))
            if found:
                kind, ident, _, _ = found[0]
                return kind, ident

    def close(self) -> None:
        self.down.close()
        self.thread.join(5)
        for sock in self.held:
            sock.close()
        self.up.close()


def read_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        part = sock.recv(size - len(data))
        if not part:
            break
        data += part
    return data


@pytest.fixture
def pair() -> Iterator[Pair]:
    found = Pair()
    yield found
    found.close()


def test_the_writer_holds_each_socket_and_copies_each_chunk_of_its_channel_in_order(pair: Pair):
    ana = pair.viewer(1, 7, b"open-1|")
    bea = pair.viewer(2, 7, b"open-2|")
    other = pair.viewer(3, 8, b"open-3|")
    pair.order(WRITE, 7, b"one|")
    pair.order(WRITE, 8, b"elsewhere|")
    pair.order(WRITE, 7, b"two|")
    assert read_exactly(ana, 15) == b"open-1|one|two|"
    assert read_exactly(bea, 15) == b"open-2|one|two|"
    assert read_exactly(other, 17) == b"open-3|elsewhere|"
    # a viewer let go of gets nothing more; the others go on
    pair.order(DETACH, 1)
    pair.order(WRITE, 7, b"three|")
    assert read_exactly(bea, 6) == b"three|"
    ana.settimeout(0.3)
    with pytest.raises(socket.timeout):
        ana.recv(100)
    assert wait_for(lambda: 1 not in pair.writer.viewers and 2 in pair.writer.viewers)


def test_a_viewer_that_does_not_read_is_shut_down_and_reported_never_waited_for():
    pair = Pair(buffer=16 * 1024)
    try:
        slow = pair.viewer(1, 7, b"")
        fast = pair.viewer(2, 7, b"")
        for sock in (slow, *pair.held):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        chunk = b"x" * 4000
        got = bytearray()
        for _ in range(200):  # ~800 KB: far more than the kernel's buffers and the writer's 16 KB
            pair.order(WRITE, 7, chunk)
            got += fast.recv(1 << 16)
        assert pair.answer() == (DROPPED, 1)
        # the slow viewer's connection was shut down: it reads what had reached it, then the end
        slow.settimeout(5)
        while slow.recv(1 << 16):
            pass
        # the viewer that reads got everything, in order
        while len(got) < 200 * 4000:
            got += fast.recv(1 << 16)
        assert bytes(got) == chunk * 200
    finally:
        pair.close()


def test_a_viewer_gone_is_reported_and_the_writer_ends_with_the_server_end_of_the_pair(pair: Pair):
    viewer = pair.viewer(5, 7, b"hello")
    assert read_exactly(viewer, 5) == b"hello"
    viewer.close()
    pair.held[0].close()  # the server let go of it too: the connection is gone
    for _ in range(3):  # the first write may still be taken by the kernel; a later one fails
        pair.order(WRITE, 7, b"frame")
        time.sleep(0.05)
    assert pair.answer() == (GONE, 5)
    pair.down.close()
    pair.thread.join(5)
    assert not pair.thread.is_alive() and not pair.writer.viewers


# ---- beside planilla serve --------------------------------------------------------------------------------
def writers_of(server_pid: int) -> list[int]:
    """The running writer processes started by ``server_pid`` (zombies excluded)."""
    return processes_with(b"service.api.streams.writer", str(server_pid).encode())


def public_health(server: LiveServer) -> dict:
    return httpx.get(f"{server.url}/health", timeout=5).json()["public"]


def test_on_planilla_serve_the_writer_process_writes_the_streams_and_nothing_is_lost_when_it_dies(tmp_path: Path):
    server = LiveServer(str(tmp_path / "data"))
    server.start()
    try:
        assert server.proc is not None
        auth = server.headers(server.director)
        game = httpx.post(f"{server.url}/v1/games", headers=auth, json={
            "profile": "file-2024", "players": ["Ana", "Bea"], "event": "Final", "round": 1, "table": 1}).json()["id"]
        url = f"{server.url}/v1/public/wall/stream?event=Final&round=1"

        def command(body: dict, version: int) -> None:
            r = httpx.post(f"{server.url}/v1/games/{game}/commands", headers=auth,
                           json={**body, "expected_version": version})
            assert r.status_code == 200, r.text

        assert public_health(server)["writer"] == "process"
        wall = Sse(url)
        try:
            ((_, first, _),) = wall.take(1)
            assert first["version"] == 1
            assert wait_for(lambda: public_health(server)["held_by_writer"] == 1)  # the writer holds it
            command({"type": "give_starter", "seat": 0}, 1)
            ((seq, frame, _),) = wall.take(1)
            assert frame["version"] == 2
            # the writer dies: the stream it held ends (the browser would resume), the service goes on
            (writer,) = writers_of(server.proc.pid)
            os.kill(writer, signal.SIGKILL)
            with pytest.raises((StopIteration, httpx.HTTPError)):
                wall.take(1, within=5)
        finally:
            wall.close()
        command({"type": "draw_tiles", "seat": 0}, 2)  # while no writer runs, or a new one starts
        again = Sse(url, **{"Last-Event-ID": str(seq)})
        try:
            ((seq2, missed, _),) = again.take(1)
            assert seq2 == seq + 1 and missed["version"] == 3  # nothing missed, numbered on
        finally:
            again.close()
        # a new writer takes the streams again
        assert wait_for(lambda: public_health(server)["writer"] == "process", within=10)
        assert public_health(server)["writer_restarts"] == 1
        (new_writer,) = writers_of(server.proc.pid)
        assert new_writer != writer
        third = Sse(url, **{"Last-Event-ID": str(seq2)})
        try:
            assert wait_for(lambda: public_health(server)["held_by_writer"] == 1)
            command({"type": "draw_tiles", "seat": 1}, 3)
            ((seq3, frame3, _),) = third.take(1)
            assert seq3 == seq2 + 1 and frame3["version"] == 4
        finally:
            third.close()
        assert wait_for(lambda: public_health(server)["streams"] == 0)  # each left viewer let go of
    finally:
        server.stop()
    assert not writers_of(server.proc.pid)


def test_a_killed_server_takes_its_writer_with_it(tmp_path: Path):
    server = LiveServer(str(tmp_path / "data"))
    server.start()
    assert server.proc is not None
    pid = server.proc.pid
    assert wait_for(lambda: writers_of(pid))
    server.kill()
    assert wait_for(lambda: not writers_of(pid), within=5)
    server.wait_projectors_gone()


def test_the_writer_runs_below_the_server_in_its_own_session_and_in_its_scheduling_group(tmp_path: Path):
    """The writer has a session of its own; where Linux groups the CPU by session (autogroup), its own nice counts only
    inside its group, so the group is lowered too: the fan-out's bursts yield to the tablets' commands."""
    server = LiveServer(str(tmp_path / "data"))
    server.start()
    try:
        assert server.proc is not None
        assert wait_for(lambda: writers_of(server.proc.pid))
        (writer,) = writers_of(server.proc.pid)
        assert os.getsid(writer) != os.getsid(server.proc.pid)
        below = min(19, os.getpriority(os.PRIO_PROCESS, server.proc.pid) + 10)  # 19: the lowest there is
        assert wait_for(lambda: os.getpriority(os.PRIO_PROCESS, writer) == below)  # set as the writer starts
        if not _groups_by_session():
            return  # no groups by session here (or none a process may set): the process's own nice is the whole of it
        group = Path(f"/proc/{writer}/autogroup")
        assert wait_for(lambda: _group_nice(group) == 10), group.read_text(encoding="ascii")
    finally:
        server.stop()


def _group_nice(path: Path) -> int | None:
    """The nice of the scheduling group that ``path`` (a process's ``autogroup`` file) reads as ``/autogroup-N nice K``;
    None where it reads otherwise (a sandboxed kernel may give the file and leave it empty)."""
    try:
        match = re.fullmatch(r"/autogroup-\d+ nice (-?\d+)\s*", path.read_text(encoding="ascii"))
    except OSError:
        return None
    return int(match.group(1)) if match else None


def _groups_by_session() -> bool:
    """Whether Linux groups the CPU by session here and a process may set its own group's nice (a container may
    keep ``/proc`` read-only, a sandboxed kernel may give the files and leave them empty): this test's own group is
    written its own nice again, which changes nothing, and must read back the same."""
    own = Path("/proc/self/autogroup")
    enabled = Path("/proc/sys/kernel/sched_autogroup_enabled")
    if not own.exists() or not enabled.exists() or enabled.read_text(encoding="ascii").strip() != "1":
        return False
    nice = _group_nice(own)
    if nice is None:
        return False
    try:
        own.write_text(str(nice), encoding="ascii")
    except OSError:
        return False
    return _group_nice(own) == nice


def test_a_public_writer_that_is_neither_process_nor_loop_is_refused_naming_the_option(tmp_path: Path):
    import subprocess
    import sys

    planilla = str(Path(sys.executable).with_name("planilla"))
    done = subprocess.run([planilla, "serve", "--port", "0", "--data", str(tmp_path / "data"), "--public-writer", "x"],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "--public-writer" in done.stderr and "'process' or 'loop'" in done.stderr
    assert not (tmp_path / "data").exists()  # nothing created
