"""Checking a checkpoint without trusting anyone: the log's signature, a quorum of witnesses' cosignatures,
and an entry's inclusion proof in that tree.

A witness key counts once however many lines it signed; witnesses whose keys are not given are ignored
(signed-note); a cosignature that fails from a given key rejects the note.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.tlog import merkle
from domain.tlog.checkpoint import Checkpoint
from domain.tlog.note import COSIGNATURE_V1, ED25519, NoteError, parse, verify
from service.federation.keys import verifier_of


class CheckpointRefused(ValueError):
    pass


@dataclass
class Report:
    checkpoint: Checkpoint
    witnesses: list[str] = field(default_factory=list)
    included: int | None = None


def verify_checkpoint(note_text: str, log_key: str, witness_keys: list[str], quorum: int,
                      entry: bytes | None = None, index: int | None = None,
                      proof: list[bytes] | None = None) -> Report:
    """The checkpoint, the witnesses whose cosignature verified, and (when ``entry`` is given) the entry's
    index after its inclusion proof verified; CheckpointRefused naming the first check that failed."""
    if quorum > len(witness_keys):
        raise CheckpointRefused(f"a quorum of {quorum} needs at least {quorum} witness keys (--witness)")
    try:
        log = verifier_of(log_key, ED25519)
        note = parse(note_text)
        checkpoint = Checkpoint.parse(note.text)
        if checkpoint.origin != log.name:
            raise CheckpointRefused(f"the checkpoint's origin {checkpoint.origin!r} is not the log key's name "
                                    f"{log.name!r}")
        verify(note, [log])
        witnesses = {(w.name, w.id): w for w in (verifier_of(k, COSIGNATURE_V1) for k in witness_keys)}
        cosigned = set()
        for sig in note.signatures:
            witness = witnesses.get((sig.name, sig.id))
            if witness is None:
                continue  # an unknown key: ignored (signed-note, Signatures)
            if not witness.check(note.text.encode("utf-8"), sig.signature):
                raise CheckpointRefused(f"the cosignature of {sig.name} does not verify: the note is rejected")
            cosigned.add(f"{sig.name}+{sig.id.hex()}")
    except NoteError as exc:
        raise CheckpointRefused(str(exc)) from exc
    if len(cosigned) < quorum:
        raise CheckpointRefused(f"{len(cosigned)} of the given witnesses cosigned; the quorum is {quorum}")
    report = Report(checkpoint, sorted(cosigned))
    if entry is not None:
        if index is None or proof is None:
            raise CheckpointRefused("an inclusion check needs the entry's index and proof")
        try:
            merkle.verify_inclusion(merkle.leaf_hash(entry), index, checkpoint.size, proof, checkpoint.root)
        except merkle.ProofError as exc:
            raise CheckpointRefused(f"inclusion: {exc}") from exc
        report.included = index
    return report
