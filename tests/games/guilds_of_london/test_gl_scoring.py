"""Tile scoring (GL-69 to GL-87): reading order, negotiation, the vote, rewards, masters and the Beadle."""

from __future__ import annotations

from typing import Any

from gl_helpers import GH, at, cleared, ensure_in_play, figures, make_master, put, run

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.flow import gain
from guildtable.games.guilds_of_london.geometry import cell, neighbours, xy
from guildtable.games.guilds_of_london.rules import GuildsState

GREEN, RED, BLUE, YELLOW = 0, 1, 2, 3


def swap_to(state: GuildsState, tile_id: str, x: int, y: int) -> int:
    """Put `tile_id` at (x, y), swapping with the tile there."""
    wanted = ensure_in_play(state, tile_id)
    target = cell(x, y)
    other = state.cells[target]
    if other == wanted:
        return wanted
    here = state.cell_of[wanted]
    state.cells[target], state.cells[here] = wanted, other
    state.cell_of[wanted], state.cell_of[other] = target, here
    return wanted


def score_phase(state: GuildsState) -> None:
    run(state, Q.ScoreFrom(-1, 0, tuple(state.reading_order())))


def answer_rewards(state: GuildsState, action: int = A.SKIP) -> None:
    while state.stack and isinstance(state.stack[-1], (Q.FirstReward, Q.SecondReward)):
        state.apply(action)


def no_neutrals(state: GuildsState) -> None:
    state.neutrals = [0] * state.num_players


def quiet(players: int = 3, seed: int = 0, options: dict[str, Any] | None = None) -> GuildsState:
    state = cleared(players, seed, options=options)
    no_neutrals(state)
    state.token = [-1] * A.N_TILES  # tokens are tested on their own
    return state


def test_gl_69_two_players_score_only_on_laurel_rounds() -> None:
    """GL-69, GL-111: with 2 players tiles are scored only in even rounds; with 3–4 every round."""
    assert CONTENT.tracks[2].scoring == frozenset(range(2, 17, 2))
    assert CONTENT.tracks[3].scoring == frozenset(range(1, 16))
    state = quiet(2)
    target = state.in_play[0]
    put(state, 0, target, CONTENT.tiles[target].minimum)
    state.round, state.taken = 1, 0b11
    run(state, Q.NextTurn(-1))
    assert not state.back[target] and state.round == 2
    state.taken = 0b11
    run(state, Q.NextTurn(-1))
    answer_rewards(state)
    assert state.back[target]


def test_gl_70_71_72_73_74_t5_each_tile_checked_once_in_reading_order() -> None:
    """GL-T5, GL-70, GL-74: tile 8's winner moves a liveryman onto tile 5 (already checked): tile 5 is not scored in
    this phase, but in the next."""
    state = quiet(3)
    late = swap_to(state, "lamplighters", 2, -1)  # last in reading order; first reward: 1 VP, move 1, recruit 2
    early = at(state, -1, 1)  # first in reading order
    need = CONTENT.tiles[early].minimum
    put(state, RED, early, need - 1)
    put(state, BLUE, late, 2)
    score_phase(state)
    assert isinstance(state.stack[-1], Q.FirstReward) and state.current_player == BLUE
    state.apply(A.SKIP)  # 1 VP
    state.apply(A.TAKE)  # move 1
    state.apply(A.SOURCE + late)
    state.apply(A.DEST + early)
    state.apply(A.SKIP)  # recruit 2
    assert sum(figures(state, early)) == need
    assert state.back[late] and not state.back[early]  # GL-70
    score_phase(state)
    answer_rewards(state)
    assert state.back[early]  # scored in the next phase


def test_gl_72_a_master_side_tile_is_never_scored_again() -> None:
    """GL-72: once scored a tile shows its master side; filling it again does not score it in a later phase."""
    state = quiet(3)
    target = state.in_play[0]
    need = CONTENT.tiles[target].minimum
    put(state, RED, target, need)
    score_phase(state)
    answer_rewards(state)
    assert state.back[target] and len(state.results) == 1
    put(state, BLUE, target, need)
    on_tile = figures(state, target)
    score_phase(state)
    answer_rewards(state)
    assert len(state.results) == 1  # nothing scored
    assert figures(state, target) == on_tile  # and nobody's liverymen moved


def test_gl_75_76_77_81_85_t6_negotiation_example() -> None:
    """GL-T6, GL-75, GL-76, GL-77, GL-81, GL-85, GL-D12: Blue displaces a Green, Green answers; Green wins 2:1, Blue
    is second; the neutrals go home; one Green becomes master, the rest go to the Guildhall."""
    state = cleared(3, start_order=[2, 0, 1])  # Blue first, then Green, then Red
    state.token = [-1] * A.N_TILES
    target = next(t for t in state.in_play if CONTENT.tiles[t].minimum <= 5)
    put(state, GREEN, target, 3)
    put(state, BLUE, target, 2)
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    assert (type(state.stack[-1]), state.current_player) == (Q.Negotiate, BLUE)
    assert A.NEUTRAL + BLUE not in state.legal_actions()  # never your own
    state.apply(A.NEUTRAL + GREEN)
    assert figures(state, target)[:3] == [2, 0, 2] and figures(state, GH)[GREEN] == 1
    state.apply(A.STOP)
    assert state.current_player == GREEN
    state.apply(A.NEUTRAL + BLUE)
    state.apply(A.STOP)
    assert state.current_player == RED  # GL-76: may negotiate without liverymen there
    state.apply(A.STOP)
    answer_rewards(state)
    assert state.neutrals == [2, 2, 2]
    assert state.back[target] and state.master_of(target) == GREEN
    assert figures(state, target) == [1, 0, 0]
    assert figures(state, GH) == [2, 0, 2]
    assert state.results[-1]["winner"] == GREEN and state.results[-1]["second"] == BLUE


def adjacent_tiles(state: GuildsState, tile: int) -> list[int]:
    return [state.cells[c] for c in neighbours(state.cell_of[tile]) if state.cells.get(c, -1) >= 0]


def tile_with_neighbours(state: GuildsState, count: int) -> int:
    return next(t for t in state.in_play if len(adjacent_tiles(state, t)) >= count and CONTENT.tiles[t].minimum <= 3)


def test_gl_78_84_t7_tie_broken_by_adjacent_master_and_tied_second_gets_nothing() -> None:
    """GL-T7, GL-78, GL-84: Yellow wins 2:1:1 with an adjacent master; Blue and Green tie for second, so nobody is
    second and the token goes face down to the supply."""
    state = quiet(4)
    target = tile_with_neighbours(state, 1)
    token = 5
    state.token[target] = token
    state.token_supply.remove(token) if token in state.token_supply else None
    for seat in (BLUE, GREEN, YELLOW):
        put(state, seat, target)
    make_master(state, YELLOW, adjacent_tiles(state, target)[0])
    supply_before = len(state.token_supply)
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    answer_rewards(state)
    assert state.master_of(target) == YELLOW
    assert state.results[-1]["second"] is None
    assert len(state.token_supply) == supply_before + 1 and state.kept == [[], [], [], []]


def test_gl_t12_d15_second_place_uses_raw_counts() -> None:
    """GL-T12, GL-D15: Blue 2 (+1 adjacent master), Green 2, Yellow 1 → Blue wins 3:2, Green is second."""
    state = quiet(4)
    target = tile_with_neighbours(state, 1)
    put(state, BLUE, target, 2)
    put(state, GREEN, target, 2)
    put(state, YELLOW, target, 1)
    make_master(state, BLUE, adjacent_tiles(state, target)[0])
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    answer_rewards(state)
    assert state.results[-1]["winner"] == BLUE and state.results[-1]["second"] == GREEN
    assert state.vp[GREEN] == CONTENT.tiles[target].second_vp


def test_gl_79_t13_d13_unresolved_tie_is_not_scored() -> None:
    """GL-T13, GL-79, GL-D13: Blue 2, Green 2, each with 1 adjacent master: not scored; everything stays."""
    state = quiet(4)
    target = tile_with_neighbours(state, 2)
    state.token[target] = 3
    put(state, BLUE, target, 2)
    put(state, GREEN, target, 2)
    first, second = adjacent_tiles(state, target)[:2]
    make_master(state, BLUE, first)
    make_master(state, GREEN, second)
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    assert not state.back[target] and figures(state, target)[:3] == [2, 0, 2]
    assert state.token[target] == 3 and state.results[-1]["winner"] is None


def test_gl_d13_turn_order_wins_option() -> None:
    """GL-D13 config `unresolved_vote=turn_order_wins`: the tied player first in turn order wins."""
    state = quiet(4, options={"unresolved_vote": "turn_order_wins"})
    target = state.in_play[0]
    need = max(2, CONTENT.tiles[target].minimum)
    put(state, BLUE, target, need)
    put(state, GREEN, target, need)
    gain(state, GREEN, 1, "test", [])
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    answer_rewards(state)
    assert state.master_of(target) == GREEN


def test_gl_t10_71_86_beadle_counts_moves_and_can_complete_a_later_tile() -> None:
    """GL-T10, GL-71, GL-73, GL-86: Red 2 + the Beadle meet minimum 3; after the flip the Beadle goes to the lowest
    precedence unscored tile, which (later in reading order) now meets its minimum and is scored this phase."""
    state = quiet(3)
    first = at(state, -1, 1)
    rest = [t for t in state.in_play if t != first]
    lowest = min(rest, key=lambda t: CONTENT.tiles[t].precedence)
    if state.reading_order().index(lowest) < state.reading_order().index(first):
        first, lowest = lowest, first
    put(state, RED, first, max(1, CONTENT.tiles[first].minimum - 1))
    state.beadle = first
    later_need = CONTENT.tiles[lowest].minimum - 1
    put(state, BLUE, lowest, later_need)
    for t in state.in_play:
        if t not in (first, lowest) and CONTENT.tiles[t].precedence < CONTENT.tiles[lowest].precedence:
            state.back[t] = 1  # make `lowest` the lowest unscored tile
    score_phase(state)
    answer_rewards(state)
    answer_rewards(state)
    assert state.back[first] and state.master_of(first) == RED
    assert state.back[lowest] and state.master_of(lowest) == BLUE
    assert state.beadle == state.lowest_unscored()


def test_gl_80_81_t11_only_neutrals_left_means_no_scoring() -> None:
    """GL-T11, GL-80, GL-81: Red 1 + the Beadle on a minimum-2 tile; Blue's neutral sends Red away: not scored, the
    neutral goes back to Blue, the Beadle stays."""
    state = cleared(3)
    target = next(t for t in state.in_play if CONTENT.tiles[t].minimum == 2)
    put(state, RED, target)
    state.beadle = target
    state.neutrals = [0, 0, 2]
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    assert state.current_player == BLUE
    state.apply(A.NEUTRAL + RED)
    assert not state.back[target] and state.beadle == target
    assert state.neutrals == [0, 0, 2] and state.neutral_out == [0, 0, 0]
    assert figures(state, GH)[RED] == 1


def test_gl_82_d16_first_place_effects_taken_or_declined_left_to_right() -> None:
    """GL-82, GL-D16, Q-R1: each first-place effect may be declined; taken ones resolve left to right."""
    state = quiet(3)
    target = swap_to(state, "lamplighters", -1, 1)  # 1 VP, move 1, recruit 2
    put(state, RED, target, 2)
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    state.apply(A.TAKE)
    assert state.vp[RED] == 1
    state.apply(A.SKIP)
    state.apply(A.TAKE)
    assert figures(state, GH)[RED] == 2 + 1  # recruit 2, plus the liveryman sent back at the flip
    assert state.master_of(target) == RED


def test_gl_83_d14_second_place_vp_token_and_optional_extras() -> None:
    """GL-83, GL-D14, Q-R2: second place gets the printed VP plus the token's VP, keeps the token, and may use the
    further effects."""
    state = quiet(3)
    target = swap_to(state, "globe_makers", -1, 1)  # second: 1 VP + move 1
    state.token[target] = next(k.index for k in CONTENT.tokens if k.id == "tok_vp3")
    put(state, RED, target, 2)
    put(state, BLUE, target, 1)
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    while state.stack and isinstance(state.stack[-1], Q.FirstReward):
        state.apply(A.SKIP)
    assert state.vp[BLUE] == 1 + 3
    assert [CONTENT.tokens[k].id for k in state.kept[BLUE]] == ["tok_vp3"]
    assert isinstance(state.stack[-1], Q.SecondReward) and state.current_player == BLUE
    state.apply(A.TAKE)
    assert isinstance(state.stack[-1], Q.MoveFrom)


def test_gl_d17_master_comes_from_the_guildhall_or_the_supply() -> None:
    """GL-D17: if the winner moved every liveryman away, the master comes from the Guildhall, then the supply; with
    none anywhere the tile flips uncontrolled."""
    state = quiet(3)
    target = swap_to(state, "lamplighters", -1, 1)
    put(state, RED, target, 2)
    run(state, Q.ScoreFrom(-1, 0, (target,)))
    state.apply(A.SKIP)
    state.apply(A.TAKE)
    state.apply(A.SOURCE + target)
    state.apply(state.legal_actions()[0])
    state.apply(A.SKIP)
    assert state.master_of(target) == RED and figures(state, GH)[RED] == 0  # one went home, then became master
    state = quiet(3)
    target = state.in_play[0]
    put(state, RED, GH, 16)
    state.fig[GH * 4 + RED] = 0
    state.supply[RED] = 0
    state.back[target] = 0
    state.fig[state.in_play[1] * 4 + RED] = 16
    run(state, Q.Flip(RED, target))
    assert state.back[target] and state.master_of(target) == -1


def test_gl_85_other_liverymen_go_to_the_guildhall() -> None:
    """GL-85."""
    state = quiet(3)
    target = state.in_play[0]
    put(state, RED, target, 3)
    put(state, BLUE, target, 1)
    run(state, Q.Flip(RED, target))
    assert figures(state, target) == [0, 1, 0] and figures(state, GH) == [0, 2, 1]


def test_gl_d19_beadle_set_aside_then_returns() -> None:
    """GL-D19: with no unscored tile the Beadle leaves the city; the next growth puts it on the lowest tile."""
    state = quiet(3)
    for t in state.in_play:
        state.back[t] = 1
    state.back[state.in_play[0]] = 0
    state.beadle = state.in_play[0]
    put(state, RED, state.in_play[0])
    run(state, Q.Flip(RED, state.in_play[0]))
    assert state.beadle == -1
    state.back[state.in_play[1]] = 0
    run(state, Q.BeadleGrowth(-1))
    assert state.beadle == state.in_play[1]


def test_gl_87_t23_all_scored_jumps_to_the_next_grey_round() -> None:
    """GL-T23, GL-87: 4 players, round 4, the last unscored tile is scored → marker to 6, growth at once (6 tiles
    from the east), next round 7."""
    state = quiet(4)
    state.round = 4
    last = state.in_play[0]
    for t in state.in_play[1:]:
        state.back[t] = 1
    put(state, RED, last, CONTENT.tiles[last].minimum)
    state.taken = 0b1111
    for seat in range(4):
        state.hands[seat] = []
    run(state, Q.NextTurn(-1))
    answer_rewards(state)
    assert state.round == 7
    assert len(state.in_play) == 16
    assert xy(state.cell_of[state.in_play[10]]) == (3, 0)  # first new tile: east of the compass cell


def test_gl_d8_grey_round_does_not_jump_further() -> None:
    """GL-D8: if the marker is already on a grey space it stays; the growth phase runs once."""
    state = quiet(4)
    state.round = 3
    last = state.in_play[0]
    for t in state.in_play[1:]:
        state.back[t] = 1
    put(state, RED, last, CONTENT.tiles[last].minimum)
    state.taken = 0b1111
    for seat in range(4):
        state.hands[seat] = []
    run(state, Q.NextTurn(-1))
    answer_rewards(state)
    assert state.round == 4 and len(state.in_play) == 16


def test_gl_t14_106_reward_cards_choose() -> None:
    """GL-T14, GL-106, Q-G3, Q-G4: an empty deck gives 5 VP; a single card is drawn and kept; with 3 drawn, the rest go
    under the deck in the chosen order, known only to the chooser."""
    choose3 = next(e.index for e in CONTENT.effects if e.kind == "reward_cards_choose" and e.count == 3)
    state = quiet(3)
    held = state.reward_deck
    state.reward_deck, state.reward_known = [], []
    run(state, Q.ApplyEffect(RED, choose3, 31, None))
    assert state.vp[RED] == 5
    state.reward_deck, state.reward_known = held[:1], [-1]
    run(state, Q.ApplyEffect(RED, choose3, 31, None))
    state.apply(state.legal_actions()[0])
    assert state.reward_deck == [] and len(state.rewards[RED]) == 2
    state.reward_deck, state.reward_known = held[1:], [-1] * len(held[1:])
    top3 = state.reward_deck[-3:]
    run(state, Q.ApplyEffect(BLUE, choose3, 31, None))
    assert state.view(BLUE)["drawn_reward_cards"] is not None
    assert state.view(RED)["drawn_reward_cards"] is None
    state.apply(A.REWARD + top3[0])
    assert isinstance(state.stack[-1], Q.RewardUnder)
    state.apply(A.REWARD + top3[1])
    assert state.reward_deck[:2] == [top3[2], top3[1]] and state.reward_known[:2] == [BLUE, BLUE]
    assert state.view(BLUE)["under_reward_deck"] == [CONTENT.rewards[c].id for c in (top3[2], top3[1])]
    assert state.view(RED)["under_reward_deck"] == []
