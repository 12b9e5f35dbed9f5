"""Accounts (issue 16, "Play as yourself"): sign-up, sign-in, sessions and the CSRF check.

A password is kept only as an argon2id hash (argon2-cffi's defaults: RFC 9106's low-memory profile), computed on a
small pool of its own: one hash takes tens of milliseconds and 64 MiB, which the event loop must not wait for and
the pool's size bounds. A session is a random 256-bit token in an HttpOnly cookie; the database keeps only its
SHA-256, so whoever reads the database cannot sign in with what they read. Each session has a CSRF token that the
pages send back as `X-CSRF-Token` with every request that changes something: a browser sends the cookie with
requests another site makes, but only a guildtable page knows the header's value.

Sign-in answers one refusal whether the name exists or not, and checks the password against a dummy hash when it
does not, so neither the answer nor its timing tells which names have accounts (sign-up does tell: a taken name has
to be said).

Issue 30: a name is taken by any name that looks like it (`names.lookalike_key`); a new password is refused when
zxcvbn, Dropbox's strength estimator, finds it guessable (a common password, a word, a pattern, the player's own
name); an account changes its password, ends its other sessions, or deletes itself.

Issue 33: an account has a language, which its mails are written in. It is the language of the page it signed up
from, then of the pages it uses: a language chosen in the browser (the switch at the top of every page, remembered in
a cookie) becomes the account's when it signs in or opens a page signed in, and the account's settings change it. A
browser that never chose one (its pages follow its `Accept-Language`) takes the account's language when it signs in.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection
from zxcvbn import zxcvbn

from guildtable.kernel.i18n import ENGLISH, LANGUAGES, current_language, language_of
from guildtable.kernel.i18n import gettext as _
from guildtable.server import language as page_language
from guildtable.server.auth import new_id
from guildtable.server.names import display_name, lookalike_key, new_name
from guildtable.server.problems import Problem
from guildtable.server.storage.accounts import NameTaken, StoredAccount
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.database import now

T = TypeVar("T")

COOKIE = "guildtable_session"
CSRF_HEADER = "X-CSRF-Token"
SESSION_SECONDS = 30 * 24 * 3600
MIN_PASSWORD = 8
MAX_PASSWORD = 256
# 256 bits for the session (it is the key to the account), 192 for the CSRF token (compared, never looked up).
SESSION_BYTES = 32
CSRF_BYTES = 24
# Methods that change nothing: every other request to /api/ with a session cookie carries the CSRF header.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Hashes computed at once: each holds 64 MiB while it runs.
HASH_THREADS = 2
# The least zxcvbn score a new password needs: 3 is "safely unguessable" (at least 10^8 guesses), beyond any online
# guessing and costly offline against argon2id. zxcvbn reads the first `STRENGTH_CHARS` characters (its own limit;
# a longer password is judged by its start).
MIN_STRENGTH = 3
STRENGTH_CHARS = 72


def new_hasher() -> PasswordHasher:
    """argon2-cffi's defaults (argon2id, t=3, m=64 MiB, p=4): the parameters go into each hash, so raising them
    later rehashes a password at its next sign-in (tests replace this with a cheaper hasher)."""
    return PasswordHasher()


def name_key(name: str) -> str:
    """What makes two names the same account's: "Ada" and "ADA" (and "Straße" and "STRASSE", and names that only look
    alike, such as "Ａda") are one."""
    return lookalike_key(name)


def hash_token(token: str) -> str:
    """The session token as the database keeps it."""
    return hashlib.sha256(token.encode()).hexdigest()


def _password(text: str) -> str:
    # NFC: the same password typed on two systems may arrive composed or decomposed.
    return unicodedata.normalize("NFC", text)


def checked_password(text: str, name: str = "", field: str = "password") -> str:
    """A new password, or a 422 Problem saying why it cannot be used: its length, or that it is easy to guess (zxcvbn,
    with the account's `name` as a word it knows)."""
    if not MIN_PASSWORD <= len(text) <= MAX_PASSWORD:
        raise Problem(
            422,
            "bad-password",
            _("a password has {least} to {most} characters", least=MIN_PASSWORD, most=MAX_PASSWORD),
            field=field,
        )
    password = _password(text)
    # zxcvbn is quick (about a millisecond) and keeps the words it is given in a module-level dictionary, so it runs
    # here on the event loop rather than on threads.
    judged = zxcvbn(password[:STRENGTH_CHARS], user_inputs=[name, *name.split(), "guildtable"])
    if int(judged["score"]) < MIN_STRENGTH:
        raise Problem(422, "weak-password", _weakness(judged["sequence"]), field=field)
    return password


def _weakness(matches: Sequence[Mapping[str, object]]) -> str:
    """Why zxcvbn found a password guessable (the parts it matched), in the reader's language (zxcvbn's own words
    are English only)."""
    patterns = {str(match.get("pattern")) for match in matches}
    dictionaries = {str(match.get("dictionary_name")) for match in matches}
    if "user_inputs" in dictionaries:
        return _(
            "this password is easy to guess: it is made of your name or of this site's. "
            "A few words you can remember, that have nothing to do with each other, make a good one."
        )
    if "passwords" in dictionaries:
        return _(
            "this password is one of the most common ones, which are tried first. "
            "A few words you can remember, that have nothing to do with each other, make a good one."
        )
    if patterns & {"repeat", "sequence", "spatial", "date"}:
        return _(
            "this password is easy to guess: repeated characters, sequences such as 1234 or abcd, rows of keys and "
            "dates are tried early. A few words you can remember, that have nothing to do with each other, make a "
            "good one."
        )
    return _(
        "this password is easy to guess: common words and names are tried early. "
        "A few words you can remember, that have nothing to do with each other, make a good one."
    )


class Passwords:
    """Hashing and checking passwords on a pool of `HASH_THREADS` threads (argon2 lets go of the GIL)."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or new_hasher()
        self._pool = ThreadPoolExecutor(HASH_THREADS, thread_name_prefix="argon2")
        # What an unknown name's password is checked against, so that it costs what a known one's does. Made on the
        # first use of the pool (a server that nobody signs in to never pays for it), ahead of that first call in the
        # pool's queue, so a check that needs it never waits for a thread that waits for it.
        self._dummy: Future[str] | None = None

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        if self._dummy is None:
            self._dummy = self._pool.submit(self.hasher.hash, secrets.token_urlsafe(16))
        return await asyncio.get_running_loop().run_in_executor(self._pool, partial(call, *args))

    async def hash(self, password: str) -> str:
        return await self._run(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` is the one `stored` was made from; with `stored` None (no such account) a dummy hash
        is checked and the answer is False."""
        return await self._run(self._verify, stored, password)

    def _verify(self, stored: str | None, password: str) -> bool:
        assert self._dummy is not None  # submitted by `_run` before this call
        try:
            self.hasher.verify(stored or self._dummy.result(), password)
        except (VerificationError, InvalidHashError):
            return False
        return stored is not None

    def needs_rehash(self, stored: str) -> bool:
        return bool(self.hasher.check_needs_rehash(stored))

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in browser: whose it is, the CSRF token its pages send, and the key of its row."""

    account: StoredAccount
    csrf: str
    token_hash: str


def sign_in_failed() -> Problem:
    """The one refusal of a sign-in: the same words whether the name or the password was wrong."""
    return Problem(401, "sign-in-failed", _("wrong user name or password"))


def not_signed_in() -> Problem:
    return Problem(401, "not-signed-in", _("sign in first: this needs an account"))


def wrong_password() -> Problem:
    """A signed-in account's own password, asked again before a change that cannot be undone, was wrong."""
    return Problem(403, "wrong-password", _("that is not your current password"), field="current_password")


# --- the account's language (issue 33) ------------------------------------------------------------------------------
def account_language(language: str | None) -> str | None:
    """`language` if an account can have it (English or German), else None (the test pseudo-locale, or nothing)."""
    return language if language in LANGUAGES else None


def chosen_language(connection: HTTPConnection) -> str | None:
    """The language this browser chose for its pages: the request's `?lang=`, else the language switch's cookie; None
    when it chose none (its pages follow its `Accept-Language`). May be the pseudo-locale of the tests."""
    asked = language_of(connection.query_params.get("lang", "")[:32])
    if asked:
        return asked
    return language_of(connection.cookies.get(page_language.COOKIE, "")[:32])


def language_cookie(language: str, *, secure: bool) -> str:
    """The Set-Cookie value that has a browser's pages follow its account's `language`, as the language switch
    would have."""
    cookie = f"{page_language.COOKIE}={language}; Path=/; Max-Age={page_language.COOKIE_SECONDS}; SameSite=Lax"
    return f"{cookie}; Secure" if secure else cookie


class Accounts:
    """Accounts and their sessions, over the store's pool (every call is awaited, never run on the event loop)."""

    def __init__(self, store: AsyncStore, passwords: Passwords | None = None, *, sends_mail: bool = False) -> None:
        self.store = store
        self.passwords = passwords or Passwords()
        # Whether this server sends mail (started with an SMTP server): the account page says so when it does not.
        self.sends_mail = sends_mail

    async def sign_up(self, name: str, password: str, language: str | None = None) -> tuple[Session, str]:
        """A new account, signed in: its session and the token for the cookie. 422 for a name or password that
        cannot be used, 409 if the name, or one that looks like it, is taken. Its language is `language`, by default
        the one the request is answered in (the page it signed up from; English for the pseudo-locale)."""
        shown = new_name(name)
        hashed = await self.passwords.hash(checked_password(password, shown))
        chosen = account_language(language or current_language()) or ENGLISH
        account = StoredAccount(new_id(), shown, hashed, now(), chosen)
        try:
            await self.store.accounts.create_account(account, name_key(shown))
        except NameTaken:
            raise await self._taken(shown) from None
        return await self._open(account)

    async def _taken(self, shown: str) -> Problem:
        """The 409 of a name that is taken: by the same name in other letters' case, or by one that looks like it."""
        other = await self.store.accounts.account_called(shown, name_key(shown))
        if other is None or other.name.casefold() == shown.casefold():
            return Problem(409, "name-taken", _("the name {name} is taken", name=shown), field="name")
        return Problem(
            409,
            "name-taken",
            _(
                "the name {name} looks just like {other}, the name of another player: choose another",
                name=shown,
                other=other.name,
            ),
            field="name",
        )

    async def sign_in(self, name: str, password: str, language: str | None = None) -> tuple[Session, str]:
        """A new session of the account `name`, or the 401 that tells nothing of which part was wrong. With
        `language` (the one the browser chose for its pages), the account's language becomes it."""
        try:
            shown = display_name(name)
        except Problem:
            account = None  # no account has such a name: checked against the dummy all the same
        else:
            account = await self.store.accounts.account_called(shown, name_key(shown))
        given = _password(password)
        if not await self.passwords.verify(None if account is None else account.password_hash, given):
            raise sign_in_failed()
        assert account is not None
        if self.passwords.needs_rehash(account.password_hash):
            await self.store.accounts.set_password_hash(account.id, await self.passwords.hash(given))
        chosen = account_language(language)
        if chosen is not None and chosen != account.language:
            await self.store.accounts.set_account_language(account.id, chosen)
            account = dataclasses.replace(account, language=chosen)
        return await self._open(account)

    async def _open(self, account: StoredAccount) -> tuple[Session, str]:
        token = secrets.token_urlsafe(SESSION_BYTES)
        csrf = secrets.token_urlsafe(CSRF_BYTES)
        expires = (datetime.now(UTC) + timedelta(seconds=SESSION_SECONDS)).isoformat(timespec="seconds")
        session = Session(account, csrf, hash_token(token))
        await self.store.sessions.add_session(session.token_hash, account.id, csrf, expires)
        return session, token

    async def session(self, token: str) -> Session | None:
        """The live session of a cookie's token, or None (unknown, signed out or ended)."""
        token_hash = hash_token(token)
        stored = await self.store.sessions.session(token_hash)
        return None if stored is None else Session(stored.account, stored.csrf, token_hash)

    async def sign_out(self, session: Session) -> None:
        await self.store.sessions.delete_session(session.token_hash)

    async def _check_own_password(self, session: Session, password: str) -> None:
        """The signed-in account's password, asked again: 403 `wrong-password` if it is not."""
        if not await self.passwords.verify(session.account.password_hash, _password(password)):
            raise wrong_password()

    async def change_password(self, session: Session, current: str, new: str) -> int:
        """A new password (checked like a new account's), once the current one is given; every other session of
        the account ends (whoever knew the old password is signed out). How many ended."""
        chosen = checked_password(new, session.account.name, field="new_password")
        await self._check_own_password(session, current)
        await self.store.accounts.set_password_hash(session.account.id, await self.passwords.hash(chosen))
        return await self.store.sessions.delete_other_sessions(session.account.id, session.token_hash)

    async def set_language(self, session: Session, language: str) -> Session:
        """The account's language from now on (English or German: anything else is ignored); the session as it
        now reads."""
        chosen = account_language(language)
        if chosen is None or chosen == session.account.language:
            return session
        await self.store.accounts.set_account_language(session.account.id, chosen)
        return dataclasses.replace(session, account=dataclasses.replace(session.account, language=chosen))

    async def sign_out_elsewhere(self, session: Session) -> int:
        """End every session of the account but this one ("sign out everywhere else"); how many ended."""
        return await self.store.sessions.delete_other_sessions(session.account.id, session.token_hash)

    async def delete(self, session: Session, password: str) -> None:
        """Delete the account, once its password is given (see `storage.accounts.Accounts.delete_account`)."""
        await self._check_own_password(session, password)
        await self.store.accounts.delete_account(session.account.id)

    def close(self) -> None:
        self.passwords.close()


# --- the request's session and the CSRF check ----------------------------------------------------------------------
_UNKNOWN = object()


async def request_session(connection: HTTPConnection) -> Session | None:
    """The signed-in session of a request (a FastAPI dependency), looked up once per request; None for a guest and
    for a cookie of no live session (it grants nothing)."""
    cached = getattr(connection.state, "session", _UNKNOWN)
    if cached is not _UNKNOWN:
        return cached if isinstance(cached, Session) else None
    token = connection.cookies.get(COOKIE, "")
    session = None
    # A token is 43 characters; anything much longer is no token of ours and is not looked up.
    if token and len(token) <= 128:
        accounts: Accounts = connection.app.state.accounts
        session = await accounts.session(token)
    connection.state.session = session
    return session


async def signed_in(connection: HTTPConnection) -> Session:
    """The request's session, or 401 `not-signed-in` (a FastAPI dependency)."""
    session = await request_session(connection)
    if session is None:
        raise not_signed_in()
    return session


async def csrf_guard(connection: HTTPConnection) -> None:
    """The one CSRF check, a dependency of every route: a request to /api/ that may change something and carries a
    session cookie must carry that session's CSRF token as `X-CSRF-Token`, else 403 `csrf` before anything runs.
    Requests without the cookie (guests with seat tokens, API users) are not affected, and neither is a cookie of no
    live session: it grants nothing a forged request could use."""
    scope = connection.scope
    if scope["type"] != "http" or scope["method"] in SAFE_METHODS or not scope["path"].startswith("/api/"):
        return
    if COOKIE not in connection.cookies:
        return
    session = await request_session(connection)
    if session is None:
        return
    given = connection.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(given.encode(), session.csrf.encode()):
        raise Problem(
            403,
            "csrf",
            _(
                "this request did not come from a guildtable page: a signed-in request that changes something "
                "carries the {header} header its page was given",
                header=CSRF_HEADER,
            ),
        )


def safe_next(value: str | None, fallback: str = "/me") -> str:
    """Where the sign-in page may send the browser afterwards: a path of this site, or `fallback` (issue 30). A
    browser drops tabs and line breaks from an address and reads a backslash as a slash, so "/\t/evil.example" would
    be "//evil.example", another site: a path holding any white space, control character or backslash, or starting
    with two slashes, is refused whole."""
    if not value or len(value) > 2048 or not value.startswith("/") or value.startswith("//"):
        return fallback
    if any(char.isspace() or char == "\\" or unicodedata.category(char) in ("Cc", "Cf") for char in value):
        return fallback
    return value


def session_cookie(token: str, *, secure: bool) -> str:
    """The Set-Cookie value that signs a browser in: never readable by scripts, not sent with other sites' POSTs."""
    cookie = f"{COOKIE}={token}; HttpOnly; Max-Age={SESSION_SECONDS}; Path=/; SameSite=Lax"
    return f"{cookie}; Secure" if secure else cookie


def cleared_cookie(*, secure: bool) -> str:
    """The Set-Cookie value that signs a browser out."""
    cookie = f"{COOKIE}=; HttpOnly; Max-Age=0; Path=/; SameSite=Lax"
    return f"{cookie}; Secure" if secure else cookie
