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
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection

from guildtable.kernel.i18n import gettext as _
from guildtable.server.auth import new_id
from guildtable.server.names import display_name
from guildtable.server.problems import Problem
from guildtable.server.store import NameTaken, StoredAccount, now
from guildtable.server.store_calls import AsyncStore

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


def new_hasher() -> PasswordHasher:
    """argon2-cffi's defaults (argon2id, t=3, m=64 MiB, p=4): the parameters go into each hash, so raising them
    later rehashes a password at its next sign-in (tests replace this with a cheaper hasher)."""
    return PasswordHasher()


def name_key(name: str) -> str:
    """What makes two names the same account's: "Ada" and "ADA" (and "Straße" and "STRASSE") are one."""
    return unicodedata.normalize("NFC", name.casefold())


def hash_token(token: str) -> str:
    """The session token as the database keeps it."""
    return hashlib.sha256(token.encode()).hexdigest()


def _password(text: str) -> str:
    # NFC: the same password typed on two systems may arrive composed or decomposed.
    return unicodedata.normalize("NFC", text)


def checked_password(text: str) -> str:
    """A new password, or a 422 Problem saying why it cannot be used."""
    if not MIN_PASSWORD <= len(text) <= MAX_PASSWORD:
        raise Problem(
            422,
            "bad-password",
            _("a password has {least} to {most} characters", least=MIN_PASSWORD, most=MAX_PASSWORD),
            field="password",
        )
    return _password(text)


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


class Accounts:
    """Accounts and their sessions, over the store's pool (every call is awaited, never run on the event loop)."""

    def __init__(self, store: AsyncStore, passwords: Passwords | None = None) -> None:
        self.store = store
        self.passwords = passwords or Passwords()

    async def sign_up(self, name: str, password: str) -> tuple[Session, str]:
        """A new account, signed in: its session and the token for the cookie. 422 for a name or password that
        cannot be used, 409 if the name (casefolded) is taken."""
        shown = display_name(name)
        hashed = await self.passwords.hash(checked_password(password))
        account = StoredAccount(new_id(), shown, hashed, now())
        try:
            await self.store.create_account(account, name_key(shown))
        except NameTaken:
            raise Problem(409, "name-taken", _("the name {name} is taken", name=shown), field="name") from None
        return await self._open(account)

    async def sign_in(self, name: str, password: str) -> tuple[Session, str]:
        """A new session of the account `name`, or the 401 that tells nothing of which part was wrong."""
        try:
            key = name_key(display_name(name))
        except Problem:
            account = None  # no account has such a name: checked against the dummy all the same
        else:
            account = await self.store.account_named(key)
        given = _password(password)
        if not await self.passwords.verify(None if account is None else account.password_hash, given):
            raise sign_in_failed()
        assert account is not None
        if self.passwords.needs_rehash(account.password_hash):
            await self.store.set_password_hash(account.id, await self.passwords.hash(given))
        return await self._open(account)

    async def _open(self, account: StoredAccount) -> tuple[Session, str]:
        token = secrets.token_urlsafe(SESSION_BYTES)
        csrf = secrets.token_urlsafe(CSRF_BYTES)
        expires = (datetime.now(UTC) + timedelta(seconds=SESSION_SECONDS)).isoformat(timespec="seconds")
        session = Session(account, csrf, hash_token(token))
        await self.store.add_session(session.token_hash, account.id, csrf, expires)
        return session, token

    async def session(self, token: str) -> Session | None:
        """The live session of a cookie's token, or None (unknown, signed out or ended)."""
        token_hash = hash_token(token)
        stored = await self.store.session(token_hash)
        return None if stored is None else Session(stored.account, stored.csrf, token_hash)

    async def sign_out(self, session: Session) -> None:
        await self.store.delete_session(session.token_hash)

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


def session_cookie(token: str, *, secure: bool) -> str:
    """The Set-Cookie value that signs a browser in: never readable by scripts, not sent with other sites' POSTs."""
    cookie = f"{COOKIE}={token}; HttpOnly; Max-Age={SESSION_SECONDS}; Path=/; SameSite=Lax"
    return f"{cookie}; Secure" if secure else cookie


def cleared_cookie(*, secure: bool) -> str:
    """The Set-Cookie value that signs a browser out."""
    cookie = f"{COOKIE}=; HttpOnly; Max-Age=0; Path=/; SameSite=Lax"
    return f"{cookie}; Secure" if secure else cookie
