"""Issue 18: one observation encoder per game, documented slice by slice, built only from what the seat may know.

The central property: over thousands of positions of seeded random games, every seat's tensor is identical in every
determinization of what that seat cannot see (another hand, a pile's order). A deliberately leaky encoder shows the
check would catch a leak. Then: the tensors' shape, type and range, layouts that do not depend on options, slices that
mean what their documentation says (checked against the views), and the README's layouts."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rl_helpers import CASE_IDS, CASES, differing, first_leak, positions

from guildtable.games.city_blocks.content import TILE_CODES
from guildtable.games.city_blocks.observer import CityBlocksEncoder
from guildtable.games.city_blocks.rules import CityBlocksState
from guildtable.kernel import Game, GuildtableError, Rng, State
from guildtable.kernel.registry import get_game
from guildtable.rl import encoder_for, layout_for
from guildtable.rl.encoders import Tensor, new_encoder

README = Path(__file__).resolve().parents[2] / "README.md"

# Positions checked per case: over 9,000 in all over the ten (game, player count) cases, each seat in 3 worlds.
SAMPLES = {"city-blocks": 1500, "city-and-guilds": 800, "guildhall": 1000, "guilds-of-london": 800}
EVERY = {"city-blocks": 1, "city-and-guilds": 2, "guildhall": 3, "guilds-of-london": 3}
OPTION_CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("city-and-guilds", 4, {"open_hands": True, "building_without_figures": "forbidden"}),
    ("guildhall", 3, {"small_game_removal": "per_value", "robber_random": "any_then_discard"}),
    ("guildhall", 2, {"placement_order": "deck_order", "tax_collector_model": "single_scaled"}),
    ("guilds-of-london", 2, {"compass_rotation": 90, "unresolved_vote": "turn_order_wins"}),
    ("city-blocks", 2, {"court_via_rebuild": False}),
]


IMPLEMENTATIONS = pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "python"])


@IMPLEMENTATIONS
@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_every_seat_sees_the_same_tensor_in_every_determinization(game: Game, players: int, compiled: bool) -> None:
    """Issue 18 (encoders built only from what the seat may know): each seat's tensor, in 3 determinizations for
    that seat, at every sampled position of seeded random games; by the compiled encoder and by the Python one."""
    encoder = new_encoder(game, players, compiled=compiled)
    assert (encoder.compiled is not None) == compiled
    states = positions(game, players, SAMPLES[game.name], seed=players, every=EVERY[game.name])
    assert first_leak(encoder, states, worlds=3, seed=18) is None


@IMPLEMENTATIONS
@pytest.mark.parametrize(("name", "players", "options"), OPTION_CASES, ids=[c[0] for c in OPTION_CASES])
def test_the_determinization_property_holds_under_the_options_too(
    name: str, players: int, options: dict[str, Any], compiled: bool
) -> None:
    """Issue 18: the options that change what a seat sees (open hands) or how hidden cards move keep the property."""
    game = get_game(name)
    states = positions(game, players, 200, seed=5, options=options, every=2)
    assert first_leak(new_encoder(game, players, compiled=compiled), states, worlds=2, seed=19) is None


INCREMENTAL_SAMPLES = {"city-blocks": 600, "city-and-guilds": 300, "guildhall": 400, "guilds-of-london": 300}


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_a_tensor_depends_on_the_position_alone_whatever_was_encoded_before(game: Game, players: int) -> None:
    """Issue 18 (the wrapper's speed): a Python encoder writes only what changed since the seat's last tensor. Each
    tensor, encoded after the previous decision's (as an environment does) and again in shuffled order among other
    games' positions and determinizations, equals the tensor built from nothing."""
    encoder = new_encoder(game, players, compiled=False)
    reference = new_encoder(game, players, compiled=False)
    states = [state.clone() for state in positions(game, players, INCREMENTAL_SAMPLES[game.name], seed=21)]
    rng = Rng(22)
    shuffled = [*states, *(state.determinize(rng.below(players), rng) for state in states[::3])]
    rng.shuffle(shuffled)
    for state in [*states, *shuffled]:
        for seat in range(players):
            tensor = encoder.encode(state, seat)
            reference.memo(seat).reset()
            expected = reference.build(state, seat)
            if not np.array_equal(tensor, expected):
                where = f"move {len(state.history)} of seed {state.seed}, seat {seat}"
                pytest.fail(f"{where}: {differing(encoder, tensor, expected)} differ")


class PeekingEncoder(CityBlocksEncoder):
    """Leaks on purpose: marks the opponent's hand in the seat's own hand slice."""

    def build(self, state: State, seat: int) -> Tensor:
        tensor = super().build(state, seat)
        assert isinstance(state, CityBlocksState)
        for tile in state.hands[1 - seat]:
            tensor[self.hand + tile] = 1.0
        return tensor


def test_the_determinization_check_catches_an_encoder_that_peeks() -> None:
    """Issue 18: the check above has teeth: reading the opponent's hidden hand shows within a few positions."""
    game = get_game("city-blocks")
    leak = first_leak(PeekingEncoder(), positions(game, 2, 50, seed=1), worlds=3, seed=2)
    assert leak is not None and "hand" in leak


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_tensors_are_float32_of_the_layouts_size_within_0_and_1(game: Game, players: int) -> None:
    """Issue 18 (a fixed-size float32 tensor per game and player count), every value in [0, 1], at the start,
    during and at the end of games; encoding never changes the position."""
    encoder = encoder_for(game, players)
    layout = encoder.layout
    assert layout.size == encoder.size and layout.slices[0].start == 0
    assert all(a.stop == b.start for a, b in zip(layout.slices, layout.slices[1:], strict=False)), "gaps or overlaps"
    assert len(set(layout.names)) == len(layout.names)
    for index, state in enumerate(positions(game, players, 120, seed=3, every=7)):
        before = json.dumps(state.snapshot(), sort_keys=True) if index % 20 == 0 else ""
        for seat in range(players):
            tensor = encoder.encode(state, seat)
            assert tensor.dtype == np.float32 and tensor.shape == (layout.size,)
            assert tensor.min() >= 0.0 and tensor.max() <= 1.0 and np.isfinite(tensor).all()
            assert tensor.any(), "an all-zero observation says nothing"
        if before:
            assert json.dumps(state.snapshot(), sort_keys=True) == before, "encoding changed the position"


def test_the_layout_depends_on_the_player_count_only() -> None:
    """Issue 18: the size is fixed per game and player count, whatever the options (a custom map included)."""
    small_map = "\n".join(["AA.BB", ".....", "CC.DD"])
    for name, players, options in [*OPTION_CASES, ("city-and-guilds", 3, {"map": small_map})]:
        game = get_game(name)
        state = game.new_state(players, seed=1, options=options)
        assert encoder_for(game, players).encode(state, 0).shape == (layout_for(game, players).size,)
    sizes = {(game.name, players): layout_for(game, players).size for game, players in CASES}
    assert sizes[("guildhall", 2)] < sizes[("guildhall", 4)]


def test_encoder_for_refuses_a_player_count_the_game_does_not_have() -> None:
    with pytest.raises(GuildtableError, match="2–2 players"):
        encoder_for("city-blocks", 3)


def test_split_gives_each_slice_by_name_with_its_shape() -> None:
    game = get_game("city-blocks")
    encoder = encoder_for(game, 2)
    state = game.new_state(2, seed=4)
    parts = encoder.layout.split(encoder.encode(state, 0))
    assert parts["board"].shape == (30, 39) and parts["board"][:, 0].all(), "an empty board at the start"
    with pytest.raises(KeyError, match="no slice 'nope'"):
        encoder.layout["nope"]


# --- the slices mean what they say: decoded, they agree with the seat's view ------------------------------------------


def _rows(part: Tensor) -> Counter[int]:
    """A multiset from a (copies, kinds) slice: row k of kind t set when there are more than k of t."""
    counts: Counter[int] = Counter()
    for row in part:
        counts.update(int(kind) for kind in np.flatnonzero(row))
    return counts


def test_city_blocks_slices_agree_with_the_view() -> None:
    """Issue 18: the hand, board and value tiles decode to what `view(seat)` shows (CB-9, CB-16)."""
    game = get_game("city-blocks")
    encoder = encoder_for(game, 2)
    for state in positions(game, 2, 200, seed=8):
        seat = state.current_player or 0
        view = state.view(seat)
        parts = encoder.layout.split(encoder.encode(state, seat))
        assert _rows(parts["hand"]) == Counter(TILE_CODES.index(code) for code in view["hand"])
        for site, cell in enumerate(parts["board"]):
            entry = view["board"][site // 6][site % 6]
            (index,) = np.flatnonzero(cell)
            if entry is None:
                assert index == 0
            else:
                mine = entry["owner"] == seat
                assert index == 1 + (0 if mine else 19) + TILE_CODES.index(entry["tile"])
        assert [v + 1 for v in np.flatnonzero(parts["won_values"][0])] == view["won"][seat]
        assert [v + 1 for v in np.flatnonzero(parts["won_values"][1])] == view["won"][1 - seat]


def test_city_and_guilds_slices_agree_with_the_view() -> None:
    """Issue 18: lot tiles and the hand decode to what `view(seat)` shows (CG-47)."""
    from guildtable.games.city_and_guilds.content import TILE_CODES as CG_CODES

    game = get_game("city-and-guilds")
    encoder = encoder_for(game, 4)
    for state in positions(game, 4, 150, seed=9, every=2):
        seat = state.current_player or 0
        view = state.view(seat)
        parts = encoder.layout.split(encoder.encode(state, seat))
        for lot, entry in enumerate(view["lots"]):
            (index,) = np.flatnonzero(parts["lot_tiles"][lot])
            assert index == (0 if entry["tile"] is None else 1 + CG_CODES.index(entry["tile"]))
        assert not parts["lot_tiles"][len(view["lots"]) :].any(), "lots beyond the map stay 0"
        assert _rows(parts["hand"]) == Counter(CG_CODES.index(code) for code in view["hand"])


def test_guildhall_slices_agree_with_the_view() -> None:
    """Issue 18: the hand and every guildhall decode to what `view(seat)` shows (GH-19, GH-21)."""
    from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, CONTENT, PROFESSION_NAMES

    game = get_game("guildhall")
    encoder = encoder_for(game, 3)
    for state in positions(game, 3, 150, seed=10, every=4):
        seat = state.current_player or 0
        view = state.view(seat)
        parts = encoder.layout.split(encoder.encode(state, seat))
        assert _rows(parts["hand"]) == Counter(CARD_NAMES.index(name) for name in view["hand"])
        for k in range(3):
            player = view["players"][(seat + k) % 3]
            shown = {
                (PROFESSION_NAMES.index(prof), CONTENT.colours.index(colour))
                for prof, colours in player["guildhall"].items()
                for colour in colours
            }
            hall = parts["guildhalls"][k]
            assert {(int(p), int(c)) for p, c in zip(*np.nonzero(hall), strict=True)} == shown
            assert hall.shape[1] == COLOURS


def test_guilds_of_london_slices_agree_with_the_view() -> None:
    """Issue 18: the hand and the tiles in the city decode to what `view(seat)` shows (GL-42)."""
    from guildtable.games.guilds_of_london.content import CONTENT

    game = get_game("guilds-of-london")
    encoder = encoder_for(game, 3)
    for state in positions(game, 3, 150, seed=11, every=3):
        seat = state.current_player or 0
        view = state.view(seat)
        parts = encoder.layout.split(encoder.encode(state, seat))
        numbers = sorted(CONTENT.cards[int(card)].number for card in np.flatnonzero(parts["hand"]))
        assert numbers == sorted(card["number"] for card in view["hand"])
        in_city = {CONTENT.tiles[int(tile)].id for tile in np.flatnonzero(parts["tile_in_city"])}
        assert in_city == {tile["id"] for tile in view["city"]}


def test_the_readme_shows_every_layout_as_the_encoders_lay_it_out() -> None:
    """Issue 18 (a README section for researchers with the observation layouts): the section holds, for each game,
    the table `python -m guildtable.rl GAME` prints from the encoders, so the documentation cannot drift."""
    from guildtable.rl.__main__ import layouts_markdown

    text = README.read_text()
    assert "## For researchers" in text
    section = text[text.index("## For researchers") :]
    for game in {game for game, _ in CASES}:
        assert layouts_markdown([game.name]) in section, f"the README's {game.name} layout is out of date"


def test_guilds_of_london_question_count_is_what_is_left_to_pay_return_or_move() -> None:
    """Issue 18: `question_count` is, for the seat that answers, how many are left to pay, return or move, moving
    figures to a location (GL-D27: the prompt says it) included; 0 for the other seats."""
    from guildtable.games.guilds_of_london import questions as Q
    from guildtable.games.guilds_of_london.observer import COUNT_SCALE

    game = get_game("guilds-of-london")
    seen: Counter[str] = Counter()
    for compiled in (True, False):
        encoder = new_encoder(game, 3, compiled=compiled)
        for state in positions(game, 3, 1500, seed=12):
            if not state.stack:
                continue
            question = state.stack[-1]
            counted = isinstance(question, (Q.Pay, Q.ReturnLiveryman, Q.MoveFrom, Q.MoveTo, Q.SendFrom))
            for seat in range(3):
                (count,) = encoder.layout.split(encoder.encode(state, seat))["question_count"]
                if not counted or seat != question.seat:
                    assert count == 0.0
                else:
                    assert count == np.float32(min(1.0, question.remaining / COUNT_SCALE)) > 0.0
                    seen[question.kind] += 1
    assert {Q.Pay.kind, Q.MoveFrom.kind, Q.MoveTo.kind} <= set(seen), seen
