"""The test cases of the spec, §11 (GH-T1 to GH-T22). Michael is seat 0 (P1), Opp is seat 1 (P2)."""

from __future__ import annotations

import pytest
from gh_positions import hall, kind, legal, play, scenario

from guildtable.kernel import IllegalAction

SCHOLARS_BUT_GREEN = ["red Scholar", "blue Scholar", "yellow Scholar", "purple Scholar"]


def test_gh_t1_one_card_per_profession_per_turn() -> None:
    """GH-T1, GH-27: after playing a Robber, no Robber is playable for the second action."""
    state = scenario(hands={0: ["red Robber", "blue Robber", "red Scholar"]})
    play(state, "play", "play red Robber", "decline")
    assert kind(state) == "action"
    play(state, "play")
    assert legal(state) == {"play red Scholar"}
    with pytest.raises(IllegalAction) as error:
        play(state, "play blue Robber")
    assert error.value.rule == "GH-27"


def test_gh_t2_identical_card_in_guildhall_blocks_play() -> None:
    """GH-T2, GH-29, GH-55."""
    state = scenario(halls={0: ["blue Bricklayer"]}, hands={0: ["blue Bricklayer", "red Bricklayer"]})
    play(state, "play")
    assert legal(state) == {"play red Bricklayer"}
    with pytest.raises(IllegalAction) as error:
        play(state, "play blue Bricklayer")
    assert error.value.rule == "GH-55"


def _peddler_position() -> object:
    return scenario(
        halls={0: ["red Peddler", "blue Peddler"], 1: ["green Hunter", "purple Scholar", "red Robber"]},
        hands={0: ["yellow Peddler", "blue Scholar", "green Robber", "yellow Bricklayer"]},
        actions_left=0,
    )


def test_gh_t3_level_choice_and_no_partial_use() -> None:
    """GH-T3, GH-32, GH-34, GH-83, GH-84, GH-85: n = 2 offers {0, 2, decline}; level 2 swaps exactly 2 hand cards for 2
    face-up cards of the target's guildhall, then 1 additional action."""
    state = _peddler_position()
    play(state, "play", "play yellow Peddler")
    assert legal(state) == {"level 0", "level 2", "decline"}
    play(state, "level 2")
    play(state, "take green Hunter", "take purple Scholar")
    assert kind(state) == "peddler_give"
    assert "done" not in legal(state)  # a 2-for-1 swap cannot be stopped half way
    play(state, "give blue Scholar")
    assert kind(state) == "peddler_give"
    with pytest.raises(IllegalAction):
        play(state, "done")
    play(state, "give green Robber")
    assert kind(state) == "action" and state.active == 0  # GH-83: the extra action (it was the last action)
    assert sorted(state.view(0)["hand"]) == ["green Hunter", "purple Scholar", "yellow Bricklayer"]
    assert hall(state, 1) == {"Robber": ["red", "green"], "Scholar": ["blue"]}


def test_gh_t3_level_zero_and_decline() -> None:
    """GH-T3: level 0 is 1 for 1 then +1 action; declining swaps nothing and adds nothing."""
    state = _peddler_position()
    play(state, "play", "play yellow Peddler", "level 0", "take red Robber", "give yellow Bricklayer")
    assert kind(state) == "action" and state.active == 0
    assert "red Robber" in state.view(0)["hand"]
    state = _peddler_position()
    play(state, "play", "play yellow Peddler", "decline")
    assert state.active == 1  # no extra action: the turn passed
    assert hall(state, 1) == {"Hunter": ["green"], "Robber": ["red"], "Scholar": ["purple"]}


def test_gh_t4_complete_a_chapter_and_restart_it_in_the_same_turn() -> None:
    """GH-T4, GH-49, GH-52, GH-77, GH-111."""
    state = scenario(
        halls={0: ["red Bricklayer", "blue Bricklayer", "yellow Bricklayer", "green Bricklayer", "yellow Scholar"]},
        hands={0: ["red Bricklayer", "blue Hunter"]},
        discard=["red Scholar", "purple Bricklayer", "green Peddler"],
    )
    play(state, "play")
    assert legal(state) == {"play blue Hunter"}  # step 1: the red Bricklayer is blocked
    play(state, "play blue Hunter", "level 0", "give yellow Scholar")
    assert state.view(0)["discard_top"] == "yellow Scholar"
    play(state, "take purple Bricklayer")
    view = state.view(0)
    assert view["players"][0]["completed_chapters"] == 1
    assert "Bricklayer" not in view["players"][0]["guildhall"]
    play(state, "play")
    assert "play red Bricklayer" in legal(state)  # step 3
    play(state, "play red Bricklayer")
    assert "level 0" in legal(state)
    play(state, "decline")
    assert hall(state, 0) == {"Hunter": ["blue"], "Bricklayer": ["red"]}  # step 4


def test_gh_t5_scholar_completes_its_own_chapter() -> None:
    """GH-T5, GH-60, GH-51, GH-73: the played green Scholar is not a duplicate of the completed chapter."""
    state = scenario(
        halls={0: ["red Scholar", "blue Scholar", "yellow Scholar", "purple Scholar"]},
        hands={0: ["green Scholar"]},
        deck_top=["red Robber", "green Scholar", "blue Hunter", "yellow Peddler", "purple Tax Collector"],
        actions_left=0,
    )
    before = state.view(0)
    play(state, "play", "play green Scholar")
    assert legal(state) == {"level 0", "level 2", "level 4", "decline"}
    play(state, "level 4")
    # All five are of different professions, so they go straight in; the chapter completes on the way.
    view = state.view(0)
    assert view["players"][0]["completed_chapters"] == 1
    assert view["players"][1]["hand_size"] == before["players"][1]["hand_size"]  # the reveal touches no hand
    assert view["deck_size"] == before["deck_size"] - 5  # exactly the top five were revealed
    assert hall(state, 0) == {
        "Robber": ["red"],
        "Scholar": ["green"],
        "Hunter": ["blue"],
        "Peddler": ["yellow"],
        "Tax Collector": ["purple"],
    }
    assert view["discard_top"] != "green Scholar"


def test_gh_t5_variant_identical_reveal_is_discarded() -> None:
    """GH-T5 variant, GH-70: a revealed card identical to a face-up card goes to the discard pile."""
    state = scenario(
        halls={0: ["red Scholar", "blue Scholar", "yellow Scholar", "purple Scholar", "red Robber"]},
        hands={0: ["green Scholar"]},
        deck_top=["red Robber", "green Scholar", "blue Hunter", "yellow Peddler", "purple Tax Collector"],
        actions_left=0,
    )
    play(state, "play", "play green Scholar", "level 4")
    assert state.view(0)["discard_top"] == "red Robber"
    assert hall(state, 0)["Robber"] == ["red"]


def test_gh_t6_swapping_identical_cards_is_allowed() -> None:
    """GH-T6, GH-59, GH-D12."""
    state = scenario(
        halls={1: ["yellow Scholar"]},
        hands={0: ["red Peddler", "yellow Scholar"]},
    )
    play(state, "play", "play red Peddler", "level 0", "take yellow Scholar")
    assert legal(state) == {"give yellow Scholar"}
    play(state, "give yellow Scholar")
    assert hall(state, 1) == {"Scholar": ["yellow"]}
    assert state.view(0)["hand"] == ["yellow Scholar"]


def test_gh_t7_whole_chapter_move_blocked_by_one_match() -> None:
    """GH-T7, GH-58, GH-102."""
    state = scenario(
        halls={0: ["red Hunter"], 1: ["red Hunter", "green Hunter", "blue Scholar"]},
        completed={0: ["Peddler"]},
        row=["p2_take_chapter", "p5_plain", "p5_plain", "p5_plain", "p5_plain"],
    )
    play(state, "buy", "row 1", "pay red Peddler", "use")
    assert legal(state) == {"chapter Scholar"}
    with pytest.raises(IllegalAction) as error:
        play(state, "chapter Hunter")
    assert error.value.rule == "GH-102"
    play(state, "chapter Scholar")
    assert hall(state, 0) == {"Scholar": ["blue"], "Hunter": ["red"]}
    assert state.vp(0) == 2


@pytest.mark.parametrize(
    ("n", "levels"),
    [(0, {"level 0"}), (1, {"level 0"}), (2, {"level 0", "level 2"}), (3, {"level 0", "level 2"}), (4, None)],
)
def test_gh_t8_scholar_levels_by_chapter_size(n: int, levels: set[str] | None) -> None:
    """GH-T8, GH-32."""
    chapter = ["red Scholar", "blue Scholar", "yellow Scholar", "green Scholar"][:n]
    state = scenario(halls={0: chapter}, hands={0: ["purple Scholar"]})
    play(state, "play", "play purple Scholar")
    expected = levels if levels is not None else {"level 0", "level 2", "level 4"}
    assert legal(state) == expected | {"decline"}


def test_gh_t9_fourth_completed_chapter_is_discarded_at_once() -> None:
    """GH-T9, GH-53, GH-D16: the cap question comes before the rest of the Scholar's cards are placed."""
    state = scenario(
        halls={0: ["red Scholar", "blue Scholar", "yellow Scholar", "purple Scholar"]},
        hands={0: ["green Scholar"]},
        completed={0: ["Robber", "Hunter", "Peddler"]},
        deck_top=["green Scholar", "red Scholar", "blue Hunter"],
        actions_left=0,
    )
    play(state, "play", "play green Scholar", "level 2")
    # green and red Scholars share a profession: Michael orders them; green first completes the chapter.
    assert kind(state) == "place_order"
    play(state, "place green Scholar")
    assert kind(state) == "cap" and state.current_player == 0
    before = len(state.discard)
    play(state, "discard blue Hunter")
    assert len(state.completed[0]) == 3
    assert len(state.discard) == before + 5
    assert state.view(0)["discard_top"] == "blue Hunter"


def test_gh_t9_opponent_decides_their_own_cap() -> None:
    """GH-T9, GH-50, GH-63: Michael's Peddler completes Opp's 4th chapter; Opp answers the cap question."""
    state = scenario(
        halls={1: ["red Bricklayer", "blue Bricklayer", "yellow Bricklayer", "green Bricklayer", "yellow Hunter"]},
        completed={1: ["Robber", "Scholar", "Peddler"]},
        hands={0: ["red Peddler", "purple Bricklayer"]},
    )
    play(state, "play", "play red Peddler", "level 0", "take yellow Hunter", "give purple Bricklayer")
    assert kind(state) == "cap" and state.current_player == 1
    play(state, "discard red Robber")
    assert state.current_player == 0 and kind(state) == "action"
    assert state.actions_left == 1


def test_gh_t10_action_area_copy_becomes_the_duplicate() -> None:
    """GH-T10, GH-60, GH-61, GH-111."""
    state = scenario(
        halls={0: ["red Robber", "blue Robber"]},
        areas={0: ["blue Hunter"]},
        played=["Hunter"],
        hands={0: ["yellow Robber"], 1: ["blue Hunter", "green Scholar"]},
        actions_left=0,
    )
    play(state, "play", "play yellow Robber", "level 2", "take blue Hunter")
    assert state.view(1)["discard_top"] == "blue Hunter"
    assert state.active == 1
    assert hall(state, 0) == {"Robber": ["red", "blue", "yellow"], "Hunter": ["blue"]}


def test_gh_t11_discard_draw_and_reshuffle() -> None:
    """GH-T11, GH-37, GH-38, GH-42."""
    nine = ["red Tax Collector", "blue Tax Collector", "yellow Tax Collector", "green Tax Collector"]
    nine += ["purple Tax Collector", "red Peddler", "blue Peddler", "yellow Peddler", "green Peddler"]
    state = scenario(hands={0: ["red Robber", "blue Robber", "yellow Robber"]}, discard=nine, deck_size=2)
    play(state, "discard-draw", "discard red Robber", "done")
    assert len(state.hands[0]) == 6
    assert len(state.discard) == 0
    assert len(state.deck) == 8


def test_gh_t12_large_hand_must_discard_down_to_six() -> None:
    """GH-T12, GH-39, GH-D4."""
    hand = ["red Robber", "blue Robber", "yellow Robber", "green Robber", "purple Robber"]
    hand += ["red Scholar", "blue Scholar", "yellow Scholar", "green Scholar"]
    state = scenario(hands={0: hand})
    play(state, "discard-draw")
    assert "done" not in legal(state)
    play(state, "discard red Robber", "discard blue Robber")
    with pytest.raises(IllegalAction) as error:
        play(state, "done")
    assert error.value.rule == "GH-39"
    play(state, "discard yellow Robber", "done")
    assert len(state.hands[0]) == 6


def test_gh_t13_buy_refills_before_the_ability() -> None:
    """GH-T13, GH-44, GH-45, GH-46, GH-D14, GH-D15."""
    state = scenario(
        completed={0: ["Robber", "Hunter"]},
        row=["p4_extra", "p7_extra2", "p5_plain", "p5_plain", "p5_plain"],
    )
    play(state, "buy")
    assert legal(state) == {"row 1", "row 2", "row 3", "row 4", "row 5"}
    play(state, "row 1")
    assert {"pay red Robber", "pay purple Hunter"} <= legal(state)
    play(state, "pay green Hunter")
    assert state.completed[0] == [0]
    assert kind(state) == "use_ability"
    assert len(state.row) == 5  # refilled before the ability resolves
    assert state.vp(0) == 4
    play(state, "use")
    assert state.actions_left == 1 and kind(state) == "action"  # +1, one of which is now being asked


def test_gh_t13_empty_prestige_deck_leaves_the_row_short() -> None:
    """GH-T13, GH-D14."""
    state = scenario(
        completed={0: ["Robber"]},
        row=["p5_plain", "p5_plain", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
    )
    play(state, "buy", "row 2", "pay red Robber")
    assert len(state.row) == 4


def test_gh_t14_tax_collector_with_no_legal_gift() -> None:
    """GH-T14, GH-100, GH-D6: no level is offered; the card is still played and gives 0 VP."""
    state = scenario(
        halls={0: ["red Tax Collector", "blue Tax Collector"], 1: ["red Tax Collector", "blue Tax Collector"]},
        hands={0: ["yellow Tax Collector"]},
    )
    play(state, "play", "play yellow Tax Collector")
    assert legal(state) == {"decline"}
    play(state, "decline")
    assert state.vp(0) == 0
    assert state.areas[0] == [27]


def test_gh_t15_tax_collector_levels() -> None:
    """GH-T15, GH-99, GH-D1: levels {1, 2}; level 2 gives 2 VP and then exactly one card."""
    state = scenario(
        halls={0: ["red Tax Collector", "blue Tax Collector", "red Robber"]}, hands={0: ["green Tax Collector"]}
    )
    play(state, "play", "play green Tax Collector")
    assert legal(state) == {"level 1", "level 2", "decline"}
    play(state, "level 2")
    assert state.vp(0) == 2
    assert kind(state) == "tax_give"
    assert "done" not in legal(state)
    play(state, "give red Robber")
    assert hall(state, 1) == {"Robber": ["red"]}


def test_gh_t16_victory_only_at_the_end_of_ones_own_turn() -> None:
    """GH-T16, GH-113, GH-114."""
    state = scenario(
        halls={0: ["red Tax Collector", "blue Tax Collector", "red Robber"]},
        hands={0: ["green Tax Collector", "blue Scholar"]},
        tokens={0: 18},
    )
    play(state, "play", "play green Tax Collector", "level 2", "give red Robber")
    assert state.vp(0) == 20
    assert not state.is_terminal
    assert kind(state) == "action"  # action 2 still has to be taken
    play(state, "discard-draw", "done")
    assert state.is_terminal
    assert state.winners() == [0]


def test_gh_t17_all_identical_hand_card_goes_to_discard() -> None:
    """GH-T17, GH-64, GH-D10."""
    state = scenario(
        halls={0: ["red Hunter", "red Robber", "blue Robber"]},
        hands={0: ["green Robber"], 1: ["red Hunter", "red Hunter"]},
        deck_size=60,
        spare=0,
    )
    play(state, "play", "play green Robber", "level 2")
    assert legal(state) == {"take red Hunter"}
    play(state, "take red Hunter")
    assert state.view(0)["discard_top"] == "red Hunter"
    assert len(state.hands[1]) == 1


def test_gh_t18_random_robber_picks_a_placeable_card() -> None:
    """GH-T18, GH-65, GH-D9: whatever the random draw, the blue Scholar is the card taken."""
    for seed in range(12):
        state = scenario(
            halls={0: ["red Hunter"]},
            hands={0: ["green Robber"], 1: ["red Hunter", "blue Scholar"]},
            deck_size=60,
            spare=0,
        )
        state.rng.state = seed
        play(state, "play", "play green Robber", "level 0")
        assert hall(state, 0) == {"Hunter": ["red"], "Scholar": ["blue"]}
        assert state.hands[1] == [10]


def test_gh_t19_hunter_level_four_swaps_a_chapter_for_three() -> None:
    """GH-T19, GH-79, GH-80, GH-D17."""
    state = scenario(
        halls={0: ["red Hunter", "blue Hunter", "yellow Hunter", "green Hunter", "red Scholar", "blue Scholar"]},
        hands={0: ["purple Hunter"]},
        discard=["red Peddler", "blue Robber", "green Tax Collector", "yellow Bricklayer"],
    )
    before = sum(len(c) for c in hall(state, 0).values())
    play(state, "play", "play purple Hunter", "level 4", "chapter Scholar")
    assert kind(state) == "discard_top"
    assert legal(state) == {"top red Scholar", "top blue Scholar"}
    play(state, "top blue Scholar")
    assert state.view(0)["discard_top"] == "blue Scholar"
    assert "take red Scholar" not in legal(state)  # outgoing cards cannot be taken back
    play(state, "take red Peddler", "take blue Robber", "take yellow Bricklayer")
    assert sum(len(c) for c in hall(state, 0).values()) == before + 1


def test_gh_t20_peddler_gift_completes_opponents_chapter() -> None:
    """GH-T20, GH-50, GH-87."""
    state = scenario(
        halls={1: ["red Bricklayer", "blue Bricklayer", "yellow Bricklayer", "green Bricklayer", "yellow Hunter"]},
        hands={0: ["red Peddler", "purple Bricklayer", "red Scholar"]},
    )
    play(state, "play", "play red Peddler")
    size = len(state.hands[0])
    play(state, "level 0", "take yellow Hunter", "give purple Bricklayer")
    assert len(state.completed[1]) == 1
    assert len(state.hands[0]) == size
    assert state.actions_left == 1 and kind(state) == "action"  # 1 left after this extra one, as before


def test_gh_t21_peddler_level_needs_enough_hand_cards() -> None:
    """GH-T21, GH-88, GH-D7."""
    state = scenario(
        halls={0: ["red Peddler", "blue Peddler"], 1: ["green Hunter", "purple Scholar"]},
        hands={0: ["yellow Peddler", "blue Robber"]},
    )
    play(state, "play", "play yellow Peddler")
    assert legal(state) == {"level 0", "decline"}


def test_gh_t22_robber_places_in_a_legal_order() -> None:
    """GH-T22, GH-63, GH-67, GH-D10, GH-D11."""
    state = scenario(
        halls={0: [*SCHOLARS_BUT_GREEN, "red Robber", "blue Robber", "yellow Robber", "green Robber"]},
        hands={0: ["purple Robber"], 1: ["green Scholar", "red Scholar"]},
        deck_size=60,
        spare=0,
    )
    play(state, "play", "play purple Robber", "level 4")
    assert legal(state) == {"take green Scholar"}
    assert state.view(0)["target_hand"] == ["red Scholar", "green Scholar"]
    assert "target_hand" not in state.view(1)
    play(state, "take green Scholar")
    assert len(state.completed[0]) == 1
    assert legal(state) == {"take red Scholar"}
    play(state, "take red Scholar")
    assert hall(state, 0)["Scholar"] == ["red"]
