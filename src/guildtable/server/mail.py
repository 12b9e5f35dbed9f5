"""E-mail "your turn" notifications for turn-based tables (issue 16, "at your own pace"), through an SMTP server
given to `guildtable serve`.

An account chooses in its settings: no mail ("off", the default), a mail at each of its turns ("turn"), or one
summary a day of the tables where it is its move ("digest"); with either of the last two, a reminder comes before a
move's time runs out. Every server process runs a `Notifier`, which looks at the tables every `poll_seconds`: the
store keeps, for each turn-based table, the seat on turn, the ply its turn began at and its deadline (`Timing`).

At most one mail per account, table, turn and kind: a mail's row (`gt_mail_sent`, keyed by account, table,
turn_ply and kind; `gt_digest_sent` by account and UTC day) is written before it is sent, so of several processes
only the one whose insert succeeds sends it. A send that fails deletes its row again, so the next round tries again
(a refusal the SMTP server gives as final keeps it: that address would be refused every round).

A mail names the game, the opponents, the deadline in UTC and the table's page; never a seat token nor anything the
table hides (the table page finds the signed-in account's seat by itself). Nothing here blocks the event loop: the
queries run on the store's pool, the SMTP conversation on a worker thread.

Issue 33: each mail is written in its account's language (`gt_accounts.language`, English or German: the language
of the pages the account uses, changed in its settings), every word from the `core` catalogue; its `Content-Language`
says which. The unsubscribe line at its end is in that language too.

Issue 30: a mail goes only where its owner wants it. A new address gets one confirmation mail and nothing else until
its owner follows the link in it (the link opens a page that asks, so a mail scanner that opens links confirms
nothing); the confirmation mail carries no word an account chose. Each address gets at most `per_address_day` mails
a UTC day, of which at most `confirmations_per_day` confirmation mails (and an account causes at most that many a
day). Every mail carries an unsubscribe link, also as RFC 8058's one-click `List-Unsubscribe` header (a mail program
POSTs to it, with no cookie); an unsubscribed address gets nothing more from any account until its owner follows a
confirmation link, or asks again from the unsubscribe page. The counts and the unsubscription are kept per address
(`gt_mail_addresses`), so no number of accounts gets past them.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import smtplib
import ssl
import time
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any, Final
from urllib.parse import quote

from guildtable.kernel.i18n import ENGLISH, LANGUAGES, ngettext, use_language
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import find_game
from guildtable.kernel.seats import displayed_seat_name
from guildtable.server.accounts import hash_token
from guildtable.server.limits import ServerLimits
from guildtable.server.store import WaitingTurn
from guildtable.server.store_calls import AsyncStore

log = logging.getLogger("guildtable.mail")
_LIMITS = ServerLimits()

NOTIFY_CHOICES: Final = ("off", "turn", "digest")
DAY_SECONDS: Final = 24 * 3600.0
# A reminder comes when less than this, and less than a quarter of the move's time, is left.
REMINDER_AT_MOST: Final = DAY_SECONDS
# How long a confirmation link works after its mail went out.
CONFIRM_SECONDS: Final = 7 * DAY_SECONDS
# Bytes of a confirmation link's token (the database keeps its SHA-256 only).
CONFIRM_BYTES: Final = 32


@dataclass(frozen=True, slots=True)
class MailSettings:
    """Where mail goes out (`guildtable serve --smtp HOST:PORT ...`) and the address its links start with."""

    host: str
    port: int = 25
    sender: str = "guildtable@localhost"
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    starttls: bool = False
    base_url: str = "http://127.0.0.1:8000"
    timeout: float = 30.0
    # Issue 30: mails of any kind one address gets a UTC day at most, and confirmation mails among them (which is
    # also how many one account may cause a day); `guildtable serve` options, their defaults in `ServerLimits`.
    per_address_day: int = _LIMITS.mail_per_address_day
    confirmations_per_day: int = _LIMITS.mail_confirmations_per_day


@dataclass(frozen=True, slots=True)
class Claim:
    """The row that stands for a mail: a turn's ("turn" or "reminder", by table and turn_ply) or a day's summary
    ("digest", by day)."""

    kind: str
    account_id: str
    table_id: str = ""
    turn_ply: int = 0
    day: str = ""


@dataclass(frozen=True, slots=True)
class Mail:
    """One mail to send, and the rows it stands for: it goes out if its first row could be written; the others
    (a reminder that falls due with the turn's own mail) are covered by it."""

    to: str
    subject: str
    body: str
    claims: tuple[Claim, ...]
    # A confirmation mail's account (issue 30): None for the others.
    confirming: str | None = None
    # Issue 33: the language it is written in (its account's).
    language: str = ENGLISH


def utc_day(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d")


def utc_time(moment: float) -> str:
    """A moment as every reader can read it, whatever their time zone: 2026-06-03 14:00 UTC."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M UTC")


def reminder_window(pace: dict[str, Any] | None) -> float:
    """How long before the deadline the reminder comes: a quarter of the move's time, a day at most."""
    days = (pace or {}).get("days")
    if isinstance(days, int | float) and not isinstance(days, bool) and days > 0:
        return min(REMINDER_AT_MOST, float(days) * DAY_SECONDS / 4)
    return REMINDER_AT_MOST


def _title(game: str) -> str:
    found = find_game(game)
    return found.title if found is not None else game


def _opponents(turn: WaitingTurn) -> str:
    """The other players' names as a sentence lists them, as the table shows them ("Red (Computer, casual)" in the
    reader's language; "" when the account plays every seat)."""
    names = [
        displayed_seat_name(seat, name) for seat, (name, account) in enumerate(turn.seats) if account != turn.account_id
    ]
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


class Letters:
    """The mails' words, built in the current language; `base_url` starts every link."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")

    def link(self, table_id: str) -> str:
        return f"{self.base_url}/table/{quote(table_id, safe='')}"

    def unsubscribe_link(self, token: str) -> str:
        """The page (GET asks, POST unsubscribes: RFC 8058's one-click) that stops all mail to an address."""
        return f"{self.base_url}/unsubscribe/{quote(token, safe='')}"

    def confirm_link(self, token: str) -> str:
        return f"{self.base_url}/confirm-email/{quote(token, safe='')}"

    def unsubscribe_line(self, token: str) -> str:
        """The last line of every mail."""
        return _(
            "To get no more e-mail from guildtable at this address, whoever asks for it: {link}",
            link=self.unsubscribe_link(token),
        )

    def confirmation(self, token: str) -> tuple[str, str]:
        """The subject and body of the one mail a new address gets before its owner confirms it. It names no account
        and holds nothing an account wrote: whoever typed someone else's address sends them these words only."""
        lines = [
            _("Hello,"),
            "",
            _("someone asked guildtable to send game notifications to this address."),
            _("If that was you, confirm the address here: {link}", link=self.confirm_link(token)),
            _("The link works for {days} days.", days=round(CONFIRM_SECONDS / DAY_SECONDS)),
            "",
            _("If it was not you, there is nothing to do: without a confirmation, no other mail comes."),
            "",
            "-- ",
        ]
        return _("Confirm your e-mail address for guildtable"), "\n".join(lines) + "\n"

    def _footer(self) -> str:
        return _(
            "You get this e-mail because your guildtable account asks for it. To change that, or the language it is "
            "written in, sign in and open {link}.",
            link=f"{self.base_url}/me",
        )

    def turn(self, turn: WaitingTurn) -> tuple[str, str]:
        """The subject and body of "it is your move"."""
        game, opponents = _title(turn.game), _opponents(turn)
        opening = (
            _("It is your move at {game} against {opponents}.", game=game, opponents=opponents)
            if opponents
            else _("It is your move at {game}.", game=game)
        )
        lines = [
            _("Hello {name},", name=turn.name),
            "",
            opening,
            _("Your time for this move runs out on {deadline}.", deadline=utc_time(turn.deadline)),
            "",
            _("Play your move: {link}", link=self.link(turn.table_id)),
            "",
            "-- ",
            self._footer(),
        ]
        return _("Your move: {game}", game=game), "\n".join(lines) + "\n"

    def reminder(self, turn: WaitingTurn) -> tuple[str, str]:
        """The subject and body of the reminder before the move's time runs out."""
        game, opponents = _title(turn.game), _opponents(turn)
        deadline = utc_time(turn.deadline)
        opening = (
            _(
                "Your time for your move at {game} against {opponents} runs out soon: on {deadline}.",
                game=game,
                opponents=opponents,
                deadline=deadline,
            )
            if opponents
            else _("Your time for your move at {game} runs out soon: on {deadline}.", game=game, deadline=deadline)
        )
        lines = [
            _("Hello {name},", name=turn.name),
            "",
            opening,
            "",
            _("Play your move: {link}", link=self.link(turn.table_id)),
            "",
            "-- ",
            self._footer(),
        ]
        return _("Reminder: your move at {game}", game=game), "\n".join(lines) + "\n"

    def digest(self, turns: Sequence[WaitingTurn]) -> tuple[str, str]:
        """The subject and body of the day's summary of the tables where it is the account's move."""
        entries = []
        for turn in turns:
            game, opponents, deadline = _title(turn.game), _opponents(turn), utc_time(turn.deadline)
            entry = (
                _("{game} against {opponents}, until {deadline}", game=game, opponents=opponents, deadline=deadline)
                if opponents
                else _("{game}, until {deadline}", game=game, deadline=deadline)
            )
            entries += [f"- {entry}", f"  {self.link(turn.table_id)}"]
        lines = [
            _("Hello {name},", name=turns[0].name),
            "",
            ngettext("It is your move at this table:", "It is your move at these {n} tables:", len(turns)),
            "",
            *entries,
            "",
            "-- ",
            self._footer(),
        ]
        subject = ngettext("Your move at {n} table", "Your move at {n} tables", len(turns))
        return subject, "\n".join(lines) + "\n"


def plan(turns: Iterable[WaitingTurn], now: float, day: str, letters: Letters) -> list[Mail]:
    """The mails due at `now` (`day` its UTC day) for the waiting turns the store found, each written in its
    account's language."""
    mails: list[Mail] = []
    summaries: dict[str, list[WaitingTurn]] = {}
    for turn in turns:
        if turn.deadline <= now:
            continue  # the time-out's business now
        reminder = Claim("reminder", turn.account_id, turn.table_id, turn.turn_ply)
        reminder_due = not turn.reminder_sent and turn.deadline - now < reminder_window(turn.pace)
        language = mail_language(turn.language)
        if turn.notify == "turn" and not turn.turn_sent:
            # Its own mail names the deadline: a reminder due at the same moment is covered by it.
            with use_language(language):
                subject, body = letters.turn(turn)
            claims: tuple[Claim, ...] = (Claim("turn", turn.account_id, turn.table_id, turn.turn_ply),)
            if reminder_due:
                claims = (*claims, reminder)
            mails.append(Mail(turn.email, subject, body, claims, language=language))
        elif reminder_due:
            with use_language(language):
                subject, body = letters.reminder(turn)
            mails.append(Mail(turn.email, subject, body, (reminder,), language=language))
        if turn.notify == "digest" and not turn.digest_sent:
            summaries.setdefault(turn.account_id, []).append(turn)
    for account_id, listed in summaries.items():
        language = mail_language(listed[0].language)
        with use_language(language):
            subject, body = letters.digest(listed)
        mails.append(Mail(listed[0].email, subject, body, (Claim("digest", account_id, day=day),), language=language))
    return mails


def mail_language(language: str) -> str:
    """The language a mail is written in: its account's, English when the account's is none we have."""
    return language if language in LANGUAGES else ENGLISH


def message(mail: Mail, settings: MailSettings, now: float, unsubscribe: str | None = None) -> EmailMessage:
    """The mail as it is sent; with `unsubscribe` (its link), the RFC 2369 and RFC 8058 headers that let a mail
    program unsubscribe in one click (the MTA's DKIM signature should cover them)."""
    built = EmailMessage()
    built["From"] = settings.sender
    built["To"] = mail.to
    built["Subject"] = mail.subject
    built["Date"] = formatdate(now, usegmt=True)
    built["Message-ID"] = make_msgid("guildtable", domain=settings.sender.rpartition("@")[2] or "localhost")
    # RFC 3834: sent by a program, so vacation responders stay quiet.
    built["Auto-Submitted"] = "auto-generated"
    if unsubscribe is not None:
        built["List-Unsubscribe"] = f"<{unsubscribe}>"
        built["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    built.set_content(mail.body)
    # After the content: setting it replaces every Content-* header.
    built["Content-Language"] = mail_language(mail.language)
    return built


def send_all(settings: MailSettings, messages: Sequence[EmailMessage]) -> list[Exception | None]:
    """Send `messages` over one SMTP connection (blocking: run it on a worker thread); for each, None when the
    server took it, else the error."""
    results: list[Exception | None] = []
    try:
        with smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout) as smtp:
            if settings.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if settings.username:
                smtp.login(settings.username, settings.password or "")
            for each in messages:
                try:
                    smtp.send_message(each)
                except (
                    smtplib.SMTPRecipientsRefused,
                    smtplib.SMTPSenderRefused,
                    smtplib.SMTPDataError,
                    smtplib.SMTPNotSupportedError,  # an address beyond ASCII, and the server lacks SMTPUTF8
                ) as error:
                    results.append(error)
                else:
                    results.append(None)
    except (OSError, smtplib.SMTPException) as error:
        # The connection failed or broke: whatever the server had not taken yet was not sent.
        results += [error] * (len(messages) - len(results))
    return results


def _final(error: Exception) -> bool:
    """Whether the server refused the mail for good (5xx for every recipient, or an address it cannot carry):
    sending it again would not help."""
    if isinstance(error, smtplib.SMTPNotSupportedError):
        return True
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return bool(error.recipients) and all(code >= 500 for code, _text in error.recipients.values())
    return False


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
            await self.store.forget_old_mail(utc_day(now - DAY_SECONDS))
            self._tidied = day
        outgoing = await self._confirmations(now, day)
        turns = await self.store.waiting_turns(now, day, REMINDER_AT_MOST)
        mails = plan(turns, now, day, self.letters)
        for mail in mails:
            held = await self._claim(mail, now)
            if not held:
                continue
            permit = await self.store.count_mail(
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
        for due in await self.store.confirmations_due():
            token = secrets.token_urlsafe(CONFIRM_BYTES)
            if not await self.store.claim_confirmation(due.account_id, due.email, hash_token(token), now):
                continue
            permit = await self.store.count_mail(
                due.email,
                day,
                self.settings.per_address_day,
                self.settings.confirmations_per_day,
                confirming=due.account_id,
            )
            if permit.verdict != "ok":
                status = "limit" if permit.verdict == "limit" else "unconfirmed"
                await self.store.set_email_status(due.account_id, due.email, status)
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
            final = _final(error)
            with contextlib.suppress(Exception):
                await self.store.set_email_status(mail.confirming, mail.to, "refused" if final else "due")
                if not final:
                    await self.store.uncount_mail(mail.to, day, mail.confirming)
            return
        first = each.held[0]
        log.warning(
            "mail (%s) to account %s about %s not sent: %s", first.kind, first.account_id, first.table_id, error
        )
        if not _final(error):
            for claim in each.held:
                await self._release(claim)
            with contextlib.suppress(Exception):
                await self.store.uncount_mail(mail.to, day)

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
                written = await self.store.claim_digest(claim.account_id, claim.day, now)
            else:
                written = await self.store.claim_mail(claim.account_id, claim.table_id, claim.turn_ply, claim.kind, now)
            if written:
                held.append(claim)
            elif not held:
                return []
        return held

    async def _release(self, claim: Claim) -> None:
        try:
            if claim.kind == "digest":
                await self.store.release_digest(claim.account_id, claim.day)
            else:
                await self.store.release_mail(claim.account_id, claim.table_id, claim.turn_ply, claim.kind)
        except Exception:
            # The database is away: this mail is lost (its row stays), the round goes on with the others.
            log.exception("the row of an unsent mail (%s) could not be deleted", claim.kind)
