"""Guilds of London in the terminal: the city as a grid of tiles (full names, minimum, symbols, figures and masters by
the owner's letter and colour, the Beadle), the Guildhall, the plantation with its rewards in words, VP, hand limits
and turn order, the round track with rounds left and the next growth phase, the seat's own hand and reward cards with
their texts (others' only as counts). Reads only a `view` and the public glossary, never a state."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from guildtable.games.guilds_of_london.glossary import glossary
from guildtable.games.guilds_of_london.view import GuildsView, TileView

COLOURS = ("bold green", "bold red", "bold bright_blue", "bold yellow")
SYMBOL_MARK = {"compasses": "⊕", "anchor": "⚓", "cross": "✝", "scythe": "⚒", "crown": "♔"}
SYMBOL_STYLE = {"compasses": "red", "anchor": "blue", "cross": "green", "scythe": "yellow", "crown": "magenta"}


def _symbols(names: list[str]) -> Text:
    text = Text()
    for name in names:
        text.append(SYMBOL_MARK[name], style=SYMBOL_STYLE[name])
    return text


def _letter(names: list[str], seat: int) -> str:
    """A seat's mark: the first letter of its name, so owners read without colour too."""
    return names[seat][:1].upper()


def _tile_cell(tile: TileView, names: list[str]) -> Text:
    text = Text()
    name = tile.get("short_name") or tile["name"]
    if tile["side"] == "master":
        master = tile["master"]
        text.append(f"{name}\n", style="dim")
        text.append_text(_symbols(tile["symbols"]))
        text.append("  master ", style="dim")
        if master is not None and master >= 0:
            text.append(f"♛{_letter(names, master)}", style=COLOURS[master])
        else:
            text.append("none", style="dim")
        return text
    text.append(f"{name}\n", style="bold")
    text.append(f"needs {tile['minimum']} ")
    text.append_text(_symbols(tile["symbols"]))
    text.append("\n")
    for seat, count in enumerate(tile["figures"]):
        if count:
            text.append(f"{_letter(names, seat)}{count} ", style=COLOURS[seat])
    if tile["beadle"]:
        text.append("Beadle", style="bold white on grey30")
    if tile["token"]:
        text.append(" ◆", style="cyan")
    return text


def render_city(view: GuildsView) -> Table:
    names = view["seats"]
    tiles = {(t["x"], t["y"]): t for t in view["city"]}
    halls = {tuple(c) for c in view["guildhall"]["cells"]}
    cells = set(tiles) | halls
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    grid = Table(show_header=False, box=None, padding=(0, 1), show_lines=True)
    for _ in range(min(xs), max(xs) + 1):
        grid.add_column(min_width=14, max_width=16)
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            if (x, y) in tiles:
                row.append(_tile_cell(tiles[(x, y)], names))
            elif (x, y) in halls:
                text = Text("GUILDHALL\n", style="bold white on dark_red")
                if [x, y] == view["guildhall"]["cells"][0]:  # the figures are shown once, on the first part
                    for seat, count in enumerate(view["guildhall"]["figures"]):
                        if count:
                            text.append(f"{_letter(names, seat)}{count} ", style=COLOURS[seat])
                row.append(text)
            else:
                row.append(Text(""))
        grid.add_row(*row)
    return grid


def _card_line(number: int) -> Text:
    piece = glossary()[str(number)]
    return Text(f"#{number} {piece.name}: {piece.text}")


def _reward_line(card_id: str) -> Text:
    piece = glossary()[card_id]
    line = Text(f"{piece.name}", style="bold")
    line.append(f": {piece.text}")
    return line


def render(view: GuildsView, seat: int | None) -> Group:
    names = view["seats"]
    lines: list[Any] = [Text(view["content"], style="italic dim")]
    track = Text("Round ")
    for number in range(1, view["rounds"] + 1):
        style = "reverse" if number == view["round"] else ("on grey30" if number in view["grey_rounds"] else "")
        mark = "*" if number in view["scoring_rounds"] and len(view["scoring_rounds"]) < view["rounds"] else ""
        track.append(f" {number}{mark} ", style=style)
    lines.append(track)
    glance = f"Round {view['round']} of {view['rounds']} ({view['rounds_left']} left, this one included)"
    if view["next_growth_round"] is not None:
        glance += f"; the next growth phase ends round {view['next_growth_round']}"
    if len(view["scoring_rounds"]) < view["rounds"]:
        glance += "; tiles are scored only in the rounds marked *"
    lines.append(Text(glance, style="dim"))
    legend = ", ".join(f"{_letter(names, p)} {name}" for p, name in enumerate(names))
    symbols = ", ".join(f"{mark} {name}" for name, mark in SYMBOL_MARK.items())
    lines.append(Text(f"Figures by player: {legend}; ♛ a master, ◆ a reward token; symbols: {symbols}", style="dim"))
    lines.append(render_city(view))
    plantation = view["plantation"]
    text = Text(f"{plantation['name']}: ")
    for p, count in enumerate(plantation["figures"]):
        text.append(f"{names[p]} {count}  ", style=COLOURS[p])
    lines.append(text)
    lines.append(Text(f"  Most liverymen: {plantation['left_text']}", style="dim"))
    lines.append(Text(f"  Second most: {plantation['right_text']}", style="dim"))
    players = Table(header_style="bold")
    for column in ("", "Player", "VP", "Supply", "Neutrals", "Cards", "Limit", "Reward cards", "Tokens", "Turn"):
        players.add_column(column)
    order = view["turn_order"]
    tokens = glossary()
    for rank, p in enumerate(order, start=1):
        marker = "▶" if view["current_player"] == p else ""
        players.add_row(
            marker,
            Text(f"{names[p]} ({_letter(names, p)})", style=COLOURS[p]),
            f"{view['scores'][p]:g}",
            str(view["supply"][p]),
            str(view["neutrals"][p]),
            str(view["hand_sizes"][p]),
            str(view["hand_limits"][p]),
            str(view["reward_card_counts"][p]),
            ", ".join(tokens[kind].name for kind in view["tokens_kept"][p]) or "—",
            f"{rank}{' (done)' if view['turns_taken'][p] else ''}",
        )
    lines.append(players)
    if view["in_front"]:
        played = ", ".join(f"{glossary()[str(n)].name} (#{n})" for n in view["in_front"])
        lines.append(Text(f"Cards in front of the active player: {played}"))
    if seat is not None and view["hand"] is not None:
        lines.append(Text(f"Your hand (limit {view['hand_limit']}):", style=COLOURS[seat]))
        for card in view["hand"]:
            line = Text("  ")
            line.append_text(_symbols(card["symbols"]))
            line.append(" ")
            line.append_text(_card_line(card["number"]))
            lines.append(line)
        lines.append(Text("Your mayoral reward cards:" if view["reward_cards"] else "Your mayoral reward cards: none"))
        for card_id in view["reward_cards"] or []:
            lines.append(Text("  ").append_text(_reward_line(card_id)))
        if view["drawn_reward_cards"]:
            lines.append(Text("Reward cards you drew:", style="bold"))
            for card_id in view["drawn_reward_cards"]:
                lines.append(Text("  ").append_text(_reward_line(card_id)))
    decision = view["decision"]
    if decision is not None and decision["seat"] == seat and decision.get("prompt"):
        lines.append(Text(decision["prompt"], style="bold"))
    if view["terminal"] and view["final"]:
        final = Table(title="Final scoring", header_style="bold")
        final.add_column("Player")
        final.add_column("Reward cards")
        final.add_column("Master pairs", justify="right")
        final.add_column("VP", justify="right")
        for p in range(len(names)):
            cards = ", ".join(f"{glossary()[c['card']].name} {c['vp']} VP" for c in view["final"]["reward_cards"][p])
            final.add_row(
                Text(names[p], style=COLOURS[p]), cards, str(view["final"]["master_pairs"][p]), f"{view['scores'][p]:g}"
            )
        lines.append(final)
        lines.append(Text("Winners: " + ", ".join(names[p] for p in view["winners"]), style="bold"))
    return Group(*lines)
