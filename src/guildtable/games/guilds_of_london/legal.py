"""What may be answered now: the legal actions for the question on top of the stack, the rule a refused answer
breaks (never revealing hidden cards), the prompt that asks the question and each answer's label, in plain words.
"""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.kernel.i18n import N_, domain

_ = domain("guilds_of_london").gettext
ngettext = domain("guilds_of_london").ngettext


TILES = CONTENT.tiles
CARDS = CONTENT.cards
EFFECTS = CONTENT.effects
GH, PL = A.GUILDHALL, A.PLANTATION
SEATS = A.SEAT_NAMES


def return_sources(st: GuildsPosition, seat: int, bits: int) -> list[int]:
    """GL-D23: where a returned liveryman may come from."""
    fig = st.fig
    sources = []
    for tile in st.in_play:
        if fig[tile * 4 + seat] and (bits & (8 if st.back[tile] else 2)):
            sources.append(tile)
    if bits & 1 and fig[GH * 4 + seat]:
        sources.append(GH)
    if bits & 4 and fig[PL * 4 + seat]:
        sources.append(PL)
    return sources


def returnable(st: GuildsPosition, seat: int, bits: int) -> int:
    return sum(st.fig[loc * 4 + seat] for loc in return_sources(st, seat, bits))


def move_pairs(st: GuildsPosition, seat: int, mask: int) -> tuple[list[int], list[int]]:
    """Sources with at least one destination, and the destinations (GL-61, GL-D21)."""
    targets = st.move_targets(mask)
    if not targets:
        return [], targets
    sources = [s for s in st.move_sources(seat) if any(d != s for d in targets[:2])]
    return sources, targets


def _turn_actions(st: GuildsPosition, seat: int) -> list[int]:
    result = [A.PASS if st.played == 0 else A.STOP]
    hand = st.hands[seat]
    can_recruit = st.supply[seat] > 0
    sources = st.move_sources(seat)
    move_ok: dict[int, bool] = {}
    size = len(hand)
    previous = -1
    for card in hand:
        if card == previous:
            continue
        previous = card
        data = CARDS[card]
        base = A.PLAY + card * 3
        if can_recruit:  # GL-60, GL-D22
            result.append(base)
        mask = data.symbols
        ok = move_ok.get(mask)
        if ok is None:
            ok = move_ok[mask] = st.can_move(seat, mask, sources)
        if ok:
            result.append(base + 1)
        if (
            data.effect
            and data.coins <= size - 1  # GL-63, GL-D24
            and (not data.return_count or returnable(st, seat, data.return_from) >= data.return_count)
        ):
            result.append(base + 2)
    for kind in sorted(set(st.kept[seat])):
        if CONTENT.tokens[kind].use == "spend_later":
            result.append(A.TOKEN + kind)
    return result


def is_legal(st: GuildsPosition, action: int) -> bool:
    """The same answer as `action in legal_actions(st)`, without listing every card play on a turn."""
    top = st.pending[-1]
    if top.kind != Q.TURN or not A.PLAY <= action < A.DISCARD:
        return action in legal_actions(st)
    seat = top.seat
    card, use = divmod(action - A.PLAY, 3)
    if card not in st.hands[seat]:
        return False
    if use == A.RECRUIT:
        return st.supply[seat] > 0
    data = CARDS[card]
    if use == A.MOVE:
        return st.can_move(seat, data.symbols)
    return bool(
        data.effect
        and data.coins <= len(st.hands[seat]) - 1
        and (not data.return_count or returnable(st, seat, data.return_from) >= data.return_count)
    )


def legal_actions(st: GuildsPosition) -> list[int]:
    top = st.pending[-1]
    kind, seat, context = top.kind, top.seat, top.context
    if kind == Q.TURN:
        return _turn_actions(st, seat)
    if kind in (Q.PAY, Q.HAND_CHECK):
        return sorted({A.DISCARD + c for c in st.hands[seat]})
    if kind == Q.RETURN:
        return sorted(A.SOURCE + loc for loc in return_sources(st, seat, context[1]))
    if kind == Q.MOVE_FROM:
        sources, _pairs = move_pairs(st, seat, context[0])
        stop = [A.STOP] if context[2] else []
        return stop + sorted(A.SOURCE + s for s in sources)
    if kind == Q.MOVE_TO:
        source = context[3]
        return [A.DEST + t for t in sorted(st.move_targets(context[0])) if t != source]
    if kind == Q.SEND_FROM:
        stop = [A.STOP] if context[1] else []
        return stop + sorted(A.SOURCE + s for s in st.send_sources(seat))
    if kind == Q.BEADLE_TO:
        return [A.DEST + t for t in sorted(st.move_targets(ALL_SYMBOLS)) if t != st.beadle]
    if kind == Q.NEGOTIATE:
        location = context[0]
        return [A.STOP] + [A.NEUTRAL + p for p in range(st.num_players) if p != seat and st.fig[location * 4 + p]]
    if kind in (Q.FIRST, Q.SECOND):
        return [A.TAKE, A.SKIP]
    if kind in (Q.KEEP, Q.UNDER):
        return sorted(A.REWARD + c for c in context)
    if kind == Q.SETUP_KEEP:
        return sorted(A.REWARD + c for c in st.rewards[seat])
    raise AssertionError(f"no question on top: {kind}")


# --- refusals -------------------------------------------------------------------------------------------------------


def explain(st: GuildsPosition, action: int) -> tuple[str, str]:
    """The rule an answer breaks, with the rule's sentence in plain words (the rule ID goes in the first field only).
    Messages name only what the asking seat may know."""
    top = st.pending[-1]
    kind, seat = top.kind, top.seat
    if kind == Q.TURN:
        return _explain_turn(st, seat, action)
    if kind == Q.MOVE_TO and A.DEST <= action < A.NEUTRAL:
        tile = action - A.DEST
        name = W.tile_subject(tile)
        if st.cell_of[tile] < 0:
            return "GL-61", _("{tile} is not in the city", tile=name)
        if st.back[tile]:
            return "GL-61", _(
                "{tile} is already scored; a figure only moves onto a tile that is not yet scored", tile=name
            )
        if tile == top.context[3]:
            return "GL-D21", _("The figure must move to another tile, not stay where it stands")
        if tile == st.scoring:
            return "GL-105", _(
                "{tile} is being scored; the figure must go to another tile that is not yet scored", tile=name
            )
        return "GL-61", _(
            "{tile} does not show {symbols}, which this move needs", tile=name, symbols=W.symbols_text(top.context[0])
        )
    if kind == Q.MOVE_FROM and A.SOURCE <= action < A.DEST:
        location = action - A.SOURCE
        if location == PL:
            return "GL-D21", _("A figure on the plantation cannot move")
        return "GL-61", _("You have no figure {where} that can make this move", where=W.place_on(location))
    if kind == Q.SEND_FROM and A.SOURCE <= action < A.DEST:
        if action - A.SOURCE == PL:
            return "GL-108", _("Your figures on the plantation are already there")
        return "GL-108", _("You have no figure {where} to send to the plantation", where=W.place_on(action - A.SOURCE))
    if kind == Q.RETURN and A.SOURCE <= action < A.DEST:
        allowed = W.returns_from(top.context[1])
        return "GL-D23", _(
            "You have no liveryman there to return: this cost takes one of yours from {places}", places=allowed
        )
    if kind == Q.NEGOTIATE and A.NEUTRAL <= action < A.REWARD:
        if action - A.NEUTRAL == seat:
            return "GL-D12", _("A neutral liveryman sends another player's liveryman away, never your own")
        return "GL-D12", _("That player has no liveryman here to send away")
    if kind == Q.PAY and A.DISCARD <= action < A.SOURCE:
        return "GL-63", _("That card is not in your hand; pay the coin with another action card from your hand")
    if kind == Q.HAND_CHECK and A.DISCARD <= action < A.SOURCE:
        return "GL-67", _("That card is not in your hand; discard down to your hand limit from the cards you hold")
    if kind == Q.BEADLE_TO:
        return "GL-D19", _("The Beadle moves to another tile in the city that is not yet scored")
    if kind in (Q.SETUP_KEEP, Q.KEEP, Q.UNDER) and A.REWARD <= action < A.TOKEN:
        return not_yours_to_keep(st, _("'{card}'", card=_(CONTENT.rewards[action - A.REWARD].name)))
    return _rule_of(kind), _("That is not an answer to this question. {prompt}", prompt=prompt(st))


def _explain_turn(st: GuildsPosition, seat: int, action: int) -> tuple[str, str]:
    if action == A.PASS:
        return "GL-58", _("You have already played a card this turn, so you cannot pass; stop to end your turn")
    if action == A.STOP:
        return "GL-58", _("You have not played a card yet; to end your turn without playing one, pass")
    if A.PLAY <= action < A.DISCARD:
        card, use = divmod(action - A.PLAY, 3)
        data = CARDS[card]
        name = W.card_name(data)
        if card not in st.hands[seat]:
            return "GL-57", _("{card} is not in your hand", card=name)
        if use == A.RECRUIT:
            return "GL-D22", _("You have no liveryman left in the general supply to recruit")
        if use == A.MOVE:
            return "GL-61", _("None of your figures can move to {reach}", reach=W.move_reach(data.symbols))
        if not data.effect:
            return "GL-62", _("{card} has no effect; use it to recruit or to move", card=name)
        if data.coins > len(st.hands[seat]) - 1:
            return "GL-63", ngettext(
                "The effect of {card} costs {n} coin: you need {n} other action card to discard",
                "The effect of {card} costs {n} coins: you need {n} other action cards to discard",
                data.coins,
                card=name,
            )
        return "GL-D23", ngettext(
            "The effect of {card} needs {n} liveryman of yours on {places}",
            "The effect of {card} needs {n} liverymen of yours on {places}",
            data.return_count,
            card=name,
            places=W.returns_from(data.return_from),
        )
    if action >= A.TOKEN:
        token = CONTENT.tokens[action - A.TOKEN]
        if action - A.TOKEN not in st.kept[seat]:
            return "GL-D38", _("You hold no {token} token to spend", token=_(token.name))
        return "GL-D38", _(
            "The {token} token is not spent: it has nothing left to do when returned", token=_(token.name)
        )
    return "GL-57", _("That is not something you can do now. {prompt}", prompt=prompt(st))


def not_yours_to_keep(st: GuildsPosition, card: str | None = None) -> tuple[str, str]:
    """GL-31, GL-106: a reward card that is not among the ones to choose from now (named or not a card at all)."""
    if not st.pending:
        return st.end_rule, _("The game is over")
    card = card if card is not None else _("That card")
    top = st.pending[-1]
    if top.kind == Q.SETUP_KEEP:
        return "GL-31", _("{card} is not a reward card you may keep now: keep one of the 3 you were dealt", card=card)
    if top.kind == Q.KEEP:
        return "GL-106", _("{card} is not a reward card you may keep now: keep one of the ones you drew", card=card)
    if top.kind == Q.UNDER:
        return "GL-106", _(
            "{card} is not one of the reward cards you drew that still go under the reward deck", card=card
        )
    return _rule_of(top.kind), _("{card} is not a reward card you may keep now. {prompt}", card=card, prompt=prompt(st))


def _rule_of(kind: str) -> str:
    return {
        Q.SETUP_KEEP: "GL-31",
        Q.PAY: "GL-63",
        Q.RETURN: "GL-D23",
        Q.MOVE_FROM: "GL-105",
        Q.MOVE_TO: "GL-105",
        Q.SEND_FROM: "GL-108",
        Q.BEADLE_TO: "GL-D19",
        Q.HAND_CHECK: "GL-67",
        Q.NEGOTIATE: "GL-75",
        Q.FIRST: "GL-82",
        Q.SECOND: "GL-83",
        Q.KEEP: "GL-106",
        Q.UNDER: "GL-106",
    }.get(kind, "GL-57")


# --- the question and the answers in plain words ---------------------------------------------------------------------


def prompt(st: GuildsPosition, names: Sequence[str] | None = None) -> str:
    """The question on top of the stack in plain words, naming other players by `names`."""
    if not st.pending:
        return _("The game is over")
    names = names or SEATS
    top = st.pending[-1]
    kind, seat, context = top.kind, top.seat, top.context
    if kind == Q.SETUP_KEEP:
        return _(
            "Choose 1 of your {count} mayoral reward cards to keep; the others go back into the reward deck",
            count=len(st.rewards[seat]),
        )
    if kind == Q.TURN:
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
    if kind == Q.PAY:
        return ngettext(
            "Pay for the effect: discard another action card as a coin ({n} coin to pay)",
            "Pay for the effect: discard another action card as a coin ({n} coins to pay)",
            context[0],
        )
    if kind == Q.RETURN:
        return ngettext(
            "Pay for the effect: return a liveryman of yours from {places} to the general supply ({n} liveryman to go)",
            "Pay for the effect: return a liveryman of yours from {places} to the general supply ({n} liverymen to go)",
            context[0],
            places=W.returns_from(context[1]),
        )
    if kind == Q.MOVE_FROM:
        reach = W.move_reach(context[0])
        if context[2]:
            text = _("Move one of your liverymen or masters to {reach}: choose the one to move, or stop", reach=reach)
        else:
            text = _("Move one of your liverymen or masters to {reach}: choose the one to move", reach=reach)
        return text + _left(context[1])
    if kind == Q.MOVE_TO:
        reach = W.move_reach(context[0])
        source = W.place_from(context[3])
        if st.scoring >= 0:
            return _(
                "Move your figure {source}: choose {reach} (not {tile}, which is being scored)",
                source=source,
                reach=reach,
                tile=W.tile_name(st.scoring),
            )
        return _("Move your figure {source}: choose {reach}", source=source, reach=reach)
    if kind == Q.SEND_FROM:
        if context[1]:
            text = _("Send one of your liverymen or masters to the plantation: choose the one to send, or stop")
        else:
            text = _("Send one of your liverymen or masters to the plantation: choose the one to send")
        return text + (_(" ({n} to send)", n=context[0]) if context[0] > 1 else "")
    if kind == Q.BEADLE_TO:
        return _("Move the Beadle to another tile that is not yet scored")
    if kind == Q.HAND_CHECK:
        return ngettext(
            "You hold {n} action card, more than your hand limit of {limit}: discard one",
            "You hold {n} action cards, more than your hand limit of {limit}: discard one",
            len(st.hands[seat]),
            limit=st.hand_limit(seat),
        )
    if kind == Q.NEGOTIATE:
        others = [
            _("{player}'s", player=names[p]) for p in range(st.num_players) if p != seat and st.fig[context[0] * 4 + p]
        ]
        return ngettext(
            "Negotiation {where}: place a neutral liveryman to send one of {players} liverymen there to the "
            "Guildhall, or stop (you have {n} neutral liveryman)",
            "Negotiation {where}: place a neutral liveryman to send one of {players} liverymen there to the "
            "Guildhall, or stop (you have {n} neutral liverymen)",
            st.neutrals[seat],
            where=W.place_on(context[0]),
            players=W.listing(others, "or"),
        )
    if kind in (Q.FIRST, Q.SECOND):
        tile = TILES[context[0]]
        effects = tile.first if kind == Q.FIRST else tile.second_extra
        part = W.effect_text(EFFECTS[effects[context[1]]])
        if kind == Q.FIRST:
            return _(
                "You won first place on {tile}. Take or skip this part of the reward: {part}",
                tile=W.tile_name(tile.index),
                part=part,
            )
        return _(
            "You came second on {tile}. Take or skip this extra reward: {part}", tile=W.tile_name(tile.index), part=part
        )
    if kind == Q.KEEP:
        return _(
            "Keep 1 of the {count} mayoral reward cards you drew; the others go under the reward deck",
            count=len(context),
        )
    return _("Put the reward cards you drew under the reward deck one at a time: choose the next to go under")


def _left(count: int) -> str:
    return ngettext(" ({n} move left)", " ({n} moves left)", count) if count > 1 else ""


def label(st: GuildsPosition, action: int, names: Sequence[str] | None = None) -> str:
    """`action` in plain words for a button, read in the position `st` (the question on top gives the verb)."""
    names = names or SEATS
    top = st.pending[-1] if st.pending else None
    kind = top.kind if top is not None else ""
    last = st.is_last_round()
    if action == A.PASS:
        return _("Pass (no cards are drawn in the last round)") if last else _("Pass and draw 4 cards")
    if action == A.STOP:
        if kind == Q.TURN and last:
            return _("Stop (no cards are drawn in the last round)")
        return _(_STOP.get(kind, N_("Stop")))
    if action in (A.TAKE, A.SKIP):
        if top is not None and kind in (Q.FIRST, Q.SECOND):
            tile = TILES[top.context[0]]
            effects = tile.first if kind == Q.FIRST else tile.second_extra
            part = W.effect_text(EFFECTS[effects[top.context[1]]])
            if action == A.TAKE:
                return _("Take: {part}", part=part)
            return _("Skip this part") if kind == Q.FIRST else _("Skip this extra reward")
        return _("Take it") if action == A.TAKE else _("Skip it")
    if action < A.DISCARD:
        card, use = divmod(action - A.PLAY, 3)
        data = CARDS[card]
        name = W.card_name(data)
        if use == A.RECRUIT:
            return _("Recruit with {card}", card=name)
        if use == A.MOVE:
            return _("Move with {card} to a tile showing {symbols}", card=name, symbols=W.symbols_text(data.symbols))
        paying = []
        if data.coins:
            paying.append(ngettext("paying {n} coin", "paying {n} coins", data.coins))
        if data.return_count:
            paying.append(ngettext("returning {n} liveryman", "returning {n} liverymen", data.return_count))
        if paying:
            return _("Use the effect of {card}, {paying}", card=name, paying=W.listing(paying))
        return _("Use the effect of {card}", card=name)
    if action < A.SOURCE:
        name = W.card_name(CARDS[action - A.DISCARD])
        return _("Pay a coin with {card}", card=name) if kind == Q.PAY else _("Discard {card}", card=name)
    if action < A.DEST:
        source = W.place_from(action - A.SOURCE)
        if kind == Q.RETURN:
            return _("Return a liveryman {source}", source=source)
        if kind == Q.SEND_FROM:
            return _("Send a figure {source} to the plantation", source=source)
        return _("Move a figure {source}", source=source)
    if action < A.NEUTRAL:
        tile = W.tile_name(action - A.DEST)
        if kind == Q.BEADLE_TO:
            return _("Move the Beadle to {tile}", tile=tile)
        if top is not None and kind == Q.MOVE_TO:
            return _("Move a figure {source} to {tile}", source=W.place_from(top.context[3]), tile=tile)
        return _("Move a figure to {tile}", tile=tile)
    if action < A.REWARD:
        return _(
            "Place a neutral to send one of {player}'s liverymen to the Guildhall", player=names[action - A.NEUTRAL]
        )
    if action < A.TOKEN:
        name = _(CONTENT.rewards[action - A.REWARD].name)
        return _("Put '{card}' under the reward deck", card=name) if kind == Q.UNDER else _("Keep '{card}'", card=name)
    token = CONTENT.tokens[action - A.TOKEN]
    if token.effect < 0:
        return _("Spend the {token} token", token=_(token.name))
    restricted = W.symbols_text(token.symbol) if token.symbol else _("a symbol of this token")
    return _(
        "Spend the {token} token to {effect}",
        token=_(token.name),
        effect=W.effect_text(EFFECTS[token.effect], restricted),
    )


_STOP = {
    Q.TURN: N_("Stop and draw 2 cards"),
    Q.MOVE_FROM: N_("Stop moving"),
    Q.SEND_FROM: N_("Stop sending figures to the plantation"),
    Q.NEGOTIATE: N_("Stop negotiating"),
}
