"""Guildhall components as data (GH-1 to GH-8, §13): the profession cards and the prestige deck, loaded from the JSON
files in `data/` and validated on load. Errors are `BadContent` naming the file, the record and the field.

A profession card is an int `card = profession * 5 + colour` (its identity, GH-4); copies of one identity are fungible,
so zones hold identities. The engine reads every count and every ability parameter from here, never from literals,
so the printed prestige deck can replace the stand-in by editing `data/prestige_cards.json` only.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from guildtable.kernel import BadContent

DATA: Final = Path(__file__).parent / "data"
PROFESSIONS_FILE: Final = "professions.json"
PRESTIGE_FILE: Final = "prestige_cards.json"

COLOURS: Final = 5
PROFESSIONS: Final = 6
IDENTITIES: Final = PROFESSIONS * COLOURS
FULL_CHAPTER: Final = (1 << COLOURS) - 1
EFFECT_TYPES: Final = ("robber", "scholar", "hunter", "peddler", "bricklayer", "tax")
ABILITY_TYPES: Final = ("take_chapter", "swap_1_for_2", "hand_to_guildhall_any", "draw", "take_card", "extra_actions")
PRESTIGE_TOTAL: Final = 30


@dataclass(frozen=True, slots=True)
class Level:
    """One ability level of a profession: usable when `threshold` <= the chapter size (GH-32)."""

    threshold: int
    kind: str  # effect type
    cards: int = 0  # robber: cards taken; scholar: cards revealed; hunter: cards taken; peddler: hand cards given
    choose: bool = False  # robber: look at the hand and choose (levels 2/4) rather than random (level 0)
    give_chapter: bool = False  # hunter gives / peddler takes one whole chapter instead of `cards` cards
    extra_actions: int = 0  # peddler
    draw: int = 0  # bricklayer
    put_back: int = 0  # bricklayer
    vp: int = 0  # tax collector


@dataclass(frozen=True, slots=True)
class Profession:
    key: str
    name_en: str
    name_de: str
    text_en: str
    copies_per_colour: int
    levels: tuple[Level, ...]


@dataclass(frozen=True, slots=True)
class PrestigeType:
    type_id: str
    vp: int
    cost: int
    ability: str | None
    n: int
    copies: int
    small_game_remove: int
    official: bool
    name_de: str
    text_de: str
    text_en: str


@dataclass(frozen=True, slots=True)
class Content:
    colours: tuple[str, ...]
    professions: tuple[Profession, ...]
    prestige: tuple[PrestigeType, ...]
    official_prestige: bool

    def full_deck(self) -> list[int]:
        """The 120 profession cards as identities, in a fixed order (GH-1)."""
        return [
            prof * COLOURS + colour
            for prof, profession in enumerate(self.professions)
            for colour in range(COLOURS)
            for _ in range(profession.copies_per_colour)
        ]

    def prestige_deck(self) -> list[int]:
        """Every prestige card as its type index (GH-6)."""
        return [index for index, kind in enumerate(self.prestige) for _ in range(kind.copies)]


def _need(file: str, record: str, data: Mapping[str, object], field: str, kind: type | tuple[type, ...]) -> Any:
    if field not in data:
        raise BadContent(file, record, field, "missing")
    value = data[field]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadContent(file, record, field, f"must be {names}, not {value!r}")
    return value


def _positive(file: str, record: str, data: Mapping[str, object], field: str, low: int = 1, high: int = 99) -> int:
    value = _need(file, record, data, field, int)
    if not low <= value <= high:
        raise BadContent(file, record, field, f"must be between {low} and {high}, not {value}")
    return int(value)


def _level(file: str, record: str, index: int, raw: Any) -> Level:
    where = f"levels[{index}]"
    if not isinstance(raw, dict):
        raise BadContent(file, record, where, "a level is an object with threshold and effect")
    threshold = _positive(file, record, raw, "threshold", 0, 4) if "threshold" in raw else None
    if threshold is None:
        raise BadContent(file, record, f"{where}.threshold", "missing")
    effect = raw.get("effect")
    if not isinstance(effect, dict):
        raise BadContent(file, record, f"{where}.effect", "missing or not an object")
    kind = effect.get("type")
    if kind not in EFFECT_TYPES:
        raise BadContent(file, record, f"{where}.effect.type", f"{kind!r} is not one of {', '.join(EFFECT_TYPES)}")
    f = f"{where}.effect"

    def num(name: str, low: int = 1, high: int = 9) -> int:
        value = effect.get(name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadContent(file, record, f"{f}.{name}", f"must be a whole number {low}..{high}, not {value!r}")
        return value

    def cards_or_chapter(name: str) -> tuple[int, bool]:
        value = effect.get(name)
        if isinstance(value, dict) and value == {"chapters": 1}:
            return 0, True
        if isinstance(value, dict) and set(value) == {"cards"} and isinstance(value["cards"], int):
            return int(value["cards"]), False
        raise BadContent(file, record, f"{f}.{name}", 'must be {"cards": n} or {"chapters": 1}')

    if kind == "robber":
        mode = effect.get("mode")
        if mode not in ("random", "choose"):
            raise BadContent(file, record, f"{f}.mode", "must be random or choose")
        return Level(threshold, kind, cards=num("cards", 1, 2), choose=mode == "choose")
    if kind == "scholar":
        return Level(threshold, kind, cards=num("cards"))
    if kind == "hunter":
        take = num("take")
        give, chapter = cards_or_chapter("give")
        if not chapter and give != take:
            raise BadContent(file, record, f"{f}.give", "a Hunter swaps as many cards as it takes")
        return Level(threshold, kind, cards=take, give_chapter=chapter)
    if kind == "peddler":
        give = num("give_hand")
        take, chapter = cards_or_chapter("take")
        if not chapter and take != give:
            raise BadContent(file, record, f"{f}.take", "a Peddler swaps as many cards as it gives")
        return Level(threshold, kind, cards=give, give_chapter=chapter, extra_actions=num("extra_actions", 0, 3))
    if kind == "bricklayer":
        return Level(threshold, kind, draw=num("draw"), put_back=num("put_back"))
    if num("give_cards", 1, 1) != 1:  # pragma: no cover - num() already bounds it
        raise BadContent(file, record, f"{f}.give_cards", "must be 1")
    return Level(threshold, kind, vp=num("vp", 0, 9))


def parse_professions(data: Any, file: str = PROFESSIONS_FILE) -> tuple[tuple[str, ...], tuple[Profession, ...]]:
    """Validate the profession records (GH-1 to GH-5, §13.1)."""
    records = data.get("professions") if isinstance(data, dict) else data
    if not isinstance(records, list):
        raise BadContent(file, "", "professions", "must be a list of profession records")
    if len(records) != PROFESSIONS:
        raise BadContent(file, "", "professions", f"a game uses exactly {PROFESSIONS} professions, not {len(records)}")
    colours: tuple[str, ...] | None = None
    seen: set[str] = set()
    result = []
    total = 0
    for index, raw in enumerate(records):
        record = f"#{index}"
        if not isinstance(raw, dict):
            raise BadContent(file, record, "", "a profession is an object")
        key = _need(file, record, raw, "id", str)
        record = key
        if key in seen:
            raise BadContent(file, record, "id", "appears twice")
        seen.add(key)
        name_de = _need(file, record, raw, "name_de", str)
        name_en = _need(file, record, raw, "name_en", str)
        own = tuple(_need(file, record, raw, "colours", list))
        if len(own) != COLOURS or len(set(own)) != COLOURS or not all(isinstance(c, str) for c in own):
            raise BadContent(file, record, "colours", f"must name {COLOURS} different colours")
        if colours is None:
            colours = own
        elif own != colours:
            raise BadContent(file, record, "colours", f"must be the same colours as the others: {list(colours)}")
        copies = _positive(file, record, raw, "copies_per_colour", 1, 9)
        total += copies * COLOURS
        raw_levels = _need(file, record, raw, "levels", list)
        if not raw_levels:
            raise BadContent(file, record, "levels", "needs at least one level")
        levels = tuple(_level(file, record, i, level) for i, level in enumerate(raw_levels))
        thresholds = [level.threshold for level in levels]
        if thresholds != sorted(set(thresholds)):
            raise BadContent(file, record, "levels", "thresholds must be strictly ascending")
        if len({level.kind for level in levels}) != 1:
            raise BadContent(file, record, "levels", "all levels of one profession share one effect type")
        result.append(Profession(key, name_en, name_de, str(raw.get("text_en", "")), copies, levels))
    if total != 120:
        raise BadContent(file, "", "copies_per_colour", f"the profession cards must total 120 (GH-1), not {total}")
    assert colours is not None
    return colours, tuple(result)


def parse_prestige(data: Any, file: str = PRESTIGE_FILE) -> tuple[tuple[PrestigeType, ...], bool]:
    """Validate the prestige card types (GH-6, §13.2): 30 cards in all, costs 1 or 2."""
    records = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(records, list) or not records:
        raise BadContent(file, "", "cards", "must be a non-empty list of prestige card types")
    seen: set[str] = set()
    result = []
    for index, raw in enumerate(records):
        record = f"#{index}"
        if not isinstance(raw, dict):
            raise BadContent(file, record, "", "a prestige card type is an object")
        type_id = _need(file, record, raw, "type_id", str)
        record = type_id
        if type_id in seen:
            raise BadContent(file, record, "type_id", "appears twice")
        seen.add(type_id)
        vp = _positive(file, record, raw, "vp", 1, 99)
        cost = _positive(file, record, raw, "cost_chapters", 1, 2)
        copies = _positive(file, record, raw, "copies", 1, PRESTIGE_TOTAL)
        default_remove = 2 if vp == 5 else 1
        remove = raw.get("small_game_remove", default_remove)
        if isinstance(remove, bool) or not isinstance(remove, int) or not 0 <= remove <= copies:
            raise BadContent(file, record, "small_game_remove", f"must be a whole number 0..{copies}")
        official = raw.get("official", True)
        if not isinstance(official, bool):
            raise BadContent(file, record, "official", "must be true or false")
        ability_raw = raw.get("ability", None) if "ability" in raw else _need(file, record, raw, "ability", dict)
        ability: str | None = None
        n: Any = 0
        if ability_raw is not None:
            if not isinstance(ability_raw, dict) or ability_raw.get("type") not in ABILITY_TYPES:
                raise BadContent(file, record, "ability.type", f"must be one of {', '.join(ABILITY_TYPES)} or null")
            ability = ability_raw["type"]
            if ability in ("draw", "extra_actions"):
                n = ability_raw.get("n")
                if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 9:
                    raise BadContent(file, record, "ability.n", f"{ability} needs a whole number n in 1..9")
        texts = []
        for name in ("name_de", "text_de", "text_en"):
            value = raw.get(name, "")
            if not isinstance(value, str):
                raise BadContent(file, record, name, "must be text")
            texts.append(value)
        result.append(PrestigeType(type_id, vp, cost, ability, n, copies, remove, official, *texts))
    total = sum(kind.copies for kind in result)
    if total != PRESTIGE_TOTAL:
        raise BadContent(file, "", "copies", f"the prestige cards must total {PRESTIGE_TOTAL} (GH-6), not {total}")
    return tuple(result), all(kind.official for kind in result)


def _read(name: str) -> Any:
    try:
        return json.loads((DATA / name).read_text(encoding="utf-8"))
    except OSError as error:
        raise BadContent(name, "", "", f"cannot read: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise BadContent(name, "", "", f"not valid JSON (line {error.lineno}: {error.msg})") from None


def load_content() -> Content:
    colours, professions = parse_professions(_read(PROFESSIONS_FILE))
    prestige, official = parse_prestige(_read(PRESTIGE_FILE))
    return Content(colours, professions, prestige, official)


CONTENT: Final = load_content()
COLOUR_NAMES: Final[tuple[str, ...]] = CONTENT.colours
PROFESSION_NAMES: Final[tuple[str, ...]] = tuple(p.name_en for p in CONTENT.professions)
# Professions by effect type, for rules that name one (the Hunter's discard-pile search, GH-20).
EFFECT_OF: Final[tuple[str, ...]] = tuple(p.levels[0].kind for p in CONTENT.professions)
CARD_NAMES: Final[tuple[str, ...]] = tuple(
    f"{COLOUR_NAMES[card % COLOURS]} {PROFESSION_NAMES[card // COLOURS]}" for card in range(IDENTITIES)
)
# The ability levels of each profession, the prestige card types, and the Hunter's profession (-1: none), read by the
# rules at every step.
LEVELS: Final[tuple[tuple[Level, ...], ...]] = tuple(p.levels for p in CONTENT.professions)
PRESTIGE: Final = CONTENT.prestige
HUNTER: Final = next((i for i, p in enumerate(CONTENT.professions) if p.levels[0].kind == "hunter"), -1)
_SCALED_TAX: Final = Level(0, "tax", vp=0)


def level_of(lv: int) -> Level:
    """The level an ability's `level` field names: `lv = profession * 8 + level index`; index 7 is the single scaled
    Tax Collector ability (tax_collector_model=single_scaled, GH-D1), whose VP are settled when it is chosen."""
    prof = lv // 8
    index = lv % 8
    if index == 7:
        return _SCALED_TAX
    return LEVELS[prof][index]


# How a profession or colour may be typed: full names, German names, ids and short prefixes.
PROFESSION_ALIASES: dict[str, int] = {}
for _index, _prof in enumerate(CONTENT.professions):
    for _alias in (_prof.key, _prof.name_en, _prof.name_de, _prof.name_en.replace(" ", ""), _prof.key[:3]):
        PROFESSION_ALIASES[_alias.lower().replace(" ", "").replace("_", "")] = _index
COLOUR_ALIASES: dict[str, int] = {}
for _index, _colour in enumerate(COLOUR_NAMES):
    COLOUR_ALIASES[_colour] = _index
    COLOUR_ALIASES[_colour[:3]] = _index
COLOUR_ALIASES.update(
    {k: v for k, v in {"rot": 0, "blau": 1, "gelb": 2, "grün": 3, "gruen": 3, "lila": 4}.items() if v < COLOURS}
)


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def card_of(name: str) -> int | None:
    """The identity named by 'red Scholar' (any order, short forms allowed), or None."""
    words = name.replace("-", " ").replace(".", " ").split()
    colour = prof = None
    rest = []
    for word in words:
        low = word.lower()
        if colour is None and low in COLOUR_ALIASES:
            colour = COLOUR_ALIASES[low]
        else:
            rest.append(low)
    if rest:
        prof = PROFESSION_ALIASES.get("".join(rest))
    if colour is None or prof is None:
        return None
    return prof * COLOURS + colour
