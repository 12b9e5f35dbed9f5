"""The notifier: every server process runs one, which each round forgets old rows, takes the due confirmation mails,
claims the rows of the due turn mails, counts each against its address's limits and sends them; a mail not sent has
its rows released so the next round tries again."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
import weakref
from dataclasses import dataclass
from email.message import EmailMessage

from guildtable.kernel.i18n import use_language
from guildtable.server.accounts import hash_token
from guildtable.server.mail.letters import Letters, mail_language
from guildtable.server.mail.plan import Claim, Mail, plan, utc_day
from guildtable.server.mail.sending import message, refused_for_good, send_all
from guildtable.server.mail.settings import CONFIRM_BYTES, DAY_SECONDS, REMINDER_AT_MOST, MailSettings
from guildtable.server.storage.calls import AsyncStore

log = logging.getLogger("guildtable.mail")


@dataclass(frozen=True, slots=True)
class _Outgoing:
    """A mail about to be sent: its rows, and its address's unsubscribe token."""

    mail: Mail
    held: list[Claim]
    token: str


# The notifiers running for each store (one per process serving it), so that a new address's confirmation mail goes
# out at once (`wake_notifiers`) instead of at the next look.
_RUNNING: weakref.WeakKeyDictionary[AsyncStore, weakref.WeakSet[Notifier]] = weakref.WeakKeyDictionary()


def wake_notifiers(store: AsyncStore) -> None:
    """Have this process's notifier of `store` look for mails now (a new address waits for its confirmation)."""
    for notifier in _RUNNING.get(store, ()):
        notifier.wake()


class Notifier:
    """Sends the due mails of one platform's database; any number of them (one per process) may run at once."""

    def __init__(self, store: AsyncStore, settings: MailSettings) -> None:
        self.store = store
        self.settings = settings
        self.letters = Letters(settings.base_url)
        self._tidied: str | None = None
        self._woken = asyncio.Event()

    def wake(self) -> None:
        self._woken.set()

    async def run_once(self, now: float) -> int:
        """Send the mails due at `now` (seconds since the epoch); returns how many went out."""
        day = utc_day(now)
        if self._tidied != day:
            await self.store.turn_mail.forget_old_mail(utc_day(now - DAY_SECONDS))
            self._tidied = day
        outgoing = await self._confirmations(now, day)
        turns = await self.store.turn_mail.waiting_turns(now, day, REMINDER_AT_MOST)
        mails = plan(turns, now, day, self.letters)
        for mail in mails:
            held = await self._claim(mail, now)
            if not held:
                continue
            permit = await self.store.mail_addresses.count_mail(
                mail.to, day, self.settings.per_address_day, self.settings.confirmations_per_day
            )
            if permit.verdict != "ok":
                # Unsubscribed, or the address had its mails of the day: this mail is not sent (its rows stay).
                log.info("mail (%s) to account %s not sent: %s", held[0].kind, held[0].account_id, permit.verdict)
                continue
            outgoing.append(_Outgoing(mail, held, permit.token))
        if not outgoing:
            return 0
        messages = [self._message(each, now) for each in outgoing]
        results = await asyncio.to_thread(send_all, self.settings, messages)
        sent = 0
        for each, error in zip(outgoing, results, strict=True):
            if error is None:
                sent += 1
                continue
            await self._failed(each, error, day)
        return sent

    def _message(self, each: _Outgoing, now: float) -> EmailMessage:
        """The mail as it is sent: its unsubscribe line (in its language) added, and its headers."""
        with use_language(each.mail.language):
            line = self.letters.unsubscribe_line(each.token)
        body = each.mail.body + line + "\n"
        return message(
            dataclasses.replace(each.mail, body=body), self.settings, now, self.letters.unsubscribe_link(each.token)
        )

    async def _confirmations(self, now: float, day: str) -> list[_Outgoing]:
        """The confirmation mails due: each taken by this process, counted against its address's and its account's
        limits (an address past them gets none: the account's page says so)."""
        outgoing = []
        for due in await self.store.mail_choices.confirmations_due():
            token = secrets.token_urlsafe(CONFIRM_BYTES)
            if not await self.store.mail_choices.claim_confirmation(due.account_id, due.email, hash_token(token), now):
                continue
            permit = await self.store.mail_addresses.count_mail(
                due.email,
                day,
                self.settings.per_address_day,
                self.settings.confirmations_per_day,
                confirming=due.account_id,
            )
            if permit.verdict != "ok":
                status = "limit" if permit.verdict == "limit" else "unconfirmed"
                await self.store.mail_choices.set_email_status(due.account_id, due.email, status)
                continue
            # In the language of the account that asked (the address's owner may not be its owner: the mail holds
            # no word the account wrote).
            language = mail_language(due.language)
            with use_language(language):
                subject, body = self.letters.confirmation(token)
            confirmation = Mail(due.email, subject, body, (), due.account_id, language)
            outgoing.append(_Outgoing(confirmation, [], permit.token))
        return outgoing

    async def _failed(self, each: _Outgoing, error: Exception, day: str) -> None:
        """A mail the SMTP server did not take: logged; tried again next round unless the refusal was final."""
        mail = each.mail
        if mail.confirming is not None:
            log.warning("confirmation mail of account %s not sent: %s", mail.confirming, error)
            final = refused_for_good(error)
            with contextlib.suppress(Exception):
                await self.store.mail_choices.set_email_status(mail.confirming, mail.to, "refused" if final else "due")
                if not final:
                    await self.store.mail_addresses.uncount_mail(mail.to, day, mail.confirming)
            return
        first = each.held[0]
        log.warning(
            "mail (%s) to account %s about %s not sent: %s", first.kind, first.account_id, first.table_id, error
        )
        if not refused_for_good(error):
            for claim in each.held:
                await self._release(claim)
            with contextlib.suppress(Exception):
                await self.store.mail_addresses.uncount_mail(mail.to, day)

    async def run_forever(self, poll_seconds: float) -> None:
        """Look for due mails every `poll_seconds` (or at once when woken) until cancelled; a failed round is logged
        and the next one runs."""
        _RUNNING.setdefault(self.store, weakref.WeakSet()).add(self)
        while True:
            self._woken.clear()
            try:
                await self.run_once(time.time())
            except Exception:
                log.exception("the mail round failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), poll_seconds)

    async def _claim(self, mail: Mail, now: float) -> list[Claim]:
        """Write the mail's rows: [] if its first is written already (it was sent), else the rows written."""
        held = []
        for claim in mail.claims:
            if claim.kind == "digest":
                written = await self.store.turn_mail.claim_digest(claim.account_id, claim.day, now)
            else:
                written = await self.store.turn_mail.claim_mail(
                    claim.account_id, claim.table_id, claim.turn_ply, claim.kind, now
                )
            if written:
                held.append(claim)
            elif not held:
                return []
        return held

    async def _release(self, claim: Claim) -> None:
        try:
            if claim.kind == "digest":
                await self.store.turn_mail.release_digest(claim.account_id, claim.day)
            else:
                await self.store.turn_mail.release_mail(claim.account_id, claim.table_id, claim.turn_ply, claim.kind)
        except Exception:
            # The database is away: this mail is lost (its row stays), the round goes on with the others.
            log.exception("the row of an unsent mail (%s) could not be deleted", claim.kind)
