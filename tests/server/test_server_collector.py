"""The server's use of the garbage collector (`server/collector.py`, issue 17): every collection's survivors are
frozen, so a process holding many tables' logs never looks at them again at each collection; a cycle that becomes
garbage while frozen is freed by the thorough collection; a table let go leaves no cycle behind (so its log is freed
at once, frozen or not); and stopping gives the process back Python's own ways."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator

import pytest
from server_helpers import TestClient, auth

from guildtable.server import create_app
from guildtable.server.collector import SurvivorsFrozen, freeze_survivors
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings


class Node:
    """A container that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def frozen() -> Iterator[SurvivorsFrozen]:
    before = gc.get_threshold()
    policy = SurvivorsFrozen(young_threshold=500)
    policy.start()
    try:
        yield policy
    finally:
        policy.stop()
    assert gc.get_threshold() == before


def test_the_survivors_of_a_collection_are_frozen_and_looked_at_no_more(frozen: SurvivorsFrozen) -> None:
    frozen_before = gc.get_freeze_count()
    survivors = [Node() for _ in range(100)]
    gc.collect(0)
    # Not moved on to an older generation, to be looked at again there, but frozen.
    assert not any(node is survivors[0] for generation in range(3) for node in gc.get_objects(generation))
    assert gc.get_freeze_count() >= frozen_before + 100


def test_a_cycle_that_became_garbage_while_frozen_waits_for_the_thorough_collection(frozen: SurvivorsFrozen) -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    gc.collect()  # they survive it, and are frozen
    del first, second
    gc.collect()
    assert gone() is not None  # a frozen cycle is not looked at
    assert frozen.thorough() >= 2
    assert gone() is None
    assert frozen.thorough_collections == 1


def test_frozen_objects_outside_a_cycle_are_freed_at_once(frozen: SurvivorsFrozen) -> None:
    log = [Node() for _ in range(10)]
    gone = weakref.ref(log[3])
    gc.collect()
    del log
    assert gone() is None  # reference counting frees them, frozen or not


def test_stopping_unfreezes_everything() -> None:
    policy = SurvivorsFrozen()
    policy.start()
    kept = [Node() for _ in range(10)]
    gc.collect()
    assert gc.get_freeze_count() > 0
    policy.stop()
    assert gc.get_freeze_count() == 0
    assert freeze_survivors not in gc.callbacks
    assert kept


def test_the_policy_stays_until_the_last_of_two_apps_stops() -> None:
    before = gc.get_threshold()
    first, second = SurvivorsFrozen(young_threshold=900), SurvivorsFrozen(young_threshold=900)
    first.start()
    second.start()
    first.stop()
    assert gc.get_threshold()[0] == 900 and gc.callbacks.count(freeze_survivors) == 1
    second.stop()
    assert gc.get_threshold() == before and freeze_survivors not in gc.callbacks


GAMES = {"city-blocks": 2, "city-and-guilds": 3, "guildhall": 2, "guilds-of-london": 2}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_let_go_leaves_no_cycle_behind(game: str, sqlite_url: str) -> None:
    """Frozen or not, a table's log is freed by reference counting when the table leaves memory: none of its objects
    sits in a reference cycle (else every table let go would wait for the thorough collection)."""
    limits = ServerLimits(create_rate="1000/minute", move_rate="100000/minute")
    app = create_app(ServerSettings(db=sqlite_url, bot_delay=0, limits=limits))
    rng = random.Random(game)
    with TestClient(app) as client:
        for _table in range(2):
            made = client.post("/api/tables", json={"game": game, "seats": [{"take": True}] * GAMES[game]}).json()
            tokens = {taken["seat"]: taken["secret"] for taken in made["secrets"]}
            with client.websocket_connect(f"/ws/tables/{made['id']}") as spectator:
                spectator.send_json({"type": "hello"})
                spectator.receive_json()
                for _move in range(30):
                    seen = client.get(f"/api/tables/{made['id']}/state").json()
                    if seen["terminal"]:
                        break
                    token = tokens[seen["current_player"]]
                    mine = client.get(f"/api/tables/{made['id']}/state", headers=auth(token)).json()
                    action = rng.choice(mine["legal"])["action"]
                    body = {"version": mine["version"], "action": action}
                    assert client.post(f"/api/tables/{made['id']}/moves", headers=auth(token), json=body).is_success
                    spectator.receive_json()
        lobby = app.state.lobby
        assert len(lobby.tables) == 2
        gc.unfreeze()
        gc.collect()  # whatever garbage there was before
        gc.unfreeze()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            lobby.tables.clear()
            lobby.replays = type(lobby.replays)()
            gc.collect()
            ours = [type(thing).__qualname__ for thing in gc.garbage if type(thing).__module__.startswith("guildtable")]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    assert ours == []
