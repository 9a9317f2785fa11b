"""The read models: tracking, game index and players, status, scoresheet lines, settlement, replay frames.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('game_index',
    sa.Column('game_id', sa.Uuid(), nullable=False),
    sa.Column('event', sa.String(length=200), nullable=True),
    sa.Column('round', sa.String(length=64), nullable=True),
    sa.Column('table_no', sa.String(length=64), nullable=True),
    sa.Column('profile', sa.String(length=64), nullable=False),
    sa.Column('tileset', sa.String(length=64), nullable=False),
    sa.Column('bag_mode', sa.String(length=64), nullable=False),
    sa.Column('players', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('status', sa.String(length=64), nullable=False),
    sa.Column('phase', sa.String(length=64), nullable=False),
    sa.Column('scores', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('winner', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.String(length=64), nullable=False),
    sa.Column('updated_at', sa.String(length=64), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('game_id')
    )
    with op.batch_alter_table('game_index', schema=None) as batch_op:
        batch_op.create_index('ix_game_index_event_round_table', ['event', 'round', 'table_no'], unique=False)
        batch_op.create_index('ix_game_index_status', ['status'], unique=False)

    op.create_table('game_player',
    sa.Column('game_id', sa.Uuid(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('name_key', sa.String(length=200), nullable=False),
    sa.PrimaryKeyConstraint('game_id', 'seat')
    )
    with op.batch_alter_table('game_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_player_name_key'), ['name_key'], unique=False)

    op.create_table('game_status',
    sa.Column('game_id', sa.Uuid(), nullable=False),
    sa.Column('status', sa.String(length=64), nullable=False),
    sa.Column('phase', sa.String(length=64), nullable=False),
    sa.Column('waiting_for', sa.String(length=64), nullable=True),
    sa.Column('waiting_seats', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('turn', sa.Integer(), nullable=True),
    sa.Column('pending', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('last_ruling', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('ending', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('signatures', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('locked', sa.Boolean(), nullable=False),
    sa.Column('closed_at', sa.String(length=64), nullable=True),
    sa.Column('reopenings', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('next_actions', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('bag', sa.Integer(), nullable=False),
    sa.Column('scores', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('clocks', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('clock_stop', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('sanctions', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('incidents', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('round_over', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('overdraw', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('last_event', sa.String(length=64), nullable=False),
    sa.Column('updated_at', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('game_id')
    )
    op.create_table('projection_tracking',
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('position', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('name')
    )
    op.create_table('replay_frame',
    sa.Column('game_id', sa.Uuid(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('frame', sa.JSON(none_as_null=True), nullable=False),
    sa.PrimaryKeyConstraint('game_id', 'version')
    )
    op.create_table('scoresheet_row',
    sa.Column('game_id', sa.Uuid(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('line', sa.Integer(), nullable=False),
    sa.Column('turn', sa.Integer(), nullable=False),
    sa.Column('game_turn', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=64), nullable=False),
    sa.Column('notation', sa.String(length=64), nullable=True),
    sa.Column('word', sa.String(length=200), nullable=True),
    sa.Column('word_notation', sa.String(length=200), nullable=True),
    sa.Column('coordinates', sa.String(length=8), nullable=True),
    sa.Column('score', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('entered', sa.Integer(), nullable=True),
    sa.Column('entered_total', sa.Integer(), nullable=False),
    sa.Column('scrabble', sa.Boolean(), nullable=False),
    sa.Column('tiles', sa.Integer(), nullable=False),
    sa.Column('state', sa.String(length=64), nullable=False),
    sa.Column('challenge', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('corrections', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('written', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('at', sa.String(length=64), nullable=False),
    sa.Column('actor', sa.String(length=200), nullable=False),
    sa.Column('device', sa.String(length=200), nullable=True),
    sa.PrimaryKeyConstraint('game_id', 'seat', 'line')
    )
    op.create_table('settlement',
    sa.Column('game_id', sa.Uuid(), nullable=False),
    sa.Column('cause', sa.String(length=64), nullable=False),
    sa.Column('detail', sa.Text(), nullable=True),
    sa.Column('finisher', sa.Integer(), nullable=True),
    sa.Column('winner', sa.Integer(), nullable=True),
    sa.Column('spread', sa.Integer(), nullable=False),
    sa.Column('racks_counted', sa.Boolean(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('at', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('game_id')
    )
    op.create_table('settlement_player',
    sa.Column('game_id', sa.Uuid(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('score_before', sa.Integer(), nullable=False),
    sa.Column('rack', sa.JSON(none_as_null=True), nullable=False),
    sa.Column('rack_adjustment', sa.Integer(), nullable=False),
    sa.Column('overtime_seconds', sa.Integer(), nullable=False),
    sa.Column('time_penalty', sa.Integer(), nullable=False),
    sa.Column('sanctions', sa.Integer(), nullable=False),
    sa.Column('result_adjustment', sa.Integer(), nullable=False),
    sa.Column('final_score', sa.Integer(), nullable=False),
    sa.Column('result', sa.String(length=64), nullable=True),
    sa.Column('scrabbles', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('game_id', 'seat')
    )


def downgrade() -> None:
    op.drop_table('settlement_player')
    op.drop_table('settlement')
    op.drop_table('scoresheet_row')
    op.drop_table('replay_frame')
    op.drop_table('projection_tracking')
    op.drop_table('game_status')
    with op.batch_alter_table('game_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_player_name_key'))

    op.drop_table('game_player')
    with op.batch_alter_table('game_index', schema=None) as batch_op:
        batch_op.drop_index('ix_game_index_status')
        batch_op.drop_index('ix_game_index_event_round_table')

    op.drop_table('game_index')
