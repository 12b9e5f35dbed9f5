"""Guilds of London refusals in German (Issue 15): unreadable terminal notation, the JSON actions of the web client, a
refused explicit setup and a bad option value come from the catalogues, in the rulebook's terms (Aktionskarte,
Zunfthalle, Plantage, Belohnungskarte, Marker), with the notation a person types (`move #12`, `recruit #12`, `pass`)
left exactly as typed; in the pseudo-locale each such message is wholly from a catalogue (bracketed). The English
wording is unchanged."""

from __future__ import annotations

import pytest

from guildtable.kernel import BadOptions, BadRecord, IllegalAction
from guildtable.kernel.i18n import use_language
from guildtable.kernel.registry import get_game
from pseudo import bracketed

GAME = get_game("guilds-of-london")


def _refusal(text: str) -> IllegalAction:
    state = GAME.new_state(3, seed=1)
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation(text)
    return error.value


def test_gl_unreadable_move_in_german_keeps_the_typed_example() -> None:
    with use_language("de"):
        assert _refusal("zzz").message == "'zzz' ist nicht lesbar; ? zeigt die erlaubten Züge"
        message = _refusal("move #12 now").message
    assert message == "'move #12 now' ist nicht lesbar: Schreib ein Verb und genau eine Angabe, z. B. 'move #12'"
    assert "cannot read" not in message
    assert _refusal("move #12 now").message == "cannot read 'move #12 now': write a verb and one thing, e.g. 'move #12'"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ("gib einen Zug ein", "'recruit #12'", "'pass'")),
        ("move #999", ("'#999' ist keine Nummer einer Aktionskarte", "#12")),
        ("from mars", ("weder eine Plättchen-ID", "'guildhall'", "'plantation'")),
        ("to mars", ("'mars' ist keine Plättchen-ID",)),
        ("neutral pink", ("'pink' ist keine Farbe", "Green, Red, Blue, Yellow")),
        ("spend x", ("'x' ist keine Marker-ID",)),
        ("fly x", ("unbekanntes Verb 'fly'",)),
    ],
)
def test_gl_each_notation_fault_is_german(text: str, words: tuple[str, ...]) -> None:
    with use_language("de"):
        message = _refusal(text).message
    for word in words:
        assert word in message, message
    with use_language("qps"):
        assert bracketed(_refusal(text).message)


def test_gl_guildhall_as_destination_names_rule_gl_d21_in_german() -> None:
    """GL-D21: the Guildhall and the plantation are never destinations of a move."""
    with use_language("de"):
        error = _refusal("to guildhall")
    assert error.rule == "GL-D21"
    assert error.message == "die Zunfthalle und die Plantage sind nie Ziel einer Bewegung"


def test_gl_bad_json_action_is_german() -> None:
    state = GAME.new_state(3, seed=1)
    with use_language("de"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "move", "what": 12})
    assert error.value.message == "'what' muss Text sein"
    with use_language("qps"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"kind": "move"})
    assert bracketed(error.value.message)


def test_gl_bad_option_value_is_german() -> None:
    """The plantation side (GL-34) is one of the two printed sides or random."""
    with use_language("de"), pytest.raises(BadOptions) as error:
        GAME.new_state(3, options={"plantation_side": "mars"})
    assert error.value.field == "plantation_side"
    assert "'mars'" in error.value.message and "erlaubten" in error.value.message
    with use_language("qps"), pytest.raises(BadOptions) as error:
        GAME.new_state(3, options={"plantation_side": "mars"})
    assert bracketed(error.value.message)


@pytest.mark.parametrize(
    ("players", "setup", "field", "words"),
    [
        (3, {"plantation": "mars"}, "setup.plantation", ("erwartet wird ulster oder virginia",)),
        (3, {"tokens": []}, "setup.tokens", ("alle 30 Marker",)),
        (3, {"action_deck": [1]}, "setup.action_deck", ("jedes Element genau einmal",)),
        (3, {"deck": []}, "setup.deck", ("unbekannter Aufbau-Schlüssel", "start_order")),
        (2, {"buildings_2p": {"N": "x"}}, "setup.buildings_2p", ("Gebäude-Schlüssel", "N, E, S und W")),
    ],
)
def test_gl_refused_setup_is_german(players: int, setup: dict[str, object], field: str, words: tuple[str, ...]) -> None:
    """A record's explicit setup is checked against the opening, GL-23 to GL-41 (shown when a record is uploaded)."""
    with use_language("de"), pytest.raises(BadRecord) as error:
        GAME.new_state(players, setup=setup)
    assert error.value.field == field
    for word in words:
        assert word in error.value.message, error.value.message
    with use_language("qps"), pytest.raises(BadRecord) as error:
        GAME.new_state(players, setup=setup)
    assert bracketed(error.value.message)
