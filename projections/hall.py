"""The hall at a glance: every table of an event and round as the officials' console shows it.

One answer for the whole hall (a console follows 100 tables with one request, not 100 streams: a
browser opens six connections to a host at most), composed from the read models alone: the
directors' index, each game's status, and its sheet lines that differ (FILE 40). ``table_state``
names the one state a table's tile shows and ``alerts`` what must rise to the top.
"""

from __future__ import annotations

import uuid
from typing import Any

import sqlalchemy as sa

from projections.queries import INDEX, ROWS, STATUS, differs, index
from projections.store import ReadStore

#: What a tile can show, most urgent first (the order a console sorts alerts in).
STATES = ("arbiter", "discrepancy", "challenge", "appeal_possible", "overdraw", "ruling", "playing", "end_racks",
          "signing", "ended", "reopened", "closed")
#: What rises to the top of the hall, and sounds.
#: ``second_device`` and ``silent`` come from the tablets (``service/game/seating.py``), not from the read models.
ALERTS = ("arbiter", "discrepancy", "overdraw", "time", "challenge", "second_device", "silent")


def table_state(status: dict[str, Any] | None, head: dict[str, Any], differing: int) -> str:
    """The one state a table's tile shows, from what the status read model says the game waits for."""
    if status is None:
        return "playing" if head["status"] == "in_progress" else head["status"]
    waiting = status.get("waiting_for")
    if status["status"] == "closed":
        return "closed"
    if waiting == "arbiter":
        return "arbiter"
    if differing:
        return "discrepancy"
    if waiting in ("ruling", "appeal_ruling", "sanction_appeal"):
        return "challenge" if waiting == "ruling" else "ruling"
    if waiting == "overdraw":
        return "overdraw"
    if status.get("reopenings") and status["status"] != "closed" and waiting == "signatures":
        return "reopened"
    if waiting == "signatures":
        return "signing"
    if waiting == "end_racks":
        return "end_racks"
    if status["status"] == "ended":
        return "ended"
    if any(a.get("type") == "appeal" for a in status.get("next_actions") or []):
        return "appeal_possible"
    return "playing"


def alerts(status: dict[str, Any] | None, differing: int) -> list[str]:
    """What must catch an official's eye: a call, a discrepancy, an overdraw, a clock in overtime, a challenge."""
    if status is None or status["status"] == "closed":
        return []
    found = []
    waiting = status.get("waiting_for")
    if waiting == "arbiter":
        found.append("arbiter")
    if differing:
        found.append("discrepancy")
    if waiting == "overdraw" or status.get("overdraw"):
        found.append("overdraw")
    if any((c or {}).get("overtime") for c in status.get("clocks") or []):
        found.append("time")
    if waiting == "ruling":
        found.append("challenge")
    return found


def tables(store: ReadStore, **filters: Any) -> list[dict[str, Any]]:
    """Each game the index finds (same filters), with where it stands; alerts first, then by table."""
    return ordered(rows(store, **filters))


def rows(store: ReadStore, **filters: Any) -> list[dict[str, Any]]:
    """Each game the index finds (same filters, ``game_ids`` too), with where it stands, in the index's order."""
    games = index(store, **filters)
    ids = [uuid.UUID(g["game_id"]) for g in games]
    with store.connect() as conn:
        statuses = {row["game_id"]: dict(row) for row in
                    conn.execute(sa.select(STATUS).where(STATUS.c.game_id.in_(ids))).mappings()} if ids else {}
        rows = conn.execute(sa.select(ROWS.c.game_id, ROWS.c.kind, ROWS.c.entered, ROWS.c.score, ROWS.c.total,
                                      ROWS.c.announced_total, ROWS.c.written)
                            .where(ROWS.c.game_id.in_(ids))).mappings().all() if ids else []
    differing: dict[uuid.UUID, int] = {}
    for row in rows:
        if differs(dict(row)):
            differing[row["game_id"]] = differing.get(row["game_id"], 0) + 1
    out = []
    for game in games:
        key = uuid.UUID(game["game_id"])
        status = statuses.get(key)
        count = differing.get(key, 0)
        out.append({
            "game_id": game["game_id"], "event": game["event"], "round": game["round"], "table": game["table"],
            "players": game["players"], "scores": game["scores"], "status": game["status"], "version": game["version"],
            "updated_at": game["updated_at"],
            "state": table_state(status, game, count), "alerts": alerts(status, count), "discrepancies": count,
            "waiting_for": status.get("waiting_for") if status else None,
            "waiting_seats": status.get("waiting_seats", []) if status else [],
            "seat_on_turn": status.get("turn") if status else None,
            "clock_stop": status.get("clock_stop") if status else None,
            "clocks": status.get("clocks", []) if status else [],
            "signed": [s["seat"] for s in status.get("signatures", [])] if status else [],
            "reopened": bool(status.get("reopenings")) if status else False,
        })
    return out


def versions(store: ReadStore, *, event: str | None = None, round: str | int | None = None) -> dict[str, int]:
    """Each game of the event and round (all, where None) with the version the read models hold: what a hall
    stream compares to know the read models moved (any filter beyond the event and round is left to the read)."""
    query = sa.select(INDEX.c.game_id, INDEX.c.version)
    if event is not None:
        query = query.where(INDEX.c.event == event)
    if round is not None:
        query = query.where(INDEX.c.round == str(round))
    with store.connect() as conn:
        return {str(game_id): version for game_id, version in conn.execute(query)}


def ordered(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Alerts first (the most urgent state first), then as found (by event, round and table); in place."""
    found.sort(key=lambda t: (0 if t["alerts"] else 1, STATES.index(t["state"]) if t["alerts"] else 0))
    return found
