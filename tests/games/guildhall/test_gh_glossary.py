"""The Guildhall glossary (`Game.glossary`, issue 13): every profession and every prestige card type has a plain name
and text, each level of the data has its own line, and the texts follow the data files rather than copied prose."""

from __future__ import annotations

import json
import re
from typing import Any

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.content import DATA, PRESTIGE_FILE, PROFESSIONS_FILE
from guildtable.kernel.glossary import glossary_json

RULE_ID = re.compile(r"\bGH-\w*\d")
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def _data(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def test_gh_glossary_has_every_profession_with_one_line_per_level_of_the_data() -> None:
    """GH-2, GH-32, GH-64 to GH-101, GH-D1: key = profession id, one detail per level labelled by its threshold from
    the data (the Tax Collector's 1, 2, 3, 4 included), each saying what the level does with the data's numbers."""
    glossary = GAME.glossary()
    professions = _data(PROFESSIONS_FILE)["professions"]
    assert isinstance(professions, list) and len(professions) == 6
    for record in professions:
        piece = glossary[record["id"]]
        assert piece.name == record["name_en"]
        assert piece.text == record["text_en"]
        levels = record["levels"]
        assert [detail.level for detail in piece.details] == [level["threshold"] for level in levels]
        assert [detail.label for detail in piece.details] == [f"Level {level['threshold']}" for level in levels]
        for detail, level in zip(piece.details, levels, strict=True):
            effect = level["effect"]
            numbers = [
                value
                for key, value in effect.items()
                if key not in ("type", "give_cards") and isinstance(value, int) and value > 0
            ]
            numbers += [value["cards"] for value in effect.values() if isinstance(value, dict) and "cards" in value]
            for number in numbers:
                said = rf"\b{number}\b" if number > 1 else r"\b1\b|the top card"
                assert re.search(said, detail.text), (record["id"], effect, detail.text)
            if any(isinstance(value, dict) and "chapters" in value for value in effect.values()):
                assert "whole chapter" in detail.text, detail.text
            if effect.get("mode") == "random":
                assert "random" in detail.text
            if effect.get("mode") == "choose":
                assert "of your choice" in detail.text
            assert not RULE_ID.search(detail.text) and not SNAKE.search(detail.text), detail.text
    tax = glossary["tax_collector"]
    assert [detail.label for detail in tax.details] == ["Level 1", "Level 2", "Level 3", "Level 4"]
    assert tax.details[2].text == "Gain 3 VP, then move 1 card of your guildhall into another player's guildhall"
    assert glossary["robber"].details[0].text == ("Take 1 random card from another player's hand into your guildhall")


def test_gh_glossary_has_every_prestige_type_with_name_text_vp_and_cost() -> None:
    """GH-6, GH-43, GH-102 to GH-109: key = type id; a plain name (not the id), what it does, its VP and its cost in
    completed chapters, all as in the data file."""
    glossary = GAME.glossary()
    cards = _data(PRESTIGE_FILE)["cards"]
    assert isinstance(cards, list)
    names = set()
    for record in cards:
        piece = glossary[record["type_id"]]
        assert piece.name != record["type_id"] and not SNAKE.search(piece.name), piece.name
        assert not RULE_ID.search(piece.name + piece.text)
        names.add(piece.name)
        details = {detail.label: detail.text for detail in piece.details}
        assert details["VP"] == str(record["vp"])
        cost = record["cost_chapters"]
        assert details["Cost"] == f"{cost} completed chapter{'s' if cost > 1 else ''}"
        if record["ability"] is None:
            assert piece.text == f"No ability: worth {record['vp']} VP."
        else:
            assert piece.text == record["text_en"]
    assert len(names) == len(cards), "two prestige types share a name"
    assert glossary["p2_take_chapter"].name == "Take a chapter"
    assert glossary["p7_extra2"].name == "2 extra actions"


def test_gh_glossary_holds_only_professions_and_prestige_types_and_serialises() -> None:
    """GH-1, GH-6: nothing else is in it, and the kernel's JSON form keeps every line."""
    glossary = GAME.glossary()
    expected = {p["id"] for p in _data(PROFESSIONS_FILE)["professions"]}
    expected |= {c["type_id"] for c in _data(PRESTIGE_FILE)["cards"]}
    assert set(glossary) == expected
    as_json = glossary_json(glossary)
    assert as_json["scholar"]["details"][1] == {
        "label": "Level 2",
        "text": "Put the top 3 cards of the draw deck straight into your guildhall",
        "level": 2,
    }
