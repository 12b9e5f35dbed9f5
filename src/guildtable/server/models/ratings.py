"""Ratings as the API tells them (issue 32): a player's public page (their ratings and finished games) and a game's
leaderboard (`routes/ratings.py`; the figures are `server/ratings.py`'s)."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from guildtable.server.models.accounts import ListedSeat, with_example
from guildtable.server.models.tables import Out
from guildtable.server.ratings import Status


class RatingFigures(TypedDict):
    """A rating's figures: as the pages show it, the ordinal it comes from and openskill's own."""

    rating: int
    """The rating a player reads: 1500 + 25 × the ordinal, rounded."""
    ordinal: float
    """mu - 3 sigma, to one decimal: what the leaderboard is sorted by."""
    mu: float
    sigma: float
    games: int
    """The rated games it comes from."""
    provisional: bool
    """Fewer rated games than the leaderboard asks for (the pages mark it "?")."""


class GameRating(RatingFigures):
    """A player's rating at one game."""

    game: str
    title: str


class RatingOutcome(TypedDict):
    """What became of a rated table's rating: `rated`, or why not, in words too."""

    status: Status
    text: str


class FinishedGame(TypedDict):
    """A finished table as a player's page shows it: who sat where, who won, the scores, and at a rated table what
    became of the rating."""

    id: str
    game: str
    title: str
    finished: Literal[True]
    seats: list[ListedSeat]
    winners: list[int]
    out: dict[str, Out]
    """By seat number: the seats out of the game (resigned, or out of time)."""
    scores: list[float]
    rated: bool
    rating: RatingOutcome | None


FIGURES_EXAMPLE = {"rating": 1454, "ordinal": -1.8, "mu": 22.365, "sigma": 8.066, "games": 1, "provisional": True}


@with_example(
    {
        "name": "Ada",
        "bot": False,
        "created": "2026-11-27T11:40:37+00:00",
        "ratings": [{"game": "city-blocks", "title": "City Blocks", **FIGURES_EXAMPLE}],
        "games": [
            {
                "id": "AxWpo6b_lblT",
                "game": "city-blocks",
                "title": "City Blocks",
                "finished": True,
                "seats": [
                    {"seat": 0, "name": "Ada", "kind": "human", "bot": False},
                    {"seat": 1, "name": "Red (Computer, casual)", "kind": "greedy", "bot": False},
                ],
                "winners": [1],
                "out": {},
                "scores": [8.0, 80.0],
                "rated": True,
                "rating": {"status": "rated", "text": "Rated"},
            }
        ],
    }
)
class PlayerPage(TypedDict):
    """A player's public page: their name, since when they play, their ratings (best first) and their finished games
    (newest first)."""

    name: str
    bot: bool
    """A bot account (issue 37): a program plays it through the Bot API."""
    created: str
    """When the account was made (ISO 8601, UTC)."""
    ratings: list[GameRating]
    games: list[FinishedGame]


class LeaderboardEntry(RatingFigures):
    """One row of a leaderboard: a player by name, or a bot level by its name in the reader's language."""

    name: str
    kind: Literal["player", "bot"]
    level: str | None
    """A bot's level (`greedy`, `medium`, `hard`); None for a player."""
    bot_account: bool
    """Issue 37: a player that is a bot account (a program playing through the Bot API), badged as a bot."""


@with_example(
    {
        "game": "city-blocks",
        "title": "City Blocks",
        "min_games": 10,
        "entries": [
            {"name": "Computer, casual", "kind": "bot", "level": "greedy", "bot_account": False, **FIGURES_EXAMPLE},
            {
                "name": "Ada",
                "kind": "player",
                "level": None,
                "bot_account": False,
                **FIGURES_EXAMPLE,
                "games": 12,
                "provisional": False,
            },
        ],
    }
)
class Leaderboard(TypedDict):
    """A game's best ratings (at most 100), players and bot levels together, best first."""

    game: str
    title: str
    min_games: int
    """The rated games a player needs to be listed (a bot level is listed from its first, provisional until then)."""
    entries: list[LeaderboardEntry]
