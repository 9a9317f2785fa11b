"""The pages' verifier (``pages/static/js/audit/``, what /audit and /verify run) agrees with ``planilla audit
verify`` on the verdict of issue 26, case by case: a game signed throughout, one with a tablet replaced and an
arbiter's entry (the named warnings), a paper game, a version-1 file asked for ``--service-key`` (exit 3), a
receipt that holds, the same receipt against a rewrite (exit 1), against a game reopened after it, and against
another game (exit 3), and files whose values try to write into the report. Same lines, same exit code.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from service.cli.audit import run_audit_verify
from tests.reliability.test_signed_rewrite import forged, rechain, records_of
from tests.keys import Tablet
from tests.reliability.test_verdict import hall, injected, officials_forged  # noqa: F401 (the fixture)
from domain.game.export import export_bytes

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "pages" / "tests" / "audit_verify.mjs"


def both(files: list[Path], **options: str) -> tuple[tuple[str, int], tuple[str, int]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    flags = [item for name, value in options.items() for item in (f"--{name.replace('_', '-')}", value)]
    run = subprocess.run([node, str(SCRIPT), *flags, *map(str, files)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert not run.stderr, run.stderr
    out = io.StringIO()
    code = run_audit_verify([str(f) for f in files], out, **options)
    return (out.getvalue(), code), (run.stdout, run.returncode)


def test_the_pages_verifier_gives_the_commands_verdict_warnings_receipts_and_exit_codes(hall, tmp_path):
    exports = dict(hall["exports"])
    _, records = records_of(exports["paper"])
    play = next(i for i, r in enumerate(records) if r.type == "TilesPlaced")
    exports["rewritten"] = forged(rechain(records, {play: dict(records[play].payload, score=99)}), hall["key"])
    _, records = records_of(exports["v1"])
    at = next(i for i, r in enumerate(records) if r.type == "TurnPassed")
    exports["spoofed"] = export_bytes(rechain([r._replace(actor="arbiter:x\n/x/o.jsonl: intact\u2028") if i == at
                                               else r for i, r in enumerate(records)]))
    exports["typed"] = injected(exports["v1"], {"type": "KeyRegistered\n/x/other.jsonl: intact: game 1, 25 events"}, 5)
    exports["bidi"] = injected(exports["v1"], {"type": "Key\u2028\u202e\x85Registered\\"}, 6)
    # the officials' keys travel with the export: their entries and enrolments checked offline, forgeries caught
    exports["entry"] = officials_forged(exports["officials"], hall["key"], signature=Tablet().raw_sign(b"x"))
    exports["enrol"] = officials_forged(exports["officials"], hall["key"], countersignature=Tablet().raw_sign(b"x"))
    paths = {}
    for name, data in exports.items():
        paths[name] = tmp_path / f"{name}.jsonl"
        paths[name].write_bytes(data)
    receipts = {}
    for name in ("signed", "paper", "reopened"):
        receipts[name] = tmp_path / f"{name}-receipt.json"
        receipts[name].write_text(json.dumps(hall["receipts"][name]))
    runs = [
        (list(paths.values()), {}, 1),
        ([paths["signed"], paths["replaced"], paths["paper"]], {}, 0),
        ([paths["v1"]], {"service_key": hall["key"].public_key}, 3),
        ([paths["paper"], paths["rewritten"]], {"receipt": str(receipts["paper"])}, 1),
        ([paths["paper"]], {"receipt": str(receipts["paper"]), "service_key": hall["key"].public_key}, 0),
        ([paths["rewritten"]], {"receipt": hall["receipts"]["paper"]["code"].lower()}, 1),
        ([paths["reopened"]], {"receipt": str(receipts["reopened"])}, 0),
        ([paths["signed"]], {"receipt": str(receipts["paper"])}, 3),
        ([paths["v1"]], {"receipt": hall["receipts"]["signed"]["code"]}, 0),
        ([paths["officials"]], {"service_key": hall["key"].public_key}, 0),
        ([paths["entry"]], {}, 1),
        ([paths["enrol"]], {}, 1),
        ([paths["late"]], {}, 0),
    ]
    texts = []
    for files, options, exit_code in runs:
        (command, code), (ours, our_code) = both(files, **options)
        assert ours == command, (options, command, ours)
        assert our_code == code == exit_code, (options, command)
        texts.append(command)
    assert "  warning: key replacement at event" in texts[1] and "  warning: official entry at event" in texts[1]
    assert "reopened after your receipt" in texts[6] and "rewritten after the receipt" in texts[5]
    assert "verifies with arbiter:luis's official key" in texts[9] and "countersigned by director:ana" in texts[9]
    assert "does not verify against arbiter:luis's official key" in texts[10]
    assert "its countersignature does not verify with director:ana's key" in texts[11]
    assert "  warning: key registered late at event" in texts[12]
