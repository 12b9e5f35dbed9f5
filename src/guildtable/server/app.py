"""The FastAPI application: thin HTTP and WebSocket endpoints over the lobby, plus the static pages.

HTTP: tables, seats, moves, records and replays (see /docs). WebSocket `/ws/tables/{id}`: one per client; the
first message is `{"type": "hello", "token": ...}` (no token: a spectator), then moves as
`{"type": "move", "version": v, "action": {...}}`; the server answers with `state` (everything this seat may
know), `update` (what changed) and `error` (a problem body) messages.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from guildtable.bots.spec import BOT_DESCRIPTIONS, BOT_KINDS
from guildtable.kernel.registry import all_games, get_game
from guildtable.server.auth import bearer_token
from guildtable.server.hub import Client
from guildtable.server.lobby import Lobby
from guildtable.server.problems import Problem
from guildtable.server.schemas import CreateTableRequest, JoinRequest, MoveRequest
from guildtable.server.store import Store

WEB = Path(__file__).resolve().parent.parent / "web"
HELLO_TIMEOUT = 15.0
log = logging.getLogger("guildtable.server")


def create_app(db_url: str, *, bot_delay: float = 0.6) -> FastAPI:
    """The app for one database. `bot_delay` is the pause (seconds) before a bot moves, so people can follow."""
    store = Store(db_url)
    lobby = Lobby(store, bot_delay=bot_delay)
    lobby.load()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        lobby.start_bots()
        yield
        await lobby.stop()
        store.close()

    app = FastAPI(
        title="guildtable",
        summary="Play City Blocks, City and Guilds, Guildhall and Guilds of London online.",
        description=__doc__,
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    _add_problem_handlers(app)
    _add_api(app, lobby)
    _add_websocket(app, lobby)
    _add_pages(app)
    return app


def _add_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def problem(_request: Request, error: Problem) -> JSONResponse:
        return JSONResponse(error.body(), status_code=error.status, media_type="application/problem+json")

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        errors = error.errors()
        first = errors[0] if errors else {}
        if first.get("type") == "json_invalid":
            result = Problem(400, "malformed-json", f"the body is not valid JSON: {first.get('msg', '')}")
        else:
            where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
            result = Problem(422, "bad-request", f"{where}: {first.get('msg', 'invalid')}", field=where)
        return JSONResponse(result.body(), status_code=result.status, media_type="application/problem+json")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = "not-found" if error.status_code == 404 else "bad-request"
        result = Problem(error.status_code, code, str(error.detail))
        return JSONResponse(result.body(), status_code=result.status, media_type="application/problem+json")


def _add_api(app: FastAPI, lobby: Lobby) -> None:
    @app.get("/api/games", tags=["games"])
    async def games() -> dict[str, Any]:
        """Every game the engine has, with its player counts and options, and the bots a seat can be given."""
        return {
            "games": [
                {
                    "name": game.name,
                    "title": game.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "seat_names": list(game.seat_names[: game.max_players]),
                    "official_content": game.official_content,
                    "content_note": game.content_note,
                    "options": [
                        {
                            "name": option.name,
                            "default": option.default if _is_json(option.default) else str(option.default),
                            "kind": option.kind.__name__,
                            "help": option.help,
                            "choices": None
                            if option.choices is None
                            else [c if _is_json(c) else str(c) for c in option.choices],
                            "minimum": option.minimum,
                            "maximum": option.maximum,
                        }
                        for option in game.options
                    ],
                }
                for game in all_games()
            ],
            "bots": [{"kind": kind, "description": BOT_DESCRIPTIONS.get(kind, "")} for kind in sorted(BOT_KINDS)],
        }

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(body: CreateTableRequest) -> dict[str, Any]:
        """A new table. The answer holds one secret invite link per human seat (give each to its player only) and
        a spectator link."""
        table, tokens = lobby.create_table(
            body.game, [seat.kind for seat in body.seats], [seat.name for seat in body.seats], body.options, body.seed
        )
        return {
            **table.summary(),
            "invites": [
                {"seat": seat, "token": token, "url": f"/table/{table.id}#seat={seat}&token={token}"}
                for seat, token in enumerate(tokens)
                if token is not None
            ],
            "spectator": f"/table/{table.id}",
        }

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def table_summary(table_id: str) -> dict[str, Any]:
        """What anyone with the link may know: the game, the seats, whose turn, whether it is over."""
        return lobby.table(table_id).summary()

    @app.get("/api/tables/{table_id}/state", tags=["tables"])
    async def table_state(table_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """The seat's whole picture (with `Authorization: Bearer <token>`), or the spectator's without a token."""
        table = lobby.table(table_id)
        token = bearer_token(authorization)
        seat = None if token is None and authorization is None else table.seat_for(token)
        return table.payload(seat)

    @app.post("/api/tables/{table_id}/join", tags=["seats"])
    async def join(table_id: str, body: JoinRequest, authorization: str | None = Header(default=None)) -> Any:
        """Take a seat under a display name."""
        table = lobby.table(table_id)
        seat = table.seat_for(bearer_token(authorization))
        await lobby.join(table, seat, body.name)
        return table.payload(seat)

    @app.post("/api/tables/{table_id}/moves", tags=["moves"])
    async def move(table_id: str, body: MoveRequest, authorization: str | None = Header(default=None)) -> Any:
        """Make a move: the action's JSON form (from `legal`) and the version it was made against. A stale or
        repeated move gets 409 and changes nothing."""
        table = lobby.table(table_id)
        seat = table.seat_for(bearer_token(authorization))
        await lobby.move(table, seat, body.version, body.action)
        return table.payload(seat)

    @app.post("/api/tables/{table_id}/rematch", tags=["tables"])
    async def rematch(table_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """The same seats and options again with a new shuffle; each seat asks with its own token and gets its new
        one."""
        table = lobby.table(table_id)
        seat = table.seat_for(bearer_token(authorization))
        new, token = lobby.rematch(table, seat)
        url = f"/table/{new.id}#seat={seat}&token={token}" if token else f"/table/{new.id}"
        return {**new.summary(), "seat": seat, "token": token, "url": url}

    @app.get("/api/tables/{table_id}/record", tags=["records"])
    async def table_record(table_id: str) -> JSONResponse:
        """The record of a finished game (409 while it is being played: its seed would reveal hidden cards)."""
        record = lobby.table(table_id).record()
        return JSONResponse(
            record, headers={"Content-Disposition": f'attachment; filename="guildtable-{table_id}.json"'}
        )

    @app.post("/api/replays", status_code=201, tags=["replays"])
    async def upload(request: Request) -> dict[str, Any]:
        """Upload a record file (JSON) to watch it at /replay/{id}."""
        raw = await request.body()
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise Problem(400, "malformed-json", f"the record is not valid JSON: {error}") from None
        replay_id = lobby.upload(data)
        return {"id": replay_id, "url": f"/replay/{replay_id}"}

    @app.get("/api/replays/{replay_id}", tags=["replays"])
    async def replay(replay_id: str) -> dict[str, Any]:
        """A finished game or an uploaded record: how many steps it has and who played."""
        record = lobby.replay_record(replay_id)
        frames = lobby.replay_frames(replay_id)
        game = get_game(record["game"])
        return {
            "id": replay_id,
            "game": game.name,
            "title": game.title,
            "players": record["players"],
            "steps": len(frames) - 1,
            "moves": [frame["move"] for frame in frames[1:]],
            "record": f"/api/replays/{replay_id}/record",
        }

    @app.get("/api/replays/{replay_id}/steps/{step}", tags=["replays"])
    async def replay_step(replay_id: str, step: int) -> dict[str, Any]:
        """The position after `step` moves, as a spectator sees it."""
        frames = lobby.replay_frames(replay_id)
        if not 0 <= step < len(frames):
            raise Problem(404, "not-found", f"this replay has steps 0 to {len(frames) - 1}")
        return frames[step]

    @app.get("/api/replays/{replay_id}/record", tags=["replays"])
    async def replay_record(replay_id: str) -> JSONResponse:
        record = lobby.replay_record(replay_id)
        return JSONResponse(
            record, headers={"Content-Disposition": f'attachment; filename="guildtable-{replay_id}.json"'}
        )


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _add_websocket(app: FastAPI, lobby: Lobby) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        try:
            table = lobby.table(table_id)
            hello = await asyncio.wait_for(socket.receive_text(), HELLO_TIMEOUT)
            message = _parse(hello)
            if message.get("type") != "hello":
                raise Problem(400, "bad-request", 'the first message is {"type": "hello", "token": ...}')
            token = message.get("token")
            seat = None if token is None else table.seat_for(token if isinstance(token, str) else "")
        except Problem as problem:
            await socket.send_json({**problem.body(), "type": "error"})
            await socket.close(code=4000 + problem.status)
            return
        except (WebSocketDisconnect, TimeoutError, RuntimeError):
            return  # gone before saying hello (RuntimeError: the socket closed under us)
        client = Client(socket, seat, table.version)
        lobby.hub.add(table.id, client)
        try:
            await lobby.hub.update(table, client, whole=True)
            while True:
                text = await socket.receive_text()
                try:
                    message = _parse(text)
                    kind = message.get("type")
                    if kind == "move":
                        if seat is None:
                            raise Problem(401, "missing-token", "a spectator cannot move")
                        await lobby.move(table, seat, message.get("version"), message.get("action"))
                    elif kind == "refresh":
                        await lobby.hub.update(table, client, whole=True)
                    elif kind == "ping":
                        await socket.send_json({"type": "pong"})
                    else:
                        raise Problem(400, "bad-request", f"unknown message type {kind!r} (move, refresh, ping)")
                except Problem as problem:
                    await socket.send_json({**problem.body(), "type": "error"})
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client left; a reconnect gets the whole state again
        finally:
            lobby.hub.remove(table.id, client)


def _parse(text: str) -> dict[str, Any]:
    try:
        message = json.loads(text)
    except json.JSONDecodeError as error:
        raise Problem(400, "malformed-json", f"the message is not valid JSON: {error.msg}") from None
    if not isinstance(message, dict):
        raise Problem(400, "bad-request", "a message is a JSON object with a 'type'")
    return message


def _add_pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/replay", include_in_schema=False)
    def upload_page() -> FileResponse:
        return FileResponse(WEB / "replay.html")

    @app.get("/replay/{replay_id}", include_in_schema=False)
    def replay_page(replay_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")
