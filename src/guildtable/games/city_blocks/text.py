"""City Blocks in the terminal: the 5×6 grid with each street's value tile at its row or column, the hand, both
players' value tiles and totals, and the last move. Reads only a `view`, never a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from guildtable.games.city_blocks.content import TILE_ALIASES, tile_description
from guildtable.games.city_blocks.words import capital, site_name_words, street_name_words

COLOURS = ("bold bright_blue", "bold bright_red")


def _slot(value: int | None) -> Text:
    return Text(f"${value}", style="bold yellow") if value else Text("—", style="dim")


def render(view: dict[str, Any], seat: int | None) -> Group:
    names = view["seats"]
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
        won = " ".join(f"${v}" for v in view["won"][player]) or "none"
        marker = "▶ " if view["current_player"] == player else "  "
        lines.append(
            Text.assemble(
                marker,
                (f"{names[player]:<5}", COLOURS[player]),
                f" value tiles: {won}  total ${view['scores'][player]:g}",
                f"   hand {view['hand_sizes'][player]}, pile {view['pile_sizes'][player]}",
            )
        )
    if seat is not None and view["hand"] is not None:
        lines.append(Text.assemble("Your hand: ", (" ".join(view["hand"]) or "empty", COLOURS[seat])))
    if view["last_move"]:
        lines.append(Text(f"Last move: {view['last_move']}", style="italic"))
    if view["terminal"]:
        lines.append(Text())
        lines.append(render_awards(view))
    return Group(*lines)


def render_totals(view: dict[str, Any]) -> Text:
    """Each open street's running totals (Blue : Red) under the effects in force (CB-17), e.g. `R1 3:0 houses 0`."""
    line = Text.assemble(("Open streets ", "bold"), f"({view['seats'][0]} : {view['seats'][1]}): ")
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
            line.append(" (" + ", ".join(effect.lower() for effect in effects) + ")", style="dim")
    return line


def render_awards(view: dict[str, Any]) -> Table:
    """Every street's award, for the end of the game."""
    names = view["seats"]
    table = Table(title="Street awards", header_style="bold")
    table.add_column("Street")
    table.add_column("Value", justify="right")
    table.add_column(names[0], justify="right")
    table.add_column(names[1], justify="right")
    table.add_column("Result")
    for award in view["awards"]:
        winner = award["winner"]
        result = "tie: removed" if winner is None else f"{names[winner]} takes ${award['value']}"
        table.add_row(award["street"], f"${award['value']}", str(award["totals"][0]), str(award["totals"][1]), result)
    return table


def _tile(code: str) -> str:
    """ "H3" -> "house 3", "PWR" -> "power plant"."""
    return tile_description(TILE_ALIASES[code])


def describe_event(kind: str, data: dict[str, Any], names: Sequence[str]) -> str | None:
    """One log line per event in plain words, naming players by `names`; None for events not worth a line."""
    who = names[data["seat"]] if "seat" in data else ""
    if kind == "build":
        return f"{who} builds a {_tile(data['tile'])} on {site_name_words(data['site'])}"
    if kind == "rebuild":
        return (
            f"{who} rebuilds {site_name_words(data['site'])} with a {_tile(data['tile'])}, paying the "
            f"${data['paid']} value tile (the {_tile(data['replaced'])} there leaves the game)"
        )
    if kind == "swap":
        a, b = (street_name_words(name) for name in data["streets"])
        now = f"{a} now has ${data['values'][0]}, {b} ${data['values'][1]}"
        return f"{who}'s courthouse swaps the value tiles of {a} and {b}: {now}"
    if kind == "noswap":
        return f"{who} places the courthouse without swapping value tiles"
    if kind == "award":
        blue, red = data["totals"]
        street, value = capital(street_name_words(data["street"])), data["value"]
        totals = f"{names[0]} {blue}, {names[1]} {red}"
        if data["winner"] is None:
            return f"{street} is complete: {totals}, a tie, so its ${value} value tile leaves the game"
        return f"{street} is complete: {totals}, so {names[data['winner']]} takes its ${value} value tile"
    if kind == "drew":
        return f"You drew {', '.join(_tile(code) for code in data['tiles'])}"
    if kind == "pass":
        return f"{who} has no tiles left and passes"
    return None
