"""What may be answered now: the legal actions for the question on top of the stack, and the rule a refused answer
breaks with the rule's sentence in plain words (never revealing hidden cards).
"""

from __future__ import annotations

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
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.kernel.i18n import domain
from guildtable.kernel.questions import Question

_ = domain("guilds_of_london").gettext
ngettext = domain("guilds_of_london").ngettext


CARDS = CONTENT.cards
GH, PL = A.GUILDHALL, A.PLANTATION


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
    question = st.stack[-1]
    if not isinstance(question, Turn) or not A.PLAY <= action < A.DISCARD:
        return action in legal_actions(st)
    seat = question.seat
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
    question = st.stack[-1]
    seat = question.seat
    if isinstance(question, Turn):
        return _turn_actions(st, seat)
    if isinstance(question, (Pay, HandLimit)):
        return sorted({A.DISCARD + c for c in st.hands[seat]})
    if isinstance(question, ReturnLiveryman):
        return sorted(A.SOURCE + loc for loc in return_sources(st, seat, question.places))
    if isinstance(question, MoveFrom):
        sources, _pairs = move_pairs(st, seat, question.symbols)
        stop = [A.STOP] if question.up_to else []
        return stop + sorted(A.SOURCE + s for s in sources)
    if isinstance(question, MoveTo):
        source = question.source
        return [A.DEST + t for t in sorted(st.move_targets(question.symbols)) if t != source]
    if isinstance(question, SendFrom):
        stop = [A.STOP] if question.up_to else []
        return stop + sorted(A.SOURCE + s for s in st.send_sources(seat))
    if isinstance(question, BeadleTo):
        return [A.DEST + t for t in sorted(st.move_targets(ALL_SYMBOLS)) if t != st.beadle]
    if isinstance(question, Negotiate):
        location = question.location
        return [A.STOP] + [A.NEUTRAL + p for p in range(st.num_players) if p != seat and st.fig[location * 4 + p]]
    if isinstance(question, (FirstReward, SecondReward)):
        return [A.TAKE, A.SKIP]
    if isinstance(question, (RewardKeep, RewardUnder)):
        return sorted(A.REWARD + c for c in question.cards)
    if isinstance(question, SetupKeep):
        return sorted(A.REWARD + c for c in st.rewards[seat])
    raise AssertionError(f"no question on top: {question.kind}")


# --- refusals -------------------------------------------------------------------------------------------------------


def explain(st: GuildsPosition, action: int) -> tuple[str, str]:
    """The rule an answer breaks, with the rule's sentence in plain words (the rule ID goes in the first field only).
    Messages name only what the asking seat may know."""
    question = st.stack[-1]
    seat = question.seat
    if isinstance(question, Turn):
        return _explain_turn(st, seat, action)
    if isinstance(question, MoveTo) and A.DEST <= action < A.NEUTRAL:
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
    if isinstance(question, MoveFrom) and A.SOURCE <= action < A.DEST:
        location = action - A.SOURCE
        if location == PL:
            return "GL-D21", _("A figure on the plantation cannot move")
        return "GL-61", _("You have no figure {where} that can make this move", where=W.place_on(location))
    if isinstance(question, SendFrom) and A.SOURCE <= action < A.DEST:
        if action - A.SOURCE == PL:
            return "GL-108", _("Your figures on the plantation are already there")
        return "GL-108", _("You have no figure {where} to send to the plantation", where=W.place_on(action - A.SOURCE))
    if isinstance(question, ReturnLiveryman) and A.SOURCE <= action < A.DEST:
        allowed = W.returns_from(question.places)
        return "GL-D23", _(
            "You have no liveryman there to return: this cost takes one of yours from {places}", places=allowed
        )
    if isinstance(question, Negotiate) and A.NEUTRAL <= action < A.REWARD:
        if action - A.NEUTRAL == seat:
            return "GL-D12", _("A neutral liveryman sends another player's liveryman away, never your own")
        return "GL-D12", _("That player has no liveryman here to send away")
    if isinstance(question, Pay) and A.DISCARD <= action < A.SOURCE:
        return "GL-63", _("That card is not in your hand; pay the coin with another action card from your hand")
    if isinstance(question, HandLimit) and A.DISCARD <= action < A.SOURCE:
        return "GL-67", _("That card is not in your hand; discard down to your hand limit from the cards you hold")
    if isinstance(question, BeadleTo):
        return "GL-D19", _("The Beadle moves to another tile in the city that is not yet scored")
    if isinstance(question, (SetupKeep, RewardKeep, RewardUnder)) and A.REWARD <= action < A.TOKEN:
        return not_yours_to_keep(st, _("'{card}'", card=_(CONTENT.rewards[action - A.REWARD].name)))
    return _rule_of(question), _("That is not an answer to this question. {prompt}", prompt=W.prompt(st))


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
    return "GL-57", _("That is not something you can do now. {prompt}", prompt=W.prompt(st))


def not_yours_to_keep(st: GuildsPosition, card: str | None = None) -> tuple[str, str]:
    """GL-31, GL-106: a reward card that is not among the ones to choose from now (named or not a card at all)."""
    if not st.stack:
        return st.end_rule, _("The game is over")
    card = card if card is not None else _("That card")
    question = st.stack[-1]
    if isinstance(question, SetupKeep):
        return "GL-31", _("{card} is not a reward card you may keep now: keep one of the 3 you were dealt", card=card)
    if isinstance(question, RewardKeep):
        return "GL-106", _("{card} is not a reward card you may keep now: keep one of the ones you drew", card=card)
    if isinstance(question, RewardUnder):
        return "GL-106", _(
            "{card} is not one of the reward cards you drew that still go under the reward deck", card=card
        )
    return _rule_of(question), _(
        "{card} is not a reward card you may keep now. {prompt}", card=card, prompt=W.prompt(st)
    )


def _rule_of(question: Question) -> str:
    return _RULE_OF.get(type(question), "GL-57")


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
"""The rule a question asks under, named when an answer is not one of its answers."""
