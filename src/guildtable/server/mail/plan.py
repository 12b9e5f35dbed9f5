"""Which mails are due: for the waiting turns the store found, each account's turn mail, reminder or day's summary,
and the rows (`Claim`) that let only one process send each."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from guildtable.kernel.i18n import ENGLISH, use_language
from guildtable.server.mail.letters import Letters, mail_language
from guildtable.server.mail.settings import DAY_SECONDS, REMINDER_AT_MOST
from guildtable.server.storage.turn_mail import WaitingTurn


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


def reminder_window(pace: dict[str, Any] | None) -> float:
    """How long before the deadline the reminder comes: a quarter of the move's time, a day at most."""
    days = (pace or {}).get("days")
    if isinstance(days, int | float) and not isinstance(days, bool) and days > 0:
        return min(REMINDER_AT_MOST, float(days) * DAY_SECONDS / 4)
    return REMINDER_AT_MOST


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
