"""Issue 18 (the wrapper costs less than 2×): each game's compiled encoder (`guildtable.rl.compiled`) gives, entry
for entry, the tensor its Python encoder builds, on thousands of positions of every game and player count and under
the options that change the tensor; the compiled action mask is the Python one; and the environments use both.

The determinization property is checked on both implementations in `test_rl_encoders.py`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from rl_helpers import CASE_IDS, CASES, differing, positions

from guildtable.kernel import Game, Rng
from guildtable.kernel.registry import get_game
from guildtable.rl import encoder_for, masks
from guildtable.rl.encoders import PURE_PYTHON, Encoder, compiled_module, new_encoder

# Positions per case: about 3,000 in all for each game, every seat encoded at each.
SAMPLES = {"city-blocks": 3000, "city-and-guilds": 1000, "guildhall": 1500, "guilds-of-london": 1000}
OPTION_CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("city-and-guilds", 4, {"open_hands": True, "building_without_figures": "forbidden"}),
    ("city-and-guilds", 3, {"map": "\n".join(["AA.BB", ".....", "CC.DD", ".....", "EE.FF"]), "tavern_mandatory": True}),
    ("guildhall", 3, {"small_game_removal": "per_value", "robber_random": "any_then_discard"}),
    ("guildhall", 2, {"placement_order": "deck_order", "tax_collector_model": "single_scaled"}),
    ("guilds-of-london", 2, {"compass_rotation": 90, "unresolved_vote": "turn_order_wins"}),
    ("city-blocks", 2, {"court_via_rebuild": False}),
]


def _first_difference(compiled: Encoder, python: Encoder, game: Game, players: int, states: Any) -> str | None:
    """The first (position, seat) where the two encoders differ, named with the slices that differ."""
    for state in states:
        for seat in range(players):
            tensor = compiled.encode(state, seat)
            expected = python.encode(state, seat)
            assert tensor.dtype == np.float32 and tensor.shape == expected.shape
            if not np.array_equal(tensor, expected):
                where = f"{game.name}, move {len(state.history)} of seed {state.seed}, seat {seat}"
                return f"{where}: {differing(python, tensor, expected)}"
    return None


def _pair(game: Game, players: int) -> tuple[Encoder, Encoder]:
    compiled = new_encoder(game, players)
    assert compiled.compiled is not None, (
        f"{game.name}'s encoder was not compiled: `make test` builds it (pip install -e . with a C compiler)"
    )
    return compiled, new_encoder(game, players, compiled=False)


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_the_compiled_encoder_gives_the_python_tensor(game: Game, players: int) -> None:
    """Issue 18: every seat's tensor at every decision of seeded random games, the final positions included, and at
    determinizations of them (hands and piles dealt otherwise) in shuffled order."""
    compiled, python = _pair(game, players)
    states = [state.clone() for state in positions(game, players, SAMPLES[game.name], seed=31)]
    assert _first_difference(compiled, python, game, players, states) is None
    rng = Rng(32)
    worlds = [state.determinize(rng.below(players), rng) for state in states[::10]]
    rng.shuffle(worlds)
    assert _first_difference(compiled, python, game, players, worlds) is None


@pytest.mark.parametrize(("name", "players", "options"), OPTION_CASES, ids=[c[0] for c in OPTION_CASES])
def test_the_compiled_encoder_gives_the_python_tensor_under_the_options(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Issue 18: options that change the tensor (open hands, a small map, the option flags) or the play."""
    game = get_game(name)
    compiled, python = _pair(game, players)
    states = positions(game, players, 300, seed=33, options=options)
    assert _first_difference(compiled, python, game, players, states) is None


def test_the_environments_use_the_compiled_encoders_unless_told_not_to(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: `encoder_for` (which the PettingZoo, Gymnasium and OpenSpiel interfaces use) hands the work to the
    compiled twin; `GUILDTABLE_PURE_PYTHON=1` or `compiled=False` keeps it in Python, with the same tensor."""
    for game, players in CASES:
        assert encoder_for(game, players).compiled is not None, game.name
    monkeypatch.setenv(PURE_PYTHON, "1")
    pure = new_encoder("guildhall", 3)
    assert pure.compiled is None and new_encoder("guildhall", 3, compiled=False).compiled is None
    state = get_game("guildhall").new_state(3, seed=7)
    np.testing.assert_array_equal(pure.encode(state, 1), encoder_for("guildhall", 3).encode(state, 1))


def test_a_compiled_encoder_refuses_a_position_of_another_game() -> None:
    """Bad input is an error naming the problem, never a stray write: a City Blocks position handed to the City and
    Guilds encoder."""
    state = get_game("city-blocks").new_state(2, seed=1)
    with pytest.raises((AttributeError, TypeError)):
        encoder_for("city-and-guilds", 3).encode(state, 0)


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_the_compiled_action_mask_is_the_python_one(game: Game, players: int) -> None:
    """Issue 18: the mask the environments build at every step (1 at each legal action): the compiled loop and the
    Python one agree at every decision of seeded random games, as int8 (PettingZoo) and bool (Gymnasium)."""
    compiled = compiled_module("guildtable.rl.compiled.masks")
    assert compiled is not None, "the action mask was not compiled: `make test` builds it"
    assert masks.action_mask is compiled.action_mask
    size = game.num_distinct_actions(players)
    for state in positions(game, players, 300, seed=34):
        legal = [] if state.is_terminal else state.legal_actions()
        for dtype in (np.int8, np.bool_):
            mask = compiled.action_mask(legal, size, dtype)
            expected = masks.python_action_mask(legal, size, dtype)
            assert mask.dtype == expected.dtype == dtype and mask.shape == (size,)
            np.testing.assert_array_equal(mask, expected)
            assert list(np.flatnonzero(mask)) == sorted(legal)


def test_the_compiled_action_mask_refuses_an_action_outside_the_space() -> None:
    """An index outside the mask is an error naming it, never a stray write."""
    compiled = compiled_module("guildtable.rl.compiled.masks")
    assert compiled is not None
    for action in (-1, 10):
        with pytest.raises(IndexError, match=f"action {action} outside 0..9"):
            compiled.action_mask([1, action], 10, np.int8)
    with pytest.raises(ValueError, match="one-byte items"):
        compiled.action_mask([1], 10, np.float32)
