"""What the operators of a server read: whether this process answers, and how it fares."""

from __future__ import annotations

from fastapi import APIRouter, Request

from guildtable.server.deps import LobbyDep
from guildtable.server.health import Health, LoopLag, Pauses, health
from guildtable.server.jsonin import SafeJSONRoute

router = APIRouter(tags=["operators"], route_class=SafeJSONRoute)


@router.get("/api/health")
async def health_check(request: Request, lobby: LobbyDep) -> Health:
    """This process answers: the tables and sockets it holds, how late its event loop ran over the last minute,
    and its garbage collections since it started (a reverse proxy polls it; a load test reads the stalls)."""
    pauses: Pauses = request.app.state.pauses
    lag: LoopLag = request.app.state.lag
    sockets = sum(len(clients) for clients in lobby.hub.clients.values())
    return health(pauses, lag, len(lobby.tables), sockets)
