"""Content as data (spec §15, GL-D33 to GL-D41): counts, ids, precedences, symbol colours and effect parameters,
with errors that name the file, record and field; the stand-in set loads and says it is not official."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london.content import (
    BUILDING_KEYS,
    CONTENT,
    DATA_DIR,
    PRIMITIVES,
    SYMBOLS,
    load_content,
)
from guildtable.kernel.errors import BadContent


def test_gl_2_3_tiles_are_40_guilds_and_5_named_buildings() -> None:
    """GL-2, GL-3, GL-D33, GL-D34: 40 guild tiles and the 5 special buildings, each once."""
    guilds = [t for t in CONTENT.tiles if t.kind == "guild"]
    buildings = [t for t in CONTENT.tiles if t.kind == "building"]
    assert len(guilds) == 40
    assert sorted(t.building_key for t in buildings) == sorted(BUILDING_KEYS)


def test_gl_15_16_tile_anatomy_minimum_symbols_rewards_precedence() -> None:
    """GL-15, GL-16: every tile has a minimum, symbols on both sides, first and second rewards, a precedence."""
    for tile in CONTENT.tiles:
        assert tile.minimum >= 1
        assert tile.front and tile.back
        assert tile.first
        assert tile.second_vp >= 0


def test_gl_d30_precedence_numbers_are_unique() -> None:
    """GL-D30, GL-28: one lowest tile for the Beadle."""
    precedences = [t.precedence for t in CONTENT.tiles]
    assert len(set(precedences)) == 45


def test_gl_12_18_105_action_cards_with_dots_numbers_costs_symbols() -> None:
    """GL-12, GL-18, GL-D35, GL-D36: 105 cards, unique numbers, copies = cards per effect, 1+ symbols each."""
    assert len(CONTENT.cards) == 105
    assert len({c.number for c in CONTENT.cards}) == 105
    for card in CONTENT.cards:
        assert card.symbols
        assert card.coins >= 0
        assert sum(1 for other in CONTENT.cards if other.effect_id == card.effect_id) >= 1


def test_gl_13_11_reward_cards_and_tokens() -> None:
    """GL-13, GL-11, GL-D37, GL-D38: 21 mayoral reward cards, 30 second-place tokens."""
    assert len(CONTENT.rewards) == 21
    assert sum(kind.copies for kind in CONTENT.tokens) == 30


def test_gl_4_d39_plantation_sides_and_ulster_left_reward() -> None:
    """GL-4, GL-94, GL-D39: two sides; Ulster's left reward draws 3 reward cards and keeps 1."""
    sides = {side.side: side for side in CONTENT.plantations}
    assert set(sides) == {"ulster", "virginia"}
    first = [CONTENT.effects[e] for e in sides["ulster"].first]
    assert [(e.kind, e.count, e.keep) for e in first] == [("reward_cards_choose", 3, 1)]


def test_gl_17_card_colours_match_symbols() -> None:
    """GL-17: compasses red, anchor blue, cross green, scythe yellow, crown purple (checked on load)."""
    raw = json.loads((DATA_DIR / "action_cards.json").read_text())
    colour = {"compasses": "red", "anchor": "blue", "cross": "green", "scythe": "yellow", "crown": "purple"}
    for record in raw:
        assert record["colours"] == [colour[s] for s in record["symbols"]]
    assert SYMBOLS == ("compasses", "anchor", "cross", "scythe", "crown")


def test_gl_d34_university_master_passive_is_hand_limit_plus_one() -> None:
    """GL-D34: the University record carries hand_limit_bonus 1; no other tile has a passive."""
    for tile in CONTENT.tiles:
        assert tile.hand_limit_bonus == (1 if tile.building_key == "university_of_london" else 0)


def test_gl_d7_d41_round_track_is_data() -> None:
    """GL-D7, GL-D41, GL-46, GL-48: rounds, grey and scoring rounds come from round_track.json."""
    assert CONTENT.tracks[2].rounds == 16 and CONTENT.tracks[3].rounds == 15 and CONTENT.tracks[4].rounds == 12
    assert CONTENT.tracks[4].grey == {3, 6, 9, 12}
    assert CONTENT.tracks[2].scoring == {2, 4, 6, 8, 10, 12, 14, 16}


def test_gl_d40_solo_is_not_offered() -> None:
    """GL-D40, GL-14: the solo sheet is not in the source, so the game is for 2 to 4 players only."""
    assert (GAME.min_players, GAME.max_players) == (2, 4)


def test_stand_in_content_is_marked_everywhere() -> None:
    """Every record says official: false; the Game and every view say the content is a stand-in."""
    for name in ("tiles", "action_cards", "reward_cards", "reward_tokens", "plantations"):
        assert all(record["official"] is False for record in json.loads((DATA_DIR / f"{name}.json").read_text()))
    assert GAME.official_content is False and "stand-in" in GAME.content_note
    view = GAME.new_state(3, seed=1).view(0)
    assert "Stand-in" in view["content"] and view["official_content"] is False


def test_every_effect_uses_a_known_primitive() -> None:
    """Spec §15.6 plus DESIGN.md §8: the one effect engine interprets every effect; no `custom`."""
    assert {e.kind for e in CONTENT.effects} <= set(PRIMITIVES)


# --- bad content files ------------------------------------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(directory: Path, name: str, change: Any) -> None:
    path = directory / name
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _set(index: int, key: str, value: Any) -> Any:
    def change(data: list[dict[str, Any]]) -> None:
        data[index][key] = value

    return change


BAD = [
    ("tiles.json", _set(1, "precedence", 1), "precedence"),
    ("tiles.json", _set(1, "id", "lamplighters"), "id"),
    ("tiles.json", _set(0, "minimum", 0), "minimum"),
    ("tiles.json", _set(0, "symbols_front", ["hammer"]), "symbols_front"),
    ("tiles.json", _set(0, "reward_first", [{"type": "vp"}]), "reward_first[0].amount"),
    ("tiles.json", _set(0, "reward_first", [{"type": "vp", "amount": 1, "extra": 2}]), "reward_first[0].extra"),
    ("tiles.json", _set(0, "reward_first", [{"type": "move_beadle"}]), "reward_first[0].type"),
    ("tiles.json", _set(0, "reward_first", [{"type": "custom", "id": "x"}]), "reward_first[0].type"),
    ("tiles.json", lambda d: d.pop(), "kind"),
    ("action_cards.json", _set(0, "number", 2), "number"),
    ("action_cards.json", _set(0, "colours", ["blue"]), "colours"),
    ("action_cards.json", _set(0, "copies", 4), "copies"),
    (
        "action_cards.json",
        _set(3, "effect", [{"trigger": "sometimes", "effects": [], "duration": "instant"}]),
        "trigger",
    ),
    ("action_cards.json", lambda d: d.pop(), ""),
    ("reward_cards.json", _set(0, "scoring", {"type": "per_controlled", "params": {}}), "vp_each"),
    ("reward_cards.json", _set(0, "scoring", {"type": "lucky", "params": {}}), "scoring.type"),
    ("reward_tokens.json", _set(0, "copies", 4), "copies"),
    ("reward_tokens.json", _set(0, "face", {"vp": 1, "symbol": None, "effect": None, "use": "later"}), "face.use"),
    ("plantations.json", lambda d: d[0]["first"].update(effects=[{"type": "vp", "amount": 3}]), "first.effects"),
    ("round_track.json", lambda d: d["4"].update(grey=[3, 6]), "grey"),
]


@pytest.mark.parametrize(("name", "change", "field"), BAD)
def test_bad_content_files_name_file_record_and_field(tmp_path: Path, name: str, change: Any, field: str) -> None:
    """The loader rejects faulty content with BadContent naming the file, the record and the field."""
    directory = _copy(tmp_path)
    _edit(directory, name, change)
    with pytest.raises(BadContent) as error:
        load_content(directory)
    assert error.value.file == name
    assert field in error.value.field


def test_unreadable_content_file_is_bad_content(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    (directory / "tiles.json").write_text("{not json")
    with pytest.raises(BadContent, match=r"tiles\.json"):
        load_content(directory)


def test_unchanged_copy_loads(tmp_path: Path) -> None:
    """The real content drops in by editing data only: a copy of the files loads the same."""
    content = load_content(_copy(tmp_path))
    assert [t.id for t in content.tiles] == [t.id for t in CONTENT.tiles]
