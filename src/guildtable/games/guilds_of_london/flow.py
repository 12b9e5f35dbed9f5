"""What an answer does: `answer` applies a seat's answer to the question on top of the stack, `settle` runs the
automatic steps until the next question. Turns (GL-55 to GL-68), tile scoring (GL-69 to GL-87), growth (GL-88 to
GL-98), the final scoring (GL-99 to GL-101) and the effect engine (GL-104 to GL-109, spec §15.6, DESIGN.md §8) are all
here as small handlers keyed by question kind, with the edits they share (VP, drawing, recruiting, lasting effects);
each tells what happened as events.

Never call these on a move that `legal_actions` did not offer: they trust the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT
from guildtable.games.guilds_of_london.geometry import cell, growth_cells, rotate
from guildtable.games.guilds_of_london.questions import (
    WHY,
    WHY_CARD,
    WHY_FIRST,
    WHY_PLANTATION,
    WHY_SECOND,
    WHY_TOKEN,
    AddTiles,
    ApplyEffect,
    BeadleGrowth,
    BeadleTo,
    CardEffect,
    EndCheck,
    EndTurn,
    FinishTurn,
    FirstReward,
    Flip,
    GrowthCheck,
    HandLimit,
    MoveFrom,
    MoveTo,
    Negotiate,
    NewRound,
    NextTurn,
    OfferNeutrals,
    Pay,
    PlantationReturn,
    PlantationVote,
    ReturnLiveryman,
    RewardKeep,
    RewardUnder,
    ScoreFrom,
    SecondPlace,
    SecondReward,
    SendFrom,
    SetupDone,
    SetupKeep,
    Turn,
    TurnOver,
    Vote,
)
from guildtable.games.guilds_of_london.scoring import (
    adjacent_pairs,
    plantation_places,
    reward_card_vp,
    scores,
    second_place,
    vote_winner,
    winners,
)
from guildtable.games.guilds_of_london.state import GuildsPosition, RewardCardScore
from guildtable.kernel.events import private, public
from guildtable.kernel.questions import Question

TILES = CONTENT.tiles
CARDS = CONTENT.cards
EFFECTS = CONTENT.effects
GH, PL = A.GUILDHALL, A.PLANTATION


# =====================================================================================================================
# The edits the rules share
# =====================================================================================================================


def gain(st: GuildsPosition, seat: int, amount: int, why: str) -> None:
    """GL-104: VP, with the marker put on top of its new space (GL-51, GL-54)."""
    if amount == 0:
        return
    st.vp[seat] += amount
    st.counter += 1
    st.marker_height[seat] = st.counter
    st._events.append(public("vp", seat=seat, amount=amount, total=st.vp[seat], why=why))


def draw(st: GuildsPosition, seat: int, count: int) -> None:
    """Draw action cards (GL-66, GL-D26): an empty deck is refilled from the shuffled discard pile."""
    drawn = []
    for _ in range(count):
        if not st.deck:
            if not st.discard:
                break
            st.deck = st.discard
            st.discard = []
            st.rng.shuffle(st.deck)
            st._events.append(public("reshuffle", cards=len(st.deck)))
        drawn.append(st.deck.pop())
    if drawn:
        st.hands[seat].extend(drawn)
        st.hands[seat].sort()
        st._events.append(public("draw", seat=seat, count=len(drawn)))
        st._events.append(private(seat, "drew", seat=seat, cards=[CARDS[c].number for c in drawn]))


def recruit(st: GuildsPosition, seat: int, count: int, to_plantation: bool) -> None:
    """GL-60, GL-107: liverymen from the general supply (as many as are left)."""
    count = min(count, st.supply[seat])
    if count <= 0:
        return
    where = PL if to_plantation else GH
    st.supply[seat] -= count
    st.fig[where * 4 + seat] += count
    st._events.append(public("recruit", seat=seat, count=count, to=A.location_name(where)))
    for _ in range(count):
        fire(st, seat, "recruit", -1)
        if to_plantation:
            fire(st, seat, "to_plantation", -1)


def fire(st: GuildsPosition, seat: int, event: str, tile: int) -> None:
    """Lasting "each time" effects of this turn (GL-64): push their effects for one figure."""
    if seat != st.active:
        return
    for kind, condition, effects, mask in st.lasting:
        if kind != event:
            continue
        if condition is not None and condition[0] == "destination_has_symbol":
            if tile < 0 or not TILES[tile].front & condition[1]:
                continue
        elif condition is not None and not st.condition_holds(seat, condition):
            continue
        for index in reversed(effects):
            st.stack.append(ApplyEffect(seat, index, mask, WHY_CARD))  # an action card's lasting effect


def final_scoring(st: GuildsPosition) -> None:
    """GL-99 to GL-101: clear unscored tiles, reveal reward cards in turn order, then master pairs; the game ends."""
    fig = st.fig
    for tile in st.in_play:
        if not st.back[tile]:
            for p in range(st.num_players):
                st.supply[p] += fig[tile * 4 + p]
                fig[tile * 4 + p] = 0
            if st.token[tile] >= 0:
                st.token_supply.append(st.token[tile])
                st.token[tile] = -1
    buildings = {st.cell_of[t] for t in st.in_play if TILES[t].kind == "building"}
    guildhall = set(st.guildhall_cells)
    cards: dict[int, list[RewardCardScore]] = {}
    pairs: dict[int, int] = {}
    for seat in st.order():
        mine = st.controlled(seat)
        cards[seat] = []
        for card in st.rewards[seat]:
            value = reward_card_vp(CONTENT.rewards[card], mine, st.cell_of, guildhall, buildings)
            cards[seat].append({"card": CONTENT.rewards[card].id, "vp": value})
            gain(st, seat, value, f"reward card {CONTENT.rewards[card].id}")
    for seat in st.order():
        pairs[seat] = adjacent_pairs({st.cell_of[t] for t in st.controlled(seat)})
        gain(st, seat, pairs[seat], "adjacent master pairs (GL-101)")
    st.final = {
        "reward_cards": [cards[p] for p in range(st.num_players)],
        "master_pairs": [pairs[p] for p in range(st.num_players)],
        "reward_card_counts": [len(r) for r in st.rewards],
    }
    st.stack.clear()
    st._events.append(public("game_end", scores=scores(st), winners=winners(st), reward_cards=st.final["reward_cards"]))


# =====================================================================================================================
# Answers
# =====================================================================================================================


def answer(st: GuildsPosition, action: int) -> None:
    question = st.stack[-1]
    ANSWERS[type(question)](st, question, action)


def _answer_setup_keep(st: GuildsPosition, question: SetupKeep, action: int) -> None:
    """GL-31, GL-D29: keep one of the three dealt reward cards; the others go back to be shuffled."""
    seat = question.seat
    keep = action - A.REWARD
    returned = [c for c in st.rewards[seat] if c != keep]
    st.rewards[seat] = [keep]
    st.reward_deck.extend(returned)
    st.reward_known.extend([-1] * len(returned))
    st.stack.pop()
    st._events.append(public("reward_kept", seat=seat, cards=1))
    st._events.append(private(seat, "you_kept", seat=seat, card=CONTENT.rewards[keep].id))


def _answer_turn(st: GuildsPosition, question: Turn, action: int) -> None:
    seat = question.seat
    if action == A.PASS:  # GL-56
        st.stack[-1] = EndTurn(seat, 1)
        st._events.append(public("pass", seat=seat))
        return
    if action == A.STOP:  # GL-58
        st.stack[-1] = EndTurn(seat, 0)
        st._events.append(public("stop", seat=seat, played=st.played))
        return
    if action >= A.TOKEN:  # DESIGN.md §7.1: spend a kept token between card plays
        kind = action - A.TOKEN
        token = CONTENT.tokens[kind]
        st.kept[seat].remove(kind)
        st.token_supply.append(kind)
        st.rng.shuffle(st.token_supply)
        st._events.append(public("spend_token", seat=seat, token=token.id))
        st.stack.append(ApplyEffect(seat, token.effect, token.symbol or ALL_SYMBOLS, WHY_TOKEN))
        return
    card, use = divmod(action - A.PLAY, 3)
    data = CARDS[card]
    st.hands[seat].remove(card)
    st.played += 1
    st._events.append(public("play", seat=seat, card=data.number, use=A.USES[use], name=data.name))
    if use == A.RECRUIT:  # GL-60
        st.discard.append(card)
        recruit(st, seat, 1, False)
    elif use == A.MOVE:  # GL-61
        st.discard.append(card)
        st.stack.append(MoveFrom(seat, data.symbols, 1, 0))
    else:  # GL-62, GL-63: the card lies in front; costs first (coins on top), then the effect
        st.in_front.append(card)
        st.stack.append(CardEffect(seat, card, 0))
        if data.return_count:
            st.stack.append(ReturnLiveryman(seat, data.return_count, data.return_from))
        if data.coins:
            st.stack.append(Pay(seat, data.coins))


def _answer_pay(st: GuildsPosition, question: Pay, action: int) -> None:
    card = action - A.DISCARD
    st.hands[question.seat].remove(card)
    st.discard.append(card)
    st._events.append(public("pay_coin", seat=question.seat, card=CARDS[card].number))
    remaining = question.remaining - 1
    if remaining:
        st.stack[-1] = Pay(question.seat, remaining)
    else:
        st.stack.pop()


def _answer_return(st: GuildsPosition, question: ReturnLiveryman, action: int) -> None:
    """GL-63, GL-D23: a returned liveryman goes to the general supply."""
    location = action - A.SOURCE
    st.fig[location * 4 + question.seat] -= 1
    st.supply[question.seat] += 1
    st._events.append(public("return", seat=question.seat, source=A.location_name(location)))
    remaining = question.remaining - 1
    if remaining:
        st.stack[-1] = ReturnLiveryman(question.seat, remaining, question.places)
    else:
        st.stack.pop()


def _answer_move_from(st: GuildsPosition, question: MoveFrom, action: int) -> None:
    if action == A.STOP:
        st.stack.pop()
        return
    st.stack[-1] = MoveTo(question.seat, question.symbols, question.remaining, question.up_to, action - A.SOURCE)


def _answer_move_to(st: GuildsPosition, question: MoveTo, action: int) -> None:
    """GL-61, GL-105: one figure to an unscored tile; a master that leaves makes its tile uncontrolled (GL-D18)."""
    seat = question.seat
    source = question.source
    target = action - A.DEST
    st.fig[source * 4 + seat] -= 1
    st.fig[target * 4 + seat] += 1
    st.stack.pop()
    st._events.append(public("move", seat=seat, source=A.location_name(source), to=TILES[target].id))
    if question.remaining > 1 and st.can_move(seat, question.symbols):
        st.stack.append(MoveFrom(seat, question.symbols, question.remaining - 1, question.up_to))
    fire(st, seat, "move", target)


def _answer_send_from(st: GuildsPosition, question: SendFrom, action: int) -> None:
    """GL-108: one figure (a master too) onto the plantation."""
    if action == A.STOP:
        st.stack.pop()
        return
    seat = question.seat
    source = action - A.SOURCE
    st.fig[source * 4 + seat] -= 1
    st.fig[PL * 4 + seat] += 1
    st.stack.pop()
    st._events.append(public("to_plantation", seat=seat, source=A.location_name(source)))
    if question.remaining > 1 and st.send_sources(seat):
        st.stack.append(SendFrom(seat, question.remaining - 1, question.up_to))
    fire(st, seat, "to_plantation", -1)


def _answer_beadle(st: GuildsPosition, question: BeadleTo, action: int) -> None:
    st.beadle = action - A.DEST
    st.stack.pop()
    st._events.append(public("beadle", seat=question.seat, to=TILES[st.beadle].id))


def _answer_hand(st: GuildsPosition, question: HandLimit, action: int) -> None:
    """GL-67: discard down to the limit, one card at a time."""
    seat = question.seat
    card = action - A.DISCARD
    st.hands[seat].remove(card)
    st.discard.append(card)
    st._events.append(public("hand_limit_discard", seat=seat, card=CARDS[card].number))
    if len(st.hands[seat]) <= st.hand_limit(seat):
        st.stack.pop()


def _answer_negotiate(st: GuildsPosition, question: Negotiate, action: int) -> None:
    """GL-75, GL-76, GL-D12: each neutral sends one opponent liveryman to the Guildhall."""
    seat = question.seat
    location = question.location
    if action == A.STOP:
        st.stack.pop()
        return
    victim = action - A.NEUTRAL
    st.fig[location * 4 + victim] -= 1
    st.fig[GH * 4 + victim] += 1
    st.neutrals[seat] -= 1
    st.neutral_out[seat] += 1
    st._events.append(public("neutral", seat=seat, displaced=victim, at=A.location_name(location)))
    if not _can_negotiate(st, seat, location):
        st.stack.pop()


def _answer_first_reward(st: GuildsPosition, question: FirstReward, action: int) -> None:
    """GL-82, GL-D16: take or skip each part of the first-place reward, left to right."""
    seat, tile, part = question.seat, question.tile, question.part
    effects = TILES[tile].first
    if part + 1 < len(effects):
        st.stack[-1] = FirstReward(seat, tile, part + 1)
    else:
        st.stack.pop()
    _take_or_skip(st, seat, tile, part, effects[part], action, WHY_FIRST, "first")


def _answer_second_reward(st: GuildsPosition, question: SecondReward, action: int) -> None:
    """GL-83: take or skip each further second-place effect, left to right."""
    seat, tile, part = question.seat, question.tile, question.part
    effects = TILES[tile].second_extra
    if part + 1 < len(effects):
        st.stack[-1] = SecondReward(seat, tile, part + 1)
    else:
        st.stack.pop()
    _take_or_skip(st, seat, tile, part, effects[part], action, WHY_SECOND, "second")


def _take_or_skip(
    st: GuildsPosition, seat: int, tile: int, part: int, effect: int, action: int, why: int, place: str
) -> None:
    if action == A.TAKE:
        st.stack.append(ApplyEffect(seat, effect, ALL_SYMBOLS, why))
    else:
        st._events.append(public("skip_reward", seat=seat, tile=TILES[tile].id, place=place, part=part))


def _answer_keep(st: GuildsPosition, question: RewardKeep, action: int) -> None:
    """GL-106: keep one drawn reward card; the rest go under the deck in the player's order (Q-G4)."""
    seat = question.seat
    card = action - A.REWARD
    st.rewards[seat].append(card)
    rest = tuple(c for c in question.cards if c != card)
    st._events.append(public("reward_kept", seat=seat, cards=len(st.rewards[seat])))
    st._events.append(private(seat, "you_kept", seat=seat, card=CONTENT.rewards[card].id))
    st.stack.pop()
    _under_or_ask(st, seat, rest)


def _answer_under(st: GuildsPosition, question: RewardUnder, action: int) -> None:
    card = action - A.REWARD
    st.reward_deck.insert(0, card)
    st.reward_known.insert(0, question.seat)
    st.stack.pop()
    _under_or_ask(st, question.seat, tuple(c for c in question.cards if c != card))


def _under_or_ask(st: GuildsPosition, seat: int, rest: tuple[int, ...]) -> None:
    if len(rest) == 1:
        st.reward_deck.insert(0, rest[0])
        st.reward_known.insert(0, seat)
    elif rest:
        st.stack.append(RewardUnder(seat, rest))
    if rest:
        st._events.append(public("reward_under", seat=seat, cards=len(rest)))


ANSWERS: dict[type[Question], Callable[[GuildsPosition, Any, int], None]] = {
    SetupKeep: _answer_setup_keep,
    Turn: _answer_turn,
    Pay: _answer_pay,
    ReturnLiveryman: _answer_return,
    MoveFrom: _answer_move_from,
    MoveTo: _answer_move_to,
    SendFrom: _answer_send_from,
    BeadleTo: _answer_beadle,
    HandLimit: _answer_hand,
    Negotiate: _answer_negotiate,
    FirstReward: _answer_first_reward,
    SecondReward: _answer_second_reward,
    RewardKeep: _answer_keep,
    RewardUnder: _answer_under,
}
"""What answering each question does."""


# =====================================================================================================================
# Steps
# =====================================================================================================================


def settle(st: GuildsPosition) -> None:
    """Run automatic steps until a question is on top (or the game is over)."""
    stack = st.stack
    while stack:
        question = stack[-1]
        if not question.automatic:
            return
        stack.pop()
        STEPS[type(question)](st, question)


def _setup_done(st: GuildsPosition, step: SetupDone) -> None:
    st.rng.shuffle(st.reward_deck)  # GL-31
    st.reward_known = [-1] * len(st.reward_deck)
    st.stack.append(NextTurn(-1))


def _next_turn(st: GuildsPosition, step: NextTurn) -> None:
    """GL-53, GL-54: the highest-ranked player who has not had a turn this round."""
    for seat in st.order():
        if not st.taken >> seat & 1:
            st.taken |= 1 << seat
            st.active = seat
            st.played = 0
            st.stack.append(Turn(seat))
            return
    st.active = -1
    st.stack.append(GrowthCheck(-1))
    if st.round in st.track.scoring:  # GL-69
        st.stack.append(ScoreFrom(-1, 0, tuple(st.reading_order())))


def _end_turn(st: GuildsPosition, step: EndTurn) -> None:
    """GL-58, GL-D25: end-of-turn effects in card order, before the discard and the draw."""
    seat = step.seat
    st.stack.append(FinishTurn(seat, step.passed))
    if step.passed:
        return
    for card, index in reversed(st.end_effects):
        triggered = CARDS[card].effect[index]
        if triggered.condition is None or st.condition_holds(seat, triggered.condition):
            for effect in reversed(triggered.effects):
                st.stack.append(ApplyEffect(seat, effect, CARDS[card].symbols, WHY_CARD))


def _finish_turn(st: GuildsPosition, step: FinishTurn) -> None:
    """GL-56, GL-58, GL-59, GL-65, GL-67: discard the cards in front, draw 4 or 2 (none in the last round), then the
    hand-limit check."""
    seat = step.seat
    st.discard.extend(st.in_front)
    st.in_front = []
    if not st.is_last_round():
        draw(st, seat, 4 if step.passed else 2)
    st.stack.append(TurnOver(seat))
    if len(st.hands[seat]) > st.hand_limit(seat):
        st.stack.append(HandLimit(seat))


def _turn_over(st: GuildsPosition, step: TurnOver) -> None:
    """GL-64: lasting effects end with the turn."""
    st.lasting = []
    st.end_effects = []
    st.limit_bonus = 0
    st.played = 0
    st.stack.append(NextTurn(-1))


def _card_effect(st: GuildsPosition, step: CardEffect) -> None:
    """A card's TriggeredEffects in list order (DESIGN.md §8)."""
    seat, card, index = step.seat, step.card, step.trigger
    data = CARDS[card]
    if index >= len(data.effect):
        return
    st.stack.append(CardEffect(seat, card, index + 1))
    triggered = data.effect[index]
    if triggered.trigger == "each_time":
        st.lasting.append((triggered.event, triggered.condition, triggered.effects, data.symbols))
    elif triggered.trigger == "end_of_turn":
        st.end_effects.append((card, index))
    elif triggered.condition is None or st.condition_holds(seat, triggered.condition):
        for effect in reversed(triggered.effects):
            st.stack.append(ApplyEffect(seat, effect, data.symbols, WHY_CARD))


def _effect(st: GuildsPosition, step: ApplyEffect) -> None:
    """The one effect engine: every primitive of spec §15.6 and DESIGN.md §8. A part that cannot resolve does nothing
    (GL-D24)."""
    seat = step.seat
    effect = EFFECTS[step.effect]
    kind = effect.kind
    if kind == "vp":
        gain(st, seat, effect.amount, WHY[step.why] if step.why is not None else "effect")
    elif kind == "move":
        reach = step.symbols if effect.symbol_restricted else ALL_SYMBOLS
        if st.can_move(seat, reach):
            st.stack.append(MoveFrom(seat, reach, effect.count, int(effect.up_to)))
    elif kind == "recruit":
        recruit(st, seat, effect.count, effect.to_plantation)
    elif kind == "to_plantation":
        if st.send_sources(seat):
            st.stack.append(SendFrom(seat, effect.count, int(effect.up_to)))
    elif kind == "draw_action":
        draw(st, seat, effect.count)
    elif kind == "reward_cards_choose":
        count = min(effect.count, len(st.reward_deck))
        if count == 0:
            gain(st, seat, effect.empty_deck_vp, "empty reward deck (GL-106)")
            return
        drawn = tuple(st.reward_deck[-count:][::-1])
        del st.reward_deck[-count:]
        del st.reward_known[-count:]
        st._events.append(public("reward_draw", seat=seat, count=count))
        st._events.append(private(seat, "reward_drawn", seat=seat, cards=[CONTENT.rewards[c].id for c in drawn]))
        st.stack.append(RewardKeep(seat, drawn))
    elif kind == "hand_limit_bonus":
        st.limit_bonus += effect.amount
    elif kind == "move_beadle" and any(t != st.beadle for t in st.move_targets(ALL_SYMBOLS)):
        st.stack.append(BeadleTo(seat))


# --- tile scoring ----------------------------------------------------------------------------------------------------


def _score_from(st: GuildsPosition, step: ScoreFrom) -> None:
    """GL-70 to GL-74: check each tile once, in the reading order fixed when the phase began."""
    index, order = step.index, step.order
    if index >= len(order):
        return
    st.stack.append(ScoreFrom(-1, index + 1, order))
    tile = order[index]
    if st.back[tile] or st.cell_of[tile] < 0:  # GL-72
        return
    figures = sum(st.fig[tile * 4 : tile * 4 + st.num_players]) + (st.beadle == tile)
    if figures < TILES[tile].minimum:  # GL-73
        return
    st.scoring = tile
    st._events.append(public("scoring", tile=TILES[tile].id, figures=figures))
    st.stack.append(Vote(-1, tile))
    for seat in reversed(st.order()):  # GL-75: in current turn order
        st.stack.append(OfferNeutrals(seat, tile))


def _can_negotiate(st: GuildsPosition, seat: int, location: int) -> bool:
    if st.neutrals[seat] <= 0:
        return False
    base = location * 4
    return any(st.fig[base + p] for p in range(st.num_players) if p != seat)


def _offer(st: GuildsPosition, step: OfferNeutrals) -> None:
    if _can_negotiate(st, step.seat, step.location):
        st.stack.append(Negotiate(step.seat, step.location))


def _return_neutrals(st: GuildsPosition) -> None:
    """GL-81, GL-89: neutrals go back to their owners after every negotiation."""
    for p in range(st.num_players):
        st.neutrals[p] += st.neutral_out[p]
        st.neutral_out[p] = 0


def _vote(st: GuildsPosition, step: Vote) -> None:
    """GL-77 to GL-84: vote (with the adjacent-master tie-break), then rewards and the flip."""
    tile = step.tile
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
    st.stack.append(Flip(winner, tile))
    st.stack.append(SecondPlace(-1 if second is None else second, tile))
    if TILES[tile].first:
        st.stack.append(FirstReward(winner, tile, 0))


def _second_place(st: GuildsPosition, step: SecondPlace) -> None:
    """GL-83, GL-84, GL-D14: printed VP + token VP, the token kept, then optional further effects."""
    tile = step.tile
    seat = step.seat
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
        st.stack.append(SecondReward(seat, tile, 0))
    if token >= 0:
        kind = CONTENT.tokens[token]
        vp += kind.vp
        st.kept[seat].append(token)
        st.kept[seat].sort()
        st._events.append(public("token", seat=seat, token=kind.id))
        if kind.use == "immediate" and kind.effect >= 0:
            st.stack.append(ApplyEffect(seat, kind.effect, kind.symbol or ALL_SYMBOLS, WHY_TOKEN))
    gain(st, seat, vp, f"second place on {data.id}")


def _flip(st: GuildsPosition, step: Flip) -> None:
    """GL-85, GL-86, GL-87, GL-D17: the master, everyone else to the Guildhall, the Beadle, all-scored check."""
    tile = step.tile
    winner = step.seat
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


def _growth_check(st: GuildsPosition, step: GrowthCheck) -> None:
    """GL-47 phase 4, GL-87, GL-D8: a growth phase on grey rounds (after a jump to the next grey one)."""
    if st.jumped:
        st.jumped = False
        st.round = min(g for g in st.track.grey if g >= st.round)
        st._events.append(public("round_jump", round=st.round))
    st.stack.append(NewRound(-1))
    if st.round in st.track.grey:
        st.stack.append(BeadleGrowth(-1))
        st.stack.append(AddTiles(-1))
        st.stack.append(EndCheck(-1))
        st.stack.append(PlantationVote(-1))
        for seat in reversed(st.order()):  # GL-89
            st.stack.append(OfferNeutrals(seat, PL))


def _plantation_vote(st: GuildsPosition, step: PlantationVote) -> None:
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
        st.stack.append(PlantationReturn(seat, returns))
        for effect in reversed(effects):
            st.stack.append(ApplyEffect(seat, effect, ALL_SYMBOLS, WHY_PLANTATION))


def _plantation_return(st: GuildsPosition, step: PlantationReturn) -> None:
    seat = step.seat
    count = min(step.count, st.fig[PL * 4 + seat])
    st.fig[PL * 4 + seat] -= count
    st.supply[seat] += count


def _end_check(st: GuildsPosition, step: EndCheck) -> None:
    """GL-95: the end of the round track, or (2 players) every tile scored."""
    if st.round >= st.track.rounds or (st.num_players == 2 and st.all_scored()):
        final_scoring(st)


def _add_tiles(st: GuildsPosition, step: AddTiles) -> None:
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


def _beadle_growth(st: GuildsPosition, step: BeadleGrowth) -> None:
    """GL-98, GL-D19."""
    st.beadle = st.lowest_unscored()


def _new_round(st: GuildsPosition, step: NewRound) -> None:
    """GL-49."""
    st.round += 1
    st.taken = 0
    st._events.append(public("round", round=st.round))
    st.stack.append(NextTurn(-1))


STEPS: dict[type[Question], Callable[[GuildsPosition, Any], None]] = {
    SetupDone: _setup_done,
    NextTurn: _next_turn,
    EndTurn: _end_turn,
    FinishTurn: _finish_turn,
    TurnOver: _turn_over,
    CardEffect: _card_effect,
    ApplyEffect: _effect,
    ScoreFrom: _score_from,
    OfferNeutrals: _offer,
    Vote: _vote,
    SecondPlace: _second_place,
    Flip: _flip,
    GrowthCheck: _growth_check,
    PlantationVote: _plantation_vote,
    PlantationReturn: _plantation_return,
    EndCheck: _end_check,
    AddTiles: _add_tiles,
    BeadleGrowth: _beadle_growth,
    NewRound: _new_round,
}
"""What running each automatic step does."""
