"""City Blocks in the terminal: the 5×6 grid with each street's value tile at its row or column, the hand, both
players' value tiles and totals, and the last move. Reads only a `view`, never a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from guildtable.games.city_blocks.content import (
    SEAT_NAMES,
    TILE_ALIASES,
    seat_words,
    tile_description,
    tile_with_article,
)
from guildtable.games.city_blocks.words import capital, site_name_words, street_name_words
from guildtable.kernel.i18n import ENGLISH, current_language, domain

_ = domain("city_blocks").gettext

COLOURS = ("bold bright_blue", "bold bright_red")


def _slot(value: int | None) -> Text:
    return Text(f"${value}", style="bold yellow") if value else Text("—", style="dim")


def _seat_names(view: dict[str, Any]) -> list[str]:
    """The view's seat names, the colours in the reader's language."""
    colours = dict(zip(SEAT_NAMES, seat_words(), strict=True))
    return [colours.get(name, name) for name in view["seats"]]


def render(view: dict[str, Any], seat: int | None) -> Group:
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
    if view["terminal"]:
        lines.append(Text())
        lines.append(render_awards(view))
    return Group(*lines)


def render_totals(view: dict[str, Any]) -> Text:
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


def render_awards(view: dict[str, Any]) -> Table:
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


def _tile(code: str) -> str:
    """ "H3" -> "house 3", "PWR" -> "power plant"."""
    return tile_description(TILE_ALIASES[code])


def _a_tile(code: str) -> str:
    """ "H3" -> "a house 3", "S4" -> "einen Laden 4": a tile as the object of a sentence."""
    return tile_with_article(TILE_ALIASES[code])


def describe_event(kind: str, data: dict[str, Any], names: Sequence[str]) -> str | None:
    """One log line per event in plain words, naming players by `names`; None for events not worth a line."""
    names = [seat_words()[index] if name == SEAT_NAMES[index] else name for index, name in enumerate(names)]
    who = names[data["seat"]] if "seat" in data else ""
    if kind == "build":
        return _(
            "{who} builds {tile} on {site}", who=who, tile=_a_tile(data["tile"]), site=site_name_words(data["site"])
        )
    if kind == "rebuild":
        return _(
            "{who} rebuilds {site} with {tile}, paying the ${paid} value tile (the {replaced} there leaves the game)",
            who=who,
            site=site_name_words(data["site"]),
            tile=_a_tile(data["tile"]),
            paid=data["paid"],
            replaced=_tile(data["replaced"]),
        )
    if kind == "swap":
        a, b = (street_name_words(name) for name in data["streets"])
        return _(
            "{who}'s courthouse swaps the value tiles of {a} and {b}: {a} now has ${value_a}, {b} ${value_b}",
            who=who,
            a=a,
            b=b,
            value_a=data["values"][0],
            value_b=data["values"][1],
        )
    if kind == "noswap":
        return _("{who} places the courthouse without swapping value tiles", who=who)
    if kind == "award":
        blue, red = data["totals"]
        street, value = capital(street_name_words(data["street"])), data["value"]
        if data["winner"] is None:
            return _(
                "{street} is complete: {first} {first_total}, {second} {second_total}, a tie, so its ${value} value "
                "tile leaves the game",
                street=street,
                first=names[0],
                first_total=blue,
                second=names[1],
                second_total=red,
                value=value,
            )
        return _(
            "{street} is complete: {first} {first_total}, {second} {second_total}, so {winner} takes its ${value} "
            "value tile",
            street=street,
            first=names[0],
            first_total=blue,
            second=names[1],
            second_total=red,
            winner=names[data["winner"]],
            value=value,
        )
    if kind == "drew":
        return _("You drew {tiles}", tiles=", ".join(_tile(code) for code in data["tiles"]))
    if kind == "pass":
        return _("{who} has no tiles left and passes", who=who)
    return None
