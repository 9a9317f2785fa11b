"""Ratings stay export files for the rating officer; a federation's formula is plugged in as data.

``ratings_csv``: every archived game between two rated entries (each tournament's ``ratings`` file as its hall
pushed it, the latest push per tournament), with the event, hall and dates in front: the file the rating
officer takes to the federation's own program. The federations' formulas are not published in full, so none
is built in: an officer stores one as a JSON document (``PUT /v1/federation/rating-formula``, kept in the
store, never shown on a public page), and ``rated_csv`` applies it to that file. The one kind read today is
``elo`` (the logistic expectation every Elo variant shares, its parameters as data)::

    {"kind": "elo", "name": "FISC 2024", "scale": 400, "max_difference": 400, "unrated": 1500,
     "k": [{"below_games": 30, "k": 40}, {"k": 20}], "count_forfeits": false}

``k``: the K factor by the games a player has in the file before this event (the first step whose
``below_games`` is above it; the last step has none). ``max_difference``: a rating difference counts at most
this much. ``unrated``: the rating of an entry whose file gives 0. An event is one rating period: every game's
expectation uses the ratings before the event. A formula of another kind is refused with its field named.
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from typing import Any

from service.federation.queries import events_by_key, latest_results

KINDS = ("elo",)


class FormulaRefused(ValueError):
    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def checked(formula: Any) -> dict[str, Any]:
    """The formula if it can be applied, else ``FormulaRefused`` naming the field."""
    if not isinstance(formula, dict):
        raise FormulaRefused("a JSON object", "formula")
    if formula.get("kind") not in KINDS:
        raise FormulaRefused(f"kind: one of {', '.join(KINDS)}", "kind")
    for name in ("scale", "unrated"):
        if not isinstance(formula.get(name), (int, float)) or formula[name] <= 0:
            raise FormulaRefused(f"{name}: a number above 0", name)
    if "max_difference" in formula and (not isinstance(formula["max_difference"], (int, float))
                                        or formula["max_difference"] <= 0):
        raise FormulaRefused("max_difference: a number above 0, or left out", "max_difference")
    steps = formula.get("k")
    if not isinstance(steps, list) or not steps or any(
            not isinstance(s, dict) or not isinstance(s.get("k"), (int, float)) for s in steps) or any(
            not isinstance(s.get("below_games"), int) for s in steps[:-1]):
        raise FormulaRefused("k: a list of {below_games, k} steps, the last with k only", "k")
    return formula


def store_formula(archive: Any, formula: dict[str, Any], by: str) -> None:
    archive.db.execute("INSERT INTO rating_formula (formula, by_officer, at) VALUES (?, ?, ?)",
                       (json.dumps(checked(formula), ensure_ascii=False), by, archive.clock()))


def formula_of(archive: Any) -> dict[str, Any] | None:
    row = archive.db.one("SELECT formula FROM rating_formula ORDER BY id DESC LIMIT 1")
    return None if row is None else json.loads(row[0])


def games(archive: Any) -> list[dict[str, Any]]:
    """Every row of every tournament's latest ``ratings`` file, with its event, hall and dates, oldest first."""
    known = events_by_key(archive)
    found = []
    for results in latest_results(archive):
        text = ((results["document"].get("files") or {}).get("ratings") or {}).get("text") or ""
        event = known.get((results["hall"], results["event"]), {})
        for row in csv.DictReader(io.StringIO(text)):
            found.append({"event": results["event"], "hall": results["hall"], "starts": event.get("starts", ""),
                          "ends": event.get("ends", ""), **row})
    return sorted(found, key=lambda r: (r["starts"], r["event"], int(r.get("round") or 0)))


def ratings_csv(archive: Any) -> str:
    rows = games(archive)
    out = io.StringIO()
    columns = ["event", "hall", "starts", "ends"] + (list(rows[0])[4:] if rows else [])
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def rate(formula: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each federation id's rating after the file, event by event (an event is one period). Games with an
    entry without a federation id are left out (nobody to rate); forfeits unless ``count_forfeits``."""
    formula = checked(formula)
    rating: dict[str, float] = {}
    played: dict[str, int] = defaultdict(int)
    names: dict[str, str] = {}
    by_event: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_event[(row["starts"], row["hall"] + "\x00" + row["event"])].append(row)
    for key in sorted(by_event):
        before = dict(rating)
        change: dict[str, float] = defaultdict(float)
        counted: dict[str, int] = defaultdict(int)
        for row in by_event[key]:
            if row.get("kind") != "played" and not formula.get("count_forfeits"):
                continue
            a, b = row["federation_id1"], row["federation_id2"]
            if not a or not b:
                continue
            for fid, n in ((a, "1"), (b, "2")):
                names[fid] = row[f"name{n}"]
                before.setdefault(fid, float(row[f"rating{n}"] or 0) or float(formula["unrated"]))
            ra, rb = before[a], before[b]
            sa, sb = float(row["score1"]), float(row["score2"])
            result = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
            diff = rb - ra
            if "max_difference" in formula:
                diff = max(-formula["max_difference"], min(formula["max_difference"], diff))
            expected = 1 / (1 + 10 ** (diff / formula["scale"]))
            change[a] += k_for(formula, played[a]) * (result - expected)
            change[b] += k_for(formula, played[b]) * ((1 - result) - (1 - expected))
            counted[a] += 1
            counted[b] += 1
        for fid in counted:
            rating[fid] = before[fid] + change[fid]
            played[fid] += counted[fid]
    return {fid: {"name": names[fid], "rating": round(rating[fid], 1), "games": played[fid]} for fid in sorted(rating)}


def k_for(formula: dict[str, Any], games_before: int) -> float:
    for step in formula["k"]:
        if "below_games" not in step or games_before < step["below_games"]:
            return float(step["k"])
    return float(formula["k"][-1]["k"])


def rated_csv(archive: Any) -> str | None:
    """The ratings the stored formula gives (None when no formula is stored)."""
    formula = formula_of(archive)
    if formula is None:
        return None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["federation_id", "name", "rating", "games", "formula"])
    for fid, r in rate(formula, games(archive)).items():
        writer.writerow([fid, r["name"], r["rating"], r["games"], formula.get("name", formula["kind"])])
    return out.getvalue()
