"""The lobby: the live tables, and the one path a move takes (check, store, adopt, broadcast, let bots reply).

Whoever moves — a person over HTTP or WebSocket, or a bot on the server — goes through `_commit`, under the table's
lock: the move is checked against the version it was made for, committed to the store, and only then applied and
broadcast. Two racing moves for the same version: the first wins, the second finds a newer version (409).

Tables live in memory only while they are used: a table is loaded from the store (and rebuilt by replaying its moves)
when someone opens it, and leaves memory again once nobody has watched it and no bot has played at it for a while
(`ServerLimits.idle_seconds`), or when too many tables are live. A table whose bot is on turn when the server starts
resumes as soon as someone opens it.

Several processes may serve one platform (`create_app(..., redis_url=...)`): the store orders the moves (one row per
ply: of two processes racing for a ply, the second gets PlyTaken and catches up), every stored change is published as
table news (`pubsub.py`) and applied by each process that holds the table, and bot moves are jobs for bot workers
(`jobs.py`) instead of this process's own pool. Every storage call is awaited on a thread pool (`store_calls.py`),
never run on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from guildtable.bots.spec import check_web_spec
from guildtable.kernel import BadOptions, BadRecord, GuildtableError
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import get_game
from guildtable.kernel.rng import new_table_seed
from guildtable.kernel.seats import seat_colour_name
from guildtable.server.analyses import Analyses
from guildtable.server.auth import new_id, new_token
from guildtable.server.botpool import BotFailed, BotPool, BotPoolBusy, BotTimeout, choose
from guildtable.server.hub import Hub
from guildtable.server.jobs import BotJobs, bot_job, bot_on_turn
from guildtable.server.limits import ServerLimits
from guildtable.server.names import check_seat_name, check_seat_names, display_name
from guildtable.server.pace import Pace
from guildtable.server.problems import Problem
from guildtable.server.pubsub import TableFeed, TableNews
from guildtable.server.ratings import bot_subject, rated_pace, settle_quietly, statuses
from guildtable.server.replays import Frames, ReplayCache, checked_record
from guildtable.server.rows import PLATFORM_ACTION, PlatformRow, platform_row
from guildtable.server.store import PlyTaken, Store, StoredSeat, StoredTable, now
from guildtable.server.store_calls import AsyncStore
from guildtable.server.tables import HUMAN, Pending, Table

log = logging.getLogger("guildtable.server")

# Table and replay ids are `new_id()`s: anything else is not looked up in the store.
_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
SWEEP_SECONDS = 30.0
BUSY_RETRY_SECONDS = 0.5
# How often the store is asked for paced tables whose time ran out while no process held them.
CLOCK_SWEEP_SECONDS = 5.0


@dataclasses.dataclass(frozen=True, slots=True)
class Created:
    """A new table, the invite token of each human seat still to be taken, and the secret of each seat its creator
    took at once."""

    table: Table
    invites: dict[int, str]
    secrets: dict[int, str]


class Lobby:
    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.6,
        limits: ServerLimits | None = None,
        *,
        chosen_seeds: bool = False,
        feed: TableFeed | None = None,
        jobs: BotJobs | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = AsyncStore(store, (limits or ServerLimits()).store_threads)
        self.bot_delay = bot_delay
        self.limits = limits or ServerLimits()
        # Whether a table's creator may choose its seed (tests and bug reports): a chosen seed tells its chooser every
        # hidden card, so a public server never allows it.
        self.chosen_seeds = chosen_seeds
        self.hub = Hub(self.limits.client_queue)
        # The live tables, least recently used first.
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.replays = ReplayCache(self.limits.replay_cache_bytes, self.limits.replay_builds)
        self._sweeper: asyncio.Task[None] | None = None
        self.bots = BotPool(self.limits.bot_workers, self.limits.bot_queue, self.limits.bot_move_seconds)
        # With several processes: the news between them, and the queue bot workers take their moves from.
        self.feed = feed
        self.jobs = jobs
        # Tables being loaded from the store, with the newest version news spoke of meanwhile.
        self._loading: dict[str, int] = {}
        self._catching_up: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._background: set[asyncio.Task[None]] = set()
        # Tables whose ratings are being recorded by this process (a second end seen meanwhile waits for nothing).
        self._settling: set[str] = set()
        # Paces (issue 16): where the time comes from (tests give their own), and a timer per live paced table
        # that fires when its seat on turn runs out of time.
        self.clock = clock
        self._timers: dict[str, asyncio.TimerHandle] = {}
        # Analyses of finished games for the replay page (issue 19), judged in worker processes of their own (or by
        # the bot workers, on a platform of several processes).
        self.analyses = Analyses(
            self.store, iterations=self.limits.analysis_iterations, waiting=self.limits.analysis_queue, queue=jobs
        )
        self._clock_sweeper: asyncio.Task[None] | None = None

    # --- life cycle ----------------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Start the sweeper that lets idle tables leave memory, and listen to the other processes' news."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        self._clock_sweeper = asyncio.get_running_loop().create_task(self._clocks_forever())
        if self.feed is not None:
            await self.feed.start()

    async def stop(self) -> None:
        for sweeper in (self._sweeper, self._clock_sweeper):
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(BaseException):
                    await sweeper
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(BaseException):
                    await table.bot_task
        for task in [*self._catching_up.values(), *self._background]:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self.hub.close_all()
        await self.analyses.close()
        self.replays.close()
        self.bots.close()
        if self.feed is not None:
            await self.feed.close()
        if self.jobs is not None:
            await self.jobs.close()
        self.store.close()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()

    def sweep(self, now: float | None = None) -> int:
        """Let tables nobody uses leave memory; returns how many left. A table stays while anyone watches it, its bot
        is thinking or a move is being made; beyond `max_live_tables` the least recently used idle ones leave first."""
        now = time.monotonic() if now is None else now
        idle = [table_id for table_id, table in self.tables.items() if self._unused(table)]
        over = len(self.tables) - self.limits.max_live_tables
        leaving = [
            table_id
            for rank, table_id in enumerate(idle)
            if rank < over or now - self.tables[table_id].touched >= self.limits.idle_seconds
        ]
        for table_id in leaving:
            del self.tables[table_id]
            self._disarm(table_id)
        return len(leaving)

    def _unused(self, table: Table) -> bool:
        busy_bot = table.bot_task is not None and not table.bot_task.done()
        return not busy_bot and not table.lock.locked() and self.hub.watchers(table.id) == 0

    # --- tables --------------------------------------------------------------------------------------------------
    async def table(self, table_id: str) -> Table:
        """The live table, loaded from the store if it is not in memory; a 404 if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
        else:
            self.tables.move_to_end(table_id)
        table.touched = time.monotonic()
        return table

    async def _load(self, table_id: str) -> Table:
        if not _ID.fullmatch(table_id):
            raise Problem(404, "unknown-table", _("there is no table {table}", table=repr(table_id[:40])))
        # News heard while the store is read is kept (a move stored meanwhile must not be missed).
        self._loading.setdefault(table_id, -1)
        try:
            stored = await self.store.load_table(table_id)
        finally:
            heard = self._loading.pop(table_id, -1)
        live = self.tables.get(table_id)
        if live is not None:  # loaded by a request that read the store at the same time
            return live
        if stored is None:
            raise Problem(404, "unknown-table", _("there is no table {table}", table=repr(table_id[:40])))
        try:
            table = Table.rebuild(stored, self.clock)
        except GuildtableError as error:
            log.error("table %s cannot be rebuilt: %s", stored.id, error)
            raise Problem(410, "table-broken", _("this table can no longer be restored by this version")) from None
        self.tables[table.id] = table
        if heard >= table.version:
            self._catch_up_soon(table)
        self.schedule_bot(table)
        if table.pace is not None:
            # The store's timing is mended here if a process died between a row and its timing.
            await self.store.set_timing(table.id, table.timing())
            self._arm(table)
        # Finished meanwhile where nobody rated it (a bot worker made the last move while no process held it).
        self._settle_soon(table)
        if len(self.tables) > self.limits.max_live_tables:
            self.sweep()
        return table

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
        try:
            game = get_game(game_name)
        except GuildtableError as error:
            raise Problem(404, "unknown-game", str(error)) from None
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
                    raise Problem(
                        422, "bad-seats", _("seat {n}: {reason}", n=index + 1, reason=error.message)
                    ) from None
            if rated and kind != HUMAN and bot_subject(kind) is None:
                # A bot with its own parameters has no rating: the table could not be rated at its end.
                raise Problem(
                    422,
                    "rated-bot-level",
                    _(
                        "seat {n}: a rated table's bots are the named levels ({levels})",
                        n=index + 1,
                        levels="random, greedy, easy, medium, hard",
                    ),
                    field="rated",
                )
            kinds.append(kind)
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
        # The options as given are stored: the game validates and resolves them on every rebuild, the first here.
        if rated and pace is None and HUMAN in kinds:
            # A rated table always has a clock (issue 30): a player who stops moving loses on time, and it is rated.
            pace = rated_pace(self.limits.rated_pace_days)
        if pace is not None and pace.timeout == "bot" and bot_subject(pace.bot) is None:
            raise Problem(
                422,
                "bad-pace",
                _(
                    "a seat that runs out of time is played on by a named level ({levels})",
                    levels="random, greedy, easy, medium, hard",
                ),
                field="pace.bot",
            )
        if pace is not None and all(kind != HUMAN for kind in kinds):
            raise Problem(422, "bad-pace", _("a table of computers only has no clocks"), field="pace")
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
        try:
            table = Table.rebuild(stored, self.clock)
        except (BadOptions, BadRecord) as error:
            raise Problem(422, "bad-options", str(error), field=error.field) from None
        await self.store.create_table(stored)
        self.tables[table.id] = table
        await self._start_clocks(table)  # every human seat taken at once (hot-seat): the clocks run from now
        self.schedule_bot(table)
        return Created(
            table,
            {seat.seat: seat.token for seat in seats if seat.token is not None and seat.secret is None},
            {seat.seat: seat.secret for seat in seats if seat.secret is not None},
        )

    async def seat_of(self, table: Table, token: str | None) -> int:
        """The seat whose secret `token` is (`Table.seat_for`). A secret this process has not heard of yet (its
        player joined through another process a moment ago) is looked for in the store once."""
        try:
            return table.seat_for(token)
        except Problem as problem:
            unjoined = any(seat.kind == HUMAN and seat.secret is None for seat in table.seats)
            if problem.code != "forged-token" or not unjoined or self.feed is None:
                raise
        async with table.lock:
            await self._catch_up(table)
        return table.seat_for(token)

    async def join(self, table: Table, token: str | None, name: str, account_id: str | None = None) -> tuple[int, str]:
        """Take a seat with its invite token, under a display name: the seat gets a new secret, returned to the
        joining player alone (the invite token only shows "taken" from now on). With the seat's secret instead, its
        player renames it. `account_id`: the player chose to take the seat as their account (a 409 before anything
        changes if another account plays it). Everyone at the table is told."""
        name = display_name(name)
        invited = None if not token else table.invited_seat(token)
        if invited is None:
            seat = await self.seat_of(table, token)
            check_seat_name([other.name if other.joined else "" for other in table.seats], seat, name)
            if account_id is not None:
                await self._bind(table, seat, account_id)
            await self.store.set_seat_name(table.id, seat, name)
            table.rename(seat, name)
        else:
            seat = invited
            stored = table.seats[seat]
            taken = Problem(409, "seat-taken", _("this seat is taken: its player has joined already"))
            if stored.joined:
                raise taken
            check_seat_name([other.name if other.joined else "" for other in table.seats], seat, name)
            secret = new_token()
            if not await self.store.take_seat(table.id, seat, name, secret, account_id):
                raise taken
            table.rename(seat, name)
            stored.joined, stored.secret, stored.account_id = True, secret, account_id
            await self._start_clocks(table)
        await self.hub.broadcast(table)
        await self._tell(TableNews(table.id, table.version))
        held = table.seats[seat].secret
        assert held is not None
        return seat, held

    async def _start_clocks(self, table: Table) -> None:
        """A paced table's clocks start once every human seat is taken."""
        clocks = table.clocks
        if clocks is None or clocks.since is not None:
            return
        if any(seat.kind == HUMAN and not seat.joined for seat in table.seats):
            return
        clocks.start(await self.store.start_clocks(table.id, self.clock()))
        await self.store.set_timing(table.id, table.timing())
        self._arm(table)

    async def claim(self, table: Table, seat: int, account_id: str) -> None:
        """Make a seat a guest took the account's (the seat's token proves it is theirs); a 409 if another account
        plays it. Claiming one's own seat again changes nothing."""
        await self._bind(table, seat, account_id)
        await self._tell(TableNews(table.id, table.version))

    async def _bind(self, table: Table, seat: int, account_id: str) -> None:
        if not await self.store.bind_seat(table.id, seat, account_id):
            raise Problem(409, "seat-claimed", _("another account already plays this seat"))
        table.seats[seat].account_id = account_id

    async def rematch(self, table: Table, seat: int) -> tuple[Table, str | None]:
        """The rematch of a finished table (created by the first seat who asks) and this seat's token there."""
        if not table.terminal:
            raise Problem(409, "game-not-finished", _("a rematch can be asked for once the game is over"))
        new: Table | None = None
        if table.rematch is not None:
            with contextlib.suppress(Problem):
                new = await self.table(table.rematch)
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
            await self.store.set_rematch(table.id, new.id)
            await self._tell(TableNews(table.id, table.version))
        old_seat, new_seat = table.seats[seat], new.seats[seat]
        if old_seat.joined and not new_seat.joined and new_seat.kind == HUMAN:
            # The player who asks takes their seat at once, under the name they played with (never asked again); an
            # account's seat stays the account's, so the rematch is listed among its tables at once. The rematch's
            # invite tokens are never handed out: each seat is taken by its own player's secret, here.
            secret = new_token()
            if await self.store.take_seat(new.id, seat, old_seat.name, secret, old_seat.account_id):
                new_seat.name, new_seat.joined = old_seat.name, True
                new_seat.secret, new_seat.account_id = secret, old_seat.account_id
                await self._start_clocks(new)
                await self.hub.broadcast(new)
            else:
                async with new.lock:
                    await self._catch_up(new)
            await self._tell(TableNews(new.id, new.version))
        return new, new_seat.secret

    # --- moves ---------------------------------------------------------------------------------------------------
    async def move(self, table: Table, seat: int, version: Any, action_json: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise Problem(422, "bad-request", _("a move carries 'version': the version it was made against"))
        async with table.lock:
            action = table.check_move(seat, version, action_json)
            await self._commit(table, action)
        await self.after_move(table, action)

    async def _commit(self, table: Table, action: int) -> None:
        """Store the checked `action` (under the table's lock), then adopt it."""
        await self._commit_row(table, table.prepare_move(action, self.clock()))

    async def _commit_row(self, table: Table, pending: Pending) -> None:
        """Store a row (a move or a platform row) under the table's lock, then adopt it."""
        try:
            await self.store.add_move(table.id, table.version, pending.action, pending.notation, pending.at)
        except PlyTaken:
            # Another server process (or a bot worker) stored this ply first: this process was out of date.
            await self._catch_up(table)
            self._background_task(self._after_catch_up(table))
            raise Problem(
                409, "stale-version", _("another move was stored for this version first"), version=table.version
            ) from None
        table.adopt(pending)
        if table.pace is not None:
            await self.store.set_timing(table.id, table.timing())

    async def after_move(self, table: Table, action: int | None) -> None:
        """Tell everyone at the table (here, and through the news every other process) and let a bot reply."""
        await self.hub.broadcast(table)
        told = self._tell_soon(TableNews(table.id, table.version, action))
        self.schedule_bot(table)
        self._arm(table)
        await self._settle(table)
        if told is not None:
            await told

    # --- undo, resigning, clocks (issue 16) ----------------------------------------------------------------------
    async def undo(self, table: Table, seat: int, version: Any) -> None:
        """Take back `seat`'s last move of its turn, if it showed nothing hidden (Board Game Arena's policy)."""
        if isinstance(version, bool) or not isinstance(version, int):
            raise Problem(422, "bad-request", _("an undo carries 'version': the version it was asked against"))
        async with table.lock:
            if version != table.version:
                raise Problem(
                    409,
                    "stale-version",
                    _(
                        "the undo was asked against version {asked}, but the table is at version {now}",
                        asked=version,
                        now=table.version,
                    ),
                    version=table.version,
                )
            reason = table.why_no_undo(seat)
            if reason is not None:
                raise Problem(409, "cannot-undo", reason, version=table.version)
            await self._commit_row(table, table.prepare_row(PlatformRow("undo", seat), self.clock()))
        await self.after_move(table, None)

    async def resign(self, table: Table, seat: int) -> None:
        """`seat` leaves the game: placed last; with one player left the game ends, else a bot plays on for it."""
        async with table.lock:
            reason = table.why_no_resign(seat)
            if reason is not None:
                raise Problem(409, "cannot-resign", reason, version=table.version)
            await self._commit_row(table, table.prepare_row(PlatformRow("resign", seat), self.clock()))
        await self.after_move(table, None)

    async def check_clock(self, table_id: str) -> bool:
        """Apply the table's time-out policy if its seat on turn has run out of time; True if it did. Of several
        processes doing this at once, one stores the row and the others find its ply taken."""
        try:
            table = await self.table(table_id)
        except Problem:
            return False
        async with table.lock:
            row = table.timed_out(self.clock())
            if row is None:
                self._arm(table)
                return False
            try:
                await self._commit_row(table, table.prepare_row(row, self.clock()))
            except Problem:
                return False  # another process was first
        await self.after_move(table, None)
        return True

    async def check_clocks(self) -> int:
        """Every paced table whose time ran out, whether or not this process holds it; returns how many timed out."""
        due = await self.store.due_tables(self.clock())
        done = 0
        for entry in due:
            done += await self.check_clock(entry.table_id)
        return done

    async def _clocks_forever(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_SWEEP_SECONDS)
            try:
                await self.check_clocks()
            except Exception:
                log.exception("the clock sweep failed")

    def _arm(self, table: Table) -> None:
        """Set the table's timer for its deadline (or clear it when no clock runs)."""
        self._disarm(table.id)
        deadline = table.deadline()
        if deadline is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        delay = max(0.0, deadline - self.clock())
        self._timers[table.id] = loop.call_later(delay, lambda: self._background_task(self.check_clock(table.id)))

    def _disarm(self, table_id: str) -> None:
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()

    async def _tell(self, news: TableNews) -> None:
        told = self._tell_soon(news)
        if told is not None:
            await told

    def _tell_soon(self, news: TableNews) -> asyncio.Future[None] | None:
        """Send `news` to the other processes, with any other table's news told meanwhile; awaiting the answer waits
        until Redis has it. A move is answered only then: were this process killed after answering, the others
        would otherwise never hear of a move its player saw accepted (they read the store only on a gap or a 409)."""
        return None if self.feed is None else self.feed.tell(news)

    # --- news from other processes -------------------------------------------------------------------------------
    def hear(self, news: TableNews) -> None:
        """News of a table from any process (this one's own too). The next move is applied at once; anything else
        (a gap, a table busy with a move of its own, new names) is read from the store."""
        table = self.tables.get(news.table)
        if table is None:
            if news.table in self._loading:
                self._loading[news.table] = max(self._loading[news.table], news.version)
            return
        if news.action is not None and news.version <= table.version:
            return  # known already (its own news, or caught up)
        if self._unused(table):
            # Nobody here watches it: rather than follow it, let it go (it is read afresh when next opened).
            del self.tables[news.table]
            return
        # A paced table reads the move from the store, with the time it was stored at (its clocks run on it).
        if (
            news.action is not None
            and news.version == table.version + 1
            and not table.lock.locked()
            and table.pace is None
        ):
            try:
                pending = table.prepare_move(news.action, self.clock())
            except GuildtableError as error:
                log.error("news of table %s does not apply (%s): reading the store", table.id, error)
            else:
                table.adopt(pending)
                self._background_task(self._after_catch_up(table))
                return
        self._catch_up_soon(table)

    def hear_gap(self) -> None:
        """News may have been missed (the connection to the other processes came back): every table reads the store."""
        for table in list(self.tables.values()):
            self._catch_up_soon(table)

    def _catch_up_soon(self, table: Table) -> None:
        if table.id in self._catching_up:
            self._again.add(table.id)
            return
        task = asyncio.get_running_loop().create_task(self._catch_up_task(table))
        self._catching_up[table.id] = task

    async def _catch_up_task(self, table: Table) -> None:
        try:
            while True:
                self._again.discard(table.id)
                async with table.lock:
                    await self._catch_up(table)
                await self._after_catch_up(table)
                if table.id not in self._again:
                    return
        except Exception:
            log.exception("table %s could not catch up with the store", table.id)
        finally:
            self._catching_up.pop(table.id, None)

    async def _catch_up(self, table: Table) -> None:
        """Bring `table` to what the store holds: the moves stored since, the seats' names and the rematch (under
        its lock)."""
        stored = await self.store.load_table(table.id)
        if stored is None:
            return
        if table.clocks is not None and stored.started is not None:
            table.clocks.start(stored.started)
        for ply in range(table.version, len(stored.actions)):
            action, at = stored.actions[ply], stored.times[ply]
            if action == PLATFORM_ACTION:
                table.adopt(table.prepare_row(platform_row(stored.notations[ply]), at))
            else:
                table.adopt(table.prepare_move(action, at))
        for seat, now_stored in zip(table.seats, stored.seats, strict=True):
            if seat.name != now_stored.name:
                table.rename(seat.seat, now_stored.name)
            seat.joined = now_stored.joined
            seat.account_id = now_stored.account_id
            seat.secret = now_stored.secret
        table.rematch = stored.rematch

    async def _after_catch_up(self, table: Table) -> None:
        table.touched = time.monotonic()
        await self.hub.broadcast(table)
        self.schedule_bot(table)
        self._arm(table)
        await self._settle(table)

    def _background_task(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # --- ratings -------------------------------------------------------------------------------------------------
    async def _settle(self, table: Table) -> None:
        """Rate a rated table whose game just ended (every path a move reaches this process by ends here: its own
        moves, its bots', and moves heard of or read from the store). Each call after the first finds it settled in
        memory; another process that saw the same end finds the store's row (`ratings.settle`)."""
        if table.rated and table.terminal and not table.settled and table.id not in self._settling:
            self._settling.add(table.id)
            try:
                await settle_quietly(self.store, table, self.limits.rated_pair_games)
                if table.settled and table.rating is None:
                    # What became of it (rated, or why not), for the end screen (issue 30: an aborted game says so).
                    with contextlib.suppress(Exception):
                        table.rating = (await statuses(self.store, [table])).get(table.id)
                        await self.hub.broadcast(table)
            finally:
                self._settling.discard(table.id)

    def _settle_soon(self, table: Table) -> None:
        if table.rated and table.terminal and not table.settled:
            with contextlib.suppress(RuntimeError):  # no loop: not serving
                self._background_task(self._settle(table))

    # --- bots ----------------------------------------------------------------------------------------------------
    def schedule_bot(self, table: Table) -> None:
        """Let a bot seat that is on turn move, after a short delay so people can follow: in this process's pool,
        or as a job for the bot workers (asked for once per table and version, whichever process asks)."""
        if bot_on_turn(table) is None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # not serving yet: the table's bot moves once someone opens it
        if self.jobs is not None:
            table.bot_task = loop.create_task(self._ask_workers(table))
        else:
            table.bot_task = loop.create_task(self._bot_turn(table))

    async def _ask_workers(self, table: Table) -> None:
        assert self.jobs is not None
        try:
            await self.jobs.ask(table.id, table.version)
        except Exception as error:
            log.error("could not ask the bot workers for a move at table %s: %s", table.id, error)

    async def _bot_turn(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with table.lock:
                seat = table.on_turn
                if seat is None or seat not in table.bot_seats():
                    return
                version = table.version
                job = bot_job(table, seat)
            # The bot thinks in a worker process (see botpool.py), on the game's record so far.
            try:
                action = await self.bots.choose(job)
            except BotPoolBusy:
                await asyncio.sleep(BUSY_RETRY_SECONDS)
                continue
            except (BotTimeout, BotFailed) as error:
                log.error("the bot of seat %s at table %s: %s; it plays the greedy move", seat, table.id, error)
                action = choose(dataclasses.replace(job, spec="greedy"))
            async with table.lock:
                if table.version != version:
                    continue
                try:
                    table.check_action(action)
                    await self._commit(table, action)
                except Problem as problem:
                    log.error("bot of seat %s at table %s failed: %s", seat, table.id, problem.detail)
                    return
            table.touched = time.monotonic()
            await self.hub.broadcast(table)
            await self._tell(TableNews(table.id, table.version, action))
            self._arm(table)
            await self._settle(table)
            next_seat = table.on_turn
            if next_seat is None or next_seat not in table.bot_seats():
                return

    # --- replays -------------------------------------------------------------------------------------------------
    async def replay_record(self, replay_id: str) -> dict[str, Any]:
        if not _ID.fullmatch(replay_id):
            raise Problem(404, "unknown-replay", _("there is no replay {replay}", replay=repr(replay_id[:40])))
        table = self.tables.get(replay_id)
        if table is None:
            with contextlib.suppress(Problem):
                table = await self.table(replay_id)
        if table is not None:
            return table.record()
        record = await self.store.get_upload(replay_id)
        if record is None:
            raise Problem(404, "unknown-replay", _("there is no replay {replay}", replay=repr(replay_id)))
        return record

    async def replay_frames(self, replay_id: str) -> Frames:
        return await self.replays.frames(replay_id, await self.replay_record(replay_id))

    async def upload(self, data: Any) -> str:
        record = checked_record(data, max_moves=self.limits.max_record_moves)
        upload_id = new_id()
        await self.store.add_upload(upload_id, record.model_dump(mode="json", exclude_none=True))
        return upload_id
