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
over a long good record. A player reads it on a familiar scale (issue 33): a whole number that starts at 1500,
`shown_rating`.

Against rating farming (issue 30: two accounts played 40 rated games in 12 s, one resigning at once, and the other
topped the leaderboard), three rules, each recorded as a skipped table:

- *Aborted*: a rated game where a human seat ended fewer than `MIN_TURNS` turns of its own is not rated, as lichess
  aborts a game a side has not moved in. Turns are counted, not moves, since one turn may hold many moves (a whole
  Guildhall turn is a dozen); a turn taken back, or played by the computer for a seat that left, does not count.
- *Repeated pairing*: the same two accounts' rated games of one game count `ServerLimits.rated_pair_games` times in
  24 hours (default 3); later ones are not rated. A cap rather than diminishing weights: it is plain to a player
  ("not rated: daily limit"), and a weight would still let a pair add up to a rating given enough games.
- *Provisional*: a leaderboard lists an account once it has `ServerLimits.leaderboard_min_games` rated games (default
  10); below that its rating is provisional (marked "?"). Bot levels are always listed, their ratings marked
  provisional while they are.

So lifting a farmer onto the leaderboard with one accomplice takes ten real games over at least three days, each
counting for less as the farmer's uncertainty shrinks. The store keeps only the skipped flag
(`gt_rated_games.skipped`); why a table was skipped is worked out again by `why_skipped`, with the same checks in the
same order.

A rated table always has a pace (issue 30: a loser could stop moving and the game was never rated): the creator's, or
`rated_pace` (turn-based, `rated_pace_days` a move, a seat out of time is out), so an abandoned game ends by time-out
and is rated.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

from guildtable.bots.levels import OPPONENTS
from guildtable.kernel import State
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import get_game
from guildtable.kernel.seats import BOT_LEVEL_NAMES
from guildtable.server.limits import ServerLimits
from guildtable.server.pace import Pace
from guildtable.server.rows import PLATFORM_ACTION, platform_row
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.ratings import PairCap, RatedAlready, StoredRating
from guildtable.server.storage.tables import StoredSeat, StoredTable
from guildtable.server.tables import HUMAN, Table

log = logging.getLogger("guildtable.server")

# The bots rated as levels: the opponents a person picks from when seating a table.
LEVELS: tuple[str, ...] = tuple(kind for kind, _label in OPPONENTS)
BOT_PREFIX = "bot:"
# A level as a leaderboard names it: its one name, as at the table and in the lobby (issue 33).
LEVEL_NAMES: dict[str, str] = BOT_LEVEL_NAMES
# The ordinal's z: mu - 3 sigma (openskill's default).
SIGMAS = 3.0
# The rating as shown (issue 33): the ordinal on a familiar scale. See `shown_rating`.
SHOWN_START = 1500
SHOWN_SCALE = 25.0
# Issue 30: the turns each human seat must end itself for a rated game to count, and the window in which the same
# two accounts' rated games are counted against `ServerLimits.rated_pair_games`.
MIN_TURNS = 2
PAIR_SECONDS = 86_400.0
# A bot worker, which has no `guildtable serve` options, rates with the default cap.
DEFAULT_PAIR_GAMES = ServerLimits().rated_pair_games

# What became of a finished rated table: rated, or skipped and why (a seat nobody can be rated for, a seat that
# ended fewer than MIN_TURNS turns, the pair's daily cap), or not recorded yet.
Status = Literal["rated", "unrated-seat", "aborted", "repeated-pairing", "pending"]
STATUS_TEXTS: dict[Status, str] = {
    "rated": N_("Rated"),
    "unrated-seat": N_("Not rated: every seat must be a different signed-in player or a computer level"),
    "aborted": N_("Aborted, not rated"),
    "repeated-pairing": N_("Not rated: these players had reached their daily limit of rated games together"),
    "pending": N_("Not rated yet"),
}


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
    """The figure ratings are sorted by (and shown by, on the scale of `shown_rating`)."""
    return mu - SIGMAS * sigma


def shown_rating(mu: float, sigma: float) -> int:
    """The rating a player reads: `round(1500 + 25 × (mu − 3 sigma))`, a whole number (issue 33: "−1.8" and "3.4"
    read as jargon). Only the display changes: the store keeps openskill's mu and sigma, the leaderboard sorts by
    the ordinal (the same order), and the API gives the `ordinal`, `mu` and `sigma` too.

    - *1500 is where everyone starts*: a new rating (mu 25, sigma 25/3) has the ordinal 0, as on lichess, where a
      new player reads "1500?". A first win shows about 1586, a first loss about 1454.
    - *25 points a unit of mu* makes a gap mean about what the same gap means in Elo between settled players: two
      players of sigma 3 are apart by c = sqrt(2 beta² + 2 sigma²) ≈ 7.3 in Plackett-Luce's win chance
      1 / (1 + e^(−Δmu / c)), Elo's is 1 / (1 + 10^(−Δ / 400)), so Δ = 400 Δmu / (c ln 10) ≈ 24 Δmu. 400 points
      apart, the stronger wins about 10 games in 11, as in Elo.
    - It stays a cautious figure (the ordinal's): it rises while the model gets sure of a player, so an even player
      climbs above 1500 over their first hundred games (about 1640 after 10, 1800 after 50 and 1890 after 100
      two-player games against even newcomers, measured with openskill), and one lucky game does not lift a
      newcomer over a long good record.

    A rating is *provisional* (shown "1480?") until its account or level has the leaderboard's minimum of rated
    games (`ServerLimits.leaderboard_min_games`, default 10): one rule, so the mark means "not on the leaderboard yet",
    and ten because by then sigma has come down from 8.3 to about 6.5 and a game moves the rating by about 45 points,
    against 65-70 for the first ones (measured likewise)."""
    return round(SHOWN_START + SHOWN_SCALE * ordinal(mu, sigma))


def rated_pace(days: int) -> Pace:
    """The pace of a rated table whose creator chose none (issue 30): turn-based with `days` a move, as a
    correspondence game on lichess or a turn-based table on Board Game Arena, so players who cannot sit together can
    still play rated; a seat whose time runs out is out and placed last (two players: the game ends and is rated;
    more: the computer plays on for it), so an abandoned game always ends."""
    return Pace(kind="turn", days=days, timeout="forfeit")


def status_text(status: Status) -> str:
    """What a finished rated table's result says of its rating, in the reader's language."""
    return _(STATUS_TEXTS[status])


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
    return Outcome(subjects_of(table.seats if seats is None else seats), ranks)


def subjects_of(seats: Sequence[StoredSeat]) -> tuple[str, ...] | None:
    """Who each seat rates (an account, a bot level), None if a seat can be rated for nobody or one subject holds
    two seats."""
    subjects: list[str] = []
    for seat in seats:
        subject = seat.account_id if seat.kind == HUMAN else bot_subject(seat.kind)
        if subject is None or subject in subjects:
            return None
        subjects.append(subject)
    return tuple(subjects)


def turns_ended(stored: StoredTable) -> list[int]:
    """Each seat's turns it ended itself, from the stored move log: the game replayed, a turn counted when the turn
    passes on from its mover. A move taken back never ended a turn (an undo is only allowed within one's own turn),
    and a seat's turns stop counting once it resigned, ran out of time or was taken over by the computer."""
    state: State = get_game(stored.game).new_state(
        len(stored.seats), seed=stored.seed, options=stored.options, setup=stored.setup
    )
    count = len(stored.actions)
    notations = stored.notations if len(stored.notations) == count else [""] * count
    turns = [0] * len(stored.seats)
    gone: set[int] = set()
    # The positions before the moves of the turn in progress: what an undo goes back to.
    taken_back: list[State] = []
    for action, notation in zip(stored.actions, notations, strict=True):
        if action == PLATFORM_ACTION:
            row = platform_row(notation)
            if row.kind == "undo":
                if taken_back:
                    state = taken_back.pop()
            else:
                gone.add(row.seat)
                taken_back.clear()
            continue
        mover = state.current_player
        before = state.clone()
        state.apply(action)
        if state.current_player == mover:
            taken_back.append(before)
            continue
        taken_back.clear()
        if mover is not None and mover not in gone:
            turns[mover] += 1
    return turns


def aborted(stored: StoredTable) -> bool:
    """Whether a human seat ended fewer than `MIN_TURNS` turns itself: the game is not rated (issue 30)."""
    turns = turns_ended(stored)
    return any(seat.kind == HUMAN and turns[seat.seat] < MIN_TURNS for seat in stored.seats)


def why_skipped(stored: StoredTable) -> Status:
    """Why a table recorded as skipped was not rated, worked out again as `settle` decided it (the store keeps only
    the flag): the same checks in the same order, and a table that passes both was over its pair's daily cap."""
    if subjects_of(stored.seats) is None:
        return "unrated-seat"
    return "aborted" if aborted(stored) else "repeated-pairing"


async def statuses(store: AsyncStore, tables: Sequence[Table]) -> dict[str, Status]:
    """What became of each finished rated table among `tables` (one query, and the skipped ones' move logs)."""
    ended = [table.id for table in tables if table.rated and table.terminal]
    recorded = await store.ratings.rated_games(ended)
    found: dict[str, Status] = {}
    for table_id in ended:
        rated_or_not = recorded.get(table_id)
        if rated_or_not is None:
            found[table_id] = "pending"
        elif rated_or_not:
            found[table_id] = "rated"
        else:
            stored = await store.tables.load_table(table_id)
            found[table_id] = "pending" if stored is None else why_skipped(stored)
    return found


def rated(before: list[StoredRating | None], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The new (mu, sigma) of each seat: one Plackett-Luce update of the seats as teams of one."""
    model = PlackettLuce()
    teams = [[model.rating() if old is None else model.rating(mu=old.mu, sigma=old.sigma)] for old in before]
    after = model.rate(teams, ranks=list(ranks))
    return [(float(team[0].mu), float(team[0].sigma)) for team in after]


async def settle(store: AsyncStore, table: Table, pair_games: int = DEFAULT_PAIR_GAMES) -> bool:
    """Rate `table` if it is a rated table whose game is over and nobody rated it yet; True if this call recorded it
    (rated or skipped: see the module's docstring; `pair_games` is the pair's daily cap). Safe to call from every
    place that sees an end, in any process."""
    if not table.rated or not table.terminal or table.settled:
        return False
    if await store.ratings.rated_game(table.id) is not None:
        table.settled = True
        return False
    # The seats' accounts as the store has them: this process may not have heard of a seat joined through another.
    stored = await store.tables.load_table(table.id)
    found = outcome(table, None if stored is None else stored.seats)
    subjects = found.subjects
    why: Status | None = None
    if subjects is None:
        why = "unrated-seat"
    elif stored is not None and aborted(stored):
        why = "aborted"
    try:
        if subjects is None or why is not None:
            await store.ratings.record_rated_game(table.id, table.game.name, [], None)
        else:
            ranks = found.places
            cap = PairCap(tuple(subject for subject in subjects if level_of(subject) is None), pair_games, PAIR_SECONDS)
            if not await store.ratings.record_rated_game(
                table.id, table.game.name, list(subjects), lambda before: rated(before, ranks), cap
            ):
                why = "repeated-pairing"
    except RatedAlready:
        table.settled = True
        return False
    table.settled = True
    if why is not None:
        log.info("table %s is not rated (%s): no rating changed", table.id, why)
    return True


async def settle_quietly(store: AsyncStore, table: Table, pair_games: int = DEFAULT_PAIR_GAMES) -> None:
    """`settle`, where a move has been stored already and must not fail for it: a failure is logged, and the table
    is rated when it is next seen to be over (it is loaded again, or another process sees the end)."""
    try:
        await settle(store, table, pair_games)
    except Exception:
        log.exception("the ratings of table %s could not be recorded", table.id)
