"""Guilds of London in the terminal: the city as a grid of tiles (minimum, symbols, figures by colour, masters, the
Beadle, rewards), the Guildhall, the plantation, VP and turn order, the round track, the seat's own hand and reward
cards (others' only as counts). Reads only a `view`, never a state."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

COLOURS = ("bold green", "bold red", "bold bright_blue", "bold yellow")
SYMBOL_MARK = {"compasses": "⊕", "anchor": "⚓", "cross": "✝", "scythe": "⚒", "crown": "♔"}
SYMBOL_STYLE = {"compasses": "red", "anchor": "blue", "cross": "green", "scythe": "yellow", "crown": "magenta"}


def _symbols(names: list[str]) -> Text:
    text = Text()
    for name in names:
        text.append(SYMBOL_MARK[name], style=SYMBOL_STYLE[name])
    return text


def _tile_cell(tile: dict[str, Any]) -> Text:
    text = Text()
    short = tile["id"][:12]
    if tile["side"] == "master":
        master = tile["master"]
        style = COLOURS[master] if master is not None and master >= 0 else "dim"
        text.append(f"{short}\n", style="dim")
        text.append_text(_symbols(tile["symbols"]))
        text.append("  master ", style="dim")
        text.append("M" if master is not None and master >= 0 else "—", style=style)
        return text
    text.append(f"{short}\n", style="bold")
    text.append(f"min {tile['minimum']} ")
    text.append_text(_symbols(tile["symbols"]))
    text.append(f" #{tile['precedence']}\n", style="dim")
    for seat, count in enumerate(tile["figures"]):
        if count:
            text.append("●" * count, style=COLOURS[seat])
    if tile["beadle"]:
        text.append("B", style="bold white on grey30")
    if tile["token"]:
        text.append(" ◆", style="cyan")
    return text


def render_city(view: dict[str, Any]) -> Table:
    tiles = {(t["x"], t["y"]): t for t in view["city"]}
    halls = {tuple(c) for c in view["guildhall"]["cells"]}
    cells = set(tiles) | halls
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    grid = Table(show_header=False, box=None, padding=(0, 1), show_lines=False)
    for _ in range(min(xs), max(xs) + 1):
        grid.add_column(min_width=14, max_width=16)
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            if (x, y) in tiles:
                row.append(_tile_cell(tiles[(x, y)]))
            elif (x, y) in halls:
                text = Text("GUILDHALL\n", style="bold white on dark_red")
                if [x, y] == view["guildhall"]["cells"][0]:  # the figures are shown once, on the first part
                    for seat, count in enumerate(view["guildhall"]["figures"]):
                        if count:
                            text.append(f"{count}", style=COLOURS[seat])
                            text.append(" ")
                row.append(text)
            else:
                row.append(Text(""))
        grid.add_row(*row)
    return grid


def render(view: dict[str, Any], seat: int | None) -> Group:
    names = view["seats"]
    lines: list[Any] = [Text(view["content"], style="italic dim")]
    track = Text("Round ")
    for number in range(1, view["rounds"] + 1):
        style = "reverse" if number == view["round"] else ("on grey30" if number in view["grey_rounds"] else "")
        mark = "*" if number in view["scoring_rounds"] and len(view["scoring_rounds"]) < view["rounds"] else ""
        track.append(f" {number}{mark} ", style=style)
    lines.append(track)
    lines.append(render_city(view))
    plantation = view["plantation"]
    text = Text(f"{plantation['name']}: ")
    for p, count in enumerate(plantation["figures"]):
        text.append(f"{names[p]} {count}  ", style=COLOURS[p])
    text.append(
        f"| left: {', '.join(plantation['left'])} (return {plantation['left_returns']}); "
        f"right: {', '.join(plantation['right'])} (return {plantation['right_returns']})",
        style="dim",
    )
    lines.append(text)
    players = Table(header_style="bold")
    for column in ("", "Player", "VP", "Supply", "Neutrals", "Cards", "Reward cards", "Tokens", "Turn"):
        players.add_column(column)
    order = view["turn_order"]
    for rank, p in enumerate(order, start=1):
        marker = "▶" if view["current_player"] == p else ""
        players.add_row(
            marker,
            Text(names[p], style=COLOURS[p]),
            str(view["vp"][p]),
            str(view["supply"][p]),
            str(view["neutrals"][p]),
            str(view["hand_sizes"][p]),
            str(view["reward_card_counts"][p]),
            ", ".join(view["tokens_kept"][p]) or "—",
            f"{rank}{' (done)' if view['turns_taken'][p] else ''}",
        )
    lines.append(players)
    if view["in_front"]:
        lines.append(Text(f"Cards in front of the active player: {view['in_front']}"))
    if seat is not None and view["hand"] is not None:
        hand = Text("Your hand: ", style=COLOURS[seat])
        for card in view["hand"]:
            hand.append(f"#{card['number']} {card['name']} ")
            hand.append_text(_symbols(card["symbols"]))
            hand.append("  ")
        lines.append(hand)
        lines.append(
            Text(f"Hand limit {view['hand_limit']}; your reward cards: {', '.join(view['reward_cards']) or '—'}")
        )
        if view["drawn_reward_cards"]:
            lines.append(Text(f"Drawn reward cards: {', '.join(view['drawn_reward_cards'])}", style="bold"))
    if view["prompt"]:
        lines.append(Text(view["prompt"], style="bold"))
    if view["terminal"] and view["final"]:
        final = Table(title="Final scoring", header_style="bold")
        final.add_column("Player")
        final.add_column("Reward cards")
        final.add_column("Master pairs", justify="right")
        final.add_column("VP", justify="right")
        for p in range(len(names)):
            cards = ", ".join(f"{c['card']} {c['vp']}" for c in view["final"]["reward_cards"][p])
            final.add_row(
                Text(names[p], style=COLOURS[p]), cards, str(view["final"]["master_pairs"][p]), str(view["vp"][p])
            )
        lines.append(final)
        lines.append(Text("Winners: " + ", ".join(names[p] for p in view["winners"]), style="bold"))
    return Group(*lines)
