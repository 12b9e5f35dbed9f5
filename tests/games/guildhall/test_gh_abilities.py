"""Profession abilities level by level (GH-64 to GH-101), prestige abilities (GH-102 to GH-110) and what each
ability reveals to whom (GH-20, GH-21, GH-D18 to GH-D20, GH-D26)."""

from __future__ import annotations

import pytest
from gh_positions import hall, kind, legal, play, scenario

from guildtable.kernel import IllegalAction

ROBBERS = ["red Robber", "blue Robber", "yellow Robber", "green Robber"]


# --- Robber ----------------------------------------------------------------------------------------------------------
def test_gh_66_gh_68_gh_69_robber_level_two_sees_the_hand() -> None:
    """GH-66, GH-68, GH-69, GH-D13: target, then one card from the revealed hand; only the robber sees it."""
    state = scenario(
        3,
        halls={0: ROBBERS[:2]},
        hands={0: ["purple Robber"], 1: ["red Scholar", "blue Hunter"], 2: ["green Peddler"]},
        deck_size=50,
        spare=2,
    )
    play(state, "play", "play purple Robber", "level 2")
    assert legal(state) == {"target P2", "target P3"}
    events = play(state, "target P2")
    revealed = [e for e in events if e.kind == "hand_revealed"]
    assert revealed and revealed[0].seats == frozenset({0})
    assert state.view(0)["target_hand"] == ["red Scholar", "blue Hunter"]
    assert "target_hand" not in state.view(1) and "target_hand" not in state.view(2)
    play(state, "take blue Hunter")
    assert hall(state, 0)["Hunter"] == ["blue"]
    assert state.hands[1] == [5]


def test_gh_67_robber_level_four_needs_two_cards() -> None:
    """GH-67: the target must hold at least 2 cards."""
    state = scenario(halls={0: ROBBERS}, hands={0: ["purple Robber"], 1: ["red Scholar"]}, deck_size=60, spare=0)
    play(state, "play", "play purple Robber")
    assert legal(state) == {"level 0", "level 2", "decline"}


def test_gh_d9_any_then_discard_option() -> None:
    """GH-D9 config: any_then_discard may pick the identical card, which is then discarded."""
    outcomes = set()
    for seed in range(16):
        state = scenario(
            halls={0: ["red Hunter"]},
            hands={0: ["green Robber"], 1: ["red Hunter", "blue Scholar"]},
            deck_size=60,
            spare=0,
            options={"robber_random": "any_then_discard"},
        )
        state.rng.state = seed
        play(state, "play", "play green Robber", "level 0")
        outcomes.add("Scholar" in hall(state, 0))
    assert outcomes == {True, False}


# --- Scholar ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "level", "cards"), [(0, "level 0", 1), (2, "level 2", 3)])
def test_gh_70_gh_71_gh_72_scholar_reveals_into_the_guildhall(n: int, level: str, cards: int) -> None:
    """GH-70, GH-71, GH-72, GH-74: the top cards are revealed to all and go straight into the guildhall."""
    top = ["red Robber", "blue Hunter", "yellow Peddler"]
    state = scenario(halls={0: ["red Scholar", "blue Scholar"][:n]}, hands={0: ["green Scholar"]}, deck_top=top)
    events = play(state, "play", "play green Scholar", level)
    revealed = next(e for e in events if e.kind == "revealed")
    assert revealed.seats is None and revealed.data["cards"] == top[:cards]
    assert len(hall(state, 0)) == (1 if n else 0) + cards


def test_gh_74_gh_d11_deck_order_option() -> None:
    """GH-74, GH-D11 config: with placement_order=deck_order the Scholar's cards go in as revealed."""
    top = ["red Scholar", "green Scholar", "blue Hunter"]
    base = {"halls": {0: ["red Scholar", "blue Scholar", "yellow Scholar", "purple Scholar"]}, "deck_top": top}
    state = scenario(hands={0: ["green Scholar"]}, options={"placement_order": "deck_order"}, **base)  # type: ignore[arg-type]
    play(state, "play", "play green Scholar", "level 2")
    assert state.view(0)["discard_top"] == "red Scholar"  # red came first, while the red Scholar was face up
    assert len(state.completed[0]) == 1


# --- Hunter ----------------------------------------------------------------------------------------------------------
def test_gh_76_gh_78_gh_82_hunter_level_two() -> None:
    """GH-76, GH-78, GH-82: 2 for 2; the whole pile is shown to the hunter only; no identical take."""
    state = scenario(
        halls={0: ["red Hunter", "blue Hunter", "red Robber", "blue Robber"]},
        hands={0: ["yellow Hunter"]},
        discard=["green Scholar", "red Robber", "purple Peddler", "yellow Tax Collector"],
    )
    play(state, "play", "play yellow Hunter")
    assert state.view(0)["discard_pile"] == ["green Scholar", "red Robber", "purple Peddler", "yellow Tax Collector"]
    assert "discard_pile" not in state.view(1)
    play(state, "level 2", "give red Hunter", "give blue Hunter", "top blue Hunter")
    assert "take red Robber" not in legal(state)  # GH-76: identical to my face-up red Robber
    with pytest.raises(IllegalAction) as error:
        play(state, "take red Robber")
    assert error.value.rule == "GH-76"
    play(state, "take green Scholar", "take purple Peddler")
    assert hall(state, 0) == {"Robber": ["red", "blue"], "Scholar": ["green"], "Peddler": ["purple"]}
    assert "discard_pile" not in state.view(0)


def test_gh_81_hunter_needs_legal_discards() -> None:
    """GH-81, GH-D7: too few placeable discard cards: the level is not offered."""
    state = scenario(
        halls={0: ["red Robber", "blue Scholar"]},
        hands={0: ["yellow Hunter"]},
        discard=["red Robber"],
    )
    play(state, "play", "play yellow Hunter")
    assert legal(state) == {"level 0", "decline"}  # give the red Robber, take another red Robber (GH-D12)
    play(state, "level 0")
    assert legal(state) == {"give red Robber"}


# --- Peddler ---------------------------------------------------------------------------------------------------------
def test_gh_86_gh_89_gh_90_peddler_level_four_takes_a_chapter() -> None:
    """GH-86, GH-89, GH-90: 2 hand cards for a whole chapter; the gifts are public in the target's guildhall."""
    state = scenario(
        halls={0: ["red Peddler", "blue Peddler", "yellow Peddler", "green Peddler"], 1: ["red Hunter", "blue Hunter"]},
        hands={0: ["purple Peddler", "red Scholar", "blue Scholar"]},
    )
    play(state, "play", "play purple Peddler", "level 4")
    assert legal(state) == {"chapter Hunter"}
    events = play(state, "chapter Hunter", "give red Scholar")
    assert any(e.kind == "peddler_gives" and e.seats is None for e in events)
    play(state, "give blue Scholar")
    assert hall(state, 1) == {"Scholar": ["red", "blue"]}
    assert {"red Hunter", "blue Hunter"} <= set(state.view(0)["hand"])
    assert kind(state) == "action"


# --- Bricklayer ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("chapter", "level", "draw", "back"), [(0, "level 0", 3, 1), (2, "level 2", 5, 2), (4, "level 4", 7, 3)]
)
def test_gh_91_to_gh_95_bricklayer_levels(chapter: int, level: str, draw: int, back: int) -> None:
    """GH-91, GH-92, GH-93, GH-94, GH-95: draw, then put back any hand cards on top, in order."""
    bricks = ["red Bricklayer", "blue Bricklayer", "yellow Bricklayer", "green Bricklayer"][:chapter]
    state = scenario(halls={0: bricks}, hands={0: ["purple Bricklayer", "red Robber"]})
    play(state, "play", "play purple Bricklayer", level)
    assert len(state.hands[0]) == 1 + draw
    assert "put red Robber" in legal(state)  # any hand card, not only the drawn ones
    for _ in range(back):
        state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 1 + draw - back
    assert kind(state) == "action"


def test_gh_96_gh_97_gh_d20_put_back_cards_known_to_their_owner_only() -> None:
    """GH-96, GH-97, GH-D20: opponents learn only the count; the owner sees the cards on top until drawn."""
    state = scenario(hands={0: ["purple Bricklayer", "red Robber", "blue Robber"]}, deck_top=["red Scholar"] * 3)
    events = play(state, "play", "play purple Bricklayer", "level 0", "put red Robber")
    public_put = [e for e in events if e.kind == "put_back"]
    assert public_put and public_put[0].data == {"seat": 0, "count": 1}
    assert state.view(0)["deck_top_known"] == ["red Robber"]
    assert "deck_top_known" not in state.view(1)
    assert state.last_move == "put a card back on the deck"
    play(state, "discard-draw", "done")
    assert "deck_top_known" not in state.view(0)  # drawn again (hand 6 after the put-back? then nothing drawn)


# --- Tax Collector ---------------------------------------------------------------------------------------------------
def test_gh_98_gh_101_tax_collector_gives_one_card_to_a_target() -> None:
    """GH-98, GH-101: VP first; the gift may be a Tax Collector; the target is asked when several can take it."""
    state = scenario(
        3,
        halls={0: ["red Tax Collector", "blue Tax Collector"], 2: ["blue Tax Collector"]},
        hands={0: ["green Tax Collector"]},
    )
    play(state, "play", "play green Tax Collector", "level 2", "give red Tax Collector")
    assert legal(state) == {"target P2", "target P3"}
    play(state, "target P3")
    assert hall(state, 2) == {"Tax Collector": ["red", "blue"]} and state.vp(0) == 2
    state = scenario(
        3,
        halls={0: ["red Tax Collector", "blue Tax Collector"], 2: ["blue Tax Collector"]},
        hands={0: ["green Tax Collector"]},
    )
    play(state, "play", "play green Tax Collector", "level 1", "give blue Tax Collector")
    assert hall(state, 1) == {"Tax Collector": ["blue"]}  # only P2 could take it: no question


def test_gh_d1_single_scaled_tax_collector() -> None:
    """GH-D1 config: single_scaled offers one level worth the chapter size, even 0."""
    state = scenario(
        halls={0: ["red Robber"]}, hands={0: ["green Tax Collector"]}, options={"tax_collector_model": "single_scaled"}
    )
    play(state, "play", "play green Tax Collector")
    assert legal(state) == {"level 0", "decline"}
    play(state, "level 0", "give red Robber")
    assert state.vp(0) == 0 and hall(state, 1) == {"Robber": ["red"]}


# --- Prestige abilities ----------------------------------------------------------------------------------------------
def buy(row0: str, **kwargs: object) -> object:
    state = scenario(completed={0: ["Robber"]}, row=[row0, *["p5_plain"] * 4], **kwargs)  # type: ignore[arg-type]
    play(state, "buy", "row 1", "pay red Robber")
    return state


def test_gh_47_gh_109_ability_may_be_declined_and_5vp_has_none() -> None:
    """GH-47, GH-109."""
    state = buy("p4_draw5")
    assert legal(state) == {"use", "decline"}
    play(state, "decline")
    assert kind(state) == "action" and len(state.hands[0]) == 0
    state = buy("p5_plain")
    assert kind(state) == "action" and state.vp(0) == 5


def test_gh_103_swap_one_for_two() -> None:
    """GH-103, GH-D12."""
    state = buy("p3_swap", halls={0: ["red Scholar"], 1: ["yellow Hunter", "green Peddler", "red Scholar"]})
    play(state, "use")
    assert legal(state) == {"give red Scholar"}
    play(state, "give red Scholar")
    assert legal(state) == {"take yellow Hunter", "take green Peddler", "take red Scholar"}
    play(state, "take red Scholar", "take green Peddler")
    assert hall(state, 0) == {"Scholar": ["red"], "Peddler": ["green"]}
    assert hall(state, 1) == {"Scholar": ["red"], "Hunter": ["yellow"]}


def test_gh_104_lay_out_from_hand() -> None:
    """GH-104: any number, one at a time, each legal when placed."""
    state = buy("p3_layout", hands={0: ["red Scholar", "red Scholar", "blue Scholar"]})
    play(state, "use", "lay red Scholar")
    assert legal(state) == {"lay blue Scholar", "done"}
    play(state, "lay blue Scholar", "done")
    assert hall(state, 0) == {"Scholar": ["red", "blue"]} and state.view(0)["hand"] == ["red Scholar"]


def test_gh_105_draw_five() -> None:
    """GH-105."""
    state = buy("p4_draw5")
    play(state, "use")
    assert len(state.hands[0]) == 5


def test_gh_106_take_a_card() -> None:
    """GH-106."""
    state = buy("p4_take_card", halls={0: ["red Hunter"], 1: ["red Hunter", "blue Hunter"]})
    play(state, "use")
    assert legal(state) == {"take blue Hunter"}
    play(state, "take blue Hunter")
    assert hall(state, 0) == {"Hunter": ["red", "blue"]} and hall(state, 1) == {"Hunter": ["red"]}


def test_gh_108_two_extra_actions() -> None:
    """GH-108, GH-26."""
    state = scenario(completed={0: ["Robber", "Hunter"]}, row=["p7_extra2", *["p5_plain"] * 4], actions_left=0)
    play(state, "buy", "row 1", "chapter Robber", "pay red Hunter", "use")
    assert kind(state) == "action" and state.actions_left == 1 and state.vp(0) == 7


def test_gh_102_take_chapter_completes_mine() -> None:
    """GH-102, GH-49: the moved chapter joins mine and may complete it."""
    state = buy(
        "p2_take_chapter",
        halls={0: ["red Hunter", "blue Hunter"], 1: ["yellow Hunter", "green Hunter", "purple Hunter"]},
    )
    play(state, "use", "chapter Hunter")
    assert len(state.completed[0]) == 1 and hall(state, 0) == {}


# --- information -----------------------------------------------------------------------------------------------------
def test_gh_20_gh_21_gh_d18_hand_discards_show_only_the_top() -> None:
    """GH-20, GH-21, GH-D18: discarding several hand cards announces the top card only."""
    state = scenario(hands={0: ["red Robber", "blue Scholar", "green Hunter"]})
    events = play(state, "discard-draw", "discard red Robber", "discard blue Scholar", "done")
    public = [e for e in events if e.seats is None]
    text = str([e.to_json() for e in public])
    assert "blue Scholar" in text and "red Robber" not in text
    assert state.view(1)["discard_top"] == "blue Scholar" and "discard_pile" not in state.view(1)


def test_gh_d19_peddler_moves_are_public() -> None:
    """GH-D19: cards taken from a guildhall into a hand were visible, and stay announced."""
    state = scenario(halls={1: ["red Scholar"]}, hands={0: ["red Peddler", "blue Robber"]})
    events = play(state, "play", "play red Peddler", "level 0", "take red Scholar", "give blue Robber")
    assert any(e.kind == "peddler_takes" and e.seats is None for e in events)


def test_gh_d26_completed_chapters_show_a_count_only() -> None:
    """GH-22, GH-D26: others see the count; the owner sees the professions; the completion event is public."""
    state = scenario(completed={0: ["Robber", "Scholar"]})
    assert state.view(1)["players"][0]["completed_chapters"] == 2
    assert "completed_professions" not in state.view(None)
    assert state.view(0)["completed_professions"] == ["Robber", "Scholar"]
    assert state.view(1)["completed_professions"] == []


def test_gh_d12_hunter_may_take_a_copy_of_what_it_gives() -> None:
    """GH-D12, GH-80: outgoing cards leave first, so the only legal gift is the red Scholar, and another red Scholar
    from the pile may then be taken (the given one, now on top, may not)."""
    state = scenario(
        halls={0: [*SCHOLARS, "red Robber"]},
        hands={0: ["yellow Hunter"]},
        discard=["red Scholar", "red Robber"],
    )
    play(state, "play", "play yellow Hunter", "level 0")
    assert legal(state) == {"give red Scholar", "give red Robber"}
    play(state, "give red Scholar")
    assert legal(state) == {"take red Scholar"}
    play(state, "take red Scholar")
    assert state.view(1)["discard_top"] == "red Scholar" and len(state.discard) == 2


def test_gh_d11_hunter_takes_rely_on_completion_order() -> None:
    """GH-D11, GH-63: green Scholar first completes the chapter, after which the red Scholar is legal."""
    state = scenario(
        halls={0: [*SCHOLARS, "red Robber", "blue Robber", "red Hunter", "blue Hunter"]},
        hands={0: ["yellow Hunter"], 1: []},
        discard=["red Scholar", "green Scholar"],
    )
    play(state, "play", "play yellow Hunter", "level 2", "give red Robber", "give blue Robber", "top red Robber")
    assert legal(state) == {"take green Scholar"}
    play(state, "take green Scholar")
    assert len(state.completed[0]) == 1
    assert legal(state) == {"take red Scholar"}
    play(state, "take red Scholar")
    assert hall(state, 0) == {"Scholar": ["red"], "Hunter": ["red", "blue"]}


SCHOLARS = ["red Scholar", "blue Scholar", "yellow Scholar", "purple Scholar"]
