"""The ways the tamper tests change an export, shared by ``test_tamper.py`` (``planilla audit verify``)
and the pages' offline verifier tests (``tests/pages/test_audit_verifier.py``, ``tests/browser/test_audit_pages.py``),
so both check the very same files.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from domain.game.chain import canonical, event_hash


def single_byte_changes(data: bytes, seed: int = 1, per_byte: int = 2) -> Iterator[tuple[int, int, bytes]]:
    """Every byte of ``data`` replaced by ``per_byte`` other bytes chosen by ``random.Random(seed)``:
    (position, new byte, changed export)."""
    rng = random.Random(seed)
    for position in range(len(data)):
        for _ in range(per_byte):
            new = rng.choice([b for b in range(256) if b != data[position]])
            yield position, new, data[:position] + bytes([new]) + data[position + 1:]


def byte_changed(data: bytes, position: int, new: int) -> bytes:
    """``data`` with the byte at ``position`` replaced by ``new``."""
    return data[:position] + bytes([new]) + data[position + 1:]


def lines_of(data: bytes) -> list[bytes]:
    """The export's lines without their newlines."""
    return data.split(b"\n")[:-1]


def joined(lines: list[bytes]) -> bytes:
    """Lines back into an export."""
    return b"\n".join(lines) + b"\n"


def structural_tampers(data: bytes) -> dict[str, bytes]:
    """Events moved, dropped, cut off the end, duplicated, and one forged with a correct hash of its own."""
    lines = lines_of(data)
    header, events = lines[0], lines[1:]
    return {
        "swapped": joined([header, *events[:3], events[4], events[3], *events[5:]]),
        "dropped": joined([header, *events[:6], *events[7:]]),
        "cut": joined([header, *events[:-1]]),
        "duplicated": joined([header, *events[:5], events[4], *events[5:]]),
        "forged": forged(data),
    }


def forged(data: bytes) -> bytes:
    """Event 5 (line 6) rewritten under another actor, its hash recomputed: the next event's link breaks."""
    lines = lines_of(data)
    record = json.loads(lines[5])
    record["actor"] = "director:someone-else"
    meta = {k: record[k] for k in ("previous_hash", "actor", "device", "at")}
    record["hash"] = event_hash(record["game"], record["type"], record["version"], record["payload"], meta)
    lines[5] = canonical(record).encode()
    return joined(lines)
