"""Guilds of London's guided first game (issue 34) played through on the engine, in both languages: a rules change that
breaks a lesson fails here."""

from __future__ import annotations

import re

import pytest

from guildtable.games.guilds_of_london import flow
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.games.guilds_of_london.tutorial import TUTORIAL
from guildtable.kernel.i18n import ENGLISH, GERMAN, domain, use_language
from guildtable.kernel.lessons import lesson, opening, scripted_reply
from guildtable.kernel.protocol import State
from guildtable.kernel.registry import get_game

GAME = get_game("guilds-of-london")
RULES_PAGE = "/rules/guilds-of-london"


def _position(state: State) -> GuildsPosition:
    assert isinstance(state, GuildsPosition)
    return state


def _played() -> tuple[list[State], State]:
    """The tutorial's game: the position each step is shown in, and the position at its end."""
    state = opening(GAME, TUTORIAL)
    before = []
    for step in TUTORIAL.steps:
        before.append(state.clone())
        if step.is_move:
            state.apply(state.action_from_notation(step.move))
        for move in step.replies:
            state.apply(state.action_from_notation(move))
    return before, state


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_gl_tutorial_plays_through_in_both_languages(language: str) -> None:
    """GL-31, GL-57, GL-60, GL-61, GL-62, GL-63, GL-75, GL-82: every expected move is legal and the learner's where it
    stands, every scripted reply is legal and the other seat's."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL, RULES_PAGE)
    state = opening(GAME, TUTORIAL)
    for step, json in zip(TUTORIAL.steps, shown["steps"], strict=True):
        assert json["at"] == len(state.history)
        if step.is_move:
            assert state.current_player == TUTORIAL.seat, step.move
            action = state.action_from_notation(step.move)
            assert action in state.legal_actions(), step.move
            assert json["action"] == state.action_to_json(action)
            state.apply(action)
        for move in step.replies:
            assert state.current_player not in (None, TUTORIAL.seat), move
            action = state.action_from_notation(move)
            assert action in state.legal_actions(), move
            state.apply(action)
    assert shown["moves"] == len(state.history)


def test_gl_tutorial_waits_for_the_learner_at_every_explanation() -> None:
    """GL-46, GL-54: the lesson stops before the game's end (16 rounds, GL-46), with the learner to move; every
    explanation is shown where the learner is to move, so the scripted seat never moves past it unread."""
    before, end = _played()
    for step, state in zip(TUTORIAL.steps, before, strict=True):
        if not step.is_move:
            assert state.current_player == TUTORIAL.seat, step.text
    assert not end.is_terminal
    assert end.current_player == TUTORIAL.seat
    assert _position(end).round == 3


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_gl_tutorial_texts_are_present_and_translated(language: str) -> None:
    """Every instruction, explanation and unreached rule is there in both languages; German is translated, not the
    English source (GL-89, GL-96, GL-103 are named at the end)."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL, RULES_PAGE)
        words = domain(GAME.domain).translations()
        for step in TUTORIAL.steps:
            for message in (step.text, step.wrong):
                if message:
                    assert words.gettext(message) != message or language == ENGLISH, message
        for item in TUTORIAL.unreached:
            assert words.gettext(item.text) != item.text or language == ENGLISH, item.text
    for step in shown["steps"]:
        assert step["text"].strip()
        assert "{" not in step["text"] and "{" not in step["wrong"]
        # No notation or raw ids in a text (the names are the translated content names).
        assert not re.search(r"#\d|mayor_|_makers|lamplighters", step["text"] + step["wrong"]), step["text"]
    assert {entry["href"] for entry in shown["unreached"]} <= {
        f"{RULES_PAGE}#{section}" for section in ("material", "setup", "turn", "scoring", "end")
    }
    cited = {rule for item in TUTORIAL.unreached for rule in item.rules}
    assert {"GL-89", "GL-96", "GL-103"} <= cited
    if language == GERMAN:
        assert "Laternenanzünder" in " ".join(step["text"] for step in shown["steps"])


def test_gl_tutorial_highlights_name_the_move() -> None:
    """GL-60, GL-61, GL-62, GL-63: a step that plays or pays with a card highlights that card (the renderer's
    `data-card`), a move's source or destination highlights that place (`data-tile`), a kept reward card that card."""
    for step in TUTORIAL.steps:
        if not step.is_move:
            continue
        verb, _space, what = step.move.partition(" ")
        if verb in ("recruit", "move", "effect", "discard"):
            assert what.lstrip("#") in step.highlight, step.move
        elif verb in ("from", "to", "keep"):
            assert what in step.highlight, step.move


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_gl_tutorial_numbers_are_the_engines(language: str) -> None:
    """GL-77, GL-82, GL-83, GL-100, GL-101: the explanations say the engine's votes, VP and the final scoring's
    arithmetic (mayoral card + master pairs) on a copy of the position where the lesson ends."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL)
    _before, end = _played()
    position = _position(end)
    puppet = next(result for result in position.results if result["tile"] == "puppet_makers")
    lamp = next(result for result in position.results if result["tile"] == "lamplighters")
    assert lamp["winner"] == 0 and lamp.get("second") is None  # GL-84: no one left for second place
    assert puppet["winner"] == 1 and puppet.get("second") == 0
    texts = [step["text"] for step in shown["steps"]]
    second = texts[-2]
    assert f"{puppet['counts'][1]} " in second and f" {puppet['counts'][0]}," in second
    assert f"{position.vp[0]} " in second and f" {position.vp[1]}." in second
    final = texts[-1]
    ended = _position(end.clone())
    flow.final_scoring(ended, [])
    assert ended.final is not None
    mayor = ended.final["reward_cards"][0][0]["vp"]
    assert mayor == 3  # GL-100: The Small Crafts, 3 VP for the one tile of minimum 2 Green is master of
    assert f"{position.vp[0]} " in final and f"+ {mayor} " in final
    assert f"= {ended.vp[0]};" in final and final.rstrip(".").endswith(str(ended.vp[1]))
    assert ended.vp[0] == position.vp[0] + mayor + ended.final["master_pairs"][0]
    # GL-73: the Lamplighters reach their minimum with one liveryman and the Beadle.
    assert "2 " in texts[1]


def test_gl_tutorial_script_replies_only_on_the_script() -> None:
    """GL-31: the scripted seat keeps the script's reward card after the learner's keep, and plays nothing of the script
    once the game left it."""
    state = opening(GAME, TUTORIAL)
    keep = TUTORIAL.steps[2]
    state.apply(state.action_from_notation(keep.move))
    assert scripted_reply(GAME, TUTORIAL, list(state.history)) == state.action_from_notation(keep.replies[0])
    other = opening(GAME, TUTORIAL)
    other.apply(other.action_from_notation("keep mayor_05"))
    assert scripted_reply(GAME, TUTORIAL, list(other.history)) is None
