"""The FastAPI application: `create_app` makes the lobby, the accounts and the rate limits for one database, puts them
on `app.state` (where the routes' dependencies find them, `deps.py`) and includes the routes, one `APIRouter` per
concern (`routes/`). Each JSON answer has its model (`models/`), each refusal is a problem body (`problems.py`).

HTTP: tables, seats, moves, records and replays (see /docs). WebSocket `/ws/tables/{id}`: one per client; the
first message is `{"type": "hello", "token": ...}` (no token: a spectator), then moves as
`{"type": "move", "version": v, "action": {...}}`; the server answers with `state` (everything this seat may
know), `update` (what changed) and `error` (a problem body) messages. Every message both ways is described in the
schema (`ClientMessage`, `ServerMessage`; see "The WebSocket" below).

Every input is bounded (see `limits.py` and SECURITY.md): request rates per client address, body and message sizes,
JSON depth, watchers per table and connections per address. Whatever a client sends, the answer is a problem body
(4xx) or a WebSocket error message and an orderly close, never a 500.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI

from guildtable.server.accounts import Accounts, csrf_guard
from guildtable.server.apidocs import add_api_docs, socket_description
from guildtable.server.bot_accounts import BotAccounts
from guildtable.server.collector import SurvivorsFrozen
from guildtable.server.headers import SecurityHeaders
from guildtable.server.health import LoopLag, Pauses
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.language import LanguageMiddleware
from guildtable.server.limits import BodyLimit, RateLimiter
from guildtable.server.mail import Notifier
from guildtable.server.platform import make_lobby
from guildtable.server.problem_handlers import add_problem_handlers
from guildtable.server.routes import accounts as account_routes
from guildtable.server.routes import bots as bot_routes
from guildtable.server.routes import games, mail_links, operators, pages, ratings, replays, seats, socket, tables
from guildtable.server.settings import ServerSettings

# The routers of the API and the pages, in the order their routes are matched.
ROUTERS = (
    games.router,
    tables.router,
    seats.router,
    replays.router,
    operators.router,
    account_routes.router,
    bot_routes.router,
    ratings.router,
    mail_links.router,
    socket.router,
)


def create_app(settings: ServerSettings) -> FastAPI:
    """The app of one server process, as `settings` say (`settings.py`; `ServerSettings()` reads the environment).
    Its database is `settings.db`; `bot_delay` is the pause (seconds) before a bot moves, so people can follow;
    `limits` what one client may cost; `allow_chosen_seeds` lets a table's creator fix its shuffle (tests only: the
    chooser would know every hidden card). With `redis` the process joins a platform of several (see `platform.py`):
    its tables' news travel over Redis and bot workers make the bots' moves. With `smtp` it sends "your turn" e-mails
    (`mail/`), looking for due ones every `mail_poll` seconds."""
    limits, mail, mail_poll = settings.limits, settings.mail(), settings.mail_poll
    lobby = make_lobby(
        settings.database_url(),
        settings.redis,
        bot_delay=settings.bot_delay,
        limits=limits,
        chosen_seeds=settings.allow_chosen_seeds,
    )
    rates = RateLimiter(limits)
    accounts = Accounts(lobby.store, sends_mail=mail is not None)
    pauses, lag, collector = Pauses(), LoopLag(), SurvivorsFrozen()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The collector looks at each long-lived object once (collector.py): with the defaults, a process holding a
        # thousand tables stalled them all for 100-400 ms at a time.
        collector.start()
        thorough = asyncio.get_running_loop().create_task(collector.thorough_forever())
        pauses.start()
        await lobby.start()
        expiry = asyncio.get_running_loop().create_task(rates.expire_forever())
        lagging = asyncio.get_running_loop().create_task(lag.watch_forever())
        mailing = None
        if mail is not None:
            mailing = asyncio.get_running_loop().create_task(Notifier(lobby.store, mail).run_forever(mail_poll))
        yield
        for task in (expiry, mailing, lagging, thorough):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        await lobby.stop()
        pauses.stop()
        collector.stop()
        accounts.close()

    app = FastAPI(
        title="guildtable",
        summary="Play City Blocks, City and Guilds, Guildhall and Guilds of London online.",
        description=__doc__ + socket_description(),
        lifespan=lifespan,
        # The CSRF check of signed-in requests, in one place (accounts.py): every route depends on it.
        dependencies=[Depends(csrf_guard)],
        # /docs is served from this server, under the Content-Security-Policy (apidocs.py); ReDoc is not.
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, max_bytes=limits.max_body_bytes)
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(SecurityHeaders)
    add_api_docs(app)
    app.router.route_class = SafeJSONRoute
    app.state.lobby = lobby
    app.state.accounts = accounts
    app.state.bots = BotAccounts(lobby.store)
    app.state.rates = rates
    app.state.pauses = pauses
    app.state.lag = lag
    add_problem_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    pages.mount_static(app)
    app.include_router(pages.router)
    return app
