"""Every word a Guilds of London player reads about the position: tile, card, token and reward-card names as a
sentence uses them, every effect primitive (spec §15.6, DESIGN.md §8) as a phrase, built from the content data, and
the question on top of the stack (`prompt`) and each answer to it (`label`) in plain words.

The prompts, button labels, refusals, the log, the view's reward texts and the glossary all speak through this module,
so a player never reads an id ("lock_keepers"), a short code ("recruit 1") or a rule ID. It reads a position (for the
prompt and the labels) but never changes one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import (
    ALL_SYMBOLS,
    COLOUR_OF,
    CONTENT,
    SYMBOLS,
    ActionCard,
    Effect,
    PlantationSide,
    Tile,
)
from guildtable.games.guilds_of_london.questions import (
    BeadleTo,
    FirstReward,
    HandLimit,
    MoveFrom,
    MoveTo,
    Negotiate,
    Pay,
    ReturnLiveryman,
    RewardKeep,
    RewardUnder,
    SecondReward,
    SendFrom,
    SetupKeep,
    Turn,
)
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.kernel.i18n import N_, domain

_ = domain("guilds_of_london").gettext
ngettext = domain("guilds_of_london").ngettext
pgettext = domain("guilds_of_london").pgettext

GUILDHALL, PLANTATION = A.GUILDHALL, A.PLANTATION
TILES = CONTENT.tiles
CARDS = CONTENT.cards
EFFECTS = CONTENT.effects
SEATS = A.SEAT_NAMES
_COMPANY = re.compile(r"^The (?:Worshipful|Honourable) (?:Company|Society) of (.+)$")


def return_places() -> tuple[str, ...]:
    """A card's or a cost's places to return liverymen from (after "from"), in the bit order of
    `content.RETURN_FROM`."""
    return (
        pgettext("return from", "the Guildhall"),
        pgettext("return from", "an unscored tile"),
        pgettext("return from", "the plantation"),
        pgettext("return from", "a tile where you are master"),
    )


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards', '2 liverymen' (English only: for words a player never reads)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def listing(items: Sequence[str], last: str = "and") -> str:
    """'A', 'A and B', 'A, B and C' (or 'or' with `last`)."""
    if len(items) <= 1:
        return "".join(items)
    head = ", ".join(items[:-1])
    if last == "or":
        return _("{items} or {last}", items=head, last=items[-1])
    return _("{items} and {last}", items=head, last=items[-1])


def cap(text: str) -> str:
    """`text` with its first letter upper-case, for a phrase that starts a sentence."""
    return text[:1].upper() + text[1:]


def _short(tile: Tile) -> tuple[str, bool]:
    """A tile's short name and whether a sentence puts 'the' before it: ('Lamplighters', True) for The Worshipful
    Company of Lamplighters; a building named after a pair of figures ('Gog & Magog') takes no article."""
    match = _COMPANY.match(tile.name)
    if match:
        return match[1], True
    if tile.name.startswith("The "):
        return tile.name[4:], True
    return tile.name, " & " not in tile.name


SHORT = tuple(_short(tile) for tile in CONTENT.tiles)
TILE_OF_ID = {tile.id: tile for tile in CONTENT.tiles}


def tile_label(tile: int) -> str:
    """A tile's name on its own, for a board cell or a heading: 'Lock Keepers', 'University of London'."""
    return _(SHORT[tile][0])


def tile_name(tile: int) -> str:
    """A tile (by index) as a sentence names it: 'the Lock Keepers'."""
    label, article = SHORT[tile]
    if article:
        return pgettext("tile in a sentence", "the {name}", name=_(label))
    return pgettext("tile in a sentence", "{name}", name=_(label))


def tile_subject(tile: int) -> str:
    """A tile as the subject of a sentence, so the verb agrees: "The Lock Keepers' tile", "The Livery Hall"."""
    data = CONTENT.tiles[tile]
    label, article = SHORT[tile]
    name = _(label)
    if data.kind == "building":
        if article:
            return pgettext("building as a subject", "The {name}", name=name)
        return pgettext("building as a subject", "{name}", name=name)
    if not article:
        return pgettext("tile as a subject", "{name}'s tile", name=name)
    if label.endswith("s"):
        return pgettext("tile as a subject", "The {name}' tile", name=name)
    return pgettext("tile as a subject", "The {name}'s tile", name=name)


def tile_name_of(tile_id: str) -> str:
    """A tile by its id, as a sentence names it (an unknown id is returned as given)."""
    tile = TILE_OF_ID.get(tile_id)
    return tile_name(tile.index) if tile else tile_id


def place(location: int) -> str:
    """A figure's location on its own: a tile, the Guildhall or the plantation."""
    if location == GUILDHALL:
        return pgettext("place", "the Guildhall")
    if location == PLANTATION:
        return pgettext("place", "the plantation")
    return tile_name(location)


def place_from(location: int) -> str:
    """Where a figure comes from, with its preposition: 'from the Guildhall', 'from the Lock Keepers'."""
    if location == GUILDHALL:
        return _("from the Guildhall")
    if location == PLANTATION:
        return _("from the plantation")
    return _("from {tile}", tile=tile_name(location))


def place_on(location: int) -> str:
    """Where a figure stands, with its preposition: 'on the Guildhall', 'on the Lock Keepers'."""
    if location == GUILDHALL:
        return _("on the Guildhall")
    if location == PLANTATION:
        return _("on the plantation")
    return _("on {tile}", tile=tile_name(location))


def place_to(location: int) -> str:
    """Where a figure goes, with its preposition: 'to the Guildhall', 'to the Lock Keepers'."""
    if location == GUILDHALL:
        return _("to the Guildhall")
    if location == PLANTATION:
        return _("to the plantation")
    return _("to {tile}", tile=tile_name(location))


def location_of(location: str) -> int:
    """A location as `actions.location_name` writes it (a tile id, 'guildhall' or 'plantation') as an index; -3 for
    an unknown id."""
    if location == "guildhall":
        return GUILDHALL
    if location == "plantation":
        return PLANTATION
    tile = TILE_OF_ID.get(location)
    return tile.index if tile else -3


def place_of(location: str) -> str:
    """A location as `actions.location_name` writes it (a tile id, 'guildhall' or 'plantation')."""
    index = location_of(location)
    return place(index) if index != -3 else location


def card_name(card: ActionCard) -> str:
    """An action card by name; its number follows because several cards share a name and the hand lists numbers."""
    return _("{name} (#{number})", name=_(card.name), number=card.number)


SYMBOL_WORDS = {
    "compasses": N_("compasses"),
    "anchor": N_("anchor"),
    "cross": N_("cross"),
    "scythe": N_("scythe"),
    "crown": N_("crown"),
}
COLOUR_WORDS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
}


def symbol_word(name: str) -> str:
    """A guild symbol as a player reads it."""
    return _(SYMBOL_WORDS[name]) if name in SYMBOL_WORDS else name


def symbol_names(mask: int) -> list[str]:
    return [symbol_word(name) for bit, name in enumerate(SYMBOLS) if mask >> bit & 1]


def symbols_text(mask: int) -> str:
    """'the compasses symbol', 'the compasses or anchor symbol'."""
    return _("the {symbols} symbol", symbols=listing(symbol_names(mask), "or"))


def symbols_with_colours(names: Sequence[str]) -> str:
    """'compasses (red) and anchor (blue)'."""
    return listing(
        [_("{symbol} ({colour})", symbol=symbol_word(name), colour=_(COLOUR_WORDS[COLOUR_OF[name]])) for name in names]
    )


def figures(count: int, up_to: bool, whose: str = "your") -> str:
    """'1 of your liverymen or masters', 'up to 2 of your liverymen or masters'."""
    if whose == "their":
        if up_to:
            return _("up to {n} of their liverymen or masters", n=count)
        return _("{n} of their liverymen or masters", n=count)
    if up_to:
        return _("up to {n} of your liverymen or masters", n=count)
    return _("{n} of your liverymen or masters", n=count)


def effect_text(effect: Effect, restricted: str | None = None, whose: str = "your") -> str:
    """One effect primitive as a phrase that can follow 'you may' or start a sentence (lower case): 'gain 2 VP',
    'recruit 2 liverymen from the general supply to the Guildhall'. `restricted` names what a symbol-restricted move
    must match ('a symbol of this card' on a card); `whose` is 'their' when the log tells of another player."""
    kind = effect.kind
    if kind == "vp":
        return _("gain {n} VP", n=effect.amount)
    if kind == "move":
        who = figures(effect.count, effect.up_to, whose)
        each = effect.count > 1 or effect.up_to
        if effect.symbol_restricted:
            what = restricted if restricted is not None else _("a symbol of this card")
            if each:
                return _("move {figures}, each to an unscored tile showing {what}", figures=who, what=what)
            return _("move {figures} to an unscored tile showing {what}", figures=who, what=what)
        if each:
            return _("move {figures}, each to another unscored tile", figures=who)
        return _("move {figures} to another unscored tile", figures=who)
    if kind == "reward_cards_choose":
        if effect.count == 1:
            return _(
                "draw 1 mayoral reward card and keep it ({vp} VP instead if the reward deck is empty)",
                vp=effect.empty_deck_vp,
            )
        return _(
            "draw {n} mayoral reward cards, keep 1 and put the others under the reward deck ({vp} VP instead if the "
            "reward deck is empty)",
            n=effect.count,
            vp=effect.empty_deck_vp,
        )
    if kind == "recruit":
        if effect.to_plantation:
            return ngettext(
                "recruit {n} liveryman from the general supply straight onto the plantation",
                "recruit {n} liverymen from the general supply straight onto the plantation",
                effect.count,
            )
        return ngettext(
            "recruit {n} liveryman from the general supply to the Guildhall",
            "recruit {n} liverymen from the general supply to the Guildhall",
            effect.count,
        )
    if kind == "to_plantation":
        return _(
            "send {figures} from the Guildhall or a tile to the plantation",
            figures=figures(effect.count, effect.up_to, whose),
        )
    if kind == "draw_action":
        return ngettext("draw {n} action card", "draw {n} action cards", effect.count)
    if kind == "hand_limit_bonus":
        if whose == "their":
            return _("raise their hand limit by {n}", n=effect.amount)
        return _("raise your hand limit by {n}", n=effect.amount)
    return _("move the Beadle to any unscored tile")


def effects_sentence(effects: Sequence[int]) -> str:
    """Several effects, left to right, as one sentence: 'Gain 1 VP, draw 2 action cards and ...'."""
    if not effects:
        return _("Nothing.")
    return _("{text}.", text=cap(listing([effect_text(CONTENT.effects[e]) for e in effects])))


def first_text(tile: Tile) -> str:
    """The first-place reward in words (GL-82: each part may be taken or left, left to right)."""
    if not tile.first:
        return _("Nothing.")
    parts = [effect_text(CONTENT.effects[e]) for e in tile.first]
    text = cap(listing(parts))
    if len(parts) > 1:
        return _("{text}. You may take or leave each part.", text=text)
    return _("{text}. You may leave it.", text=text)


def second_text(tile: Tile) -> str:
    """The second-place reward in words (GL-83, GL-D14: printed VP and the token, then optional extras)."""
    if tile.second_extra:
        extras = listing([effect_text(CONTENT.effects[e]) for e in tile.second_extra])
        return _(
            "Gain {n} VP and take the reward token lying on the tile (with its VP); then you may also {extras}.",
            n=tile.second_vp,
            extras=extras,
        )
    return _("Gain {n} VP and take the reward token lying on the tile (with its VP).", n=tile.second_vp)


def plantation_text(side: PlantationSide, first: bool) -> str:
    """A plantation reward with the liverymen it sends home (GL-90 to GL-93)."""
    effects = side.first if first else side.second
    returns = side.first_return if first else side.second_return
    text = cap(listing([effect_text(CONTENT.effects[e]) for e in effects]))
    if returns:
        return ngettext(
            "{text}, then return {n} liveryman from the plantation to the general supply.",
            "{text}, then return {n} liverymen from the plantation to the general supply.",
            returns,
            text=text,
        )
    return _("{text}.", text=text)


def returns_from(bits: int) -> str:
    """'the Guildhall, an unscored tile or the plantation'."""
    return listing([name for bit, name in enumerate(return_places()) if bits >> bit & 1], "or")


def cost_text(card: ActionCard) -> str:
    """What the effect use costs (GL-63): coins are other cards discarded, some cards return liverymen."""
    parts = []
    if card.coins:
        parts.append(
            ngettext(
                "{n} coin (discard {n} other action card)", "{n} coins (discard {n} other action cards)", card.coins
            )
        )
    if card.return_count:
        parts.append(
            ngettext(
                "return {n} of your liverymen from {places} to the general supply",
                "return {n} of your liverymen from {places} to the general supply",
                card.return_count,
                places=returns_from(card.return_from),
            )
        )
    return cap(listing(parts)) if parts else _("Free")


def move_reach(mask: int) -> str:
    """Where a move may go: 'any other unscored tile' or 'another unscored tile showing the cross symbol'."""
    if mask == ALL_SYMBOLS:
        return _("any other unscored tile")
    return _("another unscored tile showing {symbols}", symbols=symbols_text(mask))


def reward_name(name: str) -> str:
    """A content name (tile, card, reward card, token, plantation side) as a player reads it."""
    return _(name) if name else name


def content_text(text: str) -> str:
    """A card's or token's text from the content data, as a player reads it."""
    return _(text) if text else text


# --- the question on top and its answers ------------------------------------------------------------------------------


def prompt(st: GuildsPosition, names: Sequence[str] | None = None) -> str:
    """The question on top of the stack in plain words, naming other players by `names`."""
    if not st.stack:
        return _("The game is over")
    names = names or SEATS
    question = st.stack[-1]
    seat = question.seat
    if isinstance(question, SetupKeep):
        return _(
            "Choose 1 of your {count} mayoral reward cards to keep; the others go back into the reward deck",
            count=len(st.rewards[seat]),
        )
    if isinstance(question, Turn):
        last = st.is_last_round()
        if st.played == 0:
            if last:
                return _(
                    "Your turn: play an action card to recruit, to move or for its effect, or pass (no cards are "
                    "drawn in the last round)"
                )
            return _("Your turn: play an action card to recruit, to move or for its effect, or pass and draw 4 cards")
        if last:
            return _("Play another action card, or stop (no cards are drawn in the last round)")
        return _("Play another action card, or stop and draw 2 cards")
    if isinstance(question, Pay):
        return ngettext(
            "Pay for the effect: discard another action card as a coin ({n} coin to pay)",
            "Pay for the effect: discard another action card as a coin ({n} coins to pay)",
            question.remaining,
        )
    if isinstance(question, ReturnLiveryman):
        return ngettext(
            "Pay for the effect: return a liveryman of yours from {places} to the general supply ({n} liveryman to go)",
            "Pay for the effect: return a liveryman of yours from {places} to the general supply ({n} liverymen to go)",
            question.remaining,
            places=returns_from(question.places),
        )
    if isinstance(question, MoveFrom):
        reach = move_reach(question.symbols)
        if question.up_to:
            text = _("Move one of your liverymen or masters to {reach}: choose the one to move, or stop", reach=reach)
        else:
            text = _("Move one of your liverymen or masters to {reach}: choose the one to move", reach=reach)
        return text + _left(question.remaining)
    if isinstance(question, MoveTo):
        reach = move_reach(question.symbols)
        source = place_from(question.source)
        if st.scoring >= 0:
            return _(
                "Move your figure {source}: choose {reach} (not {tile}, which is being scored)",
                source=source,
                reach=reach,
                tile=tile_name(st.scoring),
            )
        return _("Move your figure {source}: choose {reach}", source=source, reach=reach)
    if isinstance(question, SendFrom):
        if question.up_to:
            text = _("Send one of your liverymen or masters to the plantation: choose the one to send, or stop")
        else:
            text = _("Send one of your liverymen or masters to the plantation: choose the one to send")
        return text + (_(" ({n} to send)", n=question.remaining) if question.remaining > 1 else "")
    if isinstance(question, BeadleTo):
        return _("Move the Beadle to another tile that is not yet scored")
    if isinstance(question, HandLimit):
        return ngettext(
            "You hold {n} action card, more than your hand limit of {limit}: discard one",
            "You hold {n} action cards, more than your hand limit of {limit}: discard one",
            len(st.hands[seat]),
            limit=st.hand_limit(seat),
        )
    if isinstance(question, Negotiate):
        location = question.location
        others = [
            _("{player}'s", player=names[p]) for p in range(st.num_players) if p != seat and st.fig[location * 4 + p]
        ]
        return ngettext(
            "Negotiation {where}: place a neutral liveryman to send one of {players} liverymen there to the "
            "Guildhall, or stop (you have {n} neutral liveryman)",
            "Negotiation {where}: place a neutral liveryman to send one of {players} liverymen there to the "
            "Guildhall, or stop (you have {n} neutral liverymen)",
            st.neutrals[seat],
            where=place_on(location),
            players=listing(others, "or"),
        )
    if isinstance(question, FirstReward):
        return _(
            "You won first place on {tile}. Take or skip this part of the reward: {part}",
            tile=tile_name(question.tile),
            part=effect_text(EFFECTS[TILES[question.tile].first[question.part]]),
        )
    if isinstance(question, SecondReward):
        return _(
            "You came second on {tile}. Take or skip this extra reward: {part}",
            tile=tile_name(question.tile),
            part=effect_text(EFFECTS[TILES[question.tile].second_extra[question.part]]),
        )
    if isinstance(question, RewardKeep):
        return _(
            "Keep 1 of the {count} mayoral reward cards you drew; the others go under the reward deck",
            count=len(question.cards),
        )
    return _("Put the reward cards you drew under the reward deck one at a time: choose the next to go under")


def _left(count: int) -> str:
    return ngettext(" ({n} move left)", " ({n} moves left)", count) if count > 1 else ""


def label(st: GuildsPosition, action: int, names: Sequence[str] | None = None) -> str:
    """`action` in plain words for a button, read in the position `st` (the question on top gives the verb)."""
    names = names or SEATS
    question = st.stack[-1] if st.stack else None
    last = st.is_last_round()
    if action == A.PASS:
        return _("Pass (no cards are drawn in the last round)") if last else _("Pass and draw 4 cards")
    if action == A.STOP:
        if isinstance(question, Turn) and last:
            return _("Stop (no cards are drawn in the last round)")
        return _(_STOP.get(type(question), N_("Stop")))
    if action in (A.TAKE, A.SKIP):
        if isinstance(question, (FirstReward, SecondReward)):
            first = isinstance(question, FirstReward)
            rewarding = TILES[question.tile]
            effects = rewarding.first if first else rewarding.second_extra
            part = effect_text(EFFECTS[effects[question.part]])
            if action == A.TAKE:
                return _("Take: {part}", part=part)
            return _("Skip this part") if first else _("Skip this extra reward")
        return _("Take it") if action == A.TAKE else _("Skip it")
    if action < A.DISCARD:
        card, use = divmod(action - A.PLAY, 3)
        data = CARDS[card]
        name = card_name(data)
        if use == A.RECRUIT:
            return _("Recruit with {card}", card=name)
        if use == A.MOVE:
            return _("Move with {card} to a tile showing {symbols}", card=name, symbols=symbols_text(data.symbols))
        paying = []
        if data.coins:
            paying.append(ngettext("paying {n} coin", "paying {n} coins", data.coins))
        if data.return_count:
            paying.append(ngettext("returning {n} liveryman", "returning {n} liverymen", data.return_count))
        if paying:
            return _("Use the effect of {card}, {paying}", card=name, paying=listing(paying))
        return _("Use the effect of {card}", card=name)
    if action < A.SOURCE:
        name = card_name(CARDS[action - A.DISCARD])
        if isinstance(question, Pay):
            return _("Pay a coin with {card}", card=name)
        return _("Discard {card}", card=name)
    if action < A.DEST:
        source = place_from(action - A.SOURCE)
        if isinstance(question, ReturnLiveryman):
            return _("Return a liveryman {source}", source=source)
        if isinstance(question, SendFrom):
            return _("Send a figure {source} to the plantation", source=source)
        return _("Move a figure {source}", source=source)
    if action < A.NEUTRAL:
        tile = tile_name(action - A.DEST)
        if isinstance(question, BeadleTo):
            return _("Move the Beadle to {tile}", tile=tile)
        if isinstance(question, MoveTo):
            return _("Move a figure {source} to {tile}", source=place_from(question.source), tile=tile)
        return _("Move a figure to {tile}", tile=tile)
    if action < A.REWARD:
        return _(
            "Place a neutral to send one of {player}'s liverymen to the Guildhall", player=names[action - A.NEUTRAL]
        )
    if action < A.TOKEN:
        name = _(CONTENT.rewards[action - A.REWARD].name)
        if isinstance(question, RewardUnder):
            return _("Put '{card}' under the reward deck", card=name)
        return _("Keep '{card}'", card=name)
    token = CONTENT.tokens[action - A.TOKEN]
    if token.effect < 0:
        return _("Spend the {token} token", token=_(token.name))
    restricted = symbols_text(token.symbol) if token.symbol else _("a symbol of this token")
    return _(
        "Spend the {token} token to {effect}",
        token=_(token.name),
        effect=effect_text(EFFECTS[token.effect], restricted),
    )


_STOP: dict[type[object], str] = {
    Turn: N_("Stop and draw 2 cards"),
    MoveFrom: N_("Stop moving"),
    SendFrom: N_("Stop sending figures to the plantation"),
    Negotiate: N_("Stop negotiating"),
}
