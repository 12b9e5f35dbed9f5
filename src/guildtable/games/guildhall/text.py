"""Guildhall in the terminal: the prestige row, every guildhall by chapter, completed chapters, VP and prestige
cards, the piles, your hand with what its professions do, and the open question (the level question with what each
level does). Reads only a `view` and the game's public glossary, never a state."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from guildtable.games.guildhall.glossary import glossary

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


def profession_texts(cards: list[str]) -> list[Text]:
    """One line per profession in `cards` with what it does (the glossary's text)."""
    by_name = {piece.name: piece for piece in glossary().values()}
    lines = []
    for profession in dict.fromkeys(card.split(" ", 1)[1] for card in cards):
        piece = by_name.get(profession)
        if piece is not None:
            lines.append(Text.assemble("  ", (profession, "bold"), f": {piece.text}"))
    return lines


def prestige_name(card: dict[str, Any]) -> str:
    """'Take a chapter (2 VP)'; a card named by its VP ('5 VP card') stays as it is."""
    return card["name"] if "VP" in card["name"] else f"{card['name']} ({card['vp']} VP)"


def level_lines(decision: dict[str, Any]) -> list[Text]:
    """GH-32: every level of the played profession, with what it does; a level the chapter does not reach is dim."""
    lines = []
    for level in decision.get("levels", []):
        if level["reached"]:
            lines.append(Text(f"  Level {level['level']}: {level['text']}"))
        else:
            needs = f"needs {level['level']} cards in the chapter"
            lines.append(Text(f"  Level {level['level']} ({needs}): {level['text']}", style="dim"))
    return lines


def render(view: dict[str, Any], seat: int | None) -> Group:
    lines: list[Any] = []
    if view.get("content_note"):
        lines.append(Text(f"Note: {view['content_note']}", style="italic dim"))
    row = Table(title="Prestige row", header_style="bold", box=None, padding=(0, 1))
    row.add_column("#", justify="right")
    row.add_column("VP", justify="right")
    row.add_column("Cost")
    row.add_column("Card")
    row.add_column("What it does")
    for index, card in enumerate(view["row"], start=1):
        row.add_row(str(index), str(card["vp"]), "▣" * card["cost"], card.get("name", ""), card["text"] or "—")
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
    players.add_column("Prestige cards")
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
            Text("\n".join(prestige_name(card) for card in player["prestige"]) or "—"),
        )
    lines.append(players)
    if seat is not None and view.get("hand") is not None:
        lines.append(Text.assemble("Your hand: ", cards_text(view["hand"])))
        lines.extend(profession_texts(view["hand"]))
        owned = view["players"][seat]["prestige"]
        if owned:
            lines.append(Text("Your prestige cards:"))
            lines.extend(Text.assemble("  ", (prestige_name(card), "bold"), f": {card['text']}") for card in owned)
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
    if view["terminal"]:
        names = ", ".join(view["seats"][w] for w in view["winners"]) or "nobody"
        lines.append(Text(f"Game over: {names} won.", style="bold"))
    elif decision:
        who = view["seats"][decision["seat"]]
        lines.append(Text(f"{who}: {decision['prompt']}", style="bold"))
        lines.extend(level_lines(decision))
    return Group(*lines)
