"""What may be answered: per question kind, its legal answers and the rule a refused answer breaks, with the rule's
sentence in plain words (never revealing hidden cards). Each function is the `legal` or `refuse` of its kind's
`Handler` in `rules.HANDLERS`; the kernel's `StackState` calls the one of the question on top.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import ALL_SYMBOLS, CONTENT
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
from guildtable.games.guilds_of_london.state import NO_SOURCE, GuildsPosition
from guildtable.kernel.i18n import domain
from guildtable.kernel.protocol import Reason
from guildtable.kernel.questions import Question

_ = domain("guilds_of_london").gettext
ngettext = domain("guilds_of_london").ngettext


CARDS: Final = CONTENT.cards
TOKENS: Final = CONTENT.tokens
ACTIONS: Final = A.ACTIONS
GH: Final = A.GUILDHALL
PL: Final = A.PLANTATION


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


def _can_leave(st: GuildsPosition, seat: int, source: int, mask: int) -> bool:
    """`source` is one of the sources `move_pairs` gives: one of `st.move_sources(seat)` with a target elsewhere."""
    if source == GH:
        here = st.fig[GH * 4 + seat] > 0
    else:
        here = source < A.N_TILES and st.cell_of[source] >= 0 and st.fig[source * 4 + seat] > 0
    return here and st.has_target(mask, source)


# --- the legal answers, one function per question kind (the `legal` of its handler in rules.py) ----------------------


def turns(st: GuildsPosition, question: Turn) -> list[int]:
    """Q-T1 to Q-T3: pass before the first card (GL-56) or stop after it (GL-58); each card in hand to recruit while
    the supply has a liveryman (GL-60, GL-D22), to move where a figure can go (GL-61), for its effect where it has one
    and its coins and returns can be paid (GL-62, GL-63, GL-D23, GL-D24); a kept token that is spent later
    (DESIGN.md §7.1)."""
    seat = question.seat
    result: list[Any] = [A.PASS if st.played == 0 else A.STOP]  # the ints of `A.ACTIONS`, as they are
    hand = st.hands[seat]
    can_recruit = st.supply[seat] > 0
    source = st.lone_source(seat)  # GL-61: a figure moves to another tile than its own
    checked = can_reach = 0  # bit `mask` set: the moves to symbols `mask` are looked at, and possible
    size = len(hand)
    previous = -1
    for card in hand:
        if card == previous:
            continue
        previous = card
        data = CARDS[card]
        base = A.PLAY + card * 3
        if can_recruit:  # GL-60, GL-D22
            result.append(ACTIONS[base])
        bit = 1 << data.symbols
        if not checked & bit:
            checked |= bit
            if source != NO_SOURCE and st.has_target(data.symbols, source):
                can_reach |= bit
        if can_reach & bit:
            result.append(ACTIONS[base + 1])
        if (
            data.effect
            and data.coins <= size - 1  # GL-63, GL-D24
            and (not data.return_count or returnable(st, seat, data.return_from) >= data.return_count)
        ):
            result.append(ACTIONS[base + 2])
    kept = st.kept[seat]
    if kept:
        for kind in sorted(set(kept)):
            if TOKENS[kind].use == "spend_later":
                result.append(ACTIONS[A.TOKEN + kind])
    return result


def discards(st: GuildsPosition, question: Pay | HandLimit) -> list[int]:
    """Q-T4 coins (GL-63) and Q-T5 (GL-67): any card in the seat's hand, once per card."""
    return [ACTIONS[A.DISCARD + c] for c in sorted(set(st.hands[question.seat]))]


def returns(st: GuildsPosition, question: ReturnLiveryman) -> list[int]:
    """Q-T4 (GL-63, GL-D23): the places the cost allows where the seat has a liveryman."""
    return sorted(A.SOURCE + loc for loc in return_sources(st, question.seat, question.places))


def move_froms(st: GuildsPosition, question: MoveFrom) -> list[int]:
    """Q-G1 (GL-61, GL-D21, GL-105): the figures that have somewhere to go, and stop if the move is 'up to'."""
    sources, _targets = move_pairs(st, question.seat, question.symbols)
    stop = [A.STOP] if question.up_to else []
    return stop + [ACTIONS[A.SOURCE + s] for s in sorted(sources)]


def move_tos(st: GuildsPosition, question: MoveTo) -> list[int]:
    """Q-G2 (GL-61, GL-D21, GL-105): another unscored tile showing the symbols, not the one being scored."""
    source = question.source
    return [ACTIONS[A.DEST + t] for t in sorted(st.move_targets(question.symbols)) if t != source]


def send_froms(st: GuildsPosition, question: SendFrom) -> list[int]:
    """Q-G5 (GL-108): the Guildhall or any tile with the seat's figure, and stop if the send is 'up to'."""
    stop = [A.STOP] if question.up_to else []
    return stop + sorted(A.SOURCE + s for s in st.send_sources(question.seat))


def beadle_tos(st: GuildsPosition, question: BeadleTo) -> list[int]:
    """GL-D19: another unscored tile."""
    return [A.DEST + t for t in sorted(st.move_targets(ALL_SYMBOLS)) if t != st.beadle]


def negotiations(st: GuildsPosition, question: Negotiate) -> list[int]:
    """Q-N1/Q-N2 (GL-75, GL-D12): stop, or a neutral against each other player with a liveryman there."""
    seat, location = question.seat, question.location
    return [A.STOP] + [A.NEUTRAL + p for p in range(st.num_players) if p != seat and st.fig[location * 4 + p]]


def take_or_skip(st: GuildsPosition, question: FirstReward | SecondReward) -> list[int]:
    """Q-R1/Q-R2 (GL-82, GL-83, GL-D16): take the reward's part or skip it."""
    return [A.TAKE, A.SKIP]


def drawn_cards(st: GuildsPosition, question: RewardKeep | RewardUnder) -> list[int]:
    """Q-G3/Q-G4 (GL-106): one of the drawn reward cards still to place."""
    return sorted(A.REWARD + c for c in question.cards)


def dealt_cards(st: GuildsPosition, question: SetupKeep) -> list[int]:
    """Q-S1 (GL-31): one of the reward cards dealt to the seat."""
    return sorted(A.REWARD + c for c in st.rewards[question.seat])


# --- refusals, one function per question kind (the `refuse` of its handler) -----------------------------------------
# Each says None for a legal answer, else the rule it breaks with the rule's sentence in plain words (the rule ID in
# the first field only), naming only what the asking seat may know.


def refuse_turn(st: GuildsPosition, question: Turn, action: int) -> Reason | None:
    """Q-T1 to Q-T3 (GL-56 to GL-63, GL-D22 to GL-D24, DESIGN.md §7.1). A card play is checked on its own, without
    listing every play of the turn."""
    seat = question.seat
    if A.PLAY <= action < A.DISCARD:
        card = (action - A.PLAY) // 3
        use = (action - A.PLAY) % 3
        if card in st.hands[seat]:
            if use == A.RECRUIT:
                if st.supply[seat] > 0:
                    return None
            else:
                data = CARDS[card]
                if use == A.MOVE:
                    if st.can_move(seat, data.symbols):
                        return None
                elif (
                    data.effect
                    and data.coins <= len(st.hands[seat]) - 1
                    and (not data.return_count or returnable(st, seat, data.return_from) >= data.return_count)
                ):
                    return None
    elif action == A.PASS or action == A.STOP:
        if (action == A.PASS) == (st.played == 0):  # GL-56, GL-58: the first of `turns`
            return None
    elif action in turns(st, question):
        return None
    return _explain_turn(st, question, action)


def _explain_turn(st: GuildsPosition, question: Turn, action: int) -> Reason:
    seat = question.seat
    if action == A.PASS:
        return "GL-58", _("You have already played a card this turn, so you cannot pass; stop to end your turn")
    if action == A.STOP:
        return "GL-58", _("You have not played a card yet; to end your turn without playing one, pass")
    if A.PLAY <= action < A.DISCARD:
        card = (action - A.PLAY) // 3
        use = (action - A.PLAY) % 3
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
    return "GL-57", _("That is not something you can do now. {prompt}", prompt=W.turn_prompt(st, question))


def refuse_pay(st: GuildsPosition, question: Pay, action: int) -> Reason | None:
    """Q-T4 (GL-63): a coin is a card from the hand."""
    if A.DISCARD <= action < A.SOURCE:
        if action - A.DISCARD in st.hands[question.seat]:
            return None
        return "GL-63", _("That card is not in your hand; pay the coin with another action card from your hand")
    return _not_an_answer(question, W.pay_prompt(st, question))


def refuse_hand_limit(st: GuildsPosition, question: HandLimit, action: int) -> Reason | None:
    """Q-T5 (GL-67): the discard is a card from the hand."""
    if A.DISCARD <= action < A.SOURCE:
        if action - A.DISCARD in st.hands[question.seat]:
            return None
        return "GL-67", _("That card is not in your hand; discard down to your hand limit from the cards you hold")
    return _not_an_answer(question, W.hand_limit_prompt(st, question))


def refuse_return(st: GuildsPosition, question: ReturnLiveryman, action: int) -> Reason | None:
    """Q-T4 (GL-63, GL-D23): a liveryman of the seat's from a place the cost allows."""
    if action in returns(st, question):
        return None
    if A.SOURCE <= action < A.DEST:
        allowed = W.returns_from(question.places)
        return "GL-D23", _(
            "You have no liveryman there to return: this cost takes one of yours from {places}", places=allowed
        )
    return _not_an_answer(question, W.return_prompt(st, question))


def refuse_move_from(st: GuildsPosition, question: MoveFrom, action: int) -> Reason | None:
    """Q-G1 (GL-61, GL-D21, GL-105): a figure of the seat's that can reach another tile, or stop when allowed."""
    if action == A.STOP:
        if question.up_to:
            return None
    elif A.SOURCE <= action < A.DEST and _can_leave(st, question.seat, action - A.SOURCE, question.symbols):
        return None
    if A.SOURCE <= action < A.DEST:
        location = action - A.SOURCE
        if location == PL:
            return "GL-D21", _("A figure on the plantation cannot move")
        return "GL-61", _("You have no figure {where} that can make this move", where=W.place_on(location))
    return _not_an_answer(question, W.move_from_prompt(st, question))


def refuse_move_to(st: GuildsPosition, question: MoveTo, action: int) -> Reason | None:
    """Q-G2 (GL-61, GL-D21, GL-105): another unscored tile in the city showing the move's symbols, not the tile
    being scored."""
    if A.DEST <= action < A.NEUTRAL:
        tile = action - A.DEST
        if tile != question.source and st.is_target(tile, question.symbols):
            return None
    if A.DEST <= action < A.NEUTRAL:
        tile = action - A.DEST
        name = W.tile_subject(tile)
        if st.cell_of[tile] < 0:
            return "GL-61", _("{tile} is not in the city", tile=name)
        if st.back[tile]:
            return "GL-61", _(
                "{tile} is already scored; a figure only moves onto a tile that is not yet scored", tile=name
            )
        if tile == question.source:
            return "GL-D21", _("The figure must move to another tile, not stay where it stands")
        if tile == st.scoring:
            return "GL-105", _(
                "{tile} is being scored; the figure must go to another tile that is not yet scored", tile=name
            )
        return "GL-61", _(
            "{tile} does not show {symbols}, which this move needs", tile=name, symbols=W.symbols_text(question.symbols)
        )
    return _not_an_answer(question, W.move_to_prompt(st, question))


def refuse_send_from(st: GuildsPosition, question: SendFrom, action: int) -> Reason | None:
    """Q-G5 (GL-108): a figure of the seat's off the plantation, or stop when allowed."""
    if action in send_froms(st, question):
        return None
    if A.SOURCE <= action < A.DEST:
        if action - A.SOURCE == PL:
            return "GL-108", _("Your figures on the plantation are already there")
        return "GL-108", _("You have no figure {where} to send to the plantation", where=W.place_on(action - A.SOURCE))
    return _not_an_answer(question, W.send_from_prompt(st, question))


def refuse_beadle(st: GuildsPosition, question: BeadleTo, action: int) -> Reason | None:
    """GL-D19: the Beadle goes to another unscored tile."""
    if action in beadle_tos(st, question):
        return None
    return "GL-D19", _("The Beadle moves to another tile in the city that is not yet scored")


def refuse_negotiate(st: GuildsPosition, question: Negotiate, action: int) -> Reason | None:
    """Q-N1/Q-N2 (GL-75, GL-D12): a neutral against another player with a liveryman there, or stop."""
    if action in negotiations(st, question):
        return None
    if A.NEUTRAL <= action < A.REWARD:
        if action - A.NEUTRAL == question.seat:
            return "GL-D12", _("A neutral liveryman sends another player's liveryman away, never your own")
        return "GL-D12", _("That player has no liveryman here to send away")
    return _not_an_answer(question, W.negotiate_prompt(st, question))


def refuse_first_reward(st: GuildsPosition, question: FirstReward, action: int) -> Reason | None:
    """Q-R1 (GL-82, GL-D16): take or skip."""
    if action == A.TAKE or action == A.SKIP:
        return None
    return _not_an_answer(question, W.first_reward_prompt(st, question))


def refuse_second_reward(st: GuildsPosition, question: SecondReward, action: int) -> Reason | None:
    """Q-R2 (GL-83): take or skip."""
    if action == A.TAKE or action == A.SKIP:
        return None
    return _not_an_answer(question, W.second_reward_prompt(st, question))


def refuse_setup_keep(st: GuildsPosition, question: SetupKeep, action: int) -> Reason | None:
    """Q-S1 (GL-31): one of the seat's dealt reward cards."""
    if A.REWARD <= action < A.TOKEN:
        if action - A.REWARD in st.rewards[question.seat]:
            return None
        return _not_dealt(_card(action))
    return _not_an_answer(question, W.setup_keep_prompt(st, question))


def refuse_reward_keep(st: GuildsPosition, question: RewardKeep, action: int) -> Reason | None:
    """Q-G3 (GL-106): one of the drawn reward cards."""
    if A.REWARD <= action < A.TOKEN:
        if action - A.REWARD in question.cards:
            return None
        return _not_drawn(_card(action))
    return _not_an_answer(question, W.reward_keep_prompt(st, question))


def refuse_reward_under(st: GuildsPosition, question: RewardUnder, action: int) -> Reason | None:
    """Q-G4 (GL-106): one of the drawn reward cards still to go under the deck."""
    if A.REWARD <= action < A.TOKEN:
        if action - A.REWARD in question.cards:
            return None
        return _not_under(_card(action))
    return _not_an_answer(question, W.reward_under_prompt(st, question))


def _card(action: int) -> str:
    """A reward card answer's card, quoted as a refusal names it."""
    return _("'{card}'", card=_(CONTENT.rewards[action - A.REWARD].name))


def _not_dealt(card: str) -> Reason:
    return "GL-31", _("{card} is not a reward card you may keep now: keep one of the 3 you were dealt", card=card)


def _not_drawn(card: str) -> Reason:
    return "GL-106", _("{card} is not a reward card you may keep now: keep one of the ones you drew", card=card)


def _not_under(card: str) -> Reason:
    return "GL-106", _("{card} is not one of the reward cards you drew that still go under the reward deck", card=card)


def _not_an_answer(question: Question, prompt: str) -> Reason:
    """An action of another question's kind, refused under the rule this question asks under."""
    return _RULE_OF.get(type(question), "GL-57"), _("That is not an answer to this question. {prompt}", prompt=prompt)


_NOT_ON_OFFER: dict[type[Question], Callable[[str], Reason]] = {
    SetupKeep: _not_dealt,
    RewardKeep: _not_drawn,
    RewardUnder: _not_under,
}
"""The refusal of a reward card that is not on offer, for the questions that offer reward cards."""


def not_yours_to_keep(st: GuildsPosition) -> Reason:
    """GL-31, GL-106: a typed reward card that does not exist is refused as one that exists but is not on offer is:
    by the rule of the reward cards on offer, or of the question asked if it offers none."""
    question = st.question
    if question is None:
        return st.end_rule, _("The game is over")
    card = _("That card")
    on_offer = _NOT_ON_OFFER.get(type(question))
    if on_offer is not None:
        return on_offer(card)
    return _RULE_OF.get(type(question), "GL-57"), _(
        "{card} is not a reward card you may keep now. {prompt}", card=card, prompt=st.prompt()
    )


_RULE_OF: dict[type[Question], str] = {
    SetupKeep: "GL-31",
    Pay: "GL-63",
    ReturnLiveryman: "GL-D23",
    MoveFrom: "GL-105",
    MoveTo: "GL-105",
    SendFrom: "GL-108",
    BeadleTo: "GL-D19",
    HandLimit: "GL-67",
    Negotiate: "GL-75",
    FirstReward: "GL-82",
    SecondReward: "GL-83",
    RewardKeep: "GL-106",
    RewardUnder: "GL-106",
}
"""The rule a question asks under, named when an answer is not one of its answers (a turn's is GL-57)."""
