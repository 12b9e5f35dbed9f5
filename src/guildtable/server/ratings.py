"""Ratings (issue 16): openskill (Plackett-Luce) ratings per game for accounts and for the bot levels.

A table is rated only if its creator asked for it, signed in; casual tables stay the default. When a rated table's
game ends, every seat is rated together: a seat bound to an account rates that account, a bot seat of a named level
(random, greedy, easy, medium, hard) rates the level as the subject "bot:<level>", so a player sees where they stand
against medium and hard. A table with a seat nobody can be rated for (a guest who never signed in, a bot given its own
search parameters) or one player in two seats (hot-seat: they would rate themselves against themselves) moves no
rating: it is recorded as skipped. The table's row in `gt_rated_games` is written in the transaction that changes the
ratings, so the table counts exactly once, whichever process (a web process or a bot worker) sees the end first and
however often it is seen.

The winners rank first, sharing the first place; the others follow by their final scores, equal scores sharing a
place. The leaderboard sorts by the ordinal, mu - 3 sigma: a cautious figure that a lucky first game does not lift
over a long good record.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from guildtable.bots.levels import OPPONENTS
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.server.store import RatedAlready, StoredRating, StoredSeat
from guildtable.server.store_calls import AsyncStore
from guildtable.server.tables import HUMAN, Table

log = logging.getLogger("guildtable.server")

# The bots rated as levels: the opponents a person picks from when seating a table.
LEVELS: tuple[str, ...] = tuple(kind for kind, _label in OPPONENTS)
BOT_PREFIX = "bot:"
# A level as a leaderboard names it: short enough for a table's row, and saying it is the computer (the opponents'
# list adds what each level does; a seat's name says only "random" or "hard" in English).
LEVEL_NAMES: dict[str, str] = {
    "random": N_("Computer, beginner"),
    "greedy": N_("Computer, casual"),
    "easy": N_("Computer, easy"),
    "medium": N_("Computer, medium"),
    "hard": N_("Computer, hard"),
}
# The ordinal's z: mu - 3 sigma (openskill's default).
SIGMAS = 3.0


def bot_subject(kind: str) -> str | None:
    """The rating subject of a bot seat ("bot:hard"), or None for a bot that is no named level."""
    return BOT_PREFIX + kind if kind in LEVELS else None


def level_of(subject: str) -> str | None:
    """The bot level a subject stands for, None for an account."""
    return subject.removeprefix(BOT_PREFIX) if subject.startswith(BOT_PREFIX) else None


def level_name(level: str) -> str:
    """A bot level's name on a leaderboard, in the reader's language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def ordinal(mu: float, sigma: float) -> float:
    """The figure ratings are sorted and shown by."""
    return mu - SIGMAS * sigma


def places(scores: Sequence[float], winners: Sequence[int], last: Collection[int] = ()) -> list[int]:
    """Each seat's place (1 the best): the winners share the first, the others follow by score, equal scores sharing
    a place (1, 1, 3: the place after a shared one is skipped, as in a sports table); the seats in `last` (out of
    the game, issue 16) share the last place."""
    winning = set(winners) - set(last)

    def key(seat: int, score: float) -> tuple[int, float]:
        if seat in last:
            return (2, 0.0)
        return (0, 0.0) if seat in winning else (1, -float(score))

    keys = [key(seat, score) for seat, score in enumerate(scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished table as the ratings see it: the subjects seat by seat and their places (None: not rated)."""

    subjects: tuple[str, ...] | None
    places: tuple[int, ...]


def outcome(table: Table, seats: Sequence[StoredSeat] | None = None) -> Outcome:
    """Who a finished table rates, and their places; `subjects` None when it cannot be rated (see the module's
    docstring). `seats`: the seats as the store has them (default: as the table has them in memory)."""
    winners, out = table.standings()
    # A seat that left (resigned, out of time) is placed last; at a rated table so is a seat a bot played on for.
    last = set(out) | set(table.played_on)
    ranks = tuple(places(table.state.scores(), winners, last))
    subjects: list[str] = []
    for seat in table.seats if seats is None else seats:
        subject = seat.account_id if seat.kind == HUMAN else bot_subject(seat.kind)
        if subject is None or subject in subjects:
            return Outcome(None, ranks)
        subjects.append(subject)
    return Outcome(tuple(subjects), ranks)


def rated(before: list[StoredRating | None], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The new (mu, sigma) of each seat: one Plackett-Luce update of the seats as teams of one."""
    model = PlackettLuce()
    teams = [[model.rating() if old is None else model.rating(mu=old.mu, sigma=old.sigma)] for old in before]
    after = model.rate(teams, ranks=list(ranks))
    return [(float(team[0].mu), float(team[0].sigma)) for team in after]


async def settle(store: AsyncStore, table: Table) -> bool:
    """Rate `table` if it is a rated table whose game is over and nobody rated it yet; True if this call recorded it
    (rated or skipped). Safe to call from every place that sees an end, in any process."""
    if not table.rated or not table.terminal or table.settled:
        return False
    if await store.rated_game(table.id) is not None:
        table.settled = True
        return False
    # The seats' accounts as the store has them: this process may not have heard of a seat joined through another.
    stored = await store.load_table(table.id)
    found = outcome(table, None if stored is None else stored.seats)
    subjects = found.subjects
    try:
        if subjects is None:
            await store.record_rated_game(table.id, table.game.name, [], None)
        else:
            ranks = found.places
            await store.record_rated_game(
                table.id, table.game.name, list(subjects), lambda before: rated(before, ranks)
            )
    except RatedAlready:
        table.settled = True
        return False
    table.settled = True
    if subjects is None:
        log.info("table %s ended with a seat that cannot be rated: no rating changed", table.id)
    return True


async def settle_quietly(store: AsyncStore, table: Table) -> None:
    """`settle`, where a move has been stored already and must not fail for it: a failure is logged, and the table
    is rated when it is next seen to be over (it is loaded again, or another process sees the end)."""
    try:
        await settle(store, table)
    except Exception:
        log.exception("the ratings of table %s could not be recorded", table.id)
