"""RFC 9162 Merkle trees: hashes, inclusion and consistency proofs, and their verification.

A leaf's hash is SHA-256(0x00 || entry), a node's SHA-256(0x01 || left || right), the empty tree's the hash
of nothing (RFC 9162 §2.1.1). Proofs are generated from ``subtree(start, end)``, any function giving the
hash of leaves ``[start, end)`` (a list of leaf hashes: ``from_leaves``; the log's store keeps the full
subtrees so that this is a few lookups), by the recursive definitions of §2.1.3.1 and §2.1.4.1, and are
verified by the iterative algorithms of §2.1.3.2 and §2.1.4.2. The root is the same as
``domain.seal.merkle.root`` over the same leaf hashes (that tree promotes an odd last node; so does RFC 9162).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

#: ``subtree(start, end) -> hash`` of the leaves ``[start, end)`` (end > start).
Subtree = Callable[[int, int], bytes]
EMPTY = hashlib.sha256(b"").digest()


class ProofError(ValueError):
    """A proof that does not verify (or cannot be asked for): the message says which check failed."""


def leaf_hash(entry: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + entry).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def split(n: int) -> int:
    """The largest power of two smaller than ``n`` (n >= 2): where RFC 9162 splits a tree of n leaves."""
    return 1 << ((n - 1).bit_length() - 1)


def from_leaves(leaves: Sequence[bytes]) -> Subtree:
    """``subtree`` over a list of leaf hashes (memoised per call site by the caller if it matters)."""
    def subtree(start: int, end: int) -> bytes:
        if end - start == 1:
            return leaves[start]
        k = split(end - start)
        return node_hash(subtree(start, start + k), subtree(start + k, end))
    return subtree


def root(size: int, subtree: Subtree) -> bytes:
    """MTH of the first ``size`` leaves (the empty tree's hash for 0)."""
    return EMPTY if size == 0 else subtree(0, size)


def inclusion_proof(index: int, size: int, subtree: Subtree) -> list[bytes]:
    """PATH(index, D[size]) of RFC 9162 §2.1.3.1."""
    if not 0 <= index < size:
        raise ProofError(f"leaf {index} is not in a tree of {size} leaves")
    path: list[bytes] = []
    start, end, m = 0, size, index
    while end - start > 1:
        k = split(end - start)
        if m < k:
            path.append(subtree(start + k, end))
            end = start + k
        else:
            path.append(subtree(start, start + k))
            start, m = start + k, m - k
    return path[::-1]


def consistency_proof(old: int, size: int, subtree: Subtree) -> list[bytes]:
    """PROOF(old, D[size]) of RFC 9162 §2.1.4.1 (empty when old is 0 or equals size)."""
    if not 0 <= old <= size:
        raise ProofError(f"no consistency proof from {old} leaves to {size}")
    if old in (0, size):
        return []
    proof: list[bytes] = []
    start, end, m, complete = 0, size, old, True
    while m != end - start:
        k = split(end - start)
        if m <= k:
            proof.append(subtree(start + k, end))
            end = start + k
        else:
            proof.append(subtree(start, start + k))
            start, m, complete = start + k, m - k, False
    if not complete:
        proof.append(subtree(start, end))
    return proof[::-1]


def verify_inclusion(leaf: bytes, index: int, size: int, path: Sequence[bytes], expected_root: bytes) -> None:
    """RFC 9162 §2.1.3.2; raises ProofError when the path does not lead from the leaf to ``expected_root``."""
    if not 0 <= index < size:
        raise ProofError(f"leaf index {index} is outside a tree of {size} leaves")
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            raise ProofError("the inclusion proof is longer than the tree is high")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError("the inclusion proof is shorter than the tree is high")
    if r != expected_root:
        raise ProofError("the inclusion proof does not lead to the checkpoint's root")


def verify_consistency(old: int, size: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]) -> None:
    """RFC 9162 §2.1.4.2; raises ProofError unless the tree of ``size`` leaves extends the one of ``old``."""
    if not 0 <= old <= size:
        raise ProofError(f"a tree of {size} leaves cannot extend one of {old}")
    if old == 0:
        if proof:
            raise ProofError("a proof from the empty tree must be empty")
        return
    if old == size:
        if proof:
            raise ProofError("a proof between trees of the same size must be empty")
        if old_root != new_root:
            raise ProofError(f"two different roots for the same size {size}: a fork")
        return
    if not proof:
        raise ProofError("the consistency proof is empty")
    path = list(proof)
    if old & (old - 1) == 0:
        path.insert(0, old_root)
    fn, sn = old - 1, size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise ProofError("the consistency proof is too long")
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError("the consistency proof is too short")
    if fr != old_root:
        raise ProofError("the consistency proof does not lead to the old root")
    if sr != new_root:
        raise ProofError("the consistency proof does not lead to the new root")
