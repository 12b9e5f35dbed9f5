"""Seat secrets (issue 30): an invite token only takes a seat; joining hands the player a secret of their own.

`gt_seats.token` stays the invite token the creator hands out; `gt_seats.secret` is the secret the joining player
alone receives, and the only token that moves, reads the hand or resigns. A seat joined before this revision keeps
its token as its secret (its player holds nothing else): only seats joined from now on are out of the creator's reach.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_seats", sa.Column("secret", sa.String(64), nullable=True))
    seats = sa.table("gt_seats", sa.column("token", sa.String), sa.column("secret", sa.String), sa.column("joined"))
    op.execute(seats.update().where(seats.c.joined == sa.true()).values(secret=seats.c.token))


def downgrade() -> None:
    with op.batch_alter_table("gt_seats") as batch:
        batch.drop_column("secret")
