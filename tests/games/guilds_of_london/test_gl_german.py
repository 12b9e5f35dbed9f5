"""Guilds of London in German (issue 15): the log, the prompts, the answers and the content's words come from the
`guilds_of_london` catalogue in the rulebook's terms (Zunftmitglied, Meister, Stadtamtmann, Plantage, Zunfthalle,
Belohnungskarte, Belohnungsmarker), and in the pseudo-locale every log line, prompt and answer label of whole seeded
games is translated (bracketed)."""

from __future__ import annotations

import json

from guildtable.games.guilds_of_london import GAME, content_words
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import CONTENT, DATA_DIR
from guildtable.kernel import Rng
from guildtable.kernel.events import public
from guildtable.kernel.i18n import use_language
from pseudo import bracketed

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def test_gl_german_log_lines_and_plurals() -> None:
    lamplighters = CONTENT.tiles[0].id
    move = public("move", seat=0, source="guildhall", to=lamplighters)
    with use_language("de"):
        assert GAME.describe_event(move, NAMES[:2]) == (
            "Anna bewegt ein Zunftmitglied aus der Zunfthalle auf „Laternenanzünder“"
        )
        assert GAME.describe_event(public("draw", seat=1, count=1), NAMES[:2]) == "Ben zieht 1 Aktionskarte"
        assert GAME.describe_event(public("draw", seat=1, count=3), NAMES[:2]) == "Ben zieht 3 Aktionskarten"
        assert GAME.describe_event(public("beadle", seat=0, to=lamplighters), NAMES[:2]) == (
            "Anna bewegt den Stadtamtmann auf „Laternenanzünder“"
        )
    assert GAME.describe_event(move, NAMES[:2]) == "Anna moves a liveryman from the Guildhall to the Lamplighters"


def test_gl_german_prompt_labels_and_content_words() -> None:
    state = GAME.new_state(3, seed=5)
    while state.stack and state.stack[-1].kind != "turn":
        state.apply(state.legal_actions()[0])
    with use_language("de"):
        assert state.prompt().startswith("Du bist am Zug: Spiele eine Aktionskarte")
        labels = [state.action_label(action) for action in state.legal_actions()]
        assert "Passen und 4 Karten ziehen" in labels
        assert any(label.startswith("Mit ") and label.endswith(" anwerben") for label in labels), labels
        assert W.tile_label(0) == "Laternenanzünder"
        assert W.symbols_text(0b11) == "dem Symbol Zirkel oder Anker"
        assert GAME.glossary()[CONTENT.tiles[0].id].name == "Die Ehrenwerte Zunft der Laternenanzünder"
    assert GAME.glossary()[CONTENT.tiles[0].id].name == "The Worshipful Company of Lamplighters"


def test_gl_every_name_and_text_of_the_data_files_is_marked() -> None:
    """The data stays English and is translated by its English text, so each name and text must be marked."""
    marked = set(content_words.NAMES) | set(content_words.TEXTS)
    wanted: set[str] = set()
    for path in DATA_DIR.glob("*.json"):
        stack = [json.loads(path.read_text(encoding="utf-8"))]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                for key, value in item.items():
                    if key in ("name", "text_en") and isinstance(value, str) and value:
                        wanted.add(value)
                    else:
                        stack.append(value)
            elif isinstance(item, list):
                stack.extend(item)
    assert wanted <= marked, sorted(wanted - marked)
    assert {W.SHORT[tile.index][0] for tile in CONTENT.tiles} <= marked | set(content_words.SHORT_NAMES)


def test_gl_pseudo_locale_brackets_whole_games() -> None:
    """In `qps` every log line, prompt and legal answer's label of seeded random games is translated."""
    for players in (2, 4):
        state = GAME.new_state(players, seed=players)
        rng = Rng(11 + players)
        with use_language("qps"):
            while not state.is_terminal:
                texts = [state.prompt(NAMES)]
                legal = state.legal_actions()
                texts += [state.action_label(action, NAMES) for action in legal]
                for event in state.apply(rng.choice(legal)):
                    line = GAME.describe_event(event, NAMES[:players])
                    if line:
                        texts.append(line)
                for text in texts:
                    assert bracketed(text, NAMES), text
            for piece in GAME.glossary().values():
                assert bracketed(piece.name), piece
