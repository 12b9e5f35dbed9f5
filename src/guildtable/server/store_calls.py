"""The store's calls off the event loop: each runs on a small, bounded thread pool and is awaited.

A storage call blocks (a commit waits for the disk or for PostgreSQL), and on the event loop it would stall every
table of the process for its duration. Here it waits in one of `threads` threads instead; the database drivers let go
of the GIL while they wait, so the loop goes on serving. At most `threads` calls run at once (the rest queue), which
also bounds the connections one process holds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from guildtable.server.store import (
    AccountSeat,
    DueConfirmation,
    DueTable,
    LeaderboardRow,
    MailChoice,
    MailPermit,
    MailState,
    MoveRow,
    PairCap,
    PlyTaken,
    RatingUpdate,
    Store,
    StoredAccount,
    StoredAnalysis,
    StoredRating,
    StoredSession,
    StoredTable,
    Timing,
    WaitingTurn,
)

T = TypeVar("T")
# The most moves one statement stores: a bound on a statement's size and on how long its first move waits.
GROUP_LIMIT = 256


class MoveGroups:
    """Group commit of the move log. A move waits while the commit before it is on its way, and then goes with every
    move that arrived meanwhile, in one transaction (on PostgreSQL one statement): at 100 tables moving at once, a
    process makes a few commits where it made 100 (fewer thread hops, round trips and writes to the disk), while one
    lone move goes at once. Each move's caller learns its own fate: stored, or `PlyTaken` (another process, or
    another client, was first)."""

    def __init__(self, commit: Callable[[list[MoveRow]], Awaitable[set[tuple[str, int]]]]) -> None:
        self._commit = commit
        self._waiting: list[tuple[MoveRow, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def add(self, row: MoveRow) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((row, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting[:GROUP_LIMIT], self._waiting[GROUP_LIMIT:]
            try:
                stored = await self._commit([row for row, _ in group])
            except BaseException as error:
                # The database could not be reached: each move of the group fails, as it would have alone. When the
                # process stops (the writer is cancelled), the moves still waiting fail too rather than wait forever.
                stopping = not isinstance(error, Exception)
                failure = ConnectionError("the server is stopping") if stopping else error
                for _, done in group + (self._waiting if stopping else []):
                    if not done.done():
                        done.set_exception(failure)
                if stopping:
                    raise
                continue
            for row, done in group:
                if done.done():  # its caller went away; the row is stored all the same
                    continue
                if (row.table_id, row.ply) in stored:
                    done.set_result(None)
                else:
                    done.set_exception(PlyTaken(f"{row.table_id} ply {row.ply}"))


class AsyncStore:
    """`Store`'s methods as coroutines, each run on the pool."""

    def __init__(self, store: Store, threads: int = 4) -> None:
        self.store = store
        self.url = store.url
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="store")
        self._moves = MoveGroups(partial(self._run, store.add_moves))

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, partial(call, *args))

    async def create_table(self, table: StoredTable) -> None:
        await self._run(self.store.create_table, table)

    async def add_move(self, table_id: str, ply: int, action: int, notation: str, at: float | None = None) -> None:
        """Commit one row of the move log; `PlyTaken` if that ply is stored already. On PostgreSQL and SQLite the moves
        of every table that moves meanwhile are committed with it (see `MoveGroups`)."""
        if self.store.groups_moves:
            await self._moves.add(MoveRow(table_id, ply, action, notation, at))
        else:
            await self._run(self.store.add_move, table_id, ply, action, notation, at)

    async def set_timing(self, table_id: str, timing: Timing) -> None:
        await self._run(self.store.set_timing, table_id, timing)

    async def start_clocks(self, table_id: str, at: float) -> float:
        return await self._run(self.store.start_clocks, table_id, at)

    async def due_tables(self, before: float, limit: int = 100) -> list[DueTable]:
        return await self._run(self.store.due_tables, before, limit)

    async def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        await self._run(self.store.set_seat_name, table_id, seat, name)

    async def take_seat(self, table_id: str, seat: int, name: str, secret: str, account_id: str | None) -> bool:
        return await self._run(self.store.take_seat, table_id, seat, name, secret, account_id)

    async def set_rematch(self, table_id: str, rematch: str) -> None:
        await self._run(self.store.set_rematch, table_id, rematch)

    async def load_table(self, table_id: str) -> StoredTable | None:
        return await self._run(self.store.load_table, table_id)

    async def add_upload(self, upload_id: str, record: dict[str, Any]) -> None:
        await self._run(self.store.add_upload, upload_id, record)

    async def get_upload(self, upload_id: str) -> dict[str, Any] | None:
        return await self._run(self.store.get_upload, upload_id)

    async def create_account(self, account: StoredAccount, name_key: str) -> None:
        """Store a new account; `NameTaken` if the name is taken."""
        await self._run(self.store.create_account, account, name_key)

    async def account_named(self, name_key: str) -> StoredAccount | None:
        return await self._run(self.store.account_named, name_key)

    async def set_password_hash(self, account_id: str, password_hash: str) -> None:
        await self._run(self.store.set_password_hash, account_id, password_hash)

    async def set_account_language(self, account_id: str, language: str) -> None:
        await self._run(self.store.set_account_language, account_id, language)

    async def add_session(self, token_hash: str, account_id: str, csrf: str, expires: str) -> None:
        await self._run(self.store.add_session, token_hash, account_id, csrf, expires)

    async def session(self, token_hash: str) -> StoredSession | None:
        return await self._run(self.store.session, token_hash)

    async def delete_session(self, token_hash: str) -> None:
        await self._run(self.store.delete_session, token_hash)

    async def account_called(self, name: str, name_key: str) -> StoredAccount | None:
        return await self._run(self.store.account_called, name, name_key)

    async def delete_other_sessions(self, account_id: str, keep_token_hash: str | None) -> int:
        return await self._run(self.store.delete_other_sessions, account_id, keep_token_hash)

    async def delete_account(self, account_id: str) -> None:
        await self._run(self.store.delete_account, account_id)

    async def bind_seat(self, table_id: str, seat: int, account_id: str) -> bool:
        """Give the seat to the account; False if another account has it."""
        return await self._run(self.store.bind_seat, table_id, seat, account_id)

    async def account_seats(self, account_id: str) -> list[AccountSeat]:
        return await self._run(self.store.account_seats, account_id)

    async def record_rated_game(
        self,
        table_id: str,
        game: str,
        subjects: list[str],
        update_ratings: RatingUpdate | None,
        cap: PairCap | None = None,
    ) -> bool:
        """Rate a finished table once (None: record it as skipped); True if rated, False if skipped (`cap`: the
        same accounts' rated games together, issue 30); `RatedAlready` if it was recorded before."""
        return await self._run(self.store.record_rated_game, table_id, game, subjects, update_ratings, cap)

    async def rated_game(self, table_id: str) -> bool | None:
        return await self._run(self.store.rated_game, table_id)

    async def rated_games(self, table_ids: list[str]) -> dict[str, bool]:
        return await self._run(self.store.rated_games, table_ids)

    async def leaderboard(self, game: str, limit: int, sigmas: float, min_games: int = 0) -> list[LeaderboardRow]:
        return await self._run(self.store.leaderboard, game, limit, sigmas, min_games)

    async def ratings_of(self, subject: str) -> list[StoredRating]:
        return await self._run(self.store.ratings_of, subject)

    async def mail_choice(self, account_id: str) -> MailChoice | None:
        return await self._run(self.store.mail_choice, account_id)

    async def set_mail_choice(self, account_id: str, choice: MailChoice) -> None:
        await self._run(self.store.set_mail_choice, account_id, choice)

    async def waiting_turns(self, at: float, day: str, reminder_within: float) -> list[WaitingTurn]:
        return await self._run(self.store.waiting_turns, at, day, reminder_within)

    async def claim_mail(self, account_id: str, table_id: str, turn_ply: int, kind: str, at: float) -> bool:
        """Write a mail's row before sending it; False if it was sent (or is being sent) already."""
        return await self._run(self.store.claim_mail, account_id, table_id, turn_ply, kind, at)

    async def release_mail(self, account_id: str, table_id: str, turn_ply: int, kind: str) -> None:
        await self._run(self.store.release_mail, account_id, table_id, turn_ply, kind)

    async def claim_digest(self, account_id: str, day: str, at: float) -> bool:
        return await self._run(self.store.claim_digest, account_id, day, at)

    async def release_digest(self, account_id: str, day: str) -> None:
        await self._run(self.store.release_digest, account_id, day)

    async def forget_old_mail(self, before_day: str) -> None:
        await self._run(self.store.forget_old_mail, before_day)

    async def mail_state(self, account_id: str) -> MailState | None:
        return await self._run(self.store.mail_state, account_id)

    async def request_confirmation(self, account_id: str) -> bool:
        return await self._run(self.store.request_confirmation, account_id)

    async def confirmations_due(self, limit: int = 100) -> list[DueConfirmation]:
        return await self._run(self.store.confirmations_due, limit)

    async def claim_confirmation(self, account_id: str, email: str, token_hash: str, at: float) -> bool:
        return await self._run(self.store.claim_confirmation, account_id, email, token_hash, at)

    async def set_email_status(self, account_id: str, email: str, status: str) -> None:
        await self._run(self.store.set_email_status, account_id, email, status)

    async def confirm_email(self, token_hash: str, sent_after: float) -> str | None:
        return await self._run(self.store.confirm_email, token_hash, sent_after)

    async def count_mail(
        self, email: str, day: str, per_day: int, confirmations_per_day: int, confirming: str | None = None
    ) -> MailPermit:
        return await self._run(self.store.count_mail, email, day, per_day, confirmations_per_day, confirming)

    async def uncount_mail(self, email: str, day: str, confirming: str | None = None) -> None:
        await self._run(self.store.uncount_mail, email, day, confirming)

    async def address_of_token(self, token: str) -> tuple[str, bool] | None:
        return await self._run(self.store.address_of_token, token)

    async def stop_address(self, token: str, at: float, stopped: bool = True) -> bool:
        return await self._run(self.store.stop_address, token, at, stopped)

    def close(self) -> None:
        """Wait for the calls under way, then close the store."""
        self._pool.shutdown(wait=True)
        self.store.close()

    # --- analyses (issue 19) -------------------------------------------------------------------------------------
    async def analysis(self, replay_id: str) -> StoredAnalysis | None:
        return await self._run(self.store.analysis, replay_id)

    async def claim_analysis(self, replay_id: str, spec: str, total: int, at: float, stale_before: float) -> bool:
        return await self._run(self.store.claim_analysis, replay_id, spec, total, at, stale_before)

    async def analysis_progress(self, replay_id: str, done: int, at: float) -> None:
        await self._run(self.store.analysis_progress, replay_id, done, at)

    async def finish_analysis(self, replay_id: str, result: dict[str, Any], at: float) -> None:
        await self._run(self.store.finish_analysis, replay_id, result, at)

    async def drop_analysis(self, replay_id: str) -> None:
        await self._run(self.store.drop_analysis, replay_id)
