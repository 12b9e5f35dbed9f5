"""A table a newcomer can learn at (issue 13): the question (`prompt`), every answer's button (`action_label`) and
every refusal read as plain words — players by their display names, tiles and cards by name, never a rule ID, a raw
id or a short code — and the rule slips found on the way (GL-67 hand limit, GL-31/GL-106 reward cards, GL-105 move
reward)."""

from __future__ import annotations

import re

import pytest
from gl_helpers import GH, cleared, ensure_in_play, figures, fresh, give_cards, put, run

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel import IllegalAction
from guildtable.kernel.conformance import canonical
from guildtable.kernel.questions import Question
from guildtable.kernel.rng import Rng

RULE_ID = re.compile(r"\b(GL|Q)-\w*\d")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
QUOTED_CODE = re.compile(r"(^|\s)'[a-z]+ \d")  # 'move 1', 'recruit 2': the old short codes
NAMES = ("Ann", "Bob", "Cy", "Di")
RED, BLUE = 1, 2


def assert_plain(text: str) -> None:
    assert text and text.strip() == text, repr(text)
    assert not RULE_ID.search(text), text
    assert not SNAKE.search(text), text
    assert not QUOTED_CODE.search(text), text
    assert "#" not in text.replace("(#", ""), text  # card numbers only as "Name (#12)"


def positions(players: int, seed: int, every: int = 1) -> list[GuildsState]:
    """Copies of the positions of one random game (every `every`-th, and every non-turn question)."""
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, GuildsState)
    rng = Rng(seed * 31 + players)
    seen: list[GuildsState] = []
    step_number = 0
    while not state.is_terminal:
        if step_number % every == 0 or not isinstance(state.stack[-1], Q.Turn):
            seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        step_number += 1
    seen.append(state)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gl_55_57_82_106_prompts_and_labels_of_random_games_are_plain_words(players: int) -> None:
    """Q-S1, GL-55 to GL-67, GL-75, GL-82, GL-83, GL-105 to GL-108: every question of random games, and every legal
    answer's label, reads as words: no rule IDs, no ids, no short codes; the labels of one question differ."""
    kinds: set[type[Question]] = set()
    for seed in range(3):
        for state in positions(players, seed, every=3):
            prompt = state.prompt(NAMES)
            assert_plain(prompt)
            if state.is_terminal:
                assert prompt == "The game is over"
                continue
            kinds.add(type(state.stack[-1]))
            labels = [state.action_label(action, NAMES) for action in state.legal_actions()]
            for label in labels:
                assert_plain(label)
            assert len(set(labels)) == len(labels), labels
    assert {Q.SetupKeep, Q.Turn, Q.MoveFrom, Q.MoveTo, Q.HandLimit, Q.FirstReward} <= kinds


def test_gl_57_60_61_62_turn_labels_name_the_card_and_its_use() -> None:
    """GL-56 to GL-63: pass, and the three uses of a card, say what they do with the card's name and number."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    put(state, seat, GH)
    give_cards(state, seat, [1, 37])  # Quick Step (compasses), Tithe (1 coin)
    quick, tithe = A.CARD_OF_NUMBER[1], A.CARD_OF_NUMBER[37]
    assert state.action_label(A.PASS) == "Pass and draw 4 cards"
    assert state.action_label(A.PLAY + quick * 3 + A.RECRUIT) == "Recruit with Quick Step (#1)"
    assert state.action_label(A.PLAY + quick * 3 + A.MOVE) == (
        "Move with Quick Step (#1) to a tile showing the compasses symbol"
    )
    assert state.action_label(A.PLAY + tithe * 3 + A.EFFECT) == "Use the effect of Tithe (#37), paying 1 coin"
    state.apply(A.PLAY + quick * 3 + A.RECRUIT)
    assert state.action_label(A.STOP) == "Stop and draw 2 cards"
    assert "stop and draw 2 cards" in state.prompt()


def test_gl_59_last_round_labels_draw_nothing() -> None:
    """GL-59: in the last round passing and stopping draw no cards, and the words say so."""
    state = cleared(3)
    state.round = state.track.rounds
    assert state.action_label(A.PASS) == "Pass (no cards are drawn in the last round)"
    assert "no cards are drawn" in state.prompt()


def test_gl_105_move_prompt_and_labels_name_tiles() -> None:
    """GL-105, Q-G1, Q-G2: the move questions name the source and each destination tile by name."""
    state = cleared(3)
    lock = ensure_in_play(state, "lock_keepers")
    hops = ensure_in_play(state, "hop_pickers", keep=(lock,))
    put(state, RED, lock)
    run(state, Q.MoveFrom(RED, 31, 1, 0))
    assert state.action_label(A.SOURCE + lock) == "Move a figure from the Lock Keepers"
    state.apply(A.SOURCE + lock)
    assert state.prompt().startswith("Move your figure from the Lock Keepers: choose any other unscored tile")
    assert state.action_label(A.DEST + hops) == "Move a figure from the Lock Keepers to the Hop Pickers"


def test_gl_75_negotiation_names_players_by_display_name() -> None:
    """GL-75, GL-D12: the negotiation question and its answers name the other players by their display names."""
    state = cleared(3)
    target = state.in_play[0]
    put(state, RED, target, 2)
    put(state, BLUE, target, 1)
    state.neutrals = [2, 2, 2]
    run(state, Q.Negotiate(0, target))
    prompt = state.prompt(NAMES)
    assert "Bob's or Cy's liverymen" in prompt and "Red" not in prompt
    assert (
        state.action_label(A.NEUTRAL + RED, NAMES) == "Place a neutral to send one of Bob's liverymen to the Guildhall"
    )
    assert state.action_label(A.STOP, NAMES) == "Stop negotiating"
    assert "Red's" in state.action_label(A.NEUTRAL + RED)  # the seat names by default


def test_gl_31_106_reward_card_labels_use_card_names() -> None:
    """GL-31, GL-106: keeping and ordering reward cards name the cards, never their ids."""
    state = GAME.new_state(3, seed=1)
    for action in state.legal_actions():
        card = CONTENT.rewards[action - A.REWARD]
        assert state.action_label(action) == f"Keep '{card.name}'"
    state.stack.append(Q.RewardUnder(0, (0, 1)))
    assert state.action_label(A.REWARD + 1) == f"Put '{CONTENT.rewards[1].name}' under the reward deck"


def test_gl_82_first_place_question_names_the_tile_and_the_reward_in_words() -> None:
    """GL-82, GL-D16, Q-R1: the take-or-skip question says which tile was won and what the part of the reward does."""
    state = cleared(3)
    state.neutrals = [0, 0, 0]
    tile = ensure_in_play(state, "hourglass_makers")  # first: move 1, draw 3, 2 VP
    put(state, RED, tile, 3)
    run(state, Q.ScoreFrom(-1, 0, tuple(state.reading_order())))
    assert state.prompt() == (
        "You won first place on the Hourglass Makers. Take or skip this part of the reward: move 1 of your "
        "liverymen or masters to another unscored tile"
    )
    assert state.action_label(A.TAKE) == "Take: move 1 of your liverymen or masters to another unscored tile"
    assert state.action_label(A.SKIP) == "Skip this part"


# --- refusals --------------------------------------------------------------------------------------------------------


def refused(state: GuildsState, action: int, rule: str) -> str:
    before = canonical(state.snapshot())
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert error.value.rule == rule
    assert canonical(state.snapshot()) == before
    assert_plain(error.value.message)
    return error.value.message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gl_57_every_refusal_of_random_games_is_plain_words(players: int) -> None:
    """GL-57, GL-58, GL-61, GL-63, GL-67, GL-D12, GL-D21, GL-106 ...: whatever answer is refused, the message is the
    rule in plain words; the rule ID is only in the `rule` field."""
    rng = Rng(players)
    refusals = 0
    for state in positions(players, 7, every=5)[:-1]:
        legal = set(state.legal_actions())
        tries = [rng.below(A.NUM_ACTIONS) for _ in range(12)] + [A.PASS, A.STOP]
        for action in tries:
            if action in legal:
                continue
            reason = state.why_illegal(action)
            assert reason is not None
            rule, message = reason
            assert RULE_ID.fullmatch(rule), rule
            assert_plain(message)
            refusals += 1
    assert refusals > 100


def test_gl_67_a_bad_discard_at_the_hand_limit_cites_the_hand_limit() -> None:
    """GL-67 (not GL-63, coins): discarding a card that is not in the hand at the hand-limit check."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, list(range(1, 10)))
    state.stack.append(Q.HandLimit(seat))
    message = refused(state, A.DISCARD + A.CARD_OF_NUMBER[50], "GL-67")
    assert "hand limit" in message
    assert state.action_label(A.DISCARD + A.CARD_OF_NUMBER[1]) == "Discard Quick Step (#1)"


def test_gl_63_a_bad_coin_still_cites_the_coin_rule() -> None:
    """GL-63: paying a coin with a card not in the hand."""
    state = cleared(3)
    seat = state.current_player
    assert seat is not None
    give_cards(state, seat, [39, 1])  # Benefice costs 1 coin
    state.apply(A.PLAY + A.CARD_OF_NUMBER[39] * 3 + A.EFFECT)
    assert "coin" in refused(state, A.DISCARD + A.CARD_OF_NUMBER[2], "GL-63")


def test_gl_31_keeping_a_reward_card_not_dealt_says_so_with_the_rule() -> None:
    """GL-31, Q-S1: `keep` for a real card that was not dealt, and for a card that does not exist, both say plainly
    that it is not a card you may keep now, citing GL-31."""
    state = GAME.new_state(3, seed=1)
    assert isinstance(state, GuildsState)
    dealt = {CONTENT.rewards[c].id for c in state.rewards[state.stack[-1].seat]}
    other = next(card for card in CONTENT.rewards if card.id not in dealt)
    message = refused(state, state.action_from_notation(f"keep {other.id}"), "GL-31")
    assert message == f"'{other.name}' is not a reward card you may keep now: keep one of the 3 you were dealt"
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation("keep mayor_99")
    assert error.value.rule == "GL-31"
    assert error.value.message == "That card is not a reward card you may keep now: keep one of the 3 you were dealt"
    with pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "keep", "what": "mayor_99"})
    assert error.value.rule == "GL-31"


def test_gl_106_keeping_a_reward_card_not_drawn_says_so_with_the_rule() -> None:
    """GL-106, Q-G3: after drawing reward cards, keeping another card (real or not) is refused under GL-106."""
    state = fresh(3)
    seat = state.current_player
    assert seat is not None
    drawn = tuple(state.reward_deck[-2:])
    state.stack.append(Q.RewardKeep(seat, tuple(drawn)))
    other = next(c for c in range(A.N_REWARDS) if c not in drawn)
    assert "not a reward card you may keep now" in refused(state, A.REWARD + other, "GL-106")
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation("keep mayor_99")
    assert error.value.rule == "GL-106" and "not a reward card you may keep now" in error.value.message
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation("under nothing_here")
    assert error.value.rule == "GL-106"


def test_gl_105_move_reward_never_lands_on_the_tile_being_scored() -> None:
    """GL-105, GL-D21: the "move 1" first-place reward takes a figure to ANOTHER tile not yet scored; it may take one
    FROM the tile being scored. Rulebook (Belohnungen, "Zunftmitglied bewegen"): "Der Spieler bewegt 1 seiner
    Zunftmitglieder oder Meister von einem beliebigen Zunft- oder Gebäude-Plättchen oder der Zunfthalle auf ein
    beliebiges anderes, noch nicht gewertetes Zunft- oder Gebäude-Plättchen. Er kann ein Zunftmitglied von dem
    gerade gewerteten Plättchen bewegen, wenn er dies möchte." """
    state = cleared(3)
    state.neutrals = [0, 0, 0]
    tile = ensure_in_play(state, "hourglass_makers")  # minimum 3; first: move 1, draw 3, 2 VP
    put(state, RED, tile, 3)
    put(state, RED, GH, 1)
    run(state, Q.ScoreFrom(-1, 0, tuple(state.reading_order())))
    assert isinstance(state.stack[-1], Q.FirstReward)
    state.apply(A.TAKE)
    assert {A.SOURCE + tile, A.SOURCE + GH} <= set(state.legal_actions())  # from the scored tile: allowed
    state.apply(A.SOURCE + GH)
    destinations = {action - A.DEST for action in state.legal_actions()}
    assert tile not in destinations and destinations
    assert "which is being scored" in state.prompt()
    message = refused(state, A.DEST + tile, "GL-105")
    assert message.endswith("is being scored; the figure must go to another tile that is not yet scored")
    elsewhere = min(destinations)
    state.apply(A.DEST + elsewhere)
    assert figures(state, elsewhere)[RED] == 1


def test_gl_105_no_move_offered_when_the_scored_tile_is_the_only_unscored_one() -> None:
    """GL-105, GL-D24: with no other unscored tile, the move reward has nowhere to go and does nothing."""
    state = cleared(3)
    state.neutrals = [0, 0, 0]
    tile = ensure_in_play(state, "hourglass_makers")
    for other in state.in_play:
        if other != tile:
            state.back[other] = 1
    put(state, RED, tile, 3)
    run(state, Q.ScoreFrom(-1, 0, tuple(state.reading_order())))
    state.apply(A.TAKE)
    assert isinstance(state.stack[-1], Q.FirstReward) and state.stack[-1].part == 1  # straight on to "draw 3"


# --- the view's at-a-glance panel -------------------------------------------------------------------------------------


def test_gl_46_47_88_view_tells_rounds_left_and_the_next_growth_round() -> None:
    """GL-46, GL-47, GL-88, GL-D7: rounds left (this one included) and the grey round whose end brings the next
    growth phase; none once the game is over."""
    state = fresh(3)
    view = state.view(None)
    assert view["rounds_left"] == 15 and view["next_growth_round"] == 3
    for round_number, growth in ((3, 3), (4, 6), (13, 15), (15, 15)):
        state.round = round_number
        assert state.view(0)["next_growth_round"] == growth
    assert state.view(0)["rounds_left"] == 1
    two = fresh(2)
    assert two.view(None)["next_growth_round"] == 4 and two.view(None)["rounds_left"] == 16
    rng = Rng(3)
    while not two.is_terminal:
        two.apply(rng.choice(two.legal_actions()))
    assert two.view(None)["next_growth_round"] is None and two.view(None)["rounds_left"] == 0


def test_gl_67_view_shows_every_hand_limit_publicly() -> None:
    """GL-67, GL-D34: the hand limit of every player is public (7, 8 as master of the University of London), and a
    seat sees its own as `hand_limit`."""
    state = cleared(3)
    university = ensure_in_play(state, "university_of_london")
    state.back[university] = 1
    put(state, BLUE, university)
    assert state.view(None)["hand_limits"] == [7, 7, 8]
    assert state.view(None)["hand_limit"] is None
    assert state.view(BLUE)["hand_limit"] == 8


def test_gl_15_82_83_view_gives_each_tile_its_rewards_in_words() -> None:
    """GL-15, GL-82, GL-83, GL-90: every city tile carries its first- and second-place rewards as sentences (the same
    words as the glossary), and the plantation its left and right rewards."""
    state = fresh(4)
    glossary = GAME.glossary()
    view = state.view(None)
    for tile in view["city"]:
        details = {detail.label: detail.text for detail in glossary[tile["id"]].details}
        assert tile["first_text"] == details["First place"]
        assert tile["second_text"] == details["Second place"]
        assert_plain(tile["first_text"])
        assert_plain(tile["second_text"])
        assert tile["short_name"] and not tile["short_name"].startswith("The Worshipful")
    side = CONTENT.plantations[state.plantation]
    details = {detail.label: detail.text for detail in glossary[f"plantation:{side.side}"].details}
    assert view["plantation"]["left_text"] == details["Left reward (most liverymen)"]
    assert view["plantation"]["right_text"] == details["Right reward (second most)"]


def test_gl_42_43_the_new_view_fields_are_the_same_for_every_seat() -> None:
    """GL-42 to GL-44: what the at-a-glance panel reads is public: the same for every seat and a spectator; hands
    (with their card texts) only for their owner."""
    state = fresh(3)
    public_keys = ("rounds_left", "next_growth_round", "hand_limits", "turn_order", "city", "plantation")
    views = [state.view(seat) for seat in (None, 0, 1, 2)]
    for key in public_keys:
        assert all(view[key] == views[0][key] for view in views), key
    assert views[0]["hand"] is None
    own = views[1]["hand"]
    assert own and all(card["text"] == CONTENT.cards[A.CARD_OF_NUMBER[card["number"]]].text for card in own)
