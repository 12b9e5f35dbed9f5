"""Issue 37: a program plays on a real server through the Bot API. The server runs in a process of its own
(`local_server`: the streams need a real HTTP server), the bot is `guildtable.client`, the person is a page's
WebSocket. Every wait is on a line or a message the server sends, never on a sleep."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import wait_for
from websockets.sync.client import connect

from guildtable import rl
from guildtable.client import BotApiError, BotClient, SpecPlayer, play_forever
from guildtable.games.city_blocks.content import PLAYER_SET, TILE_CODES
from guildtable.server.auth import new_id, new_token
from guildtable.server.bot_accounts import MAX_STREAMS
from guildtable.server.local import local_server
from guildtable.server.storage.database import now
from guildtable.server.storage.store import Store
from guildtable.server.storage.tables import StoredSeat, StoredTable

PASSWORD = "correct horse battery"
# The person here is a program that answers at once: a page's player makes a few moves a minute, this one may make
# dozens a second, more than a WebSocket may send (`message_rate`).
FAST = (
    *("--move-rate", "100000/minute", "--message-rate", "100000/second", "--bot-rate", "100000/minute"),
    *("--leaderboard-min-games", "0"),
)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A server on SQLite: its address and its database's URL."""
    db_url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with local_server(db_url, extra=FAST) as (base_url, _process):
        yield base_url, db_url


def owner_with_bot(base_url: str, name: str = "Ada", bot: str = "Deep Blocks") -> tuple[httpx.Client, str]:
    """A signed-in person's client (with its CSRF header) who owns the bot `bot`, and a new token of the bot."""
    http = httpx.Client(base_url=base_url, timeout=30)
    signed = http.post("/api/account", json={"name": name, "password": PASSWORD})
    assert signed.status_code == 201, signed.json()
    http.headers["X-CSRF-Token"] = signed.json()["csrf"]
    assert http.post("/api/account/bots", json={"name": bot}).status_code == 201
    issued = http.post(f"/api/account/bots/{bot}/tokens", json={})
    return http, str(issued.json()["token"])


def table_for_ada_and_bot(
    http: httpx.Client, bot: str = "Deep Blocks", game: str = "city-blocks", others: int = 0, **extra: Any
) -> tuple[str, str]:
    """A table of `game` (by default City Blocks): Ada's seat 0 (as her account), seat 1 offered to the bot, `others`
    more seats played by the random bot; the table's id and Ada's secret."""
    seats = [{"take": True, "account": True}, {}, *[{"kind": "random"}] * others]
    created = http.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert created.status_code == 201, created.json()
    table = created.json()
    invite = table["invites"][0]["token"]
    offered = http.post(
        f"/api/tables/{table['id']}/invite-bot", headers={"Authorization": f"Bearer {invite}"}, json={"bot": bot}
    )
    assert offered.status_code == 200, offered.json()
    return table["id"], table["secrets"][0]["secret"]


def play_as_person(base_url: str, table_id: str, secret: str, *, rated: bool = False) -> dict[str, Any]:
    """A page's WebSocket plays seat 0 (a legal move drawn with a fixed seed each time it is asked) until the game is
    over (and, at a rated table, rated); the last message. Like a page, it answers each position once (the state sent
    on joining and an update may show the same one); a refused move fails at once, since nothing would follow it."""
    choose = random.Random(7).choice
    answered = -1
    with connect(base_url.replace("http", "ws", 1) + f"/ws/tables/{table_id}", open_timeout=30) as socket:
        socket.send(json.dumps({"type": "hello", "token": secret}))
        while True:
            message = json.loads(socket.recv(timeout=60))
            assert message["type"] != "error", message
            if message["type"] not in ("state", "update"):
                continue
            if message["terminal"] and (not rated or message["result"]["rating"] is not None):
                return dict(message)
            if message["legal"] and message["version"] > answered:
                answered = message["version"]
                action = choose(message["legal"])["action"]
                socket.send(json.dumps({"type": "move", "version": answered, "action": action}))


def test_a_remote_bot_plays_a_full_rated_game_against_a_person(server: tuple[str, str]) -> None:
    base_url, _db = server
    http, token = owner_with_bot(base_url)
    ended: list[dict[str, Any]] = []
    with BotClient(base_url, token) as bot:
        playing = threading.Thread(
            target=lambda: play_forever(
                bot, lambda: SpecPlayer("greedy"), games=1, on_end=lambda _t, last: ended.append(last)
            )
        )
        playing.start()
        table_id, secret = table_for_ada_and_bot(http, rated=True)
        last = play_as_person(base_url, table_id, secret, rated=True)
        playing.join(120)
    assert not playing.is_alive()
    assert last["terminal"] and ended and ended[0]["terminal"] and ended[0]["table"] == table_id
    assert [(seat["name"], seat["bot"]) for seat in last["seats"]] == [("Blue", False), ("Deep Blocks", True)]
    assert last["rated"] and last["result"]["rating"] == "rated"
    for name in ("Ada", "Deep Blocks"):
        ratings = http.get(f"/api/players/{name}").json()["ratings"]
        assert [(rating["game"], rating["games"]) for rating in ratings] == [("city-blocks", 1)]
    board = http.get("/api/leaderboard/city-blocks").json()["entries"]
    badges = {entry["name"]: entry["bot_account"] for entry in board if entry["kind"] == "player"}
    assert badges == {"Ada": False, "Deep Blocks": True}


def test_a_silent_bot_times_out_like_a_person(server: tuple[str, str]) -> None:
    base_url, _db = server
    http, token = owner_with_bot(base_url)
    pace = {"kind": "live", "base_seconds": 1, "increment_seconds": 0, "timeout": "forfeit"}
    table_id, secret = table_for_ada_and_bot(http, pace=pace)
    with BotClient(base_url, token) as bot:
        bot.accept(table_id, 1)
        for message in bot.game(table_id):  # the bot only listens
            if message["terminal"]:
                break
            if message["current_player"] == 0:
                legal = http.get(f"/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {secret}"}).json()[
                    "legal"
                ]
                http.post(
                    f"/api/tables/{table_id}/moves",
                    headers={"Authorization": f"Bearer {secret}"},
                    json={"version": message["version"], "action": legal[0]["action"]},
                )
    assert message["terminal"] and message["out"] == {"1": "timeout"}


def test_a_revoked_token_ends_its_streams_at_once(server: tuple[str, str]) -> None:
    base_url, _db = server
    http, token = owner_with_bot(base_url)
    table_id, _secret = table_for_ada_and_bot(http)
    with BotClient(base_url, token) as bot:
        events = bot.events()
        first = next(events)
        assert (first["type"], first["table"], first["seat"]) == ("invitation", table_id, 1)
        bot.accept(table_id, 1)
        game = bot.game(table_id)
        assert next(game)["seat"] == 1
        token_id = http.get("/api/account/bots").json()["bots"][0]["tokens"][0]["id"]
        assert http.delete(f"/api/account/bots/tokens/{token_id}").status_code == 204
        assert [event["type"] for event in events] in ([], ["game_start"])
        with pytest.raises(BotApiError) as refused:
            bot.account()
    assert refused.value.status == 401


def _piles(redrawn: bool) -> list[list[str]]:
    """Blue's (the person's) pile: the same five tiles in hand, the fifteen below drawn in another order when
    `redrawn`; Red's (the bot's) pile the same in both."""
    tiles = [TILE_CODES[tile] for tile in PLAYER_SET]
    blue = tiles[:5] + (tiles[5:][::-1] if redrawn else tiles[5:])
    return [blue, tiles[::-1]]


def _stored_table(db_url: str, redrawn: bool, secret: str, invite: str) -> str:
    """A table made straight in the store with a setup of its own (the API lets nobody choose hidden cards)."""
    store = Store(db_url)
    table_id = new_id()
    setup = {"value_tiles": list(range(1, 16)), "piles": _piles(redrawn)}
    seats = [
        StoredSeat(0, "human", "Ada", new_token(), True, None, secret),
        StoredSeat(1, "human", "Red", invite, False, None, None),
    ]
    store.tables.create_table(StoredTable(table_id, "city-blocks", 7, {}, setup, now(), None, seats, []))
    store.close()
    return table_id


def _seen(message: dict[str, Any]) -> dict[str, Any]:
    """A bot stream's line without what differs between two tables anyway (their ids)."""
    return {key: value for key, value in message.items() if key != "table"}


def test_the_bots_stream_carries_only_its_own_seats_view(server: tuple[str, str]) -> None:
    """Two tables alike but for the person's hidden tiles, redrawn: the bot's streams are line for line the same
    while the person plays the same moves (its hidden tiles reach no line of the bot's)."""
    base_url, db_url = server
    http, token = owner_with_bot(base_url)
    secrets_, invites = {False: new_token(), True: new_token()}, {False: new_token(), True: new_token()}
    tables = {redrawn: _stored_table(db_url, redrawn, secrets_[redrawn], invites[redrawn]) for redrawn in (False, True)}
    with BotClient(base_url, token) as bot:
        streams = {}
        for redrawn, table_id in tables.items():
            http.post(
                f"/api/tables/{table_id}/invite-bot",
                headers={"Authorization": f"Bearer {invites[redrawn]}"},
                json={"bot": "Deep Blocks"},
            )
            bot.accept(table_id, 1)
            streams[redrawn] = bot.game(table_id)
        lines = {redrawn: next(stream) for redrawn, stream in streams.items()}
        assert _seen(lines[False]) == _seen(lines[True])
        assert lines[False]["view"]["hand"] and "hand" not in str(lines[False]["view"]["hand_sizes"])
        for _ply in range(8):
            seat = lines[False]["current_player"]
            if seat == 1:
                action = lines[False]["legal"][0]["action"]
                for redrawn, table_id in tables.items():
                    bot.move(table_id, lines[redrawn]["version"], action)
            else:
                ada = {
                    redrawn: http.get(
                        f"/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {secrets_[redrawn]}"}
                    ).json()
                    for redrawn, table_id in tables.items()
                }
                both = [move["action"] for move in ada[True]["legal"] if move in ada[False]["legal"]]
                for redrawn, table_id in tables.items():
                    http.post(
                        f"/api/tables/{table_id}/moves",
                        headers={"Authorization": f"Bearer {secrets_[redrawn]}"},
                        json={"version": ada[redrawn]["version"], "action": both[0]},
                    )
            lines = {redrawn: next(stream) for redrawn, stream in streams.items()}
            assert _seen(lines[False]) == _seen(lines[True])


# The games `bot-connect --bot hard` is played in below: the table's random seats and options, so that a game stays
# short (City and Guilds: three seats on a map of three blocks of three lots).
HARD_TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "city-blocks": (0, {}),
    "city-and-guilds": (
        1,
        {"options": {"map": "\n".join(["........", ".AAA.BBB", "........", "..CCC...", "........"])}},
    ),
}


@pytest.mark.parametrize("game", HARD_TABLES)
def test_bot_connect_plays_hard_on_the_server(server: tuple[str, str], game: str) -> None:
    """The reference client: `guildtable bot-connect --bot hard` takes the seat offered and plays the game out,
    thinking on positions rebuilt from its seat's view (the game's `seat_state`)."""
    base_url, _db = server
    http, token = owner_with_bot(base_url)
    command = [sys.executable, "-c", "from guildtable.cli.app import main; main()", "--lang", "en", "bot-connect"]
    options = ["--server", base_url, "--token", token, "--bot", "hard", "--games", "1"]
    with subprocess.Popen([*command, *options], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as bot:
        try:
            assert bot.stdout is not None
            assert "as Deep Blocks" in bot.stdout.readline()  # connected: the seat offered next reaches its stream
            others, extra = HARD_TABLES[game]
            table_id, secret = table_for_ada_and_bot(http, game=game, others=others, **extra)
            last = play_as_person(base_url, table_id, secret)
            output = bot.stdout.read()
            assert bot.wait(60) == 0, output
        finally:
            bot.kill()  # a failed game leaves the bot waiting for its end: never wait for it here
    assert last["terminal"] and f"Game {table_id} is over." in output and "1 game played." in output


def test_the_examples_policy_plays_on_the_server(server: tuple[str, str]) -> None:
    """`examples/remote_policy.py`: a policy of the `guildtable.rl` interface plays a whole game as a bot account."""
    base_url, _db = server
    http, token = owner_with_bot(base_url)
    path = Path(__file__).resolve().parents[2] / "examples" / "remote_policy.py"
    spec = importlib.util.spec_from_file_location("example_remote_policy", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    played: list[int] = []
    playing = threading.Thread(target=lambda: played.append(example.main(base_url, token, games=1)))
    playing.start()
    table_id, secret = table_for_ada_and_bot(http)
    assert play_as_person(base_url, table_id, secret)["terminal"]
    playing.join(60)
    rl.unregister_policy("mine")
    assert played == [1]


def test_a_token_holds_a_bounded_number_of_streams(server: tuple[str, str]) -> None:
    base_url, _db = server
    _http, token = owner_with_bot(base_url)
    headers = {"Authorization": f"Bearer {token}"}
    with (
        httpx.Client(base_url=base_url, timeout=30, limits=httpx.Limits(max_connections=64)) as bot,
        ExitStack() as held,
    ):
        for _stream in range(MAX_STREAMS):
            assert held.enter_context(bot.stream("GET", "/api/bot/stream", headers=headers)).status_code == 200
        refused = bot.get("/api/bot/stream", headers=headers)
        assert (refused.status_code, refused.json()["problem"]) == (429, "too-many-streams")
        held.close()  # every stream ends: the token may open new ones

        def opens() -> bool:
            with bot.stream("GET", "/api/bot/stream", headers=headers) as again:
                return again.status_code == 200

        assert wait_for(opens)
