"""City and Guilds in the terminal: the map with block letters and colours, each tile's guild and kind, figures in
their owner's colour, street features; the four investment tracks in rank order; blocks, scores, the display and
the viewer's hand (others' hands only as counts). Reads only a `view`, never a state."""

from __future__ import annotations

from typing import Any, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text

from guildtable.games.city_and_guilds.board import BLOCKER, FEATURES
from guildtable.games.city_and_guilds.final import FinalView
from guildtable.games.city_and_guilds.glossary import glossary
from guildtable.games.city_and_guilds.view import CityAndGuildsView, LotView
from guildtable.kernel.i18n import ENGLISH, current_language, domain

_ = domain("city_and_guilds").gettext

PLAYER_STYLES = ("bold bright_red", "bold bright_yellow", "bold bright_blue", "bold bright_green", "bold magenta")
GUILD_STYLES = {"BA": "gold3", "WE": "orchid", "CA": "wheat1", "SM": "steel_blue1"}
BLOCK_BACKGROUNDS = (
    "on #3b2f2f",
    "on #2f3b2f",
    "on #2f2f3f",
    "on #3b3b2a",
    "on #3a2a3a",
    "on #2a3a3a",
    "on #403020",
    "on #203040",
)
CELL = 4  # 16 map columns fit an 80-column terminal
STREET_CELLS = {".": Text(" " * CELL), "*": Text(" ✲  ", style="bright_cyan"), "+": Text(" ═  ", style="cyan")}
BLOCKER_MARK = "▓"


def _tile_style(code: str) -> str:
    if code == "MIN":
        return "bold cyan"
    if code == "TAV":
        return "bold orange3"
    return "bold " + GUILD_STYLES[code[-2:]] + (" underline" if code.startswith("M") else "")


def _lot_cell(lot: LotView, background: str) -> Text:
    if lot["tile"] is None:
        return Text(f" {lot['lot']:<3}"[:CELL], style=f"dim {background}")
    code = lot["tile"]
    cell = Text(code, style=f"{_tile_style(code)} {background}")
    marks = "●" * lot["figures"]
    owner = lot["owner"]
    style = f"{PLAYER_STYLES[owner]} {background}" if owner is not None else background
    cell.append(f"{marks:<{CELL - len(code)}}", style=style)
    return cell


def render_map(view: CityAndGuildsView) -> Text:
    by_position = {(lot["x"], lot["y"]): lot for lot in view["lots"]}
    letters = [block["block"] for block in view["blocks"]]
    text = Text()
    width = len(view["map"][0])
    text.append("   " + "".join(f"{x:<{CELL}}" for x in range(width)) + "\n", style="dim")
    for y, row in enumerate(view["map"]):
        text.append(f"{y:>2} ", style="dim")
        for x, char in enumerate(row):
            lot = by_position.get((x, y))
            if lot is not None:
                background = BLOCK_BACKGROUNDS[letters.index(lot["block"]) % len(BLOCK_BACKGROUNDS)]
                text.append_text(_lot_cell(lot, background))
            elif char == BLOCKER:
                text.append(BLOCKER_MARK * CELL, style="grey30")
            else:
                text.append_text(STREET_CELLS.get(char, Text(" " * CELL)))
        text.append("\n")
    return text


def _name(view: CityAndGuildsView, seat: int | None) -> Text:
    if seat is None:
        return Text("–", style="dim")
    return Text(view["seats"][seat], style=PLAYER_STYLES[seat])


def render_tracks(view: CityAndGuildsView) -> Table:
    table = Table(
        title=_("Investment tracks (rank order; a later arrival ranks behind)"), box=None, header_style="bold"
    )
    table.add_column(_("Guild"))
    table.add_column(_("Ranking"))
    for track in view["tracks"]:
        line = Text()
        for place, (seat, value) in enumerate(track["ranking"]):
            if place:
                line.append("  >  ", style="dim")
            line.append_text(_name(view, seat))
            line.append(f" {value}")
        if track["at_zero"]:
            line.append(_("   at 0: "), style="dim")
            line.append(", ".join(view["seats"][seat] for seat in track["at_zero"]), style="dim")
        table.add_row(Text(track["guild"], style=GUILD_STYLES[track["guild"][:2]]), line)
    return table


def render_blocks(view: CityAndGuildsView) -> Table:
    table = Table(title=_("Blocks"), box=None, header_style="bold")
    for column in (_("Block"), _("Filled"), _("Value"), _("White (1st)"), _("Black (2nd)"), ""):
        table.add_column(column)
    for block in view["blocks"]:
        filled = f"{block['lots'] - block['empty']}/{block['lots']}"
        status = Text(_("scored"), style="green") if block["scored"] else Text("")
        table.add_row(
            block["block"],
            filled,
            str(block["value"]),
            _name(view, block["white"]),
            _name(view, block["black"]),
            status,
        )
    return table


def render_players(view: CityAndGuildsView) -> Table:
    table = Table(box=None, header_style="bold")
    for column in ("", _("Player"), _("Score"), _("Figures left"), _("Hand"), _("Tiles placed")):
        table.add_column(column)
    for seat in range(len(view["seats"])):
        marker = "▶" if view["current_player"] == seat else ""
        hand = str(view["hand_sizes"][seat])
        if view["hands"] is not None:
            hand = " ".join(view["hands"][seat])
        table.add_row(
            marker,
            _name(view, seat),
            f"{view['scores'][seat]:g}",
            str(view["figures_left"][seat]),
            hand,
            str(view["tiles_placed"][seat]),
        )
    return table


def _codes(codes: list[str]) -> Text:
    text = Text()
    for index, code in enumerate(codes):
        if index:
            text.append(" ")
        text.append(code, style=_tile_style(code))
    return text if codes else Text(_("empty"), style="dim")


def render(view: CityAndGuildsView, seat: int | None) -> Group:
    lines: list[Any] = [render_map(view), render_tracks(view), render_blocks(view), render_players(view)]
    lines.append(
        Text.assemble(
            _("Display: "),
            _codes(view["display"]),
            _(
                "   supply {supply} face down, taverns left {taverns}",
                supply=view["supply_size"],
                taverns=view["taverns_left"],
            ),
        )
    )
    if seat is not None and view["hand"] is not None:
        lines.append(Text.assemble(_("Your hand: "), _codes(view["hand"])))
    if view["placing"]:
        lines.append(Text.assemble(_("Placing: "), _codes([view["placing"]])))
    if view["setup_round"]:
        lines.append(Text(_("Setup round: tiles go into empty blocks, away from other tiles."), style="italic"))
    if view["last_move"]:
        lines.append(Text(_("Last move: {move}", move=view["last_move"]), style="italic"))
    lines.append(legend())
    if view["terminal"]:
        lines.append(render_final(view))
    return Group(*lines)


def _mid_line(name: str) -> str:
    """A glossary name inside a line: English names start small ("baker building"), German nouns keep their
    capital."""
    return name.lower() if current_language() == ENGLISH else name


def legend() -> Text:
    """What the codes and marks on the map stand for (issue 33), the names from the glossary, which keys each tile by
    its code and each map mark by its character: "Codes: BA baker building, …, M… a market (MBA baker market,
    underlined), MIN minstrel house, TAV tavern · ● figures in the owner's colour · ✲ fountain, ═ trough, ▓ blocker"."""
    pieces = glossary()
    codes = [key for key in pieces if key.isalpha() and key.isupper()]
    markets = [code for code in codes if code.startswith("M") and code[1:] in codes]
    entries = [f"{code} {_mid_line(pieces[code].name)}" for code in codes if code not in markets]
    if markets:
        example = markets[0]
        market = _(
            "{code} a market ({example} {name}, underlined)",
            code="M…",
            example=example,
            name=_mid_line(pieces[example].name),
        )
        buildings = sum(1 for code in codes if "M" + code in markets)
        entries.insert(buildings, market)
    line = Text(_("Codes: {codes}", codes=", ".join(entries)), style="dim")
    line.append(" · " + _("{mark} figures in the owner's colour", mark="●"), style="dim")
    marks = [
        f"{STREET_CELLS[char].plain.strip()} {_mid_line(pieces['feature:' + char].name)}"
        for char in FEATURES
        if char in STREET_CELLS
    ]
    marks.append(f"{BLOCKER_MARK} {_mid_line(pieces['feature:' + BLOCKER].name)}")
    line.append(" · " + ", ".join(marks), style="dim")
    return line


def render_final(view: CityAndGuildsView) -> Table:
    table = Table(title=_("Final scoring"), header_style="bold")
    table.add_column(_("Guild"))
    table.add_column(_("Chain"))
    table.add_column(_("Value"), justify="right")
    table.add_column(_("Paid"))
    final: FinalView = view["final"] or {"guilds": {}, "penalties": []}
    for guild, entry in final["guilds"].items():
        paid = ", ".join(f"{view['seats'][cast(int, seat)]} {points}" for seat, points, _why in entry["points"]) or _(
            "nobody invested"
        )
        chain = _("{tiles} tiles, {blocks} blocks", tiles=entry["size"], blocks=entry["blocks"])
        table.add_row(guild, chain, str(entry["value"]), paid)
    for seat, points, why in final["penalties"]:
        table.add_row(_("penalty"), cast(str, why), "", f"{view['seats'][cast(int, seat)]} {points}")
    winners = ", ".join(view["seats"][seat] for seat in view["winners"])
    table.caption = _("Winner(s): {winners}", winners=winners)
    return table
