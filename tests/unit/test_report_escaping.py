"""A report nobody can write into (issue 26): ``domain.game.verdict.shown`` and ``escaped``, what
``planilla audit verify`` prints every value taken from a file through, and the pages' ``hands.js`` twin."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from domain.game.receipt import grouped, read_code, short_code
from domain.game.verdict import _ESCAPED, escaped, shown

ROOT = Path(__file__).resolve().parents[2]
#: Every character ``str.splitlines`` ends a line at, and the bidirectional overrides (Trojan Source).
BREAKERS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def test_nothing_that_ends_a_line_or_reorders_text_is_printed_as_it_is():
    for c in BREAKERS:
        assert ord(c) in _ESCAPED and "x" + c + "y" != shown("x" + c + "y")
        assert shown("x" + c + "y").splitlines() == [shown("x" + c + "y")]
    everything = "".join(map(chr, range(0x3000))) + "\ud83d\U0001F600"
    assert shown(everything).splitlines() == [shown(everything)]
    assert all(ord(c) not in _ESCAPED for c in shown(everything))


def test_a_value_is_shown_unambiguously_and_plain_text_is_left_alone():
    assert shown("KeyRegistered\n/x: intact") == "KeyRegistered\\n/x: intact"
    assert shown("a\\nb") == "a\\\\nb" != shown("a\nb")  # a backslash typed in the file is doubled
    assert shown("Núria Puigcercós · L·L ñ") == "Núria Puigcercós · L·L ñ"
    assert shown(None) == "None" and shown(True) == "True" and shown(3) == "3"
    assert escaped("a\\b\u2028") == "a\\b\\u2028"  # a whole line: escaped, its backslashes kept


def test_the_short_code_is_the_head_hashs_first_100_bits_in_base32():
    head = "ff" * 32
    assert short_code(head) == "7" * 20 and short_code("00" * 32) == "A" * 20
    assert grouped("ABCDEFGHIJKLMNOPQRST") == "ABCDE-FGHIJ-KLMNO-PQRST"
    assert read_code(" abcde-fghij klmn0 pqrst ") == "ABCDEFGHIJKLMNOPQRST"
    assert read_code("ABCDE") is None and read_code("ABCDEFGHIJKLMNOPQRS9") is None


def test_the_pages_escape_as_the_command_does():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    sample = "".join(map(chr, range(0, 0x2100))) + "\u2028\u202e\ufeff\ufff9\U0001F600\\"
    script = ("import { shown } from './pages/static/js/audit/hands.js';"
              "import { shortCode } from './pages/static/js/audit/receipt.js';"
              "const s = JSON.parse(process.argv[1]);"
              "process.stdout.write(JSON.stringify([shown(s), shortCode(process.argv[2])]));")
    import json
    head = "9b0f6c1e3a5d7f9b1c3e5a7d9f1b3c5e7a9d1f3b5c7e9a1d3f5b7c9e1a3d5f7b"
    run = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(sample), head], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == [shown(sample), short_code(head)]
