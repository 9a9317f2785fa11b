"""One export's whole report, as ``planilla audit verify`` prints it and ``--json`` gives it.

The check (``domain.game.export`` for ``planilla-audit/1``, ``domain.game.attested`` for ``/2``, with the
``cryptography`` library's signatures), then, for an intact file: the verdict on its hands
(``domain.game.verdict``: signed throughout, replacements, official entries, paper), the player's receipt
when one is given (``domain.game.receipt``), and what the file cannot answer of what was asked
(``--service-key`` or ``--seal`` of a version-1 file, ``--service-key`` of a game that never closed, a
receipt of another game or not signed by the service key): the command's exit 3.
"""

from __future__ import annotations

import json
from typing import Any

from domain.game.attested import FORMAT as FORMAT_2
from domain.game.attested import Checks, fingerprint, verify_attested
from domain.game.chain import ChainRecord
from domain.game.export import Finding, verify_export
from domain.game.receipt import check_receipt
from domain.game.verdict import hands
from domain.seal.records import head_message
from service.trust.keys import verify_ed25519, verify_p256

V1_NOTE = ("planilla-audit/1: unsigned (this format carries no players' keys and no service signature; "
           "--service-key has nothing to check)")


def is_attested(data: bytes) -> bool:
    """Whether the command reads the file as ``planilla-audit/2`` (its header line names that format)."""
    return data.startswith(b'{"') and f'"format":"{FORMAT_2}"'.encode() in data.split(b"\n", 1)[0]


def records_in(data: bytes, count: int) -> list[ChainRecord]:
    """The event lines of an export found intact."""
    return [ChainRecord(**json.loads(line)) for line in data.split(b"\n")[1:1 + count]]


def _receipt_holds(receipt: dict[str, Any], key: str | None) -> bool | None:
    """Whether the receipt's service signature verifies against ``key`` (None: no key, or a bare code)."""
    if "signature" not in receipt or key is None:
        return None
    if fingerprint(key) != receipt.get("fingerprint"):
        return False
    try:
        return bool(verify_ed25519(key, head_message(receipt["game"], receipt["version"], receipt["head_hash"]),
                                   receipt["signature"]))
    except (ValueError, TypeError):
        return False


def file_report(data: bytes, key: str | None, seal: dict[str, Any] | None,
                receipt: dict[str, Any] | None) -> dict[str, Any]:
    """The report on one export: ``finding`` (the ``Finding``), ``lines`` (the indented lines of the text report,
    unescaped), and the JSON report's fields."""
    attested = is_attested(data)
    if attested:
        found = verify_attested(data, Checks(verify_p256, verify_ed25519), key, seal)
    else:
        found = verify_export(data)
        if found.ok:
            found = found._replace(notes=(V1_NOTE,))
    unanswered: list[str] = []
    verdict = None
    receipt_report = None
    lines: list[str] = []
    if found.ok:
        records = records_in(data, found.events)
        if not attested and key is not None:
            unanswered.append("--service-key: a planilla-audit/1 export carries no service signature (export the "
                              "game again with --format 2)")
        if not attested and seal is not None:
            unanswered.append("--seal: a planilla-audit/1 export cannot be checked against a seal (export the game "
                              "again with --format 2)")
        if attested and key is not None and not any(r.type == "GameClosed" for r in records):
            unanswered.append("--service-key: the game never closed, so no closing head was signed by the service")
        verdict = hands(records, signatures_checked=attested)
        if receipt is not None:
            header_key = json.loads(data.split(b"\n", 1)[0]).get("service_key") if attested else None
            trusted = key or header_key
            holds = _receipt_holds(receipt, trusted)
            check = check_receipt(records, receipt, holds)
            receipt_report = {"state": check.state, "version": check.version, "text": check.text,
                              "reopened": check.reopened, "signature": holds}
            if check.state == "rewritten":
                at = records[(check.version or len(records)) - 1] if (check.version or 0) <= len(records) else records[-1]
                found = Finding(False, True, at.version, at.version, at.type, f"receipt: {check.text}")
            elif check.state == "unanswerable":
                unanswered.append(f"--receipt: {check.text}")
            else:
                lines.append(f"receipt: {check.text}")
                if holds is None and "signature" in receipt:
                    lines.append("receipt: its service signature was not checked (no service key: give "
                                 "--service-key)")
                elif holds:
                    lines.append("receipt: its service signature verifies against the service key")
    if found.ok:
        lines = ([f"verdict: {verdict.headline}"] + [f"warning: {w.text}" for w in verdict.warnings]
                 + lines + [f"cannot check what was asked: {u}" for u in unanswered] + list(found.notes))
    else:
        unanswered = []
        lines = list(found.notes)
    state = ("unanswered" if unanswered else "intact") if found.ok else "tampered" if found.readable else "unreadable"
    return {"finding": found, "lines": lines, "state": state, "ok": found.ok, "readable": found.readable,
            "format": FORMAT_2 if attested else "planilla-audit/1", "line": found.line, "version": found.version,
            "type": found.type, "reason": found.reason, "game": found.game, "events": found.events,
            "head_hash": found.head_hash, "verdict": None if verdict is None or not found.ok else verdict.to_dict(),
            "receipt": receipt_report, "unanswered": unanswered, "notes": list(found.notes)}
