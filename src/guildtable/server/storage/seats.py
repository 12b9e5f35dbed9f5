"""Who sits where: a seat's name and player taken in one guarded statement, a seat given to an account, and the seats
an account plays."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, false, or_, select, update

from guildtable.server.storage.schema import seats, tables


@dataclass(frozen=True, slots=True)
class AccountSeat:
    """A seat an account plays, with its table's creation time (lists show the newest tables first)."""

    table_id: str
    seat: int
    # The seat's secret (what its player plays it with), handed back to the account on any device.
    token: str | None
    created: str


@dataclass(frozen=True, slots=True)
class Seats:
    """The seats of one database's tables."""

    engine: Engine

    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(name=name, joined=True)
            )

    def take_seat(self, table_id: str, seat: int, name: str, secret: str, account_id: str | None) -> bool:
        """Join a seat nobody has joined yet: its name, its new secret and its account, in one statement, so that of
        two players (or processes) taking it at once only one gets it (False for the other)."""
        with self.engine.begin() as db:
            result = db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.joined == false())
                .values(name=name, joined=True, secret=secret, account_id=account_id)
            )
        return bool(result.rowcount == 1)

    def bind_seat(self, table_id: str, seat: int, account_id: str) -> bool:
        """Give the seat to the account, unless another account has it (False). One statement, so two accounts
        claiming the same seat at once cannot both get it."""
        with self.engine.begin() as db:
            result = db.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    or_(seats.c.account_id.is_(None), seats.c.account_id == account_id),
                )
                .values(account_id=account_id)
            )
        return bool(result.rowcount == 1)

    def account_seats(self, account_id: str) -> list[AccountSeat]:
        """Every seat the account plays, newest tables first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(seats.c.table_id, seats.c.seat, seats.c.secret, tables.c.created)
                .join(tables, tables.c.id == seats.c.table_id)
                .where(seats.c.account_id == account_id)
                .order_by(tables.c.created.desc(), seats.c.table_id, seats.c.seat)
            ).all()
        return [AccountSeat(row.table_id, row.seat, row.secret, row.created) for row in rows]
