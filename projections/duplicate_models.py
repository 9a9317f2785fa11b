"""The duplicate games' read models (issue 18): SQLModel tables, created only by migration 0003.

As the games' tables, every row is keyed by the duplicate it describes and written as the state it
reaches after a batch of events, never as an increment:

- ``duplicate_game``: where a duplicate stands (phase, round, players, who is out, the end, version);
- ``duplicate_round``: a round's rack, its draw, «¡Tiempo!», the master move and the results (the
  master-move sheet is these rows);
- ``duplicate_slip``: one player's slip of one round as read by the engine, with its corrections
  (the round table);
- ``duplicate_sheet_row``: one line of one player's sheet (round, rack, own entry, master, score,
  null causes, bonus, % of the master, running total);
- ``duplicate_standing``: the ranking after a published round (and after none: round 0), one row per
  player, with the ranking's own figures (masters' total, vis-à-vis) on ``duplicate_ranking``.

What a caller may see of these rows is decided where they are read (``service/api/routes``), exactly
as for the views computed from the aggregate.
"""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from projections.columns import NAME, SHORT, _json

KEY = sa.Uuid


class DuplicateGame(SQLModel, table=True):
    """One duplicate game: profile, players, phase, round in play, who is out, how it ended, its version."""

    __tablename__ = "duplicate_game"

    duplicate_id: uuid.UUID = Field(primary_key=True, sa_type=KEY)
    profile: str = Field(sa_type=SHORT, nullable=False)
    players: list[str] = _json(nullable=False)
    phase: str = Field(sa_type=SHORT, nullable=False)
    round: int = Field(nullable=False)
    out: dict = _json(nullable=False)
    ended: dict | None = _json()
    version: int = Field(nullable=False)
    updated_at: str = Field(sa_type=SHORT, nullable=False)


class DuplicateRound(SQLModel, table=True):
    """One round: rack and draw, «¡Tiempo!», who sent nothing, the master move, the results."""

    __tablename__ = "duplicate_round"

    duplicate_id: uuid.UUID = Field(primary_key=True, sa_type=KEY)
    round: int = Field(primary_key=True)
    rack: list[str] = _json(nullable=False)
    remainder: list[str] = _json(nullable=False)
    method: str = Field(sa_type=SHORT, nullable=False)
    seed: str | None = Field(default=None, sa_type=NAME)
    rejected: list[list[str]] = _json(nullable=False)
    started_at: str = Field(sa_type=SHORT, nullable=False)
    closed_at: str | None = Field(default=None, sa_type=SHORT)
    missing: list[int] = _json(nullable=False)
    master: dict | None = _json()
    results: dict | None = _json()
    solo_top: int | None = Field(default=None, nullable=True)
    bonus: float = Field(sa_type=sa.Float, nullable=False)
    corrections: list[dict] = _json(nullable=False)


class DuplicateSlip(SQLModel, table=True):
    """One player's slip of one round, as the engine read it (score and causes), last correction applied."""

    __tablename__ = "duplicate_slip"

    duplicate_id: uuid.UUID = Field(primary_key=True, sa_type=KEY)
    round: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    slip: dict = _json(nullable=False)


class DuplicateSheetRow(SQLModel, table=True):
    """One line of one player's sheet."""

    __tablename__ = "duplicate_sheet_row"

    duplicate_id: uuid.UUID = Field(primary_key=True, sa_type=KEY)
    seat: int = Field(primary_key=True)
    round: int = Field(primary_key=True)
    rack: list[str] = _json(nullable=False)
    entry: dict | None = _json()
    master: dict | None = _json()
    score: int | None = Field(default=None, nullable=True)
    causes: list[str] = _json(nullable=False)
    bonus: float = Field(sa_type=sa.Float, nullable=False)
    percent: float | None = Field(default=None, sa_type=sa.Float, nullable=True)
    total: float | None = Field(default=None, sa_type=sa.Float, nullable=True)


class DuplicateRanking(SQLModel, table=True):
    """The ranking's own figures after a published round (0: before any)."""

    __tablename__ = "duplicate_ranking"

    duplicate_id: uuid.UUID = Field(primary_key=True, sa_type=KEY)
    round: int = Field(primary_key=True)
    tiebreak: str = Field(sa_type=SHORT, nullable=False)
    article: str | None = Field(default=None, sa_type=NAME)
    master_total: int = Field(nullable=False)
    vis_a_vis: list[dict] = _json(nullable=False)


class DuplicateStanding(SQLModel, table=True):
    """One player's line of the ranking after a published round (0: before any)."""

    __tablename__ = "duplicate_standing"

    duplicate_id: uuid.UUID = Field(primary_key=True, sa_type=KEY)
    round: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    position: int = Field(nullable=False)  #: the line's place in the ranking's order (0 first)
    rank: int = Field(nullable=False)
    player: str = Field(sa_type=NAME, nullable=False)
    total: float = Field(sa_type=sa.Float, nullable=False)
    points: int = Field(nullable=False)
    bonus: float = Field(sa_type=sa.Float, nullable=False)
    percent: float = Field(sa_type=sa.Float, nullable=False)
    plays: list[int] = _json(nullable=False)
    rounds_played: int = Field(nullable=False)


DUPLICATE_TABLES = (DuplicateStanding.__table__, DuplicateRanking.__table__, DuplicateSheetRow.__table__,
                    DuplicateSlip.__table__, DuplicateRound.__table__, DuplicateGame.__table__)
