"""``planilla gcg verify``: lines or one JSON document, exit 0 / 1 / 2, thousands of files in one call."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.cli.main import fast_verify_args

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
GOOD = [DATA / "es_file_ana_berto.gcg", DATA / "es_fise_carmen_diego.gcg", DATA / "ca_disc_jordi_marta.gcg"]
EDITED = DATA / "es_file_ana_berto_edited.gcg"


def cli(*args):
    from service.cli.main import app

    return CliRunner().invoke(app, ["gcg", "verify", *map(str, args)])


def planilla(*args, cwd=ROOT, env=None):
    """The installed console script when there is one, else ``python -m service.cli``."""
    script = Path(sys.executable).with_name("planilla")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "service.cli"]
    return subprocess.run(command + list(map(str, args)), capture_output=True, text=True, cwd=cwd, env=env)


def test_all_agree_exits_0():
    """Three hand-scored games: nothing to report."""
    result = cli(*GOOD)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "3 files, 18 plays: all agree"


def test_a_problem_exits_1_and_names_file_and_line():
    """The edited copy: each problem on a line of its own, file:line: kind: message."""
    result = cli(EDITED)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{EDITED}:12: total: ")
    assert lines[1].startswith(f"{EDITED}:14: score: K6 MES scores 23")
    assert lines[-1] == "1 file, 7 plays: 3 problems"


def test_a_missing_file_exits_2_and_the_others_are_still_checked(tmp_path):
    """A file that cannot be read at all: exit 2, a message on stderr, the rest verified all the same."""
    result = planilla("gcg", "verify", "--json", tmp_path / "missing.gcg", EDITED)
    assert result.returncode == 2
    assert "cannot read" in result.stderr
    document = json.loads(result.stdout)
    assert document["files"][0]["error"].startswith("cannot read")
    assert document["problems"] == 3


def test_json_document_shape():
    """--json: {"files": [{"path", "tiles", "plays", "problems": [{"line", "kind", "recorded", "expected", "message"}]}], "plays", "problems"}."""
    result = cli("--json", GOOD[0], EDITED)
    assert result.exit_code == 1
    document = json.loads(result.output)
    assert set(document) == {"files", "plays", "problems"}
    assert (document["plays"], document["problems"]) == (14, 3)
    good, edited = document["files"]
    assert good == {"path": str(GOOD[0]), "tiles": "spanish", "plays": 7, "problems": []}
    assert set(edited) == {"path", "tiles", "plays", "problems"}
    assert [set(p) for p in edited["problems"]] == [{"line", "kind", "recorded", "expected", "message"}] * 3
    assert [(p["line"], p["kind"], p["recorded"], p["expected"]) for p in edited["problems"]] == [
        (12, "total", 31, 13),
        (14, "score", 25, 23),
        (14, "total", 57, 59),
    ]


def test_tiles_and_end_factor_options():
    """--tiles reads the Catalan game as English (no L·L tile: syntax); --end-factor 2 doubles the Spanish end."""
    catalan_as_english = cli("--json", "--tiles", "english", GOOD[2])
    kinds = {p["kind"] for p in json.loads(catalan_as_english.output)["files"][0]["problems"]}
    assert catalan_as_english.exit_code == 1 and "syntax" in kinds
    doubled = json.loads(cli("--json", "--end-factor", "2", GOOD[0]).output)
    assert [(p["line"], p["kind"], p["expected"]) for p in doubled["files"][0]["problems"]] == [(30, "end", 20)]
    assert cli("--tiles", "klingon", GOOD[0]).exit_code == 2


def test_the_fast_path_prints_what_typer_prints():
    """The console script reads plain verify lines without Typer; the output is the same."""
    for args in (["--json", *GOOD, EDITED], [EDITED, "--end-factor=2", "--tiles", "spanish"]):
        fast = planilla("gcg", "verify", *args)
        assert fast_verify_args(["gcg", "verify", *map(str, args)]) is not None
        slow = cli(*args)
        assert (fast.returncode, fast.stdout) == (slow.exit_code, slow.output)


def test_a_terminal_that_cannot_show_accents_gets_replacements_not_a_crash():
    """Messages carry ×, −, Ñ and Ç; an ASCII terminal sees '?' for them and JSON stays plain ASCII."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    lines = planilla("gcg", "verify", "--end-factor", "2", GOOD[0], env=env)
    assert lines.returncode == 1 and "2 ? 10" in lines.stdout
    document = planilla("gcg", "verify", "--json", "--end-factor", "2", GOOD[0], env=env)
    assert json.loads(document.stdout)["files"][0]["problems"][0]["message"].startswith("going out: 2 \u00d7 10")


@pytest.mark.parametrize(
    "argv", [["gcg", "verify"], ["gcg", "verify", "--help"], ["gcg", "verify", "--tiles", "x", "a"], ["gcg", "show", "a"]]
)
def test_anything_but_a_plain_verify_line_goes_to_typer(argv):
    """Help, mistakes and the other commands are Typer's to answer."""
    assert fast_verify_args(argv) is None


def test_importing_the_cli_loads_no_framework():
    """Start-up is timed: importing service.cli pulls in neither Typer, Rich, FastAPI, SQLModel nor eventsourcing."""
    code = (
        "import sys, service.cli.main; heavy = {'typer', 'rich', 'fastapi', 'sqlmodel', 'eventsourcing', 'pydantic'};"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_folders_are_searched_for_gcg_files(tmp_path):
    """A folder given on the command line stands for every *.gcg inside it."""
    for path in GOOD:
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "readme.txt").write_text("not a game")
    assert cli(tmp_path).output.strip() == "3 files, 18 plays: all agree"


@pytest.mark.slow
def test_ten_thousand_files_in_one_call(tmp_path):
    """10,000 files named on one command line: one JSON document, every file in it, totals that add up."""
    names = []
    for i in range(10_000):
        source = GOOD[i % 3] if i % 1000 else EDITED
        target = tmp_path / f"g{i:05d}.gcg"
        target.write_bytes(source.read_bytes())
        names.append(target.name)
    result = planilla("gcg", "verify", "--json", *names, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    assert len(document["files"]) == 10_000
    assert document["problems"] == 10 * 3
    assert document["plays"] == sum(f["plays"] for f in document["files"])


@pytest.mark.parametrize("json_out", [False, True])
def test_many_files_split_over_two_processes_print_what_one_prints(tmp_path, monkeypatch, json_out):
    """From SPLIT_FROM files the later half is verified in a forked child: the lines (problems of the edited
    copies, a missing file in each half), the JSON document, stderr and the exit code are one process's."""
    import io

    from service.cli import gcg

    names = [str(DATA / "missing.gcg") if i in (3, 60) else str(EDITED if i % 7 == 0 else GOOD[i % 3])
             for i in range(gcg.SPLIT_FROM + 1)]
    monkeypatch.setattr(gcg, "_cores", lambda: 2)
    found = []
    for split_from in (len(names) + 1, gcg.SPLIT_FROM):
        monkeypatch.setattr(gcg, "SPLIT_FROM", split_from)
        out, err = io.StringIO(), io.StringIO()
        code = gcg.run_verify(names, json_out=json_out, out=out, err=err)
        found.append((code, out.getvalue(), err.getvalue()))
    assert found[0] == found[1]
    assert found[0][0] == 2 and found[0][2].count("cannot read") == 2
    assert (f"{EDITED}:14: score: K6 MES scores 23" in found[0][1]) != json_out


def test_a_child_that_dies_leaves_its_runs_to_the_parent_and_the_output_is_one_processs(tmp_path, monkeypatch):
    """The forked child takes runs of files from the same pipe; where it dies half-way (here at its first file),
    the parent verifies every run the child did not send back, and prints what one process prints."""
    import io

    from service.cli import gcg
    from service.gcg import quick

    names = [str(EDITED if i % 5 == 0 else GOOD[i % 3]) for i in range(gcg.SPLIT_FROM * 2)]
    monkeypatch.setattr(gcg, "_cores", lambda: 2)
    monkeypatch.setattr(gcg, "SPLIT_FROM", len(names) + 1)
    alone = io.StringIO()
    assert gcg.run_verify(names, out=alone) == 1
    parent = os.getpid()
    real = quick.check_file
    verified_here = []

    def dies_in_the_child(path, tiles=None, end_factor=None):
        if os.getpid() != parent:
            os._exit(3)
        if not verified_here:
            time.sleep(0.3)  # the child takes its first run meanwhile, and dies in it
        verified_here.append(path)
        return real(path, tiles, end_factor)

    monkeypatch.setattr(quick, "check_file", dies_in_the_child)
    monkeypatch.setattr(gcg, "SPLIT_FROM", 2)
    shared = io.StringIO()
    assert gcg.run_verify(names, out=shared) == 1
    assert shared.getvalue() == alone.getvalue()
    assert shared.getvalue().count(f"{EDITED}:14: score:") == len(range(0, len(names), 5))
    assert len(verified_here) == len(names)  # the run the child took and lost too


def test_runs_cover_every_file_once_in_order_and_number_at_most_255():
    """A run's number travels as one byte: up to 255 runs of RUN files or more, end to end, nothing twice."""
    from service.cli.gcg import RUN, _runs

    for count in (1, RUN - 1, RUN, RUN + 1, 64, 1_000, 255 * RUN, 255 * RUN + 1, 10_000, 123_457):
        runs = _runs(count)
        assert len(runs) <= 255
        assert [i for start, stop in runs for i in range(start, stop)] == list(range(count))
        assert all(stop - start >= RUN for start, stop in runs[:-1])


@pytest.mark.parametrize("name", ["a.gcg", "./a.gcg", "sub//a.gcg", "sub/./a.gcg", "sub/a.gcg/", "//a.gcg", ".",
                                  "", "../a.gcg", "a.gcg/."])
def test_a_file_named_is_reported_as_path_writes_it(name):
    """A file's name is kept as given when ``Path`` would write it so, else written as ``Path`` writes it: the
    report names a file the same whichever way the list was made."""
    from service.cli.gcg import _written_as_path_writes

    assert (name if _written_as_path_writes(name) else str(Path(name))) == str(Path(name))
    assert _written_as_path_writes(name) == (name in ("a.gcg", "../a.gcg"))  # the usual names skip Path


def test_verify_exits_at_once_and_nothing_written_is_lost(tmp_path):
    """The command leaves without tearing the interpreter down (``service.cli.main._leave``): every line it
    wrote, on stdout and on stderr, reaches a pipe, and the exit code is the verdict's."""
    names = [str(EDITED if i % 9 == 0 else GOOD[i % 3]) for i in range(200)] + [str(tmp_path / "missing.gcg")]
    result = planilla("gcg", "verify", *names)
    assert result.returncode == 2
    assert result.stdout.count(f"{EDITED}:14: score:") == 23
    assert result.stdout.endswith("problems\n") and result.stdout.splitlines()[-1].startswith("201 files, ")
    assert result.stderr == f"planilla: cannot read {tmp_path / 'missing.gcg'}: No such file or directory\n"
