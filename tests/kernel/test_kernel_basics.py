"""The kernel on its own: seeded randomness, options, events, errors and the registry."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import hypothesis
import pytest
from hypothesis import strategies as st

from guildtable.kernel import BadContent, BadOptions, Event, IllegalAction, Option, Rng
from guildtable.kernel.events import private, private_fields, public, public_fields, visible_events
from guildtable.kernel.options import parse_option_pairs, resolve_options
from guildtable.kernel.registry import all_games, get_game
from guildtable.kernel.rng import _MASK, _mix_int, _mix_words


def test_rng_is_reproducible_and_one_int() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert 0 <= a.state <= _MASK
    clone = a.clone()
    assert clone.next64() == a.next64()


@hypothesis.given(word=st.integers(0, _MASK), top=st.integers(0, 2**32 - 1), n=st.integers(1, 2**32 - 1))
def test_splitmix_on_32_bit_halves_is_splitmix_on_ints(word: int, top: int, n: int) -> None:
    """Issue 36: the two forms of SplitMix64's output function (compiled code computes on 32-bit halves, plain Python on
    big ints) are one function, and `below`'s product in two 48-bit parts is the plain one."""
    high, low = _mix_words(word >> 32, word & 0xFFFFFFFF)
    assert (high << 32) | low == _mix_int(word)
    assert ((top >> 16) * n + (((top & 0xFFFF) * n) >> 16)) >> 16 == (top * n) >> 32


def test_rng_below_is_uniform_enough() -> None:
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(count - 10_000) < 500 for count in counts.values())


@hypothesis.given(seed=st.integers(0, _MASK), n=st.integers(1, 2**256))
def test_rng_below_is_the_same_function_on_both_engines_for_any_bound(seed: int, n: int) -> None:
    """Issue 36: `below(n)` is `((next64 >> 32) * n) >> 32` for every positive n, compiled or not. Compiled, a bound
    of 2**32 or more once overflowed the machine product (`below(1 << 62)` gave 16 values, some negative), so that the
    RL environments dealt one of 16 games."""
    drawn, reference = Rng(seed), Rng(seed)
    for _ in range(3):
        value = drawn.below(n)
        assert value == ((reference.next64() >> 32) * n) >> 32
        assert 0 <= value < n


def test_rng_below_a_large_bound_spreads_its_values() -> None:
    """Issue 36: game seeds drawn with `below(1 << 62)` are many and nonnegative."""
    rng = Rng(3)
    seeds = [rng.below(1 << 62) for _ in range(2000)]
    assert len(set(seeds)) == 2000
    assert min(seeds) >= 0 and max(seeds) < 1 << 62


def test_rng_shuffle_is_a_permutation_and_random_in_unit_interval() -> None:
    rng = Rng(1)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    assert all(0.0 <= rng.random() < 1.0 for _ in range(1000))


def test_options_defaults_text_and_errors() -> None:
    declared = [
        Option("fast", False, bool, "go fast"),
        Option("level", 2, int, "how hard", minimum=1, maximum=3),
        Option("mode", "a", str, "which", choices=("a", "b")),
    ]
    assert resolve_options(declared, None) == {"fast": False, "level": 2, "mode": "a"}
    assert resolve_options(declared, {"fast": "yes", "level": "3", "mode": "b"}) == {
        "fast": True,
        "level": 3,
        "mode": "b",
    }
    for given, field in [
        ({"speed": 1}, "speed"),
        ({"level": 9}, "level"),
        ({"level": "x"}, "level"),
        ({"mode": "c"}, "mode"),
        ({"fast": 3}, "fast"),
    ]:
        with pytest.raises(BadOptions) as error:
            resolve_options(declared, given)
        assert error.value.field == field
    assert parse_option_pairs(["a=1", "b = x"]) == {"a": "1", "b": "x"}
    with pytest.raises(BadOptions):
        parse_option_pairs(["novalue"])


def test_events_are_filtered_by_seat() -> None:
    events = [public("build", seat=0), private(1, "drew", tiles=["H1"])]
    assert [e.kind for e in visible_events(events, 0)] == ["build"]
    assert [e.kind for e in visible_events(events, 1)] == ["build", "drew"]
    assert [e.kind for e in visible_events(events, None)] == ["build"]
    assert Event("x", {"a": 1}).to_json() == {"kind": "x", "a": 1}


def test_errors_name_their_rule_or_field() -> None:
    assert str(IllegalAction("CB-12", "no")) == "CB-12: no"
    assert str(BadContent("cards.json", "R1", "cost", "must be 1 or 2")) == (
        "cards.json, record R1, cost: must be 1 or 2"
    )


def test_registry_finds_games_by_name() -> None:
    assert get_game("city_blocks") is get_game("city-blocks")
    assert "city-blocks" in [game.name for game in all_games()]
    with pytest.raises(Exception, match="unknown game"):
        get_game("chess")


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_the_views_built_together_are_each_seats_view(name: str) -> None:
    """`State.views` (a broadcast's seats at once) gives each seat exactly its `view`: the hidden hands stay with
    their seats (CB-9, CG-47, GH-19 to GH-22, GL-42 to GL-44), in every position of a seeded random game,
    for every seat, a spectator, and a seat asked for twice."""
    game = get_game(name)
    players = game.max_players
    state = game.new_state(players, seed=31)
    rng = Rng(4)
    seats: list[int | None] = [*range(players), None, 0]
    while not state.is_terminal:
        together = state.views(seats)
        assert together == [state.view(seat) for seat in seats]
        assert [view.get("seat") for view in together[:players]] == list(range(players))
        state.apply(rng.choice(state.legal_actions()))
    assert state.views(seats) == [state.view(seat) for seat in seats]


def test_an_event_made_from_keys_and_values_is_the_same_event() -> None:
    """Issue 36: `public_fields` and `private_fields` make the events `public` and `private` make; only when the
    dict is made differs. Equal, shown, copied and pickled alike."""
    lazy = public_fields("build", ("seat", "tile"), (1, "H3"))
    assert lazy == public("build", seat=1, tile="H3") and lazy.seats is None
    assert lazy.data == {"seat": 1, "tile": "H3"} and lazy.data is lazy.data
    assert lazy.to_json() == {"kind": "build", "seat": 1, "tile": "H3"}
    hidden = private_fields(2, "drew", ("seat", "tiles"), (2, ["F4"]))
    assert hidden == private(2, "drew", seat=2, tiles=["F4"])
    assert hidden.visible_to(2) and not hidden.visible_to(1) and not hidden.visible_to(None)
    assert hidden != public("drew", seat=2, tiles=["F4"])  # who may see it is part of an event
    for twin in (copy.deepcopy(hidden), pickle.loads(pickle.dumps(hidden))):
        assert twin == hidden and twin.seats == frozenset({2})
    assert repr(lazy) == "Event(kind='build', data={'seat': 1, 'tile': 'H3'}, seats=None)"
