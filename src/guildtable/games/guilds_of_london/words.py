"""Plain words for the Guilds of London pieces: tile, card, token and reward-card names as a sentence uses them, and
every effect primitive (spec §15.6, DESIGN.md §8) as a phrase, built from the content data.

The prompts, button labels, refusals, the log, the view's reward texts and the glossary all speak through this module,
so a player never reads an id ("lock_keepers"), a short code ("recruit 1") or a rule ID. It never touches a game state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import (
    ALL_SYMBOLS,
    COLOUR_OF,
    CONTENT,
    SYMBOLS,
    ActionCard,
    Effect,
    PlantationSide,
    Tile,
)

GUILDHALL, PLANTATION = A.GUILDHALL, A.PLANTATION
# A card's or a cost's places to return liverymen from, in the bit order of `content.RETURN_FROM`.
RETURN_PLACES = ("the Guildhall", "an unscored tile", "the plantation", "a tile where you are master")
_COMPANY = re.compile(r"^The (?:Worshipful|Honourable) (?:Company|Society) of (.+)$")


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards', '2 liverymen'."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def listing(items: Sequence[str], last: str = "and") -> str:
    """'A', 'A and B', 'A, B and C' (or 'or' with `last`)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def cap(text: str) -> str:
    """`text` with its first letter upper-case, for a phrase that starts a sentence."""
    return text[:1].upper() + text[1:]


def _short(tile: Tile) -> str:
    """How a sentence names a tile: 'the Lamplighters' for The Worshipful Company of Lamplighters, 'the University
    of London'; a building named after a pair of figures ('Gog & Magog') takes no article."""
    match = _COMPANY.match(tile.name)
    if match:
        return f"the {match[1]}"
    if tile.name.startswith("The "):
        return "the " + tile.name[4:]
    return tile.name if " & " in tile.name else f"the {tile.name}"


TILE_NAME = tuple(_short(tile) for tile in CONTENT.tiles)
TILE_OF_ID = {tile.id: tile for tile in CONTENT.tiles}


def tile_name(tile: int) -> str:
    """A tile (by index) as a sentence names it: 'the Lock Keepers'."""
    return TILE_NAME[tile]


def tile_label(tile: int) -> str:
    """A tile's name on its own, for a board cell or a heading: 'Lock Keepers', 'University of London'."""
    name = TILE_NAME[tile]
    return name[4:] if name.startswith("the ") else name


def tile_subject(tile: int) -> str:
    """A tile as the subject of a sentence, so the verb agrees: "The Lock Keepers' tile", "The Livery Hall"."""
    data = CONTENT.tiles[tile]
    if data.kind == "building":
        return cap(TILE_NAME[tile])
    return cap(TILE_NAME[tile]) + ("' tile" if TILE_NAME[tile].endswith("s") else "'s tile")


def tile_name_of(tile_id: str) -> str:
    """A tile by its id, as a sentence names it (an unknown id is returned as given)."""
    tile = TILE_OF_ID.get(tile_id)
    return TILE_NAME[tile.index] if tile else tile_id


def place(location: int) -> str:
    """A figure's location: a tile, the Guildhall or the plantation."""
    if location == GUILDHALL:
        return "the Guildhall"
    if location == PLANTATION:
        return "the plantation"
    return TILE_NAME[location]


def place_of(location: str) -> str:
    """A location as `actions.location_name` writes it (a tile id, 'guildhall' or 'plantation')."""
    if location == "guildhall":
        return "the Guildhall"
    if location == "plantation":
        return "the plantation"
    return tile_name_of(location)


def card_name(card: ActionCard) -> str:
    """An action card by name; its number follows because several cards share a name and the hand lists numbers."""
    return f"{card.name} (#{card.number})"


def symbol_names(mask: int) -> list[str]:
    return [name for bit, name in enumerate(SYMBOLS) if mask >> bit & 1]


def symbols_text(mask: int) -> str:
    """'the compasses symbol', 'the compasses or anchor symbol'."""
    return f"the {listing(symbol_names(mask), 'or')} symbol"


def symbols_with_colours(names: Sequence[str]) -> str:
    """'compasses (red) and anchor (blue)'."""
    return listing([f"{name} ({COLOUR_OF[name]})" for name in names])


def figures(count: int, up_to: bool, whose: str = "your") -> str:
    """'1 of your liverymen or masters', 'up to 2 of your liverymen or masters'."""
    return f"{'up to ' if up_to else ''}{count} of {whose} liverymen or masters"


def effect_text(effect: Effect, restricted: str = "a symbol of this card", whose: str = "your") -> str:
    """One effect primitive as a phrase that can follow 'you may' or start a sentence (lower case): 'gain 2 VP',
    'recruit 2 liverymen from the general supply to the Guildhall'. `restricted` names what a symbol-restricted move
    must match ('a symbol of this card' on a card); `whose` is 'their' when the log tells of another player."""
    kind = effect.kind
    if kind == "vp":
        return f"gain {effect.amount} VP"
    if kind == "move":
        where = f"an unscored tile showing {restricted}" if effect.symbol_restricted else "another unscored tile"
        each = ", each" if effect.count > 1 or effect.up_to else ""
        return f"move {figures(effect.count, effect.up_to, whose)}{each} to {where}"
    if kind == "reward_cards_choose":
        if effect.count == 1:
            drawn = "draw 1 mayoral reward card and keep it"
        else:
            drawn = f"draw {effect.count} mayoral reward cards, keep 1 and put the others under the reward deck"
        return f"{drawn} ({effect.empty_deck_vp} VP instead if the reward deck is empty)"
    if kind == "recruit":
        where = "straight onto the plantation" if effect.to_plantation else "to the Guildhall"
        return f"recruit {plural(effect.count, 'liveryman', 'liverymen')} from the general supply {where}"
    if kind == "to_plantation":
        return f"send {figures(effect.count, effect.up_to, whose)} from the Guildhall or a tile to the plantation"
    if kind == "draw_action":
        return f"draw {plural(effect.count, 'action card')}"
    if kind == "hand_limit_bonus":
        return f"raise {whose} hand limit by {effect.amount}"
    return "move the Beadle to any unscored tile"


def effects_sentence(effects: Sequence[int]) -> str:
    """Several effects, left to right, as one sentence: 'Gain 1 VP, draw 2 action cards and ...'."""
    if not effects:
        return "Nothing."
    return cap(listing([effect_text(CONTENT.effects[e]) for e in effects])) + "."


def first_text(tile: Tile) -> str:
    """The first-place reward in words (GL-82: each part may be taken or left, left to right)."""
    if not tile.first:
        return "Nothing."
    parts = [effect_text(CONTENT.effects[e]) for e in tile.first]
    return cap(listing(parts)) + (". You may take or leave each part." if len(parts) > 1 else ". You may leave it.")


def second_text(tile: Tile) -> str:
    """The second-place reward in words (GL-83, GL-D14: printed VP and the token, then optional extras)."""
    text = f"Gain {tile.second_vp} VP and take the reward token lying on the tile (with its VP)"
    if tile.second_extra:
        extras = listing([effect_text(CONTENT.effects[e]) for e in tile.second_extra])
        text += f"; then you may also {extras}"
    return text + "."


def plantation_text(side: PlantationSide, first: bool) -> str:
    """A plantation reward with the liverymen it sends home (GL-90 to GL-93)."""
    effects = side.first if first else side.second
    returns = side.first_return if first else side.second_return
    text = cap(listing([effect_text(CONTENT.effects[e]) for e in effects]))
    if returns:
        text += f", then return {plural(returns, 'liveryman', 'liverymen')} from the plantation to the general supply"
    return text + "."


def returns_from(bits: int) -> str:
    """'the Guildhall, an unscored tile or the plantation'."""
    return listing([name for bit, name in enumerate(RETURN_PLACES) if bits >> bit & 1], "or")


def cost_text(card: ActionCard) -> str:
    """What the effect use costs (GL-63): coins are other cards discarded, some cards return liverymen."""
    parts = []
    if card.coins:
        parts.append(f"{plural(card.coins, 'coin')} (discard {plural(card.coins, 'other action card')})")
    if card.return_count:
        count = plural(card.return_count, "of your liverymen", "of your liverymen")
        parts.append(f"return {count} from {returns_from(card.return_from)} to the general supply")
    return cap(listing(parts)) if parts else "Free"


def move_reach(mask: int) -> str:
    """Where a move may go: 'any other unscored tile' or 'another unscored tile showing the cross symbol'."""
    if mask == ALL_SYMBOLS:
        return "any other unscored tile"
    return f"another unscored tile showing {symbols_text(mask)}"
