"""Ratings: a finished rated table recorded once (however many processes see its end) and its players' ratings
changed in the same transaction; the leaderboard and a subject's ratings read back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, false, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from guildtable.server.storage.database import now
from guildtable.server.storage.schema import accounts, rated_games, ratings, seats, tables


@dataclass(frozen=True, slots=True)
class StoredRating:
    """One subject's rating at one game (a subject is an account's id or "bot:<level>")."""

    subject: str
    game: str
    mu: float
    sigma: float
    games: int
    updated: str


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """A rating with its account's name (None for a bot level, whose subject names it)."""

    rating: StoredRating
    name: str | None
    # Issue 37: the account is a bot account (the pages badge it).
    bot: bool = False


# How a finished table's ratings change: the subjects' ratings before (None: never rated at this game) in, their new
# (mu, sigma) out, in the same order. The store calls it inside the transaction that records the table.
RatingUpdate = Callable[[list[StoredRating | None]], list[tuple[float, float]]]


@dataclass(frozen=True, slots=True)
class PairCap:
    """Issue 30 (rating farming): a rated table is recorded skipped when two of its `accounts` have already had
    `games` rated games of the same game together in the last `seconds` (0 games: no cap)."""

    accounts: tuple[str, ...]
    games: int
    seconds: float


class RatedAlready(Exception):
    """The table's ratings were recorded before (by this process or another)."""


def _rating_of(row: Any) -> StoredRating:
    return StoredRating(row.subject, row.game, float(row.mu), float(row.sigma), int(row.games), row.updated)


# Any fixed number: the PostgreSQL advisory lock held while ratings change (rare: once per finished rated table), so
# two tables that end at once and share a player cannot both read the player's old rating.
_RATINGS_LOCK = 0x6775_7261_7465


def _pair_over_cap(db: Any, table_id: str, game: str, cap: PairCap) -> bool:
    """Whether two of `cap.accounts` already had `cap.games` rated (not skipped) tables of `game` together within
    `cap.seconds`, not counting `table_id` itself. `rated_at` is an ISO time in UTC, so its text orders as time."""
    if cap.games <= 0:
        return False
    since = datetime.fromtimestamp(datetime.now(UTC).timestamp() - cap.seconds, UTC).isoformat(timespec="seconds")
    one, two = seats.alias("pair_one"), seats.alias("pair_two")
    for index, first in enumerate(cap.accounts):
        for second in cap.accounts[index + 1 :]:
            together = db.execute(
                select(rated_games.c.table_id)
                .distinct()
                .join(tables, tables.c.id == rated_games.c.table_id)
                .join(one, one.c.table_id == rated_games.c.table_id)
                .join(two, two.c.table_id == rated_games.c.table_id)
                .where(
                    rated_games.c.skipped == false(),
                    rated_games.c.rated_at >= since,
                    rated_games.c.table_id != table_id,
                    tables.c.game == game,
                    one.c.account_id == first,
                    two.c.account_id == second,
                )
                .limit(cap.games)
            ).all()
            if len(together) >= cap.games:
                return True
    return False


@dataclass(frozen=True, slots=True)
class Ratings:
    """The ratings of one database."""

    engine: Engine

    def record_rated_game(
        self,
        table_id: str,
        game: str,
        subjects: list[str],
        update_ratings: RatingUpdate | None,
        cap: PairCap | None = None,
    ) -> bool:
        """Rate a finished table once: record it in `gt_rated_games` and, unless `update_ratings` is None (the table
        is skipped), write its subjects' new ratings, in one transaction; True if it was rated, False if skipped
        (also when two accounts of `cap` are over its count: counted after the row is written, under the same lock,
        so two tables of one pair ending at once cannot both slip under it). RatedAlready if it was recorded before;
        the table's row is written first, so of two processes seeing the same end the second fails on its key before
        it reads a rating (on SQLite that first write also takes the database's write lock; on PostgreSQL an
        advisory lock makes rating changes take turns)."""
        with self.engine.connect() as db:
            if db.execute(select(rated_games.c.table_id).where(rated_games.c.table_id == table_id)).first():
                raise RatedAlready(table_id)
        moment = now()
        try:
            with self.engine.begin() as db:
                if db.dialect.name == "postgresql":
                    db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _RATINGS_LOCK})
                db.execute(
                    insert(rated_games).values(table_id=table_id, rated_at=moment, skipped=update_ratings is None)
                )
                if update_ratings is None:
                    return False
                if cap is not None and _pair_over_cap(db, table_id, game, cap):
                    db.execute(update(rated_games).where(rated_games.c.table_id == table_id).values(skipped=True))
                    return False
                rows = db.execute(select(ratings).where(ratings.c.game == game, ratings.c.subject.in_(subjects))).all()
                before = {row.subject: _rating_of(row) for row in rows}
                after = update_ratings([before.get(subject) for subject in subjects])
                for subject, (mu, sigma) in zip(subjects, after, strict=True):
                    old = before.get(subject)
                    if old is None:
                        db.execute(
                            insert(ratings).values(
                                subject=subject, game=game, mu=mu, sigma=sigma, games=1, updated=moment
                            )
                        )
                    else:
                        db.execute(
                            update(ratings)
                            .where(ratings.c.subject == subject, ratings.c.game == game)
                            .values(mu=mu, sigma=sigma, games=old.games + 1, updated=moment)
                        )
        except IntegrityError:
            raise RatedAlready(table_id) from None
        return True

    def rated_game(self, table_id: str) -> bool | None:
        """Whether the table was rated (True), skipped (False), or not recorded yet (None)."""
        with self.engine.connect() as db:
            row = db.execute(select(rated_games.c.skipped).where(rated_games.c.table_id == table_id)).first()
        return None if row is None else not row.skipped

    def rated_games(self, table_ids: Sequence[str]) -> dict[str, bool]:
        """`rated_game` of many tables in one query (a table not recorded yet is left out)."""
        if not table_ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(
                select(rated_games.c.table_id, rated_games.c.skipped).where(rated_games.c.table_id.in_(table_ids))
            ).all()
        return {row.table_id: not row.skipped for row in rows}

    def leaderboard(self, game: str, limit: int, sigmas: float, min_games: int = 0) -> list[LeaderboardRow]:
        """The `limit` best ratings at `game` by their ordinal (mu - `sigmas` sigma), best first, with the accounts'
        names: the bot levels, and the accounts with at least `min_games` rated games (issue 30)."""
        ordinal = ratings.c.mu - sigmas * ratings.c.sigma
        with self.engine.connect() as db:
            rows = db.execute(
                select(ratings, accounts.c.name, accounts.c.owner_id)
                .outerjoin(accounts, accounts.c.id == ratings.c.subject)
                .where(ratings.c.game == game, or_(ratings.c.subject.startswith("bot:"), ratings.c.games >= min_games))
                .order_by(ordinal.desc(), ratings.c.games.desc(), ratings.c.subject)
                .limit(limit)
            ).all()
        return [LeaderboardRow(_rating_of(row), row.name, row.owner_id is not None) for row in rows]

    def ratings_of(self, subject: str) -> list[StoredRating]:
        """A subject's rating at every game it was rated at."""
        with self.engine.connect() as db:
            rows = db.execute(select(ratings).where(ratings.c.subject == subject).order_by(ratings.c.game)).all()
        return [_rating_of(row) for row in rows]
