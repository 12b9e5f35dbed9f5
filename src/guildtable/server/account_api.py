"""The accounts' HTTP endpoints (issue 16, "Play as yourself"): sign up, sign in and out, one's own tables (with
their seat tokens, so a game goes on from another device), claiming a seat one joined as a guest, a player's public
history of finished games and ratings, and each game's leaderboard (accounts and bot levels, see `ratings.py`).

Guests are not touched by any of this: a seat's token (the invite link) still is the seat. An account only collects
seats: joining signed in, or claiming with the seat's token, binds the seat to the account, and the account's list
hands the tokens back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, EmailStr, Field, TypeAdapter, ValidationError

from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import find_game
from guildtable.server.accounts import (
    Accounts,
    Session,
    cleared_cookie,
    name_key,
    request_session,
    session_cookie,
    signed_in,
)
from guildtable.server.auth import bearer_token
from guildtable.server.limits import Action
from guildtable.server.lobby import Lobby
from guildtable.server.mail import NOTIFY_CHOICES
from guildtable.server.names import display_name
from guildtable.server.problems import Problem
from guildtable.server.ratings import SIGMAS, level_name, level_of, ordinal
from guildtable.server.schemas import AccountRequest
from guildtable.server.store import AccountSeat, LeaderboardRow, MailChoice, StoredRating
from guildtable.server.tables import Table

# The newest tables an account's list (and a player's history) is read from: each is loaded and replayed to be
# shown, so one request's cost stays bounded however many games an account has played.
MAX_LISTED_TABLES = 100
# The entries a leaderboard shows: the best ones (a page of its own, whatever the number of players).
MAX_LEADERBOARD = 100
# The longest address a mail can go to (RFC 5321's path limit less its brackets).
MAX_EMAIL = 254

OptionalSession = Annotated[Session | None, Depends(request_session)]
SignedIn = Annotated[Session, Depends(signed_in)]


def _secure(request: Request) -> bool:
    """Whether the browser came over https (behind a proxy: as uvicorn's --forwarded-allow-ips reports it)."""
    return request.url.scheme == "https"


def _signed_in_answer(session: Session, token: str, request: Request, status: int) -> JSONResponse:
    return JSONResponse(
        {"name": session.account.name, "csrf": session.csrf},
        status_code=status,
        headers={"Set-Cookie": session_cookie(token, secure=_secure(request))},
    )


def add_account_api(app: FastAPI, lobby: Lobby, accounts: Accounts, limit: Callable[[Request, Action], None]) -> None:
    @app.post("/api/account", status_code=201, tags=["accounts"])
    async def sign_up(body: AccountRequest, request: Request, session: OptionalSession) -> JSONResponse:
        """A new account (a display name, unique whatever its case, and a password of 8 to 256 characters), signed
        in at once: the session cookie is set and the answer holds the CSRF token to send as `X-CSRF-Token`."""
        limit(request, "signin")
        new, token = await accounts.sign_up(body.name, body.password)
        if session is not None:
            await accounts.sign_out(session)
        return _signed_in_answer(new, token, request, 201)

    @app.post("/api/session", tags=["accounts"])
    async def sign_in(body: AccountRequest, request: Request, session: OptionalSession) -> JSONResponse:
        """Sign in: the session cookie and the CSRF token; 401 `sign-in-failed` whichever of name and password was
        wrong."""
        limit(request, "signin")
        new, token = await accounts.sign_in(body.name, body.password)
        if session is not None:
            await accounts.sign_out(session)
        return _signed_in_answer(new, token, request, 200)

    @app.delete("/api/session", status_code=204, tags=["accounts"])
    async def sign_out(request: Request, session: OptionalSession) -> Response:
        """Sign out: the session ends on the server and its cookie is cleared."""
        if session is not None:
            await accounts.sign_out(session)
        return Response(status_code=204, headers={"Set-Cookie": cleared_cookie(secure=_secure(request))})

    @app.get("/api/account", tags=["accounts"])
    async def account(session: SignedIn) -> dict[str, Any]:
        """Who is signed in, and the CSRF token their pages send (a page reloaded after signing in asks here)."""
        return {"name": session.account.name, "csrf": session.csrf, "created": session.account.created}

    @app.get("/api/account/tables", tags=["accounts"])
    async def account_tables(session: SignedIn) -> dict[str, Any]:
        """Every table where the account has a seat, with the seats' tokens: tables where it is the account's move
        first, then the other unfinished ones, then the finished ones, each newest first."""
        listed = [table_entry(table, mine) for table, mine in await _tables_of(lobby, accounts, session.account.id)]
        listed.sort(key=_rank)
        return {"tables": listed}

    @app.post("/api/tables/{table_id}/claim", tags=["seats"])
    async def claim(
        table_id: str, request: Request, session: SignedIn, authorization: str | None = Header(default=None)
    ) -> Any:
        """Make a seat the signed-in account's: the seat's token (`Authorization: Bearer`) proves it is theirs.
        A seat another account plays cannot be claimed (409)."""
        limit(request, "join")
        table = await lobby.table(table_id)
        seat = table.seat_for(bearer_token(authorization))
        await lobby.claim(table, seat, session.account.id)
        return table.payload(seat)

    @app.get("/api/players/{name}", tags=["accounts"])
    async def player(name: str) -> dict[str, Any]:
        """A player's public page: their name, since when they play, their ratings (best first) and their finished
        games (newest first)."""
        found = None
        with contextlib.suppress(Problem):
            found = await accounts.store.account_named(name_key(display_name(name)))
        if found is None:
            raise Problem(404, "unknown-player", _("there is no player called {name}", name=repr(name[:40])))
        games = [history_entry(table) for table, _mine in await _tables_of(lobby, accounts, found.id) if table.terminal]
        entries = [rating_entry(rating) for rating in await accounts.store.ratings_of(found.id)]
        ratings = sorted((entry for entry in entries if entry is not None), key=lambda entry: -entry["rating"])
        return {"name": found.name, "created": found.created, "ratings": ratings, "games": games}

    @app.get("/api/leaderboard/{game}", tags=["ratings"])
    async def leaderboard(game: str) -> dict[str, Any]:
        """A game's best ratings (at most 100), players and bot levels together, by the rating shown (openskill's
        ordinal, mu - 3 sigma, to one decimal): a player sees where they stand against the medium and hard bots."""
        found = find_game(game)
        if found is None:
            raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
        rows = await accounts.store.leaderboard(found.name, MAX_LEADERBOARD, SIGMAS)
        entries = [leaderboard_entry(row) for row in rows]
        return {"game": found.name, "title": found.title, "entries": [entry for entry in entries if entry is not None]}

    add_mail_settings_api(app, accounts)


async def _tables_of(lobby: Lobby, accounts: Accounts, account_id: str) -> list[tuple[Table, list[AccountSeat]]]:
    """The account's newest tables (at most `MAX_LISTED_TABLES`), live, each with the account's seats there; a table
    this version can no longer rebuild is left out."""
    by_table: dict[str, list[AccountSeat]] = {}
    for seat in await accounts.store.account_seats(account_id):
        if seat.table_id in by_table or len(by_table) < MAX_LISTED_TABLES:
            by_table.setdefault(seat.table_id, []).append(seat)
    found = []
    for table_id, mine in by_table.items():
        with contextlib.suppress(Problem):
            found.append((await lobby.table(table_id), mine))
    return found


def _seats(table: Table) -> list[dict[str, Any]]:
    return [{"seat": seat["seat"], "name": seat["name"], "kind": seat["kind"]} for seat in table.seat_list()]


def table_entry(table: Table, mine: list[AccountSeat]) -> dict[str, Any]:
    """A table as its player's list shows it, with the player's own seat tokens."""
    current = table.on_turn
    return {
        "id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "seats": _seats(table),
        "mine": [{"seat": seat.seat, "token": seat.token} for seat in mine],
        "current_player": current,
        "your_move": not table.terminal and current is not None and any(seat.seat == current for seat in mine),
        "terminal": table.terminal,
        "version": table.version,
        "rated": table.rated,
        "pace": None if table.pace is None else table.pace.kind,
        "deadline": table.deadline(),
    }


def _rank(entry: dict[str, Any]) -> int:
    """Your move, then the other unfinished tables, then the finished ones (a stable sort keeps newest first)."""
    if entry["your_move"]:
        return 0
    return 2 if entry["terminal"] else 1


def history_entry(table: Table) -> dict[str, Any]:
    """A finished table as a player's public page shows it: who sat where, who won, the scores."""
    state = table.state
    winners, out = table.standings()
    return {
        "id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "finished": True,
        "seats": _seats(table),
        "winners": winners,
        "out": {str(seat): why for seat, why in out.items()},
        "scores": [float(score) for score in state.scores()],
        "rated": table.rated,
    }


def _figures(rating: StoredRating) -> dict[str, Any]:
    return {
        "rating": round(ordinal(rating.mu, rating.sigma), 1),
        "mu": round(rating.mu, 3),
        "sigma": round(rating.sigma, 3),
        "games": rating.games,
    }


def rating_entry(rating: StoredRating) -> dict[str, Any] | None:
    """A player's rating at one game as their page shows it (None for a game this version no longer has)."""
    game = find_game(rating.game)
    if game is None:
        return None
    return {"game": game.name, "title": game.title, **_figures(rating)}


def leaderboard_entry(row: LeaderboardRow) -> dict[str, Any] | None:
    """One row of a leaderboard: a player by name, a bot level by its name in the reader's language (None for a
    subject that is neither, which no table makes)."""
    level = level_of(row.rating.subject)
    if level is not None:
        return {"name": level_name(level), "kind": "bot", "level": level, **_figures(row.rating)}
    if row.name is None:
        return None
    return {"name": row.name, "kind": "player", "level": None, **_figures(row.rating)}


# --- "your turn" e-mail settings (issue 16, see mail.py) -------------------------------------------------------------
_ADDRESS = TypeAdapter(EmailStr)


class MailSettingsRequest(BaseModel):
    """An account's mail settings. The bounds keep absurd bodies out; the address and the choice are checked below,
    each refusal in the reader's language."""

    model_config = ConfigDict(extra="forbid")
    email: str | None = Field(default=None, max_length=1024, description="Where the mails go; empty or null: nowhere")
    notify: str = Field(
        max_length=64, description="'off', 'turn' (a mail at each of your turns) or 'digest' (one a day)"
    )


def checked_mail_choice(body: MailSettingsRequest) -> MailChoice:
    """The settings to store (the address normalised), or a 422 naming what is wrong."""
    if body.notify not in NOTIFY_CHOICES:
        raise Problem(
            422,
            "bad-request",
            _("notify is one of off, turn (each of your turns) or digest (once a day)"),
            field="notify",
        )
    email = None
    if body.email is not None and body.email.strip():
        try:
            email = str(_ADDRESS.validate_python(body.email.strip()))
        except ValidationError:
            email = None
        if email is None or len(email) > MAX_EMAIL:
            raise Problem(
                422, "bad-request", _("{email} is not an e-mail address", email=repr(body.email[:80])), field="email"
            )
    if email is None and body.notify != "off":
        raise Problem(422, "bad-request", _("give an e-mail address to get mails"), field="email")
    return MailChoice(email, body.notify)


def add_mail_settings_api(app: FastAPI, accounts: Accounts) -> None:
    @app.get("/api/account/settings", tags=["accounts"])
    async def mail_settings(session: SignedIn) -> dict[str, Any]:
        """The signed-in account's e-mail notifications: the address (or null) and `notify`: "off", "turn" (a mail
        at each of your turns at a turn-based table) or "digest" (one summary a day); with either of the last two a
        reminder comes before a move's time runs out."""
        choice = await accounts.store.mail_choice(session.account.id)
        return {"email": None if choice is None else choice.email, "notify": "off" if choice is None else choice.notify}

    @app.put("/api/account/settings", tags=["accounts"])
    async def set_mail_settings(body: MailSettingsRequest, session: SignedIn) -> dict[str, Any]:
        """Change the e-mail notifications (422 for an address that is none, or mails without an address)."""
        choice = checked_mail_choice(body)
        await accounts.store.set_mail_choice(session.account.id, choice)
        return {"email": choice.email, "notify": choice.notify}
