"""What the federation's pages read from the archive: an event's standings as its hall attested them, players
and their history across events and halls, search by player, event and date, and the players hidden.

**Who is one player.** A player with a federation id is one person everywhere, whatever the spelling of the
name in each hall. A player without one is an entry of one tournament only (``entry:<results row>:<player>``):
two entries of the same name are never merged, in one event or across events, because nothing but the name
says they are the same person.

**Hidden players.** An officer hides a federation id (``id:FISC-0042``) or one entry (``entry:…``); a hidden
player is left out of search and history and shown as "hidden" in standings and game lists. Nothing in the
public log changes (names are in no seal), so no proof breaks.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any, Iterator


def folded(text: str) -> str:
    """For search: case and accents ignored (``Núria`` finds ``nuria``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def latest_results(archive: Any, hall: str | None = None, event: str | None = None) -> list[dict[str, Any]]:
    """The latest results each tournament pushed (of one hall and event when given), with their row id, hall
    and event; older pushes of the same tournament are earlier states of it."""
    where, params = [], []
    if hall is not None:
        where.append("hall = ?")
        params.append(hall)
    if event is not None:
        where.append("event = ?")
        params.append(event)
    rows = archive.db.all("SELECT id, hall, event, document, received_at FROM results"
                          + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id", params)
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for ident, row_hall, row_event, text, received in rows:
        document = json.loads(text)
        latest[(row_hall, str(document.get("tournament")))] = {
            "id": ident, "hall": row_hall, "event": row_event, "received_at": received, "document": document}
    return sorted(latest.values(), key=lambda r: r["id"])


def entries(results: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str | None]]:
    """Each standings row of a results push: (who, row, division)."""
    for table in (results["document"].get("standings") or {}).get("tables", []):
        for row in table["rows"]:
            yield who_of(results["id"], row), row, table.get("division")


def who_of(results_id: int, row: dict[str, Any]) -> str:
    fid = str(row.get("federation_id") or "").strip()
    return f"id:{fid}" if fid else f"entry:{results_id}:{row['player']}"


def hidden(archive: Any) -> set[str]:
    return {r[0] for r in archive.db.all("SELECT who FROM hidden")}


def hide(archive: Any, who: str, by: str) -> bool:
    """Hide a player (``id:<federation id>`` or ``entry:<results row>:<player>``); False if they were."""
    return archive.db.execute("INSERT INTO hidden (who, by_officer, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                              (who, by, archive.clock())).rowcount == 1


def unhide(archive: Any, who: str) -> bool:
    return archive.db.execute("DELETE FROM hidden WHERE who = ?", (who,)).rowcount == 1


def hidden_names(archive: Any, hall: str, event: str) -> set[str]:
    """The names, in one event, of the players hidden (to hide them in its game list too)."""
    gone = hidden(archive)
    return {row["name"] for results in latest_results(archive, hall, event)
            for who, row, _ in entries(results) if who in gone}


def hidden_everywhere(archive: Any) -> set[str]:
    """The names of every hidden player (an opponent's name in a history is masked with them)."""
    gone = hidden(archive)
    return {row["name"] for results in latest_results(archive) for who, row, _ in entries(results) if who in gone}


def events_by_key(archive: Any) -> dict[tuple[str, str], dict[str, Any]]:
    return {(e["hall"], e["name"]): e for e in archive.events()}


def history(archive: Any, who: str) -> list[dict[str, Any]]:
    """Every tournament this player played, oldest first: event, hall, dates, division, rank, points, rounds.
    Empty for a hidden player."""
    if who in hidden(archive):
        return []
    known = events_by_key(archive)
    halls = {h["fingerprint"]: h["name"] for h in archive.halls()}
    found = []
    for results in latest_results(archive):
        for key, row, division in entries(results):
            if key != who:
                continue
            event = known.get((results["hall"], results["event"]), {})
            found.append({"event": results["event"], "hall": results["hall"], "hall_name": halls.get(results["hall"], ""),
                          "starts": event.get("starts", ""), "ends": event.get("ends", ""), "division": division,
                          "name": row["name"], "federation_id": row.get("federation_id", ""), "rank": row["rank"],
                          "points": row["points"], "rounds": row["rounds"]})
    return sorted(found, key=lambda h: (h["starts"], h["event"]))


def search(archive: Any, text: str = "", starts: str = "", ends: str = "") -> dict[str, list[dict[str, Any]]]:
    """Events whose name holds ``text`` and players whose name or federation id holds it, within the dates
    (an event overlapping ``starts``..``ends``). A player with a federation id appears once, with every name
    they were entered under; one without appears once per entry. Hidden players never appear."""
    needle = folded(text.strip())
    halls = {h["fingerprint"]: h["name"] for h in archive.halls()}

    def in_dates(event: dict[str, Any]) -> bool:
        return (not starts or event["ends"] >= starts) and (not ends or event["starts"] <= ends)

    known = events_by_key(archive)
    events = [e | {"hall_name": halls.get(e["hall"], "")} for e in archive.events()
              if in_dates(e) and (not needle or needle in folded(e["name"]))]
    gone = hidden(archive)
    players: dict[str, dict[str, Any]] = {}
    for results in latest_results(archive):
        event = known.get((results["hall"], results["event"]))
        if event is None or not in_dates(event):
            continue
        for who, row, _ in entries(results):
            if who in gone:
                continue
            fid = str(row.get("federation_id") or "")
            if needle and needle not in folded(row["name"]) and needle not in folded(fid):
                continue
            found = players.setdefault(who, {"who": who, "federation_id": fid, "names": [], "events": []})
            if row["name"] not in found["names"]:
                found["names"].append(row["name"])
            found["events"].append(results["event"])
    return {"events": events, "players": sorted(players.values(), key=lambda p: (folded(p["names"][0]), p["who"]))}


def refusals(archive: Any) -> list[dict[str, Any]]:
    """Pushes refused, per hall and code; ``event_not_enrolled`` ones wait (the hall sends them again)."""
    rows = archive.db.all("SELECT hall, code, message, times, first_at, last_at FROM refusals ORDER BY last_at DESC")
    return [dict(zip(("hall", "code", "message", "times", "first_at", "last_at"), r)) for r in rows]
