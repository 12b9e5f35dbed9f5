"""The Guildhall opening (GH-9 to GH-15): shuffled decks, the 2–3 player prestige removal (GH-11, GH-D3), the center
row, 9 cards per hand and the start player, as `SETUP_HELP` says."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, TypedDict

from guildtable.games.guildhall.content import CONTENT, card_of
from guildtable.kernel import BadRecord, Rng
from guildtable.kernel.i18n import domain

_ = domain("guildhall").gettext

SETUP_HELP: Final = (
    "The Guildhall opening (GH-9 to GH-15): shuffled decks, the 2–3 player prestige removal (GH-11, GH-D3), the "
    "center\nrow, 9 cards per hand and the start player. Random from a seed, or fixed by an explicit setup.\n\n"
    """An explicit setup may give any of:
- `deck`: the 120 profession cards, top first, as names ('red Scholar'); hands are dealt 9 at a time from the top,
  start player first;
- `prestige`: the prestige type ids of the deck after the GH-11 removal, top first; the first 5 form the row;
- `start_player`: the seat (0-based) that starts.
Whatever is not given is shuffled from the seed.
"""
)
"""What `guildtable games guildhall` says of the opening and `setup=` (`Game.describe_setup`): a constant rather than
the module's docstring, which a compiled module does not keep."""


class GuildhallOptions(TypedDict):
    """Guildhall's options (declared in `game.py`; the state keeps them as these)."""

    small_game_removal: Literal["per_type", "per_value"]
    discard_draw_caps_hand: bool
    robber_random: Literal["legal_only", "any_then_discard"]
    placement_order: Literal["player_choice", "deck_order"]
    tax_collector_model: Literal["levels_1_to_4", "single_scaled"]
    max_turns: int
    start_player: Literal["random", "0", "1", "2", "3"]
    profession_set: Literal["job_faire"]


HAND_START: Final = 9
ROW_SIZE: Final = 5


@dataclass(slots=True)
class Opening:
    deck: list[int]  # top first
    hands: list[list[int]]
    row: list[int]
    prestige_deck: list[int]  # top first
    removed: list[int]
    start_player: int


def removed_for_small_game(players: int, mode: str, rng: Rng) -> list[int]:
    """GH-11 / GH-D3: with 2–3 players, `per_type` removes each type's `small_game_remove` copies (2 of the 5-VP
    type, 1 of every other); `per_value` removes two 5-VP cards and one random card of every other VP value."""
    if players >= 4:
        return []
    kinds = CONTENT.prestige
    if mode == "per_type":
        return [index for index, kind in enumerate(kinds) for _ in range(kind.small_game_remove)]
    removed = [index for index, kind in enumerate(kinds) if kind.vp == 5 for _ in range(kind.copies)][:2]
    for value in sorted({kind.vp for kind in kinds} - {5}):
        cards = [index for index, kind in enumerate(kinds) if kind.vp == value for _ in range(kind.copies)]
        removed.append(rng.choice(cards))
    return removed


def make_opening(players: int, seed: int, options: GuildhallOptions, setup: Mapping[str, object] | None) -> Opening:
    rng = Rng(seed)
    setup = setup or {}
    unknown = set(setup) - {"deck", "prestige", "start_player"}
    if unknown:
        raise BadRecord(
            f"setup.{sorted(unknown)[0]}",
            _("unknown setup key ({game} takes {keys})", game="Guildhall", keys="deck, prestige, start_player"),
        )
    deck = CONTENT.full_deck()
    rng.shuffle(deck)
    if "deck" in setup:
        deck = _deck(setup["deck"])
    full = CONTENT.prestige_deck()
    removed = removed_for_small_game(players, options["small_game_removal"], rng)
    remaining = Counter(full) - Counter(removed)
    pile = sorted(remaining.elements())
    rng.shuffle(pile)
    if "prestige" in setup:
        pile = _prestige(setup["prestige"], remaining)
    start = options["start_player"]
    start_player = rng.below(players) if start == "random" else int(start)
    if "start_player" in setup:
        value = setup["start_player"]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise BadRecord("setup.start_player", _("must be a seat 0..{last}", last=players - 1))
        start_player = value
    if start_player >= players:
        raise BadRecord(
            "options.start_player",
            _("there is no seat {seat} with {players} players", seat=start_player, players=players),
        )
    hands: list[list[int]] = [[] for _seat in range(players)]
    for offset in range(players):
        seat = (start_player + offset) % players
        hands[seat] = sorted(deck[:HAND_START])
        del deck[:HAND_START]
    return Opening(deck, hands, pile[:ROW_SIZE], pile[ROW_SIZE:], sorted(removed), start_player)


def _deck(raw: object) -> list[int]:
    if not isinstance(raw, list):
        raise BadRecord("setup.deck", _("must be a list of 120 card names, top first"))
    cards = []
    for index, name in enumerate(raw):
        card = card_of(name) if isinstance(name, str) else None
        if card is None:
            raise BadRecord(
                f"setup.deck[{index}]",
                _("{name} is not a card such as {example}", name=repr(name), example="'red Scholar'"),
            )
        cards.append(card)
    if Counter(cards) != Counter(CONTENT.full_deck()):
        raise BadRecord("setup.deck", _("must hold every profession card exactly once (4 copies of each, GH-1)"))
    return cards


def _prestige(raw: object, remaining: Counter[int]) -> list[int]:
    ids = {kind.type_id: index for index, kind in enumerate(CONTENT.prestige)}
    if not isinstance(raw, list) or not all(isinstance(name, str) and name in ids for name in raw):
        raise BadRecord("setup.prestige", _("must be a list of prestige type ids ({ids})", ids=", ".join(ids)))
    pile = [ids[name] for name in raw]
    if Counter(pile) != remaining:
        raise BadRecord("setup.prestige", _("must hold exactly the prestige cards left after the GH-11 removal"))
    return pile
