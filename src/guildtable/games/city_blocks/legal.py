"""The legal moves of City Blocks (CB-10 to CB-13) and why any other move is refused: the rule it breaks and a
sentence a player understands (the rule ID goes in the rule field only)."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Any, Final

from guildtable.games.city_blocks import actions, words
from guildtable.games.city_blocks.actions import NO_SWAP, PLACE_ACTIONS, SWAP_BASE, SWAP_PAIRS
from guildtable.games.city_blocks.content import COURT, SITES, TILE_TYPES, tile_description
from guildtable.games.city_blocks.questions import Place, Swap
from guildtable.games.city_blocks.state import CityBlocksPosition
from guildtable.kernel import IllegalAction
from guildtable.kernel.i18n import domain
from guildtable.kernel.protocol import Reason

_ = domain("city_blocks").gettext


_PLACEMENTS: Final[tuple[tuple[Any, ...], ...]] = tuple(
    tuple(actions.place_action(tile, site) for site in range(SITES)) for tile in range(TILE_TYPES)
)
"""Per tile, the action placing it on each site, made once: a list of legal moves holds these very ints rather than
a hundred new ones at every step. `Any`, so that compiled code takes them as they are (an `int` it would unpack and
then make anew)."""
_SITES: Final[tuple[Any, ...]] = tuple(range(SITES))
"""The sites as ints made once (`Any` as above): the empty ones are listed at every step."""


def places(state: CityBlocksPosition, question: Place) -> list[int]:
    """The placements of a tile from the hand, ascending: builds on empty sites (CB-11) and rebuilds over one's own
    tiles once a value tile can pay for them (CB-12); a courthouse only on an empty site unless the table allows
    otherwise (CB-A-2)."""
    seat = question.seat
    board = state.board
    mine_low, mine_high = 1 + seat * TILE_TYPES, 1 + (seat + 1) * TILE_TYPES
    # `targets` declared: compiled, a list of `Any` would be indexed through Python's protocol; `zip` without
    # `strict`: compiled, a zip with a keyword is a call of the builtin rather than a loop.
    targets: list[int]
    if state.won[seat]:
        targets = [site for site, code in zip(_SITES, board) if not code or mine_low <= code < mine_high]  # noqa: B905
    else:
        targets = [site for site, code in zip(_SITES, board) if not code]  # noqa: B905
    # Each distinct tile's placements, the first tile's list taken as the result: a list fewer to make and extend.
    result: list[int] | None = None
    previous = -1
    for tile in state.hands[seat]:  # the hand is kept sorted
        if tile == previous:
            continue
        previous = tile
        row = _PLACEMENTS[tile]
        if tile == COURT and not state.options["court_via_rebuild"]:
            placements = [row[site] for site in targets if board[site] == 0]
        else:
            placements = [row[site] for site in targets]
        if result is None:
            result = placements
        else:
            result += placements
    return result if result is not None else []


def swaps(state: CityBlocksPosition, question: Swap) -> list[int]:
    """The swaps of two streets that both still have their value tile, then not swapping (CB-13)."""
    slots = state.slots
    # (a comprehension, then the last answer: compiled, a generator unpacked into a list runs a generator object)
    answers = [SWAP_BASE + k for k, (a, b) in enumerate(SWAP_PAIRS) if slots[a] and slots[b]]
    answers.append(NO_SWAP)
    return answers


def refuse_swap(state: CityBlocksPosition, question: Swap, action: int) -> Reason | None:
    """None if `action` answers the courthouse's swap question, else the rule it breaks and why (CB-13)."""
    if action < PLACE_ACTIONS:
        return "CB-13", _("First finish your courthouse: swap the value tiles of two streets, or choose not to")
    if action == NO_SWAP:
        return None
    for street in SWAP_PAIRS[action - SWAP_BASE]:
        if not state.slots[street]:
            return "CB-13", _(
                "{street} has already been scored, so it has no value tile to swap; only value tiles still "
                "beside the board can be swapped",
                street=words.capital(words.street_words(street)),
            )
    return None


def refuse_place(state: CityBlocksPosition, question: Place, action: int) -> Reason | None:
    """None if `action` places a tile legally, else the rule it breaks and why (CB-10 to CB-12, CB-A-2)."""
    seat = question.seat
    if action >= PLACE_ACTIONS:
        return "CB-13", _("You may swap value tiles only right after placing your courthouse")
    tile, site = action // SITES, action % SITES
    if tile not in state.hands[seat]:
        return "CB-10", _("You have no {tile} in your hand", tile=tile_description(tile))
    code = state.board[site]
    if code == 0:
        return None  # CB-11: a build may go on any empty site
    owner = (code - 1) // TILE_TYPES
    if owner != seat:
        return "CB-12", _(
            "{where} holds your opponent's tile; you may rebuild only over your own tiles", where=_where(site)
        )
    if not state.won[seat]:
        return "CB-12", _(
            "{where} is already built. Rebuilding over your own tile costs your lowest value tile, and you have "
            "not won any value tile yet",
            where=_where(site),
        )
    if tile == COURT and not state.options["court_via_rebuild"]:
        return "CB-A-2", _("At this table a courthouse may only be built on an empty site, not over another tile")
    return None


def _where(site: int) -> str:
    """A site as a refusal names it at the start of a sentence ("Row 2, column 4")."""
    return words.capital(words.site_words(site))


def check_method(state: CityBlocksPosition, action: int, rebuild: bool, typed: bool) -> None:
    """Refuse a build named on a site holding the mover's own tile, or a rebuild named on an empty site, before
    the method silently follows the board. A tile of the opponent's is left to `why_illegal` (CB-12)."""
    question = state.stack[-1] if state.stack else None
    if not isinstance(question, Place):
        return
    site = action % SITES
    code = state.board[site]
    where = words.capital(words.site_words(site))
    if rebuild and not code:
        if typed:
            message = _(
                "{where} is empty, so there is nothing to rebuild: to build there, type {move}",
                where=where,
                move=actions.notation(action),
            )
        else:
            message = _("{where} is empty, so there is nothing to rebuild: to build there, choose a build", where=where)
        raise IllegalAction("CB-11", message)
    if not rebuild and code and (code - 1) // TILE_TYPES == question.seat:
        if typed:
            message = _(
                "{where} already holds your tile: to rebuild it, type {move}",
                where=where,
                move=actions.notation(action, rebuild=True),
            )
        else:
            message = _("{where} already holds your tile: to rebuild it, choose a rebuild", where=where)
        raise IllegalAction("CB-12", message)
