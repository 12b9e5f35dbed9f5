"""City and Guilds' guided first game (issue 34) played through on the engine, in both languages: a rules change that
breaks a lesson fails here."""

from __future__ import annotations

from typing import Any

import pytest

from guildtable.games.city_and_guilds.tutorial import BLUE, GREEN, RED, TUTORIAL
from guildtable.kernel.i18n import ENGLISH, GERMAN, domain, use_language
from guildtable.kernel.lessons import lesson, opening, scripted_reply
from guildtable.kernel.registry import get_game

GAME = get_game("city-and-guilds")
SECTIONS = {"material", "setup", "turn", "scoring", "end"}


def _events() -> list[dict[str, Any]]:
    """The public events of the tutorial's whole game, played move by move as the script says."""
    state = opening(GAME, TUTORIAL)
    events: list[dict[str, Any]] = []
    for step in TUTORIAL.steps:
        for move in ((step.move,) if step.is_move else ()) + step.replies:
            events.extend({"kind": event.kind, **event.data} for event in state.apply(state.action_from_notation(move)))
    assert state.is_terminal
    return events


def _shown(language: str) -> list[str]:
    with use_language(language):
        return [step["text"] for step in lesson(GAME, TUTORIAL, "/rules/city-and-guilds")["steps"]]


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_cg_tutorial_plays_through_in_both_languages(language: str) -> None:
    """CG-13, CG-14, CG-16, CG-24, CG-43: every expected move is legal and the learner's where it stands, every
    scripted reply is legal and another seat's, and the game ends with the script."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL, "/rules/city-and-guilds")
    state = opening(GAME, TUTORIAL)
    assert state.num_players == GAME.min_players == TUTORIAL.players
    for step, json in zip(TUTORIAL.steps, shown["steps"], strict=True):
        assert json["at"] == len(state.history)
        assert json["kind"] == ("move" if step.is_move else "explain")
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
    assert state.is_terminal
    assert shown["moves"] == len(state.history)
    assert 20 <= len(TUTORIAL.steps) <= 35


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_cg_tutorial_texts_are_present_and_translated(language: str) -> None:
    """Every instruction, explanation, wrong-choice reason and unreached rule is there in both languages; German is
    translated, not the English source (CG-11, CG-18, CG-19, CG-25, CG-30, CG-34 are named at the end)."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL, "/rules/city-and-guilds")
        words = domain(GAME.domain).translations()
        for step in TUTORIAL.steps:
            for message in (step.text, step.wrong):
                if message:
                    assert words.gettext(message) != message or language == ENGLISH, message
        for item in TUTORIAL.unreached:
            assert words.gettext(item.text) != item.text or language == ENGLISH, item.text
    for step, json in zip(TUTORIAL.steps, shown["steps"], strict=True):
        assert json["text"].strip()
        assert "{" not in json["text"] and "{" not in json["wrong"]
        assert bool(json["wrong"]) == step.is_move, step.move  # every move step says why the lesson wants it
    assert {entry["href"] for entry in shown["unreached"]} <= {f"/rules/city-and-guilds#{s}" for s in SECTIONS}
    cited = {rule for item in TUTORIAL.unreached for rule in item.rules}
    assert {"CG-11", "CG-18", "CG-19", "CG-25", "CG-30", "CG-34"} <= cited


def test_cg_tutorial_covers_the_first_game() -> None:
    """The lesson meets what the issue lists for City and Guilds: blocks (CG-31, CG-33), guild tracks (CG-17, CG-26,
    CG-35), markets (CG-20), minstrels (CG-21), taverns (CG-36, CG-37), the final chains (CG-44) and the penalty
    (CG-45); the learner plays each kind of answer once: invest, double, a minstrel's figure and a tavern."""
    taught = {rule for step in TUTORIAL.steps for rule in step.rules}
    assert {"CG-14", "CG-17", "CG-20", "CG-21", "CG-26", "CG-29", "CG-33", "CG-35", "CG-36", "CG-37"} <= taught
    assert {"CG-40", "CG-44", "CG-45"} <= taught
    moves = [step.move for step in TUTORIAL.steps if step.is_move]
    assert {"invest", "double", "figure", "MBA", "MIN"} <= set(moves)
    kinds = [event["kind"] for event in _events()]
    assert kinds.count("block_scored") == 3 and "tavern" in kinds and "tavern_declined" in kinds


def test_cg_tutorial_highlights_name_the_move() -> None:
    """A move step highlights the tile it picks or takes, the lot it fills or the answer it gives (CG-16, CG-17,
    CG-24)."""
    for step in TUTORIAL.steps:
        if step.is_move:
            named = set(step.move.split()) - {"take"}
            assert named <= set(step.highlight), step.move


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_cg_tutorial_numbers_are_the_engines(language: str) -> None:
    """CG-32, CG-33, CG-35, CG-44, CG-45: an explanation of a scored block says the value and the points the engine
    scored it with; the end says the bakers' chain, the penalty and the final scores the engine has."""
    texts = _shown(language)
    events = _events()
    blocks = {event["block"]: event for event in events if event["kind"] == "block_scored"}
    assert list(blocks) == ["C", "B", "A"]
    for letter, event in blocks.items():
        # The block's explanation (its value) and the one after it (guild control) say every payout.
        at = next(
            index
            for index, text in enumerate(texts)
            if f"Block {letter}" in text.replace("block", "Block") and str(event["value"]) in text
        )
        said = " ".join(texts[at : at + 2])
        for _seat, points, _why in event["points"]:
            assert str(points) in said, (letter, points)
    block_a = blocks["A"]
    assert block_a["by_tavern"] and block_a["value"] == 8 + 2 + 5 + 5
    explained_a = next(text for text in texts if "= 20" in text)
    for points in (11, 6, 4, 2):
        assert str(points) in explained_a
    block_b = blocks["B"]
    assert {place for _seat, _points, place in block_b["places"]} == {"1st", "2nd", "3rd"}
    explained_b = next(text for text in texts if str(block_b["value"]) in text and "3" in text and "B" in text)
    for _seat, points, _place in block_b["places"]:
        assert str(points) in explained_b
    bakers = next(event for event in events if event["kind"] == "final_guild" and event["guild"] == "BAKER")
    chain = texts[-2]
    assert f"{bakers['size']} + {bakers['bonus']} = {bakers['value']}" in chain
    assert all(str(points) in chain for _seat, points, _why in bakers["points"])
    end = next(event for event in events if event["kind"] == "game_end")
    penalty = next(event for event in events if event["kind"] == "penalty")
    final = texts[-1]
    assert str(penalty["points"][BLUE][1]) in final
    for seat in (BLUE, RED, GREEN):
        assert str(int(end["scores"][seat])) in final
    assert end["winners"] == [BLUE]  # the learner wins the lesson


def test_cg_tutorial_script_replies_only_on_the_script() -> None:
    """The scripted seats play the script's replies after the script's moves (CG-13: Red, then Green), and nothing
    once the game left the script."""
    state = opening(GAME, TUTORIAL)
    for step in TUTORIAL.steps[:4]:
        if step.is_move:
            state.apply(state.action_from_notation(step.move))
    replies = TUTORIAL.steps[3].replies
    assert scripted_reply(GAME, TUTORIAL, list(state.history)) == state.action_from_notation(replies[0])
    for move in replies[:3]:
        state.apply(state.action_from_notation(move))
    assert state.current_player == GREEN
    assert scripted_reply(GAME, TUTORIAL, list(state.history)) == state.action_from_notation(replies[3])
    other = opening(GAME, TUTORIAL)
    for move in ("BA", "A2"):  # a setup tile on another lot: the script no longer applies
        other.apply(other.action_from_notation(move))
    other.apply(other.action_from_notation("take MBA"))
    assert scripted_reply(GAME, TUTORIAL, list(other.history)) is None
