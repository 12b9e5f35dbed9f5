"""What may be answered now: the legal actions for the question on top of the stack, the rule a refused answer
breaks (never revealing hidden cards), the prompt that asks the question and each answer's label, in plain words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import rules as R
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT

if TYPE_CHECKING:
    from guildtable.games.guilds_of_london.rules import GuildsState

TILES = CONTENT.tiles
CARDS = CONTENT.cards
EFFECTS = CONTENT.effects
GH, PL = A.GUILDHALL, A.PLANTATION
SEATS = A.SEAT_NAMES


def return_sources(st: GuildsState, seat: int, bits: int) -> list[int]:
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


def returnable(st: GuildsState, seat: int, bits: int) -> int:
    return sum(st.fig[loc * 4 + seat] for loc in return_sources(st, seat, bits))


def move_pairs(st: GuildsState, seat: int, mask: int) -> tuple[list[int], list[int]]:
    """Sources with at least one destination, and the destinations (GL-61, GL-D21)."""
    targets = st.move_targets(mask)
    if not targets:
        return [], targets
    sources = [s for s in st.move_sources(seat) if any(d != s for d in targets[:2])]
    return sources, targets


def _turn_actions(st: GuildsState, seat: int) -> list[int]:
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


def is_legal(st: GuildsState, action: int) -> bool:
    """The same answer as `action in legal_actions(st)`, without listing every card play on a turn."""
    top = st.pending[-1]
    if top.kind != R.TURN or not A.PLAY <= action < A.DISCARD:
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


def legal_actions(st: GuildsState) -> list[int]:
    top = st.pending[-1]
    kind, seat, context = top.kind, top.seat, top.context
    if kind == R.TURN:
        return _turn_actions(st, seat)
    if kind in (R.PAY, R.HAND_CHECK):
        return sorted({A.DISCARD + c for c in st.hands[seat]})
    if kind == R.RETURN:
        return sorted(A.SOURCE + loc for loc in return_sources(st, seat, context[1]))
    if kind == R.MOVE_FROM:
        sources, _ = move_pairs(st, seat, context[0])
        stop = [A.STOP] if context[2] else []
        return stop + sorted(A.SOURCE + s for s in sources)
    if kind == R.MOVE_TO:
        source = context[3]
        return [A.DEST + t for t in sorted(st.move_targets(context[0])) if t != source]
    if kind == R.SEND_FROM:
        stop = [A.STOP] if context[1] else []
        return stop + sorted(A.SOURCE + s for s in st.send_sources(seat))
    if kind == R.BEADLE_TO:
        return [A.DEST + t for t in sorted(st.move_targets(ALL_SYMBOLS)) if t != st.beadle]
    if kind == R.NEGOTIATE:
        location = context[0]
        return [A.STOP] + [A.NEUTRAL + p for p in range(st.num_players) if p != seat and st.fig[location * 4 + p]]
    if kind in (R.FIRST, R.SECOND):
        return [A.TAKE, A.SKIP]
    if kind in (R.KEEP, R.UNDER):
        return sorted(A.REWARD + c for c in context)
    if kind == R.SETUP_KEEP:
        return sorted(A.REWARD + c for c in st.rewards[seat])
    raise AssertionError(f"no question on top: {kind}")


# --- refusals -------------------------------------------------------------------------------------------------------


def explain(st: GuildsState, action: int) -> tuple[str, str]:
    """The rule an answer breaks, with the rule's sentence in plain words (the rule ID goes in the first field only).
    Messages name only what the asking seat may know."""
    top = st.pending[-1]
    kind, seat = top.kind, top.seat
    if kind == R.TURN:
        return _explain_turn(st, seat, action)
    if kind == R.MOVE_TO and A.DEST <= action < A.NEUTRAL:
        tile = action - A.DEST
        name = W.tile_subject(tile)
        if st.cell_of[tile] < 0:
            return "GL-61", f"{name} is not in the city"
        if st.back[tile]:
            return "GL-61", f"{name} is already scored; a figure only moves onto a tile that is not yet scored"
        if tile == top.context[3]:
            return "GL-D21", "The figure must move to another tile, not stay where it stands"
        if tile == st.scoring:
            return "GL-105", f"{name} is being scored; the figure must go to another tile that is not yet scored"
        return "GL-61", f"{name} does not show {W.symbols_text(top.context[0])}, which this move needs"
    if kind == R.MOVE_FROM and A.SOURCE <= action < A.DEST:
        location = action - A.SOURCE
        if location == PL:
            return "GL-D21", "A figure on the plantation cannot move"
        return "GL-61", f"You have no figure on {W.place(location)} that can make this move"
    if kind == R.SEND_FROM and A.SOURCE <= action < A.DEST:
        if action - A.SOURCE == PL:
            return "GL-108", "Your figures on the plantation are already there"
        return "GL-108", f"You have no figure on {W.place(action - A.SOURCE)} to send to the plantation"
    if kind == R.RETURN and A.SOURCE <= action < A.DEST:
        allowed = W.returns_from(top.context[1])
        return "GL-D23", f"You have no liveryman there to return: this cost takes one of yours from {allowed}"
    if kind == R.NEGOTIATE and A.NEUTRAL <= action < A.REWARD:
        if action - A.NEUTRAL == seat:
            return "GL-D12", "A neutral liveryman sends another player's liveryman away, never your own"
        return "GL-D12", "That player has no liveryman here to send away"
    if kind == R.PAY and A.DISCARD <= action < A.SOURCE:
        return "GL-63", "That card is not in your hand; pay the coin with another action card from your hand"
    if kind == R.HAND_CHECK and A.DISCARD <= action < A.SOURCE:
        return "GL-67", "That card is not in your hand; discard down to your hand limit from the cards you hold"
    if kind == R.BEADLE_TO:
        return "GL-D19", "The Beadle moves to another tile in the city that is not yet scored"
    if kind in (R.SETUP_KEEP, R.KEEP, R.UNDER) and A.REWARD <= action < A.TOKEN:
        return not_yours_to_keep(st, f"'{CONTENT.rewards[action - A.REWARD].name}'")
    return _rule_of(kind), f"That is not an answer to this question. {prompt(st)}"


def _explain_turn(st: GuildsState, seat: int, action: int) -> tuple[str, str]:
    if action == A.PASS:
        return "GL-58", "You have already played a card this turn, so you cannot pass; stop to end your turn"
    if action == A.STOP:
        return "GL-58", "You have not played a card yet; to end your turn without playing one, pass"
    if A.PLAY <= action < A.DISCARD:
        card, use = divmod(action - A.PLAY, 3)
        data = CARDS[card]
        name = W.card_name(data)
        if card not in st.hands[seat]:
            return "GL-57", f"{name} is not in your hand"
        if use == A.RECRUIT:
            return "GL-D22", "You have no liveryman left in the general supply to recruit"
        if use == A.MOVE:
            return "GL-61", f"None of your figures can move to {W.move_reach(data.symbols)}"
        if not data.effect:
            return "GL-62", f"{name} has no effect; use it to recruit or to move"
        if data.coins > len(st.hands[seat]) - 1:
            others = W.plural(data.coins, "other action card")
            return "GL-63", f"The effect of {name} costs {W.plural(data.coins, 'coin')}: you need {others} to discard"
        liverymen = W.plural(data.return_count, "liveryman", "liverymen")
        return "GL-D23", f"The effect of {name} needs {liverymen} of yours on {W.returns_from(data.return_from)}"
    if action >= A.TOKEN:
        token = CONTENT.tokens[action - A.TOKEN]
        if action - A.TOKEN not in st.kept[seat]:
            return "GL-D38", f"You hold no {token.name} token to spend"
        return "GL-D38", f"The {token.name} token is not spent: it has nothing left to do when returned"
    return "GL-57", f"That is not something you can do now. {prompt(st)}"


def not_yours_to_keep(st: GuildsState, card: str = "That card") -> tuple[str, str]:
    """GL-31, GL-106: a reward card that is not among the ones to choose from now (named or not a card at all)."""
    if not st.pending:
        return st.end_rule, "The game is over"
    top = st.pending[-1]
    if top.kind == R.SETUP_KEEP:
        return "GL-31", f"{card} is not a reward card you may keep now: keep one of the 3 you were dealt"
    if top.kind == R.KEEP:
        return "GL-106", f"{card} is not a reward card you may keep now: keep one of the ones you drew"
    if top.kind == R.UNDER:
        return "GL-106", f"{card} is not one of the reward cards you drew that still go under the reward deck"
    return _rule_of(top.kind), f"{card} is not a reward card you may keep now. {prompt(st)}"


def _rule_of(kind: str) -> str:
    return {
        R.SETUP_KEEP: "GL-31",
        R.PAY: "GL-63",
        R.RETURN: "GL-D23",
        R.MOVE_FROM: "GL-105",
        R.MOVE_TO: "GL-105",
        R.SEND_FROM: "GL-108",
        R.BEADLE_TO: "GL-D19",
        R.HAND_CHECK: "GL-67",
        R.NEGOTIATE: "GL-75",
        R.FIRST: "GL-82",
        R.SECOND: "GL-83",
        R.KEEP: "GL-106",
        R.UNDER: "GL-106",
    }.get(kind, "GL-57")


# --- the question and the answers in plain words ---------------------------------------------------------------------


def prompt(st: GuildsState, names: Sequence[str] | None = None) -> str:
    """The question on top of the stack in plain words, naming other players by `names`."""
    if not st.pending:
        return "The game is over"
    names = names or SEATS
    top = st.pending[-1]
    kind, seat, context = top.kind, top.seat, top.context
    if kind == R.SETUP_KEEP:
        count = len(st.rewards[seat])
        return f"Choose 1 of your {count} mayoral reward cards to keep; the others go back into the reward deck"
    if kind == R.TURN:
        last = st.is_last_round()
        if st.played == 0:
            end = "pass (no cards are drawn in the last round)" if last else "pass and draw 4 cards"
            return f"Your turn: play an action card to recruit, to move or for its effect, or {end}"
        end = "stop (no cards are drawn in the last round)" if last else "stop and draw 2 cards"
        return f"Play another action card, or {end}"
    if kind == R.PAY:
        return f"Pay for the effect: discard another action card as a coin ({W.plural(context[0], 'coin')} to pay)"
    if kind == R.RETURN:
        left = W.plural(context[0], "liveryman", "liverymen")
        where = W.returns_from(context[1])
        return f"Pay for the effect: return a liveryman of yours from {where} to the general supply ({left} to go)"
    if kind == R.MOVE_FROM:
        text = f"Move one of your liverymen or masters to {W.move_reach(context[0])}: choose the one to move"
        return text + (", or stop" if context[2] else "") + _left(context[1], "move")
    if kind == R.MOVE_TO:
        text = f"Move your figure from {W.place(context[3])}: choose {W.move_reach(context[0])}"
        if st.scoring >= 0:
            text += f" (not {W.tile_name(st.scoring)}, which is being scored)"
        return text
    if kind == R.SEND_FROM:
        text = "Send one of your liverymen or masters to the plantation: choose the one to send"
        return text + (", or stop" if context[1] else "") + (f" ({context[0]} to send)" if context[0] > 1 else "")
    if kind == R.BEADLE_TO:
        return "Move the Beadle to another tile that is not yet scored"
    if kind == R.HAND_CHECK:
        held = W.plural(len(st.hands[seat]), "action card")
        return f"You hold {held}, more than your hand limit of {st.hand_limit(seat)}: discard one"
    if kind == R.NEGOTIATE:
        where = W.place(context[0])
        others = [f"{names[p]}'s" for p in range(st.num_players) if p != seat and st.fig[context[0] * 4 + p]]
        neutrals = W.plural(st.neutrals[seat], "neutral liveryman", "neutral liverymen")
        return (
            f"Negotiation on {where}: place a neutral liveryman to send one of {W.listing(others, 'or')} liverymen "
            f"there to the Guildhall, or stop (you have {neutrals})"
        )
    if kind in (R.FIRST, R.SECOND):
        tile = TILES[context[0]]
        effects = tile.first if kind == R.FIRST else tile.second_extra
        part = W.effect_text(EFFECTS[effects[context[1]]])
        if kind == R.FIRST:
            return f"You won first place on {W.tile_name(tile.index)}. Take or skip this part of the reward: {part}"
        return f"You came second on {W.tile_name(tile.index)}. Take or skip this extra reward: {part}"
    if kind == R.KEEP:
        return f"Keep 1 of the {len(context)} mayoral reward cards you drew; the others go under the reward deck"
    return "Put the reward cards you drew under the reward deck one at a time: choose the next to go under"


def _left(count: int, word: str) -> str:
    return f" ({W.plural(count, word)} left)" if count > 1 else ""


def label(st: GuildsState, action: int, names: Sequence[str] | None = None) -> str:
    """`action` in plain words for a button, read in the position `st` (the question on top gives the verb)."""
    names = names or SEATS
    top = st.pending[-1] if st.pending else None
    kind = top.kind if top is not None else ""
    last = st.is_last_round()
    if action == A.PASS:
        return "Pass (no cards are drawn in the last round)" if last else "Pass and draw 4 cards"
    if action == A.STOP:
        if kind == R.TURN and last:
            return "Stop (no cards are drawn in the last round)"
        return _STOP.get(kind, "Stop")
    if action in (A.TAKE, A.SKIP):
        if top is not None and kind in (R.FIRST, R.SECOND):
            tile = TILES[top.context[0]]
            effects = tile.first if kind == R.FIRST else tile.second_extra
            part = W.effect_text(EFFECTS[effects[top.context[1]]])
            return f"Take: {part}" if action == A.TAKE else f"Skip this {'part' if kind == R.FIRST else 'extra reward'}"
        return "Take it" if action == A.TAKE else "Skip it"
    if action < A.DISCARD:
        card, use = divmod(action - A.PLAY, 3)
        data = CARDS[card]
        name = W.card_name(data)
        if use == A.RECRUIT:
            return f"Recruit with {name}"
        if use == A.MOVE:
            return f"Move with {name} to a tile showing {W.symbols_text(data.symbols)}"
        paying = []
        if data.coins:
            paying.append(f"paying {W.plural(data.coins, 'coin')}")
        if data.return_count:
            paying.append(f"returning {W.plural(data.return_count, 'liveryman', 'liverymen')}")
        return f"Use the effect of {name}" + (f", {W.listing(paying)}" if paying else "")
    if action < A.SOURCE:
        name = W.card_name(CARDS[action - A.DISCARD])
        return f"Pay a coin with {name}" if kind == R.PAY else f"Discard {name}"
    if action < A.DEST:
        where = W.place(action - A.SOURCE)
        if kind == R.RETURN:
            return f"Return a liveryman from {where}"
        if kind == R.SEND_FROM:
            return f"Send a figure from {where} to the plantation"
        return f"Move a figure from {where}"
    if action < A.NEUTRAL:
        tile = W.tile_name(action - A.DEST)
        if kind == R.BEADLE_TO:
            return f"Move the Beadle to {tile}"
        if top is not None and kind == R.MOVE_TO:
            return f"Move a figure from {W.place(top.context[3])} to {tile}"
        return f"Move a figure to {tile}"
    if action < A.REWARD:
        return f"Place a neutral to send one of {names[action - A.NEUTRAL]}'s liverymen to the Guildhall"
    if action < A.TOKEN:
        name = CONTENT.rewards[action - A.REWARD].name
        return f"Put '{name}' under the reward deck" if kind == R.UNDER else f"Keep '{name}'"
    token = CONTENT.tokens[action - A.TOKEN]
    if token.effect < 0:
        return f"Spend the {token.name} token"
    restricted = W.symbols_text(token.symbol) if token.symbol else "a symbol of this token"
    return f"Spend the {token.name} token to {W.effect_text(EFFECTS[token.effect], restricted)}"


_STOP = {
    R.TURN: "Stop and draw 2 cards",
    R.MOVE_FROM: "Stop moving",
    R.SEND_FROM: "Stop sending figures to the plantation",
    R.NEGOTIATE: "Stop negotiating",
}
