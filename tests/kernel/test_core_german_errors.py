"""Refusals of the core in German (Issue 15): bad bot specs, malformed records, unknown games and options, and
tournaments that cannot be played come from the `core` catalogue, in German under `de` and wholly translated
(bracketed) under the pseudo-locale. What a person types (`ms=1`, `key=value`, the bad spec itself) stays as typed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from guildtable.arena.journal import load_tournament
from guildtable.arena.tournament import Tournament
from guildtable.bots.spec import check_web_spec, make_bot
from guildtable.kernel import BadOptions, BadRecord, GuildtableError
from guildtable.kernel.i18n import use_language
from guildtable.kernel.records import parse_record
from guildtable.kernel.registry import get_game
from pseudo import bracketed

GAME = "city-blocks"


def _options_refusal(call: Callable[[], object]) -> BadOptions:
    with pytest.raises(BadOptions) as caught:
        call()
    return caught.value


def _record_refusal(source: str | dict[str, Any]) -> BadRecord:
    with pytest.raises(BadRecord) as caught:
        parse_record(source)
    return caught.value


def test_a_web_bot_spec_over_the_time_limit_is_refused_in_german() -> None:
    """Issue 15: the lobby shows this as "seat 2: …"."""
    with use_language("de"):
        error = _options_refusal(lambda: check_web_spec("ismcts:ms=999999"))
    assert error.field == "ismcts:ms"
    assert error.message == "ein Bot denkt hier höchstens 3000 ms pro Zug (ms=1 bis 3000)"
    assert "thinks at most" not in error.message


def test_an_unknown_bot_and_a_bad_parameter_are_refused_in_german() -> None:
    """Issue 15: the spec the person typed is quoted as typed, the sentence around it is German."""
    with use_language("de"):
        unknown = _options_refusal(lambda: make_bot("wizard"))
        parameter = _options_refusal(lambda: make_bot("ismcts:depth=3"))
        number = _options_refusal(lambda: make_bot("ismcts:ms=fast"))
        pair = _options_refusal(lambda: make_bot("ismcts:ms"))
    assert unknown.message.startswith("unbekannter Bot 'wizard'; die Bots sind: ")
    assert "easy" in unknown.message and "unknown bot" not in unknown.message
    assert parameter.message.startswith("unbekannter ISMCTS-Parameter; die Parameter sind: ")
    assert number.message == "'fast' ist keine Zahl"
    assert pair.message == "Bot-Parameter werden als key=value geschrieben, nicht 'ms'"
    with use_language("en"):
        assert _options_refusal(lambda: make_bot("wizard")).message.startswith("unknown bot 'wizard'; the bots are: ")


def test_a_malformed_record_is_refused_in_german() -> None:
    """Issue 15: invalid JSON and a JSON value that is not an object, as the replay upload page and the CLI show
    them. json's own reason ("Expecting value") stays English inside the German sentence."""
    with use_language("de"):
        not_json = _record_refusal("{not json")
        not_object = _record_refusal("[1, 2]")
        bad_seed = _record_refusal({"game": GAME, "players": [{"name": "Ada"}], "seed": -1})
    assert not_json.field == "record"
    assert not_json.message.startswith("kein gültiges JSON (Zeile 1, Spalte 2: ")
    assert "not valid JSON" not in not_json.message
    assert not_object.message == "eine Aufzeichnung ist ein JSON-Objekt"
    # Our own validator's reason, translated, without pydantic's English "Value error, " in front.
    assert (bad_seed.field, bad_seed.message) == ("seed", "ein Seed ist eine ganze Zahl von 0 bis unter 2**256")


def test_an_unknown_game_and_an_unknown_option_are_refused_in_german() -> None:
    """Issue 15."""
    with use_language("de"):
        with pytest.raises(GuildtableError) as caught:
            get_game("chess")
        option = _options_refusal(lambda: get_game(GAME).new_state(2, options={"speed": "fast"}))
    assert str(caught.value).startswith("unbekanntes Spiel 'chess'; die Spiele sind: ")
    assert option.field == "speed"
    assert option.message.startswith("unbekannte Option (dieses Spiel hat: ")


def test_a_tournament_with_too_few_bots_is_refused_in_german(tmp_path: Path) -> None:
    """Issue 15: too few entrants, no game to play, and a directory without a tournament."""
    with use_language("de"):
        few = _options_refusal(lambda: Tournament(GAME, 2, ("random",), games=4).check())
        none = _options_refusal(lambda: Tournament(GAME, 2, ("random", "greedy"), games=0).check())
        with pytest.raises(BadRecord) as caught:
            load_tournament(tmp_path)
    assert few.field == "bots"
    assert few.message == (
        "nenne mindestens 2 Teilnehmer für 2 Plätze (wiederhole eine Bot-Angabe, um sie zweimal zu setzen)"
    )
    assert "entrants" not in few.message
    assert none.message == "spiel mindestens eine Partie"
    assert caught.value.message == "hier ist kein Turnier (kein tournament.json)"
    with use_language("en"):
        english = _options_refusal(lambda: Tournament(GAME, 2, ("random",), games=4).check())
    assert english.message == "name at least 2 entrants for 2 seats (repeat a spec to seat it twice)"


def test_core_refusals_are_wholly_translated_in_the_pseudo_locale() -> None:
    """Issue 15: every word of these refusals comes from the catalogue (the typed spec and numbers are inside the
    brackets, as placeholder values)."""
    with use_language("qps"):
        messages = [
            _options_refusal(lambda: check_web_spec("ismcts:ms=999999")).message,
            _options_refusal(lambda: check_web_spec("hard:iterations=999999")).message,
            _options_refusal(lambda: make_bot("ismcts:iterations=0,ms=0")).message,
            _options_refusal(lambda: make_bot("random:x=1")).message,
            _record_refusal("[]").message,
            _record_refusal("{").message,
            _options_refusal(lambda: Tournament(GAME, 2, ("random",), games=1).check()).message,
            _options_refusal(lambda: get_game(GAME).new_state(2, options={"speed": "fast"})).message,
        ]
    for message in messages:
        assert bracketed(message), message
