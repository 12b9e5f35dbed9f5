"""The effect engine (GL-104 to GL-110, spec §15.6, DESIGN.md §8): each primitive on its own, the lasting triggers,
the "?" conditions, and the second-place tokens."""

from __future__ import annotations

import pytest
from gl_helpers import (
    GH,
    PL,
    card_index,
    cleared,
    figures,
    first_card_with,
    give_cards,
    make_master,
    put,
    run,
    with_symbol,
    without_symbol,
)

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT, SYMBOL_BIT
from guildtable.games.guilds_of_london.flow import gain
from guildtable.games.guilds_of_london.rules import GuildsState

RED, BLUE = 1, 2


def effect(kind: str, **params: object) -> int:
    return next(
        e.index for e in CONTENT.effects if e.kind == kind and all(getattr(e, k) == v for k, v in params.items())
    )


def resolve(state: GuildsState, index: int, seat: int = RED, mask: int = ALL_SYMBOLS) -> None:
    run(state, Q.ApplyEffect(seat, index, mask, None))


def test_gl_104_vp_effect_and_stacking() -> None:
    """GL-104: VP, with the marker on top of its new space."""
    state = cleared(3)
    gain(state, BLUE, 2, "test", [])
    resolve(state, effect("vp", amount=2))
    assert state.vp[RED] == 2 and state.order()[0] == RED


def test_gl_105_move_effect_any_unscored_tile_including_from_a_master_tile() -> None:
    """GL-105, Q-G1, Q-G2: move one figure (a master too) to any other unscored tile, no symbol needed."""
    state = cleared(3)
    home = state.in_play[0]
    make_master(state, RED, home)
    resolve(state, effect("move", count=1, symbol_restricted=False, up_to=False))
    assert state.legal_actions() == [A.SOURCE + home]
    state.apply(A.SOURCE + home)
    destinations = {a - A.DEST for a in state.legal_actions()}
    assert destinations == {t for t in state.in_play if not state.back[t]}
    state.apply(A.DEST + state.in_play[1])
    assert figures(state, state.in_play[1])[RED] == 1 and state.master_of(home) == -1


def test_move_symbol_restricted_uses_the_card_symbols() -> None:
    """DESIGN.md §8: a restricted move reaches only tiles showing a symbol of the card (or the token)."""
    state = cleared(3)
    put(state, RED, GH)
    resolve(state, effect("move", count=1, symbol_restricted=True, up_to=False), mask=SYMBOL_BIT["anchor"])
    state.apply(A.SOURCE + GH)
    assert all(CONTENT.tiles[a - A.DEST].front & SYMBOL_BIT["anchor"] for a in state.legal_actions())


def test_move_up_to_may_stop_and_moves_one_at_a_time() -> None:
    """DESIGN.md §8 `up_to`: 0…count moves, each its own question; stop ends the series."""
    state = cleared(3)
    put(state, RED, GH, 3)
    resolve(state, effect("move", count=3, symbol_restricted=False, up_to=True))
    assert A.STOP in state.legal_actions()
    state.apply(A.SOURCE + GH)
    state.apply(A.DEST + state.in_play[0])
    assert isinstance(state.stack[-1], Q.MoveFrom) and state.stack[-1].remaining == 2
    state.apply(A.STOP)
    assert state.is_terminal and figures(state, GH)[RED] == 2


def test_gl_107_recruit_and_recruit_onto_the_plantation() -> None:
    """GL-107; DESIGN.md `recruit.destination`."""
    state = cleared(3)
    resolve(state, effect("recruit", count=2, to_plantation=False))
    assert figures(state, GH)[RED] == 2
    resolve(state, effect("recruit", count=2, to_plantation=True))
    assert figures(state, PL)[RED] == 2 and state.supply[RED] == 12


def test_gl_108_to_plantation_from_a_tile_or_the_guildhall() -> None:
    """GL-108, Q-G5: one figure (a master too) onto the plantation; never from the plantation itself."""
    state = cleared(3)
    home = state.in_play[0]
    make_master(state, RED, home)
    put(state, RED, PL)
    resolve(state, effect("to_plantation", count=1, up_to=False))
    assert state.legal_actions() == [A.SOURCE + home]
    state.apply(A.SOURCE + home)
    assert figures(state, PL)[RED] == 2


def test_to_plantation_up_to() -> None:
    state = cleared(3)
    put(state, RED, GH, 2)
    resolve(state, effect("to_plantation", count=2, up_to=True))
    state.apply(A.SOURCE + GH)
    state.apply(A.STOP)
    assert figures(state, PL)[RED] == 1


def test_gl_109_draw_action_cards() -> None:
    """GL-109."""
    state = cleared(3)
    before = len(state.hands[RED])
    resolve(state, effect("draw_action", count=3))
    assert len(state.hands[RED]) == before + 3


def test_gl_106_reward_cards_choose_primitive() -> None:
    """GL-106: draw 2 keep 1, the other goes under the deck."""
    state = cleared(3)
    resolve(state, effect("reward_cards_choose", count=2))
    question = state.stack[-1]
    assert isinstance(question, Q.RewardKeep)
    drawn = question.cards
    state.apply(A.REWARD + drawn[1])
    assert state.rewards[RED][-1] == drawn[1] and state.reward_deck[0] == drawn[0]


def test_hand_limit_bonus_primitive_lasts_this_turn() -> None:
    """DESIGN.md §8: Charity raises the limit by 2 through this turn's check, then ends."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    charity = first_card_with("charity")
    give_cards(state, seat, [charity, 1, 2, 3, 4, 5, 6, 7])
    state.apply(A.PLAY + card_index(charity) * 3 + A.EFFECT)
    assert state.hand_limit(seat) == 9
    state.apply(A.STOP)  # 7 + 1 (end of turn) + 2 = 10 cards, limit 9
    assert isinstance(state.stack[-1], Q.HandLimit)
    state.apply(state.legal_actions()[0])
    assert len(state.hands[seat]) == 9 and state.hand_limit(seat) == 7


def test_move_beadle_primitive() -> None:
    """DESIGN.md §8 `move_beadle`: to any other unscored tile of the player's choice."""
    state = cleared(3)
    state.beadle = state.in_play[0]
    resolve(state, effect("move_beadle"))
    assert A.DEST + state.in_play[0] not in state.legal_actions()
    state.apply(A.DEST + state.in_play[3])
    assert state.beadle == state.in_play[3]


def test_each_time_recruit_apprentices() -> None:
    """`each_time:recruit`: Apprentices gives 1 VP per recruited liveryman this turn."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    apprentices, harvest = first_card_with("apprentices"), first_card_with("harvest_hands")
    give_cards(state, seat, [apprentices, harvest, 90])
    state.apply(A.PLAY + card_index(apprentices) * 3 + A.EFFECT)
    state.apply(A.DISCARD + card_index(90))
    state.apply(A.PLAY + card_index(harvest) * 3 + A.EFFECT)
    assert state.vp[seat] == 2


def test_each_time_to_plantation_colonial_charter_chains_to_recruit() -> None:
    """`each_time:to_plantation`: Colonial Charter recruits 1 each time a liveryman arrives on the plantation."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    charter, indenture = first_card_with("colonial_charter"), first_card_with("indenture")
    give_cards(state, seat, [charter, indenture])
    state.apply(A.PLAY + card_index(charter) * 3 + A.EFFECT)
    state.apply(A.PLAY + card_index(indenture) * 3 + A.EFFECT)
    assert figures(state, PL)[seat] == 1 and figures(state, GH)[seat] == 1


def test_condition_destination_has_symbol_livery_dinner() -> None:
    """`destination_has_symbol`: Livery Dinner's VP only for moves onto a crown tile."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, GH, 2)
    dinner = first_card_with("livery_dinner")
    give_cards(state, seat, [dinner])
    state.apply(A.PLAY + card_index(dinner) * 3 + A.EFFECT)
    state.apply(A.SOURCE + GH)
    crown = [a for a in state.legal_actions() if CONTENT.tiles[a - A.DEST].front & SYMBOL_BIT["crown"]]
    assert crown
    state.apply(crown[0])
    assert state.vp[seat] == 1


def test_condition_controls_tile_with_symbol_harvest_home() -> None:
    """`controls_tile_with_symbol`: Harvest Home recruits 2 more for a master on a scythe tile."""
    for master, expected in ((False, 1), (True, 3)):
        state = cleared(3)
        seat = state.current_player
        assert seat is not None
        if master:
            make_master(state, seat, with_symbol(state, "scythe"))
        home = first_card_with("harvest_home")
        give_cards(state, seat, [home])
        state.apply(A.PLAY + card_index(home) * 3 + A.EFFECT)
        assert figures(state, GH)[seat] == expected


def test_condition_controls_at_least_banquet() -> None:
    """`controls_at_least`: the Banquet's extra 2 VP with 3 masters."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    for tile in state.in_play[:3]:
        make_master(state, seat, tile)
    banquet = first_card_with("banquet")
    give_cards(state, seat, [banquet])
    state.apply(A.PLAY + card_index(banquet) * 3 + A.EFFECT)
    assert state.vp[seat] == 3


@pytest.mark.parametrize(("cards", "extra"), [(1, 0), (3, 4)])
def test_condition_cards_played_at_least_almshouse(cards: int, extra: int) -> None:
    """`cards_played_at_least` (end of turn): Almshouse draws 4 if 3 cards were played."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    almshouse = first_card_with("almshouse")
    give_cards(state, seat, [almshouse, 90, 93])
    state.apply(A.PLAY + card_index(almshouse) * 3 + A.EFFECT)
    for number in (90, 93)[: cards - 1]:
        state.apply(A.PLAY + card_index(number) * 3 + A.RECRUIT)
    left = len(state.hands[seat])
    state.apply(A.STOP)
    assert len(state.hands[seat]) == left + extra + 2


def test_d38_token_immediate_kept_passive_and_spend_later() -> None:
    """GL-D38, DESIGN.md §7.1: immediate tokens resolve when taken; the Ledger raises the hand limit while kept; a
    pass is spent on the holder's turn for its effect and goes back face down."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    ledger = next(k.index for k in CONTENT.tokens if k.id == "tok_ledger")
    state.kept[seat] = [ledger]
    assert state.hand_limit(seat) == 8
    ship = next(k.index for k in CONTENT.tokens if k.id == "tok_ship")
    state.kept[seat].append(ship)
    put(state, seat, GH)
    assert A.TOKEN + ship in state.legal_actions() and A.TOKEN + ledger not in state.legal_actions()
    state.apply(A.TOKEN + ship)
    state.apply(A.SOURCE + GH)
    assert figures(state, PL)[seat] == 1 and ship in state.token_supply
    assert A.PASS in state.legal_actions()  # spending a token is not a card play


def test_token_guild_pass_moves_to_its_symbol() -> None:
    """A guild pass token moves one liveryman from the Guildhall to a tile showing its symbol, and nowhere else."""
    anchor = next(t.index for t in CONTENT.tiles if t.kind == "guild" and t.front & SYMBOL_BIT["anchor"])
    church = A.TILE_OF_ID["church_st_lawrence_jewry"]
    pool = [anchor, *(t.index for t in CONTENT.tiles if t.index not in (anchor, church))]
    state = cleared(3, tile_pool=[CONTENT.tiles[t].id for t in pool])  # the anchor tile is drawn first
    seat = state.current_player
    assert seat is not None
    kind = next(k for k in CONTENT.tokens if k.id == "tok_pass_anchor")
    state.kept[seat] = [kind.index]
    put(state, seat, GH)
    state.apply(A.TOKEN + kind.index)
    state.apply(A.SOURCE + GH)
    assert A.DEST + anchor in state.legal_actions()
    assert all(CONTENT.tiles[a - A.DEST].front & SYMBOL_BIT["anchor"] for a in state.legal_actions())
    assert without_symbol(state, "anchor") + A.DEST not in state.legal_actions()


def test_token_immediate_effect_on_second_place() -> None:
    state = cleared(3)
    tile = state.in_play[0]
    state.token[tile] = next(k.index for k in CONTENT.tokens if k.id == "tok_recruit2")
    run(state, Q.SecondPlace(BLUE, tile))
    assert figures(state, GH)[BLUE] == 2


def test_gl_110_general_symbols_are_content_vocabulary() -> None:
    """GL-110: "each time", "end of turn" and "?" are the TriggeredEffect triggers and conditions of the data."""
    triggers = {t.trigger for c in CONTENT.cards for t in c.effect}
    assert triggers == {"immediate", "each_time", "end_of_turn"}
    assert any(t.condition for c in CONTENT.cards for t in c.effect)
