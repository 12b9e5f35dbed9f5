"""Tables and moves: a new table, what anyone with its link may know, a seat's state, the moves (a move, an undo, a
resignation), a rematch and a finished game's record. A seat proves itself with its secret (`Authorization: Bearer`);
its moves are counted against the seat (`shared.seat_key`), everything else against the client's address."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import GameRecord
from guildtable.server.auth import bearer_token
from guildtable.server.deps import LimitDep, LobbyDep, OptionalSession, RatesDep
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.lobby import Lobby
from guildtable.server.models.tables import CreatedTable, Rematch, TableState, TableSummary
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.routes.shared import SEAT, TABLE, Authorization, record_download, seat_key
from guildtable.server.schemas import CreateTableRequest, MoveRequest, UndoRequest
from guildtable.server.tables import Table

router = APIRouter(route_class=SafeJSONRoute)


@router.post(
    "/api/tables",
    status_code=201,
    tags=["tables"],
    response_model=CreatedTable,
    responses=problem_responses(404, 409, 422, 429),
)
async def create_table(
    body: CreateTableRequest, lobby: LobbyDep, limit: LimitDep, session: OptionalSession
) -> dict[str, Any]:
    """A new table. The answer holds one secret invite link per human seat (give each to its player only) and
    a spectator link. A table counts for the ratings (`rated`) only if a signed-in player creates it: the
    ratings are the accounts' (422 `rated-needs-account` otherwise); casual is the default."""
    limit("create")
    if body.rated and session is None:
        raise Problem(
            422, "rated-needs-account", _("sign in to create a rated table: ratings belong to accounts"), field="rated"
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


@router.post(
    "/api/games/{name}/tutorial",
    status_code=201,
    tags=["tables"],
    response_model=CreatedTable,
    responses=problem_responses(404, 429),
)
async def start_tutorial(name: str, lobby: LobbyDep, limit: LimitDep) -> dict[str, Any]:
    """Issue 34: a new table for the game's guided first game, on the real engine: the tutorial's deal, the learner's
    seat taken by the asker (its secret is in `secrets`), the other seats played by the script. Unrated and untimed;
    `GET /api/games/{name}/tutorial` says what to do at each step."""
    limit("create")
    created = await lobby.create_tutorial(name)
    table = created.table
    return {
        **table.summary(),
        "invites": [],
        "secrets": [{"seat": seat, "secret": secret} for seat, secret in sorted(created.secrets.items())],
        "spectator": f"/table/{table.id}",
    }


@router.get("/api/tables/{table_id}", tags=["tables"], response_model=TableSummary, responses=problem_responses(*TABLE))
async def table_summary(table_id: str, lobby: LobbyDep) -> dict[str, Any]:
    """What anyone with the link may know: the game, the seats, whose turn, whether it is over."""
    return (await lobby.table(table_id)).summary()


@router.get(
    "/api/tables/{table_id}/state",
    tags=["tables"],
    response_model=TableState,
    responses=problem_responses(*TABLE, *SEAT),
)
async def table_state(table_id: str, lobby: LobbyDep, authorization: Authorization = None) -> dict[str, Any]:
    """The seat's whole picture (with `Authorization: Bearer <seat secret>`), or the spectator's without a
    token."""
    table = await lobby.table(table_id)
    token = bearer_token(authorization)
    seat = None if token is None and authorization is None else await lobby.seat_of(table, token)
    return table.payload(seat)


MOVE_REFUSALS = problem_responses(*TABLE, *SEAT, 409, 422, 429)


@router.post("/api/tables/{table_id}/moves", tags=["moves"], response_model=TableState, responses=MOVE_REFUSALS)
async def move(
    table_id: str, body: MoveRequest, lobby: LobbyDep, rates: RatesDep, authorization: Authorization = None
) -> dict[str, Any]:
    """Make a move: the action's JSON form (from `legal`) and the version it was made against. A stale or
    repeated move gets 409 and changes nothing."""
    table, seat = await _seat_moving(lobby, rates, table_id, authorization)
    await lobby.move(table, seat, body.version, body.action)
    return table.payload(seat)


@router.post("/api/tables/{table_id}/undo", tags=["moves"], response_model=TableState, responses=MOVE_REFUSALS)
async def undo(
    table_id: str, body: UndoRequest, lobby: LobbyDep, rates: RatesDep, authorization: Authorization = None
) -> dict[str, Any]:
    """Take back your last move of this turn, while it showed nothing hidden and left nothing to chance (409
    `cannot-undo` names why not); never once the next player is on turn."""
    table, seat = await _seat_moving(lobby, rates, table_id, authorization)
    await lobby.undo(table, seat, body.version)
    return table.payload(seat)


@router.post(
    "/api/tables/{table_id}/resign",
    tags=["moves"],
    response_model=TableState,
    responses=problem_responses(*TABLE, *SEAT, 409, 429),
)
async def resign(
    table_id: str, lobby: LobbyDep, rates: RatesDep, authorization: Authorization = None
) -> dict[str, Any]:
    """Leave the game: you are placed last. With one player left the game ends; otherwise a computer plays on
    for your seat so the others can finish."""
    table, seat = await _seat_moving(lobby, rates, table_id, authorization)
    await lobby.resign(table, seat)
    return table.payload(seat)


async def _seat_moving(lobby: Lobby, rates: RatesDep, table_id: str, authorization: str | None) -> tuple[Table, int]:
    """The table and the seat its secret plays, once the seat's move budget allows another move."""
    table = await lobby.table(table_id)
    seat = await lobby.seat_of(table, bearer_token(authorization))
    rates.check("move", seat_key(table.id, seat))
    return table, seat


@router.post(
    "/api/tables/{table_id}/rematch",
    tags=["tables"],
    response_model=Rematch,
    responses=problem_responses(*TABLE, *SEAT, 409, 429),
)
async def rematch(
    table_id: str, lobby: LobbyDep, limit: LimitDep, authorization: Authorization = None
) -> dict[str, Any]:
    """The same seats and options again with a new shuffle; each seat asks with its own token and gets its new
    one."""
    table = await lobby.table(table_id)
    seat = await lobby.seat_of(table, bearer_token(authorization))
    limit("create")
    new, token = await lobby.rematch(table, seat)
    return {**new.summary(), "seat": seat, "secret": token, "url": f"/table/{new.id}"}


@router.get(
    "/api/tables/{table_id}/record",
    tags=["records"],
    response_model=GameRecord,
    responses=problem_responses(*TABLE, 409),
)
async def table_record(table_id: str, lobby: LobbyDep) -> JSONResponse:
    """The record of a finished game (409 while it is being played: its seed would reveal hidden cards)."""
    return record_download((await lobby.table(table_id)).record(), table_id)
