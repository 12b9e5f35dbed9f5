"""Bot accounts (issue 37): accounts a person owns and a program plays, through the Bot API with API tokens.

A bot account is an account row with an owner (`gt_accounts.owner_id`) and no password: it never signs in and never
has a session, so nothing a cookie grants is ever its. Its owner issues it tokens, each with scopes (`play`: accept
and decline seats, move, undo, resign; `read`: the streams). A token is shown once; the database keeps only its
SHA-256 and a public id to revoke it by, and every request looks the token up again, so a revoked token stops working
at once. A token proves only who the bot is: the seat it plays is the one its account holds at that table (a page's
seat secret is never handed to it), so it never sees another seat's view.

What must never happen here: a token granting a cookie's powers, or a token stored as itself.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import Counter, defaultdict
from typing import Literal

from starlette.background import BackgroundTask
from starlette.requests import HTTPConnection

from guildtable.kernel.i18n import gettext as _
from guildtable.server.accounts import Session, hash_token, name_key
from guildtable.server.auth import bearer_token, new_id
from guildtable.server.names import new_name
from guildtable.server.problems import Problem
from guildtable.server.storage.accounts import NameTaken, StoredAccount
from guildtable.server.storage.bots import StoredToken, TokenHolder
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.database import now

Scope = Literal["play", "read"]
SCOPES: tuple[Scope, ...] = ("play", "read")
# A bot token reads as one at a glance (and in a leaked log): "gtb_" and 256 random bits.
TOKEN_PREFIX = "gtb_"
TOKEN_BYTES = 32
# What a bot account has instead of a password hash: argon2 cannot read it, so no password ever signs it in.
NO_PASSWORD = "!bot"
MAX_BOTS = 10
MAX_TOKENS = 10
# Streams one token may hold open at once in a process (its event stream and a game stream per table it plays).
MAX_STREAMS = 16


def new_bot_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


class BotNews:
    """Wakes a bot's event streams in this process when something for it changed (a seat offered, a token revoked);
    the streams also look again every few seconds, for what other processes did."""

    def __init__(self) -> None:
        self._waiting: defaultdict[str, set[asyncio.Event]] = defaultdict(set)

    def listen(self, account_id: str) -> asyncio.Event:
        event = asyncio.Event()
        self._waiting[account_id].add(event)
        return event

    def forget(self, account_id: str, event: asyncio.Event) -> None:
        waiting = self._waiting.get(account_id)
        if waiting is not None:
            waiting.discard(event)
            if not waiting:
                del self._waiting[account_id]

    def tell(self, account_id: str) -> None:
        for event in self._waiting.get(account_id, ()):
            event.set()


class BotAccounts:
    """Making bot accounts, issuing and revoking their tokens, and finding the bot a token plays as."""

    def __init__(self, store: AsyncStore, news: BotNews | None = None) -> None:
        self.store = store
        self.news = news or BotNews()
        # The streams each token holds open in this process.
        self.streams: Counter[str] = Counter()

    def hold_stream(self, holder: TokenHolder) -> BackgroundTask:
        """Count a stream the token opens (429 if it holds as many as it may); the answer's background task, run
        once the stream has ended however it ended, lets it go."""
        token_id = holder.token.id
        if self.streams[token_id] >= MAX_STREAMS:
            raise Problem(429, "too-many-streams", _("a bot token holds at most {n} streams open", n=MAX_STREAMS))
        self.streams[token_id] += 1

        def release() -> None:
            self.streams[token_id] -= 1
            if self.streams[token_id] <= 0:
                del self.streams[token_id]

        return BackgroundTask(release)

    async def create_bot(self, owner: Session, name: str) -> StoredAccount:
        """A new bot account owned by the signed-in account (a bot owns none). Its name is taken like a person's."""
        if owner.account.bot:
            raise Problem(403, "bot-account", _("a bot account cannot own bots"))
        if len(await self.store.bots.bots_of(owner.account.id)) >= MAX_BOTS:
            raise Problem(409, "too-many-bots", _("an account owns at most {n} bots", n=MAX_BOTS))
        shown = new_name(name)
        account = StoredAccount(new_id(), shown, NO_PASSWORD, now(), owner.account.language, owner.account.id)
        try:
            await self.store.accounts.create_account(account, name_key(shown))
        except NameTaken:
            raise Problem(409, "name-taken", _("the name {name} is taken", name=shown), field="name") from None
        return account

    async def bots(self, owner: Session) -> list[tuple[StoredAccount, list[StoredToken]]]:
        """The owner's bots, each with its tokens."""
        bots = await self.store.bots.bots_of(owner.account.id)
        tokens = await self.store.bots.tokens_of([bot.id for bot in bots]) if bots else []
        return [(bot, [token for token in tokens if token.account_id == bot.id]) for bot in bots]

    async def owned_bot(self, owner: Session, name: str) -> StoredAccount:
        for bot in await self.store.bots.bots_of(owner.account.id):
            if bot.name == name:
                return bot
        raise Problem(404, "unknown-bot", _("you own no bot called {name}", name=repr(name[:40])))

    async def issue_token(
        self, owner: Session, bot_name: str, scopes: list[Scope], label: str = ""
    ) -> tuple[StoredToken, str]:
        """A new token for the owner's bot: its record and the token itself (shown this once, never stored)."""
        bot = await self.owned_bot(owner, bot_name)
        if len(await self.store.bots.tokens_of([bot.id])) >= MAX_TOKENS:
            raise Problem(409, "too-many-tokens", _("a bot has at most {n} tokens", n=MAX_TOKENS))
        chosen = tuple(scope for scope in SCOPES if scope in scopes)
        if not chosen:
            raise Problem(422, "no-scope", _("a token needs a scope: play, read or both"), field="scopes")
        token = new_bot_token()
        stored = StoredToken(new_id(), bot.id, chosen, label[:64], now())
        await self.store.bots.add_token(stored, hash_token(token))
        return stored, token

    async def revoke(self, owner: Session, token_id: str) -> None:
        """The token stops working at once (404 if it is not one of the owner's bots')."""
        bots = await self.store.bots.bots_of(owner.account.id)
        if not bots or not await self.store.bots.revoke_token(token_id[:40], [bot.id for bot in bots]):
            raise Problem(404, "unknown-token", _("none of your bots has the token {token}", token=repr(token_id[:40])))
        for bot in bots:
            self.news.tell(bot.id)

    async def holder(self, token: str) -> TokenHolder | None:
        """The bot a token plays as, now (None: revoked or unknown)."""
        if not token.startswith(TOKEN_PREFIX) or len(token) > 128:
            return None
        return await self.store.bots.holder(hash_token(token))


def get_bot_accounts(connection: HTTPConnection) -> BotAccounts:
    bots: BotAccounts = connection.app.state.bots
    return bots


async def authenticate(connection: HTTPConnection) -> TokenHolder:
    """The bot an `Authorization: Bearer <bot token>` names (401 otherwise), counted against its token's budget."""
    token = bearer_token(connection.headers.get("authorization"))
    if token is None:
        raise Problem(
            401, "missing-token", _("send the bot's token as {header}", header="'Authorization: Bearer <token>'")
        )
    holder = await get_bot_accounts(connection).holder(token)
    if holder is None:
        raise Problem(401, "unknown-bot-token", _("this bot token is unknown or was revoked"))
    connection.app.state.rates.check("bot", holder.token.id)
    return holder


def needs(holder: TokenHolder, scope: Scope) -> None:
    if scope not in holder.token.scopes:
        raise Problem(403, "token-scope", _("this token lacks the scope {scope}", scope=scope))
