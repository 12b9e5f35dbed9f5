"""City Blocks in German (issue 15): the log, the prompts, the move labels, the refusals, the glossary and the score
sheet come from the `city_blocks` catalogue in the rulebook's terms (Haus, Laden, Fabrik, Schule, Kraftwerk,
Einkaufszentrum, Gerichtsgebäude, Wertplättchen, Reihe, Spalte, umbauen), and in the pseudo-locale every text a player
reads in whole seeded games is translated (bracketed)."""

from __future__ import annotations

import re

from cb_positions import GAME, position
from rich.console import Console

from guildtable.games.city_blocks import text
from guildtable.games.city_blocks.actions import NO_SWAP, parse, swap_action
from guildtable.kernel import Rng
from guildtable.kernel.events import public
from guildtable.kernel.i18n import use_language
from pseudo import bracketed

NAMES = ("Ada", "Bo")


def _translated(line: str) -> bool:
    """Bracketed by the pseudo-locale, or with no words at all (a detail such as "1, 2, 3, 4, 5")."""
    return not re.search("[A-Za-z]", line) or bracketed(line, NAMES)


def test_cb_german_log_lines_with_articles_and_the_street_award() -> None:
    build = public("build", seat=0, tile="S4", site="R2C4", move="S4 R2C4")
    award = public("award", street="C3", value=13, totals=[9, 1], winner=0)
    rebuild = public("rebuild", seat=1, tile="H3", site="R5C1", replaced="F5", paid=5, move="H3 xR5C1")
    with use_language("de"):
        assert GAME.describe_event(build, NAMES) == "Ada baut einen Laden 4 in Reihe 2, Spalte 4"
        assert GAME.describe_event(public("build", seat=1, tile="F5", site="R1C1"), NAMES).startswith(
            "Bo baut eine Fabrik 5"
        )
        assert (
            GAME.describe_event(award, NAMES)
            == "Spalte 3 ist fertig bebaut: Ada 9, Bo 1, also erhält Ada ihr $13-Wertplättchen"
        )
        assert GAME.describe_event(rebuild, NAMES) == (
            "Bo baut Reihe 5, Spalte 1 um und legt ein Haus 3, bezahlt mit dem $5-Wertplättchen "
            "(Fabrik 5 wird aus dem Spiel entfernt)"
        )
        # Without players' names the seats are their colours, in German.
        assert GAME.describe_event(public("pass", seat=1)) == "Rot hat keine Plättchen mehr und setzt aus"
    assert GAME.describe_event(build, NAMES) == "Ada builds a store 4 on row 2, column 4"


def test_cb_german_prompt_labels_and_refusal() -> None:
    state = position({"R2C4": "B:S2"}, won=([11, 3], []), hands=(["H3", "F7"], []))
    with use_language("de"):
        assert state.prompt(NAMES) == (
            "Lege ein Plättchen von deiner Hand: Bebaue ein leeres Feld oder baue eines deiner eigenen Plättchen um "
            "(das kostet dein niedrigstes Wertplättchen, $3) (Bo hat keine Plättchen mehr, also bist du noch einmal "
            "am Zug)"
        )
        assert state.action_label(parse("H3 R2C5")) == "Baue Haus 3 in Reihe 2, Spalte 5"
        assert (
            state.action_label(parse("H3 R2C4"))
            == "Baue Reihe 2, Spalte 4 um: Haus 3 statt Laden 2 (kostet dein $3-Wertplättchen)"
        )
        reason = state.why_illegal(parse("SCH R1C1"))
        assert reason == ("CB-10", "Du hast Schule nicht auf der Hand")
    court = position(hands=(["CRT"], None), slots={"R3": 2, "C4": 15, "R1": 1})
    court.apply(parse("CRT R5C6"))
    with use_language("de"):
        assert court.prompt().startswith("Gerichtsgebäude: Du darfst die Wertplättchen zweier")
        assert (
            court.action_label(swap_action(2, 8)) == "Vertausche die Wertplättchen von Reihe 3 ($2) und Spalte 4 ($15)"
        )
        assert court.action_label(NO_SWAP) == "Nicht vertauschen"


def test_cb_german_glossary_score_sheet_and_terminal() -> None:
    with use_language("de"):
        glossary = GAME.glossary()
        assert glossary["PWR"].name == "Kraftwerk" and glossary["MALL"].name == "Einkaufszentrum"
        assert "Häuser und Fabriken in dieser Reihe und dieser Spalte zählen 0" in glossary["MALL"].text
        assert "eine Schule oder ein Einkaufszentrum" in glossary["F"].text
        assert glossary["value"].name == "Wertplättchen"
    # One glossary per language: English is unchanged after German was built.
    assert GAME.glossary()["PWR"].name == "Power plant"
    state = GAME.new_state(2, seed=3)
    rng = Rng(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    with use_language("de"):
        sheet = state.score_sheet()
        console = Console(width=120, record=True)
        console.print(text.render(state.view(0), 0))
        screen = console.export_text()
    assert [category.title for category in sheet.categories] == ["Gewonnene Straßen", "Für Umbauten abgegeben"]
    assert "Wertung der Straßen" in screen and "Blau" in screen and "Deine Hand" in screen


def test_cb_pseudo_locale_brackets_whole_games() -> None:
    """In `qps` every log line, prompt and legal move's label of seeded random games is translated, and so is the
    glossary and the score sheet."""
    for seed in (1, 2, 3):
        state = GAME.new_state(2, seed=seed)
        rng = Rng(10 + seed)
        with use_language("qps"):
            while not state.is_terminal:
                texts = [state.prompt(NAMES), state.prompt()]
                legal = state.legal_actions()
                texts += [state.action_label(action, NAMES) for action in legal]
                for action in (rng.below(NO_SWAP + 1), rng.below(NO_SWAP + 1)):
                    reason = state.why_illegal(action) if action not in legal else None
                    if reason is not None:
                        texts.append(reason[1])
                for event in state.apply(rng.choice(legal)):
                    line = GAME.describe_event(event, NAMES)
                    if line:
                        texts.append(line)
                texts += [effect for effects in state.view(0)["street_effects"].values() for effect in effects]
                for line in texts:
                    assert _translated(line), line
            for piece in GAME.glossary().values():
                for words in (
                    piece.name,
                    piece.text,
                    *(d.label for d in piece.details),
                    *(d.text for d in piece.details),
                ):
                    assert _translated(words), words
            sheet = state.score_sheet()
            for category in sheet.categories:
                assert _translated(category.title)
                for entry in category.lines:
                    assert _translated(entry.label), entry.label
