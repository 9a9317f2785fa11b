"""A game's proof bundle (``planilla-bundle/1``): its export, its round seal, the seal's inclusion proof in the
public log and a cosigned checkpoint, made by the federation and checked offline by anyone.

``verify_bundle`` needs no server and trusts no one but the witnesses' keys it is given: the export is
checked by ``planilla audit verify``'s code against the seal (the game's closed head is a leaf of the seal,
signed by the seal's service key), the seal's log entry against the checkpoint's tree (RFC 9162 inclusion),
and the checkpoint against the log's key and a quorum of the witnesses. A history rewritten after its seal
was logged fails, whoever rewrote it and whatever keys it registers: its head is not the one sealed, and a
new seal is not in the tree the witnesses cosigned.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from domain.tlog.checkpoint import Checkpoint
from domain.tlog.entries import seal_entry
from domain.tlog.note import parse
from service.federation.verify import CheckpointRefused, verify_checkpoint
from service.trust.verdict import file_report

FORMAT = "planilla-bundle/1"


def bundle_of(archive: Any, game: str, witnesses: list[str], timeout: float = 5.0) -> dict[str, Any] | str:
    """The game's bundle from the archive, or why there is none (a checkpoint covering its seal is signed and
    witnessed now when the latest does not cover it)."""
    found = archive.export_of(game)
    if found is None:
        return f"no game {game} in the archive"
    data, row = found
    sealed = archive.seal_with(game, row["head_hash"])
    if sealed is None:
        return f"the game {game}'s history as archived is in no logged round seal yet"
    seal, index = sealed
    log = archive.log
    size = log.latest_size()
    if size is None or size <= index:
        log.cosign(witnesses, timeout=timeout)
        size = log.latest_size()
    return {"format": FORMAT, "game": game, "export": data.decode("utf-8"), "seal": seal,
            "log": {"origin": log.origin, "key": log.key.log_vkey(), "index": index, "size": size,
                    "proof": [base64.b64encode(h).decode() for h in log.inclusion(index, size)],
                    "checkpoint": log.note_at(size)}}


class BundleRefused(ValueError):
    """A bundle that does not prove its game: ``readable`` False when it cannot even be read."""

    def __init__(self, message: str, readable: bool = True) -> None:
        super().__init__(message)
        self.readable = readable


def verify_bundle(text: str, witness_keys: list[str], quorum: int, log_key: str | None = None) -> list[str]:
    """The lines of a verified bundle's report; ``BundleRefused`` naming the first check that fails."""
    try:
        bundle = json.loads(text)
        assert bundle.get("format") == FORMAT, f"not a {FORMAT} document"
        export = bundle["export"].encode("utf-8")
        seal = bundle["seal"]
        log = bundle["log"]
        proof = [base64.b64decode(h, validate=True) for h in log["proof"]]
        index, size, note = int(log["index"]), int(log["size"]), log["checkpoint"]
        entry = seal_entry(seal)
    except (ValueError, KeyError, TypeError, AssertionError, AttributeError) as error:
        raise BundleRefused(f"the bundle cannot be read: {error}", readable=False) from None
    report = file_report(export, seal.get("service_key"), seal, None)
    if not report["ok"]:
        raise BundleRefused(f"the game: {report['finding'].describe()}", report["readable"])
    key = log_key or log.get("key")
    try:
        checked = verify_checkpoint(note, key, witness_keys, quorum, entry=entry, index=index, proof=proof)
    except CheckpointRefused as refused:
        raise BundleRefused(f"the log: {refused}") from None
    point = Checkpoint.parse(parse(note).text)
    if point.size != size:
        raise BundleRefused(f"the log: the proof is for a tree of {size} seals, the checkpoint's has {point.size}")
    lines = [f"game {bundle.get('game')}: {report['finding'].describe()}"]
    lines += [f"  verdict: {report['verdict']['headline']}" if report.get("verdict") else "  verdict: —"]
    lines += [f"  the game's closed head is in the seal of {seal['event']} round {seal['round']} "
              f"({seal['count']} games, signed by {seal['fingerprint'][:16]}…)",
              f"  the seal is entry {index} of the log {point.origin} ({point.size} seals), signed by the log's key",
              f"  cosigned by {len(checked.witnesses)} of the witnesses given (quorum {quorum}): "
              + (", ".join(checked.witnesses) or "none")]
    return lines
