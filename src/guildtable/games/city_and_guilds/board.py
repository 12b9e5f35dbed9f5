"""The city map (§8): the character-grid format of §8.3, its validity checks (§8.4) and the lot adjacency of CG-8,
computed once per map and cached.

A map is parsed from its text; the `map` game option holds the name of a map this package ships (`default`) or the
map's text itself, so game records stay self-contained and replay anywhere. This module never opens a path a player
gives: over the network that would read the server's files (the command line reads a map file into text first).
Lots are numbered block by block (A, B, ...), in reading order inside each block, and named `A1`, `A2`, ...
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Final

from guildtable.kernel import BadContent, BadOptions
from guildtable.kernel.i18n import N_, domain

_ = domain("city_and_guilds").gettext

STREET: Final = "."
FEATURES: Final = "*+"  # fountain, trough: transparent like streets (CG-8 (c))
BLOCKER: Final = "#"
TRANSPARENT: Final = frozenset(STREET + FEATURES)
# What each map character that is not a lot stands for (§8.3), in a player's words.
MAP_CHARACTERS: Final = {STREET: "street", "*": "fountain", "+": "trough", BLOCKER: "blocker"}
MAX_LOTS: Final = 76  # §8.4 (6): the hands can place at most 76 tiles
MAX_SIDE: Final = 64  # rows and columns of a map; the default map is 16 × 13
MAX_MAP_TEXT: Final = 4096  # characters of a map's text in the `map` option; the default map file has 283
DEFAULT_MAP: Final = "default"


@dataclass(frozen=True, slots=True)
class Board:
    """One validated map. Everything a game needs about geometry is precomputed here."""

    rows: tuple[str, ...]
    lot_x: tuple[int, ...]
    lot_y: tuple[int, ...]
    lot_block: tuple[int, ...]
    lot_names: tuple[str, ...]
    block_letters: tuple[str, ...]
    block_lots: tuple[tuple[int, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]  # CG-8, at most 4 per lot, ascending
    lot_at: dict[tuple[int, int], int]
    lot_by_name: dict[str, int]

    @property
    def lots(self) -> int:
        return len(self.lot_block)

    @property
    def blocks(self) -> int:
        return len(self.block_letters)

    def coordinates(self, lot: int) -> tuple[int, int]:
        return self.lot_x[lot], self.lot_y[lot]

    def __reduce__(self) -> tuple[Callable[[str], Board], tuple[str]]:
        """A copy or a pickle (the RL environments') is the board parsed from its rows: compiled by mypyc, a frozen
        dataclass cannot be filled in field by field."""
        return board_for, ("\n".join(self.rows),)


def _where(y: int, x: int, lines: list[int]) -> str:
    return _("row {y}, column {x} (line {line} of the map)", y=y, x=x, line=lines[y])


def parse_map(text: str, source: str = "map") -> Board:
    """Parse and validate a map (§8.3, §8.4). Raises BadContent naming the row and column of the first fault."""
    rows: list[str] = []
    lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip() or line.startswith(";"):
            continue
        rows.append(line)
        lines.append(number)
    if not rows:
        raise BadContent(source, "", "rows", _("the map has no rows"))
    if len(rows) > MAX_SIDE:
        raise BadContent(
            source, "", "rows", _("the map has {n} rows; at most {most} are allowed", n=len(rows), most=MAX_SIDE)
        )
    width = len(rows[0])
    if width > MAX_SIDE:
        raise BadContent(
            source, "row 0", "width", _("row 0 has {n} cells; at most {most} are allowed", n=width, most=MAX_SIDE)
        )
    for y, row in enumerate(rows):
        if len(row) != width:
            raise BadContent(
                source,
                f"row {y}",
                "width",
                _(
                    "row {y} (line {line}) has {n} cells, row 0 has {width}",
                    y=y,
                    line=lines[y],
                    n=len(row),
                    width=width,
                ),
            )
        for x, char in enumerate(row):
            if not ("A" <= char <= "Z" or char in TRANSPARENT or char == BLOCKER):
                raise BadContent(
                    source,
                    f"row {y}",
                    f"column {x}",
                    _(
                        "unknown character {char} at {where}; use A–Z for lots (at most 26 blocks), "
                        "'.' street, '*' fountain, '+' trough, '#' blocker",
                        char=repr(char),
                        where=_where(y, x, lines),
                    ),
                )
    cells = {(x, y): char for y, row in enumerate(rows) for x, char in enumerate(row) if "A" <= char <= "Z"}
    if not cells:
        raise BadContent(source, "", "lots", _("the map has no lots"))
    letters = sorted(set(cells.values()))
    if len(letters) > 26:  # pragma: no cover - A–Z cannot name more
        raise BadContent(source, "", "blocks", _("{n} blocks; at most 26 are allowed", n=len(letters)))
    positions = sorted(cells, key=lambda p: (cells[p], p[1], p[0]))
    if len(positions) > MAX_LOTS:
        raise BadContent(
            source, "", "lots", _("{n} lots; a map may have at most {most}", n=len(positions), most=MAX_LOTS)
        )
    lot_at = {position: lot for lot, position in enumerate(positions)}
    block_of_letter = {letter: block for block, letter in enumerate(letters)}
    lot_block = tuple(block_of_letter[cells[p]] for p in positions)
    block_lots = tuple(tuple(lot for lot in range(len(positions)) if lot_block[lot] == b) for b in range(len(letters)))
    names: list[str] = []
    for block, lots in enumerate(block_lots):
        names.extend(f"{letters[block]}{index}" for index in range(1, len(lots) + 1))

    # §8.4 (2): lots of different blocks never touch; (4) each block has at least 2 lots; (1) blocks are connected.
    for (x, y), char in cells.items():
        for dx, dy in ((1, 0), (0, 1)):
            other = cells.get((x + dx, y + dy))
            if other is not None and other != char:
                raise BadContent(
                    source,
                    f"row {y + dy}",
                    f"column {x + dx}",
                    _(
                        "block {other} touches block {block} at {where}; put a street or blocker between blocks",
                        other=other,
                        block=char,
                        where=_where(y + dy, x + dx, lines),
                    ),
                )
    for block, lots in enumerate(block_lots):
        x0, y0 = positions[lots[0]]
        if len(lots) < 2:
            raise BadContent(
                source,
                f"row {y0}",
                f"column {x0}",
                _(
                    "block {block} has only 1 lot (at {where}); a block needs at least 2",
                    block=letters[block],
                    where=_where(y0, x0, lines),
                ),
            )
        reached = _flood(lots[0], lambda lot: _touching(lot, positions, lot_at, lot_block))
        for lot in lots:
            if lot not in reached:
                x, y = positions[lot]
                raise BadContent(
                    source,
                    f"row {y}",
                    f"column {x}",
                    _(
                        "block {block} is split in two: its lot at {where} does not connect to its lot at {first}",
                        block=letters[block],
                        where=_where(y, x, lines),
                        first=_where(y0, x0, lines),
                    ),
                )

    neighbours = tuple(_neighbours(positions[lot], rows, lot_at) for lot in range(len(positions)))
    reached = _flood(0, lambda lot: neighbours[lot])
    if len(reached) != len(positions):
        lot = min(set(range(len(positions))) - reached)
        x, y = positions[lot]
        x0, y0 = positions[0]
        raise BadContent(
            source,
            f"row {y}",
            f"column {x}",
            _(
                "the lot at {where} cannot be reached through adjacency from the lot at {first}; every lot must "
                "connect",
                where=_where(y, x, lines),
                first=_where(y0, x0, lines),
            ),
        )
    return Board(
        rows=tuple(rows),
        lot_x=tuple(p[0] for p in positions),
        lot_y=tuple(p[1] for p in positions),
        lot_block=lot_block,
        lot_names=tuple(names),
        block_letters=tuple(letters),
        block_lots=block_lots,
        neighbours=neighbours,
        lot_at=lot_at,
        lot_by_name={name: lot for lot, name in enumerate(names)},
    )


def _touching(
    lot: int, positions: list[tuple[int, int]], lot_at: dict[tuple[int, int], int], lot_block: tuple[int, ...]
) -> list[int]:
    x, y = positions[lot]
    result = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        other = lot_at.get((x + dx, y + dy))
        if other is not None and lot_block[other] == lot_block[lot]:
            result.append(other)
    return result


def _neighbours(position: tuple[int, int], rows: list[str], lot_at: dict[tuple[int, int], int]) -> tuple[int, ...]:
    """CG-8 / §8.3: walk each direction over street cells; the first non-street cell is a neighbour if it is a lot."""
    height, width = len(rows), len(rows[0])
    found = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = position[0] + dx, position[1] + dy
        while 0 <= x < width and 0 <= y < height and rows[y][x] in TRANSPARENT:
            x, y = x + dx, y + dy
        lot = lot_at.get((x, y))
        if lot is not None:
            found.append(lot)
    return tuple(sorted(found))


def _flood(start: int, step: Callable[[int], Iterable[int]]) -> set[int]:
    seen = {start}
    stack = [start]
    while stack:
        for other in step(stack.pop()):
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return seen


@functools.cache
def shipped_maps() -> tuple[str, ...]:
    """The names of the maps this package ships (`maps/NAME.txt`): the only names the `map` option takes."""
    folder = resources.files("guildtable.games.city_and_guilds").joinpath("maps")
    return tuple(sorted(entry.name.removesuffix(".txt") for entry in folder.iterdir() if entry.name.endswith(".txt")))


def shipped_map_text(name: str) -> str:
    """The text of a shipped map; `name` must be one of `shipped_maps()` (it is never joined to a path otherwise)."""
    if name not in shipped_maps():
        raise KeyError(name)
    return resources.files("guildtable.games.city_and_guilds").joinpath(f"maps/{name}.txt").read_text(encoding="utf-8")


def default_map_text() -> str:
    return shipped_map_text(DEFAULT_MAP)


@functools.lru_cache(maxsize=32)
def board_for(value: str) -> Board:
    """The board a `map` option value names: a shipped map or map text. Parsed once per distinct value."""
    if value in shipped_maps():
        return parse_map(shipped_map_text(value), f"maps/{value}.txt")
    return parse_map(value, "map option")


NOT_A_MAP: Final = N_(
    "a map is the name of a map the game ships ({names}) or the map's rows of text (A–Z lots, '.' street, "
    "'*' fountain, '+' trough, '#' blocker); a map file is read by the command line (--option map=FILE), never by "
    "the game"
)


def convert_map_option(value: str) -> str:
    """The `map` option's conversion: a shipped map's name, or the map's own text (kept, so records replay anywhere).

    Never a path: the engine serves the network too, where a path would open the server's files. So the answer to a
    value that is no map is the same whatever the server's disk holds, and no error echoes more than the one
    character at fault. The text is size-limited before it is parsed. A bad map raises BadOptions naming the row and
    column in plain words (§8.3, §8.4)."""
    if value in shipped_maps():
        return value
    if len(value) > MAX_MAP_TEXT:
        raise BadOptions(
            "map", _("a map's text has at most {most} characters, this one has {n}", most=MAX_MAP_TEXT, n=len(value))
        )
    try:
        parse_map(value, "map option")
    except BadContent as error:
        if len(value.splitlines()) <= 1:  # one line: a name or a path, not a map's rows
            raise BadOptions("map", _(NOT_A_MAP, names=", ".join(shipped_maps()))) from None
        raise BadOptions("map", error.message) from None
    return value
