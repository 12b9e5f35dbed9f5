"""Seats: what an invite link shows, and taking a seat with it (or renaming one's seat with its secret)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from guildtable.kernel.i18n import gettext as _
from guildtable.server.auth import bearer_token
from guildtable.server.deps import LimitDep, LobbyDep, OptionalSession
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.models.tables import InviteInfo, JoinedTable
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.routes.shared import SEAT, TABLE, Authorization
from guildtable.server.schemas import JoinRequest

router = APIRouter(tags=["seats"], route_class=SafeJSONRoute)


@router.get("/api/tables/{table_id}/invite", response_model=InviteInfo, responses=problem_responses(*TABLE, 403))
async def invite(table_id: str, lobby: LobbyDep, authorization: Authorization = None) -> dict[str, Any]:
    """What an invite link (`Authorization: Bearer <invite token>`) shows: its seat, and whether that seat is
    taken already. An invite token takes its seat once (join) and does nothing else."""
    table = await lobby.table(table_id)
    token = bearer_token(authorization)
    seat = None if token is None else table.invited_seat(token)
    if seat is None:
        raise Problem(403, "forged-token", _("this is not an invite link of this table"))
    return table.invite_json(seat)


@router.post(
    "/api/tables/{table_id}/join",
    response_model=JoinedTable,
    responses=problem_responses(*TABLE, *SEAT, 409, 422, 429),
)
async def join(
    table_id: str,
    body: JoinRequest,
    lobby: LobbyDep,
    limit: LimitDep,
    session: OptionalSession,
    authorization: Authorization = None,
) -> dict[str, Any]:
    """Take a seat with its invite token, under a display name. The answer holds the seat's `secret`: only it
    plays the seat from now on (keep it; the invite link only shows that the seat is taken, 409 `seat-taken`).
    With `"account": true` a signed-in player takes the seat as their account (409 if another account plays it).
    With the seat's secret instead of the invite token, its player renames the seat."""
    table = await lobby.table(table_id)
    token = bearer_token(authorization)
    if token is None or table.invited_seat(token) is None:
        await lobby.seat_of(table, token)  # a secret renames its seat; anything else is refused before any budget
    limit("join")
    if body.account and session is None:
        raise Problem(422, "account-needs-sign-in", _("sign in to take a seat as your account"), field="account")
    account_id = session.account.id if body.account and session is not None else None
    seat, secret = await lobby.join(table, token, body.name, account_id)
    return {**table.payload(seat), "secret": secret}
