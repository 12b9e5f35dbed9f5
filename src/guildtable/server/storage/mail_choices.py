"""An account's mail settings (issue 16): its address and what it wants sent there, and the address's confirmation
(issue 30), from "due" through "sent" to "confirmed"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, or_, select, update

from guildtable.server.storage.mail_addresses import address_key
from guildtable.server.storage.schema import accounts, mail_addresses


@dataclass(frozen=True, slots=True)
class MailChoice:
    """An account's "your turn" mail settings: the address (None: none) and "off", "turn" or "digest"."""

    email: str | None
    notify: str


@dataclass(frozen=True, slots=True)
class MailState:
    """An account's mail settings as its page shows them (issue 30): the choice, whether the address is confirmed
    (`status`, see `gt_accounts.email_status`), when its confirmation mail went out, and whether the address was
    unsubscribed from a mail's link."""

    email: str | None
    notify: str
    status: str | None
    confirm_at: float | None
    stopped: bool


@dataclass(frozen=True, slots=True)
class DueConfirmation:
    """An account whose new address waits for its confirmation mail (written in the account's `language`)."""

    account_id: str
    email: str
    language: str = "en"


@dataclass(frozen=True, slots=True)
class MailChoices:
    """The accounts' mail settings in one database."""

    engine: Engine

    def mail_choice(self, account_id: str) -> MailChoice | None:
        """The account's mail settings (None: no such account)."""
        with self.engine.connect() as db:
            row = db.execute(select(accounts.c.email, accounts.c.notify).where(accounts.c.id == account_id)).first()
        return None if row is None else MailChoice(row.email, row.notify)

    def set_mail_choice(self, account_id: str, choice: MailChoice) -> None:
        """Store the account's choice. A new address (any change but its case) is unconfirmed, and its confirmation
        mail is due (issue 30); the same address keeps its state; no address has none."""
        with self.engine.begin() as db:
            row = db.execute(select(accounts.c.email).where(accounts.c.id == account_id)).first()
            values: dict[str, Any] = {"email": choice.email, "notify": choice.notify}
            if choice.email is None:
                values.update(email_status=None, confirm_hash=None, confirm_at=None)
            elif row is None or row.email is None or address_key(row.email) != address_key(choice.email):
                values.update(email_status="due", confirm_hash=None, confirm_at=None)
            db.execute(update(accounts).where(accounts.c.id == account_id).values(**values))

    def mail_state(self, account_id: str) -> MailState | None:
        """The account's mail settings and its address's state (None: no such account)."""
        with self.engine.connect() as db:
            row = db.execute(
                select(accounts.c.email, accounts.c.notify, accounts.c.email_status, accounts.c.confirm_at).where(
                    accounts.c.id == account_id
                )
            ).first()
            if row is None:
                return None
            stopped = (
                row.email is not None
                and db.execute(
                    select(mail_addresses.c.stopped).where(
                        mail_addresses.c.address == address_key(row.email), mail_addresses.c.stopped.is_not(None)
                    )
                ).first()
            )
        return MailState(row.email, row.notify, row.email_status, row.confirm_at, bool(stopped))

    def request_confirmation(self, account_id: str) -> bool:
        """Ask for a new confirmation mail of the account's address (False: no address, or it is confirmed)."""
        with self.engine.begin() as db:
            result = db.execute(
                update(accounts)
                .where(
                    accounts.c.id == account_id,
                    accounts.c.email.is_not(None),
                    or_(accounts.c.email_status.is_(None), accounts.c.email_status != "confirmed"),
                )
                .values(email_status="due", confirm_hash=None, confirm_at=None)
            )
        return bool(result.rowcount == 1)

    def confirmations_due(self, limit: int = 100) -> list[DueConfirmation]:
        """Accounts whose address waits for its confirmation mail."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(accounts.c.id, accounts.c.email, accounts.c.language)
                .where(accounts.c.email_status == "due", accounts.c.email.is_not(None))
                .order_by(accounts.c.id)
                .limit(limit)
            ).all()
        return [DueConfirmation(row.id, row.email, row.language) for row in rows]

    def claim_confirmation(self, account_id: str, email: str, token_hash: str, at: float) -> bool:
        """Take a due confirmation mail for sending (its link's token hash and the time): False if another process
        took it, or the address changed meanwhile. One statement, so only one process sends it."""
        with self.engine.begin() as db:
            result = db.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.email == email, accounts.c.email_status == "due")
                .values(email_status="sent", confirm_hash=token_hash, confirm_at=at)
            )
        return bool(result.rowcount == 1)

    def set_email_status(self, account_id: str, email: str, status: str) -> None:
        """Note what became of an address's confirmation mail ("due" again after a failed send, "limit", "refused"),
        unless the address changed meanwhile."""
        values: dict[str, Any] = {"email_status": status}
        if status != "sent":
            values.update(confirm_hash=None)
        with self.engine.begin() as db:
            db.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.email == email, accounts.c.email_status == "sent")
                .values(**values)
            )

    def confirm_email(self, token_hash: str, sent_after: float) -> str | None:
        """Confirm the address whose confirmation mail's link carries the token hashing to `token_hash`, if that mail
        went out after `sent_after`; the address, or None for no such (or an expired) link. Following the link is the
        owner's own choice, so it lifts an unsubscription of the address too."""
        with self.engine.begin() as db:
            row = db.execute(
                select(accounts.c.id, accounts.c.email).where(
                    accounts.c.confirm_hash == token_hash,
                    accounts.c.email_status == "sent",
                    accounts.c.confirm_at > sent_after,
                )
            ).first()
            if row is None or row.email is None:
                return None
            db.execute(
                update(accounts)
                .where(accounts.c.id == row.id, accounts.c.confirm_hash == token_hash)
                .values(email_status="confirmed", confirm_hash=None)
            )
            db.execute(
                update(mail_addresses).where(mail_addresses.c.address == address_key(row.email)).values(stopped=None)
            )
        return str(row.email)
