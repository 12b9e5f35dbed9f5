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
from guildtable.kernel.i18n import current_language, domain

_ = domain("guilds_of_london").gettext

FAMILY = {
    "move": "Moving figures",
    "plantation": "The plantation",
    "cards": "Drawing cards",
    "recruit": "Recruiting",
    "assorted": "Assorted",
    "none": "Plain (no effect)",
}
TOKEN_USE = {
    "immediate": "At once, when you take it; you keep the token",
    "spend_later": "Keep it; on one of your own turns, between cards, return it to use it",
    "kept_passive": "Works for as long as you keep it",
    "endgame": "At the end of the game",
}


def _card(card: ActionCard) -> PieceText:
    family = FAMILY.get(card.family, W.cap(card.family.replace("_", " ")) or "—")
    details = (
        Detail("Cost", W.cost_text(card) if card.effect else "No effect to pay for"),
        Detail("Symbols", W.symbols_with_colours(card.symbol_names)),
        Detail("Family", family),
        Detail("Copies", f"{W.plural(card.copies, 'card')} with this effect"),
        Detail("Other uses", "Discard it to recruit 1 liveryman, or to move 1 figure to a tile showing its symbol"),
    )
    return PieceText(W.reward_name(card.name), W.content_text(card.text), details)


def _reward(card: RewardCard) -> PieceText:
    each = card.params["vp_each"]
    most = card.params.get("max_vp")
    vp = f"{each} VP each" + (f", at most {most} VP" if most else "")
    details = (
        Detail("VP", vp),
        Detail("Scored", "At the end of the game, over the tiles where your masters stand; kept secret until then"),
    )
    return PieceText(W.reward_name(card.name), W.content_text(card.text), details)


def _tile(tile: Tile) -> PieceText:
    kind = "A special building" if tile.kind == "building" else "A guild tile"
    text = (
        f"{kind}. It is scored once at least {tile.minimum} figures stand on it: the player with the most liverymen "
        "there wins the vote and becomes its master."
    )
    details = [
        Detail("Minimum", W.plural(tile.minimum, "figure")),
        Detail("Symbols", W.symbols_with_colours(tile.symbols_front)),
        Detail("First place", W.first_text(tile)),
        Detail("Second place", W.second_text(tile)),
        Detail("Precedence", f"{tile.precedence} (the lower, the older; the Beadle goes to the lowest unscored tile)"),
    ]
    if tile.hand_limit_bonus:
        details.append(Detail("Master", f"While you are its master, your hand limit is {tile.hand_limit_bonus} higher"))
    if not tile.used_in_2p:
        details.append(Detail("Players", "Not used with 2 players"))
    return PieceText(W.reward_name(tile.name), text, tuple(details))


def _token(token: TokenKind) -> PieceText:
    details = [Detail("VP", str(token.vp))] if token.vp else []
    if token.effect >= 0:
        details.append(Detail("Use", TOKEN_USE.get(token.use, token.use)))
    details.append(Detail("Copies", W.plural(token.copies, "token")))
    return PieceText(W.reward_name(token.name), W.content_text(token.text), tuple(details))


def _plantation(side: PlantationSide) -> PieceText:
    text = (
        "Figures sent here compete in every growth phase: the most liverymen take the left reward, the second most "
        "the right one. If first place is tied, every tied player takes the right reward and nobody the left."
    )
    details = (
        Detail("Left reward (most liverymen)", W.plantation_text(side, True)),
        Detail("Right reward (second most)", W.plantation_text(side, False)),
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
