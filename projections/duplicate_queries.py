"""Reads of the duplicate games' read models, answered in the same shapes as the views computed from the
aggregate (``projections.duplicate_views``). What a caller may see is decided by the caller of these
functions (``service/api/routes/duplicates.py``), never here. Each returns None for an unknown duplicate.
"""

from __future__ import annotations

import uuid
from typing import Any

import sqlalchemy as sa

from projections.duplicate_models import (
    DuplicateGame, DuplicateRanking, DuplicateRound, DuplicateSheetRow, DuplicateSlip, DuplicateStanding,
)
from projections.duplicate_views import ROUND_KEYS, sheet_of
from projections.store import ReadStore

GAME, ROUND, SLIP = DuplicateGame.__table__, DuplicateRound.__table__, DuplicateSlip.__table__
SHEET, RANKING, STANDING = DuplicateSheetRow.__table__, DuplicateRanking.__table__, DuplicateStanding.__table__
SHEET_KEYS = ("round", "rack", "entry", "master", "score", "causes", "bonus", "percent", "total")
STANDING_KEYS = ("rank", "seat", "player", "total", "points", "bonus", "percent", "plays", "rounds_played")


def game(store: ReadStore, duplicate_id: uuid.UUID) -> dict[str, Any] | None:
    """The duplicate's row: profile, players, phase, round, who is out, the end, the version."""
    with store.connect() as conn:
        row = conn.execute(sa.select(GAME).where(GAME.c.duplicate_id == duplicate_id)).mappings().first()
    return dict(row) if row is not None else None


def rounds(store: ReadStore, duplicate_id: uuid.UUID) -> list[dict[str, Any]]:
    """Every round, in order, as the aggregate keeps it (rack, draw, «¡Tiempo!», master, results) with its slips."""
    with store.connect() as conn:
        found = conn.execute(sa.select(ROUND).where(ROUND.c.duplicate_id == duplicate_id)
                             .order_by(ROUND.c.round)).mappings().all()
        slips = conn.execute(sa.select(SLIP.c.round, SLIP.c.slip).where(SLIP.c.duplicate_id == duplicate_id)
                             .order_by(SLIP.c.round, SLIP.c.seat)).all()
    by_round: dict[int, dict[str, Any]] = {}
    for n, slip in slips:
        by_round.setdefault(n, {})[str(slip["seat"])] = slip
    return [{"round": r["round"], **{k: r[k] for k in ROUND_KEYS}, "solo_top": r["solo_top"], "bonus": r["bonus"],
             "slips": by_round.get(r["round"], {})} for r in found]


def one_round(store: ReadStore, duplicate_id: uuid.UUID, round_no: int) -> dict[str, Any] | None:
    """One round with its slips (None when it has not started)."""
    with store.connect() as conn:
        r = conn.execute(sa.select(ROUND).where(ROUND.c.duplicate_id == duplicate_id,
                                                ROUND.c.round == round_no)).mappings().first()
        if r is None:
            return None
        slips = conn.execute(sa.select(SLIP.c.slip).where(SLIP.c.duplicate_id == duplicate_id,
                                                          SLIP.c.round == round_no).order_by(SLIP.c.seat)).scalars()
        return {"round": round_no, **{k: r[k] for k in ROUND_KEYS}, "solo_top": r["solo_top"], "bonus": r["bonus"],
                "slips": {str(s["seat"]): s for s in slips}}


def ranking(store: ReadStore, duplicate_id: uuid.UUID, at: int | None = None) -> dict[str, Any] | None:
    """The ranking after the last published round through ``at`` (every published round when None)."""
    found = game(store, duplicate_id)
    if found is None:
        return None
    with store.connect() as conn:
        latest = sa.select(sa.func.max(RANKING.c.round)).where(RANKING.c.duplicate_id == duplicate_id)
        if at is not None:
            latest = latest.where(RANKING.c.round <= at)
        n = conn.execute(latest).scalar() or 0
        head = conn.execute(sa.select(RANKING).where(RANKING.c.duplicate_id == duplicate_id,
                                                     RANKING.c.round == n)).mappings().first()
        lines = conn.execute(sa.select(STANDING).where(STANDING.c.duplicate_id == duplicate_id,
                                                       STANDING.c.round == n)
                             .order_by(STANDING.c.position)).mappings().all()
    if head is None:
        return None
    out = found["out"]
    return {"round": n, "tiebreak": head["tiebreak"], "article": head["article"],
            "master_total": head["master_total"],
            "rows": [{**{k: line[k] for k in STANDING_KEYS},
                      "out": (out.get(str(line["seat"])) or {}).get("why")} for line in lines],
            "vis_a_vis": head["vis_a_vis"]}


def sheet(store: ReadStore, duplicate_id: uuid.UUID, seat: int) -> dict[str, Any] | None:
    """A player's sheet (None for an unknown duplicate; the caller checks the seat against the players)."""
    found = game(store, duplicate_id)
    if found is None or not 0 <= seat < len(found["players"]):
        return None
    with store.connect() as conn:
        rows = conn.execute(sa.select(SHEET).where(SHEET.c.duplicate_id == duplicate_id, SHEET.c.seat == seat)
                            .order_by(SHEET.c.round)).mappings().all()
    return sheet_of(found["players"], seat, [{k: r[k] for k in SHEET_KEYS} for r in rows])
