"""The city map (§8): the default map's geometry, CG-7/CG-8 adjacency (CG-T-20), the §8.3 format, the §8.4 validity
checks with errors naming row and column, and the `map` option."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guildtable.games.city_and_guilds import GAME
from guildtable.games.city_and_guilds.board import (
    MAX_MAP_TEXT,
    MAX_SIDE,
    board_for,
    convert_map_option,
    default_map_text,
    parse_map,
    shipped_maps,
)
from guildtable.kernel import BadContent, BadOptions

BOARD = board_for("default")


def at(x: int, y: int) -> int:
    return BOARD.lot_at[(x, y)]


def adjacent(p: tuple[int, int], q: tuple[int, int]) -> bool:
    return at(*q) in BOARD.neighbours[at(*p)]


def test_default_map_is_8_blocks_of_8_lots():
    """§8.2 / §8.5 / §8.4 (6): 8 blocks A–H × 8 lots = 64 lots, shipped as package data."""
    assert BOARD.block_letters == tuple("ABCDEFGH")
    assert [len(lots) for lots in BOARD.block_lots] == [8] * 8
    assert BOARD.lots == 64
    assert default_map_text().startswith("; City and Guilds default map")


def test_default_map_lots_per_block_match_the_spec():
    """§8.5: the lot coordinates of blocks A and H."""
    a = [BOARD.coordinates(lot) for lot in BOARD.block_lots[0]]
    assert sorted(a) == sorted([(1, 1), (2, 1), (3, 1), (4, 1), (1, 2), (2, 2), (3, 2), (2, 3)])
    h = [BOARD.coordinates(lot) for lot in BOARD.block_lots[7]]
    assert sorted(h) == sorted([(11, 9), (12, 9), (13, 9), (11, 10), (12, 10), (13, 10), (14, 10), (12, 11)])


def test_cg_t_20_across_a_street_with_a_trough():
    """CG-T-20 / CG-8 (b), (c) / CG-A-4: A(3,2) is adjacent to B(6,2) across a street holding a trough."""
    assert adjacent((3, 2), (6, 2))


def test_cg_t_20_across_the_plaza_with_a_fountain():
    """CG-T-20 / CG-8 (c): D(3,6) is adjacent to E(11,6) across the fountain."""
    assert adjacent((3, 6), (11, 6))


def test_cg_t_20_along_a_long_street():
    """CG-T-20 / CG-8 (b): D(2,5) is adjacent to E(12,5) along open street."""
    assert adjacent((2, 5), (12, 5))


def test_cg_t_20_blocker_breaks_adjacency():
    """CG-T-20 / §8.3: E(14,5) is not adjacent to H(14,10): the blocker at (14,6)."""
    assert not adjacent((14, 5), (14, 10))


def test_cg_t_20_intervening_lots_break_adjacency():
    """CG-T-20 / CG-8 (d): B(7,1) is not adjacent to G(7,9); B(7,3) is."""
    assert not adjacent((7, 1), (7, 9))
    assert adjacent((7, 3), (7, 9))


def test_cg_t_20_diagonals_never_adjacent():
    """CG-T-20 / CG-8 (e)."""
    assert not adjacent((4, 1), (3, 2))


def test_cg_t_20_full_neighbour_lists():
    """CG-T-20: A(3,2) → {(2,2), (3,1), (3,6), (6,2)}; D(2,5) → {(1,5), (2,3), (2,6), (12,5)}."""
    assert {BOARD.coordinates(lot) for lot in BOARD.neighbours[at(3, 2)]} == {(2, 2), (3, 1), (3, 6), (6, 2)}
    assert {BOARD.coordinates(lot) for lot in BOARD.neighbours[at(2, 5)]} == {(1, 5), (2, 3), (2, 6), (12, 5)}


def test_cg_8_adjacency_is_symmetric_and_at_most_four():
    """CG-8 / CG-7: a fixed symmetric relation, ≤ 4 neighbours, never the lot itself; the graph is connected."""
    for lot, others in enumerate(BOARD.neighbours):
        assert len(others) <= 4 and lot not in others
        for other in others:
            assert lot in BOARD.neighbours[other]


def test_default_map_properties_of_section_8_5():
    """§8.5: lot degrees (1×1, 9×2, 31×3, 23×4) and the adjacent block pairs with their lot-pair counts."""
    degrees = Counter(len(others) for others in BOARD.neighbours)
    assert degrees == {1: 1, 2: 9, 3: 31, 4: 23}
    assert BOARD.neighbours[at(14, 10)] == (at(13, 10),)
    pairs: Counter[str] = Counter()
    for lot, others in enumerate(BOARD.neighbours):
        for other in others:
            a, b = BOARD.lot_block[lot], BOARD.lot_block[other]
            if a < b:
                pairs[BOARD.block_letters[a] + BOARD.block_letters[b]] += 1
    assert pairs == {"AB": 3, "AD": 3, "BC": 2, "BG": 4, "CE": 3, "DE": 3, "DF": 3, "EH": 3, "FG": 2, "GH": 3}


def test_lot_names_are_block_letter_and_reading_order():
    assert BOARD.lot_names[:8] == ("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8")
    assert BOARD.coordinates(BOARD.lot_by_name["A5"]) == (1, 2)
    assert BOARD.coordinates(BOARD.lot_by_name["H8"]) == (12, 11)


def _error(text: str) -> BadContent:
    with pytest.raises(BadContent) as caught:
        parse_map(text)
    return caught.value


def test_bad_map_ragged_rows_name_the_row():
    error = _error("......\n.AA.B.\n.AA.B\n......")
    assert "row 2" in str(error) and "line 3" in str(error)


def test_bad_map_unknown_character_names_row_and_column():
    error = _error("......\n.AA.B.\n.Ax.B.\n......")
    assert "row 2, column 2" in str(error) and "'x'" in str(error)


def test_bad_map_split_block_names_row_and_column():
    error = _error("........\n.AA.BB..\n........\n.AA.BB..\n........")
    assert "block A is split" in str(error) and "row 3, column 1" in str(error)


def test_bad_map_lots_not_connected_through_adjacency():
    error = _error("........\n.AA#BB..\n.AA#BB..\n........".replace(".", "#"))
    assert "cannot be reached" in str(error) and "row 1, column 4" in str(error)


def test_bad_map_blocks_touching():
    error = _error("......\n.AAB..\n.AAB..\n......")
    assert "touches" in str(error) and "row 1, column 3" in str(error)


def test_bad_map_single_lot_block_and_empty_map():
    assert "only 1 lot" in str(_error("......\n.AA.B.\n.AA...\n......"))
    assert "no lots" in str(_error("....\n....\n"))
    assert "no rows" in str(_error("; only a comment\n\n"))


def test_bad_map_too_many_lots_and_lowercase_blocks():
    """§8.4 (6): at most 76 lots; blocks are the 26 letters A–Z (lower case is refused)."""
    big = "\n".join(["." * 42, "." + "A" * 40 + ".", "." + "A" * 40 + ".", "." * 42])
    assert "at most 76" in str(_error(big))
    assert "A–Z" in str(_error("....\n.aa.\n....")) and "at most 26 blocks" in str(_error("....\n.aa.\n...."))


def test_comments_and_blank_lines_are_ignored():
    board = parse_map("; a map\n\n....\n.AA.\n....\n; end\n.BB.\n....\n")
    assert board.block_letters == ("A", "B") and board.lots == 4
    assert board.lot_by_name["B1"] in board.neighbours[board.lot_by_name["A1"]]


SMALL_MAP = "..........\n.AA..BB...\n.AA..BB...\n..........\n.CC..DD...\n.CC..DD...\n..........\n"


def test_bad_map_too_many_rows_or_columns():
    """§8.3 and issue 12 finding 1: a map has at most MAX_SIDE rows and columns, said in plain words."""
    assert f"at most {MAX_SIDE}" in str(_error("\n".join([".AA."] * (MAX_SIDE + 1))))
    assert f"row 0 has {MAX_SIDE + 1} cells" in str(_error(".AA." + "." * (MAX_SIDE - 3)))


def test_map_option_takes_the_maps_text_and_keeps_it():
    """§8.3 and issue 12 finding 1: the `map` option holds the map's text itself, so records replay without any
    file."""
    options = GAME.resolve_options({"map": SMALL_MAP})
    assert options["map"] == SMALL_MAP
    state = GAME.new_state(3, seed=1, options={"map": SMALL_MAP})
    assert state.board.lots == 16
    assert convert_map_option("default") == "default"


def test_map_option_takes_the_shipped_maps_by_name():
    """§8.5 and issue 12 finding 1: a shipped map is named, never located: `default` is one."""
    assert "default" in shipped_maps()
    for name in shipped_maps():
        assert convert_map_option(name) == name
        assert board_for(name).lots <= 76


def test_map_option_takes_a_one_row_map():
    """§8.3 and issue 12 finding 1: a map of one row is map text too, not a name (CG-8 (b): across a street)."""
    text = "AA.BB.CC.DD"
    assert convert_map_option(text) == text
    board = board_for(text)
    assert board.blocks == 4 and board.lot_by_name["B1"] in board.neighbours[board.lot_by_name["A2"]]


def test_map_option_never_opens_a_path(tmp_path):
    """§8.3 and issue 12 finding 1: the game refuses a path, with the same words whether or not a file is there (only
    the command line reads a map file)."""
    path = tmp_path / "small.txt"
    path.write_text(SMALL_MAP)
    answers = []
    for value in (str(path), str(tmp_path / "missing.txt"), "/etc/passwd", "/dev/zero", "~/map.txt", "ma\x00p"):
        with pytest.raises(BadOptions, match="never by the game") as caught:
            GAME.new_state(3, options={"map": value})
        answers.append(str(caught.value))
    assert len(set(answers)) == 1 and "default" in answers[0]


def test_map_option_bad_map_is_bad_options_naming_row_and_column():
    """§8.3 and issue 12 finding 1: a fault in the map's text is named by row and column, in plain words."""
    with pytest.raises(BadOptions) as caught:
        GAME.new_state(3, options={"map": "......\n.AA.B.\n.A?.B.\n......\n"})
    assert str(caught.value).startswith("option map: unknown character '?' at row 2, column 2 (line 3 of the map)")


def test_map_option_text_is_size_limited_before_it_is_parsed():
    """§8.3 and issue 12 finding 1: more than MAX_MAP_TEXT characters is refused by its length alone."""
    with pytest.raises(BadOptions, match=f"at most {MAX_MAP_TEXT} characters, this one has {MAX_MAP_TEXT + 1}"):
        convert_map_option(SMALL_MAP + "." * (MAX_MAP_TEXT + 1 - len(SMALL_MAP)))
    assert len(default_map_text()) * 4 < MAX_MAP_TEXT  # the default map fits with room


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: b.decode("latin-1")), st.integers()))
def test_map_option_refuses_anything_else_with_bad_options(value):
    """§8.3, §8.4 and issue 12 finding 1: any value (NULs, binary garbage, numbers) is a map or a BadOptions, never
    another error."""
    try:
        resolved = GAME.resolve_options({"map": value})
    except BadOptions as error:
        assert str(error).startswith("option map: ") and "\n" not in str(error)
    else:
        assert board_for(resolved["map"]).lots >= 2


def test_map_option_random_grids_are_a_map_or_bad_options():
    """§8.4 and issue 12 finding 1: grids of map characters (most of them invalid) never raise anything but
    BadOptions."""
    rng = random.Random(12)
    for _ in range(300):
        width, height = rng.randint(1, 12), rng.randint(1, 12)
        text = "\n".join("".join(rng.choice("AABBC..#*+") for _ in range(width)) for _ in range(height))
        try:
            convert_map_option(text)
        except BadOptions as error:
            assert "\n" not in str(error)


def test_map_needs_a_block_per_player():
    """CG-14: the setup round opens one block per player."""
    text = "......\n.AA.B.\n....B.\n......\n"
    with pytest.raises(BadOptions, match="one per player"):
        GAME.new_state(3, options={"map": text})
