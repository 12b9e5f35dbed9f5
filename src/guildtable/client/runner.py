"""Following the Bot API: take the seats offered, and play each game as its seat is asked.

`play_game` reads the bot's game stream and answers each message that holds legal moves; `play_forever` reads the
event stream, accepts (or declines) each invitation, and plays each game in a thread of its own, so a bot sits at
several tables at once.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from guildtable.client.api import BotApiError, BotClient, SeatMessage
from guildtable.client.players import Player

# The refusals a move may meet because the table moved on meanwhile (the next line of the stream has the news).
STALE = frozenset({"stale-version", "not-your-turn", "game-over"})


def play_game(
    client: BotClient, table: str, player: Player, on_message: Callable[[SeatMessage], None] | None = None
) -> SeatMessage:
    """Play the bot's seat at `table` until the game is over; the last message (with its `result`)."""
    last: SeatMessage = {}
    for message in client.game(table):
        last = message
        if on_message is not None:
            on_message(message)
        if message.get("terminal"):
            return message
        if message.get("legal"):
            try:
                client.move(table, int(message["version"]), player.choose(message))
            except BotApiError as refused:
                if refused.problem not in STALE:
                    raise
    return last


def play_forever(
    client: BotClient,
    make_player: Callable[[], Player],
    *,
    accept: Callable[[dict[str, Any]], bool] = lambda _event: True,
    games: int | None = None,
    on_end: Callable[[str, SeatMessage], None] | None = None,
    threads: int = 4,
) -> int:
    """Follow the bot's events: accept the invitations `accept` likes (decline the others) and play every game it
    is seated at, each with a new player. Returns after `games` games have ended (None: until the token is
    revoked); how many ended."""
    ended = 0
    playing: dict[str, Future[SeatMessage]] = {}
    with ThreadPoolExecutor(threads, thread_name_prefix="bot-game") as pool:
        for event in client.events():
            kind, table = event.get("type"), event.get("table")
            if kind == "invitation" and table is not None:
                if accept(event):
                    client.accept(table, int(event["seat"]))
                else:
                    client.decline(table, int(event["seat"]))
            elif kind == "game_start" and table is not None and table not in playing:
                playing[table] = pool.submit(play_game, client, table, make_player())
            for done in [table for table, future in playing.items() if future.done()]:
                last = playing.pop(done).result()
                ended += 1
                if on_end is not None:
                    on_end(done, last)
            if games is not None and ended + len(playing) >= games:
                break
        for table, future in playing.items():
            last = future.result()
            ended += 1
            if on_end is not None:
                on_end(table, last)
    return ended
