"""Accounts (issue 16, "Play as yourself"): who a person is across tables and devices.

`gt_accounts` holds a name (unique casefolded) and an argon2 hash of the password; `gt_sessions` a signed-in browser,
kept as the SHA-256 of its cookie's token with its CSRF token and expiry; a seat's new nullable `account_id` says which
account plays it (guests' seats keep None, so every table played so far stays as it was).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_index("ix_gt_accounts_name_key", "gt_accounts", ["name_key"], unique=True)
    op.create_table(
        "gt_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("expires", sa.String(32), nullable=False),
    )
    op.create_index("ix_gt_sessions_account_id", "gt_sessions", ["account_id"])
    op.create_index("ix_gt_sessions_expires", "gt_sessions", ["expires"])
    op.add_column("gt_seats", sa.Column("account_id", sa.String(32), nullable=True))
    op.create_index("ix_gt_seats_account_id", "gt_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_gt_seats_account_id", table_name="gt_seats")
    with op.batch_alter_table("gt_seats") as batch:
        batch.drop_column("account_id")
    op.drop_table("gt_sessions")
    op.drop_table("gt_accounts")
