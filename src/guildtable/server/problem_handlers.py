"""Every refusal of the app as a problem body (`problems.py`, `application/problem+json`): ours, FastAPI's validation
errors, Starlette's 404 and 405, and a body nested too deeply for Python."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import iter_route_contexts
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from guildtable.kernel.i18n import gettext as _
from guildtable.server.jsonin import ProblemInBody
from guildtable.server.problems import Problem, problem_json_response


def add_problem_handlers(app: FastAPI) -> None:
    """Answer every refusal of `app` with a problem body: ours, FastAPI's validation errors (400 for a body that is
    not JSON, 422 naming the field), Starlette's 404 and 405 (with the `Allow` header RFC 9110 asks for), and a body
    nested too deeply for Python."""

    @app.exception_handler(Problem)
    async def problem(_request: Request, error: Problem) -> JSONResponse:
        return problem_json_response(error)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        errors = error.errors()
        first = errors[0] if errors else {}
        if first.get("type") == "json_invalid":
            reason = first.get("msg", "")
            return problem_json_response(
                Problem(400, "malformed-json", _("the body is not valid JSON: {reason}", reason=reason))
            )
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
        return problem_json_response(
            Problem(422, "bad-request", f"{where}: {first.get('msg', 'invalid')}", field=where)
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        if isinstance(error, ProblemInBody):
            return problem_json_response(error.problem)
        if error.status_code == 405:
            return problem_json_response(_method_not_allowed(request, error))
        code = "not-found" if error.status_code == 404 else "bad-request"
        return problem_json_response(
            Problem(error.status_code, code, str(error.detail), headers=dict(error.headers or {}))
        )

    @app.exception_handler(RecursionError)
    async def too_deep(_request: Request, _error: RecursionError) -> JSONResponse:
        return problem_json_response(Problem(422, "too-deep", _("the request is nested too deeply")))


def _method_not_allowed(request: Request, error: StarletteHTTPException) -> Problem:
    """A 405 with the `Allow` header RFC 9110 asks for: every method of every route at this path (Starlette's own
    names only the first route's, and a path such as /api/session has a route per method). The routes of an included
    router are reached through FastAPI's `iter_route_contexts`."""
    methods: set[str] = set()
    for route in iter_route_contexts(request.app.router.routes):
        if route.methods and route.matches(request.scope)[0] is not Match.NONE:
            methods |= route.methods
    allow = ", ".join(sorted(methods)) or (error.headers or {}).get("Allow", "GET, HEAD")
    detail = _("{method} is not a method of this address; it answers {methods}", method=request.method, methods=allow)
    return Problem(405, "method-not-allowed", detail, headers={"Allow": allow})
