"""City Blocks' guided first game (issue 34) played through on the engine, in both languages: a rules change that
breaks a lesson fails here."""

from __future__ import annotations

import pytest

from guildtable.games.city_blocks.tutorial import TUTORIAL
from guildtable.kernel.i18n import ENGLISH, GERMAN, domain, use_language
from guildtable.kernel.lessons import lesson, opening, scripted_reply
from guildtable.kernel.registry import get_game

GAME = get_game("city-blocks")


def _played() -> tuple[list[object], list[dict[str, object]]]:
    """The tutorial's game: every state before each step (and its awards after), replayed move by move."""
    state = opening(GAME, TUTORIAL)
    before = []
    for step in TUTORIAL.steps:
        before.append(state.clone())
        if step.is_move:
            assert state.current_player == TUTORIAL.seat, step.move
            state.apply(state.action_from_notation(step.move))
        for move in step.replies:
            assert state.current_player not in (None, TUTORIAL.seat), move
            state.apply(state.action_from_notation(move))
    return before, state.view(None)["awards"]


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_cb_tutorial_plays_through_in_both_languages(language: str) -> None:
    """CB-10, CB-11, CB-12, CB-13, CB-16, CB-21: every expected move is legal and the learner's where it stands, every
    scripted reply is legal and the other seat's, and the game ends with the script."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL, "/rules/city-blocks")
    state = opening(GAME, TUTORIAL)
    for step, json in zip(TUTORIAL.steps, shown["steps"], strict=True):
        assert json["at"] == len(state.history)
        if step.is_move:
            action = state.action_from_notation(step.move)
            assert action in state.legal_actions()
            assert json["action"] == state.action_to_json(action)
            state.apply(action)
        for move in step.replies:
            action = state.action_from_notation(move)
            assert action in state.legal_actions()
            state.apply(action)
    assert state.is_terminal
    assert shown["moves"] == len(state.history)


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_cb_tutorial_texts_are_present_and_translated(language: str) -> None:
    """Every instruction, explanation and unreached rule is there in both languages; German is translated, not the
    English source (CB-15, CB-A-2, CB-22 are named at the end)."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL, "/rules/city-blocks")
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
    assert {entry["href"] for entry in shown["unreached"]} <= {
        "/rules/city-blocks#setup",
        "/rules/city-blocks#turn",
        "/rules/city-blocks#scoring",
        "/rules/city-blocks#end",
    }
    cited = {rule for item in TUTORIAL.unreached for rule in item.rules}
    assert {"CB-15", "CB-A-2"} <= cited


def test_cb_tutorial_highlights_name_the_move() -> None:
    """A move step highlights the tile it plays and the site or the streets it names (CB-11, CB-13)."""
    for step in TUTORIAL.steps:
        if step.is_move:
            named = set(step.move.replace(" x", " ").split()) - {"swap"}
            assert named <= set(step.highlight), step.move


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_cb_tutorial_numbers_are_the_engines(language: str) -> None:
    """CB-17, CB-18, CB-22: an explanation of a scored street says the totals and the value tile the engine scored
    it with, and the end says the engine's final sums."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL)
    _before, awards = _played()
    by_street = {award["street"]: award for award in awards}
    texts = " ".join(step["text"] for step in shown["steps"])
    for street in ("R1", "R2", "R3", "R4", "C4", "C5", "C1", "C2", "R5", "C3"):
        award = by_street[street]
        assert f"${award['value']}" in texts, street
    row1 = next(step["text"] for step in shown["steps"] if "6 + 7 + 5" in step["text"])
    assert str(by_street["R1"]["totals"][0]) in row1 and str(by_street["R1"]["totals"][1]) in row1
    final = shown["steps"][-1]["text"]
    state = opening(GAME, TUTORIAL)
    for step in TUTORIAL.steps:
        for move in ((step.move,) if step.is_move else ()) + step.replies:
            state.apply(state.action_from_notation(move))
    blue, red = (int(score) for score in state.scores())
    assert f"= {blue}" in final and f"= {red}" in final
    assert blue > red  # the learner wins the lesson


def test_cb_tutorial_script_replies_only_on_the_script() -> None:
    """The scripted seat plays the script's reply after the script's moves, and nothing once the game left it."""
    state = opening(GAME, TUTORIAL)
    first = TUTORIAL.steps[2]
    state.apply(state.action_from_notation(first.move))
    assert scripted_reply(GAME, TUTORIAL, list(state.history)) == state.action_from_notation(first.replies[0])
    other = opening(GAME, TUTORIAL)
    other.apply(other.action_from_notation("S6 R5C6"))
    assert scripted_reply(GAME, TUTORIAL, list(other.history)) is None
