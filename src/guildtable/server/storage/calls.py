"""The store's calls off the event loop: each runs on a small, bounded thread pool and is awaited.

A storage call blocks (a commit waits for the disk or for PostgreSQL), and on the event loop it would stall every
table of the process for its duration. Here it waits in one of `threads` threads instead; the database drivers let go
of the GIL while they wait, so the loop goes on serving. At most `threads` calls run at once (the rest queue), which
also bounds the connections one process holds.

`AsyncStore` has the store's parts, each call a coroutine with the same name and arguments as the part's own
(`await store.tables.load_table(table_id)`); only the moves go their own way, through the group commit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import partial, wraps
from typing import Any, ParamSpec, TypeVar

from guildtable.server.storage.accounts import Accounts
from guildtable.server.storage.analyses import Analyses
from guildtable.server.storage.bots import Bots
from guildtable.server.storage.group_commit import MoveGroups
from guildtable.server.storage.mail_addresses import MailAddresses
from guildtable.server.storage.mail_choices import MailChoices
from guildtable.server.storage.moves import MoveLog, MoveRow
from guildtable.server.storage.ratings import Ratings
from guildtable.server.storage.seats import Seats
from guildtable.server.storage.sessions import Sessions
from guildtable.server.storage.store import Store
from guildtable.server.storage.tables import Tables
from guildtable.server.storage.turn_mail import TurnMail
from guildtable.server.storage.uploads import Uploads

P = ParamSpec("P")
T = TypeVar("T")


class Pool:
    """The threads the store's calls wait in."""

    def __init__(self, threads: int) -> None:
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="store")

    def awaited(self, call: Callable[P, T]) -> Callable[P, Coroutine[Any, Any, T]]:
        """`call` as a coroutine function (with its name, docstring and signature): awaiting it runs `call` on the
        pool."""

        @wraps(call)
        async def run(*args: P.args, **kwargs: P.kwargs) -> T:
            return await asyncio.get_running_loop().run_in_executor(self._executor, partial(call, *args, **kwargs))

        return run

    def shutdown(self) -> None:
        """Wait for the calls under way, then let the threads go."""
        self._executor.shutdown(wait=True)


class AsyncTables:
    def __init__(self, part: Tables, pool: Pool) -> None:
        self.create_table = pool.awaited(part.create_table)
        self.set_timing = pool.awaited(part.set_timing)
        self.start_clocks = pool.awaited(part.start_clocks)
        self.due_tables = pool.awaited(part.due_tables)
        self.set_rematch = pool.awaited(part.set_rematch)
        self.load_table = pool.awaited(part.load_table)
        self.load_tables = pool.awaited(part.load_tables)


class AsyncMoveLog:
    def __init__(self, part: MoveLog, pool: Pool) -> None:
        self._part = part
        self._add_move = pool.awaited(part.add_move)
        self._groups = MoveGroups(pool.awaited(part.add_moves))

    async def add_move(self, table_id: str, ply: int, action: int, notation: str, at: float | None = None) -> None:
        """Commit one row of the move log; `PlyTaken` if that ply is stored already. On PostgreSQL and SQLite the moves
        of every table that moves meanwhile are committed with it (see `MoveGroups`)."""
        if self._part.groups_moves:
            await self._groups.add(MoveRow(table_id, ply, action, notation, at))
        else:
            await self._add_move(table_id, ply, action, notation, at)


class AsyncSeats:
    def __init__(self, part: Seats, pool: Pool) -> None:
        self.set_seat_name = pool.awaited(part.set_seat_name)
        self.take_seat = pool.awaited(part.take_seat)
        self.bind_seat = pool.awaited(part.bind_seat)
        self.account_seats = pool.awaited(part.account_seats)


class AsyncUploads:
    def __init__(self, part: Uploads, pool: Pool) -> None:
        self.add_upload = pool.awaited(part.add_upload)
        self.get_upload = pool.awaited(part.get_upload)


class AsyncAccounts:
    def __init__(self, part: Accounts, pool: Pool) -> None:
        self.create_account = pool.awaited(part.create_account)
        self.account_named = pool.awaited(part.account_named)
        self.account_called = pool.awaited(part.account_called)
        self.set_password_hash = pool.awaited(part.set_password_hash)
        self.set_account_language = pool.awaited(part.set_account_language)
        self.delete_account = pool.awaited(part.delete_account)


class AsyncBots:
    def __init__(self, part: Bots, pool: Pool) -> None:
        self.bots_of = pool.awaited(part.bots_of)
        self.add_token = pool.awaited(part.add_token)
        self.tokens_of = pool.awaited(part.tokens_of)
        self.holder = pool.awaited(part.holder)
        self.revoke_token = pool.awaited(part.revoke_token)
        self.invite = pool.awaited(part.invite)
        self.invitations = pool.awaited(part.invitations)
        self.drop_invitation = pool.awaited(part.drop_invitation)


class AsyncSessions:
    def __init__(self, part: Sessions, pool: Pool) -> None:
        self.add_session = pool.awaited(part.add_session)
        self.session = pool.awaited(part.session)
        self.delete_session = pool.awaited(part.delete_session)
        self.delete_other_sessions = pool.awaited(part.delete_other_sessions)


class AsyncRatings:
    def __init__(self, part: Ratings, pool: Pool) -> None:
        self.record_rated_game = pool.awaited(part.record_rated_game)
        self.rated_game = pool.awaited(part.rated_game)
        self.rated_games = pool.awaited(part.rated_games)
        self.leaderboard = pool.awaited(part.leaderboard)
        self.ratings_of = pool.awaited(part.ratings_of)


class AsyncMailChoices:
    def __init__(self, part: MailChoices, pool: Pool) -> None:
        self.mail_choice = pool.awaited(part.mail_choice)
        self.set_mail_choice = pool.awaited(part.set_mail_choice)
        self.mail_state = pool.awaited(part.mail_state)
        self.request_confirmation = pool.awaited(part.request_confirmation)
        self.confirmations_due = pool.awaited(part.confirmations_due)
        self.claim_confirmation = pool.awaited(part.claim_confirmation)
        self.set_email_status = pool.awaited(part.set_email_status)
        self.confirm_email = pool.awaited(part.confirm_email)


class AsyncMailAddresses:
    def __init__(self, part: MailAddresses, pool: Pool) -> None:
        self.count_mail = pool.awaited(part.count_mail)
        self.uncount_mail = pool.awaited(part.uncount_mail)
        self.address_of_token = pool.awaited(part.address_of_token)
        self.stop_address = pool.awaited(part.stop_address)


class AsyncTurnMail:
    def __init__(self, part: TurnMail, pool: Pool) -> None:
        self.waiting_turns = pool.awaited(part.waiting_turns)
        self.claim_mail = pool.awaited(part.claim_mail)
        self.release_mail = pool.awaited(part.release_mail)
        self.claim_digest = pool.awaited(part.claim_digest)
        self.release_digest = pool.awaited(part.release_digest)
        self.forget_old_mail = pool.awaited(part.forget_old_mail)


class AsyncAnalyses:
    def __init__(self, part: Analyses, pool: Pool) -> None:
        self.analysis = pool.awaited(part.analysis)
        self.claim_analysis = pool.awaited(part.claim_analysis)
        self.analysis_progress = pool.awaited(part.analysis_progress)
        self.finish_analysis = pool.awaited(part.finish_analysis)
        self.drop_analysis = pool.awaited(part.drop_analysis)


class AsyncStore:
    """`Store`'s parts, their calls as coroutines, all run on one pool of `threads` threads."""

    def __init__(self, store: Store, threads: int = 4) -> None:
        self.store = store
        self.url = store.url
        self._pool = Pool(threads)
        self.tables = AsyncTables(store.tables, self._pool)
        self.moves = AsyncMoveLog(store.moves, self._pool)
        self.seats = AsyncSeats(store.seats, self._pool)
        self.uploads = AsyncUploads(store.uploads, self._pool)
        self.accounts = AsyncAccounts(store.accounts, self._pool)
        self.sessions = AsyncSessions(store.sessions, self._pool)
        self.ratings = AsyncRatings(store.ratings, self._pool)
        self.mail_choices = AsyncMailChoices(store.mail_choices, self._pool)
        self.mail_addresses = AsyncMailAddresses(store.mail_addresses, self._pool)
        self.turn_mail = AsyncTurnMail(store.turn_mail, self._pool)
        self.analyses = AsyncAnalyses(store.analyses, self._pool)
        self.bots = AsyncBots(store.bots, self._pool)

    def close(self) -> None:
        """Wait for the calls under way, then close the store."""
        self._pool.shutdown()
        self.store.close()
