"""What a route needs from its app, as FastAPI dependencies (issue 32): the lobby, the accounts and the rate limits
`create_app` made and put on `app.state`. A route module declares `lobby: LobbyDep` and gets its app's lobby, so the
routes are plain module-level `APIRouter` functions rather than closures inside `create_app`.

`HTTPConnection` is what an HTTP request and a WebSocket have in common, so the same dependencies serve both.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends
from starlette.requests import HTTPConnection

from guildtable.server.accounts import Accounts, Session, request_session, signed_in
from guildtable.server.limits import Action, RateLimiter
from guildtable.server.lobby import Lobby


def client_address(connection: HTTPConnection) -> str:
    """The client's address as the server sees it (behind a proxy, uvicorn's `--forwarded-allow-ips` sets it)."""
    return connection.client.host if connection.client else "unknown"


def get_lobby(connection: HTTPConnection) -> Lobby:
    return cast(Lobby, connection.app.state.lobby)


def get_accounts(connection: HTTPConnection) -> Accounts:
    return cast(Accounts, connection.app.state.accounts)


def get_rates(connection: HTTPConnection) -> RateLimiter:
    return cast(RateLimiter, connection.app.state.rates)


class Limit:
    """Counts one request of an action against its client's address; a 429 problem once the window is full."""

    def __init__(self, rates: RateLimiter, address: str) -> None:
        self.rates = rates
        self.address = address

    def __call__(self, action: Action) -> None:
        self.rates.check(action, self.address)


def get_limit(connection: HTTPConnection) -> Limit:
    return Limit(get_rates(connection), client_address(connection))


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
AccountsDep = Annotated[Accounts, Depends(get_accounts)]
RatesDep = Annotated[RateLimiter, Depends(get_rates)]
LimitDep = Annotated[Limit, Depends(get_limit)]
# The request's session: None for a guest (`OptionalSession`), or 401 `not-signed-in` (`SignedIn`); see accounts.py.
OptionalSession = Annotated[Session | None, Depends(request_session)]
SignedIn = Annotated[Session, Depends(signed_in)]
