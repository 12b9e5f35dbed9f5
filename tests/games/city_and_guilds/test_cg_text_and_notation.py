"""The terminal view and the move notation of City and Guilds: what the board shows, how moves are typed, and that
unreadable or illegal input is refused with a reason."""

from __future__ import annotations

import pytest
from cg_scenarios import BLUE, RED, play, scenario
from rich.console import Console

from guildtable.games.city_and_guilds import GAME
from guildtable.games.city_and_guilds.actions import (
    DOUBLE,
    FIGURE,
    INVEST,
    LOT_BASE,
    NO_FIGURE,
    NO_TAVERN,
    NUM_ACTIONS,
    RETURN_BASE,
    SELECT_BASE,
    TAKE_BASE,
)
from guildtable.kernel import IllegalAction, Rng
from guildtable.kernel.registry import get_game


def render(state, seat):
    console = Console(width=120, record=True, color_system=None)
    console.print(GAME.render_text(state.view(seat), seat))
    return console.export_text()


def test_registered_under_its_name():
    assert get_game("city-and-guilds") is GAME and get_game("city_and_guilds") is GAME
    assert GAME.num_distinct_actions(4) == NUM_ACTIONS == 109  # 108: putting a picked tile back, added last
    assert "hands" in GAME.describe_setup()


def test_text_shows_map_tracks_blocks_scores_display_and_own_hand():
    state = scenario(
        lots={"A1": ("SM", RED, 2), "A2": ("MCA", -1, 0)},
        hands=[["BA", "WE", "CA"], ["MIN", "SM", "SM"], ["CA"] * 3, ["CA"] * 3],
        tracks={"SMITH": [(BLUE, 2), (RED, 1)]},
        markers={"A": (RED, -1)},
    )
    text = render(state, RED)
    assert "SM●●" in text and "MCA" in text and " A3 " in text  # tiles, figures, empty lots by name
    assert "✲" in text and "═" in text and "▓" in text  # fountain, trough, blocker
    assert "SMITH   Blue 2  >  Red 1" in text  # track in rank order
    assert "Your hand: BA WE CA" in text
    assert "MIN" not in text.split("Your hand")[1].split("\n")[0]
    assert "Display: MBA MWE MCA" in text
    assert "Setup round" not in text


def test_text_at_the_end_shows_final_scoring_and_winners():
    state = GAME.new_state(3, seed=4)
    rng = Rng(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    text = render(state, None)
    assert "Final scoring" in text and "Winner(s):" in text


def test_notation_round_trip_and_aliases():
    state = scenario(lots={"A1": ("SM", -1, 0)})
    assert state.action_from_notation("BA") == SELECT_BASE + 0
    assert state.action_from_notation("baker") == SELECT_BASE + 0
    assert state.action_from_notation("candle-market") == SELECT_BASE + 6
    assert state.action_from_notation("a5") == LOT_BASE + state.board.lot_by_name["A5"]
    assert state.action_from_notation("invest") == INVEST and state.action_from_notation("2") == DOUBLE
    assert state.action_from_notation("take MIN") == TAKE_BASE + 8
    assert state.action_from_notation("return WE") == RETURN_BASE + 1
    assert state.action_to_notation(TAKE_BASE + 8) == "take MIN"
    for action in (SELECT_BASE + 3, LOT_BASE + 5, INVEST, DOUBLE, FIGURE, NO_FIGURE, NO_TAVERN, TAKE_BASE, RETURN_BASE):
        assert state.action_from_json(state.action_to_json(action)) == action


def test_bare_tile_codes_follow_the_question():
    """During the draw a bare code takes from the display; during the setup return it returns that tile."""
    state = scenario(lots={"A1": ("SM", -1, 0)})
    play(state, "BA", "A2", "invest")
    assert state.action_from_notation("MWE") == TAKE_BASE + 5
    state = GAME.new_state(3, seed=1)
    assert state.action_from_notation("MWE") == RETURN_BASE + 5
    with pytest.raises(IllegalAction, match="cannot be declined"):
        state.action_from_notation("pass")


@pytest.mark.parametrize("text", ["", "BA A5 x", "XYZ", "take", "take TAV", "Q1"])
def test_unreadable_moves_are_refused(text):
    state = scenario(lots={"A1": ("SM", -1, 0)})
    with pytest.raises(IllegalAction):
        state.action_from_notation(text)


def test_bad_json_actions_are_refused():
    state = scenario(lots={"A1": ("SM", -1, 0)})
    for data in ({"type": "fly"}, {"type": "place", "lot": "Z1"}, {"type": "pick"}, "BA"):
        with pytest.raises(IllegalAction):
            state.action_from_json(data)  # type: ignore[arg-type]


def test_out_of_order_answers_name_the_rule():
    """Answers to another question are refused, naming the rule of the question actually asked."""
    state = scenario(lots={"A1": ("SM", -1, 0)})
    for move, rule in (("A2", "CG-16"), ("invest", "CG-16"), ("take MBA", "CG-16")):
        with pytest.raises(IllegalAction) as caught:
            state.apply(state.action_from_notation(move))
        assert caught.value.rule == rule
    play(state, "BA")
    with pytest.raises(IllegalAction, match="lot"):
        state.apply(state.action_from_notation("WE"))
    with pytest.raises(IllegalAction, match="lots"):
        state.apply(LOT_BASE + 70)  # beyond the 64 lots of the default map


def test_prompts_name_the_question():
    """CG-11 / CG-16 / CG-17: each question in plain words."""
    state = GAME.new_state(3, seed=2)
    assert "give back face down" in state.prompt()
    state = scenario(lots={"A1": ("SM", -1, 0)})
    assert state.prompt() == "Choose a tile from your hand to place"
    play(state, "BA")
    assert state.prompt() == "Choose a lot next to a tile already placed for your baker building, or put it back"
    play(state, "A2")
    assert state.prompt() == (
        "Baker building: put 1 figure on it and move 1 up the baker track, or put 2 figures on it"
    )


def test_events_explain_block_scoring():
    lots = {f"A{i}": ("SM", -1, 0) for i in range(1, 8)}
    lots["A1"] = ("SM", BLUE, 1)
    state = scenario(lots=lots, markers={"A": (BLUE, -1)}, tracks={"SMITH": [(BLUE, 1)]})
    events = play(state, "BA", "A8", "invest")
    (block,) = [event for event in events if event.kind == "block_scored"]
    text = block.data["text"]
    assert "Block A complete, value 8 = 8 base" in text and "SMITH controls it" in text
    assert "Blue 5 (block A 1st of two)" in text and "Red 3 (block A 2nd of two)" in text
