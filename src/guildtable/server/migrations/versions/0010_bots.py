"""Bot accounts (issue 37): an account's owner (a bot account's maker), the bots' API tokens (kept as hashes) and the
seats offered to bots.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_accounts", sa.Column("owner_id", sa.String(32), nullable=True))
    op.create_index("ix_gt_accounts_owner_id", "gt_accounts", ["owner_id"])
    op.create_table(
        "gt_bot_tokens",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("scopes", sa.String(32), nullable=False),
        sa.Column("label", sa.String(64), nullable=False, server_default=""),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_index("ix_gt_bot_tokens_token_hash", "gt_bot_tokens", ["token_hash"], unique=True)
    op.create_index("ix_gt_bot_tokens_account_id", "gt_bot_tokens", ["account_id"])
    op.create_table(
        "gt_bot_invitations",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_index("ix_gt_bot_invitations_account_id", "gt_bot_invitations", ["account_id"])


def downgrade() -> None:
    op.drop_table("gt_bot_invitations")
    op.drop_table("gt_bot_tokens")
    op.drop_index("ix_gt_accounts_owner_id", "gt_accounts")
    with op.batch_alter_table("gt_accounts") as batch:
        batch.drop_column("owner_id")
