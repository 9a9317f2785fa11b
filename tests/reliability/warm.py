"""Servers for the tests, forked from an interpreter that has already imported the service: a warm start.

Every ``planilla serve`` a test starts (``LiveServer``: the crash tests' restarts, the browser modules' servers)
spent about 3 s of CPU on the 2-core machine importing the service, its web framework and its database layers
before it did anything of its own: about 60 starts, a sixth of the suite's CPU. Each test worker now starts one
helper process (``python -c 'from tests.reliability.warm import helper; helper()'``) that imports all of that
once, listens on a Unix socket of its own, and forks a child for each start. The child becomes the command the
test asked for, as ``exec`` of the console script would have made it: the same command line (``setproctitle``,
as ``ps`` shows it), arguments, environment, working directory, standard output and error (the test's own
descriptors, passed over the socket), standard input on ``/dev/null``, the default signal handlers, and no other
descriptor; then it runs ``service.cli.main.main`` and ends through the interpreter's normal exit. What it
runs is the server's own code from its entry point on; only the interpreter's start and the imports are shared.
The commands' own starts stay covered where they are the subject: ``tests/cli`` spawns ``planilla`` itself.

``WarmProcess`` is the test's handle, with the part of ``subprocess.Popen`` the tests use (``pid``, ``stdout``,
``poll``, ``wait``, ``send_signal``, ``kill``, ``returncode``): the helper is the child's parent, reaps it and
sends its exit status back. The helper ends when its worker does (the end of its standard input).
``PLANILLA_TEST_COLD_START=1`` makes every start a plain ``subprocess.Popen`` again.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

from service.api.projector_fork import ForkedChild

ROOT = Path(__file__).resolve().parents[2]

#: What ``planilla serve`` imports on its way up (read off ``python -X importtime`` of a start).
WARM_MODULES = (
    "service.cli.main", "typer", "typer.main", "service.cli.audit", "service.cli.federation", "service.cli.gcg",
    "service.cli.lexicon", "service.cli.official", "service.cli.projections", "service.cli.serve",
    "service.cli.token", "service.cli.tournament", "service.cli.witness", "service.api.serve", "service.api.app",
    "service.access.application", "service.api.projector_process", "service.api.projector_fork",
    "service.api.projector_child", "service.store_check", "service.hall.door", "service.federation.outbox",
    "service.trust.keys", "alembic", "alembic.command", "alembic.config", "alembic.context", "alembic.op",
    "alembic.runtime.migration", "alembic.script", "uvicorn", "uvicorn.config", "uvicorn.server",
    "uvicorn.lifespan.on", "uvicorn.loops.auto", "uvicorn.protocols.http.auto",
    "uvicorn.protocols.websockets.auto", "sqlalchemy.dialects.sqlite", "sqlalchemy.dialects.postgresql",
    "psycopg", "eventsourcing.sqlite", "eventsourcing.postgres", "setproctitle",
)


# ---- the test's side ------------------------------------------------------------------------------------------
class WarmProcess(ForkedChild):
    """A child of the helper, seen from the test: what the tests use of ``subprocess.Popen``. Its signals are
    ``ForkedChild``'s; its end is told by the helper, which is its parent and reaps it."""

    def __init__(self, pid: int, channel: socket.socket, stdout: IO[str] | None) -> None:
        super().__init__(pid)
        self._channel, self.stdout = channel, stdout

    def poll(self) -> int | None:
        if self.returncode is None:
            self._read(0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None and not self._read(timeout):
            raise subprocess.TimeoutExpired(f"warm child {self.pid}", timeout or 0)
        assert self.returncode is not None
        return self.returncode

    def _read(self, timeout: float | None) -> bool:
        self._channel.settimeout(timeout)
        try:
            said = self._channel.recv(64)
        except (TimeoutError, BlockingIOError, socket.timeout):
            return False
        status = int(said.split()[1]) if said.startswith(b"exit ") else None
        if status is None:  # the helper is gone without saying: its child went with it or is not ours any more
            raise RuntimeError(f"the warm-start helper ended while its child {self.pid} was running")
        self.returncode = os.waitstatus_to_exitcode(status)
        self._channel.close()
        return True


class Helper:
    """This worker's helper process, started on first use."""

    _made: "Helper | None" = None

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="planilla-warm-")
        self.address = os.path.join(self.folder, "socket")
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from tests.reliability.warm import helper; helper()", self.address],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
        assert self.process.stdout is not None
        ready = self.process.stdout.readline()
        if ready != b"ready\n":
            raise RuntimeError(f"the warm-start helper did not start (it said {ready!r}, exit {self.process.wait()})")

    @classmethod
    def of_this_process(cls) -> "Helper":
        if cls._made is None or cls._made.process.poll() is not None:
            cls._made = cls()
        return cls._made

    def start(self, argv: list[str], stdout: int, stderr: int) -> tuple[int, socket.socket]:
        """Fork a child that becomes ``argv`` with these descriptors as its standard output and error."""
        channel = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        channel.connect(self.address)
        asked = json.dumps({"argv": argv, "env": dict(os.environ), "cwd": os.getcwd()}).encode()
        socket.send_fds(channel, [asked], [stdout, stderr])
        said = channel.recv(64)
        if not said.startswith(b"pid "):
            raise RuntimeError(f"the warm-start helper did not start {argv} (it said {said!r})")
        return int(said.split()[1]), channel


def popen(argv: list[str], stderr: IO[Any]) -> Any:
    """``subprocess.Popen(argv, stdout=PIPE, stderr=stderr, text=True)``, started warm (unless asked not to)."""
    if os.environ.get("PLANILLA_TEST_COLD_START") == "1":
        return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=stderr, text=True)
    read, write = os.pipe()
    try:
        pid, channel = Helper.of_this_process().start(argv, write, stderr.fileno())
    except BaseException:
        os.close(read)
        raise
    finally:
        os.close(write)
    return WarmProcess(pid, channel, open(read, encoding="utf-8"))


# ---- the helper's side ----------------------------------------------------------------------------------------
def helper() -> None:
    """Import the service, then fork a child for each start asked; in a child, become the command asked."""
    import importlib

    address = sys.argv[1]
    for name in WARM_MODULES:
        importlib.import_module(name)
    become = _serve(address)
    if become is not None:  # in a forked child: the command runs here, and ends through the interpreter's exit
        become()


def _serve(address: str) -> Any:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the test's ^C is for the test and its servers, not for us
    woken_r, woken_w = os.pipe()
    os.set_blocking(woken_w, False)
    signal.set_wakeup_fd(woken_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(address)
    listener.listen(16)
    watch = selectors.DefaultSelector()
    watch.register(listener, selectors.EVENT_READ, "ask")
    watch.register(sys.stdin.fileno(), selectors.EVENT_READ, "worker")
    watch.register(woken_r, selectors.EVENT_READ, "child")
    children: dict[int, socket.socket] = {}
    os.write(1, b"ready\n")
    while True:
        for key, _ in watch.select():
            if key.data == "worker":  # our worker ended: so do we (children already started run on)
                os.unlink(address)
                os.rmdir(os.path.dirname(address))
                os._exit(0)
            if key.data == "child":
                os.read(woken_r, 512)
                _reap(children)
                continue
            channel, _ = listener.accept()
            try:
                asked, fds, _flags, _ = socket.recv_fds(channel, 1 << 20, 2)
            except OSError:
                channel.close()
                continue
            pid = os.fork()
            if pid == 0:
                for open_one in (listener, channel, *children.values()):
                    open_one.close()
                watch.close()
                signal.set_wakeup_fd(-1)
                for fd in (woken_r, woken_w):
                    os.close(fd)
                return lambda: _become(json.loads(asked), fds)
            for fd in fds:
                os.close(fd)
            children[pid] = channel
            channel.sendall(f"pid {pid}".encode())
            _reap(children)


def _reap(children: dict[int, socket.socket]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        channel = children.pop(pid, None)
        if channel is not None:
            try:
                channel.sendall(f"exit {status}".encode())
            except OSError:  # the test let go of its handle
                pass
            channel.close()


def _become(asked: dict[str, Any], fds: list[int]) -> None:
    """In the forked child: take the command's descriptors, signals, place, environment and title, and run it."""
    from service.api.projector_fork import _max_fd, _set_title  # what the server's own forked child does

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # as a new interpreter has them (SIGPIPE stays ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    null = os.open(os.devnull, os.O_RDONLY)
    for fd, target in ((null, 0), (fds[0], 1), (fds[1], 2)):
        os.dup2(fd, target)
        os.close(fd)
    os.closerange(3, _max_fd())
    argv = asked["argv"]
    _set_title(argv)  # before the environment changes: the title may take its place
    os.chdir(asked["cwd"])
    os.environ.clear()
    os.environ.update(asked["env"])
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(argv[0])  # where a console script's interpreter looks first
    buffered = -1 if not os.environ.get("PYTHONUNBUFFERED") else 1
    sys.stdin = open(0, encoding="utf-8", closefd=False)
    sys.stdout = open(1, "w", encoding="utf-8", buffering=buffered, closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False)
    from service.cli.main import main

    main()
    raise SystemExit(0)
