"""Rounds, turn order and a player's turn (GL-46 to GL-68, GL-D9, GL-D10, GL-D21 to GL-D27)."""

from __future__ import annotations

import pytest
from gl_helpers import (
    GH,
    PL,
    card_index,
    cleared,
    ensure_in_play,
    figures,
    first_card_with,
    give_cards,
    make_master,
    play,
    put,
    run,
    turn_of,
    with_symbol,
    without_symbol,
)

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT, SYMBOL_BIT
from guildtable.games.guilds_of_london.flow import gain
from guildtable.kernel import IllegalAction

SCYTHE_PLAIN = 84  # plain compasses + scythe card
SCYTHE_CARD = 46  # Harvest Hands, scythe only


def test_gl_t1_50_51_turn_order_by_vp_then_stack() -> None:
    """GL-T1, GL-50, GL-51, GL-54: Blue 6, Yellow 4 (arrived after Green), Green 4 → Blue, Yellow, Green."""
    state = cleared(4)
    green, red, blue, yellow = 0, 1, 2, 3
    gain(state, red, 1, "test", [])
    gain(state, green, 4, "test", [])
    gain(state, yellow, 4, "test", [])
    gain(state, blue, 6, "test", [])
    assert state.order()[:3] == [blue, yellow, green]


def test_gl_d10_moving_back_puts_the_marker_on_top() -> None:
    """GL-D10: a marker that lands on an occupied space goes on top, also when VP fall."""
    state = cleared(3)
    gain(state, 0, 3, "test", [])
    gain(state, 1, 5, "test", [])
    gain(state, 1, -2, "test", [])
    assert state.order()[:2] == [1, 0]


def test_gl_t25_53_order_recomputed_after_each_turn_nobody_twice() -> None:
    """GL-T25, GL-53: A 5, B 3, C 1; during A's turn C reaches 4 → after A comes C, then B; A never again."""
    state = cleared(3)
    a, b, c = 0, 1, 2
    for seat, vp in ((a, 5), (b, 3), (c, 1)):
        gain(state, seat, vp, "test", [])
    for seat in (a, b, c):
        give_cards(state, seat, [])
    state.taken = 0
    run(state, Q.NextTurn(-1))
    assert state.current_player == a
    gain(state, c, 3, "effect", [])
    state.apply(A.PASS)
    assert state.current_player == c
    state.apply(A.PASS)
    assert state.current_player == b
    state.apply(A.PASS)
    assert state.round == 2  # the round ended: A did not get a second turn


def test_gl_46_47_round_counts_and_phases() -> None:
    """GL-46, GL-47, GL-49: 12/15/16 rounds; a game of passes runs them all and ends on the last."""
    for players, rounds in ((2, 16), (3, 15), (4, 12)):
        state = cleared(players, seed=1)
        while not state.is_terminal:
            state.apply(state.legal_actions()[0])
        assert state.round == rounds


def test_gl_55_56_t17_pass_draws_four() -> None:
    """GL-55, GL-56, GL-T17: a pass draws 4."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, [1])
    state.apply(A.PASS)
    assert len(state.hands[seat]) == 5


def test_gl_57_58_t17_play_then_stop_draws_two() -> None:
    """GL-57, GL-58, GL-65, GL-T17: played cards go to the discard pile, then 2 are drawn."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, [1, 2, 3])
    play(state, seat, 1, A.RECRUIT)
    assert state.legal_actions()[0] == A.STOP and A.PASS not in state.legal_actions()
    state.apply(A.STOP)
    assert len(state.hands[seat]) == 2 + 2
    assert card_index(1) in state.discard


def test_gl_59_d9_t17_no_draw_in_the_last_round() -> None:
    """GL-59, GL-D9, GL-T17: in round R(N) nobody draws, passing or playing."""
    state = cleared(4)
    state.round = 12
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, [1, 2])
    state.apply(A.PASS)
    assert len(state.hands[seat]) == 2
    other = state.current_player
    assert other is not None
    give_cards(state, other, [3, 4])
    play(state, other, 3, A.RECRUIT)
    state.apply(A.STOP)
    assert len(state.hands[other]) == 1


def test_gl_60_recruit_any_card_to_the_guildhall() -> None:
    """GL-60: any card recruits one liveryman from the supply onto the Guildhall."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, [90])
    play(state, seat, 90, A.RECRUIT)
    assert figures(state, GH)[seat] == 1 and state.supply[seat] == 15


def test_gl_d22_recruit_needs_a_liveryman_in_the_supply() -> None:
    """GL-D22: with an empty supply the recruit use is illegal; move and effect remain."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, [46])
    put(state, seat, GH, 16)
    with pytest.raises(IllegalAction) as error:
        play(state, seat, 46, A.RECRUIT)
    assert error.value.rule == "GL-D22"
    assert A.PLAY + card_index(46) * 3 + A.EFFECT in state.legal_actions()


def test_gl_t3_61_move_needs_a_matching_unscored_tile() -> None:
    """GL-T3, GL-61, GL-D21: a scythe card moves to an unscored tile showing a scythe only; anchor-only and scored
    tiles are refused; the card is discarded."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, GH)
    give_cards(state, seat, [SCYTHE_CARD])
    target = with_symbol(state, "scythe")
    plain = without_symbol(state, "scythe")
    scored = with_symbol(state, "scythe", exclude=(target,))
    state.back[scored] = 1
    play(state, seat, SCYTHE_CARD, A.MOVE)
    assert card_index(SCYTHE_CARD) in state.discard
    state.apply(A.SOURCE + GH)
    for bad in (plain, scored):
        with pytest.raises(IllegalAction) as error:
            state.apply(A.DEST + bad)
        assert error.value.rule == "GL-61"
    state.apply(A.DEST + target)
    assert figures(state, target)[seat] == 1


def test_gl_d36_two_symbol_card_matches_either_symbol() -> None:
    """GL-D36, GL-D21: a card with two symbols may move to a tile showing either."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, GH)
    give_cards(state, seat, [SCYTHE_PLAIN])  # compasses + scythe
    play(state, seat, SCYTHE_PLAIN, A.MOVE)
    state.apply(A.SOURCE + GH)
    destinations = {a - A.DEST for a in state.legal_actions()}
    mask = SYMBOL_BIT["compasses"] | SYMBOL_BIT["scythe"]
    assert destinations == {t for t in state.in_play if CONTENT.tiles[t].front & mask}


def test_gl_d21_plantation_is_never_a_move_source() -> None:
    """GL-61, GL-D21: a liveryman on the plantation cannot move."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, PL)
    give_cards(state, seat, [1])
    assert A.PLAY + card_index(1) * 3 + A.MOVE not in state.legal_actions()


def test_gl_t26_d18_master_moving_away_leaves_tile_uncontrolled() -> None:
    """GL-T26, GL-D18: the tile stays master side but nobody controls it; the piece is an ordinary liveryman."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    home = with_symbol(state, "compasses")
    make_master(state, seat, home)
    give_cards(state, seat, [1])  # Quick Step: compasses
    play(state, seat, 1, A.MOVE)
    state.apply(A.SOURCE + home)
    target = state.legal_actions()[0] - A.DEST
    state.apply(A.DEST + target)
    assert state.back[home] == 1 and state.master_of(home) == -1
    assert state.controlled(seat) == []
    assert figures(state, target)[seat] == 1 and not state.back[target]


def test_gl_t4_62_63_coins_are_other_cards() -> None:
    """GL-T4, GL-62, GL-63, Q-T4: a 2-coin effect needs 2 other cards, chosen by the player; with only 1 other card
    the effect use is unavailable but recruit and move remain."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, GH)
    great_muster = first_card_with("great_muster")  # 2 coins, recruit 4
    give_cards(state, seat, [great_muster, 1])
    legal = state.legal_actions()
    base = A.PLAY + card_index(great_muster) * 3
    assert base + A.EFFECT not in legal and base + A.RECRUIT in legal
    with pytest.raises(IllegalAction) as error:
        state.apply(base + A.EFFECT)
    assert error.value.rule == "GL-63"
    give_cards(state, seat, [great_muster, 1, 2])
    state.apply(base + A.EFFECT)
    assert isinstance(state.stack[-1], Q.Pay)
    assert card_index(great_muster) in state.in_front
    state.apply(A.DISCARD + card_index(2))
    state.apply(A.DISCARD + card_index(1))
    assert figures(state, GH)[seat] == 1 + 4
    assert state.hands[seat] == []


def test_gl_d23_return_liverymen_cost_excludes_masters() -> None:
    """GL-D23: Civic Pride returns a liveryman from the Guildhall, a front tile or the plantation, not a master."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    civic = first_card_with("civic_pride")
    give_cards(state, seat, [civic])
    home = state.in_play[0]
    make_master(state, seat, home)
    base = A.PLAY + card_index(civic) * 3
    assert base + A.EFFECT not in state.legal_actions()
    put(state, seat, PL)
    state.apply(base + A.EFFECT)
    assert state.legal_actions() == [A.SOURCE + PL]
    state.apply(A.SOURCE + PL)
    assert state.vp[seat] == 3 and state.supply[seat] == 15


def test_gl_64_d25_lasting_effects_end_with_the_turn() -> None:
    """GL-64, GL-D25: Waymarks gives 1 VP per move this turn, and not after."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, GH, 2)
    waymarks = first_card_with("waymarks")  # 1 coin
    give_cards(state, seat, [waymarks, 2, 3, 4])
    state.apply(A.PLAY + card_index(waymarks) * 3 + A.EFFECT)
    state.apply(A.DISCARD + card_index(4))
    play(state, seat, 2, A.MOVE)
    state.apply(A.SOURCE + GH)
    state.apply(state.legal_actions()[0])
    assert state.vp[seat] == 1
    state.apply(A.STOP)
    assert state.lasting == []


def test_gl_65_d25_end_of_turn_effects_before_discard_and_draw() -> None:
    """GL-65, GL-D25: Alms draws 2 at the end of the turn, before the 2-card draw; cards in front are discarded."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    alms = first_card_with("alms")
    give_cards(state, seat, [alms])
    state.apply(A.PLAY + card_index(alms) * 3 + A.EFFECT)
    assert state.in_front == [card_index(alms)]
    state.apply(A.STOP)
    assert len(state.hands[seat]) == 4
    assert card_index(alms) in state.discard


def test_gl_66_d26_empty_deck_reshuffles_discard_then_draws_what_exists() -> None:
    """GL-66, GL-D26."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    everything = state.deck + [c for h in state.hands for c in h]
    state.hands = [[], [], []]
    state.deck = []
    state.discard = everything[:3]
    state.hands[(seat + 1) % 3] = everything[3:]
    state.apply(A.PASS)
    assert len(state.hands[seat]) == 3 and state.discard == [] and state.deck == []


def test_gl_67_t16_hand_limit_with_university_master() -> None:
    """GL-67, GL-T16: 9 cards: the University master discards 1 (limit 8), another player 2 (limit 7)."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    university = ensure_in_play(state, "university_of_london")
    make_master(state, seat, university)
    give_cards(state, seat, list(range(1, 6)))
    state.round = state.track.rounds - 1
    state.apply(A.PASS)  # 5 + 4 = 9 cards
    assert isinstance(state.stack[-1], Q.HandLimit)
    state.apply(state.legal_actions()[0])
    assert len(state.hands[seat]) == 8 and not isinstance(state.stack[-1], Q.HandLimit)
    other = state.current_player
    assert other is not None
    give_cards(state, other, list(range(10, 15)))
    state.apply(A.PASS)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert len(state.hands[other]) == 7


def test_gl_68_t18_cards_drawn_outside_the_turn_wait_for_the_check() -> None:
    """GL-68, GL-109, GL-T18: 7 cards + "draw 2" during scoring = 9 until the end of the holder's next turn."""
    state = cleared(3)
    seat = 1
    give_cards(state, seat, list(range(1, 8)))
    draw_two = next(e.index for e in CONTENT.effects if e.kind == "draw_action" and e.count == 2)
    run(state, Q.ApplyEffect(seat, draw_two, 31, None))
    assert len(state.hands[seat]) == 9
    assert state.is_terminal  # nothing asked: no hand-limit check outside the turn


def test_gl_t15_107_recruit_takes_what_is_left() -> None:
    """GL-T15, GL-107: recruit 3 with 1 in the supply moves that 1."""
    state = cleared(3)
    put(state, 0, GH, 15)
    recruit_three = next(e.index for e in CONTENT.effects if e.kind == "recruit" and e.count == 3)
    run(state, Q.ApplyEffect(0, recruit_three, 31, None))
    assert figures(state, GH)[0] == 16 and state.supply[0] == 0


def test_gl_d24_effect_resolves_as_far_as_possible() -> None:
    """GL-D24: a move effect with no legal move does nothing; the card was still played."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    quick = first_card_with("escort")  # move 1, then draw 1
    give_cards(state, seat, [quick])
    state.apply(A.PLAY + card_index(quick) * 3 + A.EFFECT)  # nothing of ours can move
    assert isinstance(state.stack[-1], Q.Turn) and len(state.hands[seat]) == 1


def test_gl_d27_discard_pile_is_public() -> None:
    """GL-D27: discarded cards are visible to everyone."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, [5])
    play(state, seat, 5, A.RECRUIT)
    for viewer in (0, 1, 2, None):
        assert state.view(viewer)["discard"] == [5]


def test_turn_of_helper_sets_up_a_turn() -> None:
    state = cleared(3)
    turn_of(state, 2)
    assert state.current_player == 2 and A.PASS in state.legal_actions()
