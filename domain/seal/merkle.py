"""A Merkle tree over a round's closed games, and the few hashes that prove one game is in it.

Leaves and nodes are domain-separated as in RFC 6962: a leaf is SHA-256(0x00 || canonical JSON of
``{"event", "round", "game", "version", "head_hash"}``), a node SHA-256(0x01 || left || right). Leaves
are ordered by game id; on a level with an odd count, the last node goes up unchanged. A proof is
the list of sibling hashes from the leaf up, each with the side it stands on.
"""

from __future__ import annotations

import hashlib
from typing import Any

from domain.game.chain import canonical

EMPTY_ROOT = hashlib.sha256(b"").hexdigest()


def leaf_hash(event: str | None, round_: Any, game: str, version: int, head_hash: str) -> str:
    """The leaf of one closed game: which round it was played in, and the head it closed at."""
    document = {"event": event, "round": round_, "game": str(game), "version": version, "head_hash": head_hash}
    return hashlib.sha256(b"\x00" + canonical(document).encode("utf-8")).hexdigest()


def _node(left: str, right: str) -> str:
    return hashlib.sha256(b"\x01" + bytes.fromhex(left) + bytes.fromhex(right)).hexdigest()


def levels(leaves: list[str]) -> list[list[str]]:
    """Every level of the tree, the leaves first and the root's level last."""
    found = [list(leaves)]
    while len(found[-1]) > 1:
        below = found[-1]
        above = [_node(below[i], below[i + 1]) for i in range(0, len(below) - 1, 2)]
        if len(below) % 2:
            above.append(below[-1])
        found.append(above)
    return found


def root(leaves: list[str]) -> str:
    """The root over ``leaves`` (in order); the hash of nothing for an empty round."""
    return levels(leaves)[-1][0] if leaves else EMPTY_ROOT


def proof(leaves: list[str], index: int) -> list[dict[str, str]]:
    """The sibling hashes from leaf ``index`` up to the root: ``[{"side": "left"|"right", "hash": …}]``."""
    path = []
    for level in levels(leaves)[:-1]:
        sibling = index ^ 1
        if sibling < len(level):
            path.append({"side": "left" if sibling < index else "right", "hash": level[sibling]})
        index //= 2
    return path


def root_from(leaf: str, path: list[dict[str, str]]) -> str:
    """The root a leaf and its proof lead to (compare it with the seal's)."""
    current = leaf
    for step in path:
        current = _node(step["hash"], current) if step["side"] == "left" else _node(current, step["hash"])
    return current
