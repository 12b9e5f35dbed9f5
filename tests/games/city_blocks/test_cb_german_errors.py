"""City Blocks refusals in German (Issue 15): unreadable terminal notation, the JSON actions of the web client, a
refused explicit setup and a bad option value come from the catalogues, in the rulebook's terms (Plättchen, Feld,
Straße, Wertplättchen), with the notation a person types (`H3 R2C4`, `swap R3 C4`) left exactly as typed; in the
pseudo-locale each such message is wholly from a catalogue (bracketed). The English wording is unchanged."""

from __future__ import annotations

import pytest

from guildtable.kernel import BadOptions, BadRecord, IllegalAction
from guildtable.kernel.i18n import use_language
from guildtable.kernel.registry import get_game
from pseudo import bracketed

GAME = get_game("city-blocks")


def _refusal(text: str) -> IllegalAction:
    state = GAME.new_state(2, seed=3)
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation(text)
    return error.value


def test_cb_unreadable_move_in_german_keeps_the_typed_example() -> None:
    with use_language("de"):
        message = _refusal("zzz").message
    assert message == "'zzz' ist unverständlich: Gib ein Plättchen und ein Feld an, z. B. 'H3 R2C4'"
    assert "cannot read" not in message
    assert _refusal("zzz").message == "cannot read 'zzz': write a tile and a site, e.g. 'H3 R2C4'"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Q9 R2C4", ("ist kein Plättchen", "H1-H5, S2-S6, F3-F7, SCH, PWR, MALL und CRT")),
        ("H3 R9C9", ("ist kein Feld", "R1C1 (oben links)", "R5C6 (unten rechts)")),
        ("swap R3 X7", ("ist keine Straße", "R1..R5 und C1..C6")),
        ("swap R3", ("ein Tausch nennt zwei Straßen", "'swap R3 C4'")),
        ("", ("gib einen Zug ein", "'H3 R2C4'")),
    ],
)
def test_cb_each_notation_fault_is_german(text: str, words: tuple[str, ...]) -> None:
    with use_language("de"):
        message = _refusal(text).message
    for word in words:
        assert word in message, message
    with use_language("qps"):
        assert bracketed(_refusal(text).message)


def test_cb_a_swap_of_one_street_names_rule_cb_13_in_german() -> None:
    """CB-13: a courthouse swaps the value tiles of two different streets."""
    with use_language("de"):
        error = _refusal("swap R3 R3")
    assert error.rule == "CB-13"
    assert error.message == "ein Tausch braucht zwei verschiedene Straßen"


def test_cb_bad_json_action_is_german() -> None:
    state = GAME.new_state(2, seed=3)
    with use_language("de"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "fly"})
    assert error.value.message == "unbekannter Aktionstyp 'fly' (build, rebuild, swap, noswap)"
    with use_language("qps"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "build", "tile": 3})
    assert bracketed(error.value.message)


def test_cb_bad_option_value_is_german() -> None:
    """The courthouse-swap option is CB-A-2; a value that is no yes/no is refused in the reader's language."""
    with use_language("de"), pytest.raises(BadOptions) as error:
        GAME.new_state(2, options={"court_via_rebuild": "maybe"})
    assert error.value.field == "court_via_rebuild"
    assert "'maybe'" in error.value.message and "erwartet" in error.value.message
    with use_language("qps"), pytest.raises(BadOptions) as error:
        GAME.new_state(2, options={"court_via_rebuild": "maybe"})
    assert bracketed(error.value.message)


@pytest.mark.parametrize(
    ("setup", "field", "words"),
    [
        ({"value_tiles": [1, 2]}, "setup.value_tiles", ("Wertplättchen", "(CB-3)")),
        ({"slots": {"R1": 1}}, "setup.slots.R2", ("braucht ein Wertplättchen von 1 bis 15",)),
        ({"start_player": 2}, "setup.start_player", ("muss 0 (Blau) oder 1 (Rot) sein",)),
        ({"piles": [["H1"], ["H1"]]}, "setup.piles[0]", ("(CB-1)", "20 Plättchen")),
        ({"hands": []}, "setup.hands", ("unbekannter Aufbau-Schlüssel", "value_tiles, slots, start_player, piles")),
    ],
)
def test_cb_refused_setup_is_german(setup: dict[str, object], field: str, words: tuple[str, ...]) -> None:
    """A record's explicit setup is checked against CB-1, CB-3 and CB-7 (shown when a record is uploaded)."""
    with use_language("de"), pytest.raises(BadRecord) as error:
        GAME.new_state(2, setup=setup)
    assert error.value.field == field
    for word in words:
        assert word in error.value.message, error.value.message
    with use_language("qps"), pytest.raises(BadRecord) as error:
        GAME.new_state(2, setup=setup)
    assert bracketed(error.value.message)
