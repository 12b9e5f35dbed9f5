"""Bad input: illegal moves raise IllegalAction naming the rule and change nothing; unreadable notation and malformed
JSON actions and snapshots are refused with a clear message."""

from __future__ import annotations

import json

import pytest
from gl_helpers import GH, card_index, cleared, first_card_with, give_cards, play, put, with_symbol

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.kernel import BadOptions, BadRecord, IllegalAction
from guildtable.kernel.conformance import canonical


def refused(state, action: int, rule: str) -> None:  # type: ignore[no-untyped-def]
    before = canonical(state.snapshot())
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert error.value.rule == rule
    assert canonical(state.snapshot()) == before


def test_move_to_a_scored_tile_is_refused() -> None:
    """GL-61, GL-D21."""
    state = cleared(3)
    seat = state.current_player
    put(state, seat, GH)
    give_cards(state, seat, [1])  # compasses
    target = with_symbol(state, "compasses")
    other = with_symbol(state, "compasses", exclude=(target,))
    state.back[target] = 1
    play(state, seat, 1, A.MOVE)
    state.apply(A.SOURCE + GH)
    refused(state, A.DEST + target, "GL-61")
    assert A.DEST + other in state.legal_actions()


def test_move_to_the_guildhall_or_plantation_cannot_even_be_named() -> None:
    """GL-22, GL-D21: the Guildhall and the plantation are never destinations."""
    state = cleared(3)
    for text in ("to guildhall", "to plantation"):
        with pytest.raises(IllegalAction):
            state.action_from_notation(text)


def test_unpaid_cost_is_refused() -> None:
    """GL-63: an effect whose coins cannot be paid is not available."""
    state = cleared(3)
    seat = state.current_player
    tithe = first_card_with("great_tithe")  # 2 coins
    give_cards(state, seat, [tithe, 1])
    refused(state, A.PLAY + card_index(tithe) * 3 + A.EFFECT, "GL-63")


def test_paying_with_a_card_not_in_hand_is_refused() -> None:
    state = cleared(3)
    seat = state.current_player
    benefice = first_card_with("benefice")  # 1 coin
    give_cards(state, seat, [benefice, 1])
    state.apply(A.PLAY + card_index(benefice) * 3 + A.EFFECT)
    refused(state, A.DISCARD + card_index(2), "GL-63")
    refused(state, A.DISCARD + card_index(benefice), "GL-63")  # the played card itself is not a coin


def test_recruit_from_an_empty_supply_is_refused() -> None:
    """GL-D22."""
    state = cleared(3)
    seat = state.current_player
    put(state, seat, GH, 16)
    give_cards(state, seat, [1])
    refused(state, A.PLAY + card_index(1) * 3 + A.RECRUIT, "GL-D22")


def test_playing_a_card_not_in_hand_names_only_that_card() -> None:
    state = cleared(3)
    seat = state.current_player
    give_cards(state, seat, [1])
    with pytest.raises(IllegalAction) as error:
        state.apply(A.PLAY + card_index(50) * 3)
    assert "#50" in error.value.message and "#1 " not in error.value.message


def test_pass_after_playing_and_stop_before_playing_are_refused() -> None:
    state = cleared(3)
    seat = state.current_player
    give_cards(state, seat, [1, 2])
    refused(state, A.STOP, "GL-58")
    play(state, seat, 1, A.RECRUIT)
    refused(state, A.PASS, "GL-58")


def test_negotiating_against_oneself_is_refused() -> None:
    from gl_helpers import run

    from guildtable.games.guilds_of_london import questions as Q

    state = cleared(3)
    target = state.in_play[0]
    put(state, 1, target, 3)
    put(state, 2, target, 2)
    state.neutrals = [0, 2, 0]
    run(state, Q.Negotiate(1, target))
    refused(state, A.NEUTRAL + 1, "GL-D12")
    refused(state, A.NEUTRAL + 0, "GL-D12")


@pytest.mark.parametrize("text", ["", "fly #3", "move #999", "move twelve", "to nowhere", "neutral purple", "a b c"])
def test_unreadable_notation(text: str) -> None:
    state = cleared(3)
    with pytest.raises(IllegalAction):
        state.action_from_notation(text)


def test_json_actions_round_trip_and_bad_json_is_refused() -> None:
    state = cleared(3)
    for action in state.legal_actions():
        assert state.action_from_json(state.action_to_json(action)) == action
    for bad in ({}, {"type": 3}, {"type": "move", "what": 5}, []):
        with pytest.raises(IllegalAction):
            state.action_from_json(bad)  # type: ignore[arg-type]


def test_bad_options_and_snapshots() -> None:
    with pytest.raises(BadOptions):
        GAME.new_state(3, options={"compass_rotation": 45})
    with pytest.raises(BadOptions):
        GAME.new_state(3, options={"speed": 1})
    with pytest.raises(BadRecord):
        GAME.new_state(5)
    data = json.loads(json.dumps(GAME.new_state(3, seed=1).snapshot()))
    for field, value in (("fig", "x"), ("pending", [["warp", 0, []]]), ("hands", [[1], [2]]), ("game", "chess")):
        broken = dict(data, **{field: value})
        with pytest.raises(BadRecord):
            GAME.from_snapshot(broken)
