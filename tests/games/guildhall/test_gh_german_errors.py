"""Guildhall refusals in German (Issue 15): unreadable terminal answers, the JSON actions of the web client, a refused
explicit setup and a bad option value come from the catalogues, in the rulebook's terms (Berufsgruppe, Berufskarte,
Prestigekarte, Stufe, Platz), with the notation a person types (`red Scholar`, `level 2`, `target P2`) left exactly as
typed; in the pseudo-locale each such message is wholly from a catalogue (bracketed). The English wording is
unchanged."""

from __future__ import annotations

import pytest

from guildtable.kernel import BadOptions, BadRecord, IllegalAction
from guildtable.kernel.i18n import use_language
from guildtable.kernel.registry import get_game
from pseudo import bracketed

GAME = get_game("guildhall")


def _refusal(text: str) -> IllegalAction:
    state = GAME.new_state(2, seed=1)
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation(text)
    return error.value


def test_gh_unreadable_answer_in_german_keeps_the_typed_answers() -> None:
    with use_language("de"):
        message = _refusal("zzz").message
    assert message == (
        "'zzz' ist nicht lesbar: Nenne eine Karte mit Farbe und Berufsgruppe ('red Scholar') oder antworte mit play, "
        "discard-draw, buy, done, decline, use, 'level N', 'target P2', 'row N' oder 'chapter Scholar'"
    )
    assert "cannot read" not in message
    assert _refusal("zzz").message == (
        "cannot read 'zzz': name a card as colour and profession ('red Scholar'), or answer with play, discard-draw, "
        "buy, done, decline, use, 'level N', 'target P2', 'row N' or 'chapter Scholar'"
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ("gib eine Antwort ein", "'play red Scholar'", "'level 2'")),
        ("level 9", ("die Stufen sind 0..4, nicht 9",)),
        ("target P7", ("es gibt keinen Platz P7", "P1..P4")),
        ("row x", ("'row' braucht eine Zahl, nicht 'x'",)),
        ("row 8", ("die zentrale Reihe", "nicht 8")),
        ("chapter Wizard", ("'Wizard' ist keine Berufsgruppe", "Scholar")),
    ],
)
def test_gh_each_notation_fault_is_german(text: str, words: tuple[str, ...]) -> None:
    with use_language("de"):
        message = _refusal(text).message
    for word in words:
        assert word in message, message
    with use_language("qps"):
        assert bracketed(_refusal(text).message)


def test_gh_bad_json_action_is_german() -> None:
    state = GAME.new_state(2, seed=1)
    with use_language("de"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "level", "level": 9})
    assert error.value.message == "eine Aktion level braucht 'level' als ganze Zahl 0..4"
    with use_language("qps"), pytest.raises(IllegalAction) as error:
        state.action_from_json({"type": "fly"})
    assert bracketed(error.value.message)


def test_gh_start_player_option_beyond_the_seats_is_german() -> None:
    """GH-15 (the first player): a lobby's `start_player` option naming a seat the game does not have."""
    with use_language("de"), pytest.raises(BadRecord) as error:
        GAME.new_state(2, options={"start_player": "3"})
    assert error.value.field == "options.start_player"
    assert error.value.message == "bei 2 Spielern gibt es keinen Platz 3"
    with use_language("qps"), pytest.raises(BadRecord) as error:
        GAME.new_state(2, options={"start_player": "3"})
    assert bracketed(error.value.message)
    with use_language("de"), pytest.raises(BadOptions) as bad:
        GAME.new_state(2, options={"start_player": "9"})
    assert "'9'" in bad.value.message and "erlaubten" in bad.value.message


@pytest.mark.parametrize(
    ("setup", "field", "words"),
    [
        ({"deck": ["blue Wizard"]}, "setup.deck[0]", ("'blue Wizard' ist keine Karte wie 'red Scholar'",)),
        ({"deck": ["red Scholar"]}, "setup.deck", ("Berufskarte", "(je 4 Exemplare, GH-1)")),
        ({"deck": "all"}, "setup.deck", ("120 Kartennamen",)),
        ({"prestige": ["x"]}, "setup.prestige", ("Prestigekarten", "p5_plain")),
        ({"prestige": []}, "setup.prestige", ("Prestigekarten", "(GH-11)")),
        ({"start_player": 5}, "setup.start_player", ("muss ein Platz 0..1 sein",)),
        ({"hands": []}, "setup.hands", ("unbekannter Aufbau-Schlüssel", "deck, prestige, start_player")),
    ],
)
def test_gh_refused_setup_is_german(setup: dict[str, object], field: str, words: tuple[str, ...]) -> None:
    """A record's explicit setup is checked against GH-1, GH-11 and GH-15 (shown when a record is uploaded)."""
    with use_language("de"), pytest.raises(BadRecord) as error:
        GAME.new_state(2, setup=setup)
    assert error.value.field == field
    for word in words:
        assert word in error.value.message, error.value.message
    with use_language("qps"), pytest.raises(BadRecord) as error:
        GAME.new_state(2, setup=setup)
    assert bracketed(error.value.message)
