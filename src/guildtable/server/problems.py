"""JSON problem bodies (RFC 9457 style): every refusal names what is wrong and changes nothing.

A `Problem` raised anywhere below an endpoint becomes a 4xx response (`problem_handlers.py`: FastAPI's and Starlette's
own refusals too, so every refusal is `application/problem+json`), or an `error` message on a WebSocket.
Its `detail` must never carry another seat's hidden information.
"""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

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
    "method-not-allowed": N_("This address does not answer this method"),
    "invite-only": N_("An invite link only takes its seat"),
    "seat-taken": N_("This seat is taken"),
    "account-needs-sign-in": N_("Signing in is needed for this"),
    "rated-needs-account": N_("A rated table needs an account"),
    "rated-bot-level": N_("A rated table's computer players are the named levels"),
    "bad-pace": N_("The pace is not valid"),
    "cannot-undo": N_("This move cannot be taken back"),
    "cannot-resign": N_("This seat cannot resign now"),
    "not-analysed": N_("The game has not been analysed yet"),
    "too-long": N_("The game is too long for this"),
    "table-broken": N_("The table can no longer be restored"),
    "replays-busy": N_("The server is preparing other replays"),
    "analysis-under-way": N_("An analysis you asked for is under way"),
    "analysis-busy": N_("The server is analysing many games"),
    "analysis-unavailable": N_("Analyses cannot be started just now"),
    "weak-password": N_("The password is too easy to guess"),
    "wrong-password": N_("The password is wrong"),
    "nothing-to-confirm": N_("There is nothing to confirm"),
}


class ProblemBody(BaseModel):
    """A refusal, as `Problem.body()` writes it (RFC 9457, `application/problem+json`): what the API documents for
    every error status (`problem_responses`)."""

    model_config = ConfigDict(extra="allow", title="Problem")
    type: str = Field(description="`/problems/` and the problem's code", examples=["/problems/unknown-table"])
    problem: str = Field(description="The problem's stable machine name", examples=["unknown-table"])
    title: str = Field(description="What kind of problem it is, in the reader's language")
    status: int = Field(description="The HTTP status", ge=400, le=599)
    detail: str = Field(description="What exactly is wrong, in the reader's language")
    field: str | None = Field(default=None, description="The request field the problem is about, if one")
    version: int | None = Field(default=None, description="A move's refusal: the table's version now")
    retry_after: int | None = Field(default=None, description="A 429: the seconds until asking again may work")


# What each error status of the API means (the schema's words; the `problem` of a body names the exact refusal).
STATUSES: dict[int, str] = {
    400: "The body is not JSON (`malformed-json`)",
    401: "A credential is missing: the seat's token as `Authorization: Bearer` (`missing-token`), or a session "
    "(`not-signed-in`, `sign-in-failed`)",
    403: "A credential does not fit: a token of no seat of this table (`forged-token`, `invite-only`), a wrong "
    "password (`wrong-password`), or a signed-in request without its `X-CSRF-Token` (`csrf`)",
    404: "There is no such table, replay, game, player or step (`unknown-table`, `unknown-replay`, ...)",
    409: "The request conflicts with the state of things (`stale-version`, `not-your-turn`, `seat-taken`, "
    "`name-taken`, `game-not-finished`, ...); it changed nothing",
    410: "The table can no longer be restored by this version (`table-broken`)",
    413: "The body is larger than the server takes (`too-large`)",
    422: "The request breaks a rule: the schema's (`bad-request`), or one the schema cannot state, which the field's "
    "description gives (`bad-name`, `weak-password`, `bad-seats`, `illegal-move`, `bad-record`, ...)",
    429: "Too many requests from this address, seat or visitor: `Retry-After` says when to ask again",
    503: "The server is busy with other work of this kind: `Retry-After` says when to ask again",
}
PROBLEM_JSON = "application/problem+json"
PROBLEM_SCHEMA = {"$ref": "#/components/schemas/Problem"}
_RETRY_AFTER = {
    "Retry-After": {"description": "Seconds to wait before asking again", "schema": {"type": "integer", "minimum": 1}}
}


def problem_response(status: int, *, also: dict[str, Any] | None = None) -> dict[str, Any]:
    """One error status as the OpenAPI schema documents it: a problem body (`also`: other content types it may
    have, as a page's HTML)."""
    response: dict[str, Any] = {
        "description": STATUSES[status],
        "content": {PROBLEM_JSON: {"schema": PROBLEM_SCHEMA}, **(also or {})},
    }
    if status in (429, 503):
        response["headers"] = {name: {**header, "required": True} for name, header in _RETRY_AFTER.items()}
    return response


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route that can refuse with these statuses. The refusals every route of a kind shares
    (a body's 400, 413 and 422, a signed-in change's 403) are added to the schema for all of them (`apidocs.py`)."""
    return {status: problem_response(status) for status in sorted(set(statuses))}


def problem_json_response(error: Problem) -> JSONResponse:
    """The HTTP answer of a refusal."""
    return JSONResponse(error.body(), status_code=error.status, media_type=PROBLEM_JSON, headers=error.headers or None)
