"""The README's Quick start is the newcomer's and CI's way in: exactly two blocks, and CI runs the second."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def quick_start_blocks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"^## Quick start\n(.*?)(?=^## )", text + "\n## end", re.M | re.S)
    assert section, "README.md needs a '## Quick start' section"
    return re.findall(r"```[a-z]*\n(.*?)```", section.group(1), re.S)


def test_quick_start_has_exactly_two_code_blocks():
    """Brief: one block sets up and starts the main job, one sets up and runs the whole suite."""
    assert len(quick_start_blocks()) == 2


def test_ci_runs_the_readme_test_command():
    """.ci/run calls the same test command as the README's second block."""
    command = quick_start_blocks()[1].strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command in ci.splitlines()


def test_the_layout_table_gives_each_folder_one_short_line():
    """Issue 24: one line per folder, what it is for, at most 200 characters; every package of service/ listed."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"^## Layout\n(.*?)(?=^## )", text, re.M | re.S).group(1)
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert rows and all(len(row) <= 200 for row in rows), [row[:40] for row in rows if len(row) > 200]
    listed = {re.match(r"\| `([^`]+)`", row).group(1) for row in rows}
    packages = {f"{p.parent.relative_to(ROOT).as_posix()}/" for p in (ROOT / "service").rglob("__init__.py")}
    assert packages <= listed, sorted(packages - listed)
