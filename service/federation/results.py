"""A tournament's results as the hall pushes them: attested by the hall, not logged (docs/federation.md).

For each tournament named as the event of a round just sealed, its results file (``csv-results``: every
game's result, round by round) and its rating file (``ratings``), as ``service.tournament`` writes them for
other programs, with what each file shortens, and the standings as the hall shows them (``standings_of``: each
division's table, every figure with its inputs, opponents by name, each player's federation id). The push is
signed by the hall's key like any other; the federation keeps it with that signature and never puts it in the
public log.
"""

from __future__ import annotations

import hashlib
import json
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
                    "standings": standings_of(tournaments, tid), "attested": "by the hall, not logged"}
        digest = hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        pushes.append((f"results:{tid}:{digest[:16]}", {"results": document}))
    return pushes


def standings_of(tournaments: Any, tid: UUID) -> dict[str, Any]:
    """The hall's standings after the last round played, as its standings page shows them: per division, each
    row's rank, name, federation id, club, points, and every tie-break's value with its inputs (and what was
    dropped), an opponent named as the hall names them; and each player's rounds."""
    tournament = tournaments.view(tid)
    divisions = tournament.divisions if len(tournament.divisions) > 1 else [None]
    players = tournament.players

    def named(label: str) -> str:
        return players[label]["name"] if label in players else label

    tables = []
    for division in divisions:
        _, rows = tournaments.standings(tid, division=division, sync=False)
        tables.append({"division": division, "rows": [{
            "rank": r.rank, "player": r.player, "name": players[r.player]["name"],
            "federation_id": players[r.player].get("federation_id", ""), "club": players[r.player].get("club", ""),
            "points": r.points,
            "tiebreaks": {str(k): {"value": f.value, "inputs": [[named(a), b] for a, b in f.inputs],
                                   "dropped": [[named(a), b] for a, b in f.dropped]} for k, f in r.tiebreaks.items()},
            "rounds": [{"round": x.round, "opponent": named(x.opponent) if x.opponent else None, "kind": str(x.kind),
                        "points": x.points, "scored": x.scored, "conceded": x.conceded} for x in r.rounds]}
            for r in rows]})
    return {"rounds": tournament.rounds, "played": tournament.last_published,
            "tiebreaks": [str(t) for t in tournament.settings["tiebreaks"]], "tables": tables}
