"""JSON problem bodies (RFC 9457 style): every refusal names what is wrong and changes nothing.

A `Problem` raised anywhere below an endpoint becomes a 4xx response, or an `error` message on a WebSocket. Its
`detail` must never carry another seat's hidden information.
"""

from __future__ import annotations

from typing import Any


class Problem(Exception):
    """A refused request: `status` is the HTTP status, `code` a stable machine name (`stale-version`)."""

    def __init__(
        self, status: int, code: str, detail: str, *, headers: dict[str, str] | None = None, **extra: Any
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {
            "type": f"/problems/{self.code}",
            "problem": self.code,
            "title": TITLES.get(self.code, self.code.replace("-", " ")),
            "status": self.status,
            "detail": self.detail,
            **self.extra,
        }


TITLES = {
    "malformed-json": "The request body is not valid JSON",
    "bad-request": "The request does not have the expected fields",
    "missing-token": "A seat token is needed",
    "forged-token": "The seat token is not valid for this table",
    "not-your-turn": "It is not this seat's turn",
    "illegal-move": "The rules do not allow this move",
    "stale-version": "The move was made against an older position",
    "game-over": "The game is over",
    "game-not-finished": "The game is not finished",
    "unknown-table": "There is no such table",
    "unknown-replay": "There is no such replay",
    "unknown-game": "There is no such game",
    "bad-options": "The game options are not valid",
    "bad-seats": "The seats are not valid",
    "bad-record": "The record is not valid",
    "not-found": "Not found",
    "too-many-requests": "Too many requests from this address",
    "too-large": "The request is too large",
    "too-deep": "The JSON is nested too deeply",
    "bad-name": "The display name is not allowed",
    "table-full": "No more watchers fit at this table",
    "busy": "The server is busy",
}
