"""The accounts' own routes (issue 16, "Play as yourself"): sign up, sign in and out, who is signed in, one's own
tables (with their seat tokens, so a game goes on from another device) and claiming a seat one joined as a guest.

Guests are not touched by any of this: a seat's token (the invite link) still is the seat. An account only collects
seats: joining signed in, or claiming with the seat's token, binds the seat to the account, and the account's list
hands the tokens back.

Issue 16's "your turn" mails: an account chooses them in its settings (see `mail/`). Issue 30: an account changes its
password, signs out its other sessions, or deletes itself; its mail address is confirmed from a link in a mail
before any other mail goes there (the links' pages are `routes/mail_links.py`'s). Issue 33: an account's language
(its mails') follows the pages it uses, and its settings change it (`PUT /api/account/language`); see `accounts.py`.

A player's public page and the leaderboards are `routes/ratings.py`'s.
"""

from __future__ import annotations

import contextlib
from typing import Any, cast

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, EmailStr, Field, TypeAdapter, ValidationError

from guildtable.kernel.i18n import LANGUAGE_NAMES, LANGUAGES
from guildtable.kernel.i18n import gettext as _
from guildtable.server.accounts import (
    Accounts,
    Session,
    account_language,
    chosen_language,
    cleared_cookie,
    language_cookie,
    session_cookie,
)
from guildtable.server.auth import bearer_token
from guildtable.server.deps import AccountsDep, LimitDep, LobbyDep, OptionalSession, SignedIn
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.lobby import Lobby
from guildtable.server.mail import NOTIFY_CHOICES, wake_notifiers
from guildtable.server.models.accounts import (
    SESSION_EXAMPLES,
    AccountInfo,
    AccountLanguage,
    AccountTable,
    AccountTables,
    EndedSessions,
    ListedSeat,
    MailSettings,
    MailStatus,
    Notify,
    SessionState,
    SignedInAccount,
)
from guildtable.server.models.tables import TableState
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.routes.shared import SEAT, TABLE, Authorization
from guildtable.server.schemas import NEW_PASSWORD, NEW_PASSWORD_LENGTH, AccountRequest, SignUpRequest
from guildtable.server.storage.mail_choices import MailChoice, MailState
from guildtable.server.storage.seats import AccountSeat
from guildtable.server.tables import Table

router = APIRouter(route_class=SafeJSONRoute)

# The newest tables an account's list (and a player's history) is read from: each is loaded and replayed to be
# shown, so one request's cost stays bounded however many games an account has played.
MAX_LISTED_TABLES = 100
# The longest address a mail can go to (RFC 5321's path limit less its brackets).
MAX_EMAIL = 254


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    current_password: str = Field(max_length=1024, description="The password the account has now")
    new_password: str = Field(max_length=1024, json_schema_extra=NEW_PASSWORD_LENGTH, description=NEW_PASSWORD)


class AccountDeletion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=1024, description="The account's password, asked again")


class LanguageChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    language: str = Field(
        max_length=64,
        json_schema_extra={"enum": list(LANGUAGES)},
        description="'en' (English) or 'de' (German): the language of the account's mails, and of its pages",
    )


def _secure(request: Request) -> bool:
    """Whether the browser came over https (behind a proxy: as uvicorn's --forwarded-allow-ips reports it)."""
    return request.url.scheme == "https"


def _signed_in(session: Session, token: str, request: Request, response: Response) -> SignedInAccount:
    """A sign-up's or a sign-in's answer; `response` gets the session cookie."""
    response.headers.append("Set-Cookie", session_cookie(token, secure=_secure(request)))
    return {"name": session.account.name, "csrf": session.csrf, "language": session.account.language}


# --- signing up, in and out ------------------------------------------------------------------------------------------
@router.post(
    "/api/account",
    tags=["accounts"],
    status_code=201,
    response_model=SignedInAccount,
    responses=problem_responses(409, 422, 429),
)
async def sign_up(
    body: SignUpRequest,
    request: Request,
    response: Response,
    session: OptionalSession,
    accounts: AccountsDep,
    limit: LimitDep,
) -> SignedInAccount:
    """A new account (a display name, unique whatever its case, and a password of 8 to 256 characters), signed
    in at once: the session cookie is set and the answer holds the CSRF token to send as `X-CSRF-Token`. Its
    `language` (of its mails) is the one the request is answered in: the page it signed up from."""
    limit("signin")
    new, token = await accounts.sign_up(body.name, body.password)
    if session is not None:
        await accounts.sign_out(session)
    return _signed_in(new, token, request, response)


@router.post("/api/session", tags=["accounts"], response_model=SignedInAccount, responses=problem_responses(401, 429))
async def sign_in(
    body: AccountRequest,
    request: Request,
    response: Response,
    session: OptionalSession,
    accounts: AccountsDep,
    limit: LimitDep,
) -> SignedInAccount:
    """Sign in: the session cookie and the CSRF token; 401 `sign-in-failed` whichever of name and password was
    wrong. A language the browser chose (`?lang=` or the language switch's cookie) becomes the account's; a
    browser that chose none gets the account's `language` (the language cookie is set)."""
    limit("signin")
    chosen = chosen_language(request)
    new, token = await accounts.sign_in(body.name, body.password, chosen)
    if session is not None:
        await accounts.sign_out(session)
    answer = _signed_in(new, token, request, response)
    if chosen is None:
        response.headers.append("Set-Cookie", language_cookie(new.account.language, secure=_secure(request)))
    return answer


@router.delete("/api/session", tags=["accounts"], status_code=204)
async def sign_out(request: Request, session: OptionalSession, accounts: AccountsDep) -> Response:
    """Sign out: the session ends on the server and its cookie is cleared."""
    if session is not None:
        await accounts.sign_out(session)
    return Response(status_code=204, headers={"Set-Cookie": cleared_cookie(secure=_secure(request))})


# --- who is signed in -----------------------------------------------------------------------------------------------
async def _account_info(request: Request, session: Session, accounts: Accounts) -> AccountInfo:
    """The account's answer; a language the browser chose meanwhile becomes the account's first."""
    session = await accounts.set_language(session, account_language(chosen_language(request)) or "")
    return {
        "name": session.account.name,
        "csrf": session.csrf,
        "created": session.account.created,
        "language": session.account.language,
    }


@router.get("/api/account", tags=["accounts"], response_model=AccountInfo, responses=problem_responses(401))
async def account(request: Request, session: SignedIn, accounts: AccountsDep) -> AccountInfo:
    """Who is signed in, and the CSRF token their pages send (a page reloaded after signing in asks here), and
    the account's `language` (of its mails). Every page asks here: a language the browser chose meanwhile (the
    switch at the top of the page) becomes the account's."""
    return await _account_info(request, session, accounts)


@router.get(
    "/api/session",
    tags=["accounts"],
    response_model=SessionState,
    responses={200: {"content": {"application/json": {"examples": SESSION_EXAMPLES}}}},
)
async def session_state(request: Request, session: OptionalSession, accounts: AccountsDep) -> SessionState:
    """Whether this browser is signed in, answered for guests too (issue 33: every page asks on every visit, and
    a guest's page makes no request that fails): `signed_in` false for a guest; when signed in, `signed_in` true
    and all that GET /api/account answers."""
    if session is None:
        return {"signed_in": False}
    return {"signed_in": True, **await _account_info(request, session, accounts)}


# --- one's own account: password, sessions, deletion (issue 30), language (issue 33) -------------------------------
@router.post(
    "/api/account/password",
    tags=["accounts"],
    response_model=EndedSessions,
    responses=problem_responses(401, 403, 422, 429),
)
async def change_password(
    body: PasswordChange, session: SignedIn, accounts: AccountsDep, limit: LimitDep
) -> EndedSessions:
    """Change the password (the current one is asked again: 403 `wrong-password`; a new one that is too short or
    easy to guess: 422). Every other session of the account ends; this one stays signed in."""
    limit("signin")
    ended = await accounts.change_password(session, body.current_password, body.new_password)
    return {"ended_sessions": ended}


@router.delete(
    "/api/account/sessions", tags=["accounts"], response_model=EndedSessions, responses=problem_responses(401)
)
async def sign_out_elsewhere(session: SignedIn, accounts: AccountsDep) -> EndedSessions:
    """Sign out everywhere else: every session of the account but this one ends."""
    return {"ended_sessions": await accounts.sign_out_elsewhere(session)}


@router.post("/api/account/delete", tags=["accounts"], status_code=204, responses=problem_responses(401, 403, 429))
async def delete_account(
    body: AccountDeletion, request: Request, session: SignedIn, accounts: AccountsDep, limit: LimitDep
) -> Response:
    """Delete the account (its password is asked again: 403 `wrong-password`). Its sessions end, its seats become
    guests' seats (the games stay), its ratings and its public page go, and its name is free for anyone."""
    limit("signin")
    await accounts.delete(session, body.password)
    return Response(status_code=204, headers={"Set-Cookie": cleared_cookie(secure=_secure(request))})


@router.put(
    "/api/account/language", tags=["accounts"], response_model=AccountLanguage, responses=problem_responses(401, 422)
)
async def set_language(
    body: LanguageChoice, request: Request, response: Response, session: SignedIn, accounts: AccountsDep
) -> AccountLanguage:
    """Change the account's language: its mails ("your move", the reminders, the daily summary) are written in
    it from now on. The browser's pages follow it too (the language cookie is set, as the language switch at the
    top of every page would)."""
    chosen = account_language(body.language)
    if chosen is None:
        names = ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES)
        raise Problem(422, "bad-request", _("language is one of {names}", names=names), field="language")
    session = await accounts.set_language(session, chosen)
    response.headers.append("Set-Cookie", language_cookie(chosen, secure=_secure(request)))
    return {"language": session.account.language}


# --- one's own tables and seats ---------------------------------------------------------------------------------------
@router.get("/api/account/tables", tags=["accounts"], response_model=AccountTables, responses=problem_responses(401))
async def account_tables(session: SignedIn, lobby: LobbyDep, accounts: AccountsDep) -> AccountTables:
    """Every table where the account has a seat, with the seats' tokens: tables where it is the account's move
    first, then the other unfinished ones, then the finished ones, each newest first."""
    listed = [table_entry(table, mine) for table, mine in await tables_of(lobby, accounts, session.account.id)]
    listed.sort(key=_rank)
    return {"tables": listed}


@router.post(
    "/api/tables/{table_id}/claim",
    tags=["seats"],
    response_model=TableState,
    responses=problem_responses(*SEAT, *TABLE, 409, 429),
)
async def claim(
    table_id: str, session: SignedIn, lobby: LobbyDep, limit: LimitDep, authorization: Authorization = None
) -> dict[str, Any]:
    """Make a seat the signed-in account's: the seat's token (`Authorization: Bearer`) proves it is theirs.
    A seat another account plays cannot be claimed (409)."""
    limit("join")
    table = await lobby.table(table_id)
    seat = await lobby.seat_of(table, bearer_token(authorization))
    await lobby.claim(table, seat, session.account.id)
    return table.payload(seat)


async def tables_of(lobby: Lobby, accounts: Accounts, account_id: str) -> list[tuple[Table, list[AccountSeat]]]:
    """The account's newest tables (at most `MAX_LISTED_TABLES`), live, each with the account's seats there; a table
    this version can no longer rebuild is left out."""
    by_table: dict[str, list[AccountSeat]] = {}
    for seat in await accounts.store.seats.account_seats(account_id):
        if seat.table_id in by_table or len(by_table) < MAX_LISTED_TABLES:
            by_table.setdefault(seat.table_id, []).append(seat)
    found = []
    for table_id, mine in by_table.items():
        with contextlib.suppress(Problem):
            found.append((await lobby.table(table_id), mine))
    return found


def listed_seats(table: Table) -> list[ListedSeat]:
    """The seats as a list of tables shows them: number, name and who plays it."""
    return [
        {"seat": seat["seat"], "name": seat["name"], "kind": seat["kind"], "bot": seat["bot"]}
        for seat in table.seat_list()
    ]


def table_entry(table: Table, mine: list[AccountSeat]) -> AccountTable:
    """A table as its player's list shows it, with the player's own seat tokens."""
    current = table.on_turn
    return {
        "id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "seats": listed_seats(table),
        "mine": [{"seat": seat.seat, "token": seat.token} for seat in mine],
        "current_player": current,
        "your_move": not table.terminal and current is not None and any(seat.seat == current for seat in mine),
        "terminal": table.terminal,
        "version": table.version,
        "rated": table.rated,
        "pace": None if table.pace is None else table.pace.kind,
        "deadline": table.deadline(),
    }


def _rank(entry: AccountTable) -> int:
    """Your move, then the other unfinished tables, then the finished ones (a stable sort keeps newest first)."""
    if entry["your_move"]:
        return 0
    return 2 if entry["terminal"] else 1


# --- "your turn" e-mail settings (issue 16, see mail/) ---------------------------------------------------------------
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


_ADDRESS = TypeAdapter(EmailStr)


@router.get("/api/account/settings", tags=["accounts"], response_model=MailSettings, responses=problem_responses(401))
async def mail_settings(session: SignedIn, accounts: AccountsDep) -> MailSettings:
    """The signed-in account's e-mail notifications: the address (or null) and `notify`: "off", "turn" (a mail
    at each of your turns at a turn-based table) or "digest" (one summary a day); with either of the last two a
    reminder comes before a move's time runs out. Mails go to the address only once it is `confirmed` from the
    link of its confirmation mail (`status` says where that stands)."""
    return mail_settings_entry(await accounts.store.mail_choices.mail_state(session.account.id), accounts.sends_mail)


@router.put(
    "/api/account/settings", tags=["accounts"], response_model=MailSettings, responses=problem_responses(401, 422)
)
async def set_mail_settings(body: MailSettingsRequest, session: SignedIn, accounts: AccountsDep) -> MailSettings:
    """Change the e-mail notifications (422 for an address that is none, or mails without an address). A new
    address is unconfirmed, and gets its confirmation mail; no other mail goes there until its link is
    followed."""
    choice = checked_mail_choice(body)
    await accounts.store.mail_choices.set_mail_choice(session.account.id, choice)
    state = await accounts.store.mail_choices.mail_state(session.account.id)
    if state is not None and state.status == "due":
        wake_notifiers(accounts.store)
    return mail_settings_entry(state, accounts.sends_mail)


@router.post(
    "/api/account/settings/confirmation",
    tags=["accounts"],
    response_model=MailSettings,
    responses=problem_responses(401, 409),
)
async def confirm_again(session: SignedIn, accounts: AccountsDep) -> MailSettings:
    """Send the address a new confirmation mail (409 when there is no address, or it is confirmed). An address
    gets a few confirmation mails a day at most, whoever asks."""
    if not await accounts.store.mail_choices.request_confirmation(session.account.id):
        raise Problem(409, "nothing-to-confirm", _("there is no unconfirmed address to send a confirmation to"))
    wake_notifiers(accounts.store)
    return mail_settings_entry(await accounts.store.mail_choices.mail_state(session.account.id), accounts.sends_mail)


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


def mail_settings_entry(state: MailState | None, sends_mail: bool = True) -> MailSettings:
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
        "notify": cast(Notify, state.notify),
        "status": "stopped" if state.stopped else cast(MailStatus | None, state.status),
        "confirmed": state.status == "confirmed" and not state.stopped,
        "confirmation_sent": state.confirm_at if state.status == "sent" else None,
    }
