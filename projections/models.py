"""The read models' tables (SQLModel, ``table=True``), created only by the Alembic migrations.

Every table is keyed by the game it describes, so a projection writes a game's rows as the
state they reach after a batch of events, never as increments: applying a batch again after a
crash (which the tracking table prevents anyway) could not double-count anything. Column types
are spelled as plain SQLAlchemy types so the migrations need no SQLModel import and the same
schema comes out on SQLite and PostgreSQL.

- ``projection_tracking``: per read model, the last notification id of the event store it has
  processed, written in the same transaction as its rows;
- ``game_index`` and ``game_player``: games by event, round, table, player and status (directors);
- ``game_status``: where a game stands, what it waits for, who signed, the closure lock;
- ``scoresheet_row``: one line of one player's sheet (federation notation, corrections kept);
- ``settlement`` and ``settlement_player``: the end of the game and each player's final score;
- ``replay_frame``: the board, racks, bag and scores after every event, for disputed games;
- the duplicate games' tables (``projections.duplicate_models``): read model ``duplicates``.
"""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from projections.columns import NAME, SHORT, _json

#: The read models the projector keeps, each with its own row in ``projection_tracking``.
READ_MODELS = ("index", "status", "scoresheet", "settlement", "replay", "duplicates")


class ProjectionTracking(SQLModel, table=True):
    """How far one read model has processed the event store (the library's notification id)."""

    __tablename__ = "projection_tracking"

    name: str = Field(primary_key=True, sa_type=SHORT)
    position: int = Field(default=0, sa_type=sa.BigInteger, nullable=False)


class GameIndex(SQLModel, table=True):
    """One game in the directors' list: where it is played, by whom, and how far it has got."""

    __tablename__ = "game_index"
    __table_args__ = (
        sa.Index("ix_game_index_event_round_table", "event", "round", "table_no"),
        sa.Index("ix_game_index_status", "status"),
    )

    game_id: uuid.UUID = Field(primary_key=True, sa_type=sa.Uuid)
    event: str | None = Field(default=None, sa_type=NAME)
    round: str | None = Field(default=None, sa_type=SHORT)
    table_no: str | None = Field(default=None, sa_type=SHORT)
    profile: str = Field(sa_type=SHORT, nullable=False)
    tileset: str = Field(sa_type=SHORT, nullable=False)
    bag_mode: str = Field(sa_type=SHORT, nullable=False)
    players: list[str] = _json(nullable=False)
    status: str = Field(sa_type=SHORT, nullable=False)
    phase: str = Field(sa_type=SHORT, nullable=False)
    scores: list[int] = _json(nullable=False)
    winner: int | None = Field(default=None, nullable=True)
    created_at: str = Field(sa_type=SHORT, nullable=False)
    updated_at: str = Field(sa_type=SHORT, nullable=False)
    version: int = Field(nullable=False)


class GamePlayer(SQLModel, table=True):
    """A player of a game, for finding games by player name (``name_key`` is the lower-cased name)."""

    __tablename__ = "game_player"

    game_id: uuid.UUID = Field(primary_key=True, sa_type=sa.Uuid)
    seat: int = Field(primary_key=True)
    name: str = Field(sa_type=NAME, nullable=False)
    name_key: str = Field(sa_type=NAME, nullable=False, index=True)


class GameStatus(SQLModel, table=True):
    """Where a game stands: its status, what and whom it waits for, signatures, closure, next actions."""

    __tablename__ = "game_status"

    game_id: uuid.UUID = Field(primary_key=True, sa_type=sa.Uuid)
    status: str = Field(sa_type=SHORT, nullable=False)
    phase: str = Field(sa_type=SHORT, nullable=False)
    waiting_for: str | None = Field(default=None, sa_type=SHORT)
    waiting_seats: list[int] = _json(nullable=False)
    turn: int | None = Field(default=None, nullable=True)
    pending: dict | None = _json()
    last_ruling: dict | None = _json()
    ending: dict | None = _json()
    signatures: list[dict] = _json(nullable=False)
    locked: bool = Field(nullable=False)
    closed_at: str | None = Field(default=None, sa_type=SHORT)
    reopenings: list[dict] = _json(nullable=False)
    next_actions: list[dict] = _json(nullable=False)
    bag: int = Field(nullable=False)
    scores: list[int] = _json(nullable=False)
    clocks: list[dict] = _json(nullable=False)
    clock_stop: dict | None = _json()
    sanctions: list[dict] = _json(nullable=False)
    incidents: list[dict] = _json(nullable=False)
    round_over: dict | None = _json()
    overdraw: dict | None = _json()
    version: int = Field(nullable=False)
    last_event: str = Field(sa_type=SHORT, nullable=False)
    updated_at: str = Field(sa_type=SHORT, nullable=False)


class ScoresheetRow(SQLModel, table=True):
    """One line of one player's sheet: a play, exchange, pass or withdrawn play, in federation notation."""

    __tablename__ = "scoresheet_row"

    game_id: uuid.UUID = Field(primary_key=True, sa_type=sa.Uuid)
    seat: int = Field(primary_key=True)
    line: int = Field(primary_key=True)
    turn: int = Field(nullable=False)
    game_turn: int = Field(nullable=False)
    kind: str = Field(sa_type=SHORT, nullable=False)
    notation: str | None = Field(default=None, sa_type=SHORT)
    word: str | None = Field(default=None, sa_type=NAME)
    word_notation: str | None = Field(default=None, sa_type=NAME)
    coordinates: str | None = Field(default=None, sa_type=sa.String(8))
    score: int = Field(nullable=False)
    total: int = Field(nullable=False)
    entered: int | None = Field(default=None, nullable=True)
    announced_total: int | None = Field(default=None, nullable=True)  #: the total announced with the play (FILE 32)
    entered_total: int = Field(nullable=False)
    scrabble: bool = Field(nullable=False)
    tiles: int = Field(nullable=False)
    state: str = Field(sa_type=SHORT, nullable=False)
    challenge: dict | None = _json()
    corrections: list[dict] = _json(nullable=False)
    written: dict = _json(nullable=False)
    reason: str | None = Field(default=None, sa_type=sa.Text)
    version: int = Field(nullable=False)
    at: str = Field(sa_type=SHORT, nullable=False)
    actor: str = Field(sa_type=NAME, nullable=False)
    device: str | None = Field(default=None, sa_type=NAME)


class Settlement(SQLModel, table=True):
    """How the game ended and was settled: cause, winner or draw, spread, whether racks were counted."""

    __tablename__ = "settlement"

    game_id: uuid.UUID = Field(primary_key=True, sa_type=sa.Uuid)
    cause: str = Field(sa_type=SHORT, nullable=False)
    detail: str | None = Field(default=None, sa_type=sa.Text)
    finisher: int | None = Field(default=None, nullable=True)
    winner: int | None = Field(default=None, nullable=True)
    spread: int = Field(nullable=False)
    racks_counted: bool = Field(nullable=False)
    version: int = Field(nullable=False)
    at: str = Field(sa_type=SHORT, nullable=False)


class SettlementPlayer(SQLModel, table=True):
    """One player's final score and its parts."""

    __tablename__ = "settlement_player"

    game_id: uuid.UUID = Field(primary_key=True, sa_type=sa.Uuid)
    seat: int = Field(primary_key=True)
    name: str = Field(sa_type=NAME, nullable=False)
    score_before: int = Field(nullable=False)
    rack: list[str] = _json(nullable=False)
    rack_adjustment: int = Field(nullable=False)
    overtime_seconds: int = Field(nullable=False)
    time_penalty: int = Field(nullable=False)
    sanctions: int = Field(nullable=False)
    result_adjustment: int = Field(nullable=False)
    final_score: int = Field(nullable=False)
    result: str | None = Field(default=None, sa_type=SHORT)
    scrabbles: int = Field(nullable=False)


class ReplayFrame(SQLModel, table=True):
    """The game as it stood right after event ``version``: board, racks, bag, scores (a JSON frame)."""

    __tablename__ = "replay_frame"

    game_id: uuid.UUID = Field(primary_key=True, sa_type=sa.Uuid)
    version: int = Field(primary_key=True)
    frame: dict = _json(nullable=False)


from projections.duplicate_models import DUPLICATE_TABLES  # noqa: E402  (its tables use this module's types)

#: The read-model tables a rebuild empties, children before parents (tracking last).
READ_MODEL_TABLES = (
    *DUPLICATE_TABLES, ReplayFrame.__table__, ScoresheetRow.__table__, SettlementPlayer.__table__, Settlement.__table__,
    GameStatus.__table__, GamePlayer.__table__, GameIndex.__table__, ProjectionTracking.__table__,
)
