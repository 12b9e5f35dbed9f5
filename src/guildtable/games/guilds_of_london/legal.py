"""What may be answered now: the legal actions for the question on top of the stack, the rule a refused answer
breaks (never revealing hidden cards), and the prompt that asks the question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import rules as R
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT, RETURN_FROM

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


def explain(st: GuildsState, action: int) -> tuple[str, str]:
    """The rule an answer breaks. Messages name only what the asking seat may know."""
    top = st.pending[-1]
    kind, seat = top.kind, top.seat
    question = prompt(st)
    if kind == R.TURN:
        if action == A.PASS:
            return "GL-58", "you have already played a card this turn; answer stop to end your turn"
        if action == A.STOP:
            return "GL-58", "stop ends a turn after playing cards; with none played, pass (GL-56)"
        if A.PLAY <= action < A.DISCARD:
            card, use = divmod(action - A.PLAY, 3)
            data = CARDS[card]
            if card not in st.hands[seat]:
                return "GL-57", f"card #{data.number} is not in your hand"
            if use == A.RECRUIT:
                return "GL-D22", "you have no liveryman left in the general supply to recruit"
            if use == A.MOVE:
                return "GL-61", (
                    f"no figure of yours can move to an unscored tile showing {'/'.join(data.symbol_names)}"
                )
            if not data.effect:
                return "GL-62", f"card #{data.number} has no effect; use it to recruit or to move"
            if data.coins > len(st.hands[seat]) - 1:
                return "GL-63", f"the effect costs {data.coins} coins: you need {data.coins} other cards to discard"
            return "GL-D23", f"you cannot return {data.return_count} liverymen as this effect demands"
        if action >= A.TOKEN:
            return "GL-D38", "you hold no such token to spend"
        return "GL-57", f"it is your turn: {question}"
    if kind == R.MOVE_TO and A.DEST <= action < A.NEUTRAL:
        tile = action - A.DEST
        if st.cell_of[tile] < 0:
            return "GL-61", f"{TILES[tile].id} is not in the city"
        if st.back[tile]:
            return "GL-61", f"{TILES[tile].id} is already scored (master side); moves go to unscored tiles only"
        if tile == top.context[3]:
            return "GL-D21", "the destination must be another tile than the source"
        return "GL-61", f"{TILES[tile].id} shows no symbol that this move allows"
    if kind == R.MOVE_FROM and A.SOURCE <= action < A.DEST:
        location = action - A.SOURCE
        if location == PL:
            return "GL-D21", "a figure on the plantation cannot move"
        return "GL-61", f"you have no figure on {A.location_name(location)} that can make this move"
    if kind == R.NEGOTIATE and A.NEUTRAL <= action < A.REWARD:
        if action - A.NEUTRAL == seat:
            return "GL-D12", "a neutral displaces another player's liveryman, not your own"
        return "GL-D12", "that player has no liveryman there to displace"
    if kind in (R.PAY, R.HAND_CHECK) and A.DISCARD <= action < A.SOURCE:
        return "GL-63", "that card is not in your hand"
    if kind == R.BEADLE_TO:
        return "GL-D19", "the Beadle moves to another unscored tile in the city"
    return _rule_of(kind), f"that is not an answer to: {question}"


def _rule_of(kind: str) -> str:
    return {
        R.SETUP_KEEP: "GL-31",
        R.PAY: "GL-63",
        R.RETURN: "GL-D23",
        R.MOVE_FROM: "GL-105",
        R.MOVE_TO: "GL-105",
        R.SEND_FROM: "GL-108",
        R.HAND_CHECK: "GL-67",
        R.NEGOTIATE: "GL-75",
        R.FIRST: "GL-82",
        R.SECOND: "GL-83",
        R.KEEP: "GL-106",
        R.UNDER: "GL-106",
    }.get(kind, "GL-57")


def prompt(st: GuildsState) -> str:
    if not st.pending:
        return "The game is over"
    top = st.pending[-1]
    kind, context = top.kind, top.context
    if kind == R.SETUP_KEEP:
        return "Keep 1 of your 3 mayoral reward cards (GL-31)"
    if kind == R.TURN:
        if st.played == 0:
            return "Your turn: play a card (recruit / move / effect) or pass and draw 4 (GL-55)"
        return "Play another card (recruit / move / effect) or stop and draw 2 (GL-57, GL-58)"
    if kind == R.PAY:
        return f"Pay a coin: discard another action card ({context[0]} to go) (GL-63)"
    if kind == R.RETURN:
        allowed = ", ".join(name for bit, name in enumerate(RETURN_FROM) if context[1] >> bit & 1)
        return f"Return a liveryman to the general supply from {allowed} ({context[0]} to go) (GL-D23)"
    if kind == R.MOVE_FROM:
        extra = " or stop" if context[2] else ""
        return f"Move: choose the figure's location{extra} ({context[1]} move(s) left) (Q-G1)"
    if kind == R.MOVE_TO:
        return f"Move from {A.location_name(context[3])}: choose an unscored destination tile (Q-G2)"
    if kind == R.SEND_FROM:
        extra = " or stop" if context[1] else ""
        return f"Plantation: choose the figure to send{extra} (Q-G5)"
    if kind == R.BEADLE_TO:
        return "Move the Beadle to an unscored tile"
    if kind == R.HAND_CHECK:
        return f"Hand limit {st.hand_limit(top.seat)}: discard an action card (GL-67)"
    if kind == R.NEGOTIATE:
        where = A.location_name(context[0])
        return f"Negotiation on {where}: place a neutral to displace a liveryman, or stop (GL-75)"
    if kind in (R.FIRST, R.SECOND):
        tile = TILES[context[0]]
        effects = tile.first if kind == R.FIRST else tile.second_extra
        place = "First" if kind == R.FIRST else "Second"
        return f"{place}-place reward on {tile.id}: take or skip '{EFFECTS[effects[context[1]]].describe()}'"
    if kind == R.KEEP:
        return "Keep 1 of the reward cards you drew (GL-106)"
    return "Put the next reward card under the reward deck (GL-106)"
