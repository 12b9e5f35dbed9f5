"""The City Blocks rules page's positions (`Game.examples`): the board at the start, a street scored, and a
game later on, each built from the engine with its caption."""

from __future__ import annotations

from guildtable.games.city_blocks.award import Award
from guildtable.games.city_blocks.rules import CityBlocksState
from guildtable.kernel.examples import _, dollars, ngettext, play, seat_names, sentences
from guildtable.kernel.protocol import Example, Game, PlayoutFactory

CB_SLOTS = {"R1": 9, "R2": 3, "R3": 12, "R4": 5, "R5": 1, "C1": 14, "C2": 7, "C3": 2, "C4": 11, "C5": 6, "C6": 15}
CB_BLUE = ["F7", "S2", "H3", "H1", "CRT", "H2", "H4", "H5", "S3", "S4", "S5", "S6", "F3", "F4", "F5", "F6"]
CB_RED = ["S5", "H4", "SCH", "H1", "H2", "H3", "H5", "S2", "S3", "S4", "S6", "F3", "F4", "F5", "F6", "F7"]
CB_SPECIALS = ["SCH", "SCH", "PWR", "MALL", "CRT"]


def examples(game: Game[CityBlocksState], playout: PlayoutFactory) -> list[Example]:
    """The start, a street scored, and a game later on."""
    names = seat_names(2)
    start = game.new_state(2, seed=11)
    view = start.view(None)
    first = names[view["start_player"]]
    draws = view["start_draws"]
    spare = [value for value in view["removed_values"] if value not in draws]

    setup = {"slots": CB_SLOTS, "start_player": 0, "piles": [_cb_pile(CB_BLUE), _cb_pile(CB_RED)]}
    street = play(
        game.new_state(2, seed=1, setup=setup), ["F7 R1C1", "S5 R1C2", "S2 R1C3", "H4 R1C4", "H3 R1C5", "SCH R1C6"]
    )
    award = _awards(street)[-1]
    blue, red = award["totals"]

    later = playout(game.new_state(2, seed=4), 4).until(lambda state: len(_awards(state)) >= 5)
    later_view = later.view(None)
    held = [
        _("{name} holds {tokens}", name=names[seat], tokens=dollars(values))
        if values
        else _("{name} holds no token yet", name=names[seat])
        for seat, values in enumerate(later_view["won"])
    ]
    ties = [entry["value"] for entry in later_view["awards"] if entry["winner"] is None]
    streets = len(later_view["awards"])
    return [
        Example(
            "start",
            _("The board at the start"),
            sentences(
                _("Eleven currency tokens lie beside the five rows and above the six columns."),
                _(
                    "{blue} drew ${blue_draw} and {red} ${red_draw} for the start player, so {first} begins.",
                    blue=names[0],
                    blue_draw=draws[0],
                    red=names[1],
                    red_draw=draws[1],
                    first=first,
                ),
                _("Those two and the spare {tokens} are out of the game.", tokens=dollars(spare)),
            ),
            start,
            names,
        ),
        Example(
            "street",
            _("A street is scored"),
            sentences(
                _("{red} completes row 1 with a school.", red=names[1]),
                _(
                    "The school cancels every factory in the row, so {blue}'s factory 7 counts nothing: {blue} has "
                    "{blue_total} (store 2 and house 3), {red} {red_total} (store 5 and house 4).",
                    blue=names[0],
                    red=names[1],
                    blue_total=blue,
                    red_total=red,
                ),
                _("{red} takes the ${value} token of row 1.", red=names[1], value=award["value"]),
            ),
            street,
            names,
        ),
        Example(
            "later",
            _("Later in the game"),
            sentences(
                ngettext(
                    "{n} street has been scored: {holdings}.",
                    "{n} streets have been scored: {holdings}.",
                    streets,
                    holdings="; ".join(held),
                ),
                ngettext(
                    "The {tokens} token went out of the game after a tie.",
                    "The {tokens} tokens went out of the game after ties.",
                    len(ties),
                    tokens=dollars(ties),
                )
                if ties
                else "",
                _("The streets still open show the token they are worth."),
            ),
            later,
            names,
        ),
    ]


def _awards(state: CityBlocksState) -> list[Award]:
    """The streets scored in `state`."""
    return state.view(None)["awards"]


def _cb_pile(first: list[str]) -> list[str]:
    """A player's whole 20-tile draw pile, the given tiles on top (CB-1: a player has two schools)."""
    pile = list(first)
    for code in CB_SPECIALS:
        if pile.count(code) < CB_SPECIALS.count(code):
            pile.append(code)
    return pile
