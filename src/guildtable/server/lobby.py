"""The lobby: every live table, and the one path a move takes (check, store, adopt, broadcast, let bots reply).

Whoever moves — a person over HTTP or WebSocket, or a bot on the server — goes through `_commit`, under the table's
lock: the move is checked against the version it was made for, committed to the store, and only then applied and
broadcast. Two racing moves for the same version: the first wins, the second finds a newer version (409).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from guildtable.bots.spec import make_bot
from guildtable.kernel import BadOptions, BadRecord, GuildtableError
from guildtable.kernel.registry import get_game
from guildtable.server.auth import new_id, new_token
from guildtable.server.hub import Hub
from guildtable.server.problems import Problem
from guildtable.server.replays import ReplayCache, checked_record
from guildtable.server.store import PlyTaken, Store, StoredSeat, StoredTable, now
from guildtable.server.tables import HUMAN, Table

log = logging.getLogger("guildtable.server")


class Lobby:
    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.hub = Hub()
        self.tables: dict[str, Table] = {}
        self.replays = ReplayCache()

    # --- life cycle ----------------------------------------------------------------------------------------------
    def load(self) -> None:
        """Rebuild every stored table by replaying its moves."""
        for stored in self.store.load_tables():
            try:
                self.tables[stored.id] = Table.rebuild(stored)
            except GuildtableError as error:
                log.error("table %s cannot be rebuilt: %s", stored.id, error)

    def start_bots(self) -> None:
        for table in self.tables.values():
            self.schedule_bot(table)

    async def stop(self) -> None:
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(BaseException):
                    await table.bot_task
        await self.hub.close_all()

    # --- tables --------------------------------------------------------------------------------------------------
    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Problem(404, "unknown-table", f"there is no table {table_id!r}")
        return table

    def create_table(
        self,
        game_name: str,
        seat_kinds: list[str],
        names: list[str | None],
        options: dict[str, Any] | None,
        seed: int | None,
    ) -> tuple[Table, list[str | None]]:
        """A new table; returns it and each seat's token (None for a bot seat)."""
        try:
            game = get_game(game_name)
        except GuildtableError as error:
            raise Problem(404, "unknown-game", str(error)) from None
        if len(seat_kinds) not in game.player_counts:
            counts = f"{game.min_players}–{game.max_players}"
            raise Problem(422, "bad-seats", f"{game.title} is for {counts} players, not {len(seat_kinds)}")
        kinds = []
        for index, given in enumerate(seat_kinds):
            kind = HUMAN if given.strip().lower() == HUMAN else given.strip()
            if kind != HUMAN:
                try:
                    make_bot(kind)
                except BadOptions as error:
                    raise Problem(422, "bad-seats", f"seat {index + 1}: {error.message}") from None
            kinds.append(kind)
        tokens = [new_token() if kind == HUMAN else None for kind in kinds]
        seats = []
        for index, kind in enumerate(kinds):
            default = game.seat_names[index] if index < len(game.seat_names) else f"Player {index + 1}"
            name = (names[index] if index < len(names) else None) or (
                default if kind == HUMAN else f"{default} ({kind})"
            )
            seats.append(StoredSeat(index, kind, name[:64], tokens[index], kind != HUMAN))
        seed = secrets.randbelow(2**31) if seed is None else seed
        # The options as given are stored: the game validates and resolves them on every rebuild, the first here.
        stored = StoredTable(new_id(), game.name, seed, dict(options or {}), None, now(), None, seats, [])
        try:
            table = Table.rebuild(stored)
        except (BadOptions, BadRecord) as error:
            raise Problem(422, "bad-options", str(error), field=error.field) from None
        self.store.create_table(stored)
        self.tables[table.id] = table
        self.schedule_bot(table)
        return table, tokens

    async def join(self, table: Table, seat: int, name: str) -> None:
        """Take `seat` under a display name and tell everyone at the table."""
        name = " ".join(name.split())[:64]
        if not name:
            raise Problem(422, "bad-request", "a display name needs at least one visible character")
        self.store.set_seat_name(table.id, seat, name)
        table.seats[seat].name = name
        table.seats[seat].joined = True
        await self.hub.broadcast(table)

    def rematch(self, table: Table, seat: int) -> tuple[Table, str | None]:
        """The rematch of a finished table (created by the first seat who asks) and this seat's token there."""
        if not table.terminal:
            raise Problem(409, "game-not-finished", "a rematch can be asked for once the game is over")
        if table.rematch is None or table.rematch not in self.tables:
            new, _ = self.create_table(
                table.game.name,
                [s.kind for s in table.seats],
                [s.name if s.joined else None for s in table.seats],
                table.options,
                None,
            )
            table.rematch = new.id
            self.store.set_rematch(table.id, new.id)
        new = self.tables[table.rematch]
        return new, new.seats[seat].token

    # --- moves ---------------------------------------------------------------------------------------------------
    async def move(self, table: Table, seat: int, version: Any, action_json: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise Problem(422, "bad-request", "a move carries 'version': the version it was made against")
        async with table.lock:
            action = table.check_move(seat, version, action_json)
            self._commit(table, action)
        await self.after_move(table)

    def _commit(self, table: Table, action: int) -> None:
        after, events, notation = table.play(action)
        try:
            self.store.add_move(table.id, table.version, action, notation)
        except PlyTaken:
            # Another server process stored this ply first: this process is out of date.
            raise Problem(409, "stale-version", "another move was stored for this version first") from None
        table.adopt(after, events)

    async def after_move(self, table: Table) -> None:
        await self.hub.broadcast(table)
        self.schedule_bot(table)

    # --- bots ----------------------------------------------------------------------------------------------------
    def schedule_bot(self, table: Table) -> None:
        """Let a bot seat that is on turn move, after a short delay so people can follow."""
        seat = table.state.current_player
        if seat is None or seat not in table.bots:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # not serving yet: `start_bots` picks this table up
        table.bot_task = loop.create_task(self._bot_turn(table))

    async def _bot_turn(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with table.lock:
                seat = table.state.current_player
                if seat is None or seat not in table.bots:
                    return
                version = table.version
                world = table.state.clone()
            # A search bot may think for a while: off the event loop, on its own copy.
            try:
                action = await asyncio.to_thread(table.bots[seat].choose, world)
            except Exception:
                log.exception("the bot of seat %s at table %s failed to choose a move", seat, table.id)
                return
            async with table.lock:
                if table.version != version:
                    continue
                try:
                    table.check_action(action)
                    self._commit(table, action)
                except Problem as problem:
                    log.error("bot of seat %s at table %s failed: %s", seat, table.id, problem.detail)
                    return
            await self.hub.broadcast(table)
            next_seat = table.state.current_player
            if next_seat is None or next_seat not in table.bots:
                return

    # --- replays -------------------------------------------------------------------------------------------------
    def replay_record(self, replay_id: str) -> dict[str, Any]:
        table = self.tables.get(replay_id)
        if table is not None:
            return table.record()
        record = self.store.get_upload(replay_id)
        if record is None:
            raise Problem(404, "unknown-replay", f"there is no replay {replay_id!r}")
        return record

    def replay_frames(self, replay_id: str) -> list[dict[str, Any]]:
        return self.replays.frames(replay_id, self.replay_record(replay_id))

    def upload(self, data: Any) -> str:
        record = checked_record(data)
        upload_id = new_id()
        self.store.add_upload(upload_id, record.model_dump(mode="json", exclude_none=True))
        return upload_id
