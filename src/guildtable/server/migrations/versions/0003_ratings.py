"""Ratings (issue 16): openskill ratings per game for accounts and bot levels.

`gt_ratings` holds one subject's (an account's id, or "bot:<level>") mu and sigma at one game and how many rated
games made them; `gt_rated_games` one row per finished rated table, so a table is rated exactly once whichever
process sees its end first (`skipped`: it ended with a seat that could not be rated). A table's new `rated` column
is false for every table played so far: casual is what they were.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_ratings",
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )
    op.create_table(
        "gt_rated_games",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("rated_at", sa.String(32), nullable=False),
        sa.Column("skipped", sa.Boolean, nullable=False),
    )
    op.add_column("gt_tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("gt_tables") as batch:
        batch.drop_column("rated")
    op.drop_table("gt_rated_games")
    op.drop_table("gt_ratings")
