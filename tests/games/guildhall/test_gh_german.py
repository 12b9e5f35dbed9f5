"""Guildhall in German (issue 15): the log, the prompts, the answers and the card words come from the `guildhall`
catalogue in the rulebook's terms (Zunfthaus, Zunft, komplette Zunft, Prestigekarte, the profession names), and in the
pseudo-locale every text a player reads in a whole seeded game is translated (bracketed)."""

from __future__ import annotations

import json

from gh_positions import play, scenario

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.content import DATA, PRESTIGE_FILE, PROFESSIONS_FILE
from guildtable.games.guildhall.glossary import DATA_WORDS, card_word, plural
from guildtable.kernel import Rng
from guildtable.kernel.events import public
from guildtable.kernel.i18n import use_language
from pseudo import bracketed

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def test_gh_german_card_words_and_plurals() -> None:
    with use_language("de"):
        assert card_word("red Scholar") == "Gelehrter (rot)"
        assert card_word("purple Tax Collector") == "Zöllner (lila)"
        assert plural(1, "completed chapter") == "1 komplette Zunft"
        assert plural(2, "completed chapter") == "2 komplette Zünfte"
        assert plural(0, "card") == "keine Karten"
    assert card_word("red Scholar") == "red Scholar"


def test_gh_german_log_line_and_prompt() -> None:
    event = public("placed", seat=0, card="blue Bricklayer", source="setup")
    with use_language("de"):
        assert GAME.describe_event(event, NAMES[:2]) == "Anna legt Maurer (blau) ins eigene Zunfthaus."
    assert GAME.describe_event(event, NAMES[:2]) == "Anna lays blue Bricklayer into their guildhall."
    state = scenario(hands={0: ["green Tax Collector", "blue Scholar"]})
    with use_language("de"):
        assert state.prompt().startswith("Wähle eine Aktion: Karte ausspielen")
        labels = [state.action_label(action) for action in state.legal_actions()]
    assert "Zöllner (grün) ausspielen" in labels


def test_gh_german_level_line_of_the_log() -> None:
    state = scenario(
        halls={0: ["red Tax Collector", "blue Tax Collector", "red Robber"]},
        hands={0: ["green Tax Collector", "blue Scholar"]},
        tokens={0: 18},
    )
    events = play(state, "play", "play green Tax Collector", "level 2")
    with use_language("de"):
        lines = [GAME.describe_event(event) for event in events]
    assert any("Zöllner" in line and "Stufe 2" in line and "SP" in line for line in lines), lines


def test_gh_every_word_of_the_data_files_is_marked() -> None:
    """The data's English names and texts are translated by their English text, so each must be in DATA_WORDS."""
    professions = json.loads((DATA / PROFESSIONS_FILE).read_text(encoding="utf-8"))["professions"]
    cards = json.loads((DATA / PRESTIGE_FILE).read_text(encoding="utf-8"))["cards"]
    wanted = {p["name_en"] for p in professions} | {p["text_en"] for p in professions} | {c["text_en"] for c in cards}
    assert wanted <= set(DATA_WORDS)


def test_gh_pseudo_locale_brackets_a_whole_game() -> None:
    """In `qps` every log line, prompt and legal answer's label of seeded random games is translated."""
    for players in (2, 4):
        state = GAME.new_state(players, seed=players, options={"max_turns": 40})
        rng = Rng(7 + players)
        with use_language("qps"):
            while not state.is_terminal:
                texts = [state.prompt(NAMES)]
                legal = state.legal_actions()
                texts += [state.action_label(action, NAMES) for action in legal]
                for event in state.apply(rng.choice(legal)):
                    texts.append(GAME.describe_event(event, NAMES[:players]))
                for text in texts:
                    assert bracketed(text, NAMES), text
            for piece in GAME.glossary().values():
                assert bracketed(piece.name) and bracketed(piece.text), piece


def _render(state: object, seat: int) -> str:
    from rich.console import Console

    console = Console(record=True, width=160, color_system=None)
    console.print(GAME.render_text(state.view(seat), seat))  # type: ignore[attr-defined]
    return console.export_text()


def test_gh_german_refusal_reasons() -> None:
    from guildtable.games.guildhall.actions import CARD
    from guildtable.games.guildhall.content import CARD_NAMES

    state = scenario(hands={0: ["green Tax Collector", "blue Scholar"]})
    robber = CARD + CARD_NAMES.index("red Robber")
    assert robber not in state.legal_actions()
    assert state.why_illegal(robber) == ("GH-29", "You have no red Robber in your hand.")
    with use_language("de"):
        assert state.why_illegal(robber) == ("GH-29", "Du hast die Karte Diebin (rot) nicht auf der Hand.")
    with use_language("qps"):
        for action in range(CARD, CARD + len(CARD_NAMES)):
            refused = state.why_illegal(action)
            assert (refused is None) == (action in state.legal_actions()), action
            if refused is not None:
                assert bracketed(refused[1], NAMES), action


def test_gh_german_terminal_view_explains_the_hand() -> None:
    """The view names cards in English; the German terminal finds each profession's text by its id."""
    state = scenario(hands={0: ["green Tax Collector", "blue Scholar"]})
    with use_language("de"):
        text = _render(state, 0)
    assert "Deine Hand: Gelehrter (blau), Zöllner (grün)" in text
    assert "Gelehrter: Lege Karten vom Nachziehstapel direkt in dein Zunfthaus." in text
    assert "Prestigereihe" in text and "Zunfthaus (Zünfte)" in text
    assert "Scholar: Put cards from the top of the draw deck straight into your guildhall." in _render(state, 0)


def test_gh_german_score_sheet_and_options() -> None:
    from guildtable.server.table_log import game_words

    state = scenario(hands={0: ["green Tax Collector", "blue Scholar"]})
    with use_language("de"):
        sheet = state.score_sheet()
        assert [category.title for category in sheet.categories] == ["Prestigekarten", "Siegpunktekarten"]
        option = next(option for option in GAME.options if option.name == "start_player")
        assert game_words(GAME, option.title) == "Startspieler"
        assert game_words(GAME, option.choice_titles()[0]) == "zufällig bestimmt"
    assert [category.title for category in state.score_sheet().categories] == ["Prestige cards", "VP tokens"]
