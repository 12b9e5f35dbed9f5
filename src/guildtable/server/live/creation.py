"""New tables: a game, its seats (people and bots), its options, pace and shuffle, stored before anyone sees it; and
the rematch of a finished table, created by the first seat who asks for it."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from guildtable.bots.levels import expert_available
from guildtable.bots.spec import check_web_spec, parse_spec
from guildtable.kernel import BadOptions, BadRecord, Game, GuildtableError
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import get_game
from guildtable.kernel.rng import new_table_seed
from guildtable.kernel.seats import bot_label, seat_colour_name
from guildtable.server.auth import new_id, new_token
from guildtable.server.live.followups import FollowUps
from guildtable.server.live.news import catch_up
from guildtable.server.live.seats import Seating
from guildtable.server.names import check_seat_names, display_name
from guildtable.server.pace import Pace
from guildtable.server.problems import Problem
from guildtable.server.pubsub import TableNews
from guildtable.server.ratings import bot_subject, rated_pace
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.database import now
from guildtable.server.storage.tables import StoredSeat, StoredTable
from guildtable.server.tables import HUMAN, SCRIPT, Table

# The bots a rated table may have, and a seat that runs out of time may be played on by (they have ratings).
NAMED_LEVELS = "random, greedy, easy, medium, hard, expert"


@dataclass(frozen=True, slots=True)
class Created:
    """A new table, the invite token of each human seat still to be taken, and the secret of each seat its creator
    took at once."""

    table: Table
    invites: dict[int, str]
    secrets: dict[int, str]


class TableMaker:
    def __init__(
        self,
        store: AsyncStore,
        tables: dict[str, Table],
        clock: Callable[[], float],
        open_table: Callable[[str], Awaitable[Table]],
        seating: Seating,
        followups: FollowUps,
        schedule_bot: Callable[[Table], None],
        *,
        chosen_seeds: bool,
        rated_pace_days: int,
    ) -> None:
        self._store = store
        self._tables = tables
        self._clock = clock
        self._open_table = open_table
        self._seating = seating
        self._followups = followups
        self._schedule_bot = schedule_bot
        # Whether a table's creator may choose its seed (tests and bug reports): a chosen seed tells its chooser every
        # hidden card, so a public server never allows it.
        self.chosen_seeds = chosen_seeds
        self._rated_pace_days = rated_pace_days

    async def create_table(
        self,
        game_name: str,
        seat_kinds: list[str],
        names: list[str | None],
        options: dict[str, Any] | None,
        seed: int | None,
        *,
        rated: bool = False,
        pace: Pace | None = None,
        taken: Sequence[bool] = (),
        account_id: str | None = None,
        as_account: Sequence[bool] = (),
    ) -> Created:
        """A new table, with an invite token for each human seat and a secret for each seat the creator takes at
        once (`taken`: their own seat, or every seat at a hot-seat table; those `as_account` become the seats of
        `account_id`, the signed-in creator). A `rated` table counts for the ratings when it ends (the caller checked
        that a signed-in player asked)."""
        game = game_named(game_name)
        kinds = checked_kinds(game, seat_kinds, rated)
        seats = new_seats(kinds, names, taken, as_account, account_id)
        if seed is not None and not self.chosen_seeds:
            raise Problem(
                422,
                "bad-request",
                _(
                    "this server shuffles every table itself: "
                    "a seed chosen by a player would tell them every hidden card"
                ),
                field="seed",
            )
        seed = new_table_seed() if seed is None else seed
        pace = checked_pace(kinds, rated, pace, self._rated_pace_days)
        # The options as given are stored: the game validates and resolves them on every rebuild, the first here.
        stored = StoredTable(
            new_id(),
            game.name,
            seed,
            dict(options or {}),
            None,
            now(),
            None,
            seats,
            [],
            rated,
            pace=None if pace is None else pace.model_dump(),
        )
        return await self._open_new(stored)

    async def create_tutorial(self, game_name: str) -> Created:
        """Issue 34: a new table for the game's tutorial: its deal (seed, setup, options), the learner's seat taken
        by the asker, every other seat played by the script (`bots/script.py`). Unrated, untimed, listed nowhere: only
        its secret reaches it. The deal is the script's own, so the chosen seed tells nothing the script does not."""
        game = game_named(game_name)
        tutorial = game.tutorial()
        if tutorial is None:
            raise Problem(404, "no-tutorial", _("{game} has no tutorial yet", game=game.title))
        seats = []
        for index in range(tutorial.players):
            name = seat_colour_name(index)
            if index == tutorial.seat:
                seats.append(StoredSeat(index, HUMAN, name, new_token(), True, None, new_token()))
            else:
                seats.append(StoredSeat(index, SCRIPT, name, None, True, None, None))
        stored = StoredTable(
            new_id(),
            game.name,
            tutorial.seed,
            dict(tutorial.options),
            None if tutorial.setup is None else dict(tutorial.setup),
            now(),
            None,
            seats,
            [],
            False,
        )
        return await self._open_new(stored)

    async def _open_new(self, stored: StoredTable) -> Created:
        """Build a new table from its stored row, store it, start its clocks and let a bot on turn move."""
        try:
            table = Table.rebuild(stored, self._clock)
        except (BadOptions, BadRecord) as error:
            raise Problem(422, "bad-options", str(error), field=error.field) from None
        await self._store.tables.create_table(stored)
        self._tables[table.id] = table
        await self._seating.start_clocks(table)  # every human seat taken at once (hot-seat): the clocks run from now
        self._schedule_bot(table)
        seats = stored.seats
        return Created(
            table,
            {seat.seat: seat.token for seat in seats if seat.token is not None and seat.secret is None},
            {seat.seat: seat.secret for seat in seats if seat.secret is not None},
        )

    async def rematch(self, table: Table, seat: int) -> tuple[Table, str | None]:
        """The rematch of a finished table (created by the first seat who asks) and this seat's token there."""
        if not table.terminal:
            raise Problem(409, "game-not-finished", _("a rematch can be asked for once the game is over"))
        new: Table | None = None
        if table.rematch is not None:
            with contextlib.suppress(Problem):
                new = await self._open_table(table.rematch)
        if new is None:
            created = await self.create_table(
                table.game.name,
                [s.kind for s in table.seats],
                [s.name if s.joined else None for s in table.seats],
                table.options,
                None,
                rated=table.rated,
                pace=table.pace,
            )
            new = created.table
            table.rematch = new.id
            await self._store.tables.set_rematch(table.id, new.id)
            await self._followups.tell(TableNews(table.id, table.version))
        old_seat, new_seat = table.seats[seat], new.seats[seat]
        if old_seat.joined and not new_seat.joined and new_seat.kind == HUMAN:
            # The player who asks takes their seat at once, under the name they played with (never asked again); an
            # account's seat stays the account's, so the rematch is listed among its tables at once. The rematch's
            # invite tokens are never handed out: each seat is taken by its own player's secret, here.
            secret = new_token()
            if await self._store.seats.take_seat(new.id, seat, old_seat.name, secret, old_seat.account_id):
                new_seat.name, new_seat.joined = old_seat.name, True
                new_seat.secret, new_seat.account_id = secret, old_seat.account_id
                await self._seating.start_clocks(new)
                await self._followups.hub.broadcast(new)
            else:
                async with new.lock:
                    await catch_up(self._store, new)
            await self._followups.tell(TableNews(new.id, new.version))
        return new, new_seat.secret


def game_named(name: str) -> Game:
    try:
        return get_game(name)
    except GuildtableError as error:
        raise Problem(404, "unknown-game", str(error)) from None


def checked_kinds(game: Game, seat_kinds: list[str], rated: bool) -> list[str]:
    """Each seat's kind: `human`, or a bot's spec as the web may ask for one (a 422 for a wrong count or spec, and
    for a bot without a rating at a rated table)."""
    if len(seat_kinds) not in game.player_counts:
        counts = f"{game.min_players}–{game.max_players}"
        raise Problem(
            422,
            "bad-seats",
            _("{game} is for {counts} players, not {n}", game=game.title, counts=counts, n=len(seat_kinds)),
        )
    kinds = []
    for index, given in enumerate(seat_kinds):
        kind = HUMAN if given.strip().lower() == HUMAN else given.strip()
        if kind != HUMAN:
            try:
                kind = check_web_spec(kind)
            except BadOptions as error:
                raise Problem(422, "bad-seats", _("seat {n}: {reason}", n=index + 1, reason=error.message)) from None
            if parse_spec(kind)[0] == "expert" and not expert_available(game.name, len(seat_kinds)):
                # It would play as hard: a player choosing it would be misled.
                raise Problem(
                    422,
                    "bad-seats",
                    _(
                        "seat {n}: {expert} has not learned {game} for {count} players yet; choose {hard}",
                        n=index + 1,
                        expert=bot_label("expert"),
                        game=game.title,
                        count=len(seat_kinds),
                        hard=bot_label("hard"),
                    ),
                )
        if rated and kind != HUMAN and bot_subject(kind) is None:
            # A bot with its own parameters has no rating: the table could not be rated at its end.
            raise Problem(
                422,
                "rated-bot-level",
                _("seat {n}: a rated table's bots are the named levels ({levels})", n=index + 1, levels=NAMED_LEVELS),
                field="rated",
            )
        kinds.append(kind)
    return kinds


def new_seats(
    kinds: list[str],
    names: list[str | None],
    taken: Sequence[bool],
    as_account: Sequence[bool],
    account_id: str | None,
) -> list[StoredSeat]:
    """The seats of a new table: an invite token for each human seat, a secret for each one its creator takes at once
    (their account's where `as_account` says so), and the names chosen (checked) or each seat's colour."""
    tokens = [new_token() if kind == HUMAN else None for kind in kinds]
    seats = []
    for index, kind in enumerate(kinds):
        default = seat_colour_name(index)
        chosen = names[index] if index < len(names) else None
        name = display_name(chosen) if chosen else (default if kind == HUMAN else f"{default} ({kind})")
        takes = kind == HUMAN and index < len(taken) and taken[index]
        secret = new_token() if takes else None
        owner = account_id if takes and index < len(as_account) and as_account[index] else None
        seats.append(StoredSeat(index, kind, name, tokens[index], kind != HUMAN or takes, owner, secret))
    check_seat_names([seat.name for seat, chosen in zip(seats, names, strict=False) if chosen])
    return seats


def checked_pace(kinds: list[str], rated: bool, pace: Pace | None, rated_pace_days: int) -> Pace | None:
    """The table's pace: as asked, or the rated pace of a rated table that asked for none (a 422 for a time-out bot
    without a rating, and for clocks at a table of computers only)."""
    if rated and pace is None and HUMAN in kinds:
        # A rated table always has a clock (issue 30): a player who stops moving loses on time, and it is rated.
        pace = rated_pace(rated_pace_days)
    if pace is not None and pace.timeout == "bot" and bot_subject(pace.bot) is None:
        raise Problem(
            422,
            "bad-pace",
            _("a seat that runs out of time is played on by a named level ({levels})", levels=NAMED_LEVELS),
            field="pace.bot",
        )
    if pace is not None and all(kind != HUMAN for kind in kinds):
        raise Problem(422, "bad-pace", _("a table of computers only has no clocks"), field="pace")
    return pace
