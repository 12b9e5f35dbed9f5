"""Issue 37: a City and Guilds position rebuilt from one seat's view (what a remote bot thinks on) shows that seat the
very view it was built from (CG-47), offers it the same moves, lets a bot choose, and is the same whatever the hidden
tiles really were."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from guildtable.bots import make_bot
from guildtable.games.city_and_guilds.game import CityAndGuilds
from guildtable.games.city_and_guilds.rules import CityAndGuildsState
from guildtable.kernel import BadRecord, Rng

GAME = CityAndGuilds()
# A small map of five blocks (§8.3), so that games at five seats stay short.
SMALL_MAP = "\n".join(
    ["..........", ".AAA.BBB..", ".AAA.BBB..", "..........", ".CC.DD.EE.", ".CC.DD.EE.", ".........."]
)


def _seen(state: CityAndGuildsState, seat: int | None) -> Any:
    return json.loads(json.dumps(state.view(seat)))  # as it crosses the network


def _rebuilt(view: Any, seed: int) -> CityAndGuildsState:
    state = GAME.seat_state(view, Rng(seed))
    assert isinstance(state, CityAndGuildsState)
    return state


def _check_every_seat(state: CityAndGuildsState, rng: random.Random) -> None:
    """CG-47: the rebuilt position shows each seat its view; the seat on turn has the same moves."""
    for seat in range(state.num_players):
        view = _seen(state, seat)
        rebuilt = _rebuilt(view, rng.randrange(1 << 30))
        assert _seen(rebuilt, seat) == view
        if state.current_player == seat:
            assert rebuilt.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_the_rebuilt_position_shows_the_seat_its_view_and_offers_its_moves(seed: int, players: int) -> None:
    """Every position of random games on the default map, from the setup returns (CG-11) to the end (CG-43)."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed=seed)
    while not state.is_terminal:
        _check_every_seat(state, rng)
        state.apply(rng.choice(state.legal_actions()))
    _check_every_seat(state, rng)


@pytest.mark.parametrize(
    "options",
    [{"open_hands": True}, {"map": SMALL_MAP}, {"map": SMALL_MAP, "open_hands": True}],
    ids=["open-hands", "custom-map", "custom-map-open-hands"],
)
def test_open_hands_and_a_custom_map_come_from_the_view(options: dict[str, object]) -> None:
    """CG-A-1: with open hands every hand is the view's; a custom map (§8.3) is the view's rows."""
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_state(3 + seed, seed=seed, options=options)
        while not state.is_terminal:
            _check_every_seat(state, rng)
            rebuilt = _rebuilt(_seen(state, 0), seed)
            assert rebuilt.options == state.options
            if options.get("open_hands"):
                assert rebuilt.hands == state.hands
            state.apply(rng.choice(state.legal_actions()))


def test_an_opening_without_returns_starts_with_the_first_pick() -> None:
    """CG-11: an explicit setup of three tiles a hand takes the returns as done; the rebuild starts at the pick."""
    setup = {"hands": [["BA", "WE", "CA"], ["SM", "MBA", "MIN"], ["WE", "WE", "SM"]], "start_player": 1}
    state = GAME.new_state(3, seed=4, setup=setup)
    rng = random.Random(4)
    for _ in range(20):
        _check_every_seat(state, rng)
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 5])
def test_a_bot_chooses_on_the_rebuilt_position(players: int) -> None:
    """The greedy bot at every turn, the hard bot (short) once for every kind of question, on the seat's rebuild."""
    rng = random.Random(players)
    state = GAME.new_state(players, seed=players, options={"map": SMALL_MAP})
    greedy, hard = make_bot("greedy", seed=1), make_bot("hard:iterations=50,ms=0", seed=1)
    kinds: set[str] = set()
    while not state.is_terminal:
        seat = state.current_player
        view = _seen(state, seat)
        rebuilt = _rebuilt(view, rng.randrange(1 << 30))
        assert greedy.choose(rebuilt) in state.legal_actions()
        if view["decision"]["kind"] not in kinds:
            kinds.add(view["decision"]["kind"])
            assert hard.choose(rebuilt) in state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
    assert {"return", "pick", "lot", "draw"} <= kinds


def test_the_rebuild_does_not_depend_on_the_hidden_tiles() -> None:
    """Two positions that differ only in what a seat cannot see (the other hands and the supply, CG-47) show it the
    same view and rebuild, with the same draws, into the same position: the rebuild reads only the view."""
    rng = random.Random(7)
    state = GAME.new_state(4, seed=7)
    differed = 0
    while not state.is_terminal:
        for seat in range(4):
            other = state.determinize(seat, Rng(rng.randrange(1 << 30)))
            differed += other.snapshot() != state.snapshot()
            view = _seen(state, seat)
            assert _seen(other, seat) == view
            draw = rng.randrange(1 << 30)
            assert _rebuilt(view, draw).snapshot() == _rebuilt(_seen(other, seat), draw).snapshot()
        state.apply(rng.choice(state.legal_actions()))
    assert differed


def test_the_hidden_tiles_are_drawn_at_random() -> None:
    """Different draws give other hands and supply orders, always the tiles the seat does not see (CG-4)."""
    state = GAME.new_state(4, seed=2)
    rng = random.Random(2)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    view = _seen(state, 0)
    rebuilds = [_rebuilt(view, draw) for draw in range(8)]
    assert len({json.dumps([r.hands[1:], r.supply]) for r in rebuilds}) > 1
    hidden = sorted(tile for hand in state.hands[1:] for tile in hand) + sorted(state.supply)
    for rebuilt in rebuilds:
        assert rebuilt.hands[0] == state.hands[0]
        assert sorted(sorted(t for hand in rebuilt.hands[1:] for t in hand) + rebuilt.supply) == sorted(hidden)


def test_options_the_view_lacks_are_the_defaults_unless_it_carries_them() -> None:
    state = GAME.new_state(3, seed=1, options={"tavern_mandatory": True})
    view = _seen(state, 0)
    assert _rebuilt(view, 1).options["tavern_mandatory"] is False  # the view does not say (CG-A-12)
    view["options"] = {"tavern_mandatory": True}
    assert _rebuilt(view, 1).options["tavern_mandatory"] is True


def test_a_spectators_view_rebuilds_nothing() -> None:
    view = _seen(GAME.new_state(3, seed=1), None)
    with pytest.raises(BadRecord):
        GAME.seat_state(view, Rng(1))
