"""City and Guilds refusals in German (Issue 15): unreadable terminal notation, the JSON actions of the web client, a
refused explicit setup and a bad option value (a map's text, as the lobby takes it) come from the catalogues, in the
rulebook's terms (Plättchen, Bauplatz, Vorrat), with the notation a person types (`BA`, `A5`, `take MCA`) left exactly
as typed; in the pseudo-locale each such message is wholly from a catalogue (bracketed). The English wording is
unchanged."""

from __future__ import annotations

import pytest

from guildtable.kernel import BadOptions, BadRecord, IllegalAction
from guildtable.kernel.i18n import use_language
from guildtable.kernel.registry import get_game
from pseudo import bracketed

GAME = get_game("city-and-guilds")


def _refusal(text: str) -> IllegalAction:
    state = GAME.new_state(3, seed=1)  # the setup round: each player returns one of four tiles (CG-11)
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation(text)
    return error.value


def test_cg_unreadable_move_in_german_keeps_the_typed_examples() -> None:
    with use_language("de"):
        message = _refusal("zzz").message
    assert message == (
        "'zzz' ist nicht lesbar: erwartet wird ein Plättchen (BA, WE, CA, SM, MBA.., MIN), ein Bauplatz (A1..H8) "
        "oder ein Wort"
    )
    assert "cannot read" not in message
    with use_language("de"):
        assert _refusal("BA A5").message == "'BA A5' ist nicht lesbar: ein Wort pro Zug, z. B. 'BA', danach 'A5'"
    assert _refusal("BA A5").message == "cannot read 'BA A5': one word per move, e.g. 'BA', then 'A5'"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("zzz", ("nicht lesbar", "Bauplatz")),
        ("BA A5", ("ein Wort pro Zug", "'BA'", "'A5'")),
        ("take", ("nennt ein Plättchen", "'take MCA'")),
        ("take QQ", ("ist kein Plättchen aus dem Vorrat", "BA, WE, CA")),
        ("", ("gib einen Zug ein", "'take MCA'")),
    ],
)
def test_cg_each_notation_fault_is_german(text: str, words: tuple[str, ...]) -> None:
    with use_language("de"):
        message = _refusal(text).message
    for word in words:
        assert word in message, message
    with use_language("qps"):
        assert bracketed(_refusal(text).message)


def test_cg_passing_where_no_decline_exists_names_rule_cg_16_in_german() -> None:
    """CG-16: a tile is placed as one move; returning a tile in the setup round cannot be declined."""
    with use_language("de"):
        error = _refusal("no")
    assert error.rule == "CG-16"
    assert error.message == "diese Frage kann nicht abgelehnt werden: Passen ist nicht möglich"


def test_cg_bad_json_action_is_german() -> None:
    state = GAME.new_state(3, seed=1)
    with use_language("de"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "place", "lot": "Z99"})
    assert error.value.message == "place braucht 'lot' als Namen eines Bauplatzes wie 'A5'"
    with use_language("qps"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "fly"})
    assert bracketed(error.value.message)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"map": "AA\nA"}, ("Reihe 1", "Reihe 0")),  # a map text of the lobby, rows of unequal width (§8.4)
        ({"map": "nowhere"}, ("Stadtplan", "--option map=")),
        ({"open_hands": "maybe"}, ("'maybe'", "erwartet")),
    ],
)
def test_cg_bad_option_value_is_german(options: dict[str, object], words: tuple[str, ...]) -> None:
    with use_language("de"), pytest.raises(BadOptions) as error:
        GAME.new_state(3, options=options)
    for word in words:
        assert word in error.value.message, error.value.message
    with use_language("qps"), pytest.raises(BadOptions) as error:
        GAME.new_state(3, options=options)
    assert bracketed(error.value.message)


@pytest.mark.parametrize(
    ("setup", "field", "words"),
    [
        ({"keep_order": "yes"}, "setup.keep_order", ("muss true oder false sein",)),
        ({"start_player": 7}, "setup.start_player", ("muss ein Platz von 0 bis 2 sein",)),
        ({"supply": ["BA"]}, "setup.supply", ("(CG-4, CG-10)", "Vorrat")),
        ({"hands": [["XX"], [], []]}, "setup.hands[0][0]", ("'XX' ist kein Kürzel", "BA, MBA, MIN, ...")),
        ({"deck": []}, "setup.deck", ("unbekannter Aufbau-Schlüssel", "City and Guilds")),
    ],
)
def test_cg_refused_setup_is_german(setup: dict[str, object], field: str, words: tuple[str, ...]) -> None:
    """A record's explicit setup is checked against CG-4, CG-10, CG-11 and CG-13 (shown when a record is uploaded)."""
    with use_language("de"), pytest.raises(BadRecord) as error:
        GAME.new_state(3, setup=setup)
    assert error.value.field == field
    for word in words:
        assert word in error.value.message, error.value.message
    with use_language("qps"), pytest.raises(BadRecord) as error:
        GAME.new_state(3, setup=setup)
    assert bracketed(error.value.message)
