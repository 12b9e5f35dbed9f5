"""City Blocks in the terminal: the 5×6 grid with each street's value tile at its row or column, the hand, both
players' value tiles and totals, and the last move. Reads only a `view`, never a state."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from guildtable.games.city_blocks.content import (
    SEAT_NAMES,
    TILE_CODES,
    seat_words,
)
from guildtable.games.city_blocks.glossary import glossary, kind_key
from guildtable.games.city_blocks.view import CityBlocksView
from guildtable.kernel.i18n import ENGLISH, current_language, domain

_ = domain("city_blocks").gettext

COLOURS = ("bold bright_blue", "bold bright_red")


def _slot(value: int | None) -> Text:
    return Text(f"${value}", style="bold yellow") if value else Text("—", style="dim")


def _seat_names(view: CityBlocksView) -> list[str]:
    """The view's seat names, the colours in the reader's language."""
    colours = dict(zip(SEAT_NAMES, seat_words(), strict=True))
    return [colours.get(name, name) for name in view["seats"]]


def render(view: CityBlocksView, seat: int | None) -> Group:
    names = _seat_names(view)
    grid = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    grid.add_column("", justify="right")
    for column in range(1, 7):
        grid.add_column(Text.assemble(f"C{column} ", _slot(view["slots"][f"C{column}"])), justify="center")
    for row in range(1, 6):
        cells: list[Text] = [Text.assemble(f"R{row} ", _slot(view["slots"][f"R{row}"]))]
        for entry in view["board"][row - 1]:
            if entry is None:
                cells.append(Text("·", style="dim"))
            else:
                cells.append(Text(entry["tile"], style=COLOURS[entry["owner"]]))
        grid.add_row(*cells)

    lines: list[RenderableType] = [grid, render_totals(view), Text()]
    for player in (0, 1):
        won = " ".join(f"${v}" for v in view["won"][player]) or _("none")
        marker = "▶ " if view["current_player"] == player else "  "
        lines.append(
            Text.assemble(
                marker,
                (f"{names[player]:<5}", COLOURS[player]),
                " " + _("value tiles: {won}  total ${total}", won=won, total=f"{view['scores'][player]:g}"),
                "   " + _("hand {hand}, pile {pile}", hand=view["hand_sizes"][player], pile=view["pile_sizes"][player]),
            )
        )
    if seat is not None and view["hand"] is not None:
        lines.append(Text.assemble(_("Your hand: "), (" ".join(view["hand"]) or _("empty"), COLOURS[seat])))
    if view["last_move"]:
        lines.append(Text(_("Last move: {move}", move=view["last_move"]), style="italic"))
    lines.append(legend())
    if view["terminal"]:
        lines.append(Text())
        lines.append(render_awards(view))
    return Group(*lines)


def _mid_line(name: str) -> str:
    """A glossary name inside a line: English names start small ("power plant"), German nouns keep their capital."""
    return name.lower() if current_language() == ENGLISH else name


def legend() -> Text:
    """What the codes on the board stand for (issue 33), from the glossary, which keys each tile by its code:
    "Codes: H house, S store, F factory (H3 adds 3), SCH school, … · $ value tile · · empty site"."""
    pieces = glossary()
    numbered = [code for code in TILE_CODES if kind_key(code) != code]  # H1 … F7: a kind's code and a number
    codes = [key for key in pieces if key.isalpha() and key.isupper()]
    entries = [f"{key} {_mid_line(pieces[key].name)}" for key in codes]
    last = max(
        (index for index, key in enumerate(codes) if any(kind_key(code) == key for code in numbered)), default=-1
    )
    if last >= 0:
        example = next((code for code in numbered if code.endswith("3")), numbered[0])
        number = example[len(kind_key(example)) :]
        entries[last] += " " + _("({example} adds {number})", example=example, number=number)
    line = Text(_("Codes: {codes}", codes=", ".join(entries)), style="dim")
    line.append(" · $ " + _mid_line(pieces["value"].name) + " · · " + _("empty site"), style="dim")
    return line


def render_totals(view: CityBlocksView) -> Text:
    """Each open street's running totals (Blue : Red) under the effects in force (CB-17), e.g. `R1 3:0 houses 0`."""
    names = _seat_names(view)
    line = Text.assemble((_("Open streets") + " ", "bold"), f"({names[0]} : {names[1]}): ")
    open_streets = [name for name, value in view["slots"].items() if value]
    for index, name in enumerate(open_streets):
        blue, red = view["street_totals"][name]
        if index:
            line.append("  ")
        line.append(f"{name} ")
        line.append(str(blue), style=COLOURS[0])
        line.append(":")
        line.append(str(red), style=COLOURS[1])
        effects = view["street_effects"][name]
        if effects:
            # Mid-line the English effects start small ("houses count 0"); German nouns keep their capital.
            shown = [effect.lower() if current_language() == ENGLISH else effect for effect in effects]
            line.append(" (" + ", ".join(shown) + ")", style="dim")
    return line


def render_awards(view: CityBlocksView) -> Table:
    """Every street's award, for the end of the game."""
    names = _seat_names(view)
    table = Table(title=_("Street awards"), header_style="bold")
    table.add_column(_("Street"))
    table.add_column(_("Value"), justify="right")
    table.add_column(names[0], justify="right")
    table.add_column(names[1], justify="right")
    table.add_column(_("Result"))
    for award in view["awards"]:
        winner = award["winner"]
        if winner is None:
            result = _("tie: removed")
        else:
            result = _("{name} takes ${value}", name=names[winner], value=award["value"])
        table.add_row(award["street"], f"${award['value']}", str(award["totals"][0]), str(award["totals"][1]), result)
    return table
