"""Replays and analyses: uploading a record, a replay's summary, steps and record, and a finished game's analysis
(its progress, starting it, and the position after the best move found). Every read is counted against the client's
address (`replay`); an analysis is costly, so each visitor has one under way at a time."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse, Response

from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import GameRecord
from guildtable.kernel.registry import get_game
from guildtable.kernel.seats import displayed_seat_name
from guildtable.server.deps import LimitDep, LobbyDep
from guildtable.server.jsonin import SafeJSONRoute, parse_json
from guildtable.server.models.replays import AnalysisStatus, ReplayFrame, ReplaySummary, UploadedReplay
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.routes.shared import REPLAY, record_download

router = APIRouter(route_class=SafeJSONRoute)

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


@router.post(
    "/api/replays",
    status_code=201,
    tags=["replays"],
    response_model=UploadedReplay,
    responses=problem_responses(422, 429),
)
async def upload(
    lobby: LobbyDep, limit: LimitDep, record: Annotated[Any, Body(json_schema_extra=RECORD_SCHEMA)]
) -> dict[str, Any]:
    """Upload a record file (JSON) to watch it at /replay/{id}: a record as /api/tables/{id}/record gives it,
    whose moves replay by the game's rules (422 `bad-record` names the first entry that does not)."""
    limit("upload")
    if isinstance(record, bytes | str):  # sent without a JSON content type
        record = parse_json(record, "the record")
    replay_id = await lobby.upload(record)
    return {"id": replay_id, "url": f"/replay/{replay_id}"}


@router.get(
    "/api/replays/{replay_id}",
    tags=["replays"],
    response_model=ReplaySummary,
    responses=problem_responses(*REPLAY, 422, 503),
)
async def replay(replay_id: str, lobby: LobbyDep, limit: LimitDep) -> dict[str, Any]:
    """A finished game or an uploaded record: how many steps it has and who played."""
    limit("replay")
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


@router.get(
    "/api/replays/{replay_id}/steps/{step}",
    tags=["replays"],
    response_model=ReplayFrame,
    responses=problem_responses(*REPLAY, 422, 503),
)
async def replay_step(replay_id: str, step: int, lobby: LobbyDep, limit: LimitDep) -> Response:
    """The position after `step` moves, as a spectator sees it."""
    limit("replay")
    frames = await lobby.replay_frames(replay_id)
    if not 0 <= step < len(frames.steps):
        raise Problem(404, "not-found", _("this replay has steps 0 to {last}", last=len(frames.steps) - 1))
    # Sent as the worker encoded it: the frame was built by the same code as the model's examples and tests check.
    return Response(frames.steps[step], media_type="application/json")


@router.get(
    "/api/replays/{replay_id}/analysis",
    tags=["analysis"],
    response_model=AnalysisStatus,
    responses=problem_responses(*REPLAY, 422),
)
async def analysis(replay_id: str, lobby: LobbyDep, limit: LimitDep) -> dict[str, Any]:
    """The analysis of a finished game or an uploaded record: `none` yet, `running` (how many moves are judged),
    or `done` with every move's judgement and each player's estimated winning chance."""
    limit("replay")
    return await lobby.analyses.status(replay_id, await lobby.replay_record(replay_id))


@router.post(
    "/api/replays/{replay_id}/analysis",
    status_code=202,
    tags=["analysis"],
    response_model=AnalysisStatus,
    responses=problem_responses(*REPLAY, 422, 503),
)
async def start_analysis(replay_id: str, lobby: LobbyDep, limit: LimitDep) -> dict[str, Any]:
    """Start the analysis (in the background; poll the GET for its progress). Judged from each player's own
    information: the search never uses a card that player could not see. Each visitor has one analysis waiting
    or under way at a time (429 otherwise); the judge takes the waiting analyses' moves in turn, one visitor's
    move after another's, so a long game delays nobody's for long."""
    record = await lobby.replay_record(replay_id)
    known = await lobby.analyses.status(replay_id, record)
    if known["status"] != "none":
        return known
    limit("analyse")
    return await lobby.analyses.start(replay_id, record, visitor=limit.address)


@router.get(
    "/api/replays/{replay_id}/steps/{step}/best",
    tags=["analysis"],
    response_model=ReplayFrame,
    responses=problem_responses(*REPLAY, 422, 503),
)
async def best_step(replay_id: str, step: int, lobby: LobbyDep, limit: LimitDep) -> dict[str, Any]:
    """The position after the best move the analysis found for move `step` (1 is the first move)."""
    limit("replay")
    record = await lobby.replay_record(replay_id)
    known = await lobby.analyses.status(replay_id)
    if known["status"] != "done":
        raise Problem(409, "not-analysed", _("this game has not been analysed yet"))
    steps = known["analysis"]["steps"]
    if not 1 <= step <= len(steps):
        raise Problem(404, "not-found", _("this game has moves 1 to {last}", last=len(steps)))
    return await lobby.replays.alternative(record, step - 1, int(steps[step - 1]["best"]))


@router.get(
    "/api/replays/{replay_id}/record",
    tags=["replays"],
    response_model=GameRecord,
    responses=problem_responses(*REPLAY),
)
async def replay_record(replay_id: str, lobby: LobbyDep, limit: LimitDep) -> JSONResponse:
    """The record of a replay, as a file to save."""
    limit("replay")
    return record_download(await lobby.replay_record(replay_id), replay_id)
