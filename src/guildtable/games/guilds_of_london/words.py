"""Every word a Guilds of London player reads about the position: tile, card, token and reward-card names as a
sentence uses them, every effect primitive (spec §15.6, DESIGN.md §8) as a phrase, built from the content data, and
each question kind's prompt and its answers' labels in plain words (the `prompt` and `label` of the kind's handler in
`rules.HANDLERS`; `over` once the game is over).

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
# One prompt per question kind and a label per kind whose answers read differently there; `rules.HANDLERS` names them
# in each kind's `Handler`. A prompt names nothing hidden from the other seats (counts the view shows to everyone at
# most), so the view's `decision` shows it to every seat.


def over(st: GuildsPosition, names: Sequence[str] | None = None) -> str:
    """The prompt once the game is over (GL-95)."""
    return _("The game is over")


def setup_keep_prompt(st: GuildsPosition, question: SetupKeep, names: Sequence[str] | None = None) -> str:
    """Q-S1 (GL-31, GL-D29): keep one of the dealt reward cards."""
    return _(
        "Choose 1 of your {count} mayoral reward cards to keep; the others go back into the reward deck",
        count=len(st.rewards[question.seat]),
    )


def turn_prompt(st: GuildsPosition, question: Turn, names: Sequence[str] | None = None) -> str:
    """Q-T1 to Q-T3 (GL-56 to GL-59): play a card, or pass before the first play and stop after it; no draw in the
    last round."""
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


def pay_prompt(st: GuildsPosition, question: Pay, names: Sequence[str] | None = None) -> str:
    """Q-T4 (GL-63): the coins still to pay."""
    return ngettext(
        "Pay for the effect: discard another action card as a coin ({n} coin to pay)",
        "Pay for the effect: discard another action card as a coin ({n} coins to pay)",
        question.remaining,
    )


def return_prompt(st: GuildsPosition, question: ReturnLiveryman, names: Sequence[str] | None = None) -> str:
    """Q-T4 (GL-63, GL-D23): the liverymen still to return, and from where."""
    return ngettext(
        "Pay for the effect: return a liveryman of yours from {places} to the general supply ({n} liveryman to go)",
        "Pay for the effect: return a liveryman of yours from {places} to the general supply ({n} liverymen to go)",
        question.remaining,
        places=returns_from(question.places),
    )


def move_from_prompt(st: GuildsPosition, question: MoveFrom, names: Sequence[str] | None = None) -> str:
    """Q-G1 (GL-61, GL-105): the figure to move next, and where it may go."""
    reach = move_reach(question.symbols)
    if question.up_to:
        text = _("Move one of your liverymen or masters to {reach}: choose the one to move, or stop", reach=reach)
    else:
        text = _("Move one of your liverymen or masters to {reach}: choose the one to move", reach=reach)
    return text + _left(question.remaining)


def move_to_prompt(st: GuildsPosition, question: MoveTo, names: Sequence[str] | None = None) -> str:
    """Q-G2 (GL-61, GL-105): where the chosen figure goes (never the tile being scored)."""
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


def send_from_prompt(st: GuildsPosition, question: SendFrom, names: Sequence[str] | None = None) -> str:
    """Q-G5 (GL-108): the figure to send to the plantation next."""
    if question.up_to:
        text = _("Send one of your liverymen or masters to the plantation: choose the one to send, or stop")
    else:
        text = _("Send one of your liverymen or masters to the plantation: choose the one to send")
    return text + (_(" ({n} to send)", n=question.remaining) if question.remaining > 1 else "")


def beadle_prompt(st: GuildsPosition, question: BeadleTo, names: Sequence[str] | None = None) -> str:
    """GL-D19: where the Beadle goes."""
    return _("Move the Beadle to another tile that is not yet scored")


def hand_limit_prompt(st: GuildsPosition, question: HandLimit, names: Sequence[str] | None = None) -> str:
    """Q-T5 (GL-67): the hand's size and limit (both shown to every seat)."""
    seat = question.seat
    return ngettext(
        "You hold {n} action card, more than your hand limit of {limit}: discard one",
        "You hold {n} action cards, more than your hand limit of {limit}: discard one",
        len(st.hands[seat]),
        limit=st.hand_limit(seat),
    )


def negotiate_prompt(st: GuildsPosition, question: Negotiate, names: Sequence[str] | None = None) -> str:
    """Q-N1/Q-N2 (GL-75, GL-89): whose liverymen a neutral may send away, naming them by `names`."""
    names = names or SEATS
    seat, location = question.seat, question.location
    others = [_("{player}'s", player=names[p]) for p in range(st.num_players) if p != seat and st.fig[location * 4 + p]]
    return ngettext(
        "Negotiation {where}: place a neutral liveryman to send one of {players} liverymen there to the "
        "Guildhall, or stop (you have {n} neutral liveryman)",
        "Negotiation {where}: place a neutral liveryman to send one of {players} liverymen there to the "
        "Guildhall, or stop (you have {n} neutral liverymen)",
        st.neutrals[seat],
        where=place_on(location),
        players=listing(others, "or"),
    )


def first_reward_prompt(st: GuildsPosition, question: FirstReward, names: Sequence[str] | None = None) -> str:
    """Q-R1 (GL-82, GL-D16): the part of the first-place reward to take or skip."""
    return _(
        "You won first place on {tile}. Take or skip this part of the reward: {part}",
        tile=tile_name(question.tile),
        part=effect_text(EFFECTS[TILES[question.tile].first[question.part]]),
    )


def second_reward_prompt(st: GuildsPosition, question: SecondReward, names: Sequence[str] | None = None) -> str:
    """Q-R2 (GL-83): the further second-place reward to take or skip."""
    return _(
        "You came second on {tile}. Take or skip this extra reward: {part}",
        tile=tile_name(question.tile),
        part=effect_text(EFFECTS[TILES[question.tile].second_extra[question.part]]),
    )


def reward_keep_prompt(st: GuildsPosition, question: RewardKeep, names: Sequence[str] | None = None) -> str:
    """Q-G3 (GL-106): keep one of the drawn reward cards (their number is public, not which they are)."""
    return _(
        "Keep 1 of the {count} mayoral reward cards you drew; the others go under the reward deck",
        count=len(question.cards),
    )


def reward_under_prompt(st: GuildsPosition, question: RewardUnder, names: Sequence[str] | None = None) -> str:
    """Q-G4 (GL-106): the next drawn card to go under the reward deck."""
    return _("Put the reward cards you drew under the reward deck one at a time: choose the next to go under")


def _left(count: int) -> str:
    return ngettext(" ({n} move left)", " ({n} moves left)", count) if count > 1 else ""


_PLAIN_STOP = "Stop"
"""Stopping where no question offers it: each question that offers a stop words it itself, so no player reads this,
and it is not in the catalogue (as before the handlers)."""


def action_label(st: GuildsPosition, question: object, action: int, names: Sequence[str] | None = None) -> str:
    """`action` in plain words for a button, from the action alone (read in the position `st`): the label of the
    questions whose answers read the same whatever asks (keep a reward card, discard down to the hand limit), and
    what a kind's own label falls back to for an action that is not one of its answers."""
    names = names or SEATS
    if action == A.PASS:
        return _("Pass (no cards are drawn in the last round)") if st.is_last_round() else _("Pass and draw 4 cards")
    if action == A.STOP:
        return _(_PLAIN_STOP)
    if action in (A.TAKE, A.SKIP):
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
        return _("Discard {card}", card=card_name(CARDS[action - A.DISCARD]))
    if action < A.DEST:
        return _("Move a figure {source}", source=place_from(action - A.SOURCE))
    if action < A.NEUTRAL:
        return _("Move a figure to {tile}", tile=tile_name(action - A.DEST))
    if action < A.REWARD:
        return _(
            "Place a neutral to send one of {player}'s liverymen to the Guildhall", player=names[action - A.NEUTRAL]
        )
    if action < A.TOKEN:
        return _("Keep '{card}'", card=_(CONTENT.rewards[action - A.REWARD].name))
    token = CONTENT.tokens[action - A.TOKEN]
    if token.effect < 0:
        return _("Spend the {token} token", token=_(token.name))
    restricted = symbols_text(token.symbol) if token.symbol else _("a symbol of this token")
    return _(
        "Spend the {token} token to {effect}",
        token=_(token.name),
        effect=effect_text(EFFECTS[token.effect], restricted),
    )


def turn_label(st: GuildsPosition, question: Turn, action: int, names: Sequence[str] | None = None) -> str:
    """A turn's answers (GL-56 to GL-62, DESIGN.md §7.1): stopping says what it draws (none in the last round)."""
    if action == A.STOP:
        if st.is_last_round():
            return _("Stop (no cards are drawn in the last round)")
        return _("Stop and draw 2 cards")
    return action_label(st, question, action, names)


def pay_label(st: GuildsPosition, question: Pay, action: int, names: Sequence[str] | None = None) -> str:
    """A coin paid (GL-63): the card discarded as one."""
    if A.DISCARD <= action < A.SOURCE:
        return _("Pay a coin with {card}", card=card_name(CARDS[action - A.DISCARD]))
    return action_label(st, question, action, names)


def return_label(st: GuildsPosition, question: ReturnLiveryman, action: int, names: Sequence[str] | None = None) -> str:
    """A liveryman returned as a cost (GL-63, GL-D23): where from."""
    if A.SOURCE <= action < A.DEST:
        return _("Return a liveryman {source}", source=place_from(action - A.SOURCE))
    return action_label(st, question, action, names)


def move_from_label(st: GuildsPosition, question: MoveFrom, action: int, names: Sequence[str] | None = None) -> str:
    """The figure to move (GL-61), or stopping the moves."""
    if action == A.STOP:
        return _("Stop moving")
    return action_label(st, question, action, names)


def move_to_label(st: GuildsPosition, question: MoveTo, action: int, names: Sequence[str] | None = None) -> str:
    """Where the chosen figure goes (GL-61, GL-105), from where it stands."""
    if A.DEST <= action < A.NEUTRAL:
        return _(
            "Move a figure {source} to {tile}", source=place_from(question.source), tile=tile_name(action - A.DEST)
        )
    return action_label(st, question, action, names)


def send_from_label(st: GuildsPosition, question: SendFrom, action: int, names: Sequence[str] | None = None) -> str:
    """The figure sent to the plantation (GL-108), or stopping."""
    if action == A.STOP:
        return _("Stop sending figures to the plantation")
    if A.SOURCE <= action < A.DEST:
        return _("Send a figure {source} to the plantation", source=place_from(action - A.SOURCE))
    return action_label(st, question, action, names)


def beadle_label(st: GuildsPosition, question: BeadleTo, action: int, names: Sequence[str] | None = None) -> str:
    """Where the Beadle goes (GL-D19)."""
    if A.DEST <= action < A.NEUTRAL:
        return _("Move the Beadle to {tile}", tile=tile_name(action - A.DEST))
    return action_label(st, question, action, names)


def negotiate_label(st: GuildsPosition, question: Negotiate, action: int, names: Sequence[str] | None = None) -> str:
    """A neutral placed against a player (GL-75, GL-D12), or stopping."""
    if action == A.STOP:
        return _("Stop negotiating")
    return action_label(st, question, action, names)


def first_reward_label(
    st: GuildsPosition, question: FirstReward, action: int, names: Sequence[str] | None = None
) -> str:
    """Taking or skipping a part of the first-place reward (GL-82, GL-D16)."""
    if action == A.TAKE:
        return _("Take: {part}", part=effect_text(EFFECTS[TILES[question.tile].first[question.part]]))
    if action == A.SKIP:
        return _("Skip this part")
    return action_label(st, question, action, names)


def second_reward_label(
    st: GuildsPosition, question: SecondReward, action: int, names: Sequence[str] | None = None
) -> str:
    """Taking or skipping a further second-place reward (GL-83)."""
    if action == A.TAKE:
        return _("Take: {part}", part=effect_text(EFFECTS[TILES[question.tile].second_extra[question.part]]))
    if action == A.SKIP:
        return _("Skip this extra reward")
    return action_label(st, question, action, names)


def reward_under_label(
    st: GuildsPosition, question: RewardUnder, action: int, names: Sequence[str] | None = None
) -> str:
    """The drawn reward card put under the reward deck next (GL-106)."""
    if A.REWARD <= action < A.TOKEN:
        return _("Put '{card}' under the reward deck", card=_(CONTENT.rewards[action - A.REWARD].name))
    return action_label(st, question, action, names)
