"""Issue 15: City and Guilds in German (the rulebook's terms: Bauplatz, Block, Gildenzählleiste, Minnesängerhaus,
Taverne, Markt) and, in the pseudo-locale, no text a player reads that escaped translation."""

from __future__ import annotations

import re

import pytest

from guildtable.games.city_and_guilds import GAME, words
from guildtable.games.city_and_guilds.log import describe_event
from guildtable.kernel import Rng
from guildtable.kernel.i18n import use_language

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed")


def test_german_tiles_follow_gender_and_case() -> None:
    with use_language("de"):
        assert words.pick_label(5) == "Lege einen Tuchmachermarkt"
        assert words.pick_label(1) == "Lege ein Tuchmachergebäude"
        assert words.lot_label(5, "A5", "A") == "Lege deinen Tuchmachermarkt auf Bauplatz A5 (vervollständigt Block A)"
        assert words.lot_label(9, "B2", None) == "Lege eine Taverne auf Bauplatz B2"
        assert words.put_back_label(8) == "Nimm das Minnesängerhaus zurück auf die Hand"
        assert words.invest_label(2) == "Investieren: 1 Figur, +1 auf der Gildenzählleiste der Kerzenmacher"
    assert words.pick_label(5) == "Place a weaver market"


def test_german_log_lines_and_plurals() -> None:
    with use_language("de"):
        line = describe_event("invest", {"seat": 1, "guild": "SMITH", "blocked": False, "before": 0, "after": 2}, NAMES)
        assert line == "Ben rückt auf der Gildenzählleiste der Schmiede 2 Felder vor, von 0 auf 2"
        line = describe_event("invest", {"seat": 0, "guild": "BAKER", "blocked": False, "before": 2, "after": 3}, NAMES)
        assert line == "Ann rückt auf der Gildenzählleiste der Bäcker 1 Feld vor, von 2 auf 3"
        line = describe_event("tavern", {"seat": 2, "lot": "C4", "block": "C"}, NAMES)
        assert line == "Cy legt eine Taverne auf Bauplatz C4: +5 auf den Wert von Block C"
        line = describe_event("reveal", {"tiles": ["MWE", "MIN"]}, NAMES)
        assert line == "Neu aufgedeckt in der Auslage: ein Tuchmachermarkt und ein Minnesängerhaus"
    line = describe_event("reveal", {"tiles": ["MWE", "MIN"]}, NAMES)
    assert line == "Turned face up on the display: a weaver market and a minstrel house"


def test_german_prompt_and_refusal() -> None:
    state = GAME.new_state(3, seed=1)
    with use_language("de"):
        assert state.prompt(NAMES) == (
            "Aufbau: Wähle eines deiner vier Plättchen, das du verdeckt in den Vorrat zurücklegst"
        )
        illegal = next(action for action in range(200) if action not in state.legal_actions())
        reason = state.why_illegal(illegal)
        assert reason is not None and reason[1] == "Gib zuerst eines deiner vier Plättchen verdeckt zurück"


def _escaped(text: str) -> bool:
    """True if `text` (player names removed) shows letters outside the pseudo-locale's brackets."""
    for name in NAMES:
        text = text.replace(name, "")
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", "•", text)
        if inner == text:
            break
        text = inner
    return re.search(r"[A-Za-z]", text) is not None


@pytest.mark.parametrize("players", [3, 5])
def test_pseudo_locale_brackets_every_log_line_prompt_and_label(players: int) -> None:
    """A whole random game in "qps": every prompt, legal-move label, refusal and log line is translated."""
    state = GAME.new_state(players, seed=40 + players)
    rng = Rng(players)
    with use_language("qps"):
        texts: list[str] = []
        while not state.is_terminal:
            texts.append(state.prompt(NAMES))
            legal = state.legal_actions()
            texts += [state.action_label(action, NAMES) for action in legal]
            refused = next((action for action in range(200) if action not in legal), None)
            if refused is not None and (reason := state.why_illegal(refused)) is not None:
                texts.append(reason[1])
            for event in state.apply(rng.choice(legal)):
                line = GAME.describe_event(event, NAMES)
                if line:
                    texts.append(line)
        texts.append(state.prompt(NAMES))
    assert len(texts) > 300
    escaped = [text for text in texts if _escaped(text)]
    assert not escaped, escaped[:5]


def test_german_glossary_and_score_sheet() -> None:
    with use_language("de"):
        glossary = GAME.glossary()
        assert glossary["MWE"].name == "Tuchmachermarkt"
        assert "Gildenzählleiste der Tuchmacher" in glossary["MWE"].text
        assert glossary["guild:CANDLE"].name == "Gilde der Kerzenmacher"
        assert glossary["feature:*"].name == "Springbrunnen"
        state = GAME.new_state(3, seed=3)
        rng = Rng(3)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        titles = [category.title for category in state.score_sheet().categories]
        assert titles[0] == "Vervollständigte Blöcke"
    assert GAME.glossary()["MWE"].name == "Weaver market"
