"""Guildhall in the terminal: the prestige row, every guildhall by chapter, completed chapters, VP, the piles, your
hand and the open question. Reads only a `view`, never a state."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

COLOUR_STYLES = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow", "green": "bold green"}
COLOUR_STYLES["purple"] = "bold magenta"


def card_text(name: str) -> Text:
    colour = name.split(" ", 1)[0]
    return Text(name, style=COLOUR_STYLES.get(colour, ""))


def cards_text(cards: list[str]) -> Text:
    if not cards:
        return Text("—", style="dim")
    return Text(", ").join(card_text(card) for card in cards)


def chapter_text(colours: list[str]) -> Text:
    return Text(" ").join(Text(colour, style=COLOUR_STYLES.get(colour, "")) for colour in colours)


def render(view: dict[str, Any], seat: int | None) -> Group:
    lines: list[Any] = []
    if view.get("content_note"):
        lines.append(Text(f"Note: {view['content_note']}", style="italic dim"))
    row = Table(title="Prestige row", header_style="bold", box=None, padding=(0, 1))
    row.add_column("#", justify="right")
    row.add_column("VP", justify="right")
    row.add_column("Cost")
    row.add_column("Ability")
    for index, card in enumerate(view["row"], start=1):
        row.add_row(str(index), str(card["vp"]), "▣" * card["cost"], card["text"] or "—")
    lines.append(row)
    lines.append(
        Text(
            f"Deck {view['deck_size']}  ·  discard {view['discard_size']} (top: {view['discard_top'] or '—'})  ·  "
            f"prestige deck {view['prestige_deck_size']}  ·  turn {view['turn']}"
        )
    )
    players = Table(header_style="bold", padding=(0, 1))
    players.add_column("Player")
    players.add_column("VP", justify="right")
    players.add_column("Done", justify="right")
    players.add_column("Hand", justify="right")
    players.add_column("Guildhall (chapters)")
    players.add_column("Action area")
    for index, player in enumerate(view["players"]):
        marker = "▶ " if view["current_player"] == index else "  "
        me = " (you)" if seat == index else ""
        hall = Text("\n").join(
            Text.assemble(f"{prof}: ", chapter_text(colours)) for prof, colours in player["guildhall"].items()
        )
        players.add_row(
            f"{marker}{player['name']}{me}",
            f"{player['vp']}",
            str(player["completed_chapters"]),
            str(player["hand_size"]),
            hall if player["guildhall"] else Text("—", style="dim"),
            cards_text(player["action_area"]),
        )
    lines.append(players)
    if seat is not None and view.get("hand") is not None:
        lines.append(Text.assemble("Your hand: ", cards_text(view["hand"])))
        if view.get("completed_professions"):
            lines.append(Text(f"Your completed chapters: {', '.join(view['completed_professions'])}"))
        for key, label in (
            ("selected", "Selected to discard"),
            ("deck_top_known", "Deck top (you put back)"),
            ("target_hand", "Target's hand"),
            ("discard_pile", "Discard pile (top first)"),
        ):
            if view.get(key):
                lines.append(Text.assemble(f"{label}: ", cards_text(view[key])))
    decision = view.get("decision")
    if decision and decision.get("cards"):
        lines.append(Text.assemble("Cards in play: ", cards_text(decision["cards"])))
    if view.get("last_move"):
        lines.append(Text(f"Last move: {view['last_move']}", style="italic"))
    if view["terminal"]:
        names = ", ".join(view["seats"][w] for w in view["winners"]) or "nobody"
        lines.append(Text(f"Game over: {names} won.", style="bold"))
    elif decision:
        who = view["seats"][decision["seat"]]
        lines.append(Text(f"{who}: {decision['prompt']}", style="bold"))
    return Group(*lines)
