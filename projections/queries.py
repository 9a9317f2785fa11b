"""Reading the read models: plain dicts (JSON-ready) for the HTTP service, the CLI and the federations' tools.

Every function takes the ``ReadStore`` and answers from the tables alone (no event store, no
aggregate), so a read costs one or a few indexed selects. A game the read models do not know
(never created, or not projected yet) gives None.

Shapes the federations' tools rely on (other keys may be added, these stay):

- scoresheet: ``{"players": [{"name", "rows": [{"turn", "notation", "word", "coordinates", "score",
  "total"}], "final_score"}]}``, ``notation`` the federation's mark (``P``, ``I``, ``C-3``; FISC
  ``0`` and ``-``; ``T`` for a turn lost, never a pass's mark) or None for a scoring play; ``legend``
  explains the marks no rulebook defines (``[{"mark": "T", "kind": "lost", "article"}]``);
- settlement: ``{"cause", "winner", "players": [{"name", "final_score", "rack_adjustment",
  "time_penalty", "sanctions"}]}``;
- status: ``{"status": "in_progress" | "ended" | "closed", "waiting_for", "signatures",
  "reopened", "next_actions", ...}``.
"""

from __future__ import annotations

import uuid
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from projections.models import GameIndex, GamePlayer, GameStatus, ScoresheetRow, Settlement, SettlementPlayer
from projections.sheet import sheet_rules
from projections.store import ReadStore

INDEX, PLAYER, STATUS = GameIndex.__table__, GamePlayer.__table__, GameStatus.__table__
ROWS, SETTLED, SETTLED_PLAYER = ScoresheetRow.__table__, Settlement.__table__, SettlementPlayer.__table__
ROW_KEYS = ("turn", "notation", "word", "coordinates", "score", "total", "kind", "game_turn", "scrabble", "tiles",
            "entered", "announced_total", "entered_total", "written", "state", "word_notation", "challenge", "corrections", "reason",
            "version", "at", "actor", "device")
END_KEYS = ("rack", "rack_adjustment", "overtime_seconds", "time_penalty", "sanctions", "result_adjustment",
            "result", "score_before")


def _one(conn: Connection, table: sa.Table, game_id: uuid.UUID) -> dict[str, Any] | None:
    row = conn.execute(sa.select(table).where(table.c.game_id == game_id)).mappings().first()
    return dict(row) if row is not None else None


# ---- scoresheet -----------------------------------------------------------------------------
def legend(rules: Any, lines: Any) -> list[dict[str, str]]:
    """The marks the sheet uses that no rulebook defines, explained: a lost turn's ``T`` (never a pass)."""
    if not any(line["kind"] == "lost" for line in lines):
        return []
    return [{"mark": rules.lost_mark, "kind": "lost", "article": rules.lost_article}]


def scoresheet(store: ReadStore, game_id: uuid.UUID) -> dict[str, Any] | None:
    """Each player's sheet in federation notation, the end of game below the last turn, the signatures."""
    with store.connect() as conn:
        head = _one(conn, INDEX, game_id)
        if head is None:
            return None
        state = _one(conn, STATUS, game_id)
        lines = conn.execute(sa.select(ROWS).where(ROWS.c.game_id == game_id)
                             .order_by(ROWS.c.seat, ROWS.c.line)).mappings().all()
        settled = _settlement(conn, game_id)
    rules = sheet_rules(head["profile"])
    by_seat: list[list[dict[str, Any]]] = [[] for _ in head["players"]]
    for line in lines:
        row = {k: line[k] for k in ROW_KEYS}
        row["differs"] = differs(row)
        row["owed"] = owed(row)
        by_seat[line["seat"]].append(row)
    ends = {p["seat"]: p for p in settled["players"]} if settled else {}
    order = rules.tileset.order
    signed = {s["seat"]: s for s in (state or {}).get("signatures", [])}
    players = []
    for seat, name in enumerate(head["players"]):
        rows = by_seat[seat]
        end = ends.get(seat)
        players.append({
            "seat": seat, "name": name, "rows": rows,
            "total": rows[-1]["total"] if rows else 0,
            "entered_total": rows[-1]["entered_total"] if rows else 0,
            "scrabbles": sum(1 for r in rows if r["kind"] == "play" and r["scrabble"]),
            "end": None if end is None else {
                **{k: end[k] for k in END_KEYS},
                "rack_written": [rules.tileset.sheet_form(t) for t in sorted(end["rack"], key=order.get)]},
            "sanctions": [x for x in (state or {}).get("sanctions", []) if x["seat"] == seat],
            "final_score": end["final_score"] if end else None,
            "signature": signed.get(seat),
        })
    return {
        "game_id": str(game_id), "profile": head["profile"], "article": rules.article, "language": rules.language,
        "event": head["event"], "round": head["round"], "table": head["table_no"], "status": head["status"],
        "version": head["version"], "created_at": head["created_at"],
        "marks": {"pass": rules.pass_mark, "invalid": rules.invalid_mark, "exchange": rules.exchange_mark,
                  "lost": rules.lost_mark},
        "legend": legend(rules, lines),
        "scrabble_circled": rules.scrabble_circled, "blank_in_parentheses": rules.blank_in_parentheses,
        "players": players, "settlement": settled,
        "signatures": (state or {}).get("signatures", []), "closed_at": (state or {}).get("closed_at"),
    }


def owed(row: dict[str, Any]) -> list[int]:
    """The seats whose own sheet still owes this line: a play that stands after a challenge ruled valid, which
    its challenger has not written down. FILE 37: the opponent writing the score down is acceptance; a valid
    ruling accepts the play without that, so the challenger is asked to write it, and an empty owed line is a
    discrepancy to settle before signing (FILE 40, 43)."""
    challenge = row.get("challenge") or {}
    rulings = challenge.get("rulings") or []
    if row["kind"] != "play" or row["state"] != "accepted" or not rulings or not rulings[-1].get("valid"):
        return []
    challenger = challenge.get("challenger")
    if challenger is None or str(challenger) in (row.get("written") or {}):
        return []
    return [challenger]


def differs(row: dict[str, Any]) -> bool:
    """True where the player's announcement or a sheet's written score or total is not the true value (FILE 40).

    A withdrawn play's announcement is not a discrepancy: its mark replaced it.
    """
    announced = row["kind"] == "play" and row["entered"] is not None and row["entered"] != row["score"]
    announced |= row["kind"] == "play" and row["announced_total"] is not None and row["announced_total"] != row["total"]
    written = any((w["score"] is not None and w["score"] != row["score"]) or
                  (w["total"] is not None and w["total"] != row["total"]) for w in row["written"].values())
    return announced or written


def scoresheet_text(store: ReadStore, game_id: uuid.UUID) -> str | None:
    """The scoresheet as plain text, laid out like the paper sheet (None for an unknown game)."""
    from projections.render import render_text

    sheet = scoresheet(store, game_id)
    return None if sheet is None else render_text(sheet)


def scoresheet_html(store: ReadStore, game_id: uuid.UUID, service_key: str | None = None,
                    seal: dict[str, Any] | None = None) -> str | None:
    """The scoresheet as a printable HTML page like the federation's paper sheet (None for an unknown game),
    with the service key's fingerprint and the round seal the game stands in, when given."""
    from projections.render import render_html

    sheet = scoresheet(store, game_id)
    return None if sheet is None else render_html(sheet, service_key, seal)


def round_html(store: ReadStore, title: str, game_ids: list[uuid.UUID], service_key: str | None = None) -> str:
    """Every sheet of these games in one printable page (``render_round_html``), in the order given."""
    from projections.render import render_round_html

    sheets = [s for s in (scoresheet(store, g) for g in game_ids) if s is not None]
    return render_round_html(title, sheets, service_key)


# ---- settlement -----------------------------------------------------------------------------
def settlement(store: ReadStore, game_id: uuid.UUID) -> dict[str, Any] | None:
    """How the game ended: cause, each player's final score and its parts, winner or draw, spread."""
    with store.connect() as conn:
        return _settlement(conn, game_id)


def _settlement(conn: Connection, game_id: uuid.UUID) -> dict[str, Any] | None:
    head = _one(conn, SETTLED, game_id)
    if head is None:
        return None
    players = [dict(p) for p in conn.execute(sa.select(SETTLED_PLAYER).where(SETTLED_PLAYER.c.game_id == game_id)
                                             .order_by(SETTLED_PLAYER.c.seat)).mappings()]
    for p in players:
        p.pop("game_id")
    names = [p["name"] for p in players]
    winner, finisher = head["winner"], head["finisher"]
    return {
        "cause": head["cause"], "detail": head["detail"],
        "winner": names[winner] if winner is not None else None, "winner_seat": winner,
        # nobody won: a draw, unless every player lost (both absent or both left: FISC I.5, I.8 F; AJS 4.1.11.1)
        "draw": winner is None and not all(p["result"] == "loss" for p in players),
        "spread": head["spread"], "racks_counted": head["racks_counted"],
        "finisher": names[finisher] if finisher is not None else None, "finisher_seat": finisher,
        "scrabbles": sum(p["scrabbles"] for p in players), "players": players,
        "version": head["version"], "at": head["at"],
    }


# ---- status ---------------------------------------------------------------------------------
def status(store: ReadStore, game_id: uuid.UUID) -> dict[str, Any] | None:
    """Where the game stands: status, what it waits for and on whom, signatures, closure, next actions."""
    with store.connect() as conn:
        state = _one(conn, STATUS, game_id)
        players = conn.execute(sa.select(PLAYER.c.name).where(PLAYER.c.game_id == game_id)
                               .order_by(PLAYER.c.seat)).scalars().all()
    if state is None:
        return None
    state["game_id"] = str(game_id)
    state["seat_on_turn"] = state.pop("turn")  # the column keeps its name; the contract says what it holds
    state["players"] = list(players)
    state["waiting_on"] = [players[s] for s in state["waiting_seats"] if s < len(players)]
    state["signed_by"] = [s["name"] for s in state["signatures"]]
    state["closed"] = state["status"] == "closed"
    state["reopened"] = bool(state["reopenings"])
    return state


# ---- the directors' index -------------------------------------------------------------------
def index(store: ReadStore, *, event: str | None = None, round: str | int | None = None,
          table: str | int | None = None, player: str | None = None, status: str | None = None,
          limit: int | None = None, offset: int = 0, game_ids: Any = None) -> list[dict[str, Any]]:
    """Games by event, round, table, player (any part of a name, any case) and status, in that order (only
    ``game_ids`` among them, when given)."""
    query = sa.select(INDEX)
    if game_ids is not None:
        query = query.where(INDEX.c.game_id.in_([uuid.UUID(str(g)) for g in game_ids]))
    if event is not None:
        query = query.where(INDEX.c.event == event)
    if round is not None:
        query = query.where(INDEX.c.round == str(round))
    if table is not None:
        query = query.where(INDEX.c.table_no == str(table))
    if status is not None:
        query = query.where(INDEX.c.status == status)
    if player:
        pattern = "%" + player.casefold().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        query = query.where(INDEX.c.game_id.in_(
            sa.select(PLAYER.c.game_id).where(PLAYER.c.name_key.like(pattern, escape="\\"))))
    query = query.order_by(INDEX.c.event, sa.func.length(INDEX.c.round), INDEX.c.round,
                           sa.func.length(INDEX.c.table_no), INDEX.c.table_no, INDEX.c.created_at, INDEX.c.game_id)
    if limit is not None:
        query = query.limit(limit)
    if offset:
        query = query.offset(offset)
    with store.connect() as conn:
        rows = conn.execute(query).mappings().all()
    out = []
    for row in rows:
        item = dict(row)
        item["game_id"] = str(item["game_id"])
        item["table"] = item.pop("table_no")
        winner = item["winner"]
        item["winner"] = item["players"][winner] if winner is not None else None
        item["winner_seat"] = winner
        out.append(item)
    return out
