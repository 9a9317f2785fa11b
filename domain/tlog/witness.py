"""What a C2SP tlog-witness answers to ``POST /add-checkpoint`` (c2sp.org/tlog-witness), decided purely.

The request body: ``old <size>``, zero to 63 base64 consistency-proof lines, a blank line, then the signed
checkpoint. Given the logs the witness knows (origin -> its keys' verifiers) and what it last cosigned for
each (size, root), ``decide`` answers as the protocol says: 400 for a malformed body or an old size above
the checkpoint's; 404 for an unknown origin; 403 when no trusted log signature verifies or one fails; 409
(body: the latest cosigned size) when the old size is not the one it cosigned last; 422 when the proof
does not verify, when it is not empty from size 0, or when the same size comes with another root (a fork).
Otherwise 200 and the checkpoint to cosign: the caller signs (``domain.tlog.cosignature``) and stores the
new (size, root) atomically with the check. A fork stays refused for ever: nothing is cosigned that is not
consistent with the last cosigned tree, which never goes back.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from domain.tlog.checkpoint import Checkpoint, EmptyRootError
from domain.tlog.merkle import EMPTY, ProofError, verify_consistency
from domain.tlog.note import NoteError, Verifier, b64decode, parse, verify

MAX_PROOF = 63


@dataclass(frozen=True)
class Answer:
    status: int
    body: str
    checkpoint: Checkpoint | None = None
    #: A validly signed checkpoint that failed a consistency check: evidence of misbehaviour, kept by the caller.
    evidence: bool = False

    @property
    def content_type(self) -> str:
        return "text/x.tlog.size" if self.status == 409 else "text/plain; charset=utf-8"


def read_request(body: str) -> tuple[int, list[bytes], str]:
    """(old size, proof, checkpoint note); NoteError (a 400) when the body breaks the protocol's shape."""
    head, sep, note = body.partition("\n\n")
    if not sep:
        raise NoteError("add-checkpoint: the body needs a blank line before the checkpoint (tlog-witness)")
    lines = head.split("\n")
    first = lines[0]
    size = first.removeprefix("old ")
    if first == size or not size.isascii() or not size.isdigit() or (size != "0" and size.startswith("0")):
        raise NoteError("add-checkpoint: the first line is 'old <size>' in decimal (tlog-witness)")
    if len(lines) - 1 > MAX_PROOF:
        raise NoteError(f"add-checkpoint: at most {MAX_PROOF} consistency proof lines (tlog-witness)")
    proof = [b64decode(line, "consistency proof line") for line in lines[1:]]
    if any(len(h) != 32 for h in proof):
        raise NoteError("add-checkpoint: each consistency proof line is a 32-byte hash")
    return int(size), proof, note


def request_body(old: int, proof: list[bytes], note: str) -> str:
    """The body a log sends (the inverse of ``read_request``)."""
    return f"old {old}\n" + "".join(base64.b64encode(h).decode() + "\n" for h in proof) + "\n" + note


def decide(body: str, logs: dict[str, list[Verifier]], latest: dict[str, tuple[int, bytes]]) -> Answer:
    try:
        old, proof, note_text = read_request(body)
        note = parse(note_text)
        checkpoint = Checkpoint.parse(note.text)
    except EmptyRootError as exc:
        return Answer(422, f"{exc}\n")
    except NoteError as exc:
        return Answer(400, f"{exc}\n")
    verifiers = logs.get(checkpoint.origin)
    if verifiers is None:
        return Answer(404, f"unknown log origin {checkpoint.origin!r}\n")
    try:
        verify(note, verifiers)
    except NoteError as exc:
        return Answer(403, f"{exc}\n")
    if old > checkpoint.size:
        return Answer(400, f"old size {old} is above the checkpoint's size {checkpoint.size} (tlog-witness)\n")
    known_size, known_root = latest.get(checkpoint.origin, (0, EMPTY))
    if old != known_size:
        return Answer(409, f"{known_size}\n")
    try:
        verify_consistency(old, checkpoint.size, known_root, checkpoint.root, proof)
    except ProofError as exc:
        return Answer(422, f"{exc} (tlog-witness, RFC 9162 §2.1.4.2)\n", checkpoint, evidence=True)
    return Answer(200, "", checkpoint)
