"""Column types the read models share, spelt as plain SQLAlchemy types (the same schema on SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlmodel import Field

NAME = sa.String(200)
SHORT = sa.String(64)


def _json(nullable: bool = True) -> Any:
    return Field(default=None, sa_type=sa.JSON(none_as_null=True), nullable=nullable)
