"""The growth phase (GL-88 to GL-98): plantation scoring, the end check, new tiles and the Beadle; the 2-player
game (GL-111)."""

from __future__ import annotations

from gl_helpers import GH, PL, cleared, figures, put, run

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import cell, growth_cells, rotate, xy
from guildtable.games.guilds_of_london.rules import GuildsState

GREEN, RED, BLUE, YELLOW = 0, 1, 2, 3
ULSTER, VIRGINIA = 0, 1


def plantation_phase(state: GuildsState) -> None:
    run(state, Q.PlantationVote(-1))


def test_gl_89_plantation_negotiation_sends_to_the_guildhall() -> None:
    """GL-89: neutrals displace opponents from the plantation to the Guildhall, then go back."""
    state = cleared(3, plantation="virginia")
    put(state, RED, PL, 2)
    put(state, BLUE, PL, 1)
    state.neutrals = [0, 0, 2]
    run(state, Q.PlantationVote(-1), Q.OfferNeutrals(BLUE, PL))
    state.apply(A.NEUTRAL + RED)
    state.apply(A.STOP)
    assert state.neutrals == [0, 0, 2]
    assert figures(state, GH)[RED] == 1


def test_gl_t8_90_93_94_ulster_first_and_second() -> None:
    """GL-T8, GL-90, GL-93, GL-94: Red 3, Blue 1 on Ulster: Red draws 3 reward cards, keeps 1, puts 2 under, returns
    2 liverymen; Blue gets the right reward and returns 1."""
    state = cleared(3, plantation="ulster")
    put(state, RED, PL, 3)
    put(state, BLUE, PL, 1)
    state.neutrals = [0, 0, 0]
    plantation_phase(state)
    assert (type(state.stack[-1]), state.current_player) == (Q.RewardKeep, RED)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert len(state.rewards[RED]) == 2
    side = CONTENT.plantations[ULSTER]
    assert figures(state, PL) == [0, 3 - side.first_return, 1 - side.second_return]
    assert state.vp[BLUE] == 2  # Ulster right: 2 VP, recruit 1
    assert figures(state, GH)[BLUE] == 1


def test_gl_t19_91_tie_for_first_gives_everyone_tied_the_right_reward() -> None:
    """GL-T19, GL-91: Red 2, Blue 2, Green 1 → Red and Blue get the right reward; nobody the left; Green nothing."""
    state = cleared(3, plantation="virginia")
    put(state, RED, PL, 2)
    put(state, BLUE, PL, 2)
    put(state, GREEN, PL, 1)
    state.neutrals = [0, 0, 0]
    plantation_phase(state)
    assert state.vp == [0, 2, 2]
    side = CONTENT.plantations[VIRGINIA]
    assert figures(state, PL) == [1, 2 - side.second_return, 2 - side.second_return]


def test_gl_t20_90_alone_gets_only_the_left_reward() -> None:
    """GL-T20, GL-90."""
    state = cleared(3, plantation="virginia")
    put(state, RED, PL, 1)
    state.neutrals = [0, 0, 0]
    plantation_phase(state)
    assert state.vp == [0, 4, 0]
    assert figures(state, PL) == [0, 0, 0]  # returns 2, has 1: returns all (GL-93)


def test_gl_92_tie_for_second_gives_nobody_the_right_reward() -> None:
    """GL-92."""
    state = cleared(4, plantation="virginia")
    put(state, RED, PL, 3)
    put(state, BLUE, PL, 1)
    put(state, GREEN, PL, 1)
    state.neutrals = [0] * 4
    plantation_phase(state)
    assert state.vp == [0, 4, 0, 0]


def test_gl_d20_plantation_reward_and_return_are_mandatory() -> None:
    """GL-D20: no question is asked: the reward and the return simply happen."""
    state = cleared(3, plantation="virginia")
    put(state, RED, PL, 4)
    state.neutrals = [0, 0, 0]
    plantation_phase(state)
    assert state.is_terminal and figures(state, PL)[RED] == 2


def test_gl_88_95_growth_order_plantation_end_tiles_beadle() -> None:
    """GL-88, GL-95: in the last round the growth phase scores the plantation, then the game ends."""
    state = cleared(4, plantation="virginia")
    state.round = 12
    put(state, RED, PL, 1)
    state.neutrals = [0] * 4
    run(state, Q.GrowthCheck(-1))
    assert state.is_terminal and state.final is not None
    assert state.vp[RED] == 4
    assert len(state.in_play) == 10  # no tiles added after the end check


def test_gl_96_t9_first_new_tile_north_of_the_compass_cell() -> None:
    """GL-96, GL-T9: in round 3 the first new tile is north of the compass rose's Guildhall part, in the first empty
    cell on that line; a token lies on each new tile."""
    state = cleared(4)
    state.round = 3
    run(state, Q.AddTiles(-1))
    new = state.in_play[10:]
    assert len(new) == 6
    assert xy(state.cell_of[new[0]]) == (0, 2)
    assert all(state.token[t] >= 0 for t in new)


def test_gl_t27_d3_placement_vectors() -> None:
    """GL-T27, GL-D3: right-hand wall-following from the compass cell (0,0) gives the spec's vectors."""
    four = {3: ("N", 6), 6: ("E", 6), 9: ("S", 6)}
    expected_four = {
        3: [(0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0)],
        6: [(4, 0), (4, -1), (3, -1), (3, -2), (2, -2), (1, -2)],
        9: [(0, -2), (-1, -2), (-2, -2), (-2, -1), (-2, 0), (-2, 1)],
    }
    three = {3: ("N", 5), 6: ("E", 5), 9: ("S", 5), 12: ("W", 5)}
    expected_three = {
        3: [(0, 2), (1, 2), (2, 2), (3, 2), (3, 1)],
        6: [(3, 0), (3, -1), (3, -2), (2, -2), (1, -2)],
        9: [(0, -2), (-1, -2), (-2, -2), (-2, -1), (-2, 0)],
        12: [(-3, 0), (-3, 1), (-2, 1), (-2, 2), (-1, 2)],
    }
    ring = [(-1, 1), (0, 1), (1, 1), (2, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (2, -1), (2, 0), (0, 0), (1, 0)]
    for plan, expected in ((four, expected_four), (three, expected_three)):
        taken = {cell(x, y) for x, y in ring}
        for round_number, (direction, count) in plan.items():
            placed = growth_cells(taken, cell(0, 0), direction, count)
            assert [xy(c) for c in placed] == expected[round_number]
            taken |= set(placed)


def test_gl_t27_growth_in_play_matches_the_vectors() -> None:
    """GL-T27 through the engine: a 4-player game of passes grows exactly as the vectors say."""
    state = cleared(4, seed=3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    cells = [xy(state.cell_of[t]) for t in state.in_play[10:]]
    assert cells == [
        (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0),
        (4, 0), (4, -1), (3, -1), (3, -2), (2, -2), (1, -2),
        (0, -2), (-1, -2), (-2, -2), (-2, -1), (-2, 0), (-2, 1),
    ]  # fmt: skip


def test_gl_97_d6_rotated_compass_and_east_compass_cell() -> None:
    """GL-97, GL-D6, GL-D1 config: the compass rotation turns growth directions; the east cell moves the start."""
    assert rotate("N", 90) == "E" and rotate("W", 180) == "E" and rotate("S", 270) == "E"
    state = cleared(4, options={"compass_rotation": 90})
    state.round = 3
    run(state, Q.AddTiles(-1))
    assert xy(state.cell_of[state.in_play[10]]) == (3, 0)
    state = cleared(4, options={"compass_cell": "east"})
    state.round = 3
    run(state, Q.AddTiles(-1))
    assert xy(state.cell_of[state.in_play[10]]) == (1, 2)


def test_gl_98_beadle_moves_every_growth_phase() -> None:
    """GL-98: to the lowest-precedence unscored tile, even if it already stands on an unscored tile."""
    state = cleared(3)
    highest = max(state.in_play, key=lambda t: CONTENT.tiles[t].precedence)
    state.beadle = highest
    run(state, Q.BeadleGrowth(-1))
    assert state.beadle == min(state.in_play, key=lambda t: CONTENT.tiles[t].precedence)


def test_gl_111_two_players_never_add_tiles() -> None:
    """GL-111: no new tiles with 2 players."""
    state = cleared(2)
    state.round = 4
    run(state, Q.AddTiles(-1))
    assert len(state.in_play) == 24


def test_gl_t24_95_two_players_end_early_when_all_scored() -> None:
    """GL-T24, GL-95: at the end check of a growth phase with every tile scored the game ends at once."""
    state = cleared(2)
    state.round = 8
    for t in state.in_play:
        state.back[t] = 1
    state.neutrals = [0, 0]
    run(state, Q.GrowthCheck(-1))
    assert state.is_terminal and state.final is not None and state.round == 8


def test_gl_d7_two_player_growth_on_grey_rounds_only() -> None:
    """GL-D7: with 2 players growth phases (plantation scoring) happen in rounds 4, 8, 12 and 16."""
    state = GAME.new_state(2, seed=1, options={"plantation_side": "virginia"})
    rounds = []
    while not state.is_terminal:
        events = state.apply(state.legal_actions()[0])
        rounds += [e.data["round"] for e in events if e.kind == "plantation"]
    assert rounds == [4, 8, 12, 16]
