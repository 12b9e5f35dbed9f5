"""Bot accounts (issue 37): the bots an account owns, their API tokens (found by the token's hash, never the token)
and the seats offered to them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, insert, select

from guildtable.server.storage.accounts import StoredAccount, account_of
from guildtable.server.storage.database import now
from guildtable.server.storage.schema import accounts, bot_invitations, bot_tokens


@dataclass(frozen=True, slots=True)
class StoredToken:
    """A bot's API token as its owner's list shows it: its public id, what it may do, its label, when made."""

    id: str
    account_id: str
    scopes: tuple[str, ...]
    label: str
    created: str


@dataclass(frozen=True, slots=True)
class TokenHolder:
    """Who a token plays as: the bot account, and the token."""

    account: StoredAccount
    token: StoredToken


@dataclass(frozen=True, slots=True)
class Invitation:
    """A seat offered to a bot account."""

    table_id: str
    seat: int
    account_id: str
    created: str


def _token_of(row: Any) -> StoredToken:
    scopes = tuple(scope for scope in row.scopes.split(",") if scope)
    return StoredToken(row.id, row.account_id, scopes, row.label, row.created)


@dataclass(frozen=True, slots=True)
class Bots:
    """The bot accounts, tokens and invitations of one database."""

    engine: Engine

    def bots_of(self, owner_id: str) -> list[StoredAccount]:
        """The bot accounts `owner_id` owns, by name."""
        with self.engine.connect() as db:
            rows = db.execute(select(accounts).where(accounts.c.owner_id == owner_id).order_by(accounts.c.name)).all()
        return [account_of(row) for row in rows]

    def add_token(self, token: StoredToken, token_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(
                insert(bot_tokens).values(
                    id=token.id,
                    token_hash=token_hash,
                    account_id=token.account_id,
                    scopes=",".join(token.scopes),
                    label=token.label,
                    created=token.created,
                )
            )

    def tokens_of(self, account_ids: list[str]) -> list[StoredToken]:
        """The tokens of these bot accounts, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(bot_tokens).where(bot_tokens.c.account_id.in_(account_ids)).order_by(bot_tokens.c.created)
            ).all()
        return [_token_of(row) for row in rows]

    def holder(self, token_hash: str) -> TokenHolder | None:
        """The bot account and token whose token hashes to `token_hash`; None for a revoked or unknown one."""
        with self.engine.connect() as db:
            row = db.execute(select(bot_tokens).where(bot_tokens.c.token_hash == token_hash)).first()
            if row is None:
                return None
            account = db.execute(select(accounts).where(accounts.c.id == row.account_id)).first()
        if account is None or account.owner_id is None:
            return None
        return TokenHolder(account_of(account), _token_of(row))

    def revoke_token(self, token_id: str, account_ids: list[str]) -> bool:
        """Delete the token `token_id` if it is one of these accounts' (False: it is not, or is gone already)."""
        with self.engine.begin() as db:
            result = db.execute(
                delete(bot_tokens).where(bot_tokens.c.id == token_id, bot_tokens.c.account_id.in_(account_ids))
            )
        return bool(result.rowcount == 1)

    def invite(self, table_id: str, seat: int, account_id: str) -> None:
        """Offer the seat to the bot account (instead of any bot it was offered to before)."""
        with self.engine.begin() as db:
            db.execute(
                delete(bot_invitations).where(bot_invitations.c.table_id == table_id, bot_invitations.c.seat == seat)
            )
            db.execute(
                insert(bot_invitations).values(table_id=table_id, seat=seat, account_id=account_id, created=now())
            )

    def invitations(self, account_id: str) -> list[Invitation]:
        """The seats offered to the bot account, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(bot_invitations)
                .where(bot_invitations.c.account_id == account_id)
                .order_by(bot_invitations.c.created, bot_invitations.c.table_id, bot_invitations.c.seat)
            ).all()
        return [Invitation(row.table_id, row.seat, row.account_id, row.created) for row in rows]

    def drop_invitation(self, table_id: str, seat: int, account_id: str) -> bool:
        """The offer of the seat to the bot account goes (accepted or declined); False if there was none."""
        with self.engine.begin() as db:
            result = db.execute(
                delete(bot_invitations).where(
                    bot_invitations.c.table_id == table_id,
                    bot_invitations.c.seat == seat,
                    bot_invitations.c.account_id == account_id,
                )
            )
        return bool(result.rowcount == 1)
