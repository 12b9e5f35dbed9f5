"""Bot accounts and the Bot API as the API tells them (issue 37): an owner's bots and their tokens, and the lines of
a bot's event stream (`routes/bots.py`). A game stream's lines are the pages' own seat messages (`TableState`,
`TableUpdate`)."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from guildtable.server.models.accounts import with_example

TOKEN_EXAMPLE = {
    "id": "Zk3Lq9vB2mXa",
    "scopes": ["play", "read"],
    "label": "laptop",
    "created": "2026-11-27T11:40:37+00:00",
}


@with_example(TOKEN_EXAMPLE)
class BotToken(TypedDict):
    """One of a bot's API tokens, as its owner's list shows it (never the token itself: it is shown once)."""

    id: str
    """What revokes it (`DELETE /api/account/bots/tokens/{id}`)."""
    scopes: list[Literal["play", "read"]]
    """`play`: accept and decline seats, move, undo, resign; `read`: the event and game streams."""
    label: str
    created: str


@with_example({**TOKEN_EXAMPLE, "bot": "Deep Blocks", "token": "gtb_0Hk8...shown-once"})
class IssuedToken(BotToken):
    """A new token: the only time the token itself is shown (the server keeps only its hash)."""

    bot: str
    token: str


@with_example({"name": "Deep Blocks", "bot": True, "created": "2026-11-27T11:40:37+00:00", "tokens": [TOKEN_EXAMPLE]})
class OwnedBot(TypedDict):
    """A bot account its owner made, with its tokens."""

    name: str
    bot: Literal[True]
    created: str
    tokens: list[BotToken]


@with_example({"bots": [{"name": "Deep Blocks", "bot": True, "created": "2026-11-27T11:40:37+00:00", "tokens": []}]})
class OwnedBots(TypedDict):
    """The signed-in account's bots, by name."""

    bots: list[OwnedBot]


@with_example({"name": "Deep Blocks", "bot": True, "scopes": ["play", "read"]})
class BotIdentity(TypedDict):
    """Who a token plays as (the bot account's name), and what the token may do."""

    name: str
    bot: Literal[True]
    scopes: list[Literal["play", "read"]]


@with_example({"table": "IvAs_mzLOMOE", "seat": 1, "bot": "Deep Blocks"})
class BotInvitation(TypedDict):
    """A seat offered to a bot account (by whoever holds the seat's invite link)."""

    table: str
    seat: int
    bot: str


@with_example(
    {
        "type": "invitation",
        "table": "IvAs_mzLOMOE",
        "seat": 1,
        "game": "city-blocks",
        "title": "City Blocks",
        "rated": False,
        "pace": None,
    }
)
class BotEvent(TypedDict):
    """A line of a bot's event stream (`GET /api/bot/stream`, NDJSON): a seat offered to it (`invitation`: accept or
    decline it), a game where it holds a seat and that is not over (`game_start`: follow its game stream), or a
    `ping` when nothing happened for a while (the stream is alive)."""

    type: Literal["invitation", "game_start", "ping"]
    table: str | None
    seat: int | None
    game: str | None
    title: str | None
    rated: bool | None
    pace: Literal["live", "turn"] | None
