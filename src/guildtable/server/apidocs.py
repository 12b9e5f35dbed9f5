"""The API documentation at `/docs`: Swagger UI, served from this server (issue 30 finding 15).

FastAPI's own page loads Swagger UI from a CDN and starts it with an inline script, neither of which the
Content-Security-Policy (`headers.py`) allows, and which made every visit to /docs tell a third party about it. Here
its files come from the `fastapi-offline` package (pinned in pyproject.toml; it ships swagger-ui-dist's bundle and
stylesheet), under `/docs-assets/`, and `web/js/apidocs.js` starts it. ReDoc, FastAPI's second page, is not served.

The schema at `/openapi.json` documents every answer (issue 30): each route names the problems it can answer with
(`problems.problem_responses`), and `document_problems` adds the ones that come from the app as a whole rather than
from a route: a body's 400, 413 and 422, a signed-in change's 403 `csrf`, and any request's 422 (FastAPI's own
validation error, which the app answers as a problem, `application/problem+json`, like every other refusal).
Issue 32: each 2xx answer's schema comes from its route's model (`models/`); `document_examples` puts a real example of
it beside it (`api_examples.py`), and `document_socket` adds the WebSocket's messages (`models/socket.py`) as the
schemas `ClientMessage` and `ServerMessage`, which the description's section on the WebSocket names.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from pydantic import TypeAdapter

from guildtable.server.api_examples import EXAMPLES
from guildtable.server.models.socket import CLOSE_CODES, ClientMessage, ServerMessage
from guildtable.server.problems import PROBLEM_SCHEMA, ProblemBody, problem_response

ASSETS = Path(str(files("fastapi_offline") / "static"))
PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="/favicon.ico" type="image/svg+xml">
  <link rel="stylesheet" href="/docs-assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui" data-openapi="{openapi}"></div>
  <script src="/docs-assets/swagger-ui-bundle.js"></script>
  <script src="/static/js/apidocs.js"></script>
</body>
</html>
"""


def add_api_docs(app: FastAPI) -> None:
    """Serve `/docs` and its files on `app` (made with `docs_url=None, redoc_url=None`)."""
    app.mount("/docs-assets", StaticFiles(directory=ASSETS), name="docs-assets")
    page = PAGE.format(title=escape(f"{app.title} API"), openapi=escape(app.openapi_url or "/openapi.json"))

    @app.get("/docs", include_in_schema=False)
    def api_docs() -> HTMLResponse:
        return HTMLResponse(page)

    app.openapi = _with_problems(app.openapi)  # type: ignore[method-assign]


def _with_problems(make: Callable[[], dict[str, Any]]) -> Callable[[], dict[str, Any]]:
    """FastAPI's schema maker, its schema completed by `document_problems` (once: FastAPI keeps the schema)."""
    done: list[dict[str, Any]] = []

    def openapi() -> dict[str, Any]:
        if not done:
            done.append(document_examples(document_socket(document_problems(make()))))
        return done[0]

    return openapi


# Methods that change something: a signed-in request of these to /api/ carries its X-CSRF-Token (accounts.py).
_CHANGES = ("post", "put", "patch", "delete")


def document_problems(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` (an OpenAPI document, changed in place) with the problem body and the refusals every route of a kind
    can answer with."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components[PROBLEM_SCHEMA["$ref"].rsplit("/", 1)[-1]] = ProblemBody.model_json_schema(
        ref_template="#/components/schemas/{model}"
    )
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            if _is_validation_error(responses.get("422")):
                del responses["422"]  # FastAPI's: the app's answer is a problem (app.py)
            statuses = []
            if operation.get("parameters") or "requestBody" in operation:
                statuses.append(422)
            if "requestBody" in operation:
                statuses += [400, 413]
            if method in _CHANGES and path.startswith("/api/"):
                statuses.append(403)
            for status in statuses:
                responses.setdefault(str(status), problem_response(status))
            operation["responses"] = dict(sorted(responses.items()))
    for unused in ("HTTPValidationError", "ValidationError"):
        components.pop(unused, None)
    return schema


def _is_validation_error(response: dict[str, Any] | None) -> bool:
    content = (response or {}).get("content", {}).get("application/json", {})
    return bool(content.get("schema", {}).get("$ref", "").endswith("/HTTPValidationError"))


REF = "#/components/schemas/{model}"


def document_examples(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with an example beside each 2xx JSON answer whose schema `api_examples.EXAMPLES` has one of."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                content = response.get("content", {}).get("application/json")
                if not status.startswith("2") or content is None:
                    continue
                name = content.get("schema", {}).get("$ref", "").rsplit("/", 1)[-1]
                if name in EXAMPLES:
                    content["example"] = EXAMPLES[name]()
    return schema


def document_socket(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with the WebSocket's messages among its schemas: `ClientMessage` (what a client sends) and
    `ServerMessage` (what the server sends), each a union tagged by `type`, and the schemas they name."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    messages: tuple[tuple[str, TypeAdapter[Any]], ...] = (
        ("ClientMessage", TypeAdapter(ClientMessage)),
        ("ServerMessage", TypeAdapter(ServerMessage)),
    )
    for name, adapter in messages:
        described = adapter.json_schema(ref_template=REF, mode="serialization")
        for model, definition in described.pop("$defs", {}).items():
            components.setdefault(model, definition)
        components[name] = described
    return schema


def socket_description() -> str:
    """The API description's section on the WebSocket: its messages both ways and its close codes."""
    codes = "\n".join(f"- `{code}`: {meaning}" for code, meaning in CLOSE_CODES.items())
    return f"""
## The WebSocket

`GET /ws/tables/{{table_id}}` (a WebSocket; `?lang=de` picks the language of its texts) carries JSON text messages,
each an object with a `type`. The schemas `ClientMessage` and `ServerMessage` describe every message:

- a client sends `hello` first (`HelloMessage`: `token`, a seat's secret, plays that seat; `invite`, an invite link's
  token, watches until its player joins; neither: a spectator), then `move` (`MoveMessage`), `undo`, `resign`,
  `refresh` (the whole state again) and `ping`;
- the server sends the whole `state` (`TableState`, as `GET /api/tables/{{table_id}}/state` answers) first and after
  a refresh, an `update` (`TableUpdate`: the events since the client's last message) after every change, an `invite`
  (`InviteMessage`) to an invite link's holder, a `pong`, and an `error` (`ErrorMessage`, a problem body) for each
  message it refused.

A refusal the socket cannot go on after closes it with a code:

{codes}
"""
