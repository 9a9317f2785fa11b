"""The audit trail of a game and its verification, read straight from the event store.

No read model stands between an auditor and the events: ``audit_trail`` lists every stored event
in order (time, actor, device, the hash link, signatures), ``audit_report`` recomputes the chain
(``domain.game.chain.verify_chain``: every hash, every link, every signature's head) and says
where the first break is and why. An event whose class this code does not know is still listed
(its type from the stored topic, its fields as stored), and an event that cannot be read at all
is where the verification breaks.
"""

from __future__ import annotations

import uuid
from typing import Any

from domain.game.chain import ENVELOPE, META, ChainRecord, canonical, event_hash, record_of, verify_chain
from projections.errors import GameNotFound


class Unreadable(Exception):
    """Raised inside the audit when a stored event cannot be decoded at all."""


def _type_of(topic: str) -> str:
    return topic.rsplit(":", 1)[-1].rsplit(".", 1)[-1]


def _decoded(app: Any, stored: Any) -> tuple[ChainRecord, Any]:
    """The chain record of a stored event and its library timestamp, with or without its class."""
    import json

    try:
        event = app.mapper.to_domain_event(stored)
        return record_of(event), getattr(event, "timestamp", None)
    except Exception as error:  # noqa: BLE001 - an unknown class, or bytes that do not decode
        mapper = app.mapper
        try:
            state = stored.state
            if mapper.cipher:
                state = mapper.cipher.decrypt(state)
            if mapper.compressor:
                state = mapper.compressor.decompress(state)
            fields = mapper.transcoder.decode(state)
        except Exception:  # noqa: BLE001 - whatever the bytes do, the event is unreadable
            raise Unreadable(f"the stored event cannot be read: {error}") from error
    fields = dict(fields)
    payload = {k: v for k, v in fields.items() if k not in ENVELOPE and k not in META}
    record = ChainRecord(game=str(stored.originator_id), type=_type_of(stored.topic),
                         version=stored.originator_version, previous_hash=fields.get("previous_hash", ""),
                         hash=fields.get("hash", ""), actor=fields.get("actor", ""), device=fields.get("device"),
                         at=fields.get("at", ""), payload=json.loads(canonical(payload)))
    return record, fields.get("timestamp")


def _read(app: Any, game_id: uuid.UUID) -> tuple[list[tuple[ChainRecord, Any]], dict[str, Any] | None]:
    """Every readable event of the game in order, and the first one that could not be read."""
    stored = app.recorder.select_events(game_id)
    if not stored:
        raise GameNotFound(game_id)
    out: list[tuple[ChainRecord, Any]] = []
    for item in stored:
        try:
            out.append(_decoded(app, item))
        except Unreadable as error:
            return out, {"sequence": item.originator_version, "index": len(out), "type": _type_of(item.topic),
                         "reason": str(error)}
    return out, None


def _entry(record: ChainRecord, stored_at: Any) -> dict[str, Any]:
    entry = {"sequence": record.version, "type": record.type, "recorded_at": record.at,
             "stored_at": stored_at.isoformat() if hasattr(stored_at, "isoformat") else stored_at,
             "actor": record.actor, "device": record.device, "hash": record.hash,
             "previous_hash": record.previous_hash, "payload": record.payload}
    if record.type == "SheetSigned":
        entry["signature"] = {k: record.payload.get(k) for k in ("seat", "head_hash", "signature")}
    return entry


def audit_trail(app: Any, game_id: uuid.UUID) -> dict[str, Any]:
    """Every event of the game in order, with time, actor, device, hash link; the signatures apart."""
    records, unreadable = _read(app, game_id)
    events = [_entry(r, ts) for r, ts in records]
    players = records[0][0].payload.get("players", []) if records else []
    signatures = [
        {"seat": e["signature"]["seat"], "name": _name(players, e["signature"]["seat"]), "sequence": e["sequence"],
         "head_hash": e["signature"]["head_hash"], "signature": e["signature"]["signature"],
         "recorded_at": e["recorded_at"], "actor": e["actor"], "device": e["device"]}
        for e in events if "signature" in e]
    return {"game_id": str(game_id), "players": players, "events": events, "signatures": signatures,
            "count": len(events) + (1 if unreadable else 0), "head_hash": events[-1]["hash"] if events else None,
            "unreadable": unreadable}


def _name(players: list[str], seat: Any) -> str | None:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None


def audit_report(app: Any, game_id: uuid.UUID) -> dict[str, Any]:
    """Recompute the chain and check every signature; ``ok`` and, if not, the first break precisely."""
    pairs, unreadable = _read(app, game_id)
    records = [r for r, _ in pairs]
    broken = verify_chain(records)
    first = None
    if broken is not None:
        rec = records[broken.index]
        meta = {"previous_hash": rec.previous_hash, "actor": rec.actor, "device": rec.device, "at": rec.at}
        first = {"sequence": broken.version, "index": broken.index, "type": rec.type, "reason": broken.reason,
                 "recorded_hash": rec.hash, "computed_hash": event_hash(rec.game, rec.type, rec.version,
                                                                        rec.payload, meta),
                 "expected_previous_hash": records[broken.index - 1].hash if broken.index else None,
                 "recorded_previous_hash": rec.previous_hash, "recorded_at": rec.at, "actor": rec.actor,
                 "device": rec.device}
    elif unreadable is not None:
        first = dict(unreadable)
    limit = first["sequence"] if first else None
    players = records[0].payload.get("players", []) if records else []
    signatures = []
    for i, rec in enumerate(records):
        if rec.type == "SheetSigned":
            signatures.append(_signature(rec, records[i - 1] if i else None, records[i + 1:], players, limit))
    return {"game_id": str(game_id), "ok": first is None, "events": len(records) + (1 if unreadable else 0),
            "head_hash": records[-1].hash if records else None, "first_break": first, "signatures": signatures,
            "closed": any(r.type == "GameClosed" for r in records)
            and not any(r.type == "GameReopened" for r in records[_last(records, "GameClosed"):])}


def _last(records: list[ChainRecord], kind: str) -> int:
    return max((i for i, r in enumerate(records) if r.type == kind), default=0)


def _signature(rec: ChainRecord, before: ChainRecord | None, after: list[ChainRecord], players: list[str],
               limit: int | None) -> dict[str, Any]:
    """One signature: does it name the history right before it, and does that history verify?"""
    seat = rec.payload.get("seat")
    head = rec.payload.get("head_hash")
    if before is None or head != before.hash:
        valid, reason = False, "names a head that is not the event before it"
    elif limit is not None and limit <= rec.version:
        valid, reason = False, f"binds a history that fails verification at event {limit}"
    elif not str(rec.payload.get("signature") or "").strip():
        valid, reason = False, "empty signature"
    else:
        valid, reason = True, "binds the verified history up to event " + str(rec.version - 1)
    voided = any(r.type == "GameReopened" for r in after)
    return {"seat": seat, "name": _name(players, seat), "sequence": rec.version, "head_hash": head,
            "valid": valid, "voided_by_reopening": voided, "reason": reason}
