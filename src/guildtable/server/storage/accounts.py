"""Accounts: made under a name nobody else's looks like, found by name, changed, and deleted with every row that
names them, in one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from guildtable.server.storage.schema import (
    accounts,
    bot_invitations,
    bot_tokens,
    digest_sent,
    mail_sent,
    ratings,
    seats,
    sessions,
)


@dataclass(frozen=True, slots=True)
class StoredAccount:
    id: str
    name: str
    password_hash: str
    created: str
    # Issue 33: the language of the account's mails ("en" or "de").
    language: str = "en"
    # Issue 37: the owner of a bot account (None: a person's account).
    owner_id: str | None = None

    @property
    def bot(self) -> bool:
        return self.owner_id is not None


class NameTaken(Exception):
    """An account with this name (casefolded) exists already."""


def account_of(row: Any) -> StoredAccount:
    return StoredAccount(row.id, row.name, row.password_hash, row.created, row.language, row.owner_id)


@dataclass(frozen=True, slots=True)
class Accounts:
    """The accounts of one database."""

    engine: Engine

    def create_account(self, account: StoredAccount, name_key: str) -> None:
        """Store a new account; NameTaken if its name (casefolded) is taken, even by a racing sign-up."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    insert(accounts).values(
                        id=account.id,
                        name=account.name,
                        name_key=name_key,
                        password_hash=account.password_hash,
                        created=account.created,
                        language=account.language,
                        owner_id=account.owner_id,
                    )
                )
        except IntegrityError:
            raise NameTaken(account.name) from None

    def account_named(self, name_key: str) -> StoredAccount | None:
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.name_key == name_key)).first()
        return None if row is None else account_of(row)

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))

    def set_account_language(self, account_id: str, language: str) -> None:
        """The language of the account's mails from now on (issue 33)."""
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(language=language))

    def account_called(self, name: str, name_key: str) -> StoredAccount | None:
        """The account called exactly `name`, else the one whose name looks like it (`name_key`). Exactly first: two
        accounts made before names were told apart by their look-alike keys may look alike (migration 0008)."""
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.name == name).limit(1)).first()
            if row is None:
                row = db.execute(select(accounts).where(accounts.c.name_key == name_key)).first()
        return None if row is None else account_of(row)

    def delete_account(self, account_id: str) -> None:
        """Delete an account (issue 30), in one transaction: its sessions end, its seats become guests' (the games
        stay), its ratings leave the leaderboard, its mail rows go, and its name is free again. Its bot accounts
        (issue 37) go with it, the same way, and their tokens stop working."""
        with self.engine.begin() as db:
            owned = db.execute(select(accounts.c.id).where(accounts.c.owner_id == account_id)).scalars().all()
            for gone in (*owned, account_id):
                _delete_rows(db, gone)


def _delete_rows(db: Connection, account_id: str) -> None:
    """Every row that names the account, and the account's own."""
    db.execute(delete(bot_tokens).where(bot_tokens.c.account_id == account_id))
    db.execute(delete(bot_invitations).where(bot_invitations.c.account_id == account_id))
    db.execute(delete(sessions).where(sessions.c.account_id == account_id))
    db.execute(update(seats).where(seats.c.account_id == account_id).values(account_id=None))
    db.execute(delete(ratings).where(ratings.c.subject == account_id))
    db.execute(delete(mail_sent).where(mail_sent.c.account_id == account_id))
    db.execute(delete(digest_sent).where(digest_sent.c.account_id == account_id))
    db.execute(delete(accounts).where(accounts.c.id == account_id))
