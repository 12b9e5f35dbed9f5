"""Setup (GH-9 to GH-18, GH-D3, GH-D23)."""

from __future__ import annotations

from collections import Counter

import pytest
from gh_positions import legal, play, scenario

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.content import CONTENT
from guildtable.kernel import BadRecord, IllegalAction


def test_gh_9_two_to_four_players() -> None:
    """GH-9."""
    for players in (2, 3, 4):
        assert GAME.new_state(players, seed=1).num_players == players
    for players in (1, 5):
        with pytest.raises(BadRecord):
            GAME.new_state(players, seed=1)


def test_gh_10_gh_13_gh_14_deal() -> None:
    """GH-10, GH-13, GH-14: 9 cards each from the shuffled deck, an empty discard pile, 0 VP."""
    state = GAME.new_state(4, seed=3)
    assert [len(hand) for hand in state.hands] == [9] * 4
    assert len(state.deck) == 120 - 36 and state.discard == []
    assert state.scores() == [0.0] * 4


def test_gh_11_gh_12_and_gh_d3_small_game_removal() -> None:
    """GH-11, GH-12, GH-D3: with 2–3 players two 5-VP cards and one of every other type go; 4 players use all."""
    kinds = CONTENT.prestige
    for players, removed in ((2, 10), (3, 10), (4, 0)):
        state = GAME.new_state(players, seed=2)
        assert len(state.removed) == removed
        assert len(state.row) == 5 and len(state.row) + len(state.prestige_deck) == 30 - removed
    state = GAME.new_state(2, seed=2)
    counts = Counter(kinds[k].type_id for k in state.removed)
    assert counts["p5_plain"] == 2 and all(counts[k.type_id] == 1 for k in kinds if k.vp != 5)
    assert len(state.view(1)["prestige_removed"]) == 10  # deterministic, so public
    per_value = GAME.new_state(2, seed=2, options={"small_game_removal": "per_value"})
    values = Counter(kinds[k].vp for k in per_value.removed)
    assert values[5] == 2 and all(values[v] == 1 for v in {k.vp for k in kinds} - {5})
    assert per_value.view(0)["prestige_removed"] == len(per_value.removed)  # random, so hidden


def test_gh_15_start_player() -> None:
    """GH-15: random from the seed unless the options or the setup fix it."""
    starts = {GAME.new_state(3, seed=seed).start_player for seed in range(30)}
    assert starts == {0, 1, 2}
    assert GAME.new_state(3, seed=5, options={"start_player": "2"}).current_player == 2
    assert GAME.new_state(3, seed=5, setup={"start_player": 1}).current_player == 1
    with pytest.raises(BadRecord):
        GAME.new_state(2, seed=5, options={"start_player": "3"})


def test_gh_16_gh_17_gh_d23_guildhall_preparation() -> None:
    """GH-16, GH-17, GH-D23: one discard-and-redraw to 9, then 3 pairwise non-identical cards, face up at once."""
    state = GAME.new_state(2, seed=4, options={"start_player": "0"})
    assert state.view(0)["decision"]["kind"] == "setup_discard"
    hand = state.view(0)["hand"]
    play(state, f"discard {hand[0]}", f"discard {hand[1]}")
    assert state.view(1)["players"][0]["hand_size"] == 7
    assert state.view(1)["players"][0]["selecting"] == 2
    assert "selected" not in state.view(1)
    play(state, "done")
    assert len(state.hands[0]) == 9
    assert state.view(1)["discard_top"] == hand[1]  # the last selected ends on top
    assert state.view(0)["decision"]["kind"] == "setup_place"
    first = state.view(0)["hand"][0]
    play(state, f"place {first}")
    assert state.view(1)["players"][0]["guildhall"]  # public at once (GH-17)
    assert f"place {first}" not in legal(state)  # no identical pair
    with pytest.raises(IllegalAction) as error:
        play(state, "discard-draw")
    assert error.value.rule == "GH-16"
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.current_player == 1 and state.view(1)["decision"]["kind"] == "setup_discard"


def test_gh_16_setup_refuses_identical_cards() -> None:
    """GH-16, GH-56: the three setup cards are pairwise non-identical."""
    state = scenario(
        hands={0: ["red Robber", "red Robber", "blue Robber"]},
        halls={0: ["red Robber"]},
        stack=[["setup_place", 0, 1]],  # one card already placed
    )
    assert legal(state) == {"place blue Robber"}
    with pytest.raises(IllegalAction) as error:
        play(state, "place red Robber")
    assert error.value.rule == "GH-56"
    with pytest.raises(IllegalAction) as error:
        play(state, "place green Hunter")
    assert error.value.rule == "GH-16"


def test_gh_18_setup_ends_with_six_cards_and_three_in_each_guildhall() -> None:
    """GH-18: after setup every hand holds 6 and every guildhall 3; the start player takes the first turn."""
    state = GAME.new_state(4, seed=9, options={"start_player": "2"})
    while state.turn == 0:
        state.apply(
            state.legal_actions()[-1]
            if state.view(None)["decision"]["kind"] == "setup_discard"
            else state.legal_actions()[0]
        )
    assert [len(hand) for hand in state.hands] == [6] * 4
    assert all(sum(len(c) for c in p["guildhall"].values()) == 3 for p in state.view(None)["players"])
    assert state.current_player == 2 and state.view(2)["decision"]["kind"] == "action"


def test_gh_setup_explicit_deck() -> None:
    """An explicit deck is dealt from the top, start player first."""
    from guildtable.games.guildhall.content import CARD_NAMES

    deck = [CARD_NAMES[c] for c in CONTENT.full_deck()]
    state = GAME.new_state(2, seed=1, setup={"deck": deck, "start_player": 1})
    assert state.view(1)["hand"] == sorted(deck[:9], key=lambda n: deck.index(n))
    with pytest.raises(BadRecord) as error:
        GAME.new_state(2, seed=1, setup={"deck": deck[:-1]})
    assert error.value.field == "setup.deck"
    with pytest.raises(BadRecord):
        GAME.new_state(2, seed=1, setup={"colour": 1})
