"""Confirmed addresses, mail limits and unsubscribing, and look-alike names (issue 30).

`gt_accounts` gets the state of its address (`email_status`: every address so far is unconfirmed; one whose account
asked for mails is due its one confirmation mail, nothing else goes to it until its owner follows that mail's link),
the SHA-256 of the confirmation link's token and when the mail went out, and the confirmation mails the account
caused today. `gt_mail_addresses` keeps, per address, the token of the unsubscribe link every mail carries, whether
the address was unsubscribed, and how many mails it got today (the daily limits).

`name_key` becomes the look-alike key (`names.lookalike_key`: TR39's skeleton of the casefolded name), recomputed for
every account with this release's function. Two existing accounts whose names look alike both stay: the older keeps
the key, each later one a key of its own (the key and its id), and signs in by its exact name (`ix_gt_accounts_name`).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

from guildtable.server.names import lookalike_key

revision = "0008"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_accounts", sa.Column("email_status", sa.String(12), nullable=True))
    op.add_column("gt_accounts", sa.Column("confirm_hash", sa.String(64), nullable=True))
    op.add_column("gt_accounts", sa.Column("confirm_at", sa.Float, nullable=True))
    op.add_column("gt_accounts", sa.Column("confirm_day", sa.String(10), nullable=True))
    op.add_column("gt_accounts", sa.Column("confirm_count", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_gt_accounts_name", "gt_accounts", ["name"])
    op.create_index("ix_gt_accounts_confirm_hash", "gt_accounts", ["confirm_hash"])
    op.create_index("ix_gt_accounts_email_status", "gt_accounts", ["email_status"])
    op.create_table(
        "gt_mail_addresses",
        sa.Column("address", sa.String(254), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("stopped", sa.Float, nullable=True),
        sa.Column("day", sa.String(10), nullable=False, server_default=""),
        sa.Column("sent", sa.Integer, nullable=False, server_default="0"),
        sa.Column("confirmations", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("ix_gt_mail_addresses_token", "gt_mail_addresses", ["token"], unique=True)

    accounts = sa.table(
        "gt_accounts",
        sa.column("id", sa.String),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
        sa.column("created", sa.String),
        sa.column("email", sa.String),
        sa.column("notify", sa.String),
        sa.column("email_status", sa.String),
    )
    bind = op.get_bind()
    # Every address so far was never confirmed: one whose account asks for mails gets its confirmation mail.
    bind.execute(
        accounts.update()
        .where(accounts.c.email.is_not(None))
        .values(email_status=sa.case((accounts.c.notify == "off", "unconfirmed"), else_="due"))
    )
    rows = bind.execute(sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.created, accounts.c.id)).all()
    # Keys are unique: each account first gets a placeholder, then its new key (the older of two look-alikes first).
    for row in rows:
        bind.execute(accounts.update().where(accounts.c.id == row.id).values(name_key=f"\n{row.id}"))
    taken: set[str] = set()
    for row in rows:
        key = lookalike_key(row.name)
        if key in taken:
            key = f"{key[:80]}\n{row.id}"
        taken.add(key)
        bind.execute(accounts.update().where(accounts.c.id == row.id).values(name_key=key))


def downgrade() -> None:
    op.drop_index("ix_gt_mail_addresses_token", table_name="gt_mail_addresses")
    op.drop_table("gt_mail_addresses")
    op.drop_index("ix_gt_accounts_email_status", table_name="gt_accounts")
    op.drop_index("ix_gt_accounts_confirm_hash", table_name="gt_accounts")
    op.drop_index("ix_gt_accounts_name", table_name="gt_accounts")
    with op.batch_alter_table("gt_accounts") as batch:
        batch.drop_column("confirm_count")
        batch.drop_column("confirm_day")
        batch.drop_column("confirm_at")
        batch.drop_column("confirm_hash")
        batch.drop_column("email_status")
    # The names' keys go back to what the casefold alone made of them.
    accounts = sa.table(
        "gt_accounts", sa.column("id", sa.String), sa.column("name", sa.String), sa.column("name_key", sa.String)
    )
    bind = op.get_bind()
    for row in bind.execute(sa.select(accounts.c.id, accounts.c.name)).all():
        key = unicodedata.normalize("NFC", row.name.casefold())
        bind.execute(accounts.update().where(accounts.c.id == row.id).values(name_key=key))
