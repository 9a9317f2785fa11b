"""What a C2SP tlog-witness answers to add-checkpoint (domain.tlog.witness.decide), case by case.

c2sp.org/tlog-witness, "add-checkpoint": 404 unknown origin; 403 no trusted signature or a failing one; 400
old size above the checkpoint's; 409 with the latest cosigned size (text/x.tlog.size) on a mismatch; 422
for a non-empty proof from 0, a proof that fails, the same size with another root, or a size-0 checkpoint
whose root is not the empty tree's; 200 otherwise.
"""

from __future__ import annotations

import base64

from domain.tlog import merkle
from domain.tlog.checkpoint import Checkpoint
from domain.tlog.note import sign
from domain.tlog.witness import decide, request_body
from service.federation.keys import NamedKey, verifier_of

LOG = NamedKey.generate("fisc.cat/seals")
LOGS = {LOG.name: [verifier_of(LOG.log_vkey())]}


def leaves(n, salt=b""):
    return [merkle.leaf_hash(salt + b"%d" % i) for i in range(n)]


def note(size, salt=b"", key=LOG, origin=None):
    return sign(Checkpoint(origin or key.name, size, merkle.root(size, merkle.from_leaves(leaves(size, salt)))).body(),
                [key.note_signer()])


def root(size, salt=b""):
    return merkle.root(size, merkle.from_leaves(leaves(size, salt)))


def test_first_checkpoint_from_zero_is_accepted():
    """tlog-witness: old size 0 and an empty proof for a log never cosigned: 200."""
    answer = decide(request_body(0, [], note(5)), LOGS, {})
    assert answer.status == 200 and answer.checkpoint.size == 5


def test_consistent_extension_is_accepted_and_a_bad_proof_is_422():
    """tlog-witness: a proof from the last cosigned size verifies (RFC 6962 §2.1.2): 200; a wrong one: 422."""
    proof = merkle.consistency_proof(5, 9, merkle.from_leaves(leaves(9)))
    latest = {LOG.name: (5, root(5))}
    assert decide(request_body(5, proof, note(9)), LOGS, latest).status == 200
    bad = decide(request_body(5, proof[:-1] + [bytes(32)], note(9)), LOGS, latest)
    assert bad.status == 422 and bad.evidence


def test_fork_of_the_same_size_is_422():
    """tlog-witness: old size equal to the checkpoint's with another root: 422 (a fork)."""
    answer = decide(request_body(5, [], note(5, salt=b"x")), LOGS, {LOG.name: (5, root(5))})
    assert answer.status == 422 and "fork" in answer.body


def test_inconsistent_bigger_tree_is_422():
    """tlog-witness: a bigger tree whose proof cannot start from the cosigned root: 422."""
    forked = merkle.from_leaves(leaves(9, salt=b"x"))
    answer = decide(request_body(5, merkle.consistency_proof(5, 9, forked), note(9, salt=b"x")), LOGS,
                    {LOG.name: (5, root(5))})
    assert answer.status == 422


def test_old_size_mismatch_is_409_with_the_latest_size():
    """tlog-witness: old size not the latest cosigned: 409, body the size and a newline, text/x.tlog.size."""
    answer = decide(request_body(0, [], note(9)), LOGS, {LOG.name: (5, root(5))})
    assert (answer.status, answer.body, answer.content_type) == (409, "5\n", "text/x.tlog.size")


def test_smaller_tree_is_400():
    """tlog-witness: old size above the checkpoint's size: 400 (a log going back is never cosigned)."""
    assert decide(request_body(5, [], note(3)), LOGS, {LOG.name: (5, root(5))}).status == 400


def test_unknown_origin_404_and_bad_signature_403():
    """tlog-witness: unknown origin 404; no trusted signature, or a failing one, 403."""
    stranger = NamedKey.generate("other.example/log")
    assert decide(request_body(0, [], note(3, key=stranger)), LOGS, {}).status == 404
    impostor = NamedKey.generate(LOG.name)  # same name, another key: its signature is not trusted
    assert decide(request_body(0, [], note(3, key=impostor)), LOGS, {}).status == 403
    good = note(3)
    tampered = good.replace(base64.b64encode(root(3)).decode(), base64.b64encode(root(3, b"y")).decode())
    assert decide(request_body(0, [], tampered), LOGS, {}).status == 403


def test_proof_from_zero_must_be_empty_and_empty_tree_root_checked():
    """tlog-witness: a proof from size 0 must be empty (422); a size-0 checkpoint must have the empty root (422)."""
    assert decide(request_body(0, [bytes(32)], note(3)), LOGS, {}).status == 422
    wrong = sign(f"{LOG.name}\n0\n{base64.b64encode(bytes(32)).decode()}\n", [LOG.note_signer()])
    assert decide(request_body(0, [], wrong), LOGS, {}).status == 422


def test_malformed_body_is_400():
    """tlog-witness: the body is 'old N', proof lines, a blank line, the checkpoint; else 400."""
    for body in ["old 01\n\n" + note(3), "new 0\n\n" + note(3), "old 0\n" + note(3), "old 0\nAAAA\n\n" + note(3)]:
        assert decide(body, LOGS, {}).status == 400
