"""JSON from the network, parsed with bounds: size, nesting depth and integer length, each refusal a Problem naming
what is wrong. Used for every body and message the server parses itself (record uploads, WebSocket messages) and for
FastAPI's request bodies (see `SafeJSONRoute`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from guildtable.kernel.i18n import gettext as _
from guildtable.server.problems import Problem

MAX_DEPTH = 32
# Longer integers are never a move, a version or a seed (seeds are below 2**256: 78 digits).
MAX_INT_DIGITS = 100


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise Problem(
            422,
            "bad-request",
            _("a number has {digits} digits; numbers here have at most {most}", digits=len(text), most=MAX_INT_DIGITS),
        )
    return int(text)


def _depth_ok(raw: str | bytes, limit: int) -> bool:
    """Whether brackets nest at most `limit` deep outside strings (a cheap scan, so the parser never recurses far)."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return False
        elif char in "]}":
            depth -= 1
    return True


def parse_json(raw: str | bytes, what: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """`raw` parsed, or a Problem: 400 for text that is not JSON, 422 for nesting or numbers out of bounds."""
    if not _depth_ok(raw, max_depth):
        raise Problem(422, "too-deep", _("{what} is nested more than {depth} levels deep", what=what, depth=max_depth))
    try:
        return json.loads(raw, parse_int=_int)
    except json.JSONDecodeError as error:
        raise Problem(
            400,
            "malformed-json",
            _("{what} is not valid JSON: {reason} at character {pos}", what=what, reason=error.msg, pos=error.pos),
        ) from None
    except UnicodeDecodeError:
        raise Problem(400, "malformed-json", _("{what} is not UTF-8 text", what=what)) from None
    except (RecursionError, ValueError) as error:
        raise Problem(422, "bad-request", _("{what} cannot be read: {reason}", what=what, reason=error)) from None


class ProblemInBody(HTTPException):
    """A Problem met while FastAPI reads a body: FastAPI passes HTTPExceptions through unchanged (any other error
    becomes a bare 400), and the app's handler answers with the problem it carries."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.status, problem.detail)
        self.problem = problem


class _SafeJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                self._json = parse_json(await self.body(), "the request body")
            except Problem as problem:
                raise ProblemInBody(problem) from None
        return self._json


class SafeJSONRoute(APIRoute):
    """An APIRoute whose JSON bodies are parsed by `parse_json` (FastAPI's own parse would turn a deep or huge body
    into a bare 400 "There was an error parsing the body")."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def safe_handler(request: Request) -> Response:
            return await handler(_SafeJSONRequest(request.scope, request.receive))

        return safe_handler
