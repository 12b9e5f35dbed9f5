"""Bot accounts and the Bot API (issue 37).

An owner's routes (signed in, with the pages' CSRF check): make a bot account, issue it tokens (each shown once),
revoke them. Whoever holds a seat's invite link may offer that seat to a bot account (`invite-bot`), as they would
hand the link to a person.

The Bot API (`Authorization: Bearer <bot token>`): the bot's event stream (seats offered to it, its games), accepting
or declining a seat, its seat's stream at a table (the pages' own seat messages, for its seat only), and its moves,
undos and resignations, made through the same lobby verbs as a page's. A bot token is no seat secret and no session:
the pages' routes refuse it, and it plays only the seat its account holds.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Response
from fastapi.responses import StreamingResponse
from pydantic import TypeAdapter

from guildtable.kernel.i18n import gettext as _
from guildtable.server.accounts import name_key
from guildtable.server.auth import bearer_token
from guildtable.server.bot_accounts import BotAccounts, authenticate, get_bot_accounts, needs
from guildtable.server.bot_streams import bot_seat, event_lines, game_lines
from guildtable.server.deps import LimitDep, LobbyDep, RatesDep, SignedIn
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.lobby import Lobby
from guildtable.server.models.bots import BotEvent, BotIdentity, BotInvitation, IssuedToken, OwnedBot, OwnedBots
from guildtable.server.models.tables import CreatedTable, TableState
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.routes.shared import SEAT, TABLE, Authorization, seat_key
from guildtable.server.schemas import Challenge, InviteBot, MoveRequest, NewBot, NewToken, UndoRequest
from guildtable.server.storage.accounts import StoredAccount
from guildtable.server.storage.bots import StoredToken, TokenHolder
from guildtable.server.tables import Table

router = APIRouter(tags=["bots"], route_class=SafeJSONRoute)
BotsDep = Annotated[BotAccounts, Depends(get_bot_accounts)]
Holder = Annotated[TokenHolder, Depends(authenticate)]
NDJSON = "application/x-ndjson"
BOT = (401, 403, 429)


def _ndjson(description: str, schema: dict[str, Any]) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI answer of a stream: NDJSON lines, each fitting `schema`."""
    return {200: {"description": description, "content": {NDJSON: {"schema": schema}}}}


def _token_json(token: StoredToken) -> dict[str, Any]:
    return {"id": token.id, "scopes": list(token.scopes), "label": token.label, "created": token.created}


def _bot_json(bot: StoredAccount, tokens: list[StoredToken]) -> dict[str, Any]:
    return {"name": bot.name, "bot": True, "created": bot.created, "tokens": [_token_json(token) for token in tokens]}


# --- the owner's routes ---------------------------------------------------------------------------------------------
@router.get("/api/account/bots", response_model=OwnedBots, responses=problem_responses(401))
async def owned_bots(session: SignedIn, bots: BotsDep) -> dict[str, Any]:
    """The bot accounts you own, with their tokens (never the tokens themselves)."""
    return {"bots": [_bot_json(bot, tokens) for bot, tokens in await bots.bots(session)]}


@router.post(
    "/api/account/bots", status_code=201, response_model=OwnedBot, responses=problem_responses(401, 403, 409, 422)
)
async def create_bot(body: NewBot, session: SignedIn, bots: BotsDep, limit: LimitDep) -> dict[str, Any]:
    """A new bot account you own: a program plays it through the Bot API with the tokens you issue it. It has no
    password and never signs in."""
    limit("create")
    return _bot_json(await bots.create_bot(session, body.name), [])


@router.post(
    "/api/account/bots/{name}/tokens",
    status_code=201,
    response_model=IssuedToken,
    responses=problem_responses(401, 404, 409, 422),
)
async def issue_token(name: str, body: NewToken, session: SignedIn, bots: BotsDep) -> dict[str, Any]:
    """A new API token for your bot `name`, with its scopes. The answer is the only time the token is shown: the
    server keeps only its hash."""
    token, secret = await bots.issue_token(session, name, body.scopes, body.label)
    return {**_token_json(token), "bot": name, "token": secret}


@router.delete("/api/account/bots/tokens/{token_id}", status_code=204, responses=problem_responses(401, 404))
async def revoke_token(token_id: str, session: SignedIn, bots: BotsDep) -> Response:
    """Revoke one of your bots' tokens: it stops working at once, its streams end."""
    await bots.revoke(session, token_id)
    return Response(status_code=204)


@router.post(
    "/api/tables/{table_id}/invite-bot",
    response_model=BotInvitation,
    responses=problem_responses(*TABLE, 403, 404, 409, 429),
)
async def invite_bot(
    table_id: str, body: InviteBot, lobby: LobbyDep, bots: BotsDep, limit: LimitDep, authorization: Authorization = None
) -> dict[str, Any]:
    """Offer the seat of an invite link (`Authorization: Bearer <invite token>`) to a bot account: its event stream
    tells it, and it accepts (it joins the seat, as a person joining with the link would) or declines."""
    table = await lobby.table(table_id)
    token = bearer_token(authorization)
    seat = None if token is None else table.invited_seat(token)
    if seat is None:
        raise Problem(403, "forged-token", _("this is not an invite link of this table"))
    if table.seats[seat].joined:
        raise Problem(409, "seat-taken", _("this seat is taken: its player has joined already"))
    limit("join")
    bot = await lobby.store.accounts.account_named(name_key(body.bot))
    if bot is None or not bot.bot:
        raise Problem(404, "unknown-bot", _("there is no bot called {name}", name=repr(body.bot[:40])))
    await lobby.store.bots.invite(table.id, seat, bot.id)
    bots.news.tell(bot.id)
    return {"table": table.id, "seat": seat, "bot": bot.name}


async def _challenge(lobby: Lobby, bots: BotAccounts, body: Challenge, challenger: StoredAccount) -> dict[str, Any]:
    """The challenge's table: seat 0 the challenger's (taken at once, as their account), seat 1 offered to the bot
    (which its event stream tells), the others open to people with their invite links."""
    bot = await lobby.store.accounts.account_named(name_key(body.bot))
    if bot is None or not bot.bot:
        raise Problem(404, "unknown-bot", _("there is no bot called {name}", name=repr(body.bot[:40])))
    if bot.id == challenger.id:
        raise Problem(422, "bad-request", _("a bot cannot challenge itself"), field="bot")
    kinds = ["human"] * body.players
    taken = [True] + [False] * (body.players - 1)
    created = await lobby.create_table(
        body.game,
        kinds,
        [challenger.name],
        body.options,
        None,
        rated=body.rated,
        pace=body.pace,
        taken=taken,
        account_id=challenger.id,
        as_account=taken,
    )
    table = created.table
    table.seats[0].bot = challenger.bot
    await lobby.store.bots.invite(table.id, 1, bot.id)
    bots.news.tell(bot.id)
    return {
        **table.summary(),
        "invites": [
            {"seat": seat, "token": token, "url": f"/table/{table.id}#seat={seat}&invite={token}"}
            for seat, token in sorted(created.invites.items())
            if seat != 1
        ],
        # A bot plays its seat with its token alone: no seat secret is handed to it.
        "secrets": []
        if challenger.bot
        else [{"seat": seat, "secret": secret} for seat, secret in sorted(created.secrets.items())],
        "spectator": f"/table/{table.id}",
    }


@router.post(
    "/api/challenges",
    status_code=201,
    response_model=CreatedTable,
    responses=problem_responses(401, 404, 422, 429),
)
async def challenge(
    body: Challenge, session: SignedIn, lobby: LobbyDep, bots: BotsDep, limit: LimitDep
) -> dict[str, Any]:
    """Challenge a bot account: a new table where you play seat 0 (its secret is in `secrets`) and the bot is
    offered seat 1 (it accepts or declines through the Bot API; until it accepts, the seat waits). Rated or casual,
    with the pace you choose, as any table."""
    limit("create")
    return await _challenge(lobby, bots, body, session.account)


# --- the Bot API ----------------------------------------------------------------------------------------------------
@router.get("/api/bot/account", response_model=BotIdentity, responses=problem_responses(*BOT))
async def bot_account(holder: Holder) -> dict[str, Any]:
    """Who the token plays as, and what it may do."""
    return {"name": holder.account.name, "bot": True, "scopes": list(holder.token.scopes)}


@router.get(
    "/api/bot/stream",
    response_class=StreamingResponse,
    responses={
        **_ndjson("The bot's events, one JSON object a line", TypeAdapter(BotEvent).json_schema()),
        **problem_responses(*BOT),
    },
)
async def bot_stream(
    holder: Holder, lobby: LobbyDep, bots: BotsDep, authorization: Authorization = None
) -> StreamingResponse:
    """The bot's events as NDJSON (`BotEvent` a line): each seat offered to it (`invitation`) and each unfinished
    game where it holds a seat (`game_start`), once each, as they come; `ping` lines while nothing happens. Ends
    when the token is revoked."""
    needs(holder, "read")
    token = bearer_token(authorization) or ""
    held = bots.hold_stream(holder)
    return StreamingResponse(event_lines(lobby, bots, holder, token), media_type=NDJSON, background=held)


@router.post(
    "/api/bot/invitations/{table_id}/{seat}/accept",
    response_model=TableState,
    responses=problem_responses(*TABLE, *BOT, 404, 409),
)
async def accept(table_id: str, seat: int, holder: Holder, lobby: LobbyDep, bots: BotsDep) -> dict[str, Any]:
    """Take the seat offered to the bot: it joins as its account, under its name. The answer is its seat's state."""
    needs(holder, "play")
    table = await lobby.table(table_id)
    account = holder.account
    if not await lobby.store.bots.drop_invitation(table.id, seat, account.id):
        raise Problem(404, "no-invitation", _("this seat was not offered to this bot"))
    if bot_seat(table, account.id) is not None:
        raise Problem(409, "seat-held", _("this bot holds a seat at this table already"))
    invite = table.seats[seat].token
    joined, _secret = await lobby.join(table, invite, account.name, account.id, bot=True)
    bots.news.tell(account.id)
    return table.payload(joined)


@router.post(
    "/api/bot/invitations/{table_id}/{seat}/decline",
    status_code=204,
    responses=problem_responses(*BOT, 404),
)
async def decline(table_id: str, seat: int, holder: Holder, lobby: LobbyDep) -> Response:
    """Turn down the seat offered to the bot (whoever offered it may offer it to someone else)."""
    needs(holder, "play")
    if not await lobby.store.bots.drop_invitation(table_id[:40], seat, holder.account.id):
        raise Problem(404, "no-invitation", _("this seat was not offered to this bot"))
    return Response(status_code=204)


async def _bot_at(lobby: Lobby, table_id: str, holder: TokenHolder) -> tuple[Table, int]:
    """The table and the seat the bot holds there (403 if it holds none)."""
    table = await lobby.table(table_id)
    seat = bot_seat(table, holder.account.id)
    if seat is None:
        raise Problem(403, "not-seated", _("this bot holds no seat at this table"))
    return table, seat


@router.get(
    "/api/bot/game/{table_id}/stream",
    response_class=StreamingResponse,
    responses={
        **_ndjson(
            "The bot's seat's messages, one a line: its whole state (`TableState`), then an update per change",
            {"$ref": "#/components/schemas/TableState"},
        ),
        **problem_responses(*TABLE, *BOT),
    },
)
async def game_stream(
    table_id: str, holder: Holder, lobby: LobbyDep, bots: BotsDep, authorization: Authorization = None
) -> StreamingResponse:
    """The bot's seat at the table as NDJSON: the seat's whole state (`state`, as the pages get it), then an
    `update` after each change, until the game is over; empty lines keep it alive. Only the bot's own seat's view
    and legal moves, never more."""
    needs(holder, "read")
    table, seat = await _bot_at(lobby, table_id, holder)
    token = bearer_token(authorization) or ""

    async def still_held() -> bool:
        return await bots.holder(token) is not None

    held = bots.hold_stream(holder)
    return StreamingResponse(game_lines(lobby, table, seat, still_held), media_type=NDJSON, background=held)


@router.get("/api/bot/game/{table_id}", response_model=TableState, responses=problem_responses(*TABLE, *BOT))
async def game_state(table_id: str, holder: Holder, lobby: LobbyDep) -> dict[str, Any]:
    """The bot's seat's whole state now (what the game stream's first line holds)."""
    needs(holder, "read")
    table, seat = await _bot_at(lobby, table_id, holder)
    return table.payload(seat)


@router.post(
    "/api/bot/challenges",
    status_code=201,
    response_model=CreatedTable,
    responses=problem_responses(*BOT, 404, 422),
)
async def bot_challenge(
    body: Challenge, holder: Holder, lobby: LobbyDep, bots: BotsDep, limit: LimitDep
) -> dict[str, Any]:
    """The bot challenges another bot account: a new table where it holds seat 0 (follow its game stream) and the
    other bot is offered seat 1."""
    needs(holder, "play")
    limit("create")
    answer = await _challenge(lobby, bots, body, holder.account)
    bots.news.tell(holder.account.id)
    return answer


MOVE_REFUSALS = problem_responses(*TABLE, *SEAT, 409, 422, 429)


async def _moving(lobby: Lobby, rates: RatesDep, table_id: str, holder: TokenHolder) -> tuple[Table, int]:
    """The bot's table and seat, once its token may play and the seat's move budget allows another move."""
    needs(holder, "play")
    table, seat = await _bot_at(lobby, table_id, holder)
    rates.check("move", seat_key(table.id, seat))
    return table, seat


@router.post("/api/bot/game/{table_id}/move", response_model=TableState, responses=MOVE_REFUSALS)
async def bot_move(
    table_id: str, body: MoveRequest, holder: Holder, lobby: LobbyDep, rates: RatesDep
) -> dict[str, Any]:
    """Make the bot's move (the action's JSON form from `legal`, and the version it was made against), as a page's
    move is made: a stale or repeated move gets 409 and changes nothing."""
    table, seat = await _moving(lobby, rates, table_id, holder)
    await lobby.move(table, seat, body.version, body.action)
    return table.payload(seat)


@router.post("/api/bot/game/{table_id}/undo", response_model=TableState, responses=MOVE_REFUSALS)
async def bot_undo(
    table_id: str, body: UndoRequest, holder: Holder, lobby: LobbyDep, rates: RatesDep
) -> dict[str, Any]:
    """Take back the bot's last move of this turn, where the rules allow it (409 `cannot-undo` names why not)."""
    table, seat = await _moving(lobby, rates, table_id, holder)
    await lobby.undo(table, seat, body.version)
    return table.payload(seat)


@router.post("/api/bot/game/{table_id}/resign", response_model=TableState, responses=MOVE_REFUSALS)
async def bot_resign(table_id: str, holder: Holder, lobby: LobbyDep, rates: RatesDep) -> dict[str, Any]:
    """The bot leaves the game, placed last, as a person resigning."""
    table, seat = await _moving(lobby, rates, table_id, holder)
    await lobby.resign(table, seat)
    return table.payload(seat)
