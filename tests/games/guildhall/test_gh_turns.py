"""The turn, the three action types, placement and the end of the turn (GH-23 to GH-63, GH-111 to GH-116)."""

from __future__ import annotations

import pytest
from gh_positions import hall, kind, legal, play, scenario

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.questions import HunterTake
from guildtable.kernel import IllegalAction, Rng


def test_gh_23_gh_24_two_actions_then_clockwise() -> None:
    """GH-23, GH-24: two actions (the same type twice is fine), then the next seat clockwise."""
    state = scenario(3, hands={2: ["red Robber"]}, active=2, actions_left=1)
    assert legal(state) == {"play red Robber", "play", "discard-draw"}
    play(state, "discard-draw", "done")
    assert kind(state) == "action" and state.active == 2
    play(state, "discard-draw", "done")
    assert state.active == 0 and state.current_player == 0 and state.turn == 2


def test_gh_25_an_action_resolves_fully_first() -> None:
    """GH-25: while an ability is resolving, no new action can be chosen."""
    state = scenario(halls={1: ["red Scholar"]}, hands={0: ["red Peddler", "blue Robber"]})
    play(state, "play", "play red Peddler", "level 0")
    with pytest.raises(IllegalAction):
        play(state, "discard-draw")
    play(state, "take red Scholar", "give blue Robber")
    assert kind(state) == "action"


def test_gh_26_gh_d5_extra_actions_are_normal_and_mandatory() -> None:
    """GH-26, GH-D5, GH-107, GH-110: an extra action may be of any type, including another buy, and must be taken."""
    state = scenario(
        completed={0: ["Robber", "Hunter"]},
        row=["p4_extra", "p5_plain", "p5_plain", "p5_plain", "p5_plain"],
        actions_left=0,
    )
    play(state, "buy", "row 1", "pay red Robber", "use")
    assert kind(state) == "action" and state.active == 0
    assert "buy" in legal(state)  # GH-110: the row was refilled
    play(state, "buy", "row 2", "pay red Hunter")
    assert state.vp(0) == 9
    assert state.active == 1


def test_gh_27_gh_28_gh_41_discard_draw_always_legal() -> None:
    """GH-28, GH-41: discard-and-draw is always offered, with k = 0 when the hand holds 6 or fewer."""
    state = scenario(hands={0: []})
    assert legal(state) == {"discard-draw"}
    play(state, "discard-draw")
    assert legal(state) == {"done"}
    play(state, "done")
    assert len(state.hands[0]) == 6


def test_gh_30_gh_31_gh_36_played_card_sits_in_the_action_area() -> None:
    """GH-30, GH-31, GH-36: the card is face up in the action area; it does not count for n and is not in the
    guildhall (it neither completes a chapter nor blocks an identical placement)."""
    state = scenario(
        halls={0: ["red Scholar", "blue Scholar"]},
        hands={0: ["yellow Scholar"]},
        deck_top=["yellow Scholar", "red Robber"],
    )
    play(state, "play", "play yellow Scholar")
    assert state.view(1)["players"][0]["action_area"] == ["yellow Scholar"]
    assert state.view(0)["decision"]["chapter"] == 2  # GH-31
    play(state, "level 0")
    assert hall(state, 0)["Scholar"] == ["red", "blue", "yellow"]  # not blocked by the action-area copy


def test_gh_32_gh_33_gh_d6_tax_collector_with_no_chapter() -> None:
    """GH-33, GH-D6: with n = 0 the Tax Collector has no level; it is still played and enters the guildhall."""
    state = scenario(halls={0: ["red Robber"]}, hands={0: ["red Tax Collector"]}, actions_left=0)
    play(state, "play", "play red Tax Collector")
    assert legal(state) == {"decline"}
    play(state, "decline")
    assert hall(state, 0) == {"Robber": ["red"], "Tax Collector": ["red"]}


def test_gh_35_level_is_fixed_when_chosen() -> None:
    """GH-35: a Hunter at level 2 that gives away its own chapter still swaps 2."""
    state = scenario(
        halls={0: ["red Hunter", "blue Hunter", "red Robber"]},
        hands={0: ["yellow Hunter"]},
        discard=["red Scholar", "blue Scholar", "green Peddler"],
    )
    play(state, "play", "play yellow Hunter", "level 2", "give red Hunter", "give blue Hunter")
    assert kind(state) == "discard_top"
    play(state, "top red Hunter")
    assert isinstance(state.question, HunterTake) and state.question.left == 2


def test_gh_37_gh_40_no_hand_limit_outside_discard_draw() -> None:
    """GH-40, GH-92: a Bricklayer leaves a hand above 6 and it stays there."""
    state = scenario(hands={0: ["red Bricklayer", "red Robber", "blue Robber", "yellow Robber", "green Robber"]})
    play(state, "play", "play red Bricklayer", "level 0")
    assert len(state.hands[0]) == 7
    play(state, "put red Robber")
    assert len(state.hands[0]) == 6
    state = scenario(hands={0: ["red Bricklayer", *["blue Robber"] * 4, *["red Scholar"] * 3]})
    play(state, "play", "play red Bricklayer", "level 0", "put red Scholar")
    assert len(state.hands[0]) == 9 and kind(state) == "action"


def test_gh_d4_option_discard_draw_without_cap() -> None:
    """GH-D4: with discard_draw_caps_hand off, a big hand may keep its cards and draws nothing."""
    hand = [
        "red Robber",
        "blue Robber",
        "yellow Robber",
        "green Robber",
        "purple Robber",
        "red Scholar",
        "blue Scholar",
    ]
    state = scenario(hands={0: hand}, options={"discard_draw_caps_hand": False})
    play(state, "discard-draw")
    assert "done" in legal(state)
    play(state, "done")
    assert len(state.hands[0]) == 7


def test_gh_d8_both_piles_empty() -> None:
    """GH-D8, GH-75, GH-96: discard-and-draw ends below 6; Scholar and Bricklayer levels are not offered."""
    state = scenario(hands={0: ["red Scholar", "red Bricklayer"]}, deck_size=0, spare=1)
    play(state, "play", "play red Scholar")
    assert legal(state) == {"decline"}
    play(state, "decline", "discard-draw", "done")
    assert len(state.hands[0]) == 1


def test_gh_43_buy_needs_enough_completed_chapters() -> None:
    """GH-43: buying is offered only when some row card costs no more than the completed chapters held."""
    row = ["p7_extra2", "p9_plain", "p7_extra2", "p7_extra2", "p5_plain"]
    state = scenario(completed={0: ["Robber"]}, row=row)
    play(state, "buy")
    assert legal(state) == {"row 5"}
    with pytest.raises(IllegalAction) as error:
        play(state, "row 1")
    assert error.value.rule == "GH-43"
    state = scenario(row=row)
    assert "buy" not in legal(state)


def test_gh_44_two_chapter_payment() -> None:
    """GH-44, GH-D15: a cost-2 card takes exactly two completed chapters; the last named chapter gives the top."""
    state = scenario(completed={0: ["Robber", "Hunter", "Scholar"]}, row=["p9_plain", *["p5_plain"] * 4])
    play(state, "buy", "row 1")
    assert legal(state) == {"chapter Robber", "chapter Scholar", "chapter Hunter"}
    play(state, "chapter Hunter")
    assert "Hunter" not in state.view(1)["last_move"]  # GH-D16: only the top card names a profession
    play(state, "pay green Scholar")
    assert state.completed[0] == [0]
    assert state.view(1)["discard_top"] == "green Scholar" and state.vp(0) == 9


def test_gh_48_gh_62_placement_and_chapters() -> None:
    """GH-48, GH-62: a placed card joins its profession's chapter or starts one; a forced identical card is
    discarded instead."""
    state = scenario(
        halls={0: ["red Scholar", "blue Robber"]}, hands={0: ["blue Scholar"]}, deck_top=["blue Robber", "red Hunter"]
    )
    play(state, "play", "play blue Scholar", "level 0")
    assert hall(state, 0) == {"Robber": ["blue"], "Scholar": ["red"]}
    assert state.view(0)["discard_top"] == "blue Robber"


def test_gh_56_gh_57_chosen_placements_must_be_legal() -> None:
    """GH-56, GH-57: an identical card is never placed by choice, in your guildhall or another's."""
    state = scenario(
        halls={0: ["red Robber", "red Peddler", "red Tax Collector", "blue Tax Collector"], 1: ["red Robber"]},
        hands={0: ["yellow Tax Collector"]},
    )
    play(state, "play", "play yellow Tax Collector", "level 1")
    assert "give red Robber" not in legal(state)  # GH-57: Opp already has one
    assert "give red Peddler" in legal(state)
    state = scenario(
        halls={0: ["red Robber"]},
        completed={0: ["Scholar"]},
        hands={0: ["red Robber", "blue Robber"]},
        row=["p3_layout", *["p5_plain"] * 4],
    )
    play(state, "buy", "row 1", "pay red Scholar", "use")
    assert legal(state) == {"lay blue Robber", "done"}  # GH-56


def test_gh_111_end_of_turn_moves_the_action_area() -> None:
    """GH-111, GH-112: the played cards enter the guildhall at the end of the turn; VP are public."""
    state = scenario(hands={0: ["red Robber", "blue Scholar"]}, deck_top=["green Hunter"])
    play(state, "play", "play red Robber", "decline", "play", "play blue Scholar", "level 0")
    assert hall(state, 0) == {"Robber": ["red"], "Scholar": ["blue"], "Hunter": ["green"]}
    assert state.view(1)["players"][0]["action_area"] == []
    assert state.view(1)["players"][0]["vp"] == 0


def test_gh_end_of_turn_duplicate_top_choice() -> None:
    """GH-61, GH-D17 (Q-EOT): two action-area duplicates; the player names the one on top."""
    state = scenario(
        halls={0: ["red Robber", "blue Robber"]},
        areas={0: ["blue Hunter", "green Scholar"]},
        played=["Hunter", "Scholar"],
        hands={0: ["yellow Robber"], 1: ["blue Hunter", "green Scholar", "red Peddler"]},
        actions_left=1,
    )
    play(state, "play", "play yellow Robber", "level 2", "take blue Hunter")
    play(state, "play") if "play" in legal(state) else None
    state = scenario(
        halls={0: ["blue Hunter", "green Scholar", "red Robber", "blue Robber"]},
        areas={0: ["blue Hunter", "green Scholar"]},
        played=["Hunter", "Scholar"],
        actions_left=0,
        hands={0: ["purple Peddler"]},
    )
    play(state, "discard-draw", "done")
    assert kind(state) == "discard_top"
    play(state, "top green Scholar")
    assert state.view(1)["discard_top"] == "green Scholar" and state.active == 1


def test_gh_113_gh_114_gh_115_only_the_active_player_wins() -> None:
    """GH-113 to GH-115: an opponent at 20+ VP does not win on someone else's turn."""
    state = scenario(tokens={1: 25}, actions_left=0)
    play(state, "discard-draw", "done")
    assert not state.is_terminal and state.active == 1
    play(state, "discard-draw", "done", "discard-draw", "done")
    assert state.is_terminal and state.winners() == [1]
    assert state.score_breakdown()["ended_by"].endswith("(GH-113)")


def test_gh_116_gh_d22_max_turns_is_a_simulation_limit() -> None:
    """GH-116, GH-D22: off by default; when set, the game stops after that many turns and the highest VP wins."""
    assert next(o for o in GAME.options if o.name == "max_turns").default == 0
    state = GAME.new_state(3, seed=5, options={"max_turns": 4})
    rng = Rng(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.turn == 4
    scores = state.scores()
    assert state.winners() == [s for s, v in enumerate(scores) if v == max(scores)]
    assert "max_turns" in state.score_breakdown()["ended_by"]
