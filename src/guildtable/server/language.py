"""Which language a request is answered in: `?lang=de|en` (remembered in a cookie), then that cookie, then the
browser's `Accept-Language`, then English. Everything built while the request runs (pages, problem bodies, a
WebSocket client's updates) follows it, through `guildtable.kernel.i18n`'s context variable."""

from __future__ import annotations

from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from guildtable.kernel.i18n import ENGLISH, language_of, negotiate, reset_language, set_language

COOKIE = "guildtable_lang"
# A year: the choice is a preference, not a session.
COOKIE_SECONDS = 365 * 24 * 3600


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return ""


def chosen_language(scope: Scope) -> tuple[str, str | None]:
    """The request's language, and the one its `?lang=` asked for (to remember), if any."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1")[:2000])
    asked = language_of((query.get("lang") or [""])[0])
    if asked:
        return asked, asked
    cookie = SimpleCookie()
    try:
        cookie.load(_header(scope, b"cookie")[:4000])
    except Exception:  # a malformed Cookie header is ignored, not refused
        cookie = SimpleCookie()
    remembered = language_of(cookie[COOKIE].value) if COOKIE in cookie else None
    return remembered or negotiate(_header(scope, b"accept-language")) or ENGLISH, None


class LanguageMiddleware:
    """Sets the language for everything below it; a `?lang=` on a page is remembered in a cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        language, asked = chosen_language(scope)
        token = set_language(language)
        try:
            await self._answer(scope, receive, send, asked)
        finally:
            reset_language(token)

    async def _answer(self, scope: Scope, receive: Receive, send: Send, asked: str | None) -> None:
        if asked is None or scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def remember(message: Message) -> None:
            if message["type"] == "http.response.start":
                cookie = f"{COOKIE}={asked}; Path=/; Max-Age={COOKIE_SECONDS}; SameSite=Lax"
                message.setdefault("headers", []).append((b"set-cookie", cookie.encode("latin-1")))
            await send(message)

        await self.app(scope, receive, remember)
