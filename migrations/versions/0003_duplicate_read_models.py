"""The duplicate games' read models (issue 18): game, rounds, slips, sheet rows, ranking and standings.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('duplicate_game',
    sa.Column('duplicate_id', sa.Uuid(), nullable=False),
    sa.Column('profile', sa.String(length=64), nullable=False),
    sa.Column('players', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('phase', sa.String(length=64), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('out', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('ended', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('duplicate_id')
    )
    op.create_table('duplicate_ranking',
    sa.Column('duplicate_id', sa.Uuid(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('tiebreak', sa.String(length=64), nullable=False),
    sa.Column('article', sa.String(length=200), nullable=True),
    sa.Column('master_total', sa.Integer(), nullable=False),
    sa.Column('vis_a_vis', sa.JSON(none_as_null=True), nullable=False),
    sa.PrimaryKeyConstraint('duplicate_id', 'round')
    )
    op.create_table('duplicate_round',
    sa.Column('duplicate_id', sa.Uuid(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('rack', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('remainder', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('method', sa.String(length=64), nullable=False),
    sa.Column('seed', sa.String(length=200), nullable=True),
    sa.Column('rejected', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('started_at', sa.String(length=64), nullable=False),
    sa.Column('closed_at', sa.String(length=64), nullable=True),
    sa.Column('missing', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('master', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('results', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('solo_top', sa.Integer(), nullable=True),
    sa.Column('bonus', sa.Float(), nullable=False),
    sa.Column('corrections', sa.JSON(none_as_null=True), nullable=False),
    sa.PrimaryKeyConstraint('duplicate_id', 'round')
    )
    op.create_table('duplicate_sheet_row',
    sa.Column('duplicate_id', sa.Uuid(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('rack', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('entry', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('master', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('score', sa.Integer(), nullable=True),
    sa.Column('causes', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('bonus', sa.Float(), nullable=False),
    sa.Column('percent', sa.Float(), nullable=True),
    sa.Column('total', sa.Float(), nullable=True),
    sa.PrimaryKeyConstraint('duplicate_id', 'seat', 'round')
    )
    op.create_table('duplicate_slip',
    sa.Column('duplicate_id', sa.Uuid(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('slip', sa.JSON(none_as_null=True), nullable=False),
    sa.PrimaryKeyConstraint('duplicate_id', 'round', 'seat')
    )
    op.create_table('duplicate_standing',
    sa.Column('duplicate_id', sa.Uuid(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('rank', sa.Integer(), nullable=False),
    sa.Column('player', sa.String(length=200), nullable=False),
    sa.Column('total', sa.Float(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('bonus', sa.Float(), nullable=False),
    sa.Column('percent', sa.Float(), nullable=False),
    sa.Column('plays', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('rounds_played', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('duplicate_id', 'round', 'seat')
    )


def downgrade() -> None:
    op.drop_table('duplicate_standing')
    op.drop_table('duplicate_slip')
    op.drop_table('duplicate_sheet_row')
    op.drop_table('duplicate_round')
    op.drop_table('duplicate_ranking')
    op.drop_table('duplicate_game')
