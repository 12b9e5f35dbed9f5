"""Paces, clocks, resigning and undo (issue 16, "at your own pace").

A move row's new `at` is when it was stored (seconds since the epoch; None for the moves stored before): a live
table's Fischer clocks and a turn-based table's deadlines are worked out from these times, so they survive restarts.
The move log also holds the platform's own rows (`action` -1: an undo, a resignation, a time-out or a bot taking over
a seat, spelled out in `notation`), ordered by the same one-row-per-ply key as the moves, so of two processes that
both see a clock run out only one records it.

A table's new columns: `pace` (the pace as JSON, None: untimed, as every table before), `pace_kind` ("live" or
"turn", for queries), `started` (when its last human seat was taken: clocks run from then), and, kept for paced tables
only, `deadline` (when the seat on turn runs out of time; None once the game is over), `to_move` (that seat) and
`turn_ply` (the ply at which its turn began: one e-mail per turn is keyed by it).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_moves", sa.Column("at", sa.Float, nullable=True))
    op.add_column("gt_tables", sa.Column("pace", sa.Text, nullable=True))
    op.add_column("gt_tables", sa.Column("pace_kind", sa.String(8), nullable=True))
    op.add_column("gt_tables", sa.Column("started", sa.Float, nullable=True))
    op.add_column("gt_tables", sa.Column("deadline", sa.Float, nullable=True))
    op.add_column("gt_tables", sa.Column("to_move", sa.Integer, nullable=True))
    op.add_column("gt_tables", sa.Column("turn_ply", sa.Integer, nullable=True))
    op.create_index("ix_gt_tables_deadline", "gt_tables", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_gt_tables_deadline", table_name="gt_tables")
    with op.batch_alter_table("gt_tables") as batch:
        for column in ("turn_ply", "to_move", "deadline", "started", "pace_kind", "pace"):
            batch.drop_column(column)
    with op.batch_alter_table("gt_moves") as batch:
        batch.drop_column("at")
