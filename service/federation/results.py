"""A tournament's results as the hall pushes them: attested by the hall, not logged (docs/federation.md).

For each tournament named as the event of a round just sealed, its results file (``csv-results``: every
game's result, round by round) and its rating file (``ratings``), as ``service.tournament`` writes them for
other programs, with what each file shortens. The push is signed by the hall's key like any other; the
federation keeps it with that signature and never puts it in the public log.
"""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

FORMATS = ("csv-results", "ratings")


def tournaments_named(app: Any, event: str) -> list[UUID]:
    """Every tournament of the hall's store created with this name."""
    from eventsourcing.utils import get_topic

    from domain.tournament.aggregate import Tournament

    found, start = [], 1
    while True:
        page = app.recorder.select_notifications(start, 500, topics=[get_topic(Tournament.Created)])
        for note in page:
            if app.mapper.to_domain_event(note).name == event:
                found.append(UUID(str(note.originator_id)))
        if len(page) < 500:
            return found
        start = page[-1].id + 1


def tournament_results(app: Any, event: str) -> list[tuple[str, dict[str, Any]]]:
    """(outbox item, push document) for each tournament named ``event``: its files as they stand now."""
    from service.tournament.application import Tournaments

    tournaments = Tournaments(app)
    pushes = []
    for tid in tournaments_named(app, event):
        tournaments.sync(tid)
        files = {}
        for fmt in FORMATS:
            text, notes = tournaments.export(tid, fmt)
            files[fmt] = {"text": text, "notes": [n.message for n in notes]}
        document = {"event": event, "tournament": str(tid), "files": files,
                    "attested": "by the hall, not logged"}
        digest = hashlib.sha256(repr(sorted((k, v["text"]) for k, v in files.items())).encode()).hexdigest()
        pushes.append((f"results:{tid}:{digest[:16]}", {"results": document}))
    return pushes
