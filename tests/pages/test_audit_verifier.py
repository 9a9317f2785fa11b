"""The pages' offline verifier (``pages/static/js/audit/``) gives ``planilla audit verify``'s verdict, word
for word, on every tamper case the reliability suite makes (``tests/reliability/tamperers.py``): every
byte of the short game's export replaced by two others, 400 random bytes of the long game's, events
swapped, dropped, cut, duplicated and forged; and on files that are not exports.

Both run on the same files: the console script once over all of them, and node once
(``pages/tests/audit_verify.mjs``, the same modules the page loads; the browser runs them again in
``tests/browser/test_audit_pages.py``). Compared: each file's line and the exit code.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.tamperers import byte_changed, single_byte_changes, structural_tampers
from tests.reliability.test_tamper import build_exports

ROOT = Path(__file__).resolve().parents[2]
PLANILLA = str(Path(sys.executable).with_name("planilla"))
TOOL = ROOT / "pages" / "tests" / "audit_verify.mjs"


def tamper_cases() -> dict[str, bytes]:
    """Every file the reliability suite's tamperers make from its two exports, and a few non-exports, by name."""
    exports = build_exports()
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
    expected = command.stdout.splitlines()
    assert len(expected) == len(files)
    ours = subprocess.run([node, str(TOOL), *files], capture_output=True, text=True, timeout=600)
    assert ours.stderr == ""
    found = ours.stdout.splitlines()
    differ = [(e, f) for e, f in zip(expected, found) if e != f]
    assert not differ and len(found) == len(expected), f"{len(differ)} verdicts differ, first: {differ[:3]}"
    assert ours.returncode == command.returncode == 2  # some files are not exports at all
    some = [i for i, name in enumerate(files) if i % 10 == 0 or "-" not in Path(name).stem[6:]]
    own = subprocess.run([node, str(TOOL), "--own", *(files[i] for i in some)], capture_output=True, text=True,
                         timeout=600)
    assert own.stdout.splitlines() == [expected[i] for i in some]
    kinds = {line.split(": ", 2)[1].split(" at ")[0] for line in expected}
    assert kinds == {"intact", "TAMPERED", "not an export"}, kinds
    reasons = {line.rsplit(": ", 1)[-1].split(" (")[0] for line in expected if "TAMPERED" in line}
    assert len(reasons) > 8, reasons  # JSON errors, canonical form, hashes, links, header, UTF-8…
