"""The FastAPI application: thin HTTP and WebSocket endpoints over the lobby, plus the static pages.

HTTP: tables, seats, moves, records and replays (see /docs). WebSocket `/ws/tables/{id}`: one per client; the
first message is `{"type": "hello", "token": ...}` (no token: a spectator), then moves as
`{"type": "move", "version": v, "action": {...}}`; the server answers with `state` (everything this seat may
know), `update` (what changed) and `error` (a problem body) messages.

Every input is bounded (see `limits.py` and SECURITY.md): request rates per client address, body and message sizes,
JSON depth, watchers per table and connections per address. Whatever a client sends, the answer is a problem body
(4xx) or a WebSocket error message and an orderly close, never a 500.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, Depends, FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from guildtable.bots.levels import OPPONENTS, opponent_label
from guildtable.bots.spec import BOT_DESCRIPTIONS, BOT_KINDS
from guildtable.kernel.glossary import glossary_json
from guildtable.kernel.i18n import current_language, language_of
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import all_games, find_game, get_game
from guildtable.kernel.seats import displayed_seat_name, seat_colour_label
from guildtable.server.account_api import OptionalSession, add_account_api
from guildtable.server.accounts import Accounts, csrf_guard
from guildtable.server.apidocs import add_api_docs
from guildtable.server.auth import bearer_token
from guildtable.server.collector import SurvivorsFrozen
from guildtable.server.headers import SecurityHeaders
from guildtable.server.health import Health, LoopLag, Pauses, health
from guildtable.server.hub import TRY_AGAIN_LATER
from guildtable.server.jsonin import ProblemInBody, SafeJSONRoute, parse_json
from guildtable.server.language import LanguageMiddleware
from guildtable.server.limits import Action, BodyLimit, RateLimiter, ServerLimits
from guildtable.server.lobby import Lobby
from guildtable.server.mail import MailSettings, Notifier
from guildtable.server.pages import add_account_pages, catalogue_text, known_domain, render_page
from guildtable.server.platform import make_lobby
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.rulebook import add_rules_pages
from guildtable.server.schemas import CreateTableRequest, JoinRequest, MoveRequest, UndoRequest
from guildtable.server.tables import Table, game_words

WEB = Path(__file__).resolve().parent.parent / "web"
HELLO_TIMEOUT = 15.0
# WebSocket close codes: 1003 a frame of a kind we do not take, 1008 a broken rule (rate), 1009 a message too large.
UNSUPPORTED_DATA = 1003
POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009
log = logging.getLogger("guildtable.server")
# The refusals of a route, by what it is given (its `responses`, problems.py): a table's id (no such table, or one this
# version cannot restore), a seat's secret (missing, or not this table's), a replay's id (no such replay, or a game
# still being played; reads are rate limited).
TABLE = (404, 410)
SEAT = (401, 403)
REPLAY = (404, 409, 429)
# What the schema says of an uploaded record (its whole format is `kernel.records.GameRecord`'s, checked on upload).
RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "seed"],
    "properties": {
        "game": {"type": "string"},
        "players": {"type": "array", "minItems": 1, "maxItems": 8},
        "seed": {"type": "integer", "minimum": 0},
        "actions": {"type": "array"},
    },
    "description": "A guildtable game record (format `guildtable-record`): the game, its players, the seed and the "
    "moves; a record with more moves than the server replays, or whose moves the rules do not allow, is a 422",
}


def create_app(
    db_url: str,
    *,
    bot_delay: float = 0.6,
    limits: ServerLimits | None = None,
    chosen_seeds: bool = False,
    redis_url: str | None = None,
    mail: MailSettings | None = None,
    mail_poll: float = 60.0,
) -> FastAPI:
    """The app for one database. `bot_delay` is the pause (seconds) before a bot moves, so people can follow;
    `limits` what one client may cost; `chosen_seeds` lets a table's creator fix its shuffle (tests only: the
    chooser would know every hidden card). With `redis_url` the process joins a platform of several (see
    `platform.py`): its tables' news travel over Redis and bot workers make the bots' moves. With `mail` it sends
    "your turn" e-mails (`mail.py`), looking for due ones every `mail_poll` seconds."""
    limits = limits or ServerLimits()
    lobby = make_lobby(db_url, redis_url, bot_delay=bot_delay, limits=limits, chosen_seeds=chosen_seeds)
    rates = RateLimiter(limits)
    accounts = Accounts(lobby.store, sends_mail=mail is not None)
    pauses, lag, collector = Pauses(), LoopLag(), SurvivorsFrozen()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The collector looks at each long-lived object once (collector.py): with the defaults, a process holding a
        # thousand tables stalled them all for 100-400 ms at a time.
        collector.start()
        thorough = asyncio.get_running_loop().create_task(collector.thorough_forever())
        pauses.start()
        await lobby.start()
        expiry = asyncio.get_running_loop().create_task(rates.expire_forever())
        lagging = asyncio.get_running_loop().create_task(lag.watch_forever())
        mailing = None
        if mail is not None:
            mailing = asyncio.get_running_loop().create_task(Notifier(lobby.store, mail).run_forever(mail_poll))
        yield
        for task in (expiry, mailing, lagging, thorough):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        await lobby.stop()
        pauses.stop()
        collector.stop()
        accounts.close()

    app = FastAPI(
        title="guildtable",
        summary="Play City Blocks, City and Guilds, Guildhall and Guilds of London online.",
        description=__doc__,
        lifespan=lifespan,
        # The CSRF check of signed-in requests, in one place (accounts.py): every route depends on it.
        dependencies=[Depends(csrf_guard)],
        # /docs is served from this server, under the Content-Security-Policy (apidocs.py); ReDoc is not.
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, max_bytes=limits.max_body_bytes)
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(SecurityHeaders)
    add_api_docs(app)
    app.router.route_class = SafeJSONRoute
    app.state.lobby = lobby
    app.state.accounts = accounts
    app.state.rates = rates
    _add_problem_handlers(app)
    _add_api(app, lobby, rates)

    @app.get("/api/health", tags=["operators"])
    async def health_check() -> Health:
        """This process answers: the tables and sockets it holds, how late its event loop ran over the last minute,
        and its garbage collections since it started (a reverse proxy polls it; a load test reads the stalls)."""
        sockets = sum(len(clients) for clients in lobby.hub.clients.values())
        return health(pauses, lag, len(lobby.tables), sockets)

    add_account_api(app, lobby, accounts, lambda request, action: rates.check(action, client_address(request)))
    _add_websocket(app, lobby, rates)
    _add_pages(app)
    return app


def client_address(connection: Request | WebSocket) -> str:
    """Who to count a request against: the peer's address (uvicorn's --forwarded-allow-ips makes it the proxied
    client's)."""
    return connection.client.host if connection.client else "unknown"


def _problem_response(error: Problem) -> JSONResponse:
    return JSONResponse(
        error.body(), status_code=error.status, media_type="application/problem+json", headers=error.headers or None
    )


def _add_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def problem(_request: Request, error: Problem) -> JSONResponse:
        return _problem_response(error)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        errors = error.errors()
        first = errors[0] if errors else {}
        if first.get("type") == "json_invalid":
            result = Problem(
                400, "malformed-json", _("the body is not valid JSON: {reason}", reason=first.get("msg", ""))
            )
        else:
            where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
            result = Problem(422, "bad-request", f"{where}: {first.get('msg', 'invalid')}", field=where)
        return JSONResponse(result.body(), status_code=result.status, media_type="application/problem+json")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        if isinstance(error, ProblemInBody):
            return _problem_response(error.problem)
        if error.status_code == 405:
            return _problem_response(_method_not_allowed(request, error))
        code = "not-found" if error.status_code == 404 else "bad-request"
        result = Problem(error.status_code, code, str(error.detail), headers=dict(error.headers or {}))
        return _problem_response(result)

    @app.exception_handler(RecursionError)
    async def too_deep(_request: Request, _error: RecursionError) -> JSONResponse:
        return _problem_response(Problem(422, "too-deep", _("the request is nested too deeply")))


def _method_not_allowed(request: Request, error: StarletteHTTPException) -> Problem:
    """A 405 with the `Allow` header RFC 9110 asks for: every method of every route at this path (Starlette's own
    names only the first route's, and a path such as /api/session has a route per method)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, Route) and route.methods and route.matches(request.scope)[0] is not Match.NONE:
            methods |= route.methods
    allow = ", ".join(sorted(methods)) or (error.headers or {}).get("Allow", "GET, HEAD")
    detail = _("{method} is not a method of this address; it answers {methods}", method=request.method, methods=allow)
    return Problem(405, "method-not-allowed", detail, headers={"Allow": allow})


def _add_api(app: FastAPI, lobby: Lobby, rates: RateLimiter) -> None:
    def limit(request: Request, action: Action) -> None:
        rates.check(action, client_address(request))

    def seat_limit(table_id: str, seat: int) -> None:
        # A seat's moves are counted per seat (issue 30): nobody else, whatever address they share, can spend them.
        rates.check("move", seat_key(table_id, seat))

    @app.get("/api/games", tags=["games"])
    async def games() -> dict[str, Any]:
        """Every game the engine has, with its player counts and options, and the bots a seat can be given."""
        return {
            "games": [
                {
                    "name": game.name,
                    "title": game.title,
                    "renderer": game.renderer,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "seat_names": [seat_colour_label(seat) for seat in range(game.max_players)],
                    "official_content": game.official_content,
                    "content_note": game_words(game, game.content_note),
                    "options": [
                        {
                            "name": option.name,
                            "label": game_words(game, option.title),
                            "rule": option.rule,
                            "choice_labels": [game_words(game, label) for label in option.choice_titles()]
                            if option.choices is not None
                            else None,
                            "default": option.default if _is_json(option.default) else str(option.default),
                            "kind": option.kind.__name__,
                            "help": game_words(game, option.help),
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
            "bots": [
                {"kind": kind, "description": _(BOT_DESCRIPTIONS[kind]) if BOT_DESCRIPTIONS.get(kind) else ""}
                for kind in sorted(BOT_KINDS)
            ],
            "opponents": [{"kind": kind, "label": opponent_label(kind, hint)} for kind, hint in OPPONENTS],
        }

    @app.get("/api/games/{name}/glossary", tags=["games"], responses=problem_responses(404))
    async def glossary(name: str) -> dict[str, Any]:
        """What every piece of the game does, keyed as the game's views name the pieces: a name, a text and details
        (an ability's levels, a cost, points). Public content, the same for everyone."""
        game = find_game(name)
        if game is None:
            raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
        return glossary_json(game.glossary())

    @app.post("/api/tables", status_code=201, tags=["tables"], responses=problem_responses(404, 409, 422, 429))
    async def create_table(body: CreateTableRequest, request: Request, session: OptionalSession) -> dict[str, Any]:
        """A new table. The answer holds one secret invite link per human seat (give each to its player only) and
        a spectator link. A table counts for the ratings (`rated`) only if a signed-in player creates it: the
        ratings are the accounts' (422 `rated-needs-account` otherwise); casual is the default."""
        limit(request, "create")
        if body.rated and session is None:
            raise Problem(
                422,
                "rated-needs-account",
                _("sign in to create a rated table: ratings belong to accounts"),
                field="rated",
            )
        if session is None and any(seat.take and seat.account for seat in body.seats):
            raise Problem(422, "account-needs-sign-in", _("sign in to take a seat as your account"), field="seats")
        created = await lobby.create_table(
            body.game,
            [seat.kind for seat in body.seats],
            [seat.name for seat in body.seats],
            body.options,
            body.seed,
            rated=body.rated,
            pace=body.pace,
            taken=[seat.take for seat in body.seats],
            account_id=None if session is None else session.account.id,
            as_account=[seat.account for seat in body.seats],
        )
        table = created.table
        return {
            **table.summary(),
            "invites": [
                {"seat": seat, "token": token, "url": f"/table/{table.id}#seat={seat}&invite={token}"}
                for seat, token in sorted(created.invites.items())
            ],
            "secrets": [{"seat": seat, "secret": secret} for seat, secret in sorted(created.secrets.items())],
            "spectator": f"/table/{table.id}",
        }

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=problem_responses(*TABLE))
    async def table_summary(table_id: str) -> dict[str, Any]:
        """What anyone with the link may know: the game, the seats, whose turn, whether it is over."""
        return (await lobby.table(table_id)).summary()

    @app.get("/api/tables/{table_id}/state", tags=["tables"], responses=problem_responses(*TABLE, *SEAT))
    async def table_state(table_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """The seat's whole picture (with `Authorization: Bearer <seat secret>`), or the spectator's without a
        token."""
        table = await lobby.table(table_id)
        token = bearer_token(authorization)
        seat = None if token is None and authorization is None else await lobby.seat_of(table, token)
        return table.payload(seat)

    @app.get("/api/tables/{table_id}/invite", tags=["seats"], responses=problem_responses(*TABLE, 403))
    async def invite(table_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """What an invite link (`Authorization: Bearer <invite token>`) shows: its seat, and whether that seat is
        taken already. An invite token takes its seat once (join) and does nothing else."""
        table = await lobby.table(table_id)
        token = bearer_token(authorization)
        seat = None if token is None else table.invited_seat(token)
        if seat is None:
            raise Problem(403, "forged-token", _("this is not an invite link of this table"))
        return table.invite_json(seat)

    @app.post("/api/tables/{table_id}/join", tags=["seats"], responses=problem_responses(*TABLE, *SEAT, 409, 422, 429))
    async def join(
        table_id: str,
        body: JoinRequest,
        request: Request,
        session: OptionalSession,
        authorization: str | None = Header(default=None),
    ) -> Any:
        """Take a seat with its invite token, under a display name. The answer holds the seat's `secret`: only it
        plays the seat from now on (keep it; the invite link only shows that the seat is taken, 409 `seat-taken`).
        With `"account": true` a signed-in player takes the seat as their account (409 if another account plays it).
        With the seat's secret instead of the invite token, its player renames the seat."""
        table = await lobby.table(table_id)
        token = bearer_token(authorization)
        if token is None or table.invited_seat(token) is None:
            await lobby.seat_of(table, token)  # a secret renames its seat; anything else is refused before any budget
        limit(request, "join")
        if body.account and session is None:
            raise Problem(422, "account-needs-sign-in", _("sign in to take a seat as your account"), field="account")
        account_id = session.account.id if body.account and session is not None else None
        seat, secret = await lobby.join(table, token, body.name, account_id)
        return {**table.payload(seat), "secret": secret}

    @app.post("/api/tables/{table_id}/moves", tags=["moves"], responses=problem_responses(*TABLE, *SEAT, 409, 422, 429))
    async def move(
        table_id: str, body: MoveRequest, request: Request, authorization: str | None = Header(default=None)
    ) -> Any:
        """Make a move: the action's JSON form (from `legal`) and the version it was made against. A stale or
        repeated move gets 409 and changes nothing."""
        table = await lobby.table(table_id)
        seat = await lobby.seat_of(table, bearer_token(authorization))
        seat_limit(table.id, seat)
        await lobby.move(table, seat, body.version, body.action)
        return table.payload(seat)

    @app.post("/api/tables/{table_id}/undo", tags=["moves"], responses=problem_responses(*TABLE, *SEAT, 409, 422, 429))
    async def undo(
        table_id: str, body: UndoRequest, request: Request, authorization: str | None = Header(default=None)
    ) -> Any:
        """Take back your last move of this turn, while it showed nothing hidden and left nothing to chance (409
        `cannot-undo` names why not); never once the next player is on turn."""
        table = await lobby.table(table_id)
        seat = await lobby.seat_of(table, bearer_token(authorization))
        seat_limit(table.id, seat)
        await lobby.undo(table, seat, body.version)
        return table.payload(seat)

    @app.post("/api/tables/{table_id}/resign", tags=["moves"], responses=problem_responses(*TABLE, *SEAT, 409, 429))
    async def resign(table_id: str, request: Request, authorization: str | None = Header(default=None)) -> Any:
        """Leave the game: you are placed last. With one player left the game ends; otherwise a computer plays on
        for your seat so the others can finish."""
        table = await lobby.table(table_id)
        seat = await lobby.seat_of(table, bearer_token(authorization))
        seat_limit(table.id, seat)
        await lobby.resign(table, seat)
        return table.payload(seat)

    @app.post("/api/tables/{table_id}/rematch", tags=["tables"], responses=problem_responses(*TABLE, *SEAT, 409, 429))
    async def rematch(
        table_id: str, request: Request, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        """The same seats and options again with a new shuffle; each seat asks with its own token and gets its new
        one."""
        table = await lobby.table(table_id)
        seat = await lobby.seat_of(table, bearer_token(authorization))
        limit(request, "create")
        new, token = await lobby.rematch(table, seat)
        return {**new.summary(), "seat": seat, "secret": token, "url": f"/table/{new.id}"}

    @app.get("/api/tables/{table_id}/record", tags=["records"], responses=problem_responses(*TABLE, 409))
    async def table_record(table_id: str) -> JSONResponse:
        """The record of a finished game (409 while it is being played: its seed would reveal hidden cards)."""
        record = (await lobby.table(table_id)).record()
        return JSONResponse(
            record, headers={"Content-Disposition": f'attachment; filename="guildtable-{table_id}.json"'}
        )

    @app.post("/api/replays", status_code=201, tags=["replays"], responses=problem_responses(422, 429))
    async def upload(request: Request, record: Annotated[Any, Body(json_schema_extra=RECORD_SCHEMA)]) -> dict[str, Any]:
        """Upload a record file (JSON) to watch it at /replay/{id}: a record as /api/tables/{id}/record gives it,
        whose moves replay by the game's rules (422 `bad-record` names the first entry that does not)."""
        limit(request, "upload")
        if isinstance(record, bytes | str):  # sent without a JSON content type
            record = parse_json(record, "the record")
        replay_id = await lobby.upload(record)
        return {"id": replay_id, "url": f"/replay/{replay_id}"}

    @app.get("/api/replays/{replay_id}", tags=["replays"], responses=problem_responses(*REPLAY, 422, 503))
    async def replay(replay_id: str, request: Request) -> dict[str, Any]:
        """A finished game or an uploaded record: how many steps it has and who played."""
        limit(request, "replay")
        record = await lobby.replay_record(replay_id)
        frames = await lobby.replay_frames(replay_id)
        game = get_game(record["game"])
        return {
            "id": replay_id,
            "game": game.name,
            "title": game.title,
            # Each player as the table named them, in the reader's language ("Red (Computer, casual)"; issue 33).
            "players": [
                {**player, "name": displayed_seat_name(seat, str(player.get("name", "")))}
                for seat, player in enumerate(record["players"])
            ],
            "steps": len(frames.steps) - 1,
            "moves": list(frames.moves[1:]),
            "record": f"/api/replays/{replay_id}/record",
        }

    @app.get("/api/replays/{replay_id}/steps/{step}", tags=["replays"], responses=problem_responses(*REPLAY, 422, 503))
    async def replay_step(replay_id: str, step: int, request: Request) -> Response:
        """The position after `step` moves, as a spectator sees it."""
        limit(request, "replay")
        frames = await lobby.replay_frames(replay_id)
        if not 0 <= step < len(frames.steps):
            raise Problem(404, "not-found", _("this replay has steps 0 to {last}", last=len(frames.steps) - 1))
        return Response(frames.steps[step], media_type="application/json")

    @app.get("/api/replays/{replay_id}/analysis", tags=["analysis"], responses=problem_responses(*REPLAY, 422))
    async def analysis(replay_id: str, request: Request) -> dict[str, Any]:
        """The analysis of a finished game or an uploaded record: `none` yet, `running` (how many moves are judged),
        or `done` with every move's judgement and each player's estimated winning chance."""
        limit(request, "replay")
        return await lobby.analyses.status(replay_id, await lobby.replay_record(replay_id))

    @app.post(
        "/api/replays/{replay_id}/analysis",
        status_code=202,
        tags=["analysis"],
        responses=problem_responses(*REPLAY, 422, 503),
    )
    async def start_analysis(replay_id: str, request: Request) -> dict[str, Any]:
        """Start the analysis (in the background; poll the GET for its progress). Judged from each player's own
        information: the search never uses a card that player could not see. Each visitor has one analysis waiting
        or under way at a time (429 otherwise); the judge takes the waiting analyses' moves in turn, one visitor's
        move after another's, so a long game delays nobody's for long."""
        record = await lobby.replay_record(replay_id)
        known = await lobby.analyses.status(replay_id)
        if known["status"] != "none":
            return known
        limit(request, "analyse")
        return await lobby.analyses.start(replay_id, record, visitor=client_address(request))

    @app.get("/api/replays/{replay_id}/steps/{step}/best", tags=["analysis"], responses=problem_responses(*REPLAY, 422))
    async def best_step(replay_id: str, step: int, request: Request) -> dict[str, Any]:
        """The position after the best move the analysis found for move `step` (1 is the first move)."""
        limit(request, "replay")
        record = await lobby.replay_record(replay_id)
        known = await lobby.analyses.status(replay_id)
        if known["status"] != "done":
            raise Problem(409, "not-analysed", _("this game has not been analysed yet"))
        steps = known["analysis"]["steps"]
        if not 1 <= step <= len(steps):
            raise Problem(404, "not-found", _("this game has moves 1 to {last}", last=len(steps)))
        return await lobby.replays.alternative(record, step - 1, int(steps[step - 1]["best"]))

    @app.get("/api/replays/{replay_id}/record", tags=["replays"], responses=problem_responses(*REPLAY))
    async def replay_record(replay_id: str, request: Request) -> JSONResponse:
        limit(request, "replay")
        record = await lobby.replay_record(replay_id)
        return JSONResponse(
            record, headers={"Content-Disposition": f'attachment; filename="guildtable-{replay_id}.json"'}
        )


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _add_websocket(app: FastAPI, lobby: Lobby, rates: RateLimiter) -> None:
    limits = lobby.limits

    async def refuse(socket: WebSocket, problem: Problem, code: int) -> None:
        with contextlib.suppress(Exception):
            await socket.send_text(json.dumps({**problem.body(), "type": "error"}))
            await socket.close(code)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        address = client_address(socket)
        try:
            rates.check("connect", address)
        except Problem as problem:
            # Refused before the handshake (issue 30 finding 1): an attacker reconnecting as fast as it can costs an
            # HTTP answer, not a WebSocket's.
            await _deny(socket, problem)
            return
        await socket.accept()
        try:
            if lobby.hub.per_address[address] >= limits.max_sockets_per_address:
                raise Problem(429, "too-many-requests", _("too many connections from your address at once"))
            table = await lobby.table(table_id)
            text = await asyncio.wait_for(_receive_text(socket, limits.max_message_bytes), HELLO_TIMEOUT)
            if text is None:
                return
            message = _parse(text)
            if message.get("type") != "hello":
                raise Problem(
                    400, "bad-request", _("the first message is {hello}", hello='{"type": "hello", "token": ...}')
                )
            token, invite = message.get("token"), message.get("invite")
            seat = None if token is None else await lobby.seat_of(table, token if isinstance(token, str) else "")
            invited = None if seat is not None or invite is None else _invited(table, invite)
            if seat is None and lobby.hub.spectators(table.id) >= limits.max_spectators:
                raise Problem(503, "table-full", _("this table already has {n} spectators", n=limits.max_spectators))
        except Problem as problem:
            code = TRY_AGAIN_LATER if problem.status in (429, 503) else _close_code(problem)
            await refuse(socket, problem, code)
            return
        except (WebSocketDisconnect, TimeoutError, RuntimeError):
            return  # gone before saying hello (RuntimeError: the socket closed under us)
        client = lobby.hub.client(socket, seat, table.version, address, current_language())
        lobby.hub.add(table.id, client)
        try:
            if invited is not None:
                # An invite link watches as a spectator until its player joins (or learns the seat is taken).
                lobby.hub.post(table.id, client, json.dumps({"type": "invite", **table.invite_json(invited)}))
            lobby.hub.update(table, client, whole=True)
            while not client.dropped:
                text = await _receive_text(socket, limits.max_message_bytes)
                if text is None or client.dropped:
                    break
                if not rates.allow("message", str(id(client))):
                    lobby.hub.drop(table.id, client, POLICY_VIOLATION, "too many messages")
                    break
                try:
                    message = _parse(text)
                    kind = message.get("type")
                    if kind == "move":
                        if seat is None:
                            raise Problem(401, "missing-token", _("a spectator cannot move"))
                        rates.check("move", seat_key(table.id, seat))
                        await lobby.move(table, seat, message.get("version"), message.get("action"))
                    elif kind in ("undo", "resign"):
                        if seat is None:
                            raise Problem(401, "missing-token", _("a spectator cannot play"))
                        rates.check("move", seat_key(table.id, seat))
                        if kind == "undo":
                            await lobby.undo(table, seat, message.get("version"))
                        else:
                            await lobby.resign(table, seat)
                    elif kind == "refresh":
                        lobby.hub.update(table, client, whole=True)
                    elif kind == "ping":
                        lobby.hub.post(table.id, client, '{"type":"pong"}')
                    else:
                        raise Problem(
                            400,
                            "bad-request",
                            _(
                                "unknown message type {kind} (move, undo, resign, refresh, ping)",
                                kind=repr(str(kind)[:40]),
                            ),
                        )
                except Problem as problem:
                    if problem.limited == "message":
                        lobby.hub.drop(table.id, client, POLICY_VIOLATION, "too many messages")
                        break
                    lobby.hub.post(table.id, client, json.dumps({**problem.body(), "type": "error"}))
        except _Refused as refused:
            lobby.hub.drop(table.id, client, refused.code, refused.problem.detail[:120])
            await refuse(socket, refused.problem, refused.code)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client left; a reconnect gets the whole state again
        finally:
            lobby.hub.remove(table.id, client)


async def _deny(socket: WebSocket, problem: Problem) -> None:
    """Refuse a WebSocket before accepting it: the problem as an HTTP answer (the ASGI denial response), or a bare
    close where the server cannot send one."""
    try:
        await socket.send_denial_response(_problem_response(problem))
    except RuntimeError:
        with contextlib.suppress(Exception):
            await socket.close(TRY_AGAIN_LATER)


def seat_key(table_id: str, seat: int) -> str:
    """What a seat's moves are counted against: the seat itself (a table id holds no '#')."""
    return f"seat#{table_id}#{seat}"


def _invited(table: Table, invite: object) -> int:
    """The seat an invite token of a hello names; a 403 if it names none of this table's."""
    seat = table.invited_seat(invite) if isinstance(invite, str) and invite else None
    if seat is None:
        raise Problem(403, "forged-token", _("this is not an invite link of this table"))
    return seat


class _Refused(Exception):
    """A frame the socket cannot go on after: the client gets the problem, then the close code."""

    def __init__(self, problem: Problem, code: int) -> None:
        super().__init__(problem.detail)
        self.problem = problem
        self.code = code


async def _receive_text(socket: WebSocket, max_bytes: int) -> str | None:
    """The next text message, None when the client left; a binary or oversized frame is refused (`_Refused`)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        raise _Refused(Problem(400, "bad-request", _("messages are JSON text; binary frames are not accepted")), 1003)
    if len(text) > max_bytes:
        raise _Refused(
            Problem(413, "too-large", _("a message has at most {n} characters", n=max_bytes)), MESSAGE_TOO_BIG
        )
    return str(text)


def _close_code(problem: Problem) -> int:
    """4000 + the HTTP status: the page treats 44xx as final (no such table, a forged token)."""
    return 4000 + problem.status


def _parse(text: str) -> dict[str, Any]:
    message = parse_json(text, "the message", max_depth=8)
    if not isinstance(message, dict):
        raise Problem(400, "bad-request", _("a message is a JSON object with a 'type'"))
    return message


def _add_pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    add_rules_pages(app)
    add_account_pages(app)

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> HTMLResponse:
        return HTMLResponse(render_page("index.html"))

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(render_page("table.html"))

    @app.get("/replay", include_in_schema=False)
    def upload_page() -> HTMLResponse:
        return HTMLResponse(render_page("replay.html"))

    @app.get("/replay/{replay_id}", include_in_schema=False)
    def replay_page(replay_id: str) -> HTMLResponse:
        return HTMLResponse(render_page("replay.html"))

    @app.get("/i18n/{language}/{name}.json", include_in_schema=False)
    def catalogue(language: str, name: str) -> Response:
        """One catalogue domain's messages for the pages (a game's renderer loads its game's)."""
        if language_of(language) != language or not known_domain(name):
            raise Problem(404, "not-found", _("there is no such catalogue"))
        return Response(
            catalogue_text(language, name),
            media_type="application/json",
            headers={"Cache-Control": "public, max-age=3600"},
        )
