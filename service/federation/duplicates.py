"""A finished duplicate game, pushed by the hall and archived as attested by the hall, not logged (docs/federation.md).

A duplicate exports only as ``planilla-audit/1`` (the chain: no players' keys, no service signature) and round
seals cover games only, so the hall pushes each finished duplicate (``GameEnded`` in its chain) of a named event
(``settings.event``, given when it was created) with its ranking as the hall computed it
(``projections.duplicate_views.ranking_view``). The federation checks the chain with ``planilla audit verify``'s
code (a tampered or unreadable one is refused whole), keeps it with the hall's push signature as its attestation,
and never puts it in the public log. Sending twice stores once; a history that extends the one shown (a slip
corrected and the round published again after the end) replaces it, an older one is kept as superseded, any
other is kept beside as forked with an alarm.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from uuid import UUID

ATTESTED = "by the hall, not logged"
SCHEMA = """
CREATE TABLE IF NOT EXISTS duplicates (id {serial}, duplicate TEXT NOT NULL, hall TEXT NOT NULL, event TEXT NOT NULL,
                                       events INTEGER NOT NULL, head_hash TEXT NOT NULL, standing TEXT NOT NULL,
                                       export {blob} NOT NULL, ranking TEXT NOT NULL, attestation TEXT NOT NULL,
                                       received_at TEXT NOT NULL, UNIQUE (duplicate, head_hash));
CREATE INDEX IF NOT EXISTS duplicates_by_event ON duplicates (hall, event)
"""


# ---- the hall's side ----------------------------------------------------------------------------------
def duplicate_topics() -> list[str]:
    """Every duplicate event's topic: an event after the end (a slip corrected, a round published again)
    changes the finished game's head, and so what is pushed."""
    import inspect

    from eventsourcing.utils import get_topic

    from domain.duplicate import events

    return sorted(get_topic(c) for c in vars(events).values()
                  if inspect.isclass(c) and issubclass(c, events.DuplicateEvent) and c is not events.DuplicateEvent)


def duplicate_push(app: Any, duplicate_id: UUID) -> tuple[str, dict[str, Any]] | None:
    """(outbox item, push document) of a finished duplicate played in a named event; None for any other."""
    from domain.duplicate import Duplicate
    from domain.game.export import export_bytes
    from projections.duplicate_views import ranking_view
    from service.duplicate.application import duplicate_history

    found = app.repository.get(duplicate_id)
    if not isinstance(found, Duplicate) or found.ended is None or not found.settings.get("event"):
        return None
    records = duplicate_history(app, duplicate_id)
    document = {"event": found.settings["event"], "duplicate": str(duplicate_id), "profile": found.profile,
                "export": export_bytes(records).decode("utf-8"), "ranking": ranking_view(found),
                "ended": dict(found.ended), "attested": ATTESTED}
    return f"duplicate:{duplicate_id}:{records[-1].hash}", {"duplicate": document}


# ---- the federation's side ----------------------------------------------------------------------------
def store_duplicate(archive: Any, hall: str, document: Any, body: bytes, signed: Any) -> tuple[str, dict[str, Any]]:
    """Check and keep one pushed duplicate (inside the push's transaction): what was done (``outcome``) and what
    the hall is told; ``PushRefused`` says why not."""
    from service.federation.push import PushRefused, verified_records

    pushed = document.get("duplicate") if isinstance(document, dict) else None
    if not isinstance(pushed, dict) or not isinstance(pushed.get("export"), str) or \
            not isinstance(pushed.get("ranking"), dict):
        raise PushRefused(400, "malformed", "duplicate: {event, duplicate, export (its planilla-audit/1 file), "
                          "ranking}", "duplicate")
    data = pushed["export"].encode("utf-8")
    records, report = verified_records(data, None, "duplicate")
    first = records[0]
    settings = first.payload.get("settings") if first.type == "Created" else None
    if report["format"] != "planilla-audit/1" or not isinstance(settings, dict) or "profile" not in first.payload:
        raise PushRefused(422, "duplicate_unreadable", "the export is not a duplicate game's history", "export")
    event = settings.get("event")
    if not event or event != pushed.get("event") or first.game != pushed.get("duplicate"):
        raise PushRefused(422, "duplicate_mismatch", "the push's event and duplicate are not the ones its history "
                          f"was created with ({event!r}, {first.game})", "duplicate")
    if not any(r.type == "GameEnded" for r in records):
        raise PushRefused(422, "duplicate_not_finished", "the duplicate has not ended: the hall pushes it once its "
                          "last round is played", "export")
    archive._event_enrolled(hall, event)
    game, head, db = first.game, records[-1].hash, archive.db
    detail = {"duplicate": game, "event": event, "events": len(records), "head_hash": head, "attested": ATTESTED}
    standing, outcome = archive._standing("duplicates", "duplicate", "a duplicate's history", hall, event, None,
                                          records)
    if outcome == "same":
        return "same", {**detail, "standing": standing}
    attestation = json.dumps({"attested_by": hall, "signature": signed.signature, "nonce": signed.nonce,
                              "sent_at": signed.sent_at, "body_sha256": hashlib.sha256(body).hexdigest(),
                              "logged": False})
    db.execute("INSERT INTO duplicates (duplicate, hall, event, events, head_hash, standing, export, ranking, "
               "attestation, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (game, hall, event, len(records), head, standing, data,
                json.dumps(pushed["ranking"], ensure_ascii=False, sort_keys=True), attestation, archive.clock()))
    return outcome, {**detail, "standing": standing}


def event_duplicates(archive: Any, hall: str, event: str) -> list[dict[str, Any]]:
    """The duplicates shown for an event (the current history of each): id, ranking as the hall attested it,
    when received."""
    rows = archive.db.all("SELECT duplicate, ranking, received_at, events FROM duplicates WHERE hall = ? AND event = ? "
                          "AND standing = 'current' ORDER BY id", (hall, event))
    return [{"duplicate": d, "ranking": json.loads(r), "received_at": at, "events": n} for d, r, at, n in rows]
