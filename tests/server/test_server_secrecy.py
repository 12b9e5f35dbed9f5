"""No message a seat receives carries another seat's hidden information.

Full games of every registered game are played over the WebSocket with one client per seat and a spectator. Each
client's messages are then checked against the game replayed from its record: every view is exactly
`state.view(seat)`, the event stream is exactly the events that seat may see, legal moves go only to the seat on
turn, and neither the other seats' hidden values (where their view differs from the spectator's) nor their private
events nor their tokens ever appear. Server log lines are checked for tokens and private events too.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from server_helpers import TestClient, tokens_of

from guildtable.kernel import Rng, State
from guildtable.kernel.records import new_state_for, parse_record
from guildtable.kernel.registry import all_games
from guildtable.server import create_app
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings

# These tests play whole games as fast as the server answers: far above a person's rate of moves and messages.
FAST = ServerLimits(move_rate="1000000/minute", message_rate="100000/second")

MAX_MOVES = 1500


def hidden_values(view: dict[str, Any], spectator: dict[str, Any], path: str = "") -> dict[str, Any]:
    """The parts of a seat's view that a spectator does not see: that seat's hidden information."""
    found: dict[str, Any] = {}
    for key, value in view.items():
        where = f"{path}.{key}"
        other = spectator.get(key)
        if key == "seat" or value == other:
            continue
        if isinstance(value, dict) and isinstance(other, dict):
            found.update(hidden_values(value, other, where))
        else:
            found[where] = value
    return found


def at(view: dict[str, Any], path: str) -> Any:
    value: Any = view
    for key in path.strip(".").split("."):
        value = value.get(key) if isinstance(value, dict) else None
    return value


def play_over_sockets(client: TestClient, game: str, players: int, seed: int) -> tuple[dict, dict, dict]:
    table = client.post(
        "/api/tables", json={"game": game, "seats": [{"kind": "human", "take": True}] * players, "seed": seed}
    ).json()
    tokens = tokens_of(table)
    url = f"/ws/tables/{table['id']}"
    watchers: list[int | None] = [*range(players), None]
    received: dict[int | None, list[dict]] = {seat: [] for seat in watchers}
    rng = Rng(seed)
    sockets = {seat: client.websocket_connect(url) for seat in watchers}
    try:
        for seat, ws in sockets.items():
            ws.__enter__()
            ws.send_json({"type": "hello", "token": None if seat is None else tokens[seat]})
            received[seat].append(ws.receive_json())
        for _ in range(MAX_MOVES):
            latest = received[None][-1]
            if latest["terminal"]:
                break
            mover = latest["current_player"]
            mine = received[mover][-1]
            choice = rng.choice(mine["legal"])
            sockets[mover].send_json({"type": "move", "version": mine["version"], "action": choice["action"]})
            for seat, ws in sockets.items():
                received[seat].append(ws.receive_json())
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    return received, tokens, record


def expected_streams(record: dict, watchers: list[int | None]) -> tuple[list[State], dict[int | None, list[dict]]]:
    """Each position of the game and each watcher's event stream, rebuilt from the record."""
    state = new_state_for(parse_record(record))
    positions = [state.clone()]
    streams: dict[int | None, list[dict]] = {seat: [] for seat in watchers}
    private: list[tuple[frozenset[int], dict]] = []
    names = [player["name"] for player in record["players"]]  # the log speaks of the table's names
    for version, entry in enumerate(record["actions"], start=1):
        for event in state.apply(entry["action"]):
            data = {"version": version, **event.to_json(), "text": state.game.describe_event(event, names)}
            for seat in watchers:
                if event.visible_to(seat):
                    streams[seat].append(data)
            if event.seats is not None:
                private.append((event.seats, data))
        positions.append(state.clone())
    streams["private"] = private  # type: ignore[index]
    return positions, streams


GAMES = sorted({(game.name, count) for game in all_games() for count in (game.min_players, game.max_players)})


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_no_message_carries_another_seats_hidden_information(
    game: str, players: int, sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with TestClient(
        create_app(ServerSettings(db=sqlite_url, bot_delay=0, allow_chosen_seeds=True, limits=FAST))
    ) as client:
        received, tokens, record = play_over_sockets(client, game, players, seed=17)
    assert received[None][-1]["terminal"], "the game was played to the end"
    watchers: list[int | None] = [*range(players), None]
    positions, streams = expected_streams(record, watchers)
    private = streams.pop("private")  # type: ignore[call-overload]
    views = [{seat: position.view(seat) for seat in watchers} for position in positions]
    secrets = [{other: hidden_values(by_seat[other], by_seat[None]) for other in range(players)} for by_seat in views]
    for seat in watchers:
        messages = received[seat]
        stream = messages[0]["log"] + [event for message in messages[1:] for event in message["events"]]
        assert stream == streams[seat], f"seat {seat} got exactly the events it may see"
        foreign = [data for seats, data in private if seat is None or seat not in seats]
        for message in messages:
            version = message["version"]
            position, mine = positions[version], views[version][seat]
            assert message["seat"] == seat
            assert message["view"] == mine
            on_turn = seat is not None and position.current_player == seat and not position.is_terminal
            assert bool(message["legal"]) == on_turn
            text = json.dumps(message)
            assert not any(token in text for other, token in tokens.items() if other != seat)
            events = message.get("events", message.get("log", []))
            assert not any(data in events for data in foreign)
            for other, secret in secrets[version].items():
                if other == seat:
                    continue
                for path, value in secret.items():
                    if at(mine, path) != value:
                        assert at(message["view"], path) != value, f"seat {seat} saw seat {other}'s {path}"
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert not any(token in logged for token in tokens.values())
    assert not any(json.dumps(data) in logged for _, data in private)
