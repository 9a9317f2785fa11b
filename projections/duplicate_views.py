"""A duplicate's views as pure functions of the aggregate, and the read-model rows made from them.

``ranking_view``, ``sheet`` and ``round_rows``/``slip_rows`` are what the routes answer; the projector
writes the same figures as rows (``rows_of``), so a read from the read models and one computed from
the aggregate agree (tests/projections/test_duplicate_projection.py holds them equal).

- The sheet (AJS 3.2.10/3.2.11, FISC II.8): each round's rack, the player's own entry, the master,
  the round's score (0 and its causes for a null), the solo-top bonus, % of the master's score and the
  running total (plays plus bonuses).
- The ranking at a round: the published rounds through it (``domain.duplicate.ranking``).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from domain.duplicate import Duplicate
from domain.duplicate.ranking import Line, lines, rank, vis_a_vis_table


def ranking(d: Duplicate, at: int | None = None) -> list[Line]:
    return rank(lines(d.players, d.rounds, d.out, at), d.rules.tiebreak, sudden_death=d.settings["sudden_death"])


def ranking_view(d: Duplicate, at: int | None = None) -> dict[str, Any]:
    table = ranking(d, at)
    published = [r for r in d.rounds if r["results"] is not None and (at is None or r["round"] <= at)]
    return {
        "round": published[-1]["round"] if published else 0,
        "tiebreak": str(d.rules.tiebreak), "article": d.rules.article("tiebreak"),
        "master_total": sum(r["master"]["score"] for r in published),
        "rows": [{"rank": x.rank, "seat": x.seat, "player": x.name, "total": x.total, "points": x.points,
                  "bonus": x.bonus, "percent": x.percent, "plays": list(x.tiebreak()),
                  "rounds_played": x.rounds_played, "out": x.out} for x in table],
        "vis_a_vis": vis_a_vis_table(d.settings["pairs"], published) if d.settings["pairs"] else [],
    }


def sheet_rows(d: Duplicate, seat: int) -> list[dict[str, Any]]:
    """A player's sheet lines: each round's rack, own entry, master, score, causes, bonus, %, running total."""
    rows, total = [], 0
    for r in d.rounds:
        slip = r["slips"].get(str(seat))
        mine = {"word": slip["word"], "coordinates": slip["coordinates"], "arrived_at": slip["arrived_at"]} \
            if slip else None
        if mine is not None and d.settings.get("slip_score"):  # FISC II.2, AJS 3.2.2: the player's own score
            mine.update(declared=slip.get("declared"),  # the engine's verdict on it only after «¡Tiempo!»
                        score_check=slip.get("score_check") if r["closed_at"] is not None else None)
        result = (r["results"] or {}).get(str(seat))
        master = r["master"] if r["results"] is not None else None
        bonus = r.get("bonus", 0.0) if result is not None and r.get("solo_top") == seat else 0.0
        if result is not None:
            total += result["score"] + bonus
        rows.append({"round": r["round"], "rack": list(r["rack"]), "entry": mine,
                     "master": {k: master[k] for k in ("word", "coordinates", "score")} if master else None,
                     "score": result["score"] if result else None, "causes": result["causes"] if result else [],
                     "bonus": bonus,
                     "percent": round(100 * result["score"] / master["score"], 2) if result and master["score"]
                     else None,
                     "total": total if result else None})
    return rows


def sheet_of(players: list[str], seat: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The sheet's answer from its lines: the running total and the masters' total over the scored rounds."""
    scored = [r for r in rows if r["score"] is not None]
    total = scored[-1]["total"] if scored else 0
    return {"seat": seat, "player": players[seat], "rows": rows, "total": total,
            "master_total": sum(r["master"]["score"] for r in scored)}


def sheet(d: Duplicate, seat: int) -> dict[str, Any]:
    """A player's sheet, computed from the aggregate."""
    return sheet_of(d.players, seat, sheet_rows(d, seat))


def results_csv(table: dict[str, Any], rounds: list[dict[str, Any]]) -> str:
    """The ranking and every round's score, one line per player (for the rating officers: AJS 5.2 EloD);
    ``table`` a ranking view, ``rounds`` the published rounds (each with its ``results``)."""
    out = io.StringIO()
    write = csv.writer(out, lineterminator="\n")
    write.writerow(["rank", "seat", "player", "total", "points", "bonus", "percent", "master_total",
                    *[f"round_{r['round']}" for r in rounds]])
    for x in table["rows"]:
        by_round = [r["results"].get(str(x["seat"]), {}).get("score", "") for r in rounds]
        write.writerow([x["rank"], x["seat"], x["player"], f"{x['total']:g}", x["points"], f"{x['bonus']:g}",
                        f"{x['percent']:.2f}", table["master_total"], *by_round])
    return out.getvalue()


# ---- rows for the read models ----------------------------------------------------------------
ROUND_KEYS = ("rack", "remainder", "method", "seed", "rejected", "started_at", "closed_at", "missing", "master",
              "results", "corrections")


def game_row(d: Duplicate, at: str) -> dict[str, Any]:
    return {"duplicate_id": d.id, "profile": d.profile, "players": list(d.players), "phase": d.phase,
            "round": d.round_no, "out": dict(d.out), "ended": d.ended, "version": d.version, "updated_at": at}


def rows_of(d: Duplicate, since: int, at: str) -> dict[str, list[dict[str, Any]]]:
    """The rows of every read-model table for rounds ``since`` and later (the game's row always, stamped ``at``;
    the ranking before any round with round 1)."""
    out: dict[str, list[dict[str, Any]]] = {"game": [game_row(d, at)], "round": [], "slip": [], "sheet": [],
                                            "ranking": [], "standing": []}
    for r in d.rounds[max(since, 1) - 1:]:
        n = r["round"]
        out["round"].append({"duplicate_id": d.id, "round": n, **{k: r[k] for k in ROUND_KEYS},
                             "solo_top": r.get("solo_top"), "bonus": r.get("bonus", 0.0)})
        out["slip"].extend({"duplicate_id": d.id, "round": n, "seat": s["seat"], "slip": s}
                           for s in r["slips"].values())
    for seat in range(len(d.players)):
        out["sheet"].extend({"duplicate_id": d.id, "seat": seat, **row} for row in sheet_rows(d, seat)
                            if row["round"] >= since)
    published = [0] + [r["round"] for r in d.rounds if r["results"] is not None]
    for n in (p for p in published if p >= since or (p == 0 and since <= 1)):
        view = ranking_view(d, n)
        out["ranking"].append({"duplicate_id": d.id, "round": n, "tiebreak": view["tiebreak"],
                               "article": view["article"], "master_total": view["master_total"],
                               "vis_a_vis": view["vis_a_vis"]})
        out["standing"].extend({"duplicate_id": d.id, "round": n, "position": i,
                                **{k: v for k, v in row.items() if k != "out"}}
                               for i, row in enumerate(view["rows"]))
    return out
