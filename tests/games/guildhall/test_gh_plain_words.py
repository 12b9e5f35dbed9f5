"""A table a newcomer can learn at (issue 13): the question, every answer's label and every refusal are in plain
words. No rule IDs, no snake_case ids, no typed notation in prompts and labels; players by their display names; a
refusal that names an answer names one that is accepted at that question."""

from __future__ import annotations

import re

import pytest
from gh_positions import play, scenario

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.actions import NUM_ACTIONS
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.kernel import IllegalAction, Rng

RULE_ID = re.compile(r"\bGH-\w*\d")
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
SEAT_CODE = re.compile(r"\bP[1-4]\b")
QUOTE_OPENS = re.compile(r"(^|[\s(:])['\"]")  # a quotation starts; a possessive ("Ann's") does not match
NOTATION = re.compile(r"\b(discard-draw|target P\d|row \d|level \d|chapter [A-Z]\w+)\b")
QUOTED = re.compile(r'"([^"]+)"')
NAMES = ("Ann", "Ben", "Cleo", "Dan")


def _plain(text: str, names_given: bool) -> None:
    assert text and text[0].isupper(), text
    assert not RULE_ID.search(text), text
    assert not SNAKE.search(text), text
    assert not NOTATION.search(text), text
    if names_given:
        assert not SEAT_CODE.search(text), text


def _positions(players: int, seeds: range) -> list[GuildhallState]:
    """Every position of seeded random games (copies)."""
    result = []
    for seed in seeds:
        state = GAME.new_state(players, seed=seed, options={"max_turns": 60})
        rng = Rng(seed * 13 + players)
        while not state.is_terminal:
            result.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return result


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gh_every_prompt_and_label_of_random_games_is_plain(players: int) -> None:
    """Appendix A, GH-24: at every question met in random games the prompt and every legal answer's label are plain
    words, with players named by their display names; the labels of one question are all different."""
    names = NAMES[:players]
    kinds: set[str] = set()
    for state in _positions(players, range(3)):
        kinds.add(state.view(None)["decision"]["kind"])
        _plain(state.prompt(names), names_given=True)
        assert not QUOTE_OPENS.search(state.prompt(names)), state.prompt(names)
        labels = [state.action_label(action, names) for action in state.legal_actions()]
        for label in labels:
            _plain(label, names_given=True)
        assert len(set(labels)) == len(labels), labels
    assert {"action", "play_card", "level", "discard_draw", "setup_discard", "setup_place"} <= kinds
    assert len(kinds) >= 12


def test_gh_level_question_says_what_each_level_does() -> None:
    """GH-32, GH-65, GH-66: with 2 Robbers in the chapter, levels 0 and 2 are offered, each saying what it does."""
    state = scenario(halls={0: ["red Robber", "blue Robber"]}, hands={0: ["green Robber"], 1: ["red Scholar"]})
    play(state, "play", "play green Robber")
    assert state.prompt() == "Robber (2 cards in your chapter): choose how strongly to use it, or don't use it"
    assert [state.action_label(action) for action in state.legal_actions()] == [
        "Level 0: take 1 random card from another player's hand into your guildhall",
        "Level 2: look at another player's hand and take 1 card of your choice into your guildhall",
        "Don't use it",
    ]


def test_gh_action_and_play_labels() -> None:
    """GH-24, GH-29: the action types and the playable cards as buttons."""
    state = scenario(hands={0: ["red Robber", "blue Scholar"]}, completed={0: ["Hunter"]})
    assert state.prompt() == (
        "Choose an action: play a card, discard and draw, or buy a prestige card (1 more action after this one)"
    )
    labels = [state.action_label(action) for action in state.legal_actions()]
    assert labels[-3:] == ["Play a card", "Discard and draw up to 6 cards", "Buy a prestige card"]
    play(state, "play")
    assert [state.action_label(action) for action in state.legal_actions()] == [
        "Play the red Robber",
        "Play the blue Scholar",
    ]


def test_gh_paying_two_chapters_labels_name_the_chapter_and_the_top_card() -> None:
    """GH-44, GH-D17: the first of two chapters goes underneath; the second is paid with its top card named."""
    state = scenario(
        completed={0: ["Peddler", "Scholar"]},
        row=["p7_extra2", "p5_plain", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
    )
    play(state, "buy")
    assert state.action_label(state.legal_actions()[0]) == ("Buy 'Take 2 additional actions' (7 VP, costs 2 chapters)")
    assert state.action_label(state.legal_actions()[1]) == (
        "Buy a 5 VP card without an ability (costs 1 chapter, card 2 of the row)"
    )
    play(state, "row 1")
    assert state.prompt() == (
        "Pay 2 completed chapters: first choose the chapter that goes underneath on the discard pile"
    )
    assert [state.action_label(action) for action in state.legal_actions()] == [
        "Pay your Scholar chapter first (it goes underneath)",
        "Pay your Peddler chapter first (it goes underneath)",
    ]
    play(state, "chapter Scholar")
    assert state.prompt() == "Pay the second chapter: choose it and which of its cards ends on top of the discard pile"
    assert state.action_label(state.legal_actions()[0]) == "Pay your Peddler chapter (red card on top)"


def test_gh_target_questions_name_players_by_their_names() -> None:
    """GH-66, GH-69, GH-D13: the Robber's questions name the other players as the table calls them (the seat
    names when no names are given)."""
    state = scenario(
        3,
        halls={0: ["red Robber", "blue Robber"]},
        hands={0: ["green Robber"], 1: ["red Scholar"], 2: ["blue Scholar"]},
    )
    play(state, "play", "play green Robber", "level 2")
    names = ["Ann", "Ben", "Cleo"]
    assert state.prompt(names) == "Robber: choose the player whose hand you take from"
    assert [state.action_label(action, names) for action in state.legal_actions()] == [
        "Take from Ben's hand",
        "Take from Cleo's hand",
    ]
    assert state.action_label(state.legal_actions()[0]) == "Take from P2's hand"
    play(state, "target P3")
    assert state.prompt(names).startswith("Take a card from Cleo's hand into your guildhall (1 to take)")
    assert [state.action_label(action, names) for action in state.legal_actions()] == ["Take the blue Scholar"]


def test_gh_prestige_ability_question() -> None:
    """GH-47, GH-102: after buying, the card's ability in plain words, to use or not."""
    state = scenario(
        halls={1: ["red Hunter"]},
        completed={0: ["Peddler"]},
        row=["p2_take_chapter", "p5_plain", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
    )
    play(state, "buy", "row 1", "pay red Peddler")
    assert state.prompt() == (
        "Use your new prestige card now, or don't use it: Move 1 chapter from another player's guildhall into yours."
    )
    assert [state.action_label(action) for action in state.legal_actions()] == [
        "Don't use it",
        "Use it: move 1 chapter from another player's guildhall into yours",
    ]


# --- refusals --------------------------------------------------------------------------------------------------------
def _check_refusal(state: GuildhallState, action: int) -> str:
    reason = state.why_illegal(action)
    assert reason is not None
    rule, message = reason
    assert RULE_ID.fullmatch(rule), reason
    assert not RULE_ID.search(message), message
    assert not SNAKE.search(message), message
    assert message[0].isupper() and message.endswith((".", "?")), message
    legal = state.legal_actions()
    for quoted in QUOTED.findall(message):  # a named answer is accepted here
        assert state.action_from_notation(quoted) in legal, (message, quoted)
    return message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gh_every_refusal_in_random_games_is_plain_and_names_only_accepted_answers(players: int) -> None:
    """GH-24 and the rule of every question: each integer answer that is not legal is refused with its rule ID in the
    rule field only, a plain sentence, and any answer it quotes is legal at that question."""
    seen: dict[str, int] = {}
    for state in _positions(players, range(2)):
        kind = state.view(None)["decision"]["kind"]
        if seen.get(kind, 0) >= 3:
            continue
        seen[kind] = seen.get(kind, 0) + 1
        legal = set(state.legal_actions())
        for action in range(NUM_ACTIONS):
            if action not in legal:
                _check_refusal(state, action)
    assert len(seen) >= 12


def test_gh_paying_two_chapters_refusal_names_an_accepted_answer() -> None:
    """GH-44, GH-D17: the first of two chapters is named by its profession; a card answer is refused with an answer
    that is accepted at this question (not 'pay red Scholar', which is not)."""
    state = scenario(
        completed={0: ["Peddler", "Hunter"]},
        row=["p7_extra2", "p5_plain", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
    )
    play(state, "buy", "row 1")
    refused = state.action_from_notation("pay red Peddler")
    with pytest.raises(IllegalAction) as error:
        state.apply(refused)
    assert error.value.rule == "GH-44"
    message = _check_refusal(state, refused)
    assert error.value.message == message
    quoted = QUOTED.findall(message)
    assert quoted and "Hunter or Peddler" in message, message
    play(state, quoted[0])
    assert state.view(None)["decision"]["kind"] == "pay"
    # the second chapter is named by its top card: a chapter answer is refused naming such a card
    only = state.view(0)["completed_professions"][0]
    message = _check_refusal(state, state.action_from_notation(f"chapter {only}"))
    assert QUOTED.findall(message) == [f"pay red {only}"], message
    play(state, f"pay red {only}")
    assert state.view(0)["players"][0]["vp"] == 7


def test_gh_refusal_messages_for_common_mistakes() -> None:
    """GH-27, GH-29, GH-32, GH-39, GH-55: the rule in a sentence, without its ID."""
    state = scenario(
        halls={0: ["blue Scholar"]},
        hands={0: ["red Robber", "blue Robber", "blue Scholar", "red Hunter"]},
        actions_left=2,
    )
    play(state, "play")
    assert state.why_illegal(state.action_from_notation("blue Scholar")) == (
        "GH-55",
        "You cannot play the blue Scholar: an identical card is face up in your guildhall.",
    )
    play(state, "play red Robber")
    assert state.why_illegal(state.action_from_notation("level 2")) == (
        "GH-32",
        "Level 2 needs 2 cards in your Robber chapter; you have 0.",
    )
    assert state.why_illegal(state.action_from_notation("level 1")) == (
        "GH-32",
        "The Robber has no level 1 here; its levels are 0, 2 and 4.",
    )
    play(state, "decline", "play")
    assert state.why_illegal(state.action_from_notation("blue Robber")) == (
        "GH-27",
        "You already played a Robber this turn: only one card of each profession per turn.",
    )
    play(state, "red Hunter", "decline")
    assert state.current_player == 0 and state.prompt().endswith("(this is your last action this turn)")
    assert state.why_illegal(state.action_from_notation("play")) == (
        "GH-29",
        "You have no card you may play: only one card of each profession per turn, and none identical to a card "
        "face up in your guildhall.",
    )
    hand = ["red Hunter"] * 4 + ["blue Hunter"] * 3
    state = scenario(hands={0: hand})
    play(state, "discard-draw")
    assert state.why_illegal(state.action_from_notation("done")) == (
        "GH-39",
        "You hold 7 cards: discard at least 1 before you draw, so that you end with 6.",
    )


def test_gh_score_sheet_names_prestige_cards_plainly() -> None:
    """GH-112: the end screen lists each bought prestige card by its plain name (no ids, no notes from the data)."""
    state = scenario(
        completed={0: ["Peddler", "Hunter"]},
        row=["p9_plain", "p2_take_chapter", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
    )
    play(state, "buy", "row 1", "chapter Peddler", "pay red Hunter")
    labels = [entry.label for category in state.score_sheet().categories for entry in category.lines]
    assert labels == ["Prestige card: 9 VP card", "VP tokens"]
