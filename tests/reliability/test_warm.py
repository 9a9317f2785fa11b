"""The warm start of the tests' servers (``tests/reliability/warm.py``): a forked child becomes the command it was
asked to be, as a new process of the console script would, and its handle tells what ``subprocess.Popen`` would."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.reliability import warm
from tests.reliability.live import PLANILLA, LiveServer

DATA = Path(__file__).resolve().parents[1] / "data"


def ran_warm(*argv: str) -> tuple[int, str, str]:
    with tempfile.TemporaryFile("w+") as errors:
        child = warm.popen([PLANILLA, *argv], errors)
        out = child.stdout.read()
        code = child.wait(30)
        errors.seek(0)
        return code, out, errors.read()


def open_files(pid: int) -> set[str]:
    """What the process's descriptors point at (one closed while it is read is left out)."""
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            found.add(os.readlink(fd))
        except FileNotFoundError:
            continue
    return found


def test_a_warm_command_says_and_exits_what_the_console_script_does(tmp_path, monkeypatch):
    """Paths relative to the working directory, the environment, standard output and error, and the exit code
    (1: a game whose totals do not add up; 2: a usage error)."""
    for name in ("es_file_ana_berto.gcg", "es_file_ana_berto_edited.gcg"):
        shutil.copy(DATA / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    codes = []
    for argv in (["gcg", "verify", "es_file_ana_berto.gcg"], ["gcg", "verify", "es_file_ana_berto_edited.gcg"],
                 ["token", "create", "--role", "nobody", "--data", "d"]):
        cold = subprocess.run([PLANILLA, *argv], capture_output=True, text=True, timeout=60)
        assert ran_warm(*argv) == (cold.returncode, cold.stdout, cold.stderr), argv
        codes.append(cold.returncode)
    assert codes == [0, 1, 2]
    helps = []
    for columns in ("50", "120"):  # the environment of the test at the start, not the helper's: Rich reads COLUMNS
        monkeypatch.setenv("COLUMNS", columns)
        helps.append(ran_warm("--help"))
        assert helps[-1] == (0, subprocess.run([PLANILLA, "--help"], capture_output=True, text=True).stdout, "")
    assert helps[0] != helps[1]


def test_a_warm_server_has_the_command_line_and_descriptors_of_a_new_process(tmp_path):
    server = LiveServer(str(tmp_path / "data"))
    server.start()
    try:
        pid = server.proc.pid
        proc = Path(f"/proc/{pid}")
        assert (proc / "cmdline").read_bytes().replace(b"\0", b" ").split() == [
            PLANILLA.encode(), b"serve", b"--port", b"0", b"--data", str(tmp_path / "data").encode(),
            b"--no-access-log"]
        assert os.readlink(proc / "fd" / "0") == os.devnull
        assert Path(os.readlink(proc / "cwd")) == Path.cwd()
        helper = warm.Helper.of_this_process()
        assert int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1]) == helper.process.pid  # its parent
        # nothing of the helper's: not its socket (the only listening Unix socket it has), nor its pipes
        held = open_files(pid)
        helpers = open_files(helper.process.pid) - {os.devnull}
        assert not held & {h for h in helpers if h.startswith(("socket:", "pipe:"))} - {os.readlink(proc / "fd" / "2")}
        assert server.proc.poll() is None
    finally:
        server.kill()
    assert server.proc.returncode == -signal.SIGKILL and server.proc.poll() == -signal.SIGKILL
    server.wait_projectors_gone()


def test_sigint_stops_a_warm_server_as_it_stops_one_started_cold(tmp_path, monkeypatch):
    codes = []
    for cold in ("1", "0"):
        monkeypatch.setenv("PLANILLA_TEST_COLD_START", cold)
        server = LiveServer(str(tmp_path / f"data-{cold}"))
        server.start()
        assert isinstance(server.proc, subprocess.Popen) == (cold == "1")
        server.stop()
        codes.append(server.proc.returncode)
    assert codes[0] == codes[1] == 128 + signal.SIGINT  # as a shell reports a process ended by ^C


def test_waiting_for_a_warm_child_that_runs_on_times_out(tmp_path):
    server = LiveServer(str(tmp_path / "data"))
    server.start()
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            server.proc.wait(0.2)
        assert server.proc.returncode is None
    finally:
        server.stop()
