"""Guilds of London content: tiles, action cards, mayoral reward cards, tokens, plantation sides, round track and
layout, loaded from the JSON files of spec §15 and validated with errors that name the file, record and field.

The shipped set is the stand-in of `data/DESIGN.md` (every record `"official": false`); the real content drops in by
editing the data files only. Every effect is parsed into an `Effect` with a global index so that the one effect
engine (`flow.py`) can refer to it from the plain-int fields of a question. This module never touches a game state.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict, cast

from mypy_extensions import mypyc_attr

from guildtable.kernel.errors import BadContent

DATA_DIR = Path(__file__).parent / "data"

SYMBOLS = ("compasses", "anchor", "cross", "scythe", "crown")
SYMBOL_BIT = {name: 1 << index for index, name in enumerate(SYMBOLS)}
ALL_SYMBOLS = (1 << len(SYMBOLS)) - 1
COLOUR_OF = {"compasses": "red", "anchor": "blue", "cross": "green", "scythe": "yellow", "crown": "purple"}  # GL-17
BUILDING_KEYS = (
    "church_st_lawrence_jewry",
    "gog_magog",
    "gesellschaftssaal",
    "lord_mayors_parade",
    "university_of_london",
)
RETURN_FROM = ("guildhall", "front_tiles", "plantation", "masters")
EVENTS = ("move", "recruit", "to_plantation")
CONDITIONS = {
    "destination_has_symbol": ("symbol",),
    "controls_tile_with_symbol": ("symbol",),
    "controls_at_least": ("count",),
    "cards_played_at_least": ("count",),
}
# Each primitive with its required and optional parameters (spec §15.6 plus DESIGN.md §8).
PRIMITIVES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "vp": (("amount",), ()),
    "move": (("count", "symbol_restricted"), ("up_to",)),
    "reward_cards_choose": (("draw", "keep", "empty_deck_vp"), ()),
    "recruit": (("count",), ("destination",)),
    "to_plantation": (("count",), ("up_to",)),
    "draw_action": (("count",), ()),
    "hand_limit_bonus": (("value",), ()),
    "move_beadle": ((), ()),
}
TILE_REWARD_PRIMITIVES = ("vp", "move", "reward_cards_choose", "recruit", "to_plantation", "draw_action")
SCORING_TYPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "per_controlled_with_symbol": (("symbol", "vp_each"), ("max_vp",)),
    "set_of_symbols": (("symbols", "set_size", "vp_each"), ("max_vp",)),
    "per_controlled_with_attribute": (("attribute", "min", "max", "vp_each"), ("max_vp",)),
    "controls_building": (("buildings", "vp_each"), ("max_vp",)),
    "near_location": (("location", "diagonal", "vp_each"), ("max_vp",)),
    "adjacent_group": (("measure", "vp_each"), ("min_size", "max_vp")),
    "per_controlled": (("vp_each",), ("max_vp",)),
}
TOKEN_USES = ("immediate", "kept_passive", "spend_later", "endgame")


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive. `index` is its place in `Content.effects` (questions hold that int)."""

    index: int
    kind: str
    count: int = 0
    amount: int = 0
    symbol_restricted: bool = False
    up_to: bool = False
    to_plantation: bool = False  # recruit destination
    keep: int = 1
    empty_deck_vp: int = 5

    def describe(self) -> str:
        if self.kind == "vp":
            return f"{self.amount} VP"
        if self.kind == "move":
            restricted = " (matching symbol)" if self.symbol_restricted else ""
            return f"move {'up to ' if self.up_to else ''}{self.count}{restricted}"
        if self.kind == "reward_cards_choose":
            return f"reward cards: draw {self.count} keep {self.keep}"
        if self.kind == "recruit":
            return f"recruit {self.count}{' onto the plantation' if self.to_plantation else ''}"
        if self.kind == "to_plantation":
            return f"plantation {'up to ' if self.up_to else ''}{self.count}"
        if self.kind == "draw_action":
            return f"draw {self.count}"
        if self.kind == "hand_limit_bonus":
            return f"hand limit +{self.amount}"
        return "move the Beadle"


@dataclass(frozen=True, slots=True)
class Triggered:
    """A TriggeredEffect of an action card: when (`trigger`, `event`), if (`condition`), what (`effects`)."""

    trigger: str  # immediate | each_time | end_of_turn
    event: str  # for each_time
    condition: tuple[str, Any] | None  # (kind, value) with value a symbol bit or a count
    effects: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    index: int
    id: str
    kind: str
    building_key: str | None
    name: str
    minimum: int
    front: int  # symbol mask
    back: int
    symbols_front: tuple[str, ...]
    precedence: int
    first: tuple[int, ...]
    second_vp: int
    second_extra: tuple[int, ...]
    hand_limit_bonus: int  # master passive
    used_in_2p: bool


@dataclass(frozen=True, slots=True)
class ActionCard:
    index: int
    number: int
    effect_id: str
    name: str
    symbols: int
    symbol_names: tuple[str, ...]
    coins: int
    return_count: int
    return_from: int  # bits over RETURN_FROM
    effect: tuple[Triggered, ...]
    text: str
    family: str = ""  # the stand-in's theme family (DESIGN.md §8), display only
    copies: int = 1  # the dots: cards with exactly this effect (GL-18)


class RewardParams(TypedDict, total=False):
    """A mayoral reward card's scoring parameters (`SCORING_TYPES` says which each kind has; `scoring_params` checks
    them)."""

    vp_each: int
    max_vp: int
    symbol: str
    symbols: list[str]
    set_size: int
    attribute: str
    min: int | None
    max: int | None
    buildings: str | list[str]
    """"any" or building keys."""
    location: str
    diagonal: bool
    measure: str
    min_size: int


@dataclass(frozen=True, slots=True)
class RewardCard:
    index: int
    id: str
    name: str
    kind: str
    params: RewardParams
    text: str


@dataclass(frozen=True, slots=True)
class TokenKind:
    index: int
    id: str
    name: str
    vp: int
    symbol: int  # mask, 0 = none
    effect: int  # effect index or -1
    use: str
    copies: int
    text: str


@dataclass(frozen=True, slots=True)
class PlantationSide:
    side: str
    name: str
    first: tuple[int, ...]
    first_return: int
    second: tuple[int, ...]
    second_return: int


# A plain Python class even when compiled: a position holds its round track, and a compiled frozen dataclass cannot
# be deep-copied or pickled (copies set its fields one by one), as the RL environments' copies do.
@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class TrackSpec:
    rounds: int
    grey: frozenset[int]
    scoring: frozenset[int]
    growth: dict[int, tuple[str, int]]


@dataclass(slots=True)
class Content:
    tiles: tuple[Tile, ...]
    cards: tuple[ActionCard, ...]
    rewards: tuple[RewardCard, ...]
    tokens: tuple[TokenKind, ...]
    plantations: tuple[PlantationSide, ...]
    effects: tuple[Effect, ...]
    tracks: dict[int, TrackSpec]
    layout: dict[str, Any]  # layout.json as read (cells as [x, y] lists): setup.py reads it by key
    official: bool

    def tile_by_id(self, tile_id: str) -> Tile | None:
        return next((tile for tile in self.tiles if tile.id == tile_id), None)

    def card_by_number(self, number: int) -> ActionCard | None:
        return next((card for card in self.cards if card.number == number), None)


class _Reader:
    """Builds one `Content`, raising BadContent(file, record, field, message) at the first fault."""

    def __init__(self) -> None:
        self.effects: list[Effect] = []
        self.official: set[bool] = set()

    # --- small checks -------------------------------------------------------------------------------------------
    @staticmethod
    def fail(file: str, record: str, field: str, message: str) -> BadContent:
        return BadContent(file, record, field, message)

    def get(self, raw: Any, key: str, kind: type | tuple[type, ...], file: str, record: str, field: str = "") -> Any:
        where = f"{field}.{key}" if field else key
        if not isinstance(raw, dict):
            raise self.fail(file, record, field or "record", "expected a JSON object")
        if key not in raw:
            raise self.fail(file, record, where, "missing")
        value = raw[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(file, record, where, f"expected a whole number, got {value!r}")
        if not isinstance(value, kind):
            raise self.fail(file, record, where, f"wrong type {type(value).__name__}")
        return value

    def symbol_list(self, value: Any, file: str, record: str, field: str, allow_empty: bool = False) -> tuple[str, ...]:
        if not isinstance(value, list) or (not value and not allow_empty):
            raise self.fail(file, record, field, "expected a non-empty list of guild symbols")
        for symbol in value:
            if symbol not in SYMBOL_BIT:
                raise self.fail(file, record, field, f"{symbol!r} is not a guild symbol ({', '.join(SYMBOLS)})")
        if len(set(value)) != len(value):
            raise self.fail(file, record, field, "a symbol is listed twice")
        return tuple(value)

    def official_flag(self, raw: Mapping[str, object], file: str, record: str) -> None:
        flag = raw.get("official")
        if not isinstance(flag, bool):
            raise self.fail(file, record, "official", "every record says official: true or false")
        self.official.add(flag)

    def effect(self, raw: Any, file: str, record: str, field: str, allowed: tuple[str, ...] | None = None) -> int:
        """Parse one effect primitive with exactly its parameters; returns its global index."""
        if not isinstance(raw, dict):
            raise self.fail(file, record, field, "an effect is a JSON object with a 'type'")
        kind = raw.get("type")
        if kind == "custom":
            raise self.fail(file, record, f"{field}.type", "custom effects need card-specific code; use primitives")
        if kind not in PRIMITIVES or (allowed is not None and kind not in allowed):
            names = ", ".join(allowed or tuple(PRIMITIVES))
            raise self.fail(file, record, f"{field}.type", f"{kind!r} is not allowed here ({names})")
        required, optional = PRIMITIVES[kind]
        extra = set(raw) - {"type", *required, *optional}
        if extra:
            raise self.fail(file, record, f"{field}.{sorted(extra)[0]}", f"unknown parameter for {kind}")
        values: dict[str, Any] = {}  # each raw value checked below, then read into Effect's typed fields
        for key in required + optional:
            if key not in raw:
                if key in required:
                    raise self.fail(file, record, f"{field}.{key}", f"{kind} needs {key}")
                continue
            value = raw[key]
            if key in ("symbol_restricted", "up_to"):
                if not isinstance(value, bool):
                    raise self.fail(file, record, f"{field}.{key}", "expected true or false")
            elif key == "destination":
                if value not in ("guildhall", "plantation"):
                    raise self.fail(file, record, f"{field}.{key}", "expected guildhall or plantation")
            else:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise self.fail(file, record, f"{field}.{key}", f"expected a whole number, got {value!r}")
                low = 0 if key in ("empty_deck_vp", "amount") else 1
                if value < low:
                    raise self.fail(file, record, f"{field}.{key}", f"must be at least {low}")
            values[key] = value
        if kind == "reward_cards_choose" and values["keep"] != 1:
            raise self.fail(file, record, f"{field}.keep", "reward cards are always 'choose 1' (GL-106)")
        effect = Effect(
            index=len(self.effects),
            kind=kind,
            count=values.get("count", values.get("draw", 0)),
            amount=values.get("amount", values.get("value", 0)),
            symbol_restricted=values.get("symbol_restricted", False),
            up_to=values.get("up_to", False),
            to_plantation=values.get("destination") == "plantation",
            keep=values.get("keep", 1),
            empty_deck_vp=values.get("empty_deck_vp", 5),
        )
        self.effects.append(effect)
        return effect.index

    def effect_list(
        self, raw: Any, file: str, record: str, field: str, allowed: tuple[str, ...] | None
    ) -> tuple[int, ...]:
        if not isinstance(raw, list):
            raise self.fail(file, record, field, "expected a list of effects")
        return tuple(self.effect(item, file, record, f"{field}[{i}]", allowed) for i, item in enumerate(raw))

    # --- files --------------------------------------------------------------------------------------------------
    def records(
        self, data: Any, file: str, what: str, key: str = "id", kind: type = str, label: str = "{}"
    ) -> Iterator[tuple[Any, str, Any]]:
        """Each record of a list file with its label for errors and its unique `key` value, after checking the
        list, the key's type and uniqueness, and the `official` flag."""
        if not isinstance(data, list):
            raise self.fail(file, "", "", f"the top level is a list of {what} records")
        seen: set[Any] = set()
        for position, raw in enumerate(data):
            record = label.format(raw.get(key, f"#{position}")) if isinstance(raw, dict) else f"#{position}"
            value = self.get(raw, key, kind, file, record)
            if value in seen:
                raise self.fail(file, record, key, "duplicate id" if key == "id" else f"duplicate card {key}")
            seen.add(value)
            self.official_flag(raw, file, record)
            yield raw, record, value

    def tiles(self, data: Any) -> tuple[Tile, ...]:
        file = "tiles.json"
        tiles: list[Tile] = []
        precedences: dict[int, str] = {}
        buildings: dict[str, str] = {}
        for raw, record, tile_id in self.records(data, file, "tile"):
            kind = self.get(raw, "kind", str, file, record)
            if kind not in ("guild", "building"):
                raise self.fail(file, record, "kind", "expected guild or building")
            key = raw.get("building_key")
            if kind == "building":
                if key not in BUILDING_KEYS:
                    raise self.fail(file, record, "building_key", f"expected one of {', '.join(BUILDING_KEYS)}")
                if key in buildings:
                    raise self.fail(file, record, "building_key", f"{key} is already {buildings[key]}")
                buildings[key] = tile_id
            elif key is not None:
                raise self.fail(file, record, "building_key", "a guild tile has building_key null")
            minimum = self.get(raw, "minimum", int, file, record)
            if minimum < 1:
                raise self.fail(file, record, "minimum", "must be at least 1")
            front = self.symbol_list(raw.get("symbols_front"), file, record, "symbols_front")
            back = self.symbol_list(raw.get("symbols_back"), file, record, "symbols_back")
            precedence = self.get(raw, "precedence", int, file, record)
            if precedence in precedences:
                raise self.fail(file, record, "precedence", f"{precedence} is also {precedences[precedence]} (GL-D30)")
            precedences[precedence] = tile_id
            first = self.effect_list(raw.get("reward_first"), file, record, "reward_first", TILE_REWARD_PRIMITIVES)
            second = self.get(raw, "reward_second", dict, file, record)
            second_vp = self.get(second, "vp", int, file, record, "reward_second")
            if second_vp < 0:
                raise self.fail(file, record, "reward_second.vp", "must not be negative")
            extra = self.effect_list(
                second.get("extra", []), file, record, "reward_second.extra", TILE_REWARD_PRIMITIVES
            )
            passive = raw.get("master_passive")
            bonus = 0
            if passive is not None:
                eff = self.effects[self.effect(passive, file, record, "master_passive", ("hand_limit_bonus",))]
                bonus = eff.amount
            used = self.get(raw, "used_in_2p", bool, file, record)
            if used == (key == "gog_magog"):
                raise self.fail(file, record, "used_in_2p", "only Gog & Magog is left out of the 2-player game (GL-38)")
            name = self.get(raw, "name", str, file, record)
            tiles.append(
                Tile(
                    index=len(tiles),
                    id=tile_id,
                    kind=kind,
                    building_key=key,
                    name=name,
                    minimum=minimum,
                    front=sum(SYMBOL_BIT[s] for s in front),
                    back=sum(SYMBOL_BIT[s] for s in back),
                    symbols_front=front,
                    precedence=precedence,
                    first=first,
                    second_vp=second_vp,
                    second_extra=extra,
                    hand_limit_bonus=bonus,
                    used_in_2p=used,
                )
            )
        guilds = sum(1 for tile in tiles if tile.kind == "guild")
        if guilds != 40 or len(buildings) != 5:
            raise self.fail(
                file, "", "kind", f"expected 40 guild tiles and 5 buildings, got {guilds} and {len(buildings)}"
            )
        university = tiles[[t.id for t in tiles].index(buildings["university_of_london"])]
        if university.hand_limit_bonus != 1:
            raise self.fail(file, university.id, "master_passive", "the University master has hand limit 8 (GL-67)")
        return tuple(tiles)

    def condition(self, raw: Any, file: str, record: str, field: str, trigger: str) -> tuple[str, Any] | None:
        if raw is None:
            return None
        if not isinstance(raw, dict) or raw.get("type") not in CONDITIONS:
            raise self.fail(file, record, f"{field}.type", f"expected one of {', '.join(CONDITIONS)}")
        kind = raw["type"]
        (param,) = CONDITIONS[kind]
        if set(raw) != {"type", param}:
            raise self.fail(file, record, field, f"{kind} takes exactly {param}")
        if kind == "destination_has_symbol" and trigger != "each_time:move":
            raise self.fail(file, record, field, "destination_has_symbol only goes with each_time:move")
        if kind == "cards_played_at_least" and trigger != "end_of_turn":
            raise self.fail(file, record, field, "cards_played_at_least only goes with end_of_turn")
        if param == "symbol":
            if raw[param] not in SYMBOL_BIT:
                raise self.fail(file, record, f"{field}.symbol", f"{raw[param]!r} is not a guild symbol")
            return kind, SYMBOL_BIT[raw[param]]
        value = raw[param]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise self.fail(file, record, f"{field}.{param}", "expected a whole number ≥ 1")
        return kind, value

    def cards(self, data: Any) -> tuple[ActionCard, ...]:
        file = "action_cards.json"
        cards: list[ActionCard] = []
        groups: dict[str, list[tuple[int, str]]] = {}
        for raw, record, number in self.records(data, file, "card", key="number", kind=int, label="card {}"):
            effect_id = self.get(raw, "effect_id", str, file, record)
            copies = self.get(raw, "copies", int, file, record)
            symbols = self.symbol_list(raw.get("symbols"), file, record, "symbols")
            colours = raw.get("colours")
            if colours is not None and colours != [COLOUR_OF[s] for s in symbols]:
                raise self.fail(file, record, "colours", "each colour must match its symbol (GL-17)")
            cost = self.get(raw, "cost", dict, file, record)
            coins = self.get(cost, "coins", int, file, record, "cost")
            if coins < 0:
                raise self.fail(file, record, "cost.coins", "must not be negative")
            ret = cost.get("return_liverymen")
            ret_count, ret_from = 0, 0
            if ret is not None:
                ret_count = self.get(ret, "count", int, file, record, "cost.return_liverymen")
                sources = self.get(ret, "from", list, file, record, "cost.return_liverymen")
                if ret_count < 1 or not sources or any(s not in RETURN_FROM for s in sources):
                    raise self.fail(file, record, "cost.return_liverymen", f"count ≥ 1 from {', '.join(RETURN_FROM)}")
                ret_from = sum(1 << RETURN_FROM.index(s) for s in sources)
            if cost.get("other", []):
                raise self.fail(file, record, "cost.other", "other costs are not supported by the effect engine")
            triggered = []
            effect_raw = self.get(raw, "effect", list, file, record)
            for i, entry in enumerate(effect_raw):
                field = f"effect[{i}]"
                trigger = self.get(entry, "trigger", str, file, record, field)
                if trigger in ("immediate", "end_of_turn"):
                    kind, event = trigger, ""
                elif trigger.startswith("each_time:") and trigger.split(":", 1)[1] in EVENTS:
                    kind, event = "each_time", trigger.split(":", 1)[1]
                else:
                    raise self.fail(file, record, f"{field}.trigger", "immediate, end_of_turn or each_time:<event>")
                duration = entry.get("duration")
                if duration not in ("instant", "this_turn"):
                    raise self.fail(file, record, f"{field}.duration", "expected instant or this_turn")
                if kind == "each_time" and duration != "this_turn":
                    raise self.fail(file, record, f"{field}.duration", "each_time effects last this_turn")
                condition = self.condition(entry.get("condition"), file, record, f"{field}.condition", trigger)
                effects = self.effect_list(entry.get("effects"), file, record, f"{field}.effects", None)
                if not effects:
                    raise self.fail(file, record, f"{field}.effects", "a triggered effect needs at least one effect")
                triggered.append(Triggered(kind, event, condition, effects))
            text = self.get(raw, "text_en", str, file, record)
            signature = json.dumps([raw["cost"], raw["effect"], text], sort_keys=True)
            groups.setdefault(effect_id, []).append((copies, signature))
            cards.append(
                ActionCard(
                    index=len(cards),
                    number=number,
                    effect_id=effect_id,
                    name=str(raw.get("name", effect_id)),
                    symbols=sum(SYMBOL_BIT[s] for s in symbols),
                    symbol_names=symbols,
                    coins=coins,
                    return_count=ret_count,
                    return_from=ret_from,
                    effect=tuple(triggered),
                    text=text,
                    family=str(raw.get("family", "")),
                    copies=copies,
                )
            )
        if len(cards) != 105:
            raise self.fail(file, "", "", f"expected 105 action cards (GL-12), got {len(cards)}")
        for effect_id, members in groups.items():
            if any(copies != len(members) for copies, _ in members):
                raise self.fail(file, effect_id, "copies", f"the dots say {members[0][0]}, {len(members)} cards")
            if len({signature for _, signature in members}) != 1:
                raise self.fail(file, effect_id, "effect", "copies of one effect must have identical cost and effect")
        return tuple(sorted(cards, key=lambda card: card.number))

    def rewards(self, data: Any, tile_keys: set[str]) -> tuple[RewardCard, ...]:
        file = "reward_cards.json"
        cards: list[RewardCard] = []
        for raw, record, card_id in self.records(data, file, "reward-card"):
            scoring = self.get(raw, "scoring", dict, file, record)
            kind = self.get(scoring, "type", str, file, record, "scoring")
            if kind not in SCORING_TYPES:
                raise self.fail(file, record, "scoring.type", f"expected one of {', '.join(SCORING_TYPES)}")
            params = self.get(scoring, "params", dict, file, record, "scoring")
            self.scoring_params(kind, params, file, record, tile_keys)
            cards.append(
                RewardCard(
                    len(cards),
                    card_id,
                    str(raw.get("name", card_id)),
                    kind,
                    cast(RewardParams, dict(params)),  # raw JSON checked by scoring_params above
                    raw.get("text_en", ""),
                )
            )
        if len(cards) != 21:
            raise self.fail(file, "", "", f"expected 21 mayoral reward cards (GL-13), got {len(cards)}")
        return tuple(cards)

    def scoring_params(
        self,
        kind: str,
        params: dict[str, Any],  # raw JSON being checked
        file: str,
        record: str,
        tile_keys: set[str],
    ) -> None:
        required, optional = SCORING_TYPES[kind]
        for key in required:
            if key not in params:
                raise self.fail(file, record, f"scoring.params.{key}", f"{kind} needs {key}")
        extra = set(params) - set(required) - set(optional)
        if extra:
            raise self.fail(file, record, f"scoring.params.{sorted(extra)[0]}", f"unknown parameter for {kind}")
        for key in ("vp_each", "max_vp", "set_size", "min_size"):
            if key in params:
                value = params[key]
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise self.fail(file, record, f"scoring.params.{key}", "expected a whole number ≥ 0")
        field = "scoring.params"
        if kind == "per_controlled_with_symbol":
            self.symbol_list([params["symbol"]], file, record, f"{field}.symbol")
        if kind == "set_of_symbols":
            pool = self.symbol_list(params["symbols"], file, record, f"{field}.symbols")
            if not 1 <= params["set_size"] <= len(pool):
                raise self.fail(file, record, f"{field}.set_size", "must be between 1 and the pool size")
        if kind == "per_controlled_with_attribute":
            if params["attribute"] not in ("minimum", "precedence", "symbol_count"):
                raise self.fail(file, record, f"{field}.attribute", "expected minimum, precedence or symbol_count")
            for key in ("min", "max"):
                if params[key] is not None and (isinstance(params[key], bool) or not isinstance(params[key], int)):
                    raise self.fail(file, record, f"{field}.{key}", "expected a whole number or null")
        if kind == "controls_building":
            value = params["buildings"]
            if value != "any" and (not isinstance(value, list) or any(k not in BUILDING_KEYS for k in value)):
                raise self.fail(file, record, f"{field}.buildings", "expected 'any' or a list of building keys")
        if kind == "near_location" and (
            params["location"] not in ("guildhall", "building") or not isinstance(params["diagonal"], bool)
        ):
            raise self.fail(file, record, field, "location is guildhall or building, diagonal true or false")
        if kind == "adjacent_group" and params["measure"] not in ("largest_group", "pairs"):
            raise self.fail(file, record, f"{field}.measure", "expected largest_group or pairs")
        del tile_keys

    def tokens(self, data: Any) -> tuple[TokenKind, ...]:
        file = "reward_tokens.json"
        kinds: list[TokenKind] = []
        for raw, record, token_id in self.records(data, file, "token"):
            face = self.get(raw, "face", dict, file, record)
            vp = face.get("vp") or 0
            if isinstance(vp, bool) or not isinstance(vp, int) or vp < 0:
                raise self.fail(file, record, "face.vp", "expected a whole number ≥ 0 or null")
            symbol = face.get("symbol")
            if symbol is not None and symbol not in SYMBOL_BIT:
                raise self.fail(file, record, "face.symbol", f"{symbol!r} is not a guild symbol")
            use = face.get("use")
            if use not in TOKEN_USES:
                raise self.fail(file, record, "face.use", f"expected one of {', '.join(TOKEN_USES)}")
            effect = -1
            if face.get("effect") is not None:
                effect = self.effect(face["effect"], file, record, "face.effect", None)
                eff = self.effects[effect]
                if eff.symbol_restricted and symbol is None:
                    raise self.fail(file, record, "face.symbol", "a symbol-restricted token move needs face.symbol")
                if (use == "kept_passive") != (eff.kind == "hand_limit_bonus"):
                    raise self.fail(
                        file, record, "face.use", "hand_limit_bonus tokens, and only they, are kept_passive"
                    )
            copies = self.get(raw, "copies", int, file, record)
            if copies < 1:
                raise self.fail(file, record, "copies", "must be at least 1")
            kinds.append(
                TokenKind(
                    len(kinds),
                    token_id,
                    str(raw.get("name", token_id)),
                    vp,
                    SYMBOL_BIT[symbol] if symbol else 0,
                    effect,
                    use,
                    copies,
                    str(raw.get("text_en", "")),
                )
            )
        total = sum(kind.copies for kind in kinds)
        if total != 30:
            raise self.fail(file, "", "copies", f"the copies must add up to 30 tokens (GL-11), got {total}")
        return tuple(kinds)

    def plantations(self, data: Any) -> tuple[PlantationSide, ...]:
        file = "plantations.json"
        if not isinstance(data, list):
            raise self.fail(file, "", "", "the top level is a list of plantation sides")
        sides: list[PlantationSide] = []
        for position, raw in enumerate(data):
            record = str(raw.get("side", f"#{position}")) if isinstance(raw, dict) else f"#{position}"
            side = self.get(raw, "side", str, file, record)
            if side not in ("ulster", "virginia") or side in [s.side for s in sides]:
                raise self.fail(file, record, "side", "expected ulster and virginia once each")
            self.official_flag(raw, file, record)
            parts = []
            for place in ("first", "second"):
                part = self.get(raw, place, dict, file, record)
                effects = self.effect_list(
                    part.get("effects"), file, record, f"{place}.effects", TILE_REWARD_PRIMITIVES
                )
                returns = self.get(part, "return_liverymen", int, file, record, place)
                if returns < 0:
                    raise self.fail(file, record, f"{place}.return_liverymen", "must not be negative")
                parts.append((effects, returns))
            sides.append(PlantationSide(side, str(raw.get("name", side)), parts[0][0], parts[0][1], *parts[1]))
        if len(sides) != 2:
            raise self.fail(file, "", "side", "expected the two sides ulster and virginia (GL-4)")
        ulster = next(s for s in sides if s.side == "ulster")
        first = [self.effects[i] for i in ulster.first]
        if not any(e.kind == "reward_cards_choose" and e.count == 3 for e in first):
            raise self.fail(file, "ulster", "first.effects", "Ulster's left reward is 'draw 3 reward cards, keep 1'")
        return tuple(sides)

    def tracks(self, data: Any) -> dict[int, TrackSpec]:
        file = "round_track.json"
        if not isinstance(data, dict):
            raise self.fail(file, "", "", "expected an object keyed by player count")
        tracks: dict[int, TrackSpec] = {}
        for players in (2, 3, 4):
            raw = self.get(data, str(players), dict, file, str(players))
            rounds = self.get(raw, "rounds", int, file, str(players))
            grey = self.get(raw, "grey", list, file, str(players))
            if rounds not in grey or any(not isinstance(g, int) or not 1 <= g <= rounds for g in grey):
                raise self.fail(file, str(players), "grey", "grey rounds lie in 1..rounds and include the last")
            scoring = raw.get("scoring_rounds")
            scoring_set = set(range(1, rounds + 1)) if scoring == "all" else scoring
            if not isinstance(scoring_set, list | set) or any(not isinstance(r, int) for r in scoring_set):
                raise self.fail(file, str(players), "scoring_rounds", "expected 'all' or a list of rounds")
            growth: dict[int, tuple[str, int]] = {}
            for key, spec in (raw.get("growth") or {}).items():
                if not key.isdigit() or int(key) not in grey:
                    raise self.fail(file, str(players), f"growth.{key}", "growth happens on grey rounds")
                direction = spec.get("dir") if isinstance(spec, dict) else None
                count = spec.get("tiles") if isinstance(spec, dict) else None
                if direction not in ("N", "E", "S", "W") or not isinstance(count, int) or count < 0:
                    raise self.fail(file, str(players), f"growth.{key}", "expected {dir: N|E|S|W, tiles: n}")
                growth[int(key)] = (direction, count)
            tracks[players] = TrackSpec(rounds, frozenset(grey), frozenset(scoring_set), growth)
        return tracks


def _read_json(directory: Path, name: str) -> Any:
    path = directory / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BadContent(name, "", "", f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise BadContent(name, "", "", f"not valid JSON (line {error.lineno}: {error.msg})") from None


def load_content(directory: Path | str = DATA_DIR) -> Content:
    """Read and validate every content file in `directory` (the package's `data/` by default)."""
    directory = Path(directory)
    reader = _Reader()
    tiles = reader.tiles(_read_json(directory, "tiles.json"))
    cards = reader.cards(_read_json(directory, "action_cards.json"))
    rewards = reader.rewards(_read_json(directory, "reward_cards.json"), {t.building_key or "" for t in tiles})
    tokens = reader.tokens(_read_json(directory, "reward_tokens.json"))
    plantations = reader.plantations(_read_json(directory, "plantations.json"))
    tracks = reader.tracks(_read_json(directory, "round_track.json"))
    layout = _read_json(directory, "layout.json")
    if not isinstance(layout, dict) or len(layout.get("initial_ring_cells") or []) != 9:
        raise BadContent("layout.json", "", "initial_ring_cells", "expected the 9 cells of GL-D2")
    return Content(
        tiles=tiles,
        cards=cards,
        rewards=rewards,
        tokens=tokens,
        plantations=plantations,
        effects=tuple(reader.effects),
        tracks=tracks,
        layout=layout,
        official=reader.official == {True},
    )


CONTENT = load_content()
