"""RFC 9162 §2.1 Merkle proofs (domain.tlog.merkle) against a brute-force recomputation of every tree.

The reference below builds MTH straight from the definition of RFC 9162 §2.1.1 (no shared code); proofs
are made by ``domain.tlog.merkle`` and checked both by the §2.1.3.2 / §2.1.4.2 verifiers and by recomputing
the roots they must lead to.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from domain.seal import merkle as seal_merkle
from domain.tlog import merkle


def mth(leaves: list[bytes]) -> bytes:
    """RFC 9162 §2.1.1, literally (leaves are entries, hashed here)."""
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return hashlib.sha256(b"\x00" + leaves[0]).digest()
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    return hashlib.sha256(b"\x01" + mth(leaves[:k]) + mth(leaves[k:])).digest()


def entries(n: int) -> list[bytes]:
    return [f"seal {i}".encode() for i in range(n)]


def tree(n: int):
    data = entries(n)
    return data, merkle.from_leaves([merkle.leaf_hash(e) for e in data])


SIZES = list(range(1, 18)) + random.Random(29).sample(range(18, 300), 8)


@pytest.mark.parametrize("n", [0] + SIZES)
def test_root_is_rfc_9162_mth_and_the_seal_tree_root(n):
    """RFC 9162 §2.1.1: the root equals MTH by definition, and domain.seal's bottom-up tree over the same leaves."""
    data, subtree = tree(n)
    assert merkle.root(n, subtree) == mth(data)
    hexes = [merkle.leaf_hash(e).hex() for e in data]
    assert (seal_merkle.root(hexes) if n else seal_merkle.EMPTY_ROOT) == mth(data).hex()


@pytest.mark.parametrize("n", SIZES)
def test_every_inclusion_proof_verifies_and_a_wrong_one_fails(n):
    """RFC 9162 §2.1.3: PATH(m, D[n]) verifies for every m; another leaf, index, size or hash fails."""
    data, subtree = tree(n)
    top = mth(data)
    for m in range(n) if n < 40 else random.Random(n).sample(range(n), 12):
        path = merkle.inclusion_proof(m, n, subtree)
        leaf = merkle.leaf_hash(data[m])
        merkle.verify_inclusion(leaf, m, n, path, top)
        with pytest.raises(merkle.ProofError):
            merkle.verify_inclusion(merkle.leaf_hash(b"forged"), m, n, path, top)
        if n > 1:
            with pytest.raises(merkle.ProofError):
                merkle.verify_inclusion(leaf, (m + 1) % n, n, path, top)
            with pytest.raises(merkle.ProofError):
                merkle.verify_inclusion(leaf, m, n, path[:-1], top)
            broken = list(path)
            broken[0] = bytes(32)
            with pytest.raises(merkle.ProofError):
                merkle.verify_inclusion(leaf, m, n, broken, top)
        with pytest.raises(merkle.ProofError):
            merkle.verify_inclusion(leaf, m, n, path, mth(data + [b"one more"]))


@pytest.mark.parametrize("n", SIZES)
def test_every_consistency_proof_verifies_and_a_fork_fails(n):
    """RFC 9162 §2.1.4: PROOF(m, D[n]) verifies for every m <= n; against another old tree (a fork) it fails."""
    data, subtree = tree(n)
    top = mth(data)
    for m in range(0, n + 1) if n < 40 else random.Random(n).sample(range(1, n + 1), 12):
        proof = merkle.consistency_proof(m, n, subtree)
        old_root = mth(data[:m])
        merkle.verify_consistency(m, n, old_root, top, proof)
        if 0 < m:
            forked = mth(data[:m - 1] + [b"rewritten"])
            with pytest.raises(merkle.ProofError):
                merkle.verify_consistency(m, n, forked, top, proof)
            with pytest.raises(merkle.ProofError):
                merkle.verify_consistency(m, n, old_root, mth(data[:n - 1] + [b"other"]), proof)
        if 0 < m < n:
            with pytest.raises(merkle.ProofError):
                merkle.verify_consistency(m, n, old_root, top, proof[:-1])
            with pytest.raises(merkle.ProofError):
                merkle.verify_consistency(m, n, old_root, top, proof + [bytes(32)])


def test_proof_lengths_are_logarithmic():
    """RFC 9162 §2.1.3–2.1.4: at most ceil(log2 n) hashes for inclusion, and for consistency at most that plus one."""
    data, subtree = tree(1000)
    assert max(len(merkle.inclusion_proof(m, 1000, subtree)) for m in range(0, 1000, 37)) <= 10
    assert max(len(merkle.consistency_proof(m, 1000, subtree)) for m in range(1, 1000, 37)) <= 11


def test_edges_are_refused():
    """Out-of-range indexes and sizes are refused, never answered with a wrong proof (RFC 9162 §2.1.3.2)."""
    _, subtree = tree(5)
    with pytest.raises(merkle.ProofError):
        merkle.inclusion_proof(5, 5, subtree)
    with pytest.raises(merkle.ProofError):
        merkle.consistency_proof(6, 5, subtree)
    with pytest.raises(merkle.ProofError):
        merkle.verify_consistency(0, 5, merkle.EMPTY, merkle.root(5, subtree), [bytes(32)])
    with pytest.raises(merkle.ProofError):
        merkle.verify_consistency(5, 3, merkle.root(5, subtree), merkle.root(3, subtree), [])
