"""``planilla serve`` forks its first projector child before building the service (``service.api.projector_fork``,
issue 25: about 1.2 s of CPU less at each start). The forked child must be what a spawned one is: its own session,
none of the server's descriptors (above all not the listening socket), the same command line, and gone when the
server is killed; and it must do nothing until the server starts it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import httpx
import pytest

from tests.cli.test_serve_cli import _children, _until, start, wait_healthy


def _sockets(pid: int) -> set[str]:
    """The socket inodes a process holds (``socket:[N]``)."""
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:"):
            found.add(target)
    return found


def _state(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def test_the_first_projector_child_is_forked_clean_and_ends_with_a_killed_server(tmp_path: Path):
    """Its parent is the server, its session its own, its command line the spawned child's, it holds none of the
    server's sockets; SIGKILL the server and its port refuses at once (a child holding the listening socket would
    accept into the backlog), and the child ends by itself."""
    proc, lines = start(tmp_path / "data")
    try:
        url = lines[-1].removeprefix("Planilla listening on ")
        port = int(url.rsplit(":", 1)[1])
        wait_healthy(url)
        children = _until(lambda: _children(proc.pid))
        assert len(children) == 1
        child = children[0]
        stat = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        assert int(stat[1]) == proc.pid  # forked by the server itself
        assert int(stat[3]) == child  # a session of its own: a Ctrl-C reaches the server, which stops it in order
        argv = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").split()
        assert argv[-8:] == [b"--data", str(tmp_path / "data").encode(), b"--poll", b"30.0", b"--wake",
                             argv[-3], b"--parent", str(proc.pid).encode()], argv
        assert b"projections" in argv and b"follow" in argv
        held = _sockets(proc.pid)
        assert held, "the server holds its listening socket"
        assert not _sockets(child) & held, "the child holds one of the server's sockets"
        assert Path(f"/proc/{child}/fd/0").resolve() == Path(os.devnull)
        assert _until(lambda: httpx.get(f"{url}/health").json()["projections"]["running"] is True)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    assert _until(lambda: _state(child) in (None, "Z"), 10), "the forked child outlived its server"


SCRIPT = textwrap.dedent("""
    import sys
    from service.api.projector_fork import prefork
    from service.api.projector_process import ProjectorProcess

    store = sys.argv[1]
    found = prefork(store, 1.0, ProjectorProcess(store, 1.0).command)
    assert found is not None, "no fork in a process of one thread"
    found.abandon()
    found.abandon()  # a second time: nothing (the descriptor is not closed twice)
    assert found.wake is None
    print(found.child.returncode)
""")


def test_a_preforked_child_never_started_ends_without_touching_the_store(tmp_path: Path):
    """The server gave up before starting it (a refused store, a lost port, a crash): the pipe's end of file ends
    the child with exit 0, and it has made nothing; abandoning it again does nothing."""
    data = tmp_path / "data"
    ran = subprocess.run([sys.executable, "-c", SCRIPT, str(data)], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[2])
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "0"
    assert not data.exists()


def test_no_fork_while_another_thread_runs():
    """Forking a process with threads is not safe: then the first child is spawned, as a restart is."""
    from service.api.projector_fork import prefork

    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert prefork("unused", 1.0, lambda fd: ["unused"]) is None
    finally:
        release.set()
        other.join()


def test_a_forked_childs_handle_answers_as_popen_does():
    """``ForkedChild``: None while running, the exit code once ended (negative for a signal), ``wait`` with a
    timeout raises ``TimeoutExpired`` as ``subprocess.Popen.wait`` does."""
    from service.api.projector_fork import ForkedChild

    pid = os.fork() if hasattr(os, "fork") else pytest.skip("no fork")
    if pid == 0:  # pragma: no cover - the child
        signal.pause()
        os._exit(3)
    child = ForkedChild(pid)
    assert child.poll() is None
    with pytest.raises(subprocess.TimeoutExpired):
        child.wait(0.05)
    child.terminate()
    assert child.wait(10) == -signal.SIGTERM
    assert child.poll() == -signal.SIGTERM
    child.kill()  # ended already: nothing to do, no error
