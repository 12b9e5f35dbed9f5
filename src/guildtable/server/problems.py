"""JSON problem bodies (RFC 9457 style): every refusal names what is wrong and changes nothing.

A `Problem` raised anywhere below an endpoint becomes a 4xx response, or an `error` message on a WebSocket. Its
`detail` must never carry another seat's hidden information.
"""

from __future__ import annotations

from typing import Any

from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _


class Problem(Exception):
    """A refused request: `status` is the HTTP status, `code` a stable machine name (`stale-version`)."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        headers: dict[str, str] | None = None,
        limited: str | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        # The rate limit this refusal comes from (`message`, `move`...), for code that acts on it: never its words.
        self.limited = limited
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {
            "type": f"/problems/{self.code}",
            "problem": self.code,
            "title": _(TITLES[self.code]) if self.code in TITLES else self.code.replace("-", " "),
            "status": self.status,
            "detail": self.detail,
            **self.extra,
        }


TITLES = {
    "malformed-json": N_("The request body is not valid JSON"),
    "bad-request": N_("The request does not have the expected fields"),
    "missing-token": N_("A seat token is needed"),
    "forged-token": N_("The seat token is not valid for this table"),
    "not-your-turn": N_("It is not this seat's turn"),
    "illegal-move": N_("The rules do not allow this move"),
    "stale-version": N_("The move was made against an older position"),
    "game-over": N_("The game is over"),
    "game-not-finished": N_("The game is not finished"),
    "unknown-table": N_("There is no such table"),
    "unknown-replay": N_("There is no such replay"),
    "unknown-game": N_("There is no such game"),
    "bad-options": N_("The game options are not valid"),
    "bad-seats": N_("The seats are not valid"),
    "bad-record": N_("The record is not valid"),
    "not-found": N_("Not found"),
    "too-many-requests": N_("Too many requests from this address"),
    "too-large": N_("The request is too large"),
    "too-deep": N_("The JSON is nested too deeply"),
    "bad-name": N_("The display name is not allowed"),
    "table-full": N_("No more watchers fit at this table"),
    "busy": N_("The server is busy"),
    "csrf": N_("The request did not come from a guildtable page"),
    "sign-in-failed": N_("Signing in failed"),
    "not-signed-in": N_("Not signed in"),
    "name-taken": N_("The name is taken"),
    "bad-password": N_("The password is not allowed"),
    "seat-claimed": N_("Another account plays this seat"),
    "unknown-player": N_("There is no such player"),
}
