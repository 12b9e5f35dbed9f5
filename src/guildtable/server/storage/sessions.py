"""Signed-in browsers: a session is found by its token's hash (never the token), with its account, until it ends."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, select

from guildtable.server.storage.accounts import StoredAccount, account_of
from guildtable.server.storage.database import now
from guildtable.server.storage.schema import accounts, sessions


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A signed-in browser: its account, the CSRF token its pages send back, and when it ends."""

    account: StoredAccount
    csrf: str
    expires: str


@dataclass(frozen=True, slots=True)
class Sessions:
    """The sessions of one database."""

    engine: Engine

    def add_session(self, token_hash: str, account_id: str, csrf: str, expires: str) -> None:
        """Store a session, and drop every session that has ended meanwhile (nobody can use them any more)."""
        moment = now()
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.expires <= moment))
            db.execute(
                insert(sessions).values(
                    token_hash=token_hash, account_id=account_id, csrf=csrf, created=moment, expires=expires
                )
            )

    def session(self, token_hash: str) -> StoredSession | None:
        """The session whose token hashes to `token_hash`, with its account; None if there is none or it ended."""
        with self.engine.connect() as db:
            row = db.execute(
                select(accounts, sessions.c.csrf, sessions.c.expires)
                .join(sessions, sessions.c.account_id == accounts.c.id)
                .where(sessions.c.token_hash == token_hash, sessions.c.expires > now())
            ).first()
        return None if row is None else StoredSession(account_of(row), row.csrf, row.expires)

    def delete_session(self, token_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.token_hash == token_hash))

    def delete_other_sessions(self, account_id: str, keep_token_hash: str | None) -> int:
        """End every session of the account but `keep_token_hash` (issue 30); how many ended."""
        with self.engine.begin() as db:
            result = db.execute(
                delete(sessions).where(sessions.c.account_id == account_id, sessions.c.token_hash != keep_token_hash)
                if keep_token_hash is not None
                else delete(sessions).where(sessions.c.account_id == account_id)
            )
        return int(result.rowcount)
