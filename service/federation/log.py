"""The public log of round seals: an append-only RFC 9162 Merkle log in the federation's store (PostgreSQL, or a
SQLite file: ``service.federation.store``).

Each leaf is a round seal's entry (``domain.tlog.entries.seal_entry``: hashes and the service's signature,
never a player's name). Beside the leaves the file keeps every full subtree's hash (a node covering
``2^level`` leaves from ``index * 2^level``), written when its last leaf is appended, so a root or a proof
is a few lookups whatever the size. A checkpoint (C2SP tlog-checkpoint, origin = the log key's name) is
signed by the log's Ed25519 key; ``cosign`` asks witnesses (C2SP tlog-witness ``add-checkpoint``) and keeps
the note with their cosignatures. Nothing is ever deleted or rewritten: the log cannot sign a tree
inconsistent with one it signed before, since it only ever signs its own prefix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.tlog import merkle
from domain.tlog.checkpoint import Checkpoint
from domain.tlog.note import sign
from domain.tlog.witness import request_body
from service.federation.keys import NamedKey
from service.federation.store import Db

SCHEMA = """
CREATE TABLE IF NOT EXISTS leaves (idx BIGINT PRIMARY KEY, entry {blob} NOT NULL, hash {blob} NOT NULL);
CREATE INDEX IF NOT EXISTS leaves_by_hash ON leaves (hash);
CREATE TABLE IF NOT EXISTS nodes (level INTEGER NOT NULL, idx BIGINT NOT NULL, hash {blob} NOT NULL,
                                  PRIMARY KEY (level, idx));
CREATE TABLE IF NOT EXISTS checkpoints (size INTEGER PRIMARY KEY, note TEXT NOT NULL, cosigned TEXT);
CREATE TABLE IF NOT EXISTS witnessed (witness TEXT PRIMARY KEY, size INTEGER NOT NULL);
"""


class LogError(ValueError):
    pass


class SealLog:
    def __init__(self, where: Path | str | Db, key: NamedKey, made: bool = False) -> None:
        """The log in ``where``: an open connection to the federation's store, or a store's URL or file
        (``made``: its tables exist already)."""
        self.key = key
        self.origin = key.name
        self.owned = not isinstance(where, Db)
        self._cache: dict[tuple[int, int], bytes] | None = None
        self.db = Db(where) if self.owned else where
        if not made:
            self.db.script(SCHEMA)

    def close(self) -> None:
        if self.owned:
            self.db.close()

    @property
    def size(self) -> int:
        return self.db.one("SELECT COALESCE(MAX(idx) + 1, 0) FROM leaves")[0]

    def append(self, entries: list[bytes]) -> list[int]:
        """Append entries (in one transaction) and return their indexes; an entry already logged keeps its index.
        The new nodes are computed in memory (only the tree's right edge is read) and written in two statements."""
        found: list[int] = []
        with self.db.transaction(lock="planilla-log"):
            n = self.size
            hashes = [merkle.leaf_hash(entry) for entry in entries]
            known = self._indexes(hashes)
            leaves, nodes, made = [], [], {}
            for entry, leaf in zip(entries, hashes):
                if leaf in known:
                    found.append(known[leaf])
                    continue
                known[leaf] = n
                leaves.append((n, entry, leaf))
                nodes.append((0, n, leaf))
                level, index, current = 0, n, leaf
                while index & 1:
                    left = made.get((level, index - 1)) or self._node(level, index - 1)
                    current = merkle.node_hash(left, current)
                    level, index = level + 1, index >> 1
                    nodes.append((level, index, current))
                    made[(level, index)] = current
                made[(0, n)] = leaf
                found.append(n)
                n += 1
            self.db.many("INSERT INTO leaves VALUES (?, ?, ?)", leaves)
            self.db.many("INSERT INTO nodes VALUES (?, ?, ?)", nodes)
        return found

    def _indexes(self, hashes: list[bytes]) -> dict[bytes, int]:
        """The index of each of these leaf hashes already logged."""
        known: dict[bytes, int] = {}
        for start in range(0, len(hashes), 500):
            chunk = hashes[start:start + 500]
            marks = ", ".join("?" for _ in chunk)
            for leaf, index in self.db.all(f"SELECT hash, idx FROM leaves WHERE hash IN ({marks})", chunk):
                known[bytes(leaf)] = index
        return known

    def _node(self, level: int, index: int) -> bytes:
        cached = self._cache.get((level, index)) if self._cache else None
        if cached is not None:
            return cached
        return self.db.execute("SELECT hash FROM nodes WHERE level = ? AND idx = ?", (level, index)).fetchone()[0]

    def subtree(self, start: int, end: int) -> bytes:
        """The hash of leaves ``[start, end)``: a stored full subtree, or two halves joined (RFC 9162 §2.1.1)."""
        n = end - start
        if n & (n - 1) == 0 and start % n == 0:
            return self._node(n.bit_length() - 1, start // n)
        k = merkle.split(n)
        return merkle.node_hash(self.subtree(start, start + k), self.subtree(start + k, end))

    def _within(self, size: int) -> None:
        if not 0 <= size <= self.size:
            raise LogError(f"the log has {self.size} leaves, not {size}")

    def root(self, size: int | None = None) -> bytes:
        size = self.size if size is None else size
        self._within(size)
        return merkle.root(size, self.subtree)

    def entry(self, index: int) -> bytes:
        row = self.db.execute("SELECT entry FROM leaves WHERE idx = ?", (index,)).fetchone()
        if row is None:
            raise LogError(f"no leaf {index}")
        return row[0]

    def index_of(self, entry: bytes) -> int | None:
        row = self.db.execute("SELECT idx FROM leaves WHERE hash = ?", (merkle.leaf_hash(entry),)).fetchone()
        return None if row is None else row[0]

    def _keys(self, start: int, end: int) -> list[tuple[int, int]]:
        """The stored nodes ``subtree(start, end)`` reads."""
        n = end - start
        if n & (n - 1) == 0 and start % n == 0:
            return [(n.bit_length() - 1, start // n)]
        k = merkle.split(n)
        return self._keys(start, start + k) + self._keys(start + k, end)

    def _read_together(self, proof: Any, *args: int) -> list[bytes]:
        """``proof(*args, subtree)`` with every stored node it needs read in one query, not one each: the
        ranges a proof asks for depend on the sizes alone, so a first pass with no hashes names them."""
        ranges: list[tuple[int, int]] = []
        proof(*args, lambda start, end: ranges.append((start, end)) or bytes(32))
        keys = sorted({key for start, end in ranges for key in self._keys(start, end)})
        self._cache = {}
        try:
            for at in range(0, len(keys), 200):
                chunk = keys[at:at + 200]
                where = " OR ".join("(level = ? AND idx = ?)" for _ in chunk)
                for level, idx, digest in self.db.all(f"SELECT level, idx, hash FROM nodes WHERE {where}",
                                                      [v for key in chunk for v in key]):
                    self._cache[(level, idx)] = bytes(digest)
            return proof(*args, self.subtree)
        finally:
            self._cache = None

    def inclusion(self, index: int, size: int) -> list[bytes]:
        self._within(size)
        return self._read_together(merkle.inclusion_proof, index, size)

    def consistency(self, old: int, size: int) -> list[bytes]:
        self._within(size)
        return self._read_together(merkle.consistency_proof, old, size)

    def checkpoint(self) -> str:
        """Sign the current tree (or return the note already signed for this size)."""
        size = self.size
        row = self.db.execute("SELECT note FROM checkpoints WHERE size = ?", (size,)).fetchone()
        if row is not None:
            return row[0]
        note = sign(Checkpoint(self.origin, size, self.root(size)).body(), [self.key.note_signer()])
        self.db.execute("INSERT INTO checkpoints (size, note) VALUES (?, ?) ON CONFLICT DO NOTHING", (size, note))
        return self.db.one("SELECT note FROM checkpoints WHERE size = ?", (size,))[0]

    def latest_size(self) -> int | None:
        """The size of the latest signed checkpoint (None before the first)."""
        row = self.db.one("SELECT MAX(size) FROM checkpoints")
        return None if row is None or row[0] is None else int(row[0])

    def note_at(self, size: int) -> str | None:
        """The checkpoint of that size, with the cosignatures received."""
        row = self.db.one("SELECT COALESCE(cosigned, note) FROM checkpoints WHERE size = ?", (size,))
        return None if row is None else row[0]

    def latest(self) -> str | None:
        """The latest checkpoint, cosigned when witnesses answered."""
        row = self.db.execute("SELECT COALESCE(cosigned, note) FROM checkpoints ORDER BY size DESC LIMIT 1").fetchone()
        return None if row is None else row[0]

    def cosign(self, witnesses: list[str], timeout: float = 5.0) -> tuple[str, dict[str, str]]:
        """Ask each witness (its base URL) to cosign the current checkpoint; the note with every cosignature
        received, and what each witness that did not cosign answered."""
        import httpx

        note = self.checkpoint()
        size = Checkpoint.parse(note[:note.rfind("\n\n") + 1]).size
        lines, failures = [], {}
        with httpx.Client(timeout=timeout) as client:
            for url in witnesses:
                row = self.db.execute("SELECT size FROM witnessed WHERE witness = ?", (url,)).fetchone()
                old = 0 if row is None else row[0]
                for _ in range(2):
                    body = request_body(old, self.consistency(old, size) if old <= size else [], note)
                    try:
                        answer = client.post(url.rstrip("/") + "/add-checkpoint", content=body.encode("utf-8"))
                    except httpx.HTTPError as exc:
                        failures[url] = f"unreachable: {exc}"
                        break
                    if answer.status_code == 409 and answer.text.strip().isdigit() and int(answer.text) <= size:
                        old = int(answer.text)  # the witness knows another size: prove from there, once
                        continue
                    if answer.status_code == 200:
                        lines.append(answer.text)
                        self.db.execute("INSERT INTO witnessed VALUES (?, ?) ON CONFLICT (witness) DO UPDATE "
                                        "SET size = excluded.size", (url, size))
                    else:
                        failures[url] = f"{answer.status_code}: {answer.text.strip()}"
                    break
        cosigned = note + "".join(lines)
        self.db.execute("UPDATE checkpoints SET cosigned = ? WHERE size = ?", (cosigned, size))
        return cosigned, failures
