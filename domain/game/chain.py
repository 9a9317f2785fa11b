"""The tamper-evident chain: every event carries the hash of the one before it.

An event's hash is SHA-256 over a canonical JSON document of its type, game id, version, the
previous hash, who recorded it (actor, device, time) and its payload. Changing, dropping,
inserting or reordering any event changes a hash that a later event (or signature) names, so
``verify_chain`` finds the first event that no longer fits. It needs only the exported records:
no server, no database.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable, NamedTuple

from domain.game.verdict import shown

GENESIS = "0" * 64
#: Fields of a stored event that are the library's envelope, not the recorded fact.
ENVELOPE = frozenset({"originator_id", "originator_version", "originator_topic", "timestamp", "hash"})
META = ("previous_hash", "actor", "device", "at")


def canonical(document: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, UTF-8 kept; tuples and lists print alike."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_hash(game_id: str, kind: str, version: int, payload: dict[str, Any], meta: dict[str, Any]) -> str:
    """The hash an event must carry, from everything it records."""
    document = {
        "game": str(game_id),
        "type": kind,
        "version": version,
        "previous_hash": meta["previous_hash"],
        "actor": meta["actor"],
        "device": meta["device"],
        "at": meta["at"],
        "payload": payload,
    }
    return hashlib.sha256(canonical(document).encode("utf-8")).hexdigest()


class ChainRecord(NamedTuple):
    """One event as exported for an audit: enough to recompute its hash offline."""

    game: str
    type: str
    version: int
    previous_hash: str
    hash: str
    actor: str
    device: str | None
    at: str
    payload: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the record."""
        return self._asdict()


def record_of(event: Any) -> ChainRecord:
    """Turn a stored Game event into its chain record (payload = every field but envelope and meta)."""
    fields = dict(vars(event))
    payload = {k: v for k, v in fields.items() if k not in ENVELOPE and k not in META}
    return ChainRecord(
        game=str(fields["originator_id"]),
        type=type(event).__qualname__.split(".")[-1],
        version=fields["originator_version"],
        previous_hash=fields["previous_hash"],
        hash=fields["hash"],
        actor=fields["actor"],
        device=fields["device"],
        at=fields["at"],
        payload=json.loads(canonical(payload)),
    )


class ChainBreak(NamedTuple):
    """Where and why verification failed: the first event that does not fit."""

    version: int
    index: int
    reason: str


def verify_chain(records: Iterable[ChainRecord | dict[str, Any]]) -> ChainBreak | None:
    """Recompute every hash and link; check every signature names the head it signed. None when intact."""
    previous = GENESIS
    expected_version = 1
    game = None
    for index, raw in enumerate(records):
        rec = raw if isinstance(raw, ChainRecord) else ChainRecord(**raw)
        if game is None:
            game = rec.game
        if rec.game != game:
            return ChainBreak(rec.version, index, f"event belongs to game {shown(rec.game)}, not {shown(game)}")
        if rec.version != expected_version:
            return ChainBreak(rec.version, index, f"version {shown(rec.version)} where {expected_version} was expected")
        if rec.previous_hash != previous:
            return ChainBreak(rec.version, index, "previous_hash does not match the hash of the event before it")
        meta = {"previous_hash": rec.previous_hash, "actor": rec.actor, "device": rec.device, "at": rec.at}
        if event_hash(rec.game, rec.type, rec.version, rec.payload, meta) != rec.hash:
            return ChainBreak(rec.version, index, "the recorded content does not match its hash")
        if rec.type == "SheetSigned" and rec.payload.get("head_hash") != previous:
            return ChainBreak(rec.version, index, "the signature names a history that is not the one before it")
        previous = rec.hash
        expected_version += 1
    return None
