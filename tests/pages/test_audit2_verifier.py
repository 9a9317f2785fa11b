"""The pages' verifier of ``planilla-audit/2`` (pages/static/js/audit/audit2.js: WebCrypto ECDSA P-256 and
Ed25519) held to ``planilla audit verify`` on the same files, with the same ``--service-key`` and ``--seal``:
the same lines (verdict and notes) and exit code for each file.

The files are the reliability suite's signed hall (``tests/reliability/test_signed_rewrite.py``: games with
tablets' keys and a paper game, both rounds sealed) and its attacker's tools: untouched exports, a play's
score changed with every hash recomputed and the closing re-signed (caught at the first key-signed event
after it: the opponent's acceptance or, where the opponent is on paper, the player's own next play), an event
inserted, one dropped, a key signature stripped, a game moved between rounds (the seals
refuse it), foreign service signatures, a version-1 export, and random single-byte changes.
"""

from __future__ import annotations

import io
import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from service.cli.audit import run_audit_verify
from service.trust.keys import ServiceKey
from tests.reliability.test_signed_rewrite import hall, forged, rechain, records_of  # noqa: F401 (the fixture)
from domain.game.export import export_bytes

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "pages" / "tests" / "audit_verify.mjs"


def node_lines(files: list[Path], options: list[str]) -> tuple[str, int]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    run = subprocess.run([node, str(SCRIPT), *options, *map(str, files)], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert not run.stderr, run.stderr
    return run.stdout, run.returncode


def command_lines(files: list[Path], key: str | None, seal: Path | None) -> tuple[str, int]:
    out = io.StringIO()
    code = run_audit_verify([str(f) for f in files], out, service_key=key, seal=None if seal is None else str(seal))
    return out.getvalue(), code


def cases(hall: dict[str, Any]) -> dict[str, bytes]:
    """The files: untouched, and as an attacker holding the database (and the service's key file) makes them."""
    key = hall["key"]
    found: dict[str, bytes] = {f"{name}.jsonl": data for name, data in hall["exports"].items()}
    header, records = records_of(hall["exports"]["signed"])
    play = next(i for i, r in enumerate(records) if r.type == "TilesPlaced")
    scored = dict(records[play].payload, score=records[play].payload["score"] + 10)
    found["rewrite-score.jsonl"] = forged(rechain(records, {play: scored}), key)
    passed = next(i for i, r in enumerate(records) if r.type == "TurnPassed")
    found["insert.jsonl"] = forged(rechain(records[:passed] + [records[passed]] + records[passed:]), key)
    found["drop.jsonl"] = forged(rechain(records[:passed] + records[passed + 1:]), key)
    early = next(i for i, r in enumerate(records) if r.type == "TilesDrawn")
    found["insert-early.jsonl"] = forged(rechain(records[:early] + [records[early]] + records[early:]), key)
    signed = next(i for i, r in enumerate(records) if r.type == "SheetSigned")
    found["stripped.jsonl"] = forged(rechain(records, {signed: dict(records[signed].payload, key=None)}), key)
    _, mixed = records_of(hall["exports"]["mixed"])  # a paper second seat: caught at Ana's own next play
    first = next(i for i, r in enumerate(mixed) if r.type == "TilesPlaced")
    scored = dict(mixed[first].payload, score=mixed[first].payload["score"] + 10)
    found["rewrite-before-play.jsonl"] = forged(rechain(mixed, {first: scored}), key)
    _, paper = records_of(hall["exports"]["paper"])
    moved = dict(paper[0].payload, details=dict(paper[0].payload["details"], round=2))
    found["paper-to-round2.jsonl"] = forged(rechain(paper, {0: moved}), key)
    found["foreign-closing.jsonl"] = forged(rechain(paper), ServiceKey.generate())
    found["version1.jsonl"] = export_bytes(records)
    rng = random.Random(16)
    data = hall["exports"]["signed"]
    for n in range(60):
        at = rng.randrange(len(data))
        changed = bytearray(data)
        changed[at] = rng.choice([b for b in range(256) if b != data[at]])
        found[f"byte-{n}.jsonl"] = bytes(changed)
    return found


@pytest.mark.parametrize("with_key", [True, False])
@pytest.mark.parametrize("round_", [1, 2, None])
def test_the_page_verifier_says_what_the_command_says_of_every_version_2_file(hall, tmp_path, with_key, round_):
    files = []
    for name, data in cases(hall).items():
        path = tmp_path / name
        path.write_bytes(data)
        files.append(path)
    seal = None
    if round_ is not None:
        seal = tmp_path / f"seal-{round_}.json"
        seal.write_text(json.dumps(hall["seals"][round_], ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    key = hall["key"].public_key if with_key else None
    options = (["--service-key", key] if key else []) + (["--seal", str(seal)] if seal else [])
    expected, code = command_lines(files, key, seal)
    got, node_code = node_lines(files, options)
    assert got.splitlines() == expected.splitlines()
    assert node_code == code
    if with_key and round_ == 1:  # what the cases must show, so the agreement is not over nothing
        lines = dict(line.split(": ", 1) for line in expected.splitlines() if not line.startswith("  "))
        names = {p.name: str(p) for p in files}
        assert lines[names["signed.jsonl"]].startswith("intact")
        assert "(PlayAccepted)" in lines[names["rewrite-score.jsonl"]]
        assert "(TurnPassed)" in lines[names["insert.jsonl"]] and "(TurnPassed)" in lines[names["drop.jsonl"]]
        assert "(TilesPlaced)" in lines[names["insert-early.jsonl"]]
        assert "(TilesPlaced)" in lines[names["rewrite-before-play.jsonl"]]
        assert "seat 0's play does not verify" in lines[names["rewrite-before-play.jsonl"]]
        assert "carries no key signature" in lines[names["stripped.jsonl"]]
        assert "round seal" in lines[names["paper-to-round2.jsonl"]]
        assert "not the one given" in lines[names["foreign-closing.jsonl"]]
        assert "verifies with the key registered at event" in expected
