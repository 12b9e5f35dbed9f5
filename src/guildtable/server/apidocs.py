"""The API documentation at `/docs`: Swagger UI, served from this server (issue 30 finding 15).

FastAPI's own page loads Swagger UI from a CDN and starts it with an inline script, neither of which the
Content-Security-Policy (`headers.py`) allows, and which made every visit to /docs tell a third party about it. Here
its files come from the `fastapi-offline` package (pinned in pyproject.toml; it ships swagger-ui-dist's bundle and
stylesheet), under `/docs-assets/`, and `web/js/apidocs.js` starts it. ReDoc, FastAPI's second page, is not served.
"""

from __future__ import annotations

from html import escape
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

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
