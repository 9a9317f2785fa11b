"""The running total a player announced with a play (FILE 32: «junto con la suma total acumulada»).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("scoresheet_row") as batch:
        batch.add_column(sa.Column("announced_total", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("scoresheet_row") as batch:
        batch.drop_column("announced_total")
