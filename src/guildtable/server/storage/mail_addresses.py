"""Every address mail went to (issue 30): its mails counted per UTC day against the limits, and its unsubscription
(by the token in each of its mails' links). Kept per address, so no number of accounts gets past them."""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass

from sqlalchemy import Engine, case, insert, select, update
from sqlalchemy.exc import IntegrityError

from guildtable.server.storage.schema import accounts, mail_addresses


@dataclass(frozen=True, slots=True)
class MailPermit:
    """Whether a mail to an address may go out (`verdict`: "ok", "stopped": unsubscribed, "limit": the day's mails
    are used up), and the address's unsubscribe token for its links."""

    verdict: str
    token: str


def address_key(email: str) -> str:
    """An address as its limits and its unsubscription know it: "Ada@Example.org" and "ada@example.org" are one."""
    return email.strip().casefold()


@dataclass(frozen=True, slots=True)
class MailAddresses:
    """The addresses mail went to, in one database."""

    engine: Engine

    def count_mail(
        self, email: str, day: str, per_day: int, confirmations_per_day: int, confirming: str | None = None
    ) -> MailPermit:
        """Count one mail to `email` on `day` if the address may have it: not unsubscribed, fewer than `per_day`
        mails that day, and for a confirmation mail (`confirming`: the account that asked for it) fewer than
        `confirmations_per_day` confirmation mails that day, to the address and from the account. The address's row
        (and its unsubscribe token) is made on its first mail. The count is one guarded UPDATE, tried again if another
        process counted in between."""
        key = address_key(email)
        for _attempt in range(8):
            with self.engine.connect() as db:
                row = db.execute(select(mail_addresses).where(mail_addresses.c.address == key)).first()
            if row is None:
                with contextlib.suppress(IntegrityError), self.engine.begin() as db:
                    db.execute(insert(mail_addresses).values(address=key, token=secrets.token_urlsafe(32)))
                continue
            if row.stopped is not None:
                return MailPermit("stopped", row.token)
            sent = row.sent if row.day == day else 0
            confirmations = row.confirmations if row.day == day else 0
            if sent >= per_day or (confirming is not None and confirmations >= confirmations_per_day):
                return MailPermit("limit", row.token)
            with self.engine.begin() as db:
                if confirming is not None:
                    asked = db.execute(
                        select(accounts.c.confirm_day, accounts.c.confirm_count).where(accounts.c.id == confirming)
                    ).first()
                    if asked is not None and asked.confirm_day == day and asked.confirm_count >= confirmations_per_day:
                        return MailPermit("limit", row.token)
                counted = db.execute(
                    update(mail_addresses)
                    .where(
                        mail_addresses.c.address == key,
                        mail_addresses.c.day == row.day,
                        mail_addresses.c.sent == row.sent,
                        mail_addresses.c.confirmations == row.confirmations,
                    )
                    .values(day=day, sent=sent + 1, confirmations=confirmations + (confirming is not None))
                )
                if counted.rowcount != 1:
                    continue  # another process counted a mail to this address meanwhile: nothing was written
                if confirming is not None:
                    db.execute(
                        update(accounts)
                        .where(accounts.c.id == confirming)
                        .values(
                            confirm_count=case((accounts.c.confirm_day == day, accounts.c.confirm_count + 1), else_=1),
                            confirm_day=day,
                        )
                    )
            return MailPermit("ok", row.token)
        return MailPermit("limit", "")

    def uncount_mail(self, email: str, day: str, confirming: str | None = None) -> None:
        """Take back a mail `count_mail` counted that could not be sent (the next round tries it again)."""
        with self.engine.begin() as db:
            db.execute(
                update(mail_addresses)
                .where(
                    mail_addresses.c.address == address_key(email),
                    mail_addresses.c.day == day,
                    mail_addresses.c.sent > 0,
                )
                .values(
                    sent=mail_addresses.c.sent - 1,
                    confirmations=mail_addresses.c.confirmations - (1 if confirming is not None else 0),
                )
            )
            if confirming is not None:
                db.execute(
                    update(accounts)
                    .where(accounts.c.id == confirming, accounts.c.confirm_day == day, accounts.c.confirm_count > 0)
                    .values(confirm_count=accounts.c.confirm_count - 1)
                )

    def address_of_token(self, token: str) -> tuple[str, bool] | None:
        """The address an unsubscribe token is for, and whether it is unsubscribed (None: no such token)."""
        with self.engine.connect() as db:
            row = db.execute(
                select(mail_addresses.c.address, mail_addresses.c.stopped).where(mail_addresses.c.token == token)
            ).first()
        return None if row is None else (str(row.address), row.stopped is not None)

    def stop_address(self, token: str, at: float, stopped: bool = True) -> bool:
        """Unsubscribe the address of an unsubscribe token (`stopped` False: subscribe it again); False for no such
        token."""
        kept = case((mail_addresses.c.stopped.is_(None), at), else_=mail_addresses.c.stopped)
        with self.engine.begin() as db:
            result = db.execute(
                update(mail_addresses).where(mail_addresses.c.token == token).values(stopped=kept if stopped else None)
            )
        return bool(result.rowcount == 1)
