"""What a round seal puts in the log: its signed fields as canonical JSON, hashes only.

The entry is ``{"format", "event", "round", "count", "root", "sealed_at", "service_key", "signature"}`` of a
``planilla-seal/1`` document (its ``games`` list and fingerprint are left out: the root commits to the
games, the fingerprint is the key's hash). Games enter only as the root over their heads' hashes, so no
player's name is ever in the log, and a player hidden from the pages breaks no proof.
"""

from __future__ import annotations

from typing import Any

from domain.game.chain import canonical

FIELDS = ("format", "event", "round", "count", "root", "sealed_at", "service_key", "signature")


class EntryError(ValueError):
    pass


def seal_entry(seal: dict[str, Any]) -> bytes:
    """The log entry of a round seal (UTF-8 canonical JSON of ``FIELDS``)."""
    missing = [name for name in FIELDS if name not in seal]
    if missing or seal.get("format") != "planilla-seal/1":
        raise EntryError(f"not a planilla-seal/1 document (missing: {', '.join(missing) or 'format'})")
    return canonical({name: seal[name] for name in FIELDS}).encode("utf-8")
