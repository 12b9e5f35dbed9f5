"""The accounts' HTTP endpoints (issue 16, "Play as yourself"): sign up, sign in and out, one's own tables (with
their seat tokens, so a game goes on from another device), claiming a seat one joined as a guest, a player's public
history of finished games and ratings, and each game's leaderboard (accounts and bot levels, see `ratings.py`).

Guests are not touched by any of this: a seat's token (the invite link) still is the seat. An account only collects
seats: joining signed in, or claiming with the seat's token, binds the seat to the account, and the account's list
hands the tokens back.

Issue 30: an account changes its password, signs out its other sessions, or deletes itself; its mail address is
confirmed from a link in a mail before any other mail goes there, and every mail's unsubscribe link works without an
account (`/confirm-email/{token}` and `/unsubscribe/{token}`: pages that ask, and the POSTs that do it).

Issue 33: an account's language (its mails') follows the pages it uses, and its settings change it
(`PUT /api/account/language`); see `accounts.py`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, EmailStr, Field, TypeAdapter, ValidationError

from guildtable.kernel.i18n import LANGUAGE_NAMES, LANGUAGES
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import find_game
from guildtable.server.accounts import (
    Accounts,
    Session,
    account_language,
    chosen_language,
    cleared_cookie,
    hash_token,
    language_cookie,
    name_key,
    request_session,
    session_cookie,
    signed_in,
)
from guildtable.server.auth import bearer_token
from guildtable.server.limits import Action
from guildtable.server.lobby import Lobby
from guildtable.server.mail import CONFIRM_SECONDS, NOTIFY_CHOICES, wake_notifiers
from guildtable.server.names import display_name
from guildtable.server.pages import render_page
from guildtable.server.problems import Problem, problem_response, problem_responses
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
from guildtable.server.schemas import NEW_PASSWORD, NEW_PASSWORD_LENGTH, AccountRequest, SignUpRequest
from guildtable.server.store import AccountSeat, LeaderboardRow, MailChoice, MailState, StoredRating
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


def _signed_in_answer(
    session: Session, token: str, request: Request, status: int, *, follow_language: bool = False
) -> JSONResponse:
    """The answer of a sign-up or sign-in: the session cookie, and with `follow_language` the language cookie that has
    the browser's pages follow the account's language (issue 33: the browser chose none)."""
    answer = JSONResponse(
        {"name": session.account.name, "csrf": session.csrf, "language": session.account.language},
        status_code=status,
        headers={"Set-Cookie": session_cookie(token, secure=_secure(request))},
    )
    if follow_language:
        answer.headers.append("Set-Cookie", language_cookie(session.account.language, secure=_secure(request)))
    return answer


def add_account_api(app: FastAPI, lobby: Lobby, accounts: Accounts, limit: Callable[[Request, Action], None]) -> None:
    @app.post("/api/account", status_code=201, tags=["accounts"], responses=problem_responses(409, 422, 429))
    async def sign_up(body: SignUpRequest, request: Request, session: OptionalSession) -> JSONResponse:
        """A new account (a display name, unique whatever its case, and a password of 8 to 256 characters), signed
        in at once: the session cookie is set and the answer holds the CSRF token to send as `X-CSRF-Token`. Its
        `language` (of its mails) is the one the request is answered in: the page it signed up from."""
        limit(request, "signin")
        new, token = await accounts.sign_up(body.name, body.password)
        if session is not None:
            await accounts.sign_out(session)
        return _signed_in_answer(new, token, request, 201)

    @app.post("/api/session", tags=["accounts"], responses=problem_responses(401, 429))
    async def sign_in(body: AccountRequest, request: Request, session: OptionalSession) -> JSONResponse:
        """Sign in: the session cookie and the CSRF token; 401 `sign-in-failed` whichever of name and password was
        wrong. A language the browser chose (`?lang=` or the language switch's cookie) becomes the account's; a
        browser that chose none gets the account's `language` (the language cookie is set)."""
        limit(request, "signin")
        chosen = chosen_language(request)
        new, token = await accounts.sign_in(body.name, body.password, chosen)
        if session is not None:
            await accounts.sign_out(session)
        return _signed_in_answer(new, token, request, 200, follow_language=chosen is None)

    @app.delete("/api/session", status_code=204, tags=["accounts"])
    async def sign_out(request: Request, session: OptionalSession) -> Response:
        """Sign out: the session ends on the server and its cookie is cleared."""
        if session is not None:
            await accounts.sign_out(session)
        return Response(status_code=204, headers={"Set-Cookie": cleared_cookie(secure=_secure(request))})

    @app.get("/api/account", tags=["accounts"], responses=problem_responses(401))
    async def account(request: Request, session: SignedIn) -> dict[str, Any]:
        """Who is signed in, and the CSRF token their pages send (a page reloaded after signing in asks here), and
        the account's `language` (of its mails). Every page asks here: a language the browser chose meanwhile (the
        switch at the top of the page) becomes the account's."""
        session = await accounts.set_language(session, account_language(chosen_language(request)) or "")
        return {
            "name": session.account.name,
            "csrf": session.csrf,
            "created": session.account.created,
            "language": session.account.language,
        }

    @app.get("/api/session", tags=["accounts"])
    async def session_state(request: Request, session: OptionalSession) -> dict[str, Any]:
        """Whether this browser is signed in, answered for guests too (issue 33: every page asks on every visit, and
        a guest's page makes no request that fails): `signed_in` false for a guest; when signed in, `signed_in` true
        and all that GET /api/account answers."""
        if session is None:
            return {"signed_in": False}
        return {"signed_in": True, **await account(request, session)}

    @app.get("/api/account/tables", tags=["accounts"], responses=problem_responses(401))
    async def account_tables(session: SignedIn) -> dict[str, Any]:
        """Every table where the account has a seat, with the seats' tokens: tables where it is the account's move
        first, then the other unfinished ones, then the finished ones, each newest first."""
        listed = [table_entry(table, mine) for table, mine in await _tables_of(lobby, accounts, session.account.id)]
        listed.sort(key=_rank)
        return {"tables": listed}

    @app.post("/api/tables/{table_id}/claim", tags=["seats"], responses=problem_responses(401, 403, 404, 409, 410, 429))
    async def claim(
        table_id: str, request: Request, session: SignedIn, authorization: str | None = Header(default=None)
    ) -> Any:
        """Make a seat the signed-in account's: the seat's token (`Authorization: Bearer`) proves it is theirs.
        A seat another account plays cannot be claimed (409)."""
        limit(request, "join")
        table = await lobby.table(table_id)
        seat = await lobby.seat_of(table, bearer_token(authorization))
        await lobby.claim(table, seat, session.account.id)
        return table.payload(seat)

    @app.get("/api/players/{name}", tags=["accounts"], responses=problem_responses(404))
    async def player(name: str) -> dict[str, Any]:
        """A player's public page: their name, since when they play, their ratings (best first; `provisional` below
        the leaderboard's minimum of rated games) and their finished games (newest first; a rated one says whether
        it was rated, or why not: `aborted` when a side played fewer than two turns, issue 30)."""
        found = None
        with contextlib.suppress(Problem):
            shown = display_name(name)
            found = await accounts.store.account_called(shown, name_key(shown))
        if found is None:
            raise Problem(404, "unknown-player", _("there is no player called {name}", name=repr(name[:40])))
        ended = [table for table, _mine in await _tables_of(lobby, accounts, found.id) if table.terminal]
        rating_of = await statuses(lobby.store, ended)
        games = [history_entry(table, rating_of.get(table.id)) for table in ended]
        minimum = lobby.limits.leaderboard_min_games
        entries = [rating_entry(rating, minimum) for rating in await accounts.store.ratings_of(found.id)]
        ratings = sorted((entry for entry in entries if entry is not None), key=lambda entry: -entry["rating"])
        return {"name": found.name, "created": found.created, "ratings": ratings, "games": games}

    @app.get("/api/leaderboard/{game}", tags=["ratings"], responses=problem_responses(404))
    async def leaderboard(game: str) -> dict[str, Any]:
        """A game's best ratings (at most 100), players and bot levels together, by the rating shown (a whole number
        that starts at 1500 for everyone: 1500 + 25 × openskill's ordinal, mu - 3 sigma, which `ordinal` gives to one
        decimal): a player sees where they stand against the medium and hard bots.
        A player is listed from `min_games` rated games on (issue 30); a bot level always, `provisional` until
        then."""
        found = find_game(game)
        if found is None:
            raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
        minimum = lobby.limits.leaderboard_min_games
        rows = await accounts.store.leaderboard(found.name, MAX_LEADERBOARD, SIGMAS, minimum)
        entries = [leaderboard_entry(row, minimum) for row in rows]
        return {
            "game": found.name,
            "title": found.title,
            "min_games": minimum,
            "entries": [entry for entry in entries if entry is not None],
        }

    add_account_controls(app, accounts, limit)
    add_language_api(app, accounts)
    add_mail_settings_api(app, accounts)
    add_mail_link_pages(app, accounts)


# --- one's own account: password, sessions, deletion (issue 30) ------------------------------------------------------
class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    current_password: str = Field(max_length=1024, description="The password the account has now")
    new_password: str = Field(max_length=1024, json_schema_extra=NEW_PASSWORD_LENGTH, description=NEW_PASSWORD)


class AccountDeletion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=1024, description="The account's password, asked again")


def add_account_controls(app: FastAPI, accounts: Accounts, limit: Callable[[Request, Action], None]) -> None:
    @app.post("/api/account/password", tags=["accounts"], responses=problem_responses(401, 403, 422, 429))
    async def change_password(body: PasswordChange, request: Request, session: SignedIn) -> dict[str, Any]:
        """Change the password (the current one is asked again: 403 `wrong-password`; a new one that is too short or
        easy to guess: 422). Every other session of the account ends; this one stays signed in."""
        limit(request, "signin")
        ended = await accounts.change_password(session, body.current_password, body.new_password)
        return {"ended_sessions": ended}

    @app.delete("/api/account/sessions", tags=["accounts"], responses=problem_responses(401))
    async def sign_out_elsewhere(session: SignedIn) -> dict[str, Any]:
        """Sign out everywhere else: every session of the account but this one ends."""
        return {"ended_sessions": await accounts.sign_out_elsewhere(session)}

    @app.post("/api/account/delete", status_code=204, tags=["accounts"], responses=problem_responses(401, 403, 429))
    async def delete_account(body: AccountDeletion, request: Request, session: SignedIn) -> Response:
        """Delete the account (its password is asked again: 403 `wrong-password`). Its sessions end, its seats become
        guests' seats (the games stay), its ratings and its public page go, and its name is free for anyone."""
        limit(request, "signin")
        await accounts.delete(session, body.password)
        return Response(status_code=204, headers={"Set-Cookie": cleared_cookie(secure=_secure(request))})


# --- the account's language (issue 33) ------------------------------------------------------------------------------
class LanguageChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    language: str = Field(
        max_length=64,
        json_schema_extra={"enum": list(LANGUAGES)},
        description="'en' (English) or 'de' (German): the language of the account's mails, and of its pages",
    )


def add_language_api(app: FastAPI, accounts: Accounts) -> None:
    @app.put("/api/account/language", tags=["accounts"], responses=problem_responses(401, 422))
    async def set_language(body: LanguageChoice, request: Request, session: SignedIn) -> JSONResponse:
        """Change the account's language: its mails ("your move", the reminders, the daily summary) are written in
        it from now on. The browser's pages follow it too (the language cookie is set, as the language switch at the
        top of every page would)."""
        chosen = account_language(body.language)
        if chosen is None:
            names = ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES)
            raise Problem(422, "bad-request", _("language is one of {names}", names=names), field="language")
        session = await accounts.set_language(session, chosen)
        return JSONResponse(
            {"language": session.account.language},
            headers={"Set-Cookie": language_cookie(chosen, secure=_secure(request))},
        )


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


def history_entry(table: Table, rating: Status | None = None) -> dict[str, Any]:
    """A finished table as a player's public page shows it: who sat where, who won, the scores, and at a rated table
    what became of it (`rating`: rated, or why not, in words too)."""
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
        "rating": None if rating is None else {"status": rating, "text": status_text(rating)},
    }


def _figures(rating: StoredRating, min_games: int) -> dict[str, Any]:
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


def rating_entry(rating: StoredRating, min_games: int) -> dict[str, Any] | None:
    """A player's rating at one game as their page shows it (None for a game this version no longer has)."""
    game = find_game(rating.game)
    if game is None:
        return None
    return {"game": game.name, "title": game.title, **_figures(rating, min_games)}


def leaderboard_entry(row: LeaderboardRow, min_games: int) -> dict[str, Any] | None:
    """One row of a leaderboard: a player by name, a bot level by its name in the reader's language (None for a
    subject that is neither, which no table makes)."""
    level = level_of(row.rating.subject)
    if level is not None:
        return {"name": level_name(level), "kind": "bot", "level": level, **_figures(row.rating, min_games)}
    if row.name is None:
        return None
    return {"name": row.name, "kind": "player", "level": None, **_figures(row.rating, min_games)}


# --- "your turn" e-mail settings (issue 16, see mail.py) -------------------------------------------------------------
_ADDRESS = TypeAdapter(EmailStr)


class MailSettingsRequest(BaseModel):
    """An account's mail settings. The bounds keep absurd bodies out; the address and the choice are checked below,
    each refusal in the reader's language."""

    model_config = ConfigDict(extra="forbid")
    email: str | None = Field(
        default=None,
        max_length=1024,
        description="Where the mails go (an e-mail address, 422 otherwise); empty or null: nowhere, which only "
        "`notify` 'off' allows (422 otherwise)",
    )
    notify: str = Field(
        max_length=64,
        json_schema_extra={"enum": list(NOTIFY_CHOICES)},
        description="'off', 'turn' (a mail at each of your turns) or 'digest' (one a day)",
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


def mail_settings_entry(state: MailState | None, sends_mail: bool = True) -> dict[str, Any]:
    """An account's mail settings as its page reads them, with its address's state (issue 30), and whether this
    server sends mail at all (`sends_mail`: it was started with an SMTP server)."""
    if state is None:
        return {
            "email": None,
            "notify": "off",
            "status": None,
            "confirmed": False,
            "confirmation_sent": None,
            "sends_mail": sends_mail,
        }
    return {
        "sends_mail": sends_mail,
        "email": state.email,
        "notify": state.notify,
        # "unconfirmed", "due" (the confirmation mail is on its way), "sent", "confirmed", "limit" (not sent today:
        # too many confirmation mails), "refused" (by the mail server), "stopped" (unsubscribed from a mail's link).
        "status": "stopped" if state.stopped else state.status,
        "confirmed": state.status == "confirmed" and not state.stopped,
        "confirmation_sent": state.confirm_at if state.status == "sent" else None,
    }


def add_mail_settings_api(app: FastAPI, accounts: Accounts) -> None:
    @app.get("/api/account/settings", tags=["accounts"], responses=problem_responses(401))
    async def mail_settings(session: SignedIn) -> dict[str, Any]:
        """The signed-in account's e-mail notifications: the address (or null) and `notify`: "off", "turn" (a mail
        at each of your turns at a turn-based table) or "digest" (one summary a day); with either of the last two a
        reminder comes before a move's time runs out. Mails go to the address only once it is `confirmed` from the
        link of its confirmation mail (`status` says where that stands)."""
        return mail_settings_entry(await accounts.store.mail_state(session.account.id), accounts.sends_mail)

    @app.put("/api/account/settings", tags=["accounts"], responses=problem_responses(401, 422))
    async def set_mail_settings(body: MailSettingsRequest, session: SignedIn) -> dict[str, Any]:
        """Change the e-mail notifications (422 for an address that is none, or mails without an address). A new
        address is unconfirmed, and gets its confirmation mail; no other mail goes there until its link is
        followed."""
        choice = checked_mail_choice(body)
        await accounts.store.set_mail_choice(session.account.id, choice)
        state = await accounts.store.mail_state(session.account.id)
        if state is not None and state.status == "due":
            wake_notifiers(accounts.store)
        return mail_settings_entry(state, accounts.sends_mail)

    @app.post("/api/account/settings/confirmation", tags=["accounts"], responses=problem_responses(401, 409))
    async def confirm_again(session: SignedIn) -> dict[str, Any]:
        """Send the address a new confirmation mail (409 when there is no address, or it is confirmed). An address
        gets a few confirmation mails a day at most, whoever asks."""
        if not await accounts.store.request_confirmation(session.account.id):
            raise Problem(409, "nothing-to-confirm", _("there is no unconfirmed address to send a confirmation to"))
        wake_notifiers(accounts.store)
        return mail_settings_entry(await accounts.store.mail_state(session.account.id), accounts.sends_mail)


# --- the links in the mails (issue 30): no account, no cookie, no CSRF token: the token in the link is the proof ------
def _masked(address: str) -> str:
    """An address as a page about it shows it: enough for its owner to know it, not all of it ("a•••@example.org")."""
    local, _at, domain = address.partition("@")
    return f"{local[:1]}•••@{domain}"


# The mail links' answers: a page, found or not (a path no route has is a problem, as everywhere).
_PAGE = {"text/html": {"schema": {"type": "string"}}}
MAIL_PAGE: dict[str, Any] = {
    "response_class": HTMLResponse,
    "responses": {
        404: {**problem_response(404, also=_PAGE), "description": "An unknown or expired link: a page saying so"}
    },
}


def _mail_page(state: str, status: int = 200, *, token: str = "", address: str = "") -> HTMLResponse:
    return HTMLResponse(
        render_page("mail_link.html", state=state, token=token, address=address),
        status_code=status,
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
    )


def add_mail_link_pages(app: FastAPI, accounts: Accounts) -> None:
    store = accounts.store

    @app.get("/confirm-email/{token}", tags=["mail"], **MAIL_PAGE)
    async def confirm_page(token: str) -> HTMLResponse:
        """The page of a confirmation mail's link: it asks before it confirms (the POST), so a mail scanner that
        opens every link confirms nothing."""
        return _mail_page("confirm-ask", token=token)

    @app.post("/confirm-email/{token}", tags=["mail"], **MAIL_PAGE)
    async def confirm(token: str) -> HTMLResponse:
        """Confirm the address of a confirmation mail (its link's token): from now on it gets the mails its account
        chose. 404 for an unknown or expired link."""
        address = await store.confirm_email(hash_token(token[:128]), time.time() - CONFIRM_SECONDS)
        if address is None:
            return _mail_page("confirm-invalid", 404)
        return _mail_page("confirmed", address=_masked(address))

    @app.get("/unsubscribe/{token}", tags=["mail"], **MAIL_PAGE)
    async def unsubscribe_page(token: str) -> HTMLResponse:
        """The page of a mail's unsubscribe link: it asks before it unsubscribes (RFC 8058: a GET changes nothing).
        404 for an unknown token."""
        found = await store.address_of_token(token[:128])
        if found is None:
            return _mail_page("unsubscribe-invalid", 404)
        address, stopped = found
        return _mail_page("unsubscribed" if stopped else "unsubscribe-ask", token=token, address=_masked(address))

    @app.post("/unsubscribe/{token}", tags=["mail"], **MAIL_PAGE)
    async def unsubscribe(token: str) -> HTMLResponse:
        """RFC 8058 one-click unsubscribe (a mail program POSTs `List-Unsubscribe=One-Click`, without a cookie): the
        address of the token gets no more mail of any kind, from any account. 404 for an unknown token."""
        found = await store.address_of_token(token[:128])
        if found is None or not await store.stop_address(token[:128], time.time()):
            return _mail_page("unsubscribe-invalid", 404)
        return _mail_page("unsubscribed", token=token, address=_masked(found[0]))

    @app.post("/unsubscribe/{token}/undo", tags=["mail"], **MAIL_PAGE)
    async def resubscribe(token: str) -> HTMLResponse:
        """Undo an unsubscription: the address may get the mails its accounts chose again."""
        found = await store.address_of_token(token[:128])
        if found is None or not await store.stop_address(token[:128], time.time(), stopped=False):
            return _mail_page("unsubscribe-invalid", 404)
        return _mail_page("resubscribed", token=token, address=_masked(found[0]))
