"""What an answer does and what the engine's steps do: one function per question kind, each the `answer` of that
kind's `Handler` or the `run` of its `Step` in `rules.HANDLERS` (the kernel's `StackState` pops the question, calls
the function and then runs the automatic steps until a seat has a question). Turns (GL-55 to GL-68), tile scoring
(GL-69 to GL-87), growth (GL-88 to GL-98), the final scoring (GL-99 to GL-101) and the effect engine (GL-104 to GL-109,
spec §15.6, DESIGN.md §8) are all here, with the edits they share (VP, drawing, recruiting, lasting effects); each
appends what happened to the events list it is given.

Never call these on a move that the question's legal answers did not offer: they trust the answer.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Final, TypeVar, cast

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT
from guildtable.games.guilds_of_london.geometry import cell, growth_cells, rotate
from guildtable.games.guilds_of_london.questions import (
    END_TURN_BY_SEAT,
    GROWTH_CHECK,
    HAND_LIMIT_BY_SEAT,
    NEW_ROUND,
    NEXT_TURN,
    TURN_BY_SEAT,
    TURN_OVER_BY_SEAT,
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
from guildtable.games.guilds_of_london.records import RewardCardScore, TileResult
from guildtable.games.guilds_of_london.scoring import (
    master_pairs,
    plantation_places,
    reward_card_vp,
    scores,
    vote_winner,
    winners,
)
from guildtable.games.guilds_of_london.scoring import second_place as runner_up
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.kernel.events import Event, private, public
from guildtable.kernel.questions import Question

TILES: Final = CONTENT.tiles
CARDS: Final = CONTENT.cards
EFFECTS: Final = CONTENT.effects
TOKENS: Final = CONTENT.tokens
GH: Final = A.GUILDHALL
PL: Final = A.PLANTATION
Q = TypeVar("Q", bound=Question)
T = TypeVar("T")


def _owners() -> dict[int, tuple[str, str]]:
    """Each effect's one owner as (kind, what) of `state.VpSource`: the content gives every action card, tile reward,
    plantation reward and token effects of their own, so the effect an `ApplyEffect` resolves says what paid for it."""
    owners: dict[int, tuple[str, str]] = {}

    def own(effects: tuple[int, ...], kind: str, what: str) -> None:
        for effect in effects:
            if effect in owners:
                raise ValueError(f"effect {effect} has two owners: {owners[effect]} and {(kind, what)}")
            owners[effect] = (kind, what)

    for card in CARDS:
        for triggered in card.effect:
            own(triggered.effects, "card", str(card.number))
    for tile in TILES:
        own(tile.first, "first", tile.id)
        own(tile.second_extra, "second", tile.id)
    for side in CONTENT.plantations:
        own(side.first, "plantation", "left")
        own(side.second, "plantation", "right")
    for token in CONTENT.tokens:
        if token.effect >= 0:
            own((token.effect,), "token", token.id)
    return owners


OWNERS = _owners()


def _paid_by(st: GuildsPosition, effect: int) -> tuple[str, str]:
    """What paid for `effect` (`state.VpSource`'s kind and what); a plantation reward names its round."""
    kind, what = OWNERS.get(effect, ("effect", str(effect)))
    return (kind, f"{st.round} {what}") if kind == "plantation" else (kind, what)


# =====================================================================================================================
# The edits the rules share
# =====================================================================================================================


def gain(
    st: GuildsPosition, seat: int, amount: int, why: str, events: list[Event], *parts: tuple[int, str, str]
) -> None:
    """GL-104: VP, with the marker put on top of its new space (GL-51, GL-54). `parts` say where the points came
    from, (VP, kind, what) adding up to `amount`: the score sheet's lines (`state.VpSource`)."""
    if amount == 0:
        return
    st.vp = _with(st.vp, seat, st.vp[seat] + amount)
    st.counter += 1
    st.marker_height = _with(st.marker_height, seat, st.counter)
    st.ledger = (*st.ledger, *((seat, vp, kind, what) for vp, kind, what in parts if vp))
    events.append(public("vp", seat=seat, amount=amount, total=st.vp[seat], why=why))


def draw(st: GuildsPosition, seat: int, count: int, events: list[Event]) -> None:
    """Draw action cards (GL-66, GL-D26): an empty deck is refilled from the shuffled discard pile."""
    drawn = []
    deck = st.deck.copy()  # replaced, not changed (see state.py)
    for _ in range(count):
        if not deck:
            if not st.discard:
                break
            deck = st.discard.copy()
            st.discard = []
            st.rng.shuffle(deck)
            events.append(public("reshuffle", cards=len(deck)))
        drawn.append(deck.pop())
    st.deck = deck
    if drawn:
        st.hands[seat] = sorted(st.hands[seat] + drawn)
        events.append(public("draw", seat=seat, count=len(drawn)))
        events.append(private(seat, "drew", seat=seat, cards=[CARDS[c].number for c in drawn]))


def recruit(st: GuildsPosition, seat: int, count: int, to_plantation: bool, events: list[Event]) -> None:
    """GL-60, GL-107: liverymen from the general supply (as many as are left)."""
    count = min(count, st.supply[seat])
    if count <= 0:
        return
    where = PL if to_plantation else GH
    st.supply[seat] -= count
    st.fig[where * 4 + seat] += count
    events.append(public("recruit", seat=seat, count=count, to=A.location_name(where)))
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
            st.stack.append(made(ApplyEffect, (seat, index, mask, WHY_CARD)))  # an action card's lasting effect


def final_scoring(st: GuildsPosition, events: list[Event]) -> None:
    """GL-99 to GL-101: clear unscored tiles, reveal reward cards in turn order, then master pairs; the game ends."""
    fig = st.fig
    for tile in st.in_play:
        if not st.back[tile]:
            for p in range(st.num_players):
                st.supply[p] += fig[tile * 4 + p]
                fig[tile * 4 + p] = 0
            if st.token[tile] >= 0:
                st.token_supply = [*st.token_supply, st.token[tile]]
                st.token = _with(st.token, tile, -1)
    buildings = {st.cell_of[t] for t in st.in_play if TILES[t].kind == "building"}
    guildhall = set(st.guildhall_cells)
    cards: dict[int, list[RewardCardScore]] = {}
    pairs: dict[int, int] = {}
    for seat in st.order():
        mine = st.controlled(seat)
        cards[seat] = []
        for card in st.rewards[seat]:
            value = reward_card_vp(CONTENT.rewards[card], mine, st.cell_of, guildhall, buildings)
            card_id = CONTENT.rewards[card].id
            cards[seat].append({"card": card_id, "vp": value})
            gain(st, seat, value, f"reward card {card_id}", events, (value, "reward_card", card_id))
    for seat in st.order():
        side_by_side = master_pairs(st.controlled(seat), st.cell_of)
        pairs[seat] = len(side_by_side)
        pair_parts = [(1, "pairs", f"{TILES[a].id} {TILES[b].id}") for a, b in side_by_side]
        gain(st, seat, pairs[seat], "adjacent master pairs (GL-101)", events, *pair_parts)
    st.final = {
        "reward_cards": [cards[p] for p in range(st.num_players)],
        "master_pairs": [pairs[p] for p in range(st.num_players)],
        "reward_card_counts": [len(r) for r in st.rewards],
    }
    st.stack.clear()
    events.append(public("game_end", scores=scores(st), winners=winners(st), reward_cards=st.final["reward_cards"]))


_MADE: dict[type[Question], dict[tuple[int, ...], Question]] = {}
"""Per kind, the questions `made` has made, by their fields."""


def made(kind: type[Q], fields: tuple[int, ...]) -> Q:
    """The question `kind(*fields)` (the seat first), made once and then shared: questions are immutable, and a frozen
    dataclass costs thousands of instructions to make, a look-up here a few hundred."""
    of_kind = _MADE.get(kind)
    if of_kind is None:
        of_kind = _MADE[kind] = {}
    question = of_kind.get(fields)
    if question is None:
        question = of_kind[fields] = kind(*fields)
    return cast(Q, question)


def _without(items: list[int], item: int) -> list[int]:
    """A new list of `items` with the first `item` taken out (a position's lists that copies share are replaced, never
    changed: see state.py)."""
    kept = items.copy()
    kept.remove(item)
    return kept


def _with(items: list[T], index: int, value: T) -> list[T]:
    """A new list of `items` with `value` at `index` (as `_without`)."""
    changed = items.copy()
    changed[index] = value
    return changed


# =====================================================================================================================
# Answers: one function per question a seat answers (the `answer` of its handler in rules.py). The question is off
# the stack already; a question that is asked again (a turn after a card play, a payment with coins left) is pushed
# back.
# =====================================================================================================================


def setup_keep(st: GuildsPosition, question: SetupKeep, action: int, events: list[Event]) -> None:
    """GL-31, GL-D29: keep one of the three dealt reward cards; the others go back to be shuffled."""
    seat = question.seat
    keep = action - A.REWARD
    returned = [c for c in st.rewards[seat] if c != keep]
    st.rewards = _with(st.rewards, seat, [keep])
    st.reward_deck = st.reward_deck + returned
    st.reward_known = st.reward_known + [-1] * len(returned)
    events.append(public("reward_kept", seat=seat, cards=1))
    events.append(private(seat, "you_kept", seat=seat, card=CONTENT.rewards[keep].id))


def turn(st: GuildsPosition, question: Turn, action: int, events: list[Event]) -> None:
    """GL-56 to GL-63, DESIGN.md §7.1: pass or stop (the turn ends), or spend a kept token or play a card (the turn
    goes on under what the play asks)."""
    seat = question.seat
    if action == A.PASS:  # GL-56
        st.stack.append(END_TURN_BY_SEAT[seat][1])
        events.append(public("pass", seat=seat))
        return
    if action == A.STOP:  # GL-58
        st.stack.append(END_TURN_BY_SEAT[seat][0])
        events.append(public("stop", seat=seat, played=st.played))
        return
    st.stack.append(question)  # the turn goes on once the card or token is done
    if action >= A.TOKEN:  # DESIGN.md §7.1: spend a kept token between card plays
        kind = action - A.TOKEN
        token = CONTENT.tokens[kind]
        st.kept = _with(st.kept, seat, _without(st.kept[seat], kind))
        st.token_supply = [*st.token_supply, kind]
        st.rng.shuffle(st.token_supply)
        events.append(public("spend_token", seat=seat, token=token.id))
        st.stack.append(made(ApplyEffect, (seat, token.effect, token.symbol or ALL_SYMBOLS, WHY_TOKEN)))
        return
    card = (action - A.PLAY) // 3
    use = (action - A.PLAY) % 3
    data = CARDS[card]
    st.hands[seat] = _without(st.hands[seat], card)
    st.played += 1
    events.append(public("play", seat=seat, card=data.number, use=A.USES[use], name=data.name))
    if use == A.RECRUIT:  # GL-60
        st.discard = [*st.discard, card]
        recruit(st, seat, 1, False, events)
    elif use == A.MOVE:  # GL-61
        st.discard = [*st.discard, card]
        st.stack.append(made(MoveFrom, (seat, data.symbols, 1, 0)))
    else:  # GL-62, GL-63: the card lies in front; costs first (coins on top), then the effect
        st.in_front = [*st.in_front, card]
        st.stack.append(made(CardEffect, (seat, card, 0)))
        if data.return_count:
            st.stack.append(made(ReturnLiveryman, (seat, data.return_count, data.return_from)))
        if data.coins:
            st.stack.append(made(Pay, (seat, data.coins)))


def pay(st: GuildsPosition, question: Pay, action: int, events: list[Event]) -> None:
    """GL-63: a coin is another action card discarded; asked again while coins are left."""
    card = action - A.DISCARD
    st.hands[question.seat] = _without(st.hands[question.seat], card)
    st.discard = [*st.discard, card]
    events.append(public("pay_coin", seat=question.seat, card=CARDS[card].number))
    remaining = question.remaining - 1
    if remaining:
        st.stack.append(made(Pay, (question.seat, remaining)))


def return_liveryman(st: GuildsPosition, question: ReturnLiveryman, action: int, events: list[Event]) -> None:
    """GL-63, GL-D23: a returned liveryman goes to the general supply; asked again while some are left to return."""
    location = action - A.SOURCE
    st.fig[location * 4 + question.seat] -= 1
    st.supply[question.seat] += 1
    events.append(public("return", seat=question.seat, source=A.location_name(location)))
    remaining = question.remaining - 1
    if remaining:
        st.stack.append(made(ReturnLiveryman, (question.seat, remaining, question.places)))


def move_from(st: GuildsPosition, question: MoveFrom, action: int, events: list[Event]) -> None:
    """GL-61, GL-105: the figure to move (then where it goes), or stop moving."""
    if action == A.STOP:
        return
    st.stack.append(
        made(MoveTo, (question.seat, question.symbols, question.remaining, question.up_to, action - A.SOURCE))
    )


def move_to(st: GuildsPosition, question: MoveTo, action: int, events: list[Event]) -> None:
    """GL-61, GL-105: one figure to an unscored tile; a master that leaves makes its tile uncontrolled (GL-D18)."""
    seat = question.seat
    source = question.source
    target = action - A.DEST
    st.fig[source * 4 + seat] -= 1
    st.fig[target * 4 + seat] += 1
    events.append(public("move", seat=seat, source=A.location_name(source), to=TILES[target].id))
    if question.remaining > 1 and st.can_move(seat, question.symbols):
        st.stack.append(made(MoveFrom, (seat, question.symbols, question.remaining - 1, question.up_to)))
    fire(st, seat, "move", target)


def send_from(st: GuildsPosition, question: SendFrom, action: int, events: list[Event]) -> None:
    """GL-108: one figure (a master too) onto the plantation, or stop sending."""
    if action == A.STOP:
        return
    seat = question.seat
    source = action - A.SOURCE
    st.fig[source * 4 + seat] -= 1
    st.fig[PL * 4 + seat] += 1
    events.append(public("to_plantation", seat=seat, source=A.location_name(source)))
    if question.remaining > 1 and st.send_sources(seat):
        st.stack.append(made(SendFrom, (seat, question.remaining - 1, question.up_to)))
    fire(st, seat, "to_plantation", -1)


def beadle_to(st: GuildsPosition, question: BeadleTo, action: int, events: list[Event]) -> None:
    """GL-D19: the Beadle moves to the chosen unscored tile."""
    st.beadle = action - A.DEST
    events.append(public("beadle", seat=question.seat, to=TILES[st.beadle].id))


def hand_limit(st: GuildsPosition, question: HandLimit, action: int, events: list[Event]) -> None:
    """GL-67: discard down to the limit, one card at a time (asked again while the hand is over it)."""
    seat = question.seat
    card = action - A.DISCARD
    st.hands[seat] = _without(st.hands[seat], card)
    st.discard = [*st.discard, card]
    events.append(public("hand_limit_discard", seat=seat, card=CARDS[card].number))
    if len(st.hands[seat]) > st.hand_limit(seat):
        st.stack.append(question)


def negotiate(st: GuildsPosition, question: Negotiate, action: int, events: list[Event]) -> None:
    """GL-75, GL-76, GL-D12: each neutral sends one opponent liveryman to the Guildhall; asked again while the seat
    can place another, until it stops."""
    if action == A.STOP:
        return
    seat = question.seat
    location = question.location
    victim = action - A.NEUTRAL
    st.fig[location * 4 + victim] -= 1
    st.fig[GH * 4 + victim] += 1
    st.neutrals = _with(st.neutrals, seat, st.neutrals[seat] - 1)
    st.neutral_out = _with(st.neutral_out, seat, st.neutral_out[seat] + 1)
    events.append(public("neutral", seat=seat, displaced=victim, at=A.location_name(location)))
    if _can_negotiate(st, seat, location):
        st.stack.append(question)


def first_reward(st: GuildsPosition, question: FirstReward, action: int, events: list[Event]) -> None:
    """GL-82, GL-D16: take or skip each part of the first-place reward, left to right."""
    seat, tile, part = question.seat, question.tile, question.part
    effects = TILES[tile].first
    if part + 1 < len(effects):
        st.stack.append(made(FirstReward, (seat, tile, part + 1)))
    _take_or_skip(st, seat, tile, part, effects[part], action, WHY_FIRST, "first", events)


def second_reward(st: GuildsPosition, question: SecondReward, action: int, events: list[Event]) -> None:
    """GL-83: take or skip each further second-place effect, left to right."""
    seat, tile, part = question.seat, question.tile, question.part
    effects = TILES[tile].second_extra
    if part + 1 < len(effects):
        st.stack.append(made(SecondReward, (seat, tile, part + 1)))
    _take_or_skip(st, seat, tile, part, effects[part], action, WHY_SECOND, "second", events)


def _take_or_skip(
    st: GuildsPosition,
    seat: int,
    tile: int,
    part: int,
    effect: int,
    action: int,
    why: int,
    place: str,
    events: list[Event],
) -> None:
    if action == A.TAKE:
        st.stack.append(made(ApplyEffect, (seat, effect, ALL_SYMBOLS, why)))
    else:
        events.append(public("skip_reward", seat=seat, tile=TILES[tile].id, place=place, part=part))


def reward_keep(st: GuildsPosition, question: RewardKeep, action: int, events: list[Event]) -> None:
    """GL-106: keep one drawn reward card; the rest go under the deck in the player's order (Q-G4)."""
    seat = question.seat
    card = action - A.REWARD
    st.rewards = _with(st.rewards, seat, [*st.rewards[seat], card])
    rest = tuple(c for c in question.cards if c != card)
    events.append(public("reward_kept", seat=seat, cards=len(st.rewards[seat])))
    events.append(private(seat, "you_kept", seat=seat, card=CONTENT.rewards[card].id))
    _under_or_ask(st, seat, rest, events)


def reward_under(st: GuildsPosition, question: RewardUnder, action: int, events: list[Event]) -> None:
    """GL-106 (Q-G4): the chosen drawn card goes under the reward deck; the last one follows by itself."""
    card = action - A.REWARD
    st.reward_deck = [card, *st.reward_deck]
    st.reward_known = [question.seat, *st.reward_known]
    _under_or_ask(st, question.seat, tuple(c for c in question.cards if c != card), events)


def _under_or_ask(st: GuildsPosition, seat: int, rest: tuple[int, ...], events: list[Event]) -> None:
    if len(rest) == 1:
        st.reward_deck = [rest[0], *st.reward_deck]
        st.reward_known = [seat, *st.reward_known]
    elif rest:
        st.stack.append(RewardUnder(seat, rest))
    if rest:
        events.append(public("reward_under", seat=seat, cards=len(rest)))


# =====================================================================================================================
# Steps: one function per automatic kind (the step `HANDLERS` runs in rules.py). The step is off the stack already.
# =====================================================================================================================


def setup_done(st: GuildsPosition, step: SetupDone, events: list[Event]) -> None:
    """GL-31: once every seat has kept a reward card, the returned ones are shuffled into the deck; the first turn."""
    st.reward_deck = st.reward_deck.copy()
    st.rng.shuffle(st.reward_deck)  # GL-31
    st.reward_known = [-1] * len(st.reward_deck)
    st.stack.append(NEXT_TURN)


def next_turn(st: GuildsPosition, step: NextTurn, events: list[Event]) -> None:
    """GL-53, GL-54: the highest-ranked player who has not had a turn this round."""
    for seat in st.order():
        if not st.taken >> seat & 1:
            st.taken |= 1 << seat
            st.active = seat
            st.played = 0
            st.stack.append(TURN_BY_SEAT[seat])
            return
    st.active = -1
    st.stack.append(GROWTH_CHECK)
    if st.round in st.track.scoring:  # GL-69
        st.stack.append(ScoreFrom(-1, 0, tuple(st.reading_order())))


def end_turn(st: GuildsPosition, step: EndTurn, events: list[Event]) -> None:
    """GL-58, GL-D25: end-of-turn effects in card order, before the discard and the draw."""
    seat = step.seat
    st.stack.append(made(FinishTurn, (seat, step.passed)))
    if step.passed:
        return
    for card, index in reversed(st.end_effects):
        triggered = CARDS[card].effect[index]
        if triggered.condition is None or st.condition_holds(seat, triggered.condition):
            for effect in reversed(triggered.effects):
                st.stack.append(made(ApplyEffect, (seat, effect, CARDS[card].symbols, WHY_CARD)))


def finish_turn(st: GuildsPosition, step: FinishTurn, events: list[Event]) -> None:
    """GL-56, GL-58, GL-59, GL-65, GL-67: discard the cards in front, draw 4 or 2 (none in the last round), then the
    hand-limit check."""
    seat = step.seat
    if st.in_front:
        st.discard = st.discard + st.in_front
        st.in_front = []
    if not st.is_last_round():
        draw(st, seat, 4 if step.passed else 2, events)
    st.stack.append(TURN_OVER_BY_SEAT[seat])
    if len(st.hands[seat]) > st.hand_limit(seat):
        st.stack.append(HAND_LIMIT_BY_SEAT[seat])


def turn_over(st: GuildsPosition, step: TurnOver, events: list[Event]) -> None:
    """GL-64: lasting effects end with the turn."""
    st.lasting = []
    st.end_effects = []
    st.limit_bonus = 0
    st.played = 0
    st.stack.append(NEXT_TURN)


def card_effect(st: GuildsPosition, step: CardEffect, events: list[Event]) -> None:
    """A card's TriggeredEffects in list order (DESIGN.md §8)."""
    seat, card, index = step.seat, step.card, step.trigger
    data = CARDS[card]
    if index >= len(data.effect):
        return
    st.stack.append(made(CardEffect, (seat, card, index + 1)))
    triggered = data.effect[index]
    if triggered.trigger == "each_time":
        st.lasting = [*st.lasting, (triggered.event, triggered.condition, triggered.effects, data.symbols)]
    elif triggered.trigger == "end_of_turn":
        st.end_effects = [*st.end_effects, (card, index)]
    elif triggered.condition is None or st.condition_holds(seat, triggered.condition):
        for effect in reversed(triggered.effects):
            st.stack.append(made(ApplyEffect, (seat, effect, data.symbols, WHY_CARD)))


def apply_effect(st: GuildsPosition, step: ApplyEffect, events: list[Event]) -> None:
    """The one effect engine: every primitive of spec §15.6 and DESIGN.md §8. A part that cannot resolve does nothing
    (GL-D24)."""
    seat = step.seat
    effect = EFFECTS[step.effect]
    kind = effect.kind
    if kind == "vp":
        why = WHY[step.why] if step.why is not None else "effect"
        gain(st, seat, effect.amount, why, events, (effect.amount, *_paid_by(st, step.effect)))
    elif kind == "move":
        reach = step.symbols if effect.symbol_restricted else ALL_SYMBOLS
        if st.can_move(seat, reach):
            st.stack.append(made(MoveFrom, (seat, reach, effect.count, int(effect.up_to))))
    elif kind == "recruit":
        recruit(st, seat, effect.count, effect.to_plantation, events)
    elif kind == "to_plantation":
        if st.send_sources(seat):
            st.stack.append(made(SendFrom, (seat, effect.count, int(effect.up_to))))
    elif kind == "draw_action":
        draw(st, seat, effect.count, events)
    elif kind == "reward_cards_choose":
        count = min(effect.count, len(st.reward_deck))
        if count == 0:
            paid_by = _paid_by(st, step.effect)
            gain(st, seat, effect.empty_deck_vp, "empty reward deck (GL-106)", events, (effect.empty_deck_vp, *paid_by))
            return
        drawn = tuple(st.reward_deck[-count:][::-1])
        st.reward_deck = st.reward_deck[:-count]
        st.reward_known = st.reward_known[:-count]
        events.append(public("reward_draw", seat=seat, count=count))
        events.append(private(seat, "reward_drawn", seat=seat, cards=[CONTENT.rewards[c].id for c in drawn]))
        st.stack.append(RewardKeep(seat, drawn))
    elif kind == "hand_limit_bonus":
        st.limit_bonus += effect.amount
    elif kind == "move_beadle" and any(t != st.beadle for t in st.move_targets(ALL_SYMBOLS)):
        st.stack.append(made(BeadleTo, (seat,)))


# --- tile scoring ----------------------------------------------------------------------------------------------------


def score_from(st: GuildsPosition, step: ScoreFrom, events: list[Event]) -> None:
    """GL-70 to GL-74: check each tile once, in the reading order fixed when the phase began."""
    order = step.order
    fig = st.fig
    tile = figures = -1
    for index in range(step.index, len(order)):  # the tiles skipped, without a step of their own each
        tile = order[index]
        if st.back[tile] or st.cell_of[tile] < 0:  # GL-72
            continue
        figures = 1 if st.beadle == tile else 0
        for p in range(st.num_players):
            figures += fig[tile * 4 + p]
        if figures >= TILES[tile].minimum:  # GL-73
            st.stack.append(ScoreFrom(-1, index + 1, order))
            break
    else:
        return
    st.scoring = tile
    events.append(public("scoring", tile=TILES[tile].id, figures=figures))
    st.stack.append(made(Vote, (-1, tile)))
    for seat in reversed(st.order()):  # GL-75: in current turn order
        st.stack.append(made(OfferNeutrals, (seat, tile)))


def _can_negotiate(st: GuildsPosition, seat: int, location: int) -> bool:
    if st.neutrals[seat] <= 0:
        return False
    base = location * 4
    return any(st.fig[base + p] for p in range(st.num_players) if p != seat)


def offer_neutrals(st: GuildsPosition, step: OfferNeutrals, events: list[Event]) -> None:
    """GL-75, GL-89: the seat is asked to negotiate if it has a neutral and another player has a liveryman there."""
    if _can_negotiate(st, step.seat, step.location):
        st.stack.append(made(Negotiate, (step.seat, step.location)))


def _return_neutrals(st: GuildsPosition) -> None:
    """GL-81, GL-89: neutrals go back to their owners after every negotiation."""
    st.neutrals = [st.neutrals[p] + st.neutral_out[p] for p in range(st.num_players)]
    st.neutral_out = [0] * st.num_players


def vote(st: GuildsPosition, step: Vote, events: list[Event]) -> None:
    """GL-77 to GL-84: vote (with the adjacent-master tie-break), then rewards and the flip."""
    tile = step.tile
    counts = st.fig[tile * 4 : tile * 4 + st.num_players]
    _return_neutrals(st)
    winner = vote_winner(counts, lambda p: st.adjacent_masters(tile, p), st.order(), st.options["unresolved_vote"])
    if winner is None:  # GL-79, GL-80, GL-D13
        st.scoring = -1
        st.results = [*st.results, {"round": st.round, "tile": TILES[tile].id, "counts": counts, "winner": None}]
        events.append(public("not_scored", tile=TILES[tile].id, counts=counts))
        return
    second = runner_up(counts, winner)
    result: TileResult = {
        "round": st.round,
        "tile": TILES[tile].id,
        "counts": counts,
        "winner": winner,
        "second": second,
    }
    st.results = [*st.results, result]
    events.append(public("vote", tile=TILES[tile].id, counts=counts, winner=winner, second=second))
    st.stack.append(made(Flip, (winner, tile)))
    st.stack.append(made(SecondPlace, (-1 if second is None else second, tile)))
    if TILES[tile].first:
        st.stack.append(made(FirstReward, (winner, tile, 0)))


def second_place(st: GuildsPosition, step: SecondPlace, events: list[Event]) -> None:
    """GL-83, GL-84, GL-D14: printed VP + token VP, the token kept, then optional further effects."""
    tile = step.tile
    seat = step.seat
    token = st.token[tile]
    if token >= 0:
        st.token = _with(st.token, tile, -1)
    if seat < 0:
        if token >= 0:
            st.token_supply = [*st.token_supply, token]
            st.rng.shuffle(st.token_supply)
        return
    data = TILES[tile]
    vp = data.second_vp
    parts = [(data.second_vp, "second", data.id)]
    if data.second_extra:
        st.stack.append(made(SecondReward, (seat, tile, 0)))
    if token >= 0:
        kind = CONTENT.tokens[token]
        vp += kind.vp
        parts.append((kind.vp, "token", f"{kind.id} {data.id}"))
        st.kept = _with(st.kept, seat, sorted([*st.kept[seat], token]))
        events.append(public("token", seat=seat, token=kind.id))
        if kind.use == "immediate" and kind.effect >= 0:
            st.stack.append(made(ApplyEffect, (seat, kind.effect, kind.symbol or ALL_SYMBOLS, WHY_TOKEN)))
    gain(st, seat, vp, f"second place on {data.id}", events, *parts)


def flip(st: GuildsPosition, step: Flip, events: list[Event]) -> None:
    """GL-85, GL-86, GL-87, GL-D17: the master, everyone else to the Guildhall, the Beadle, all-scored check."""
    tile = step.tile
    winner = step.seat
    fig = st.fig
    base = tile * 4
    st.back = _with(st.back, tile, 1)
    for p in range(st.num_players):
        fig[GH * 4 + p] += fig[base + p]
        fig[base + p] = 0
    if fig[GH * 4 + winner]:
        fig[GH * 4 + winner] -= 1
        fig[base + winner] = 1
    elif st.supply[winner]:
        st.supply[winner] -= 1
        fig[base + winner] = 1
    events.append(public("master", seat=winner, tile=TILES[tile].id, controlled=bool(fig[base + winner])))
    if st.beadle == tile:
        st.beadle = st.lowest_unscored()
    st.scoring = -1
    if st.all_scored():
        st.jumped = True


def growth_check(st: GuildsPosition, step: GrowthCheck, events: list[Event]) -> None:
    """GL-47 phase 4, GL-87, GL-D8: a growth phase on grey rounds (after a jump to the next grey one)."""
    if st.jumped:
        st.jumped = False
        st.round = min(g for g in st.track.grey if g >= st.round)
        events.append(public("round_jump", round=st.round))
    st.stack.append(NEW_ROUND)
    if st.round in st.track.grey:
        st.stack.append(made(BeadleGrowth, (-1,)))
        st.stack.append(made(AddTiles, (-1,)))
        st.stack.append(made(EndCheck, (-1,)))
        st.stack.append(made(PlantationVote, (-1,)))
        for seat in reversed(st.order()):  # GL-89
            st.stack.append(made(OfferNeutrals, (seat, PL)))


def plantation_vote(st: GuildsPosition, step: PlantationVote, events: list[Event]) -> None:
    """GL-90 to GL-93: left and right rewards; each recipient then returns liverymen to the supply."""
    counts = st.fig[PL * 4 : PL * 4 + st.num_players]
    _return_neutrals(st)
    left, right = plantation_places(counts)
    side = CONTENT.plantations[st.plantation]
    events.append(public("plantation", round=st.round, counts=counts, left=left, right=right))
    awards = [(p, side.first, side.first_return) for p in left] + [(p, side.second, side.second_return) for p in right]
    rank = {p: i for i, p in enumerate(st.order())}
    awards.sort(key=lambda award: rank[award[0]])
    for seat, effects, returns in reversed(awards):
        st.stack.append(made(PlantationReturn, (seat, returns)))
        for effect in reversed(effects):
            st.stack.append(made(ApplyEffect, (seat, effect, ALL_SYMBOLS, WHY_PLANTATION)))


def plantation_return(st: GuildsPosition, step: PlantationReturn, events: list[Event]) -> None:
    """GL-93: a plantation reward's recipient returns liverymen from the plantation (as many as are there)."""
    seat = step.seat
    count = min(step.count, st.fig[PL * 4 + seat])
    st.fig[PL * 4 + seat] -= count
    st.supply[seat] += count


def end_check(st: GuildsPosition, step: EndCheck, events: list[Event]) -> None:
    """GL-95: the end of the round track, or (2 players) every tile scored."""
    if st.round >= st.track.rounds or (st.num_players == 2 and st.all_scored()):
        final_scoring(st, events)


def add_tiles(st: GuildsPosition, step: AddTiles, events: list[Event]) -> None:
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
    st.pool = st.pool.copy()
    st.token_supply = st.token_supply.copy()
    st.token = st.token.copy()
    for target in targets:
        tile = st.pool.pop()
        st.place(tile, target)
        if st.token_supply:
            st.token[tile] = st.token_supply.pop()
    events.append(public("growth", tiles=[TILES[t].id for t in st.in_play[-len(targets) :]] if targets else []))


def beadle_growth(st: GuildsPosition, step: BeadleGrowth, events: list[Event]) -> None:
    """GL-98, GL-D19."""
    st.beadle = st.lowest_unscored()


def new_round(st: GuildsPosition, step: NewRound, events: list[Event]) -> None:
    """GL-49."""
    st.round += 1
    st.taken = 0
    events.append(public("round", round=st.round))
    st.stack.append(NEXT_TURN)
