"""Issue 32: every JSON answer has a model, and the models are the truth. A response model filters what it does not
declare, so a model missing a key would silently drop it from what the pages get: here every game is played through
the API, and each answer of each endpoint, taken before its model filters it (the same endpoint under `/raw`, with
no response model), must validate against the model with extra keys forbidden and come out of the model unchanged.
The WebSocket's messages are checked against `models/socket.py` the same way, and each example `/docs` shows
against the model it is an example of."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from pydantic import ConfigDict, RootModel, TypeAdapter, create_model
from server_helpers import TestClient, auth

from guildtable.kernel.registry import all_games, get_game
from guildtable.server import create_app
from guildtable.server.api_examples import EXAMPLES
from guildtable.server.app import ROUTERS
from guildtable.server.models.socket import ClientMessage, ServerMessage
from guildtable.server.models.tables import TableUpdate
from guildtable.server.models.views import GameView
from guildtable.server.settings import ServerSettings

RAW = "/raw"


def add_raw_twins(app: FastAPI) -> dict[tuple[str, str], Any]:
    """Every JSON route of `app` again under `/raw`, without its response model (its answer as the endpoint returns
    it); the models by (method, path)."""
    twins = APIRouter()
    models: dict[tuple[str, str], Any] = {}
    for router in ROUTERS:
        for route in router.routes:
            if isinstance(route, APIRoute) and route.response_model is not None:
                for method in route.methods:
                    models[(method, route.path)] = route.response_model
                twins.add_api_route(
                    RAW + route.path,
                    route.endpoint,
                    methods=list(route.methods),
                    status_code=route.status_code,
                    response_model=None,
                    include_in_schema=False,
                )
    app.include_router(twins)
    return models


def strict(model: Any) -> TypeAdapter[Any]:
    """`model` with extra keys forbidden everywhere it does not say otherwise (a root model: its root type)."""
    if isinstance(model, type) and issubclass(model, RootModel):
        model = model.model_fields["root"].annotation
    wrapper = create_model("Strict", __config__=ConfigDict(extra="forbid"), value=(model, ...))
    return TypeAdapter(wrapper)


def check(model: Any, answer: Any, *, sent_as_is: bool = False) -> None:
    """`answer` fits `model` with no key it does not declare, and the model gives it back unchanged (`sent_as_is`:
    an answer the route sends past its model, as a record file: it only has to fit)."""
    strict(model).validate_python({"value": answer})
    if sent_as_is:
        return
    loose = TypeAdapter(model)
    dumped = loose.dump_python(loose.validate_python(answer), mode="json")
    assert dumped == answer


class Api:
    """The raw twin of each route, each answer checked against the route's model."""

    def __init__(self, client: TestClient, models: dict[tuple[str, str], Any]) -> None:
        self.client = client
        self.models = models
        self.checked: set[tuple[str, str]] = set()

    def call(self, method: str, path: str, template: str, **options: Any) -> Any:
        response = self.client.request(method, RAW + path, **options)
        assert response.status_code < 300, (path, response.text)
        check(self.models[(method, template)], response.json())
        self.checked.add((method, template))
        return response.json()


@pytest.fixture
def app_and_models(sqlite_url: str) -> Iterator[tuple[TestClient, dict[tuple[str, str], Any]]]:
    app = create_app(ServerSettings(db=sqlite_url, bot_delay=0, allow_chosen_seeds=True))
    models = add_raw_twins(app)
    with TestClient(app) as client:
        yield client, models


def play_a_few_moves(api: Api, table_id: str, secrets: dict[int, str], moves: int, rng: random.Random) -> None:
    for _move in range(moves):
        spectator = api.call("GET", f"/api/tables/{table_id}/state", "/api/tables/{table_id}/state")
        if spectator["terminal"]:
            return
        seat = spectator["current_player"]
        mine = api.call(
            "GET", f"/api/tables/{table_id}/state", "/api/tables/{table_id}/state", headers=auth(secrets[seat])
        )
        action = rng.choice(mine["legal"])["action"]
        api.call(
            "POST",
            f"/api/tables/{table_id}/moves",
            "/api/tables/{table_id}/moves",
            headers=auth(secrets[seat]),
            json={"version": mine["version"], "action": action},
        )


@pytest.mark.parametrize("game", [game.name for game in all_games()])
def test_every_answer_of_a_game_fits_its_model(
    app_and_models: tuple[TestClient, dict[tuple[str, str], Any]], game: str
) -> None:
    """Issue 32: a table of each game, from its creation through moves, an undo, the resignations that end it, its
    record, its rematch and its replay: every answer fits its model exactly, over HTTP and over the WebSocket."""
    client, models = app_and_models
    api = Api(client, models)
    players = get_game(game).min_players
    seats = [{"kind": "human", "take": seat > 0} for seat in range(players)]
    created = api.call("POST", "/api/tables", "/api/tables", json={"game": game, "seats": seats, "seed": 5})
    table_id, invite = created["id"], created["invites"][0]["token"]
    api.call("GET", f"/api/tables/{table_id}", "/api/tables/{table_id}")
    api.call("GET", f"/api/tables/{table_id}/invite", "/api/tables/{table_id}/invite", headers=auth(invite))
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(f"/ws/tables/{table_id}")) for _socket in range(2)]
        sockets[0].send_json({"type": "hello"})
        sockets[1].send_json({"type": "hello", "invite": invite})
        play_and_end(api, client, created, sockets)


def play_and_end(api: Api, client: TestClient, created: dict[str, Any], sockets: list[Any]) -> None:
    """Join, move, undo, resign until the game is over; then the record, a rematch and the replay."""
    table_id, invite = created["id"], created["invites"][0]["token"]
    players = len(created["seats"])
    models = api.models
    joined = api.call(
        "POST",
        f"/api/tables/{table_id}/join",
        "/api/tables/{table_id}/join",
        headers=auth(invite),
        json={"name": "Ada"},
    )
    secrets = {0: joined["secret"], **{taken["seat"]: taken["secret"] for taken in created["secrets"]}}
    play_a_few_moves(api, table_id, secrets, 12, random.Random(created["game"]))
    now = api.call("GET", f"/api/tables/{table_id}/state", "/api/tables/{table_id}/state")
    seat = now["current_player"]
    answer = client.post(
        f"{RAW}/api/tables/{table_id}/undo", headers=auth(secrets[seat]), json={"version": now["version"]}
    )
    if answer.status_code == 200:
        check(TableStateModel(models), answer.json())
    for seat in range(players - 1):
        api.call("POST", f"/api/tables/{table_id}/resign", "/api/tables/{table_id}/resign", headers=auth(secrets[seat]))
    assert api.call("GET", f"/api/tables/{table_id}", "/api/tables/{table_id}")["terminal"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    check(models[("GET", "/api/tables/{table_id}/record")], record, sent_as_is=True)
    api.call("POST", f"/api/tables/{table_id}/rematch", "/api/tables/{table_id}/rematch", headers=auth(secrets[0]))
    check_replay(api, client, record)
    check_socket(sockets, secrets)


def TableStateModel(models: dict[tuple[str, str], Any]) -> Any:
    return models[("POST", "/api/tables/{table_id}/undo")]


def check_socket(sockets: list[Any], secrets: dict[int, str]) -> None:
    """What the sockets were sent while the game was played fits `ServerMessage`; so do a pong and an error."""
    server = strict(ServerMessage)
    kinds: set[str] = set()
    for socket in sockets:
        socket.send_json({"type": "ping"})
        socket.send_json({"type": "resign"})  # a spectator cannot: an error
        while True:
            message = socket.receive_json()
            server.validate_python({"value": message})
            kinds.add(message["type"])
            if message["type"] == "error":
                break
    assert {"state", "update", "invite", "pong", "error"} <= kinds


def check_replay(api: Api, client: TestClient, record: dict[str, Any]) -> None:
    """The finished game's record uploaded as a replay: its summary, its steps, its analysis (none yet)."""
    uploaded = api.call("POST", "/api/replays", "/api/replays", json=record)
    replay_id = uploaded["id"]
    summary = api.call("GET", f"/api/replays/{replay_id}", "/api/replays/{replay_id}")
    step_model = api.models[("GET", "/api/replays/{replay_id}/steps/{step}")]
    for step in (0, summary["steps"]):
        check(step_model, client.get(f"/api/replays/{replay_id}/steps/{step}").json(), sent_as_is=True)
    api.call("GET", f"/api/replays/{replay_id}/analysis", "/api/replays/{replay_id}/analysis")
    record_model = api.models[("GET", "/api/replays/{replay_id}/record")]
    check(record_model, client.get(f"/api/replays/{replay_id}/record").json(), sent_as_is=True)


def test_the_games_answers_fit_their_models(app_and_models: tuple[TestClient, dict[tuple[str, str], Any]]) -> None:
    """Issue 32: the catalogue, and every game's glossary and rules examples, fit their models exactly."""
    client, models = app_and_models
    api = Api(client, models)
    api.call("GET", "/api/games", "/api/games")
    for game in all_games():
        api.call("GET", f"/api/games/{game.name}/glossary", "/api/games/{name}/glossary")
        api.call("GET", f"/api/games/{game.name}/examples", "/api/games/{name}/examples")
    api.call("GET", "/api/health", "/api/health")


@pytest.mark.parametrize("game", [game.name for game in all_games()])
def test_every_view_of_a_played_game_fits_the_game_view(game: str) -> None:
    """Issue 32: each game's view type (`Game.view_type`) declares every key its views have, from the first move
    to the end of a game of random legal moves, for every seat and a spectator."""
    rng = random.Random(game)
    state = get_game(game).new_state(get_game(game).min_players, seed=11)
    seen = 0
    while True:
        if seen % 7 == 0 or state.is_terminal:
            for seat in (None, *range(state.num_players)):
                check(GameView, state.view(seat))
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
        seen += 1


def test_the_docs_examples_fit_their_models(app_and_models: tuple[TestClient, dict[tuple[str, str], Any]]) -> None:
    """Issue 32: each example /docs shows fits the model of the answers it stands beside, and every 2xx JSON answer
    of the schema has a schema and an example."""
    client, models = app_and_models
    by_name = {getattr(model, "__name__", ""): model for model in (*models.values(), TableUpdate)}
    for name, example in EXAMPLES.items():
        check(by_name[name], example(), sent_as_is=name in ("GameRecord", "ReplayFrame"))
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    missing = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                content = response.get("content", {}).get("application/json")
                if status.startswith("2") and content is not None:
                    assert content["schema"], (method, path)
                    named = components.get(content["schema"].get("$ref", "").rsplit("/", 1)[-1], {})
                    if not {"example", "examples"} & (content.keys() | named.keys()):
                        missing.append(f"{method.upper()} {path} {status}")
    assert missing == []


def test_the_socket_messages_are_in_the_schema(app_and_models: tuple[TestClient, dict[tuple[str, str], Any]]) -> None:
    """Issue 32: the WebSocket's messages both ways are schemas of the API's description, tagged by `type`."""
    client, _models = app_and_models
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert set(schemas["ClientMessage"]["discriminator"]["mapping"]) == {
        "hello",
        "move",
        "undo",
        "resign",
        "refresh",
        "ping",
    }
    assert set(schemas["ServerMessage"]["discriminator"]["mapping"]) == {"state", "update", "invite", "pong", "error"}
    client_messages = strict(ClientMessage)
    for message in (
        {"type": "hello", "token": "s3cret"},
        {"type": "move", "version": 3, "action": {"type": "play", "tile": "H3"}},
        {"type": "undo", "version": 4},
        {"type": "ping"},
    ):
        client_messages.validate_python({"value": message})
