"""A word list compiled into a minimal DAWG over tile tokens, and its compact binary form.

The graph is the minimal deterministic automaton of the list (words sharing a prefix share its
path, words sharing a suffix share its tail), built in one pass over the sorted words (Daciuk,
Mihov, Watson and Watson, "Incremental construction of minimal acyclic finite-state automata",
2000). It is kept as flat arrays, so that it is stored and loaded without rebuilding anything:

- ``edges``: a dict from ``node << 5 | token`` to the child node (a tile set has at most 32 tiles);
- ``final``: one byte per node, 1 where a word ends;
- ``masks``: one integer per node, bit ``t`` set when the node has an edge for token ``t``.

Pure: ``to_bytes``/``from_bytes`` turn it into bytes and back; reading and writing files is the
service's (``service/lexicon/library.py``).
"""

from __future__ import annotations

import json
import sys
from array import array
from typing import Iterable, Sequence

from domain.errors import msg


SHIFT = 5
MAGIC = b"PLANILLA-LEXICON 1\n"


class LexiconFormatError(ValueError):
    """Raised when bytes are not a compiled lexicon of this version."""


class Dawg:
    """The compiled graph: ``root``, ``edges``, ``final``, ``masks`` (see the module docstring)."""

    __slots__ = ("root", "edges", "final", "masks", "words")

    def __init__(self, root: int, edges: dict[int, int], final: bytes, masks: list[int], words: int) -> None:
        self.root = root
        self.edges = edges
        self.final = final
        self.masks = masks
        self.words = words

    @property
    def nodes(self) -> int:
        """How many states the graph has."""
        return len(self.final)

    def walk(self, tokens: Iterable[int], node: int | None = None) -> int:
        """The node reached by reading ``tokens`` from ``node`` (the root by default), or -1."""
        edges = self.edges
        node = self.root if node is None else node
        for t in tokens:
            node = edges.get(node << SHIFT | t, -1)
            if node < 0:
                return -1
        return node

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dawg) and (self.root, self.final, self.masks, self.edges, self.words) == (
            other.root, other.final, other.masks, other.edges, other.words)

    __hash__ = None  # type: ignore[assignment]

    def __contains__(self, tokens: Sequence[int]) -> bool:
        node = self.walk(tokens)
        return node >= 0 and self.final[node] == 1

    def __iter__(self):
        """Every word, as a tuple of tokens, in token order."""
        edges, final, masks = self.edges, self.final, self.masks
        stack = [(self.root, ())]
        while stack:
            node, prefix = stack.pop()
            if final[node]:
                yield prefix
            mask = masks[node]
            children = []
            while mask:
                low = mask & -mask
                t = low.bit_length() - 1
                children.append((edges[node << SHIFT | t], prefix + (t,)))
                mask ^= low
            stack.extend(reversed(children))


def build(keys: Iterable[str], chars: dict[str, int]) -> Dawg:
    """Compile words written as keys (``Speller.encode``), sorted and without repeats; ``chars`` maps
    each key character to its token number (``Speller.chars``). Any fixed order of the characters
    does: the graph is the same."""
    register: dict[tuple, int] = {}
    signatures: list[tuple] = []
    path: list[list] = [[False, {}]]  # the previous word's nodes, not yet registered: [final, {char: id}]
    prev = ""
    count = 0

    def settle(depth: int) -> None:
        """Register the nodes of ``prev`` deeper than ``depth``, replacing each by an equal one if known."""
        for d in range(len(prev), depth, -1):
            final, children = path.pop()
            signature = (final, tuple(children.items()))
            ident = register.get(signature)
            if ident is None:
                ident = register[signature] = len(signatures)
                signatures.append(signature)
            path[-1][1][prev[d - 1]] = ident

    for key in keys:
        if key <= prev and count:
            raise ValueError(f"words must be sorted and unique: {key!r} after {prev!r}")
        common = 0
        limit = min(len(key), len(prev))
        while common < limit and key[common] == prev[common]:
            common += 1
        settle(common)
        for _ in range(len(key) - common):
            path.append([False, {}])
        path[-1][0] = True
        prev = key
        count += 1
    settle(0)
    final, children = path.pop()
    root = len(signatures)
    signatures.append((final, tuple(children.items())))
    return _flatten(signatures, root, count, chars)


def _flatten(signatures: list[tuple], root: int, words: int, chars: dict[str, int]) -> Dawg:
    edges: dict[int, int] = {}
    final = bytearray(len(signatures))
    masks = [0] * len(signatures)
    for ident, (is_final, children) in enumerate(signatures):
        if is_final:
            final[ident] = 1
        mask = 0
        base = ident << SHIFT
        for char, child in children:
            t = chars[char]
            edges[base | t] = child
            mask |= 1 << t
        masks[ident] = mask
    return Dawg(root, edges, bytes(final), masks, words)


def to_bytes(dawg: Dawg, header: dict) -> bytes:
    """The graph and a JSON ``header`` (name, tile set, counts...) as one byte string."""
    keys = array("I", dawg.edges.keys())
    children = array("I", dawg.edges.values())
    masks = array("I", dawg.masks)
    if sys.byteorder != "little":
        for a in (keys, children, masks):
            a.byteswap()
    head = dict(header, root=dawg.root, nodes=dawg.nodes, edges=len(keys), words=dawg.words)
    return b"".join(
        (MAGIC, json.dumps(head, ensure_ascii=True).encode() + b"\n", keys.tobytes(), children.tobytes(),
         masks.tobytes(), dawg.final)
    )


def read_header(data: bytes) -> tuple[dict, int]:
    """The JSON header of compiled bytes and where the arrays start."""
    if not data.startswith(MAGIC):
        raise LexiconFormatError(msg("profiles.not_compiled_planilla_lexicon"))
    end = data.find(b"\n", len(MAGIC))
    try:
        header = json.loads(data[len(MAGIC):end])
    except ValueError:
        raise LexiconFormatError(msg("profiles.compiled_lexicon_header_damaged")) from None
    return header, end + 1


def from_bytes(data: bytes) -> tuple[Dawg, dict]:
    """The graph and its header back from ``to_bytes``."""
    header, at = read_header(data)
    m, n = header["edges"], header["nodes"]
    if len(data) != at + 8 * m + 4 * n + n:
        raise LexiconFormatError(msg("profiles.compiled_lexicon_truncated_damaged"))
    view = memoryview(data)
    keys, children, masks = array("I"), array("I"), array("I")
    keys.frombytes(view[at:at + 4 * m])
    children.frombytes(view[at + 4 * m:at + 8 * m])
    masks.frombytes(view[at + 8 * m:at + 8 * m + 4 * n])
    if sys.byteorder != "little":
        for a in (keys, children, masks):
            a.byteswap()
    final = bytes(view[at + 8 * m + 4 * n:])
    return Dawg(header["root"], dict(zip(keys, children)), final, masks.tolist(), header["words"]), header
