"""Guildhall in the terminal: the prestige row, every guildhall by chapter, completed chapters, VP and prestige
cards, the piles, your hand with what its professions do, and the open question (the level question with what each
level does). Reads only a `view` and the game's public glossary, never a state."""

from __future__ import annotations

from typing import Any, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text

from guildtable.games.guildhall.content import CONTENT
from guildtable.games.guildhall.glossary import card_word, colour_word, glossary, profession_word
from guildtable.games.guildhall.view import GuildhallDecision, GuildhallView, OwnedPrestigeView
from guildtable.kernel.i18n import domain

_ = domain("guildhall").gettext
pgettext = domain("guildhall").pgettext
ngettext = domain("guildhall").ngettext
# A profession's glossary id by its English name (the view's words): "Tax Collector" -> "tax_collector".
PROFESSION_KEYS = {profession.name_en: profession.key for profession in CONTENT.professions}

COLOUR_STYLES = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow", "green": "bold green"}
COLOUR_STYLES["purple"] = "bold magenta"


def card_text(name: str) -> Text:
    colour = name.split(" ", 1)[0]
    return Text(card_word(name), style=COLOUR_STYLES.get(colour, ""))


def cards_text(cards: list[str]) -> Text:
    if not cards:
        return Text("—", style="dim")
    return Text(_(", ")).join(card_text(card) for card in cards)


def chapter_text(colours: list[str]) -> Text:
    return Text(" ").join(Text(colour_word(colour), style=COLOUR_STYLES.get(colour, "")) for colour in colours)


def profession_texts(cards: list[str]) -> list[Text]:
    """One line per profession in `cards` with what it does (the glossary's text, found by the profession's id: the
    view names cards in English, the glossary's names are in the reader's language)."""
    pieces = glossary()
    lines = []
    for profession in dict.fromkeys(card.split(" ", 1)[1] for card in cards):
        piece = pieces.get(PROFESSION_KEYS.get(profession, ""))
        if piece is not None:
            lines.append(Text.assemble("  ", (piece.name, "bold"), f": {piece.text}"))
    return lines


def prestige_name(card: OwnedPrestigeView) -> str:
    """'Take a chapter (2 VP)'; a card named by its VP ('5 VP card') stays as it is."""
    if _("VP") in card["name"]:
        return card["name"]
    return _("{name} ({vp} VP)", name=card["name"], vp=card["vp"])


def level_lines(decision: GuildhallDecision) -> list[Text]:
    """GH-32: every level of the played profession, with what it does; a level the chapter does not reach is dim."""
    lines = []
    for level in decision.get("levels", []):
        if level["reached"]:
            lines.append(Text("  " + _("Level {level}: {text}", level=level["level"], text=level["text"])))
        else:
            line = _(
                "Level {level} (needs {level} cards in the chapter): {text}", level=level["level"], text=level["text"]
            )
            lines.append(Text("  " + line, style="dim"))
    return lines


def render(view: GuildhallView, seat: int | None) -> Group:
    lines: list[Any] = []
    if view.get("content_note"):
        lines.append(Text(_("Note: {note}", note=view["content_note"]), style="italic dim"))
    row = Table(title=_("Prestige row"), header_style="bold", box=None, padding=(0, 1))
    row.add_column("#", justify="right")
    row.add_column(_("VP"), justify="right")
    row.add_column(_("Cost"))
    row.add_column(_("Card"))
    row.add_column(_("What it does"))
    for index, card in enumerate(view["row"], start=1):
        row.add_row(str(index), str(card["vp"]), "▣" * card["cost"], card.get("name", ""), card["text"] or "—")
    lines.append(row)
    lines.append(
        Text(
            _(
                "Deck {deck}  ·  discard {discard} (top: {top})  ·  prestige deck {prestige}  ·  turn {turn}",
                deck=view["deck_size"],
                discard=view["discard_size"],
                top=card_word(view["discard_top"]) if view["discard_top"] else "—",
                prestige=view["prestige_deck_size"],
                turn=view["turn"],
            )
        )
    )
    players = Table(header_style="bold", padding=(0, 1))
    players.add_column(_("Player"))
    players.add_column(_("VP"), justify="right")
    players.add_column(pgettext("column: completed chapters", "Done"), justify="right")
    players.add_column(_("Hand"), justify="right")
    players.add_column(_("Guildhall (chapters)"))
    players.add_column(_("Action area"))
    players.add_column(_("Prestige cards"))
    for index, player in enumerate(view["players"]):
        marker = "▶ " if view["current_player"] == index else "  "
        me = " " + _("(you)") if seat == index else ""
        hall = Text("\n").join(
            Text.assemble(f"{profession_word(prof)}: ", chapter_text(colours))
            for prof, colours in player["guildhall"].items()
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
    hand = view.get("hand")
    if seat is not None and hand is not None:
        lines.append(Text.assemble(_("Your hand:") + " ", cards_text(hand)))
        lines.extend(profession_texts(hand))
        owned = view["players"][seat]["prestige"]
        if owned:
            lines.append(Text(_("Your prestige cards:")))
            lines.extend(Text.assemble("  ", (prestige_name(card), "bold"), f": {card['text']}") for card in owned)
        if view.get("completed_professions"):
            done = _(", ").join(profession_word(prof) for prof in view["completed_professions"])
            lines.append(Text(_("Your completed chapters: {professions}", professions=done)))
        for cards, label in (
            (view.get("selected"), _("Selected to discard:")),
            (view.get("deck_top_known"), _("Deck top (you put back):")),
            (view.get("target_hand"), _("Target's hand:")),
            (view.get("discard_pile"), _("Discard pile (top first):")),
        ):
            if cards:
                lines.append(Text.assemble(f"{label} ", cards_text(cards)))
    decision = cast("GuildhallDecision | None", view.get("decision"))  # the view's decision carries its context
    if decision and decision.get("cards"):
        lines.append(Text.assemble(_("Cards in play:") + " ", cards_text(decision["cards"])))
    if view["terminal"]:
        winners = [view["seats"][w] for w in view["winners"]]
        over = (
            ngettext("Game over: {names} won.", "Game over: {names} won.", len(winners), names=_(", ").join(winners))
            if winners
            else _("Game over: nobody won.")
        )
        lines.append(Text(over, style="bold"))
    elif decision:
        who = view["seats"][decision["seat"]]
        lines.append(Text(f"{who}: {decision['prompt']}", style="bold"))
        lines.extend(level_lines(decision))
    return Group(*lines)
