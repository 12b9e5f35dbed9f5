"""E-mail "your turn" notifications (issue 16, "at your own pace").

An account's new `email` (None: no mail) and `notify` ("off", every account so far; "turn": a mail at each of its
turns at a turn-based table, and a reminder before the move's time runs out; "digest": one summary a day, and the
reminders). `gt_mail_sent` has one row per mail, keyed by (account, table, turn_ply, kind): the row is written before
the mail is sent, so of several server processes only the one whose insert succeeds sends it (a failed send deletes
its row again). `gt_digest_sent` does the same for the daily summary, keyed by (account, UTC day).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_accounts", sa.Column("email", sa.String(254), nullable=True))
    op.add_column("gt_accounts", sa.Column("notify", sa.String(8), nullable=False, server_default="off"))
    op.create_table(
        "gt_mail_sent",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("turn_ply", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("sent_at", sa.Float, nullable=False),
    )
    op.create_table(
        "gt_digest_sent",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("sent_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("gt_digest_sent")
    op.drop_table("gt_mail_sent")
    with op.batch_alter_table("gt_accounts") as batch:
        batch.drop_column("notify")
        batch.drop_column("email")
