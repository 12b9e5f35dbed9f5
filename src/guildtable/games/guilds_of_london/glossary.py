"""What every Guilds of London piece does, in a player's words (`Game.glossary`): action cards keyed by number (the
view's hand lists numbers), mayoral reward cards, tiles and reward tokens keyed by id, the plantation sides keyed
"plantation:<side>". Built once from the content data through `words`, so a new content set needs no new prose here.
Public content only: the same for every seat.
"""

from __future__ import annotations

from functools import cache

from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import (
    CONTENT,
    ActionCard,
    PlantationSide,
    RewardCard,
    Tile,
    TokenKind,
)
from guildtable.kernel.glossary import Detail, Glossary, PieceText
from guildtable.kernel.i18n import N_, current_language, domain

_ = domain("guilds_of_london").gettext
ngettext = domain("guilds_of_london").ngettext

FAMILY = {
    "move": N_("Moving figures"),
    "plantation": N_("The plantation"),
    "cards": N_("Drawing cards"),
    "recruit": N_("Recruiting"),
    "assorted": N_("Assorted"),
    "none": N_("Plain (no effect)"),
}
TOKEN_USE = {
    "immediate": N_("At once, when you take it; you keep the token"),
    "spend_later": N_("Keep it; on one of your own turns, between cards, return it to use it"),
    "kept_passive": N_("Works for as long as you keep it"),
    "endgame": N_("At the end of the game"),
}


def _card(card: ActionCard) -> PieceText:
    family = _(FAMILY[card.family]) if card.family in FAMILY else W.cap(card.family.replace("_", " ")) or "—"
    details = (
        # The page finds the cost by this label (t("Cost") in guilds_of_london.js): keep the two the same message.
        Detail(_("Cost"), W.cost_text(card) if card.effect else _("No effect to pay for")),
        Detail(_("Symbols"), W.symbols_with_colours(card.symbol_names)),
        Detail(_("Family"), family),
        Detail(_("Copies"), ngettext("{n} card with this effect", "{n} cards with this effect", card.copies)),
        Detail(
            _("Other uses"), _("Discard it to recruit 1 liveryman, or to move 1 figure to a tile showing its symbol")
        ),
    )
    return PieceText(W.reward_name(card.name), W.content_text(card.text), details)


def _reward(card: RewardCard) -> PieceText:
    each = card.params["vp_each"]
    most = card.params.get("max_vp")
    vp = _("{each} VP each, at most {most} VP", each=each, most=most) if most else _("{each} VP each", each=each)
    details = (
        Detail(_("VP"), vp),
        Detail(
            _("Scored"),
            _("At the end of the game, over the tiles where your masters stand; kept secret until then"),
        ),
    )
    return PieceText(W.reward_name(card.name), W.content_text(card.text), details)


def _tile(tile: Tile) -> PieceText:
    if tile.kind == "building":
        text = ngettext(
            "A special building. It is scored once at least {n} figure stands on it: the player with the most "
            "liverymen there wins the vote and becomes its master.",
            "A special building. It is scored once at least {n} figures stand on it: the player with the most "
            "liverymen there wins the vote and becomes its master.",
            tile.minimum,
        )
    else:
        text = ngettext(
            "A guild tile. It is scored once at least {n} figure stands on it: the player with the most liverymen "
            "there wins the vote and becomes its master.",
            "A guild tile. It is scored once at least {n} figures stand on it: the player with the most liverymen "
            "there wins the vote and becomes its master.",
            tile.minimum,
        )
    details = [
        Detail(_("Minimum"), ngettext("{n} figure", "{n} figures", tile.minimum)),
        Detail(_("Symbols"), W.symbols_with_colours(tile.symbols_front)),
        Detail(_("First place"), W.first_text(tile)),
        Detail(_("Second place"), W.second_text(tile)),
        Detail(
            _("Precedence"),
            _("{n} (the lower, the older; the Beadle goes to the lowest unscored tile)", n=tile.precedence),
        ),
    ]
    if tile.hand_limit_bonus:
        details.append(
            Detail(
                _("Master"),
                _("While you are its master, your hand limit is {n} higher", n=tile.hand_limit_bonus),
            )
        )
    if not tile.used_in_2p:
        details.append(Detail(_("Players"), _("Not used with 2 players")))
    return PieceText(W.reward_name(tile.name), text, tuple(details))


def _token(token: TokenKind) -> PieceText:
    details = [Detail(_("VP"), str(token.vp))] if token.vp else []
    if token.effect >= 0:
        details.append(Detail(_("Use"), _(TOKEN_USE[token.use]) if token.use in TOKEN_USE else token.use))
    details.append(Detail(_("Copies"), ngettext("{n} token", "{n} tokens", token.copies)))
    return PieceText(W.reward_name(token.name), W.content_text(token.text), tuple(details))


def _plantation(side: PlantationSide) -> PieceText:
    text = _(
        "Figures sent here compete in every growth phase: the most liverymen take the left reward, the second most "
        "the right one. If first place is tied, every tied player takes the right reward and nobody the left."
    )
    details = (
        Detail(_("Left reward (most liverymen)"), W.plantation_text(side, True)),
        Detail(_("Right reward (second most)"), W.plantation_text(side, False)),
    )
    return PieceText(W.reward_name(side.name), text, details)


def glossary() -> Glossary:
    """Every piece in the current language (one cached glossary per language)."""
    return _glossary(current_language())


@cache
def _glossary(language: str) -> Glossary:
    entries: dict[str, PieceText] = {str(card.number): _card(card) for card in CONTENT.cards}
    entries.update((card.id, _reward(card)) for card in CONTENT.rewards)
    entries.update((tile.id, _tile(tile)) for tile in CONTENT.tiles)
    entries.update((token.id, _token(token)) for token in CONTENT.tokens)
    entries.update((f"plantation:{side.side}", _plantation(side)) for side in CONTENT.plantations)
    return entries
