"""``planilla audit export`` for a duplicate game: its whole history as ``planilla-audit/1`` (the classic game's
chain, ``domain.game.chain``), which ``planilla audit verify`` finds intact, and a tampered copy it refuses,
naming the event; the history itself verifies with ``verify_chain``, and a changed score breaks it."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from uuid import uuid4

from domain.game.chain import ChainRecord, verify_chain
from service.access.application import ServiceApplication
from service.cli.audit import run_audit_export, run_audit_verify
from service.duplicate.application import duplicate_history
from service.settings import settings_env
from tests.duplicate_world import duplicate_at


def test_a_duplicate_exports_verifies_and_a_tampered_score_is_found(tmp_path: Path):
    target = str(tmp_path / "data")
    app = ServiceApplication(settings_env(target))
    try:
        d, _ = duplicate_at(app, "mastered")
        records = duplicate_history(app, d.id)
        assert [r.type for r in records][:3] == ["Created", "RoundStarted", "SlipSubmitted"]
        assert verify_chain(records) is None
        slip = records[2]
        forged = [*records[:2], ChainRecord(**{**slip._asdict(), "payload": {**slip.payload, "score": 99}}),
                  *records[3:]]
        assert verify_chain(forged).version == 3
        assert duplicate_history(app, uuid4()) is None
    finally:
        app.close()

    out = tmp_path / "dup.audit"
    assert run_audit_export(str(d.id), target, str(out)) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == "planilla-audit/1" and json.loads(lines[0])["events"] == len(records)
    assert run_audit_verify([str(out)], out=StringIO()) == 0
    assert run_audit_export(str(d.id), target, str(tmp_path / "v2"), version=2) == 2  # no signed sheets here

    tampered = tmp_path / "tampered.audit"
    tampered.write_text(out.read_text(encoding="utf-8").replace('"score":20', '"score":21', 1), encoding="utf-8")
    said = StringIO()
    assert run_audit_verify([str(tampered)], out=said) == 1
    assert "SlipSubmitted" in said.getvalue()
