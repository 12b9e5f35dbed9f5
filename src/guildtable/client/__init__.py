"""A Python client of guildtable's Bot API (issue 37), on httpx: a program plays on a server as a bot account.

    from guildtable.client import BotClient, play_forever

    with BotClient("https://guildtable.example", token) as client:
        play_forever(client, RandomPlayer())

`BotClient` is the API, one method per route; `players.py` has what chooses a move from a seat's message (any bot spec,
any `guildtable.rl` policy, or your own `Player`); `runner.py` follows the event stream, takes the seats offered and
plays each game as its seat is asked. `guildtable bot-connect` is the reference client built from these.
"""

from __future__ import annotations

from guildtable.client.api import BotApiError, BotClient
from guildtable.client.players import Player, RandomPlayer, SpecPlayer, player_for
from guildtable.client.runner import play_forever, play_game

__all__ = [
    "BotApiError",
    "BotClient",
    "Player",
    "RandomPlayer",
    "SpecPlayer",
    "play_forever",
    "play_game",
    "player_for",
]
