"""The ratings' routes (issue 16): a player's public page (their finished games and their ratings) and each game's
leaderboard, accounts and bot levels together (the figures are `server/ratings.py`'s).

Issue 30: a finished rated game says whether it was rated, or why not; a player is on a leaderboard from its
minimum of rated games on, provisional below it. Issue 33: a rating is shown as a whole number from 1500.
"""

from __future__ import annotations

import contextlib

from fastapi import APIRouter

from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import find_game
from guildtable.server.accounts import name_key
from guildtable.server.deps import AccountsDep, LobbyDep
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.models.ratings import (
    FinishedGame,
    GameRating,
    Leaderboard,
    LeaderboardEntry,
    PlayerPage,
    RatingFigures,
)
from guildtable.server.names import display_name
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.ratings import (
    SIGMAS,
    Status,
    level_name,
    level_of,
    ordinal,
    shown_rating,
    status_text,
    statuses,
)
from guildtable.server.routes.accounts import listed_seats, tables_of
from guildtable.server.storage.ratings import LeaderboardRow, StoredRating
from guildtable.server.tables import Table

router = APIRouter(route_class=SafeJSONRoute)

# The entries a leaderboard shows: the best ones (a page of its own, whatever the number of players).
MAX_LEADERBOARD = 100


@router.get("/api/players/{name}", tags=["accounts"], response_model=PlayerPage, responses=problem_responses(404))
async def player(name: str, lobby: LobbyDep, accounts: AccountsDep) -> PlayerPage:
    """A player's public page: their name, since when they play, their ratings (best first; `provisional` below
    the leaderboard's minimum of rated games) and their finished games (newest first; a rated one says whether
    it was rated, or why not: `aborted` when a side played fewer than two turns, issue 30)."""
    found = None
    with contextlib.suppress(Problem):
        shown = display_name(name)
        found = await accounts.store.accounts.account_called(shown, name_key(shown))
    if found is None:
        raise Problem(404, "unknown-player", _("there is no player called {name}", name=repr(name[:40])))
    ended = [table for table, _mine in await tables_of(lobby, accounts, found.id) if table.terminal]
    rating_of = await statuses(lobby.store, ended)
    games = [history_entry(table, rating_of.get(table.id)) for table in ended]
    minimum = lobby.limits.leaderboard_min_games
    entries = [rating_entry(rating, minimum) for rating in await accounts.store.ratings.ratings_of(found.id)]
    ratings = sorted((entry for entry in entries if entry is not None), key=lambda entry: -entry["rating"])
    return {"name": found.name, "bot": found.bot, "created": found.created, "ratings": ratings, "games": games}


@router.get("/api/leaderboard/{game}", tags=["ratings"], response_model=Leaderboard, responses=problem_responses(404))
async def leaderboard(game: str, lobby: LobbyDep, accounts: AccountsDep) -> Leaderboard:
    """A game's best ratings (at most 100), players and bot levels together, by the rating shown (a whole number
    that starts at 1500 for everyone: 1500 + 25 × openskill's ordinal, mu - 3 sigma, which `ordinal` gives to one
    decimal): a player sees where they stand against the medium and hard bots.
    A player is listed from `min_games` rated games on (issue 30); a bot level always, `provisional` until
    then."""
    found = find_game(game)
    if found is None:
        raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
    minimum = lobby.limits.leaderboard_min_games
    rows = await accounts.store.ratings.leaderboard(found.name, MAX_LEADERBOARD, SIGMAS, minimum)
    entries = [leaderboard_entry(row, minimum) for row in rows]
    return {
        "game": found.name,
        "title": found.title,
        "min_games": minimum,
        "entries": [entry for entry in entries if entry is not None],
    }


def history_entry(table: Table, rating: Status | None = None) -> FinishedGame:
    """A finished table as a player's public page shows it: who sat where, who won, the scores, and at a rated table
    what became of it (`rating`: rated, or why not, in words too)."""
    winners, out = table.standings()
    return {
        "id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "finished": True,
        "seats": listed_seats(table),
        "winners": winners,
        "out": {str(seat): why for seat, why in out.items()},
        "scores": [float(score) for score in table.state.scores()],
        "rated": table.rated,
        "rating": None if rating is None else {"status": rating, "text": status_text(rating)},
    }


def _figures(rating: StoredRating, min_games: int) -> RatingFigures:
    """A rating's figures: `rating` as the pages show it (a whole number from 1500, issue 33: `shown_rating`), the
    `ordinal` it comes from (mu - 3 sigma, to one decimal: what `rating` was before issue 33) and openskill's own."""
    return {
        "rating": shown_rating(rating.mu, rating.sigma),
        "ordinal": round(ordinal(rating.mu, rating.sigma), 1),
        "mu": round(rating.mu, 3),
        "sigma": round(rating.sigma, 3),
        "games": rating.games,
        # Issue 30: fewer rated games than a leaderboard asks for (the pages mark it "?").
        "provisional": rating.games < min_games,
    }


def rating_entry(rating: StoredRating, min_games: int) -> GameRating | None:
    """A player's rating at one game as their page shows it (None for a game this version no longer has)."""
    game = find_game(rating.game)
    if game is None:
        return None
    return {"game": game.name, "title": game.title, **_figures(rating, min_games)}


def leaderboard_entry(row: LeaderboardRow, min_games: int) -> LeaderboardEntry | None:
    """One row of a leaderboard: a player by name, a bot level by its name in the reader's language (None for a
    subject that is neither, which no table makes)."""
    level = level_of(row.rating.subject)
    if level is not None:
        name = level_name(level)
        return {"name": name, "kind": "bot", "level": level, "bot_account": False, **_figures(row.rating, min_games)}
    if row.name is None:
        return None
    figures = _figures(row.rating, min_games)
    return {"name": row.name, "kind": "player", "level": None, "bot_account": row.bot, **figures}
