"""How the game runs: `answer` applies a seat's answer to the question on top of the stack, `settle` runs engine
steps until the next question. Turns (GL-55 to GL-68), tile scoring (GL-69 to GL-87), growth (GL-88 to GL-98) and the
effect engine (GL-104 to GL-109, spec §15.6, DESIGN.md §8) are all here as small handlers keyed by decision kind.

Never call these on a move that `legal_actions` did not offer: they trust the answer.
"""

from __future__ import annotations

from collections.abc import Callable

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT
from guildtable.games.guilds_of_london.geometry import cell, growth_cells, rotate
from guildtable.games.guilds_of_london.scoring import plantation_places, second_place, vote_winner
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.kernel.decisions import Decision
from guildtable.kernel.events import private, public

TILES = CONTENT.tiles
CARDS = CONTENT.cards
EFFECTS = CONTENT.effects
GH, PL = A.GUILDHALL, A.PLANTATION


WHY_CARD, WHY_FIRST, WHY_SECOND, WHY_PLANTATION, WHY_TOKEN = range(5)
WHY = ("action card effect", "first-place reward", "second-place reward", "plantation reward", "token")


def D(kind: str, seat: int, *context: int) -> Decision:
    return Decision(kind, seat, context)


# =====================================================================================================================
# Answers
# =====================================================================================================================


def answer(st: GuildsPosition, action: int) -> None:
    top = st.pending[-1]
    ANSWERS[top.kind](st, top, action)


def _answer_setup_keep(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-31, GL-D29: keep one of the three dealt reward cards; the others go back to be shuffled."""
    seat = top.seat
    keep = action - A.REWARD
    returned = [c for c in st.rewards[seat] if c != keep]
    st.rewards[seat] = [keep]
    st.reward_deck.extend(returned)
    st.reward_known.extend([-1] * len(returned))
    st.pending.pop()
    st._events.append(public("reward_kept", seat=seat, cards=1))
    st._events.append(private(seat, "you_kept", seat=seat, card=CONTENT.rewards[keep].id))


def _answer_turn(st: GuildsPosition, top: Decision, action: int) -> None:
    seat = top.seat
    if action == A.PASS:  # GL-56
        st.pending[-1] = D(Q.END_TURN, seat, 1)
        st._events.append(public("pass", seat=seat))
        return
    if action == A.STOP:  # GL-58
        st.pending[-1] = D(Q.END_TURN, seat, 0)
        st._events.append(public("stop", seat=seat, played=st.played))
        return
    if action >= A.TOKEN:  # DESIGN.md §7.1: spend a kept token between card plays
        kind = action - A.TOKEN
        token = CONTENT.tokens[kind]
        st.kept[seat].remove(kind)
        st.token_supply.append(kind)
        st.rng.shuffle(st.token_supply)
        st._events.append(public("spend_token", seat=seat, token=token.id))
        st.pending.append(D(Q.FX, seat, token.effect, token.symbol or ALL_SYMBOLS, WHY_TOKEN))
        return
    card, use = divmod(action - A.PLAY, 3)
    data = CARDS[card]
    st.hands[seat].remove(card)
    st.played += 1
    st._events.append(public("play", seat=seat, card=data.number, use=A.USES[use], name=data.name))
    if use == A.RECRUIT:  # GL-60
        st.discard.append(card)
        st.recruit(seat, 1, False)
    elif use == A.MOVE:  # GL-61
        st.discard.append(card)
        st.pending.append(D(Q.MOVE_FROM, seat, data.symbols, 1, 0))
    else:  # GL-62, GL-63: the card lies in front; costs first (coins on top), then the effect
        st.in_front.append(card)
        st.pending.append(D(Q.CARD_FX, seat, card, 0))
        if data.return_count:
            st.pending.append(D(Q.RETURN, seat, data.return_count, data.return_from))
        if data.coins:
            st.pending.append(D(Q.PAY, seat, data.coins))


def _answer_pay(st: GuildsPosition, top: Decision, action: int) -> None:
    card = action - A.DISCARD
    st.hands[top.seat].remove(card)
    st.discard.append(card)
    st._events.append(public("pay_coin", seat=top.seat, card=CARDS[card].number))
    _count_down(st, top)


def _answer_return(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-63, GL-D23: a returned liveryman goes to the general supply."""
    location = action - A.SOURCE
    st.fig[location * 4 + top.seat] -= 1
    st.supply[top.seat] += 1
    st._events.append(public("return", seat=top.seat, source=A.location_name(location)))
    _count_down(st, top)


def _count_down(st: GuildsPosition, top: Decision) -> None:
    remaining = top.context[0] - 1
    if remaining:
        st.pending[-1] = Decision(top.kind, top.seat, (remaining, *top.context[1:]))
    else:
        st.pending.pop()


def _answer_move_from(st: GuildsPosition, top: Decision, action: int) -> None:
    if action == A.STOP:
        st.pending.pop()
        return
    mask, remaining, up_to = top.context
    st.pending[-1] = D(Q.MOVE_TO, top.seat, mask, remaining, up_to, action - A.SOURCE)


def _answer_move_to(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-61, GL-105: one figure to an unscored tile; a master that leaves makes its tile uncontrolled (GL-D18)."""
    seat = top.seat
    mask, remaining, up_to, source = top.context
    target = action - A.DEST
    st.fig[source * 4 + seat] -= 1
    st.fig[target * 4 + seat] += 1
    st.pending.pop()
    st._events.append(public("move", seat=seat, source=A.location_name(source), to=TILES[target].id))
    if remaining > 1 and st.can_move(seat, mask):
        st.pending.append(D(Q.MOVE_FROM, seat, mask, remaining - 1, up_to))
    st.fire(seat, "move", target)


def _answer_send_from(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-108: one figure (a master too) onto the plantation."""
    if action == A.STOP:
        st.pending.pop()
        return
    seat = top.seat
    remaining, up_to = top.context
    source = action - A.SOURCE
    st.fig[source * 4 + seat] -= 1
    st.fig[PL * 4 + seat] += 1
    st.pending.pop()
    st._events.append(public("to_plantation", seat=seat, source=A.location_name(source)))
    if remaining > 1 and st.send_sources(seat):
        st.pending.append(D(Q.SEND_FROM, seat, remaining - 1, up_to))
    st.fire(seat, "to_plantation", -1)


def _answer_beadle(st: GuildsPosition, top: Decision, action: int) -> None:
    st.beadle = action - A.DEST
    st.pending.pop()
    st._events.append(public("beadle", seat=top.seat, to=TILES[st.beadle].id))


def _answer_hand(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-67: discard down to the limit, one card at a time."""
    card = action - A.DISCARD
    st.hands[top.seat].remove(card)
    st.discard.append(card)
    st._events.append(public("hand_limit_discard", seat=top.seat, card=CARDS[card].number))
    if len(st.hands[top.seat]) <= st.hand_limit(top.seat):
        st.pending.pop()


def _answer_negotiate(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-75, GL-76, GL-D12: each neutral sends one opponent liveryman to the Guildhall."""
    seat = top.seat
    location = top.context[0]
    if action == A.STOP:
        st.pending.pop()
        return
    victim = action - A.NEUTRAL
    st.fig[location * 4 + victim] -= 1
    st.fig[GH * 4 + victim] += 1
    st.neutrals[seat] -= 1
    st.neutral_out[seat] += 1
    st._events.append(public("neutral", seat=seat, displaced=victim, at=A.location_name(location)))
    if not _can_negotiate(st, seat, location):
        st.pending.pop()


def _answer_reward_offer(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-82, GL-D16 (and GL-83 for further second-place effects): take or skip each effect, left to right."""
    tile, index = top.context
    effects = TILES[tile].first if top.kind == Q.FIRST else TILES[tile].second_extra
    if index + 1 < len(effects):
        st.pending[-1] = D(top.kind, top.seat, tile, index + 1)
    else:
        st.pending.pop()
    if action == A.TAKE:
        why = WHY_FIRST if top.kind == Q.FIRST else WHY_SECOND
        st.pending.append(D(Q.FX, top.seat, effects[index], ALL_SYMBOLS, why))
    else:
        place = "first" if top.kind == Q.FIRST else "second"
        st._events.append(public("skip_reward", seat=top.seat, tile=TILES[tile].id, place=place, part=index))


def _answer_keep(st: GuildsPosition, top: Decision, action: int) -> None:
    """GL-106: keep one drawn reward card; the rest go under the deck in the player's order (Q-G4)."""
    seat = top.seat
    card = action - A.REWARD
    st.rewards[seat].append(card)
    rest = tuple(c for c in top.context if c != card)
    st._events.append(public("reward_kept", seat=seat, cards=len(st.rewards[seat])))
    st._events.append(private(seat, "you_kept", seat=seat, card=CONTENT.rewards[card].id))
    st.pending.pop()
    _under_or_ask(st, seat, rest)


def _answer_under(st: GuildsPosition, top: Decision, action: int) -> None:
    card = action - A.REWARD
    st.reward_deck.insert(0, card)
    st.reward_known.insert(0, top.seat)
    st.pending.pop()
    _under_or_ask(st, top.seat, tuple(c for c in top.context if c != card))


def _under_or_ask(st: GuildsPosition, seat: int, rest: tuple[int, ...]) -> None:
    if len(rest) == 1:
        st.reward_deck.insert(0, rest[0])
        st.reward_known.insert(0, seat)
    elif rest:
        st.pending.append(Decision(Q.UNDER, seat, rest))
    if rest:
        st._events.append(public("reward_under", seat=seat, cards=len(rest)))


ANSWERS: dict[str, Callable[[GuildsPosition, Decision, int], None]] = {
    Q.SETUP_KEEP: _answer_setup_keep,
    Q.TURN: _answer_turn,
    Q.PAY: _answer_pay,
    Q.RETURN: _answer_return,
    Q.MOVE_FROM: _answer_move_from,
    Q.MOVE_TO: _answer_move_to,
    Q.SEND_FROM: _answer_send_from,
    Q.BEADLE_TO: _answer_beadle,
    Q.HAND_CHECK: _answer_hand,
    Q.NEGOTIATE: _answer_negotiate,
    Q.FIRST: _answer_reward_offer,
    Q.SECOND: _answer_reward_offer,
    Q.KEEP: _answer_keep,
    Q.UNDER: _answer_under,
}


# =====================================================================================================================
# Steps
# =====================================================================================================================


def settle(st: GuildsPosition) -> None:
    """Run engine steps until a question is on top (or the game is over)."""
    pending = st.pending
    while pending:
        top = pending[-1]
        if top.kind in Q.QUESTIONS:
            return
        pending.pop()
        STEPS[top.kind](st, top)


def _setup_done(st: GuildsPosition, top: Decision) -> None:
    st.rng.shuffle(st.reward_deck)  # GL-31
    st.reward_known = [-1] * len(st.reward_deck)
    st.pending.append(D(Q.NEXT_TURN, -1))


def _next_turn(st: GuildsPosition, top: Decision) -> None:
    """GL-53, GL-54: the highest-ranked player who has not had a turn this round."""
    for seat in st.order():
        if not st.taken >> seat & 1:
            st.taken |= 1 << seat
            st.active = seat
            st.played = 0
            st.pending.append(D(Q.TURN, seat))
            return
    st.active = -1
    st.pending.append(D(Q.GROWTH_CHECK, -1))
    if st.round in st.track.scoring:  # GL-69
        st.pending.append(Decision(Q.SCORE_FROM, -1, (0, *st.reading_order())))


def _end_turn(st: GuildsPosition, top: Decision) -> None:
    """GL-58, GL-D25: end-of-turn effects in card order, before the discard and the draw."""
    st.pending.append(D(Q.FINISH_TURN, top.seat, top.context[0]))
    if top.context[0]:
        return
    for card, index in reversed(st.end_effects):
        triggered = CARDS[card].effect[index]
        if triggered.condition is None or st.condition_holds(top.seat, triggered.condition):
            for effect in reversed(triggered.effects):
                st.pending.append(D(Q.FX, top.seat, effect, CARDS[card].symbols, WHY_CARD))


def _finish_turn(st: GuildsPosition, top: Decision) -> None:
    """GL-56, GL-58, GL-59, GL-65, GL-67: discard the cards in front, draw 4 or 2 (none in the last round), then the
    hand-limit check."""
    seat = top.seat
    st.discard.extend(st.in_front)
    st.in_front = []
    if not st.is_last_round():
        st.draw(seat, 4 if top.context[0] else 2)
    st.pending.append(D(Q.TURN_OVER, seat))
    if len(st.hands[seat]) > st.hand_limit(seat):
        st.pending.append(D(Q.HAND_CHECK, seat))


def _turn_over(st: GuildsPosition, top: Decision) -> None:
    """GL-64: lasting effects end with the turn."""
    st.lasting = []
    st.end_effects = []
    st.limit_bonus = 0
    st.played = 0
    st.pending.append(D(Q.NEXT_TURN, -1))


def _card_effect(st: GuildsPosition, top: Decision) -> None:
    """A card's TriggeredEffects in list order (DESIGN.md §8)."""
    seat = top.seat
    card, index = top.context
    data = CARDS[card]
    if index >= len(data.effect):
        return
    st.pending.append(D(Q.CARD_FX, seat, card, index + 1))
    triggered = data.effect[index]
    if triggered.trigger == "each_time":
        st.lasting.append((triggered.event, triggered.condition, triggered.effects, data.symbols))
    elif triggered.trigger == "end_of_turn":
        st.end_effects.append((card, index))
    elif triggered.condition is None or st.condition_holds(seat, triggered.condition):
        for effect in reversed(triggered.effects):
            st.pending.append(D(Q.FX, seat, effect, data.symbols, WHY_CARD))


def _effect(st: GuildsPosition, top: Decision) -> None:
    """The one effect engine: every primitive of spec §15.6 and DESIGN.md §8. A part that cannot resolve does nothing
    (GL-D24)."""
    seat = top.seat
    index, mask = top.context[0], top.context[1]
    effect = EFFECTS[index]
    kind = effect.kind
    if kind == "vp":
        st.gain(seat, effect.amount, WHY[top.context[2]] if len(top.context) > 2 else "effect")
    elif kind == "move":
        reach = mask if effect.symbol_restricted else ALL_SYMBOLS
        if st.can_move(seat, reach):
            st.pending.append(D(Q.MOVE_FROM, seat, reach, effect.count, int(effect.up_to)))
    elif kind == "recruit":
        st.recruit(seat, effect.count, effect.to_plantation)
    elif kind == "to_plantation":
        if st.send_sources(seat):
            st.pending.append(D(Q.SEND_FROM, seat, effect.count, int(effect.up_to)))
    elif kind == "draw_action":
        st.draw(seat, effect.count)
    elif kind == "reward_cards_choose":
        count = min(effect.count, len(st.reward_deck))
        if count == 0:
            st.gain(seat, effect.empty_deck_vp, "empty reward deck (GL-106)")
            return
        drawn = tuple(st.reward_deck[-count:][::-1])
        del st.reward_deck[-count:]
        del st.reward_known[-count:]
        st._events.append(public("reward_draw", seat=seat, count=count))
        st._events.append(private(seat, "reward_drawn", seat=seat, cards=[CONTENT.rewards[c].id for c in drawn]))
        st.pending.append(Decision(Q.KEEP, seat, drawn))
    elif kind == "hand_limit_bonus":
        st.limit_bonus += effect.amount
    elif kind == "move_beadle" and any(t != st.beadle for t in st.move_targets(ALL_SYMBOLS)):
        st.pending.append(D(Q.BEADLE_TO, seat))


# --- tile scoring ----------------------------------------------------------------------------------------------------


def _score_from(st: GuildsPosition, top: Decision) -> None:
    """GL-70 to GL-74: check each tile once, in the reading order fixed when the phase began."""
    index, order = top.context[0], top.context[1:]
    if index >= len(order):
        return
    st.pending.append(Decision(Q.SCORE_FROM, -1, (index + 1, *order)))
    tile = order[index]
    if st.back[tile] or st.cell_of[tile] < 0:  # GL-72
        return
    figures = sum(st.fig[tile * 4 : tile * 4 + st.num_players]) + (st.beadle == tile)
    if figures < TILES[tile].minimum:  # GL-73
        return
    st.scoring = tile
    st._events.append(public("scoring", tile=TILES[tile].id, figures=figures))
    st.pending.append(D(Q.VOTE, -1, tile))
    for seat in reversed(st.order()):  # GL-75: in current turn order
        st.pending.append(D(Q.OFFER, seat, tile))


def _can_negotiate(st: GuildsPosition, seat: int, location: int) -> bool:
    if st.neutrals[seat] <= 0:
        return False
    base = location * 4
    return any(st.fig[base + p] for p in range(st.num_players) if p != seat)


def _offer(st: GuildsPosition, top: Decision) -> None:
    if _can_negotiate(st, top.seat, top.context[0]):
        st.pending.append(D(Q.NEGOTIATE, top.seat, top.context[0]))


def _return_neutrals(st: GuildsPosition) -> None:
    """GL-81, GL-89: neutrals go back to their owners after every negotiation."""
    for p in range(st.num_players):
        st.neutrals[p] += st.neutral_out[p]
        st.neutral_out[p] = 0


def _vote(st: GuildsPosition, top: Decision) -> None:
    """GL-77 to GL-84: vote (with the adjacent-master tie-break), then rewards and the flip."""
    tile = top.context[0]
    counts = st.fig[tile * 4 : tile * 4 + st.num_players]
    _return_neutrals(st)
    winner = vote_winner(counts, lambda p: st.adjacent_masters(tile, p), st.order(), st.options["unresolved_vote"])
    if winner is None:  # GL-79, GL-80, GL-D13
        st.scoring = -1
        st.results.append({"round": st.round, "tile": TILES[tile].id, "counts": counts, "winner": None})
        st._events.append(public("not_scored", tile=TILES[tile].id, counts=counts))
        return
    second = second_place(counts, winner)
    st.results.append({"round": st.round, "tile": TILES[tile].id, "counts": counts, "winner": winner, "second": second})
    st._events.append(public("vote", tile=TILES[tile].id, counts=counts, winner=winner, second=second))
    st.pending.append(D(Q.FLIP, winner, tile))
    st.pending.append(D(Q.SECOND_PLACE, -1 if second is None else second, tile))
    if TILES[tile].first:
        st.pending.append(D(Q.FIRST, winner, tile, 0))


def _second_place(st: GuildsPosition, top: Decision) -> None:
    """GL-83, GL-84, GL-D14: printed VP + token VP, the token kept, then optional further effects."""
    tile = top.context[0]
    seat = top.seat
    token = st.token[tile]
    st.token[tile] = -1
    if seat < 0:
        if token >= 0:
            st.token_supply.append(token)
            st.rng.shuffle(st.token_supply)
        return
    data = TILES[tile]
    vp = data.second_vp
    if data.second_extra:
        st.pending.append(D(Q.SECOND, seat, tile, 0))
    if token >= 0:
        kind = CONTENT.tokens[token]
        vp += kind.vp
        st.kept[seat].append(token)
        st.kept[seat].sort()
        st._events.append(public("token", seat=seat, token=kind.id))
        if kind.use == "immediate" and kind.effect >= 0:
            st.pending.append(D(Q.FX, seat, kind.effect, kind.symbol or ALL_SYMBOLS, WHY_TOKEN))
    st.gain(seat, vp, f"second place on {data.id}")


def _flip(st: GuildsPosition, top: Decision) -> None:
    """GL-85, GL-86, GL-87, GL-D17: the master, everyone else to the Guildhall, the Beadle, all-scored check."""
    tile = top.context[0]
    winner = top.seat
    fig = st.fig
    base = tile * 4
    st.back[tile] = 1
    for p in range(st.num_players):
        fig[GH * 4 + p] += fig[base + p]
        fig[base + p] = 0
    if fig[GH * 4 + winner]:
        fig[GH * 4 + winner] -= 1
        fig[base + winner] = 1
    elif st.supply[winner]:
        st.supply[winner] -= 1
        fig[base + winner] = 1
    st._events.append(public("master", seat=winner, tile=TILES[tile].id, controlled=bool(fig[base + winner])))
    if st.beadle == tile:
        st.beadle = st.lowest_unscored()
    st.scoring = -1
    if st.all_scored():
        st.jumped = True


def _growth_check(st: GuildsPosition, top: Decision) -> None:
    """GL-47 phase 4, GL-87, GL-D8: a growth phase on grey rounds (after a jump to the next grey one)."""
    if st.jumped:
        st.jumped = False
        st.round = min(g for g in st.track.grey if g >= st.round)
        st._events.append(public("round_jump", round=st.round))
    st.pending.append(D(Q.NEW_ROUND, -1))
    if st.round in st.track.grey:
        st.pending.append(D(Q.BEADLE_MOVE, -1))
        st.pending.append(D(Q.ADD_TILES, -1))
        st.pending.append(D(Q.END_CHECK, -1))
        st.pending.append(D(Q.PLANT_VOTE, -1))
        for seat in reversed(st.order()):  # GL-89
            st.pending.append(D(Q.OFFER, seat, PL))


def _plantation_vote(st: GuildsPosition, top: Decision) -> None:
    """GL-90 to GL-93: left and right rewards; each recipient then returns liverymen to the supply."""
    counts = st.fig[PL * 4 : PL * 4 + st.num_players]
    _return_neutrals(st)
    left, right = plantation_places(counts)
    side = CONTENT.plantations[st.plantation]
    st._events.append(public("plantation", round=st.round, counts=counts, left=left, right=right))
    awards = [(p, side.first, side.first_return) for p in left] + [(p, side.second, side.second_return) for p in right]
    rank = {p: i for i, p in enumerate(st.order())}
    awards.sort(key=lambda award: rank[award[0]])
    for seat, effects, returns in reversed(awards):
        st.pending.append(D(Q.PLANT_RETURN, seat, returns))
        for effect in reversed(effects):
            st.pending.append(D(Q.FX, seat, effect, ALL_SYMBOLS, WHY_PLANTATION))


def _plantation_return(st: GuildsPosition, top: Decision) -> None:
    count = min(top.context[0], st.fig[PL * 4 + top.seat])
    st.fig[PL * 4 + top.seat] -= count
    st.supply[top.seat] += count


def _end_check(st: GuildsPosition, top: Decision) -> None:
    """GL-95: the end of the round track, or (2 players) every tile scored."""
    if st.round >= st.track.rounds or (st.num_players == 2 and st.all_scored()):
        st.final_scoring()


def _add_tiles(st: GuildsPosition, top: Decision) -> None:
    """GL-96, GL-D3, GL-D6: new tiles clockwise from the compass-rose cell, a face-up token on each."""
    plan = st.track.growth.get(st.round)
    if st.num_players == 2 or plan is None:
        return
    direction, count = plan
    count = min(count, len(st.pool))
    override = (CONTENT.layout.get("growth_slots") or {}).get(str(st.num_players), {}).get(str(st.round))
    if override:
        targets = [cell(x, y) for x, y in override][:count]
    else:
        compass = st.guildhall_cells[0 if st.options["compass_cell"] == "west" else -1]
        targets = growth_cells(st.cells, compass, rotate(direction, st.options["compass_rotation"]), count)
    for target in targets:
        tile = st.pool.pop()
        st.place(tile, target)
        if st.token_supply:
            st.token[tile] = st.token_supply.pop()
    st._events.append(public("growth", tiles=[TILES[t].id for t in st.in_play[-len(targets) :]] if targets else []))


def _beadle_growth(st: GuildsPosition, top: Decision) -> None:
    """GL-98, GL-D19."""
    st.beadle = st.lowest_unscored()


def _new_round(st: GuildsPosition, top: Decision) -> None:
    """GL-49."""
    st.round += 1
    st.taken = 0
    st._events.append(public("round", round=st.round))
    st.pending.append(D(Q.NEXT_TURN, -1))


STEPS: dict[str, Callable[[GuildsPosition, Decision], None]] = {
    Q.SETUP_DONE: _setup_done,
    Q.NEXT_TURN: _next_turn,
    Q.END_TURN: _end_turn,
    Q.FINISH_TURN: _finish_turn,
    Q.TURN_OVER: _turn_over,
    Q.CARD_FX: _card_effect,
    Q.FX: _effect,
    Q.SCORE_FROM: _score_from,
    Q.OFFER: _offer,
    Q.VOTE: _vote,
    Q.SECOND_PLACE: _second_place,
    Q.FLIP: _flip,
    Q.GROWTH_CHECK: _growth_check,
    Q.PLANT_VOTE: _plantation_vote,
    Q.PLANT_RETURN: _plantation_return,
    Q.END_CHECK: _end_check,
    Q.ADD_TILES: _add_tiles,
    Q.BEADLE_MOVE: _beadle_growth,
    Q.NEW_ROUND: _new_round,
}
