"""City Blocks' guided first game (issue 34, `Game.tutorial`): a whole game on a fixed deal, the learner Blue against a
scripted Red, that meets every rule a first game meets: building (CB-11), streets as rows and columns (CB-2, CB-16),
majorities and ties (CB-17, CB-18), drawing (CB-14), the school, the power plant and the mall (CB-17), a rebuild paid
with a value tile (CB-12), the courthouse's swap before scoring (CB-13), a build that fills a row and a column (CB-19)
and the end (CB-21, CB-22). Every number a text says is read from the engine when the step is shown.

The deal: Blue starts; the value tiles lie as `SLOTS`; both piles are stacked in the order the script plays them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from guildtable.games.city_blocks.award import Award
from guildtable.games.city_blocks.content import STREET_NAMES
from guildtable.games.city_blocks.scoring import street_totals
from guildtable.games.city_blocks.state import CityBlocksPosition
from guildtable.kernel.i18n import N_
from guildtable.kernel.protocol import State
from guildtable.kernel.tutorial import Step, Tutorial, Unreached

SLOTS = {"R1": 3, "R2": 5, "R3": 2, "R4": 7, "R5": 4, "C1": 8, "C2": 11, "C3": 6, "C4": 12, "C5": 14, "C6": 10}
BLUE_PILE = [
    *("S6", "F7", "H5", "F6", "H4", "S2", "F5", "S5", "S3", "CRT"),
    *("MALL", "S4", "F4", "H3", "F3", "H2", "H1", "PWR", "SCH", "SCH"),
]
RED_PILE = [
    *("H2", "S3", "H1", "SCH", "S4", "S2", "PWR", "H4", "F3", "F7"),
    *("S6", "S5", "F6", "H5", "F5", "CRT", "F4", "H3", "MALL", "SCH"),
]


def _position(state: State) -> CityBlocksPosition:
    assert isinstance(state, CityBlocksPosition)
    return state


def _award(state: State, street: str) -> Award:
    """The scoring of `street` (it has been scored by now)."""
    return next(award for award in _position(state).awards if award["street"] == street)


def scored(street: str, prefix: str = "") -> Callable[[State], Mapping[str, object]]:
    """The fields of a scored street's text: {blue}, {red} (the totals, CB-17) and {value} (its value tile)."""

    def fields(state: State) -> Mapping[str, object]:
        award = _award(state, street)
        blue, red = award["totals"]
        return {f"{prefix}blue": blue, f"{prefix}red": red, f"{prefix}value": award["value"]}

    return fields


def standing(street: str, prefix: str = "") -> Callable[[State], Mapping[str, object]]:
    """The fields of an open street's text: the running totals {blue} and {red} (CB-17) and its {value}."""

    def fields(state: State) -> Mapping[str, object]:
        position = _position(state)
        index = STREET_NAMES.index(street)
        blue, red = street_totals(position.board, index)
        return {f"{prefix}blue": blue, f"{prefix}red": red, f"{prefix}value": position.slots[index]}

    return fields


def both(*parts: Callable[[State], Mapping[str, object]]) -> Callable[[State], Mapping[str, object]]:
    def fields(state: State) -> Mapping[str, object]:
        merged: dict[str, object] = {}
        for part in parts:
            merged.update(part(state))
        return merged

    return fields


def _paid(state: State) -> Mapping[str, object]:
    """{paid}: the value tile Blue's rebuild pays (CB-12: the lowest held) or paid (won, no longer held)."""
    position = _position(state)
    won = [award["value"] for award in position.awards if award["winner"] == 0]
    gone = sorted(set(won) - set(position.won[0]))
    return {"paid": gone[0] if gone else position.won[0][0]}


def _swap(state: State) -> Mapping[str, object]:
    """{small} and {big}: the value tiles of row 3 and column 4 before the courthouse swaps them (CB-13)."""
    position = _position(state)
    return {"small": position.slots[STREET_NAMES.index("R3")], "big": position.slots[STREET_NAMES.index("C4")]}


def _swapped(state: State) -> Mapping[str, object]:
    return {"small": _position(state).slots[STREET_NAMES.index("C4")]}


def _end(state: State) -> Mapping[str, object]:
    """The final sums (CB-22) and each side's value tiles."""
    position = _position(state)
    blue, red = (int(score) for score in position.scores())
    return {
        "blue_total": blue,
        "red_total": red,
        "yours": " + ".join(f"${value}" for value in position.won[0]),
        "theirs": " + ".join(f"${value}" for value in position.won[1]),
    }


def _hand(state: State) -> Mapping[str, object]:
    return {"tiles": len(_position(state).hands[0])}


STEPS = (
    Step(
        N_(
            "Welcome! You are Blue, playing against Red. The city has 5 rows and 6 columns of sites. Every row and"
            " every column is a street, and the gold tile beside it is the value tile that street is worth."
        ),
        highlight=("R1", "C1"),
        rules=("CB-2", "CB-5"),
    ),
    Step(
        N_(
            "Below the board is your hand of {tiles} tiles. Houses, stores and factories count their"
            " number. On your turn you place one tile."
        ),
        highlight=("S6", "F7", "H5", "F6", "H4"),
        fields=_hand,
        rules=("CB-9", "CB-10"),
    ),
    Step(
        N_("Build your store 6 on row 1, column 1: choose the tile, then the site."),
        move="S6 R1C1",
        highlight=("S6", "R1C1"),
        wrong=N_("Any empty site is allowed, but this lesson starts in row 1."),
        replies=("H2 R1C2",),
        rules=("CB-11",),
    ),
    Step(
        N_(
            "After your turn you drew a tile: you always fill your hand back up to 5 from your own pile. Red built a"
            " house 2 beside your store."
        ),
        highlight=("R1C2",),
        rules=("CB-14",),
    ),
    Step(
        N_("Row 1 is worth ${value}. Build your factory 7 on row 1, column 3 to lead there."),
        move="F7 R1C3",
        highlight=("F7", "R1C3"),
        wrong=N_("The lesson wants a big number in row 1."),
        fields=standing("R1"),
        replies=("S3 R1C4",),
        rules=("CB-17",),
    ),
    Step(
        N_(
            "The numbers under each value tile are the totals in that street: in row 1 you have {blue}, Red {red}."
            " Build your house 5 on row 1, column 5."
        ),
        move="H5 R1C5",
        highlight=("H5", "R1C5", "R1"),
        fields=standing("R1"),
        replies=("H1 R1C6",),
        rules=("CB-17",),
    ),
    Step(
        N_(
            "Red built the last site of row 1, so row 1 was scored at once. You have {blue} (6 + 7 + 5), Red {red}"
            " (2 + 3 + 1). The higher total wins the value tile: the ${value} is yours, whoever fills the street."
        ),
        highlight=("R1",),
        fields=scored("R1"),
        rules=("CB-16", "CB-17", "CB-18", "CB-20"),
    ),
    Step(
        N_("Now row 2. Build your factory 6 on row 2, column 1."),
        move="F6 R2C1",
        highlight=("F6", "R2C1"),
        replies=("SCH R2C2",),
        rules=("CB-11",),
    ),
    Step(
        N_(
            "Red built a school. A school makes every factory in its row and its column count 0, for both players."
            " Your factory 6 now counts 0 in row 2: there you have {blue}, Red {red}."
        ),
        highlight=("R2C2", "R2", "C2"),
        fields=standing("R2"),
        rules=("CB-17",),
    ),
    Step(
        N_("Houses and stores still count. Build your house 4 on row 2, column 3."),
        move="H4 R2C3",
        highlight=("H4", "R2C3"),
        replies=("S4 R2C4",),
        rules=("CB-17",),
    ),
    Step(
        N_("Build your store 2 on row 2, column 5."),
        move="S2 R2C5",
        highlight=("S2", "R2C5"),
        replies=("S2 R2C6",),
        rules=("CB-11",),
    ),
    Step(
        N_("Row 2 is full: {blue} to {red}, a tie. On a tie nobody wins, and the ${value} value tile leaves the game."),
        highlight=("R2",),
        fields=scored("R2"),
        rules=("CB-18",),
    ),
    Step(
        N_("Row 3. Build your factory 5 on row 3, column 1."),
        move="F5 R3C1",
        highlight=("F5", "R3C1"),
        replies=("PWR R3C5",),
        rules=("CB-11",),
    ),
    Step(
        N_(
            "Red built a power plant: houses count 0 in its row and its column. Your house 5 in column 5 now counts 0,"
            " so column 5, worth ${value}, stands at only {blue} for you to {red}: one store of Red's would take it."
        ),
        highlight=("R3C5", "C5", "R1C5"),
        fields=standing("C5"),
        rules=("CB-17",),
    ),
    Step(
        N_(
            "Rebuild: put your store 5 over your own house 5 on row 1, column 5. A rebuild costs your lowest value"
            " tile (${paid}), but stores always count."
        ),
        move="S5 xR1C5",
        highlight=("S5", "R1C5"),
        wrong=N_(
            "The lesson wants a rebuild: choose your store 5, then your own house 5 on row 1, column 5 (you may"
            " rebuild only over your own tiles)."
        ),
        fields=_paid,
        replies=("H4 R3C2",),
        rules=("CB-12",),
    ),
    Step(
        N_(
            "Your ${paid} value tile left the game, and column 5 now stands at {blue} to {red}. A rebuild fills no"
            " empty site, so it never scores a street."
        ),
        highlight=("R1C5", "C5"),
        fields=both(_paid, standing("C5")),
        rules=("CB-12", "CB-A-7"),
    ),
    Step(
        N_("Build your store 3 on row 3, column 3."),
        move="S3 R3C3",
        highlight=("S3", "R3C3"),
        replies=("F3 R3C4",),
        rules=("CB-11",),
    ),
    Step(
        N_(
            "Your courthouse counts 0, but when you place it you may swap the value tiles of two streets. Build it on"
            " row 3, column 6: it fills row 3, where you lead {blue} to {red}."
        ),
        move="CRT R3C6",
        highlight=("CRT", "R3C6"),
        fields=standing("R3"),
        rules=("CB-13",),
    ),
    Step(
        N_(
            "You swap first, then row 3 is scored. Swap row 3's ${small} with column 4's ${big}: choose the two value"
            " tiles."
        ),
        move="swap R3 C4",
        highlight=("R3", "C4"),
        wrong=N_("The lesson swaps row 3, which you are about to win, with column 4's big value tile."),
        fields=_swap,
        replies=("F7 R4C4",),
        rules=("CB-13",),
    ),
    Step(
        N_(
            "Row 3 was scored with the swapped tile: you {blue}, Red {red}, so the ${value} is yours. Column 4 now"
            " holds the ${small}."
        ),
        highlight=("R3", "C4"),
        fields=both(scored("R3"), _swapped),
        rules=("CB-13", "CB-16"),
    ),
    Step(
        N_(
            "A mall makes houses and factories count 0 in its row and its column. Build your mall on row 4, column 2:"
            " Red's houses in column 2 stop counting."
        ),
        move="MALL R4C2",
        highlight=("MALL", "R4C2", "C2"),
        replies=("S6 R4C5",),
        rules=("CB-17",),
    ),
    Step(
        N_("Build your store 4 on row 4, column 3."),
        move="S4 R4C3",
        highlight=("S4", "R4C3"),
        replies=("S5 R4C6",),
        rules=("CB-11",),
    ),
    Step(
        N_("Build your factory 4 on row 4, column 1. It fills row 4, where your mall cancels your factory too."),
        move="F4 R4C1",
        highlight=("F4", "R4C1"),
        replies=("F6 R5C4",),
        rules=("CB-17",),
    ),
    Step(
        N_(
            "Row 4 went to Red, {blue} to {red}, for ${value}. Then Red filled column 4 and won it, {c4red} to"
            " {c4blue}, for the ${c4value} you swapped there."
        ),
        highlight=("R4", "C4"),
        fields=both(scored("R4"), scored("C4", "c4")),
        rules=("CB-16", "CB-18"),
    ),
    Step(
        N_(
            "In row 5 every tile fills a column. Build your house 3 on row 5, column 5 to finish column 5, where"
            " your rebuilt store keeps you ahead."
        ),
        move="H3 R5C5",
        highlight=("H3", "R5C5", "C5"),
        replies=("H5 R5C6",),
        rules=("CB-16",),
    ),
    Step(
        N_(
            "Column 5: you {blue}, Red {red}, as houses count 0 there. The ${value} is yours, thanks to your rebuild."
            " Red then won column 6."
        ),
        highlight=("C5", "C6"),
        fields=scored("C5"),
        rules=("CB-12", "CB-17"),
    ),
    Step(
        N_("Build your factory 3 on row 5, column 1 to finish column 1."),
        move="F3 R5C1",
        highlight=("F3", "R5C1", "C1"),
        replies=("F5 R5C2",),
        rules=("CB-16",),
    ),
    Step(
        N_(
            "Column 1 is yours, {blue} to {red}. Red finished column 2, where the mall and the school leave {c2blue}"
            " to {c2red}: a tie, so its ${c2value} left the game."
        ),
        highlight=("C1", "C2"),
        fields=both(scored("C1"), scored("C2", "c2")),
        rules=("CB-17", "CB-18"),
    ),
    Step(
        N_(
            "The last site: build your house 2 on row 5, column 3. It finishes row 5 and column 3 at once, and each"
            " is scored on its own."
        ),
        move="H2 R5C3",
        highlight=("H2", "R5C3", "R5", "C3"),
        rules=("CB-19", "CB-21"),
    ),
    Step(
        N_(
            "The city is full, so the game is over. Row 5 went to Red ({r5red} to {r5blue}), column 3 to you"
            " ({c3blue} to {c3red}). You add up your value tiles: {yours} = {blue_total}; Red: {theirs} ="
            " {red_total}. The higher sum wins; tiles left in your hand count nothing."
        ),
        fields=both(scored("R5", "r5"), scored("C3", "c3"), _end),
        rules=("CB-21", "CB-22"),
    ),
)

UNREACHED = (
    Unreached(
        N_(
            "A player whose hand and pile are both empty misses their turns (it takes many rebuilds, and hardly ever"
            " happens)."
        ),
        "turn",
        ("CB-15",),
    ),
    Unreached(
        N_("A courthouse placed by a rebuild also lets you swap (a table option may turn this off)."),
        "turn",
        ("CB-A-2",),
    ),
    Unreached(N_("How the value tiles are dealt and the start player drawn."), "setup", ("CB-6", "CB-7")),
    Unreached(N_("Equal sums at the end share the win."), "end", ("CB-22",)),
)

TUTORIAL = Tutorial(
    seat=0,
    players=2,
    steps=STEPS,
    setup={"slots": SLOTS, "start_player": 0, "piles": [BLUE_PILE, RED_PILE]},
    unreached=UNREACHED,
    opponent="easy",
    minutes=5,
)
