"""An account's language (issue 33): the language its mails and its daily summary are written in.

`gt_accounts.language` ("en" or "de") is taken from the pages the account uses (the page it signed up from, the
language it switches to while signed in) and changed in its settings. Every account made before it had its mails in
English, and keeps them so ("en") until its owner next uses the site in another language.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_accounts", sa.Column("language", sa.String(8), nullable=False, server_default="en"))


def downgrade() -> None:
    with op.batch_alter_table("gt_accounts") as batch:
        batch.drop_column("language")
