"""`BotClient`: the Bot API's routes as methods, its streams as iterators of parsed lines."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import TracebackType
from typing import Any

import httpx

from guildtable.kernel import GuildtableError

SeatMessage = dict[str, Any]
"""A seat's message as the pages get it (`TableState` / `TableUpdate` of the API): its view, its legal moves when it
is on turn, the version, the clocks."""


class BotApiError(GuildtableError):
    """A refusal of the server: its HTTP status and its problem body (`problem` is the stable machine name)."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('problem', '')}: {body.get('detail', '')}")
        self.status = status
        self.problem = str(body.get("problem", ""))
        self.body = body


class BotClient:
    """One bot account's connection to a server: `token` is one of its API tokens (`gtb_...`)."""

    def __init__(self, server: str, token: str, *, timeout: float = 30.0, http: httpx.Client | None = None) -> None:
        # Streams wait as long as a game does: no read timeout on them (the server sends keep-alive lines).
        self.http = http or httpx.Client(base_url=server.rstrip("/"), timeout=httpx.Timeout(timeout, read=None))
        self.http.headers["Authorization"] = f"Bearer {token}"

    def __enter__(self) -> BotClient:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        response = self.http.request(method, path, json=body)
        if response.status_code >= 400:
            raise BotApiError(response.status_code, _problem(response))
        return None if response.status_code == 204 else response.json()

    def _lines(self, path: str) -> Iterator[dict[str, Any]]:
        with self.http.stream("GET", path) as response:
            if response.status_code >= 400:
                response.read()
                raise BotApiError(response.status_code, _problem(response))
            for line in response.iter_lines():
                if line.strip():
                    yield json.loads(line)

    # --- the routes ----------------------------------------------------------------------------------------------
    def account(self) -> dict[str, Any]:
        """Who the token plays as: `{"name", "bot", "scopes"}`."""
        return dict(self._call("GET", "/api/bot/account"))

    def events(self) -> Iterator[dict[str, Any]]:
        """The bot's events (`invitation`, `game_start`, `ping`), as they come; ends when the token is revoked."""
        return self._lines("/api/bot/stream")

    def accept(self, table: str, seat: int) -> SeatMessage:
        """Take a seat offered to the bot; its seat's state."""
        return dict(self._call("POST", f"/api/bot/invitations/{table}/{seat}/accept"))

    def decline(self, table: str, seat: int) -> None:
        self._call("POST", f"/api/bot/invitations/{table}/{seat}/decline")

    def game(self, table: str) -> Iterator[SeatMessage]:
        """The bot's seat at `table`: its whole state, then each update, until the game is over."""
        return self._lines(f"/api/bot/game/{table}/stream")

    def state(self, table: str) -> SeatMessage:
        return dict(self._call("GET", f"/api/bot/game/{table}"))

    def move(self, table: str, version: int, action: dict[str, Any]) -> SeatMessage:
        """Make a move (an action's JSON form from the message's `legal`) against `version`."""
        return dict(self._call("POST", f"/api/bot/game/{table}/move", {"version": version, "action": action}))

    def undo(self, table: str, version: int) -> SeatMessage:
        return dict(self._call("POST", f"/api/bot/game/{table}/undo", {"version": version}))

    def resign(self, table: str) -> SeatMessage:
        return dict(self._call("POST", f"/api/bot/game/{table}/resign"))


def _problem(response: httpx.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {"problem": "", "detail": response.text[:200]}
    return body if isinstance(body, dict) else {"problem": "", "detail": str(body)[:200]}
