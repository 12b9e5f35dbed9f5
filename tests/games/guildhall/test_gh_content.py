"""Components as data (GH-1 to GH-8, §13): the shipped files, their validation, and the stand-in prestige deck."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.content import (
    COLOUR_NAMES,
    CONTENT,
    DATA,
    PRESTIGE_FILE,
    PROFESSION_NAMES,
    PROFESSIONS_FILE,
    card_of,
    parse_prestige,
    parse_professions,
)
from guildtable.kernel import BadContent


def raw(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def test_gh_1_120_cards_4_copies_of_30_identities() -> None:
    """GH-1, GH-4: 6 professions × 5 colours × 4 copies; an identity is (profession, colour)."""
    deck = CONTENT.full_deck()
    assert len(deck) == 120
    counts = Counter(deck)
    assert len(counts) == 30 and set(counts.values()) == {4}
    assert card_of("yellow Scholar") == card_of("Scholar yellow") == card_of("gelb Gelehrter")


def test_gh_2_and_gh_3_professions_and_colours() -> None:
    """GH-2, GH-3."""
    assert PROFESSION_NAMES == ("Robber", "Scholar", "Hunter", "Peddler", "Bricklayer", "Tax Collector")
    assert COLOUR_NAMES == ("red", "blue", "yellow", "green", "purple")


def test_gh_5_levels_come_from_the_data() -> None:
    """GH-5, GH-99, GH-D1: every profession has its thresholds; the Tax Collector's are 1/2/3/4."""
    thresholds = [[level.threshold for level in p.levels] for p in CONTENT.professions]
    assert thresholds == [[0, 2, 4]] * 5 + [[1, 2, 3, 4]]
    robber = CONTENT.professions[0].levels
    assert [(lv.cards, lv.choose) for lv in robber] == [(1, False), (1, True), (2, True)]


def test_gh_6_and_gh_d2_stand_in_prestige_deck_is_flagged() -> None:
    """GH-6, GH-D2, §13.3: 30 cards of costs 1 or 2, every record `official: false`, the game and views say so."""
    assert len(CONTENT.prestige_deck()) == 30
    assert {kind.cost for kind in CONTENT.prestige} == {1, 2}
    assert all(not record["official"] for record in raw(PRESTIGE_FILE)["cards"])
    assert GAME.official_content is False
    assert "stand-in" in GAME.content_note.lower()
    state = GAME.new_state(3, seed=1)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["official_content"] is False
        assert view["content_note"] == GAME.content_note
        assert all(card["official"] is False for card in view["row"])


def test_gh_7_gh_8_and_gh_d24_vp_tokens_are_an_integer() -> None:
    """GH-7, GH-8, GH-D24: the token supply is unlimited; the engine keeps one integer per player."""
    state = GAME.new_state(2, seed=1)
    assert state.tokens == [0, 0]
    state.tokens[0] = 1000  # no stock limit
    assert state.vp(0) == 1000


def test_gh_d25_profession_set_option() -> None:
    """GH-D25: the profession set is an option; only the Job Faire six ship."""
    option = next(o for o in GAME.options if o.name == "profession_set")
    assert option.choices == ("job_faire",)


def _bad_profession(mutate: Any) -> BadContent:
    data = copy.deepcopy(raw(PROFESSIONS_FILE))
    mutate(data["professions"])
    with pytest.raises(BadContent) as error:
        parse_professions(data)
    return error.value


def test_gh_content_validation_names_file_record_and_field() -> None:
    """§13.1: malformed profession records are refused, naming the file, the record and the field."""
    error = _bad_profession(lambda ps: ps[1].update(copies_per_colour=3))
    assert (error.file, error.field) == (PROFESSIONS_FILE, "copies_per_colour")
    error = _bad_profession(lambda ps: ps[2]["levels"][1].update(threshold=7))
    assert (error.record, error.field) == ("hunter", "threshold")
    error = _bad_profession(lambda ps: ps[0]["levels"][0]["effect"].update(type="wizard"))
    assert error.record == "robber" and error.field == "levels[0].effect.type"
    error = _bad_profession(lambda ps: ps[3].update(colours=["red", "red", "blue", "green", "purple"]))
    assert error.field == "colours"
    error = _bad_profession(lambda ps: ps[4].pop("name_en"))
    assert error.record == "bricklayer" and error.field == "name_en"
    error = _bad_profession(lambda ps: ps.pop())
    assert error.field == "professions"
    error = _bad_profession(lambda ps: ps[1].update(id="robber"))
    assert error.field == "id"


def _bad_prestige(mutate: Any) -> BadContent:
    data = copy.deepcopy(raw(PRESTIGE_FILE))
    mutate(data["cards"])
    with pytest.raises(BadContent) as error:
        parse_prestige(data)
    return error.value


def test_gh_prestige_validation_names_file_record_and_field() -> None:
    """§13.2: 30 cards in all, positive VP, cost 1 or 2, known abilities."""
    error = _bad_prestige(lambda cs: cs[0].update(copies=5))
    assert (error.file, error.field) == (PRESTIGE_FILE, "copies")
    error = _bad_prestige(lambda cs: cs[1].update(cost_chapters=3))
    assert (error.record, error.field) == ("p3_swap", "cost_chapters")
    error = _bad_prestige(lambda cs: cs[2].update(vp=0))
    assert error.field == "vp"
    error = _bad_prestige(lambda cs: cs[3].update(ability={"type": "teleport"}))
    assert (error.record, error.field) == ("p4_draw5", "ability.type")
    error = _bad_prestige(lambda cs: cs[3].update(ability={"type": "draw"}))
    assert error.field == "ability.n"
    error = _bad_prestige(lambda cs: cs[4].update(official="no"))
    assert error.field == "official"


def test_gh_real_deck_drops_in_as_data() -> None:
    """GH-D2: a differently composed deck (all official) is accepted by the same parser."""
    data = copy.deepcopy(raw(PRESTIGE_FILE))
    for card in data["cards"]:
        card["official"] = True
    data["cards"][6]["copies"] = 7
    data["cards"][8]["copies"] = 3
    kinds, official = parse_prestige(data)
    assert official is True and sum(k.copies for k in kinds) == 30
