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


def index_entries(db: Any, results_id: int, hall: str, event: Any, document: dict[str, Any]) -> None:
    """The players of a results push, by who they are, in ``entries`` (what search looks up) and, with each one's
    own standings row, in ``own_rows`` (what their history shows); the tournament's earlier pushes are earlier
    states of it, so their rows go."""
    tournament = str(document.get("tournament"))
    rows = list(entries({"id": results_id, "document": document}))
    db.execute("DELETE FROM entries WHERE hall = ? AND tournament = ?", (hall, tournament))
    db.execute("DELETE FROM own_rows WHERE hall = ? AND tournament = ?", (hall, tournament))
    db.many("INSERT INTO entries (results_id, hall, event, tournament, who, name, folded, federation_id) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?)",
            [(results_id, hall, event, tournament, who, row["name"], folded(row["name"] + " " + str(
                row.get("federation_id") or "")), str(row.get("federation_id") or "")) for who, row, _ in rows])
    keep_own_rows(db, results_id, hall, event, tournament, rows)


def keep_own_rows(db: Any, results_id: int, hall: str, event: Any, tournament: str, rows: list[tuple]) -> None:
    db.many("INSERT INTO own_rows (results_id, hall, event, tournament, who, name, federation_id, own_row) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?)", [(results_id, hall, event, tournament, who, row["name"], str(
                row.get("federation_id") or ""), own_row(row, division)) for who, row, division in rows])


def own_row(row: dict[str, Any], division: Any) -> str:
    """What a player's history shows of one standings row (JSON): division, rank, points, rounds."""
    return json.dumps({"division": division, "rank": row["rank"], "points": row["points"], "rounds": row["rounds"]},
                      ensure_ascii=False)


def own_rows_kept(db: Any) -> int:
    """Migration of a store made before ``own_rows`` (at a process's start, ``Archive``, after the schema made the
    table): each indexed results push's rows written from its document, once; how many pushes were read. A push
    indexed meanwhile by a process of the older code has no rows there: ``history`` reads it from the push."""
    pending = [r[0] for r in db.all("SELECT DISTINCT e.results_id FROM entries e WHERE NOT EXISTS "
                                    "(SELECT 1 FROM own_rows o WHERE o.results_id = e.results_id)")]
    for ident in pending:
        with db.transaction(lock="planilla-own-rows"):  # two processes starting at once write them once
            if db.one("SELECT 1 FROM own_rows WHERE results_id = ?", (ident,)) is not None:
                continue
            hall, event, text = db.one("SELECT hall, event, document FROM results WHERE id = ?", (ident,))
            document = json.loads(text)
            keep_own_rows(db, ident, hall, event, str(document.get("tournament")),
                          list(entries({"id": ident, "document": document})))
    return len(pending)


def results_by_id(archive: Any, ids: set[int]) -> list[dict[str, Any]]:
    """Those results pushes, oldest first, in ``latest_results``' shape."""
    found = []
    for ident in sorted(ids):
        ident_, hall, event, text, received = archive.db.one(
            "SELECT id, hall, event, document, received_at FROM results WHERE id = ?", (ident,))
        found.append({"id": ident_, "hall": hall, "event": event, "received_at": received,
                      "document": json.loads(text)})
    return found


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
    return {r[0] for r in archive.db.all("SELECT name FROM entries WHERE who IN (SELECT who FROM hidden)")}


def events_by_key(archive: Any) -> dict[tuple[str, str], dict[str, Any]]:
    return {(e["hall"], e["name"]): e for e in archive.events()}


def history(archive: Any, who: str) -> list[dict[str, Any]]:
    """Every tournament this player played, oldest first: event, hall, dates, division, rank, points, rounds.
    Empty for a hidden player. Read from the player's own standings rows (``own_rows``, by ``who``), not from the
    whole results pushes; a push indexed without them (by an older process) from the push, as before."""
    if who in hidden(archive):
        return []
    halls = {h["fingerprint"]: h["name"] for h in archive.halls()}
    found, kept_ids = [], set()
    for ident, hall, event, name, fid, kept, starts, ends in archive.db.all(
            "SELECT o.results_id, o.hall, o.event, o.name, o.federation_id, o.own_row, v.starts, v.ends FROM own_rows o "
            "LEFT JOIN events v ON v.hall = o.hall AND v.name = o.event WHERE o.who = ? ORDER BY o.results_id", (who,)):
        found.append({"event": event, "hall": hall, "hall_name": halls.get(hall, ""), "starts": starts or "",
                      "ends": ends or "", "name": name, "federation_id": fid, **json.loads(kept)})
        kept_ids.add(ident)
    missing = {r[0] for r in archive.db.all("SELECT results_id FROM entries WHERE who = ?", (who,))} - kept_ids
    if missing:
        known = events_by_key(archive)
        for results in results_by_id(archive, missing):
            for key, row, division in entries(results):
                if key == who:
                    event = known.get((results["hall"], results["event"]), {})
                    found.append({"event": results["event"], "hall": results["hall"],
                                  "hall_name": halls.get(results["hall"], ""), "starts": event.get("starts", ""),
                                  "ends": event.get("ends", ""), "name": row["name"],
                                  "federation_id": str(row.get("federation_id") or ""),
                                  **json.loads(own_row(row, division))})
    return sorted(found, key=lambda h: (h["starts"], h["event"]))


#: How many of each kind (events, players with a federation id, entries without one) a search lists; one more
#: found says there are more (the page asks for a narrower search: a name, an id, dates).
SHOWN = 50
#: A text shorter than this (one or two letters) finds the names that start with it, not all that hold it: a
#: letter is in nearly every name, and the start is what a B-tree answers (``entries_by_start``).
SHORT = 3


def pattern_of(needle: str) -> str:
    """The ``LIKE`` pattern of a folded search text: held anywhere, or at the start when it is short."""
    escaped = needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return escaped + "%" if len(needle) < SHORT else "%" + escaped + "%"


def name_matches(needle: str, name: str) -> bool:
    """``pattern_of``'s rule on a name in Python (an event's)."""
    text = folded(name)
    return not needle or (text.startswith(needle) if len(needle) < SHORT else needle in text)


def matching(needle: str, starts: str, ends: str, joined: bool = False) -> tuple[str, list[str]]:
    """A search's entries as ``FROM … WHERE …`` and its parameters: those of an enrolled event within the dates
    whose folded name or id holds the text (``pattern_of``), of players not hidden; without the join to ``events``
    when no dates are given (``joined``: with it, as ``v``, even then), without the ``LIKE`` when no text is. On
    PostgreSQL the ``LIKE`` on ``folded`` is answered by its trigram index (``pg_trgm``, ``archive.TRIGRAMS``), or
    under ``SHORT`` letters by ``entries_by_start``; on SQLite it reads the table."""
    dated = bool(starts or ends)
    where, params = [], []
    if needle:
        where.append("e.folded LIKE ? ESCAPE '\\'")
        params.append(pattern_of(needle))
    if dated:
        where.append("v.ends >= ? AND v.starts <= ?")
        params += [starts or "", ends or "9999-12-31"]
    where.append("NOT EXISTS (SELECT 1 FROM hidden h WHERE h.who = e.who)")
    join = " JOIN events v ON v.hall = e.hall AND v.name = e.event" if dated or joined else ""
    return f"FROM entries e{join} WHERE " + " AND ".join(where), params


def search(archive: Any, text: str = "", starts: str = "", ends: str = "", shown: int | None = None) -> dict[str, Any]:
    """Events whose name holds ``text`` and players whose name or federation id holds it (starts with it, under
    ``SHORT`` letters), within the dates (an event overlapping ``starts``..``ends``), case and accents ignored, at
    most ``shown`` (``SHOWN``) of each kind (``more`` says which kinds had more). ``players``: each federation id
    once, with every name they were entered under and the events; ``entries``: players without one, one per
    tournament entry, never merged by name. Hidden players never appear."""
    shown = shown or SHOWN
    needle = folded(text.strip())
    dates = (starts or "", ends or "9999-12-31")
    halls = {h["fingerprint"]: h["name"] for h in archive.halls()}
    events = [dict(zip(("name", "starts", "ends", "hall"), r)) | {"hall_name": halls.get(r[3], "")}
              for r in archive.db.all("SELECT name, starts, ends, hall FROM events WHERE ends >= ? AND starts <= ? "
                                      "ORDER BY starts, name", dates) if name_matches(needle, r[0])]
    where, params = matching(needle, starts, ends)
    ids = [r[0] for r in archive.db.all(f"SELECT e.who, MIN(e.folded) {where} AND e.federation_id <> '' "
                                        "GROUP BY e.who ORDER BY MIN(e.folded), e.who LIMIT ?", (*params, shown + 1))]
    players: dict[str, dict[str, Any]] = {}
    if ids[:shown]:
        marks = ", ".join("?" for _ in ids[:shown])
        joined, also = matching(needle, starts, ends, joined=True)
        for who, name, fid, event in archive.db.all(
                f"SELECT e.who, e.name, e.federation_id, e.event {joined} AND e.who IN ({marks}) "
                "ORDER BY v.starts, e.results_id", (*also, *ids[:shown])):
            found = players.setdefault(who, {"who": who, "federation_id": fid, "names": [], "events": []})
            if name not in found["names"]:
                found["names"].append(name)
            found["events"].append(event)
    alone = [{"who": who, "federation_id": "", "names": [name], "events": [event]}
             for who, name, event in archive.db.all(
                 f"SELECT e.who, e.name, e.event {where} AND e.federation_id = '' ORDER BY e.folded, e.who "
                 "LIMIT ?", (*params, shown + 1))]

    def by_name(p: dict[str, Any]) -> tuple[str, str]:  # the first of their names (each SQL ``LIMIT``'s order)
        return min(folded(n) for n in p["names"]), p["who"]

    return {"events": events[:shown], "players": sorted(players.values(), key=by_name),
            "entries": sorted(alone[:shown], key=by_name),
            "more": {"events": len(events) > shown, "players": len(ids) > shown, "entries": len(alone) > shown}}


def refusals(archive: Any) -> list[dict[str, Any]]:
    """Pushes refused, per hall and code; ``event_not_enrolled`` ones wait (the hall sends them again)."""
    rows = archive.db.all("SELECT hall, code, message, times, first_at, last_at FROM refusals ORDER BY last_at DESC")
    return [dict(zip(("hall", "code", "message", "times", "first_at", "last_at"), r)) for r in rows]
