"""The pages' offline verifier (``pages/static/js/audit/``) gives ``planilla audit verify``'s verdict, word
for word, on every tamper case the reliability suite makes (``tests/reliability/tamperers.py``): every
byte of the short game's export replaced by two others, 400 random bytes of the long game's, events
swapped, dropped, cut, duplicated and forged; and on files that are not exports.

Both run on the same files: the console script once over all of them, and node once
(``pages/tests/audit_verify.mjs``, the same modules the page loads; the browser runs them again in
``tests/browser/test_audit_pages.py``). Compared: each file's line and the exit code.

Deterministic (issue 26): the games' ids come from a seeded generator, so the same bytes are changed on every
run; and every value from a file is escaped in the report, so one file is always one line plus its indented
notes (a changed byte once made a type ``Tu\\nPassed``, whose newline split a verdict in two).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import domain.game.aggregate

from tests.reliability.tamperers import byte_changed, single_byte_changes, structural_tampers
from tests.reliability.test_tamper import build_exports

ROOT = Path(__file__).resolve().parents[2]
PLANILLA = str(Path(sys.executable).with_name("planilla"))
TOOL = ROOT / "pages" / "tests" / "audit_verify.mjs"


def seeded_exports() -> dict[str, bytes]:
    """``build_exports`` with the games' ids drawn from a seeded generator instead of ``uuid4``: the same files
    on every run and every clone."""
    from uuid import UUID

    rng = random.Random(26)
    saved = domain.game.aggregate.uuid4
    domain.game.aggregate.uuid4 = lambda: UUID(int=rng.getrandbits(128), version=4)
    try:
        return build_exports()
    finally:
        domain.game.aggregate.uuid4 = saved


def tamper_cases() -> dict[str, bytes]:
    """Every file the reliability suite's tamperers make from its two exports, and a few non-exports, by name."""
    exports = seeded_exports()
    short, long = exports["short"], exports["long"]
    cases = {"short-intact": short, "long-intact": long}
    for position, new, changed in single_byte_changes(short):
        cases[f"short-{position}-{new}"] = changed
    rng = random.Random(15)
    for _ in range(400):
        position = rng.randrange(len(long))
        new = rng.choice([b for b in range(256) if b != long[position]])
        cases[f"long-{position}-{new}"] = byte_changed(long, position, new)
    for name, changed in structural_tampers(short).items():
        cases[f"short-{name}"] = changed
    cases["gcg"] = b"#player1 a A\n"
    cases["empty"] = b""
    cases["header-only"] = short.split(b"\n")[0] + b"\n"
    cases["other-format"] = short.replace(b"planilla-audit/1", b"planilla-audit/9", 1)
    return cases


def write_cases(folder: Path) -> list[str]:
    names = []
    for name, data in tamper_cases().items():
        path = folder / f"{name}.jsonl"
        path.write_bytes(data)
        names.append(str(path))
    return names


def verdicts(stdout: str) -> list[str]:
    """The command's output per file: its line, with the notes under it (indented by two spaces) joined to it.
    Split at ``\\n`` only, and no line is empty or holds another line separator: nothing from a file escapes."""
    blocks: list[str] = []
    lines = stdout.split("\n")
    assert lines[-1] == "" and all(line and line.splitlines() == [line] for line in lines[:-1])
    for line in lines[:-1]:
        if line.startswith("  ") and blocks:
            blocks[-1] += "\n" + line
        else:
            blocks.append(line)
    return blocks


def node_or_skip() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed (CI is set, so this test may not be skipped)")
        pytest.skip("node is not installed")
    return node


def test_the_pages_verifier_says_what_planilla_audit_verify_says_on_every_tamper_case(tmp_path):
    """WebCrypto's SHA-256 on every case; the module's own SHA-256 (plain-HTTP pages) on one case in ten."""
    node = node_or_skip()
    files = write_cases(tmp_path)
    assert len(files) > 16_000
    command = subprocess.run([PLANILLA, "audit", "verify", *files], capture_output=True, text=True, timeout=600)
    expected = verdicts(command.stdout)
    assert len(expected) == len(files)
    ours = subprocess.run([node, str(TOOL), *files], capture_output=True, text=True, timeout=600)
    assert ours.stderr == ""
    found = verdicts(ours.stdout)
    differ = [(e, f) for e, f in zip(expected, found) if e != f]
    assert not differ and len(found) == len(expected), f"{len(differ)} verdicts differ, first: {differ[:3]}"
    assert ours.returncode == command.returncode == 2  # some files are not exports at all
    some = [i for i, name in enumerate(files) if i % 10 == 0 or "-" not in Path(name).stem[6:]]
    own = subprocess.run([node, str(TOOL), "--own", *(files[i] for i in some)], capture_output=True, text=True,
                         timeout=600)
    assert verdicts(own.stdout) == [expected[i] for i in some]
    kinds = {line.split(": ", 2)[1].split(" at ")[0] for line in expected}
    assert kinds == {"intact", "TAMPERED", "not an export"}, kinds
    reasons = {line.rsplit(": ", 1)[-1].split(" (")[0] for line in expected if "TAMPERED" in line}
    assert len(reasons) > 8, reasons  # JSON errors, canonical form, hashes, links, header, UTF-8…


#: Pieces that reach the corners of Python's JSON and equality: floats, NaN, escapes, surrogates, a BOM.
FRAGMENTS = [b'1.5', b'1e5', b'-0', b'0.0', b'"', b'\\', b'\\u00e9', b'\\ud83d', b'\\ud83d\\ude00', b'NaN', b'Infinity',
             b'-Infinity', b'true', b'null', b' ', b'\t', b'\r', b'[', b']', b'{', b'}', b',', b':', b'\xc3\xa9',
             b'\xef\xbb\xbf', b'1e400', b'123456789012345678901234567890', b'1E+2', b'\x00', b'\\n', b'\\/', b"'",
             b'"x":1,', b'"version":true,']


def odd_cases() -> dict[str, bytes]:
    """Beyond the reliability suite: 1,500 exports with pieces inserted, cut or overwritten (seeded), an event's
    version as true, 3.0, "3", null, [3], {"a":3}…, and headers naming odd formats (the reasons print them)."""
    short = seeded_exports()["short"]
    rng = random.Random(3)
    cases = {}
    for i in range(1500):
        data = bytearray(short)
        for _ in range(rng.choice([1, 1, 2, 3])):
            op, at = rng.random(), rng.randrange(len(data))
            if op < 0.4:
                data[at:at] = rng.choice(FRAGMENTS)
            elif op < 0.7:
                del data[at:at + rng.randrange(1, 4)]
            else:
                data[at:at + rng.randrange(1, 6)] = rng.choice(FRAGMENTS)
        cases[f"odd-{i}"] = bytes(data)
    lines = short.split(b"\n")
    for i, value in enumerate([b"true", b"3.0", b'"3"', b"null", b"[3]", b'{"a":3}', b"3e0", b"30", b"-3"]):
        changed = lines[:]
        changed[3] = re.sub(rb'"version":\d+', b'"version":' + value, changed[3])
        cases[f"version-{i}"] = b"\n".join(changed)
    for i, value in enumerate([b"1", b"null", b'"planilla-audit/1\\u0000"', b'"\\u00e9\\u2028x\'"', b"[1,2.5,true]",
                               b'{"b":1,"a":[null]}', b"1e16", b"0.00001"]):
        changed = lines[:]
        changed[0] = changed[0].replace(b'"planilla-audit/1"', value)
        cases[f"header-{i}"] = b"\n".join(changed)
    return cases


def test_the_pages_verifier_says_what_the_command_says_on_odd_changes_too(tmp_path):
    node = node_or_skip()
    files = []
    for name, data in odd_cases().items():
        files.append(str(tmp_path / f"{name}.jsonl"))
        Path(files[-1]).write_bytes(data)
    command = subprocess.run([PLANILLA, "audit", "verify", *files], capture_output=True, text=True, timeout=600)
    ours = subprocess.run([node, str(TOOL), *files], capture_output=True, text=True, timeout=600)
    # Compared whole, and one line per file: a value read from a file never starts a line.
    expected = command.stdout.splitlines()
    assert len(verdicts(command.stdout)) == len(files) and ours.stderr == ""
    assert all(line.startswith((str(tmp_path), "  ")) for line in expected)
    differ = [(e, f) for e, f in zip(expected, ours.stdout.splitlines()) if e != f]
    assert not differ and ours.stdout == command.stdout, f"{len(differ)} lines differ, first: {differ[:3]}"
    assert ours.returncode == command.returncode
    assert any("version True where 3 was expected" in line for line in expected)
    assert any("the header names format [1, 2.5, True]" in line for line in expected)
