"""Turn mail (issue 16): which turn-based tables wait for the move of an account that wants mail, and the rows that
let only one process send each mail (`gt_mail_sent` per account, table, turn and kind; `gt_digest_sent` per account
and UTC day). A row is written before its mail is sent and deleted again if the sending fails."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, Row, Select, delete, insert, or_, select
from sqlalchemy.exc import IntegrityError

from guildtable.server.storage.schema import accounts, digest_sent, mail_sent, seats, tables

# How many tables' seats one query reads (a bound on its IN list).
_SEATS_AT_ONCE = 500


@dataclass(frozen=True, slots=True)
class WaitingTurn:
    """A turn-based table waiting for the move of an account that asked for mail (`TurnMail.waiting_turns`): who is on
    turn since `turn_ply` until `deadline`, the account's address and choice, every seat's name and account, and
    which of this turn's mails (and today's summary) went out already."""

    table_id: str
    game: str
    pace: dict[str, Any] | None
    deadline: float
    to_move: int
    turn_ply: int
    account_id: str
    name: str
    email: str
    notify: str
    seats: tuple[tuple[str, str | None], ...]
    turn_sent: bool
    reminder_sent: bool
    digest_sent: bool
    # Issue 33: the account's language, which its mails are written in.
    language: str = "en"


def _waiting_query(at: float, day: str, reminder_within: float) -> Select[Any]:
    """The query behind `TurnMail.waiting_turns`: each table's seat on turn with its account, and which of the turn's
    mails (and of today's summary) have their row already."""
    turn_mail = mail_sent.alias("turn_mail")
    reminder_mail = mail_sent.alias("reminder_mail")
    today = digest_sent.alias("today")

    def sent(alias: Any, kind: str) -> Any:
        return (
            (alias.c.account_id == accounts.c.id)
            & (alias.c.table_id == tables.c.id)
            & (alias.c.turn_ply == tables.c.turn_ply)
            & (alias.c.kind == kind)
        )

    joined = (
        tables.join(seats, (seats.c.table_id == tables.c.id) & (seats.c.seat == tables.c.to_move))
        .join(accounts, accounts.c.id == seats.c.account_id)
        .outerjoin(turn_mail, sent(turn_mail, "turn"))
        .outerjoin(reminder_mail, sent(reminder_mail, "reminder"))
        .outerjoin(today, (today.c.account_id == accounts.c.id) & (today.c.day == day))
    )
    needs_mail = or_(
        (accounts.c.notify == "turn") & turn_mail.c.kind.is_(None),
        reminder_mail.c.kind.is_(None) & (tables.c.deadline <= at + reminder_within),
        (accounts.c.notify == "digest") & today.c.day.is_(None),
    )
    return (
        select(
            tables.c.id,
            tables.c.game,
            tables.c.pace,
            tables.c.deadline,
            tables.c.to_move,
            tables.c.turn_ply,
            accounts.c.id.label("account_id"),
            accounts.c.name,
            accounts.c.email,
            accounts.c.notify,
            accounts.c.language,
            turn_mail.c.kind.label("turn_sent"),
            reminder_mail.c.kind.label("reminder_sent"),
            today.c.day.label("digest_sent"),
        )
        .select_from(joined)
        .where(
            tables.c.pace_kind == "turn",
            # A deadline that has passed is the time-out's business, not the mail's.
            tables.c.deadline > at,
            tables.c.turn_ply.is_not(None),
            accounts.c.email.is_not(None),
            # Issue 30: only to an address its owner confirmed.
            accounts.c.email_status == "confirmed",
            accounts.c.notify.in_(("turn", "digest")),
            needs_mail,
        )
        .order_by(tables.c.deadline, tables.c.id)
    )


def _seats_of(db: Connection, table_ids: Sequence[str]) -> dict[str, list[tuple[str, str | None]]]:
    """Every seat's name and account of each of the tables, in seat order."""
    seat_rows: list[Any] = []
    for start in range(0, len(table_ids), _SEATS_AT_ONCE):
        seat_rows += db.execute(
            select(seats.c.table_id, seats.c.seat, seats.c.name, seats.c.account_id)
            .where(seats.c.table_id.in_(table_ids[start : start + _SEATS_AT_ONCE]))
            .order_by(seats.c.table_id, seats.c.seat)
        ).all()
    seats_of: dict[str, list[tuple[str, str | None]]] = {}
    for seat in seat_rows:
        seats_of.setdefault(seat.table_id, []).append((seat.name, seat.account_id))
    return seats_of


def _waiting_turn(row: Row[Any], table_seats: Sequence[tuple[str, str | None]]) -> WaitingTurn:
    return WaitingTurn(
        row.id,
        row.game,
        None if row.pace is None else json.loads(row.pace),
        float(row.deadline),
        int(row.to_move),
        int(row.turn_ply),
        row.account_id,
        row.name,
        row.email,
        row.notify,
        tuple(table_seats),
        row.turn_sent is not None,
        row.reminder_sent is not None,
        row.digest_sent is not None,
        row.language,
    )


@dataclass(frozen=True, slots=True)
class TurnMail:
    """The turn mail rows of one database."""

    engine: Engine

    def waiting_turns(self, at: float, day: str, reminder_within: float) -> list[WaitingTurn]:
        """Every turn-based table whose seat on turn (its deadline after `at`) is played by an account with an
        address and mail not "off", that still needs a mail: this turn's (for "turn"), a reminder (the deadline is
        within `reminder_within` seconds of `at`), or today's summary (for "digest", `day` being today in UTC).
        Soonest deadline first."""
        with self.engine.connect() as db:
            rows = db.execute(_waiting_query(at, day, reminder_within)).all()
            seats_of = _seats_of(db, sorted({row.id for row in rows}))
        return [_waiting_turn(row, seats_of.get(row.id, ())) for row in rows]

    def claim_mail(self, account_id: str, table_id: str, turn_ply: int, kind: str, at: float) -> bool:
        """Write the row of a mail about to be sent; False if it exists (this process or another sent it)."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    insert(mail_sent).values(
                        account_id=account_id, table_id=table_id, turn_ply=turn_ply, kind=kind, sent_at=at
                    )
                )
        except IntegrityError:
            return False
        return True

    def release_mail(self, account_id: str, table_id: str, turn_ply: int, kind: str) -> None:
        """Delete a mail's row after its sending failed, so the next round tries again."""
        with self.engine.begin() as db:
            db.execute(
                delete(mail_sent).where(
                    mail_sent.c.account_id == account_id,
                    mail_sent.c.table_id == table_id,
                    mail_sent.c.turn_ply == turn_ply,
                    mail_sent.c.kind == kind,
                )
            )

    def claim_digest(self, account_id: str, day: str, at: float) -> bool:
        """Write the row of a daily summary about to be sent; False if one was sent that day."""
        try:
            with self.engine.begin() as db:
                db.execute(insert(digest_sent).values(account_id=account_id, day=day, sent_at=at))
        except IntegrityError:
            return False
        return True

    def release_digest(self, account_id: str, day: str) -> None:
        with self.engine.begin() as db:
            db.execute(delete(digest_sent).where(digest_sent.c.account_id == account_id, digest_sent.c.day == day))

    def forget_old_mail(self, before_day: str) -> None:
        """Drop the rows that can no longer stop a mail: summaries of days before `before_day`, and mails of turns
        that are over (their table has moved on to another turn, or ended)."""
        current = select(tables.c.id).where(
            tables.c.id == mail_sent.c.table_id,
            tables.c.turn_ply == mail_sent.c.turn_ply,
            tables.c.deadline.is_not(None),
        )
        with self.engine.begin() as db:
            db.execute(delete(digest_sent).where(digest_sent.c.day < before_day))
            db.execute(delete(mail_sent).where(~current.exists()))
