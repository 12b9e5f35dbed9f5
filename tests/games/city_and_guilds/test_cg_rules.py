"""City and Guilds rules, one scenario per rule: placement (CG-14 to CG-25), block markers (CG-29), block and guild
scoring (CG-31 to CG-37), the end (CG-43 to CG-46) and bad input. Lot names: block letter + reading order (§8.5)."""

from __future__ import annotations

import pytest
from cg_scenarios import BLUE, GREEN, RED, YELLOW, block_a_full_except, candle_example, play, scenario

from guildtable.games.city_and_guilds import GAME
from guildtable.games.city_and_guilds.actions import NO_TAVERN
from guildtable.games.city_and_guilds.content import FIGURES, GUILDS, TILE_COUNTS, TOTAL_TILES
from guildtable.kernel import IllegalAction
from guildtable.kernel.conformance import canonical

BAKER, WEAVER, CANDLE, SMITH = range(4)


def lot(state, name):
    return state.board.lot_by_name[name]


def scored_events(events):
    return [event for event in events if event.kind == "block_scored"]


def refused(state, move, rule):
    """The move is refused naming `rule`, and the state is unchanged."""
    before = canonical(state.snapshot())
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.action_from_notation(move))
    assert caught.value.rule == rule, caught.value
    assert canonical(state.snapshot()) == before
    return caught.value


# --- components and setup ------------------------------------------------------------------------------------------
def test_cg_1_player_counts_and_cg_5_figures():
    """CG-1 / CG-A-22: 3–5 players; CG-5: 18 / 13 / 10 figures each."""
    assert list(GAME.player_counts) == [3, 4, 5]
    for players, figures in ((3, 18), (4, 13), (5, 10)):
        assert GAME.new_state(players, seed=1).figures == [figures] * players


def test_cg_3_cg_4_tile_mix_and_cg_10_taverns_apart():
    """CG-3 / CG-4: 11 buildings and 7 markets per guild, 4 minstrels, 4 taverns = 80; CG-10 taverns never dealt."""
    assert GUILDS == ("BAKER", "WEAVER", "CANDLE", "SMITH")
    assert TILE_COUNTS == (11, 11, 11, 11, 7, 7, 7, 7, 4, 4) and TOTAL_TILES == 80
    state = GAME.new_state(4, seed=2)
    assert state.taverns == 4
    assert all(9 not in hand for hand in state.hands) and 9 not in state.supply


def test_cg_9_tracks_and_scores_start_at_zero():
    """CG-9: every investment marker on 0, every score 0."""
    state = GAME.new_state(5, seed=3)
    assert state.values == [[0] * 5] * 4 and state.scores() == [0.0] * 5


def test_cg_11_deal_four_return_one_privately():
    """CG-11: each player sees 4 tiles and returns one face down; the return is private; then the supply is
    shuffled and the display opened (CG-12, one shuffled pile: CG-A-13)."""
    state = GAME.new_state(3, seed=5, setup={"start_player": 1})
    assert [len(hand) for hand in state.hands] == [4, 4, 4]
    assert state.current_player == 1 and state.display == []
    seat = state.current_player
    tile = state.legal_actions()[0]
    events = state.apply(tile)
    assert len(state.hands[seat]) == 3
    secret = [event for event in events if event.kind == "returned"]
    assert secret and secret[0].seats == frozenset({seat})
    assert [event.kind for event in events if event.seats is None] == ["return"]
    while state.current_player is not None and state.stack[-1].kind == "return":
        state.apply(state.legal_actions()[-1])
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert len(state.display) == 3 and len(state.supply) == 76 - 9 - 3
    assert state.current_player == 1  # CG-13: the start player opens the setup round


def _setup_state(players=3):
    hands = [["MBA", "BA", "WE"], ["CA", "SM", "MIN"], ["MCA", "MSM", "MWE"]][:players]
    return GAME.new_state(players, seed=1, setup={"start_player": 0, "hands": hands, "keep_order": True})


def test_cg_14_setup_tile_opens_a_new_block_without_figures_or_investment():
    """CG-14 / CG-A-17: a setup market gives no investment, no figure, no marker; then the player draws (CG-24).
    CG-15: the setup tile has no owner."""
    state = _setup_state()
    assert state.in_setup
    play(state, "MBA", "A4")
    assert state.values[BAKER] == [0, 0, 0] and state.owners[lot(state, "A4")] == -1
    assert state.white == [-1] * 8
    assert state.stack[-1].kind == "draw"
    play(state, state.legal_notations()[0])
    assert state.current_player == YELLOW


def test_cg_14_setup_refuses_a_started_block_and_adjacent_lots():
    """CG-14: (i) the block must have no tile; (ii) the lot must not be adjacent to a tile (A4 faces B1)."""
    state = _setup_state()
    play(state, "MBA", "A4")
    play(state, state.legal_notations()[0])
    play(state, "CA")
    refused(state, "A8", "CG-14")
    error = refused(state, "B1", "CG-14")
    assert "faces a tile already placed" in error.message
    play(state, "B3")
    assert state.tiles[lot(state, "B3")] == CANDLE


def test_cg_14_setup_minstrel_takes_no_figure_and_main_game_starts_with_start_player():
    """CG-14: any tile, a minstrel house too, without a figure; CG-13: after n setup tiles the start player moves."""
    state = _setup_state()
    for tile, where in (("MBA", "A1"), ("MIN", "C3"), ("MSM", "F6")):
        play(state, tile, where)
        play(state, state.legal_notations()[0])
    assert not state.in_setup and state.current_player == RED
    assert state.figs[lot(state, "C3")] == 0 and state.placed == [1, 1, 1]


# --- placing tiles -------------------------------------------------------------------------------------------------
def test_cg_16_lot_must_touch_a_tile_and_be_empty():
    """CG-16: only empty lots adjacent (CG-8) to a placed tile; CG-23: tiles never move."""
    state = scenario(lots={"A1": ("SM", -1, 0)})
    play(state, "BA")
    assert state.legal_notations() == ["A2", "A5", "back"]
    refused(state, "D5", "CG-16")
    refused(state, "A1", "CG-23")
    with pytest.raises(IllegalAction):
        state.action_from_notation("Z9")


def test_cg_16_the_neighbour_may_be_in_another_block():
    """CG-16 / CG-8: a tile in A4 makes B1 (across the street) legal."""
    state = scenario(lots={"A4": ("SM", -1, 0)})
    play(state, "WE")
    assert "B1" in state.legal_notations()


def test_cg_17_building_invest_or_double():
    """CG-17: 1 figure and +1, or 2 figures and no investment."""
    state = scenario(lots={"A1": ("SM", -1, 0)})
    play(state, "BA", "A2")
    assert state.legal_notations() == ["invest", "double"]
    play(state, "invest")
    assert state.values[BAKER][RED] == 1 and state.figs[lot(state, "A2")] == 1
    assert state.figures[RED] == FIGURES[4] - 1 and state.white[0] == RED
    state = scenario(lots={"A1": ("SM", -1, 0)})
    play(state, "BA", "A2", "double")
    assert state.values[BAKER][RED] == 0 and state.figs[lot(state, "A2")] == 2
    assert state.figures[RED] == FIGURES[4] - 2


def test_cg_18_cg_t_7_blocked_investment_forces_two_figures():
    """CG-18 / CG-T-7 / CG-A-8(a): value 1 of BAKER holds three markers → Red must put two figures."""
    tracks = {"BAKER": [(YELLOW, 1), (BLUE, 1), (GREEN, 1)]}
    state = scenario(lots={"A1": ("SM", -1, 0)}, tracks=tracks)
    events = play(state, "BA", "A2")
    assert state.stack[-1].kind == "draw"
    assert state.figs[lot(state, "A2")] == 2 and state.values[BAKER][RED] == 0
    assert any(event.kind == "forced" for event in events)


def test_cg_18_blocked_with_one_figure_left_places_one_figure_only():
    tracks = {"BAKER": [(YELLOW, 1), (BLUE, 1), (GREEN, 1)]}
    state = scenario(lots={"A1": ("SM", -1, 0)}, tracks=tracks, figures={RED: 1})
    play(state, "BA", "A2")
    assert state.figs[lot(state, "A2")] == 1 and state.figures[RED] == 0 and state.values[BAKER][RED] == 0


def test_cg_18_one_figure_left_places_it_and_invests():
    state = scenario(lots={"A1": ("SM", -1, 0)}, figures={RED: 1})
    play(state, "BA", "A2")
    assert state.figs[lot(state, "A2")] == 1 and state.values[BAKER][RED] == 1
    refused(state, "double", "CG-24")  # no second figure: the building is resolved, the draw comes next


def test_cg_19_no_figures_left_building_stays_unowned_and_invests():
    """CG-19 / CG-A-9: no figure goes on it; +1 if allowed."""
    state = scenario(lots={"A1": ("SM", -1, 0)}, figures={RED: 0})
    play(state, "BA", "A2")
    assert state.owners[lot(state, "A2")] == -1 and state.values[BAKER][RED] == 1
    assert state.white[0] == -1


def test_cg_a_9_option_forbids_buildings_without_figures():
    """CG-A-9 ⚙ building_without_figures=forbidden: only markets and minstrel houses; a hand of buildings passes."""
    options = {"building_without_figures": "forbidden"}
    state = scenario(
        lots={"A1": ("SM", -1, 0)}, figures={RED: 0}, hands=[["BA", "MBA", "WE"]] + [["CA"] * 3] * 3, options=options
    )
    assert state.legal_notations() == ["MBA"]
    refused(state, "BA", "CG-A-9")
    state = scenario(
        lots={"A1": ("SM", -1, 0)},
        figures={RED: 0},
        hands=[["BA", "WE", "WE"]] + [["CA"] * 3] * 3,
        options=options,
        turn=GREEN,
    )
    events = play(state, "CA", "A2", "invest", "take MBA")
    assert [event.data["seat"] for event in events if event.kind == "pass"] == [RED]
    assert state.current_player == YELLOW


def test_cg_20_market_advances_two_or_nothing():
    """CG-20 / CG-A-8(b): +2 with no figure; if value +2 is full, no investment and no fallback to +1."""
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=[["MBA", "WE", "CA"]] + [["CA"] * 3] * 3)
    play(state, "MBA", "A2")
    assert state.values[BAKER][RED] == 2 and state.figs[lot(state, "A2")] == 0
    assert state.stack[-1].kind == "draw"
    tracks = {"BAKER": [(YELLOW, 2), (BLUE, 2), (GREEN, 2)]}
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=[["MBA", "WE", "CA"]] + [["CA"] * 3] * 3, tracks=tracks)
    events = play(state, "MBA", "A2")
    assert state.values[BAKER][RED] == 0
    assert any(event.kind == "invest" and event.data.get("blocked") for event in events)


def test_cg_21_minstrel_figure_is_optional_and_single():
    """CG-21: one figure or none, never two, never an investment; CG-A-5: the figure counts for block rank."""
    hands = [["MIN", "WE", "CA"]] + [["CA"] * 3] * 3
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=hands)
    play(state, "MIN", "A2")
    assert state.legal_notations() == ["figure", "nofigure"]
    refused(state, "double", "CG-21")
    refused(state, "invest", "CG-21")
    play(state, "figure")
    assert state.figs[lot(state, "A2")] == 1 and state.white[0] == RED
    assert state.values == [[0] * 4] * 4
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=hands)
    play(state, "MIN", "A2", "no")
    assert state.figs[lot(state, "A2")] == 0 and state.white[0] == -1


def test_cg_21_minstrel_without_figures_asks_nothing():
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=[["MIN", "WE", "CA"]] + [["CA"] * 3] * 3, figures={RED: 0})
    play(state, "MIN", "A2")
    assert state.stack[-1].kind == "draw"


def test_cg_22_taverns_cannot_be_picked_from_hand():
    """CG-22 / CG-10: a tavern is never a hand tile."""
    state = scenario(lots={"A1": ("SM", -1, 0)})
    with pytest.raises(IllegalAction):
        state.action_from_notation("TAV")
    refused(state, "MIN", "CG-16")  # not in Red's hand


def test_cg_24_draw_from_display_and_refill_from_supply():
    """CG-24: take one display tile of your choice; the top supply tile refills the display."""
    state = scenario(lots={"A1": ("SM", -1, 0)}, display=["MBA", "MWE", "MCA"], supply_top=["MIN"])
    play(state, "BA", "A2", "invest")
    refused(state, "take MSM", "CG-24")
    refused(state, "notavern", "CG-24")
    events = play(state, "take MWE")
    assert sorted(state.hands[RED]) == sorted([1, 2, 5])  # WE, CA, MWE
    assert sorted(state.display) == [4, 6, 8]  # MBA, MCA, MIN
    assert [event.data["tiles"] for event in events if event.kind == "reveal"] == [["MIN"]]
    assert state.current_player == YELLOW and state.known[RED][5] == 1


# --- block ranking and scoring -------------------------------------------------------------------------------------
def test_cg_t_5_candle_maker_example():
    """CG-T-5 (S1 "Wertungsbeispiel"), CG-28: Blue completes block A with a candle building and two figures.
    Markers: Blue white, Red black; V = 17; Blue 9, Red 5, Yellow 3; CANDLE controls: Green 4, Blue 2, Red 1."""
    state = candle_example()
    events = play(state, "CA", "A8", "double")
    markers = [event for event in events if event.kind == "markers"]
    assert markers[0].data == {"block": "A", "white": BLUE, "black": RED}
    (block,) = scored_events(events)
    assert block.data["value"] == 17 and block.data["third"] == YELLOW and block.data["guild"] == "CANDLE"
    assert [(seat, points) for seat, points, _ in block.data["points"]] == [
        (BLUE, 9),
        (RED, 5),
        (YELLOW, 3),
        (GREEN, 4),
        (BLUE, 2),
        (RED, 1),
    ]
    assert state.scores() == [6.0, 3.0, 11.0, 4.0]
    assert state.stack[-1].kind == "tavern" and state.current_player == BLUE  # CG-36


def test_cg_31_completion_scores_after_own_investment():
    """CG-31 / CG-A-14: the completing placement's investment counts for the guild scoring."""
    state = candle_example()
    events = play(state, "CA", "A8", "invest")  # Blue to 4, behind Green
    (block,) = scored_events(events)
    guild_points = [(seat, points) for seat, points, why in block.data["points"] if "controls" in why]
    assert guild_points == [(GREEN, 4), (BLUE, 2), (RED, 1)]
    block_points = [(seat, points) for seat, points, why in block.data["points"] if "controls" not in why]
    # Blue (2,2) ties Red (2,2): Red keeps white (CG-29); Blue keeps black; Yellow 3rd.
    assert block_points == [(RED, 9), (BLUE, 5), (YELLOW, 3)]


def test_cg_t_12_and_cg_t_15_nobody_present_and_single_investor():
    """CG-T-12: no figures in the block → no block control; CG-T-15: only Green invested in SMITH → Green +4.
    CG-15 / CG-A-18: unowned tiles (as setup tiles are) count for the block value and for guild control."""
    lots = {
        "A1": ("SM", -1, 0),
        "A2": ("SM", -1, 0),
        "A3": ("SM", -1, 0),
        "A4": ("MBA", -1, 0),
        "A5": ("MIN", -1, 0),
        "A6": ("BA", -1, 0),
        "A7": ("WE", -1, 0),
    }
    state = scenario(lots=lots, tracks={"SMITH": [(GREEN, 2)]}, hands=[["MWE", "BA", "CA"]] + [["CA"] * 3] * 3)
    events = play(state, "MWE", "A8")
    (block,) = scored_events(events)
    assert block.data["value"] == 8 + 2 * 2 + 5 and block.data["present"] == 0
    assert block.data["points"] == [[GREEN, 4, "block A: SMITH controls, track place 1"]]
    assert state.values[WEAVER][RED] == 2


def test_cg_t_2_alone_and_cg_t_3_two_present_in_engine():
    """CG-33 in play: alone → V; exactly two present → ⌈V/2⌉+1 and ⌈V/4⌉+1."""
    lots = block_a_full_except("A8")
    lots["A1"] = ("SM", YELLOW, 1)
    state = scenario(lots=lots, markers={"A": (YELLOW, -1)})
    events = play(state, "BA", "A8", "invest")
    (block,) = scored_events(events)
    assert [(s, p) for s, p, why in block.data["points"] if why.startswith("block A ")] == [(YELLOW, 5), (RED, 3)]
    lots["A1"] = ("SM", RED, 1)
    state = scenario(lots=lots, markers={"A": (RED, -1)})
    events = play(state, "BA", "A8", "invest")
    (block,) = scored_events(events)
    assert [(s, p) for s, p, why in block.data["points"] if why.startswith("block A ")] == [(RED, 8)]


def test_cg_a_6_option_in_engine():
    lots = block_a_full_except("A8")
    lots["A1"] = ("SM", YELLOW, 1)
    lots["A2"] = ("MSM", -1, 0)
    lots["A3"] = ("MSM", -1, 0)
    lots["A4"] = ("MSM", -1, 0)
    lots["A5"] = ("MSM", -1, 0)  # V = 16
    state = scenario(
        lots=lots, markers={"A": (YELLOW, -1)}, options={"two_player_bonus_second": "s2_from_first_with_bonus"}
    )
    events = play(state, "BA", "A8", "invest")
    (block,) = scored_events(events)
    assert [(s, p) for s, p, why in block.data["points"] if why.startswith("block A ")] == [(YELLOW, 9), (RED, 6)]


# --- taverns -------------------------------------------------------------------------------------------------------
def _two_blocks_nearly_full(**kwargs):
    lots = block_a_full_except("A8")
    lots.update({f"B{i}": ("WE", -1, 0) for i in range(1, 8)})
    return scenario(lots=lots, **kwargs)


def test_cg_t_18_tavern_chain():
    """CG-T-18 / CG-36 / CG-37: completing A earns a tavern; placed on B's last lot it completes B (+5 value),
    which is scored at once with the same completer, who may take the next tavern."""
    state = _two_blocks_nearly_full()
    events = play(state, "BA", "A8", "invest")
    assert state.stack[-1].kind == "tavern" and state.taverns == 4
    events = play(state, "B8")
    (block,) = scored_events(events)
    assert block.data["block"] == "B" and block.data["value"] == 8 + 5 and block.data["completer"] == RED
    assert state.taverns == 3 and state.stack[-1].kind == "tavern"
    assert state.figs[lot(state, "B8")] == 0
    play(state, "notavern")
    assert state.stack[-1].kind == "draw" and state.taverns == 3 and state.scored == [0, 1]


def test_cg_36_declined_tavern_stays_in_supply_and_any_legal_lot_works():
    state = _two_blocks_nearly_full()
    play(state, "BA", "A8", "invest")
    refused(state, "C3", "CG-36")  # not adjacent to any tile (C1 would be: it faces B3)
    play(state, "notavern")
    assert state.taverns == 4 and state.stack[-1].kind == "draw"


def test_cg_a_12_tavern_mandatory_option():
    """CG-A-12 ⚙ tavern_mandatory: the completing player cannot decline while a tavern and a lot are left."""
    state = _two_blocks_nearly_full(options={"tavern_mandatory": True})
    play(state, "BA", "A8", "invest")
    assert NO_TAVERN not in state.legal_actions()
    refused(state, "notavern", "CG-36")


def test_cg_36_no_tavern_when_none_remain():
    lots = block_a_full_except("A8")
    lots.update({f"H{i}": ("TAV", -1, 0) for i in range(1, 5)})
    state = scenario(lots=lots)
    play(state, "BA", "A8", "invest")
    assert state.taverns == 0 and state.stack[-1].kind == "draw"
    refused(state, "B8", "CG-24")


# --- the end -------------------------------------------------------------------------------------------------------
LINE_MAP = ".........\n.AA.BB.CC\n.........\n"


def _final_scenario(**options):
    lots = {
        "A1": ("CA", RED, 1),
        "A2": ("MCA", -1, 0),
        "B1": ("CA", BLUE, 2),
        "B2": ("CA", -1, 0),
        "C1": ("CA", YELLOW, 1),
    }
    tracks = {"CANDLE": [(YELLOW, 1), (RED, 3), (BLUE, 5)]}
    markers = {"A": (RED, -1), "B": (BLUE, -1), "C": (YELLOW, -1)}
    return scenario(3, lots=lots, tracks=tracks, turn=YELLOW, markers=markers, options={"map": LINE_MAP, **options})


def test_cg_43_cg_44_cg_45_final_placement_ends_and_scores():
    """CG-43: the last lot ends the game at once (no draw, no tavern); CG-44 / CG-T-8: the CANDLE chain of 6 over 3
    blocks is worth 12 → 12/6/3; CG-45 / CG-T-17: −1 per unused figure; CG-42: scores may be negative."""
    state = _final_scenario()
    events = play(state, "CA", "C2", "invest")
    assert state.is_terminal and state.current_player is None
    (block,) = scored_events(events)
    assert [(s, p) for s, p, _ in block.data["points"]] == [(YELLOW, 8), (BLUE, 4), (RED, 2), (YELLOW, 1)]
    (final,) = [event for event in events if event.kind == "final_guild"]
    assert (final.data["size"], final.data["blocks"], final.data["value"]) == (6, 3, 12)
    assert [(s, p) for s, p, _ in final.data["points"]] == [(BLUE, 12), (RED, 6), (YELLOW, 3)]
    assert state.scores() == [2 + 6 - 17, 8 + 1 + 3 - 16, 4 + 12 - 16]
    assert state.winners() == [BLUE]
    assert not any(event.kind in ("take", "tavern") for event in events)


def test_cg_44_final_payout_and_bonus_options():
    """CG-A-7 ⚙ final_payout=half_quarter_eighth: 6/3/2 for a chain of value 12."""
    state = _final_scenario(final_payout="half_quarter_eighth")
    events = play(state, "CA", "C2", "invest")
    (final,) = [event for event in events if event.kind == "final_guild"]
    assert [p for _, p, _ in final.data["points"]] == [6, 3, 2]


def test_cg_t_17_penalty_in_the_ledger():
    """CG-T-17: the penalty is its own ledger entry; the breakdown sums to the score."""
    state = _final_scenario()
    play(state, "CA", "C2", "invest")
    breakdown = state.score_breakdown()
    assert breakdown["by_source"][RED]["penalty"] == -17
    for seat in range(3):
        assert sum(breakdown["by_source"][seat].values()) == state.scores()[seat]


def test_cg_46_tied_players_share_the_win():
    """CG-46 / CG-A-16(f): no tie-breaker."""
    state = _final_scenario()
    play(state, "CA", "C2", "invest")
    state.scores_ = [5, 5, 3]
    assert state.winners() == [RED, YELLOW] and state.returns() == [0.5, 0.5, 0.0]


def _crowded_map():
    """19 blocks of 2×2 = 76 lots (the §8.4 maximum)."""
    letters = iter("ABCDEFGHIJKLMNOPQRS")
    rows = ["." * 16]
    for _band in range(4):
        names = [next(letters, ".") for _ in range(5)]
        line = "." + "".join(f"{name * 2}." for name in names)
        rows += [line, line, "." * 16]
    return "\n".join(rows) + "\n"


def test_cg_25_exhausted_supply_empty_display_and_empty_hand_skips():
    """CG-25 / CG-A-10 / CG-A-11: no display tile → no draw; a player with an empty hand skips the turn."""
    from collections import Counter

    from guildtable.games.city_and_guilds.content import DRAWABLE, TILE_CODES

    map_text = _crowded_map()
    pool = Counter(DRAWABLE)
    pool[0] -= 1
    pool[1] -= 1
    codes = [TILE_CODES[kind] for kind in sorted(pool.elements())]
    names = [f"{letter}{i}" for letter in "ABCDEFGHIJKLMNOPQR" for i in range(1, 5)] + ["S3", "S4"]
    lots = {name: (code, -1, 0) for name, code in zip(names, codes, strict=True)}
    state = scenario(3, lots=lots, hands=[["BA"], [], ["WE"]], display=[], supply=[], options={"map": map_text})
    events = play(state, "BA", "S1", "invest")
    assert [event.data["seat"] for event in events if event.kind == "pass"] == [YELLOW]
    assert state.current_player == BLUE and state.display == [] and state.hands[RED] == []
    events = play(state, "WE", "S2", "invest")
    assert state.is_terminal
    assert [event.data["block"] for event in scored_events(events)] == ["S"]


# --- information ---------------------------------------------------------------------------------------------------
def test_cg_47_and_cg_a_1_hands_hidden_unless_open_hands():
    """CG-47 / CG-A-1 ⚙ open_hands: hands are hidden (only sizes) unless the option lays them open."""
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=[["BA", "WE", "CA"], ["MIN", "SM", "SM"]] + [["CA"] * 3] * 2)
    view = state.view(RED)
    assert view["hand"] == ["BA", "WE", "CA"] and view["hands"] is None and view["hand_sizes"] == [3, 3, 3, 3]
    assert "MIN" not in canonical(view)
    state = scenario(
        lots={"A1": ("SM", -1, 0)},
        hands=[["BA", "WE", "CA"], ["MIN", "SM", "SM"]] + [["CA"] * 3] * 2,
        options={"open_hands": True},
    )
    assert state.view(RED)["hands"][YELLOW] == ["SM", "SM", "MIN"]  # sorted by kind


def test_cg_2_colours_own_figures_and_cg_6_markers_stay_after_scoring():
    """CG-2: a seat's colour marks its figures and markers (no link to guilds); CG-6: one white and one black marker
    per block, left in place once the block is scored."""
    assert GAME.seat_names[:5] == ("Red", "Yellow", "Blue", "Green", "Purple")
    state = candle_example()
    play(state, "CA", "A8", "double")
    assert state.owners[lot(state, "A8")] == BLUE
    assert (state.white[0], state.black[0]) == (BLUE, RED) and state.scored == [0]
    play(state, "notavern")
    assert (state.white[0], state.black[0]) == (BLUE, RED)


def test_cg_a_20_and_cg_t_15_final_scoring_ignores_players_at_zero():
    """CG-A-20 / CG-T-15: a guild with one investor pays only that player, the full chain value."""
    lots = {
        "A1": ("CA", RED, 1),
        "A2": ("MCA", -1, 0),
        "B1": ("CA", BLUE, 2),
        "B2": ("CA", -1, 0),
        "C1": ("CA", YELLOW, 1),
    }
    markers = {"A": (RED, -1), "B": (BLUE, -1), "C": (YELLOW, -1)}
    state = scenario(
        3, lots=lots, tracks={"CANDLE": [(BLUE, 5)]}, turn=YELLOW, markers=markers, options={"map": LINE_MAP}
    )
    events = play(state, "CA", "C2", "double")
    (final,) = [event for event in events if event.kind == "final_guild"]
    assert [(s, p) for s, p, _ in final.data["points"]] == [(BLUE, 12)]


def test_cg_16_and_cg_a_23_no_voluntary_pass():
    """CG-16 / CG-A-23: a player holding a tile must place one; the building figure is compulsory."""
    state = scenario(lots={"A1": ("SM", -1, 0)})
    with pytest.raises(IllegalAction, match="cannot be declined"):
        state.action_from_notation("pass")
    play(state, "BA", "A2")
    assert NO_TAVERN not in state.legal_actions() and len(state.legal_actions()) == 2


def _turn_to(state, seat):
    """The same position with `seat` to pick a tile (the test chooses who moves next)."""
    snap = state.snapshot()
    snap["pending"] = [["pick", seat, []]]
    return GAME.from_snapshot(snap)


def test_cg_t_13_marker_sequence_in_play():
    """CG-T-13 / CG-29 / CG-30 through real placements in block B (B1 holds an unowned setup market)."""
    from guildtable.games.city_and_guilds.scoring import third_place

    hands = [["BA", "BA", "WE"], ["CA", "MIN", "WE"], ["WE", "CA", "CA"], ["SM", "CA", "CA"]]
    state = scenario(lots={"B1": ("MBA", -1, 0)}, hands=hands, display=["MWE"] * 3, supply_top=["MWE"] * 4)
    block = state.board.block_letters.index("B")
    steps = [
        (RED, ["BA", "B2", "invest"], (RED, -1, None)),
        (BLUE, ["WE", "B3", "double"], (BLUE, RED, None)),
        (YELLOW, ["CA", "B4", "invest"], (BLUE, RED, YELLOW)),
        (GREEN, ["SM", "B5", "invest"], (BLUE, RED, None)),
        (YELLOW, ["MIN", "B6", "figure"], (YELLOW, BLUE, None)),
        (RED, ["BA", "B7", "invest"], (YELLOW, RED, BLUE)),
    ]
    for seat, moves, (white, black, third) in steps:
        state = _turn_to(state, seat)
        play(state, *moves, "take MWE")
        strengths = [(state.bld[block * 4 + p], state.fig[block * 4 + p]) for p in range(4)]
        assert (state.white[block], state.black[block]) == (white, black)
        assert third_place(strengths, white, black) == third


def test_cg_a_17_setup_relaxes_adjacency_when_no_lot_is_left():
    """CG-A-17: on a custom map where every lot of the last empty block touches a tile, condition (ii) of CG-14
    is dropped for that placement (condition (i) stays)."""
    map_text = "....\n.A..\n.A..\n....\n.CC.\n....\n..B.\n..B.\n....\n"
    hands = [["BA", "WE", "CA"], ["SM", "MBA", "MIN"], ["MCA", "MCA", "MSM"]]
    state = GAME.new_state(3, seed=1, options={"map": map_text}, setup={"hands": hands, "start_player": 0})
    play(state, "BA", "A2")
    play(state, state.legal_notations()[0])
    play(state, "SM")
    assert "C1" not in state.legal_notations()  # it faces A2
    play(state, "B1")
    play(state, state.legal_notations()[0])
    play(state, "MCA")
    assert state.legal_notations() == ["C1", "C2", "back"]  # both face a tile, but block C is the only empty block
