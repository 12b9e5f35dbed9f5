"""Guildhall's guided first game (issue 34) played through on the engine, in both languages: a rules change that
breaks a lesson fails here."""

from __future__ import annotations

import re

import pytest

from guildtable.games.guildhall.glossary import card_word
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.games.guildhall.tutorial import TUTORIAL
from guildtable.kernel.i18n import ENGLISH, GERMAN, domain, use_language
from guildtable.kernel.lessons import lesson, opening, scripted_reply
from guildtable.kernel.registry import get_game

GAME = get_game("guildhall")
RULES_PAGE = "/rules/guildhall"
# The names the renderer gives its pieces (`data-piece` in web/games/guildhall.js) and its choices (`data-notation`).
CARD = r"(red|blue|yellow|green|purple) (Robber|Scholar|Hunter|Peddler|Bricklayer|Tax Collector)"
PROFESSION = r"(Robber|Scholar|Hunter|Peddler|Bricklayer|Tax Collector)"
PIECE = re.compile(
    rf"hand {CARD}|P[1-4] {CARD}|P[1-4] {PROFESSION}|P[1-4] (completed|VP)|P[1-4] prestige \w+|P[1-4] played {CARD}"
    rf"|P[1-4] hand {CARD}|discard {CARD}|transit {CARD}|row [1-5]|deck|discard|target P[1-4]"
)
CHOICE = re.compile(r"done|buy|play|discard-draw|use|decline|level [0-4]|pay " + CARD)


def _final() -> GuildhallState:
    """The tutorial's game at its end, replayed move by move."""
    state = opening(GAME, TUTORIAL)
    for step in TUTORIAL.steps:
        for move in ((step.move,) if step.is_move else ()) + step.replies:
            state.apply(state.action_from_notation(move))
    assert isinstance(state, GuildhallState)
    return state


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_gh_tutorial_plays_through_in_both_languages(language: str) -> None:
    """GH-16, GH-24, GH-29, GH-32, GH-43, GH-111, GH-D22: every expected move is legal and the learner's where it
    stands, every scripted reply is legal and the other seat's, and the game ends with the script."""
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
        else:
            assert not step.replies, "an explanation's replies would be played before the learner reads it"
        for move in step.replies:
            assert state.current_player not in (None, TUTORIAL.seat), move
            action = state.action_from_notation(move)
            assert action in state.legal_actions(), move
            state.apply(action)
    assert state.is_terminal
    assert shown["moves"] == len(state.history)
    assert not TUTORIAL.steps[-1].is_move  # the end is explained


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_gh_tutorial_texts_are_present_and_translated(language: str) -> None:
    """Every instruction, explanation and unreached rule is there in both languages; German is translated, not the
    English source; the rules a first game does not meet (GH-11, GH-42, GH-53, GH-113) link to the rules page."""
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
        assert not re.search(r"GH-\d", step["text"] + step["wrong"])  # no rule IDs in a text
        assert step["kind"] == "explain" or step["wrong"], step["notation"]
    assert {entry["href"] for entry in shown["unreached"]} <= {
        f"{RULES_PAGE}#{section}" for section in ("material", "setup", "turn", "scoring", "end")
    }
    cited = {rule for item in TUTORIAL.unreached for rule in item.rules}
    assert {"GH-11", "GH-42", "GH-53", "GH-113"} <= cited


def test_gh_tutorial_meets_every_profession_and_a_prestige_card() -> None:
    """GH-2, GH-32, GH-43, GH-47: the learner plays all six professions, uses a level above the first, buys a
    prestige card and uses its ability, and completes a chapter twice (GH-49)."""
    played = {step.move.split(" ", 2)[2] for step in TUTORIAL.steps if step.move.startswith("play ")}
    assert played == {
        "Robber",
        "Scholar",
        "Hunter",
        "Peddler",
        "Bricklayer",
        "Tax Collector",
    }
    moves = [step.move for step in TUTORIAL.steps]
    assert "level 2" in moves and "buy" in moves and "use" in moves
    assert "discard-draw" in {reply for step in TUTORIAL.steps for reply in step.replies}
    final = _final()
    assert len(final.completed[0]) == 1 and len(final.owned[0]) == 1  # one paid for, one completed at the end


def test_gh_tutorial_highlights_name_the_move() -> None:
    """GH-29, GH-44: a move step frames the piece it uses: a card by where it lies, a choice by its notation; every
    highlight is a name the renderer gives."""
    for step in TUTORIAL.steps:
        for key in step.highlight:
            assert PIECE.fullmatch(key) or CHOICE.fullmatch(key), key
        if not step.is_move:
            continue
        card = re.fullmatch(rf"(?:play|place|put|give|take) ({CARD})", step.move)
        if card:
            assert any(key.endswith(card.group(1)) for key in step.highlight), step.move
        else:
            assert step.move in step.highlight, step.move


@pytest.mark.parametrize("language", [ENGLISH, GERMAN])
def test_gh_tutorial_numbers_are_the_engines(language: str) -> None:
    """GH-31, GH-99, GH-112: the level a play reaches is the chapter's size, the Tax Collector's VP its count, and the
    end says the engine's VP: prestige cards plus VP tokens."""
    with use_language(language):
        shown = lesson(GAME, TUTORIAL)
        robbed = card_word("red Bricklayer")
    texts = [step["text"] for step in shown["steps"]]
    final = _final()
    assert final.vp(0) == 5 and final.vp(1) == 1 and final.winners() == [0]
    end = texts[-1]
    assert f"{final.vp(0)} " in end and f"({4} " in end and f"+ {final.tokens[0]} " in end
    assert re.search(rf"\b{final.vp(1)}\b", end)
    scholar = next(text for text, step in zip(texts, TUTORIAL.steps, strict=True) if step.move == "play green Scholar")
    assert " 3 " in scholar  # 3 Scholars: level 2
    assert any(robbed in text for text in texts)  # the Robber's random card (GH-65), read from the engine


def test_gh_tutorial_script_replies_only_on_the_script() -> None:
    """GH-16: the scripted seat gets ready after the learner as the script says, and plays nothing once the game left
    the script."""
    state = opening(GAME, TUTORIAL)
    for step in TUTORIAL.steps[:5]:
        if step.is_move:
            state.apply(state.action_from_notation(step.move))
    assert scripted_reply(GAME, TUTORIAL, list(state.history)) == state.action_from_notation("done")
    other = opening(GAME, TUTORIAL)
    other.apply(other.action_from_notation("discard red Scholar"))
    assert scripted_reply(GAME, TUTORIAL, list(other.history)) is None
