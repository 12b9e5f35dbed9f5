"""Issue 37: a Guildhall position rebuilt from one seat's view (what a remote bot thinks on) shows that seat the very
view it was built from, offers it the same moves, lets a bot choose, and is the same whatever the hidden cards really
were."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from guildtable.bots import make_bot
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.kernel import BadRecord, Rng
from guildtable.kernel.i18n import use_language
from guildtable.kernel.registry import get_game

GAME = get_game("guildhall")
HARD = "hard:iterations=50,ms=0"


def plain(value: Any) -> Any:
    """As it crosses the network."""
    return json.loads(json.dumps(value))


def rebuilt(state: GuildhallState, seat: int, seed: int) -> GuildhallState:
    view = plain(state.view(seat))
    position = GAME.seat_state(view, Rng(seed))
    assert isinstance(position, GuildhallState)
    assert plain(position.view(seat)) == view
    return position


def playout(players: int, seed: int, steps: int = 400, **options: object) -> list[GuildhallState]:
    """The positions of a random game (its first `steps` moves)."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed=seed, options=options)
    assert isinstance(state, GuildhallState)
    positions = [state.clone()]
    while not state.is_terminal and len(positions) <= steps:
        state.apply(rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2), (3, 3), (4, 4), (4, 5)])
def test_the_rebuilt_position_shows_the_seat_its_view_and_offers_its_moves(players: int, seed: int) -> None:
    """At every position, for every seat: the same view (hands GH-21, the pile GH-20, GH-D18, what the seat put back
    GH-D20, a robbed hand GH-69), and for the seat on turn the same legal answers to the same open question."""
    rng = random.Random(seed)
    for state in playout(players, seed):
        for seat in range(players):
            position = rebuilt(state, seat, rng.randrange(1 << 30))
            if state.current_player == seat:
                assert position.legal_actions() == state.legal_actions()
                assert type(position.question) is type(state.question)


def test_per_value_removal_is_read_off_the_view() -> None:
    """GH-D3: with the per-value removal the view only counts the removed prestige cards; they are drawn."""
    rng = random.Random(9)
    for state in playout(2, 9, steps=120, small_game_removal="per_value"):
        position = rebuilt(state, 0, rng.randrange(1 << 30))
        assert position.options["small_game_removal"] == "per_value"
        assert len(position.removed) == len(state.removed)
        if state.current_player == 0:
            assert position.legal_actions() == state.legal_actions()


def test_options_the_view_shows_in_words_are_read_back() -> None:
    """GH-D1 and GH-D4 show only in a question's words (the Tax Collector's levels, the discard-and-draw prompt):
    the rebuild reads them back there; the options that show nowhere leave the seat's moves as they are."""
    options: dict[str, object] = {
        "tax_collector_model": "single_scaled",
        "discard_draw_caps_hand": False,
        "placement_order": "deck_order",
        "robber_random": "any_then_discard",
    }
    rng = random.Random(17)
    for players, seed in ((2, 17), (3, 18), (4, 19)):
        for state in playout(players, seed, steps=500, **options):
            seat = state.current_player
            if seat is None:
                continue
            position = rebuilt(state, seat, rng.randrange(1 << 30))
            assert position.legal_actions() == state.legal_actions()


def test_the_hard_questions_of_long_games_are_read_back() -> None:
    """The questions whose fields the view shows only in words or not at all (a Hunter's takes from the pile as it
    was, GH-80; a Peddler's level, GH-84 to GH-88; a target's purpose and level, GH-D13; the card paid for, GH-44; a
    completed-chapter cap with an ability unfinished beneath it, GH-53) come back with the real legal answers."""
    seen: Counter[str] = Counter()
    rng = random.Random(11)
    for seed in range(20, 32):
        for state in playout(2 + seed % 3, seed, steps=600):
            seat = state.current_player
            if seat is None or state.question is None:
                continue
            position = rebuilt(state, seat, rng.randrange(1 << 30))
            assert position.legal_actions() == state.legal_actions(), state.question
            seen[state.question.kind] += 1
    assert {"hunter_take", "target", "pay", "peddler_take", "robber_pick", "cap", "discard_top"} <= set(seen)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_choose_on_the_rebuilt_position(players: int) -> None:
    """A bot (the greedy one, and a short hard one) chooses a move the real position offers."""
    greedy, hard = make_bot("greedy"), make_bot(HARD)
    rng = random.Random(players)
    for index, state in enumerate(playout(players, 40 + players, steps=160)):
        seat = state.current_player
        if seat is None or index % 4:
            continue
        position = rebuilt(state, seat, rng.randrange(1 << 30))
        for bot in (greedy, hard) if index % 16 == 0 else (greedy,):
            assert bot.choose(position) in state.legal_actions()


def test_the_rebuild_reads_only_the_view() -> None:
    """Two real positions that differ only in what seat 0 cannot see (hands, the deck, the pile below its top, the
    prestige deck: `determinize`) show it the same view, and the same draw rebuilds the same position from both."""
    rng = random.Random(5)
    for index, state in enumerate(playout(3, 5, steps=200)):
        if index % 5:
            continue
        other = state.determinize(0, Rng(rng.randrange(1 << 30)))
        assert plain(other.view(0)) == plain(state.view(0))
        seed = rng.randrange(1 << 30)
        assert rebuilt(state, 0, seed).snapshot() == rebuilt(other, 0, seed).snapshot()


def test_the_hidden_cards_are_drawn_at_random() -> None:
    """Different draws give the other players different hands, from the cards the seat does not see (GH-1)."""
    state = playout(2, 3, steps=30)[-1]
    hands = {tuple(rebuilt(state, 0, seed).hands[1]) for seed in range(8)}
    assert len(hands) > 1
    for seed in range(8):
        position = rebuilt(state, 0, seed)
        assert Counter(position.hands[0]) == Counter(state.hands[0])


def test_a_spectators_view_rebuilds_nothing() -> None:
    view = plain(GAME.new_state(3, seed=1).view(None))
    with pytest.raises(BadRecord):
        GAME.seat_state(view, Rng(1))


def test_a_view_in_another_language_is_read_back_by_its_numbers() -> None:
    """A server may speak German to the seat while the bot's process speaks English: the open question is read back
    from its kind, context and the numbers of its prompt (cards left to take, a seat), with the same legal answers."""
    rng = random.Random(13)
    for state in playout(3, 13, steps=300):
        seat = state.current_player
        if seat is None:
            continue
        with use_language("de"):
            view = plain(state.view(seat))
        position = GAME.seat_state(view, Rng(rng.randrange(1 << 30)))
        assert position is not None
        assert position.legal_actions() == state.legal_actions()
