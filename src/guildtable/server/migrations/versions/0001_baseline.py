"""Baseline: the schema the store made with `metadata.create_all` before migrations existed.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("seed_text", sa.String(80), nullable=True),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("setup", sa.Text, nullable=True),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("rematch", sa.String(32), nullable=True),
    )
    op.create_table(
        "gt_seats",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(200), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_table(
        "gt_moves",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("notation", sa.String(200), nullable=False),
    )
    op.create_table(
        "gt_uploads",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    for name in ("gt_uploads", "gt_moves", "gt_seats", "gt_tables"):
        op.drop_table(name)
