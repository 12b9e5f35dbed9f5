"""The HTML pages, each rendered in the request's language (`pages.py`): the lobby, a table, a replay, a game's rules,
the account pages, and the files they load (`/static`, the catalogues of `/i18n`). None is in the API's schema."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.i18n import language_of
from guildtable.kernel.registry import find_game
from guildtable.server.accounts import safe_next
from guildtable.server.pages import WEB, catalogue_text, known_domain, render_page, render_rules_text
from guildtable.server.problems import Problem
from guildtable.server.rulebook import unknown_game

router = APIRouter(include_in_schema=False)


def mount_static(app: FastAPI) -> None:
    """Serve `web/` under `/static` (a router cannot carry a mount into the app)."""
    app.mount("/static", StaticFiles(directory=WEB), name="static")


def _page(template: str) -> HTMLResponse:
    return HTMLResponse(render_page(template))


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")


@router.get("/")
def lobby_page() -> HTMLResponse:
    return _page("index.html")


@router.get("/table/{table_id}")
def table_page(table_id: str) -> HTMLResponse:
    return _page("table.html")


@router.get("/learn/{game}")
def learn_page(game: str) -> HTMLResponse:
    """Issue 34: starts the game's guided first game and opens its table."""
    found = find_game(game)
    if found is None or found.tutorial() is None:
        return HTMLResponse(render_page("not_found.html"), status_code=404)
    return HTMLResponse(render_page("learn.html"), headers={"Cache-Control": "no-store"})


@router.get("/replay")
def upload_page() -> HTMLResponse:
    return _page("replay.html")


@router.get("/replay/{replay_id}")
def replay_page(replay_id: str) -> HTMLResponse:
    return _page("replay.html")


@router.get("/rules/{game}")
def rules_page(game: str) -> HTMLResponse:
    if find_game(game) is None:
        return HTMLResponse(render_page("not_found.html"), status_code=404)
    return _page("rules.html")


@router.get("/rules/{game}/text")
def rules_text(game: str) -> HTMLResponse:
    """The rules of `game` as an HTML fragment in the request's language (the rules page shows it)."""
    found = find_game(game)
    if found is None:
        raise unknown_game()
    return HTMLResponse(render_rules_text(found.name))


@router.get("/i18n/{language}/{name}.json")
def catalogue(language: str, name: str) -> Response:
    """One catalogue domain's messages for the pages (a game's renderer loads its game's)."""
    if language_of(language) != language or not known_domain(name):
        raise Problem(404, "not-found", _("there is no such catalogue"))
    return Response(
        catalogue_text(language, name), media_type="application/json", headers={"Cache-Control": "public, max-age=3600"}
    )


# The account pages (issue 16). Each is the same page for everyone; its script asks the API what the visitor may see.
@router.get("/signin")
def signin_page(next: str | None = None) -> HTMLResponse:
    # Issue 30: where to go afterwards is only ever a path of this site (`safe_next`); the page checks it again.
    return HTMLResponse(render_page("signin.html", next=safe_next(next) if next is not None else ""))


@router.get("/me")
def my_games_page() -> HTMLResponse:
    return HTMLResponse(render_page("me.html"), headers={"Cache-Control": "no-store"})


@router.get("/players/{name}")
def player_page(name: str) -> HTMLResponse:
    return _page("player.html")


@router.get("/leaderboard")
def leaderboard_page() -> HTMLResponse:
    return HTMLResponse(render_page("leaderboard.html", page="leaderboard"))
