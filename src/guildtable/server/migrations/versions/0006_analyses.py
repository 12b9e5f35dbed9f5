"""Analyses of finished games (issue 19): one row per replay (a finished table's id or an uploaded record's), with
the search it used, how far it has come and, once done, its result as JSON. A row that is still running says so to
every server process (its progress too), and is taken over if its process stopped updating it.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_analyses",
        sa.Column("replay_id", sa.String(32), primary_key=True),
        sa.Column("spec", sa.String(200), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("gt_analyses")
