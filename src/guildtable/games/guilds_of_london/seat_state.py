"""A Guilds of London position rebuilt from one seat's view alone (issue 37): what a remote player's bot thinks on.

From the view: the whole public table (the city's tiles, cells, sides, figures, tokens and the Beadle, the Guildhall,
the plantation and its side, supplies, neutrals, VP and marker heights, the round, turn order and turns taken, the
cards in front and the discard pile, kept tokens, tile results, the final scoring), every count, and the seat's own
hand, reward cards, drawn reward cards and the cards it put under the reward deck (GL-42 to GL-44, GL-D27, GL-D28).

Drawn at random with `rng`: the other hands and the action deck (from the cards not in the seat's hand, the discard
pile or in front), the other reward cards, another seat's drawn reward cards and the reward deck (from the reward
cards the seat has not seen; its own cards under the deck keep their order at random places in it), the tile pool
(from the tiles the player count uses that are not in the city), the token supply (from the 30 tokens not on a tile
or kept) and the generator of future shuffles.

Inferred, as the view shows it only in words or not at all: the question on top comes from `decision` (its kind and
seat, and its details, such as moves left or the tile a reward is for, as the one candidate whose prompt reads as the
view's); the questions under it from the phase the view shows (setup, a turn, a tile's scoring, the plantation): a
turn's own question under a card's costs and the card's effect after them, the scoring's order of tiles and the vote
or the flip still to come, the negotiations of the seats after it in turn order. The turn's lasting and end-of-turn
effects are those of the cards in front whose effects have begun (every card in front is one played for its effect);
the hand-limit bonus of the turn is the active seat's hand limit beyond its tiles' and tokens'. Not in the view and
left out: the moves still to make after the one being placed (a `move_to` has 1 left), the rest of a card's effect
after a move, a sending, a Beadle move or reward cards it asked for (the turn goes on after them), whether the turn's
end-of-turn effects are already running (a question they ask has the turn's question under it), and where points came
from (the ledger).

The table's options are not in the view: they come from the seat's message (`options`), else the defaults are used
(the plantation side is the view's), so a table with a tied vote won in turn order (GL-D13) or a turned compass
(GL-D1, GL-D6) would be thought on under the default rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import cell
from guildtable.games.guilds_of_london.questions import (
    GROWTH_CHECK,
    NEW_ROUND,
    AddTiles,
    BeadleGrowth,
    BeadleTo,
    CardEffect,
    EndCheck,
    FirstReward,
    Flip,
    GuildsQuestion,
    HandLimit,
    MoveFrom,
    MoveTo,
    Negotiate,
    OfferNeutrals,
    Pay,
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
from guildtable.kernel import BadRecord, Game, Rng
from guildtable.kernel.i18n import LANGUAGES, current_language, use_language

if TYPE_CHECKING:
    from guildtable.games.guilds_of_london.rules import GuildsState

TILES = CONTENT.tiles
CARDS = CONTENT.cards
MOST = 8
"""More coins, liverymen or moves than any card, tile or token asks for at once (the candidates tried)."""


def seat_state(
    game: Game[GuildsState], view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
) -> GuildsState:
    """A position whose view for `view["seat"]` is `view`, its hidden parts drawn with `rng`, under the table's
    `options` (None: the defaults)."""
    seat = view.get("seat")
    players = len(view.get("seats") or ())
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise BadRecord("seat", "a position is rebuilt from a seat's view, not a spectator's")
    cell_of = [-1] * A.N_TILES
    back = [0] * A.N_TILES
    token = [-1] * A.N_TILES
    fig = [0] * (A.N_LOCATIONS * 4)
    in_play: list[int] = []
    beadle = -1
    for entry in view["city"]:
        tile = A.TILE_OF_ID[entry["id"]]
        in_play.append(tile)
        cell_of[tile] = cell(entry["x"], entry["y"])
        back[tile] = int(entry["side"] == "master")
        token[tile] = A.TOKEN_OF_ID[entry["token"]] if entry["token"] else -1
        fig[tile * 4 : tile * 4 + players] = entry["figures"]
        if entry["beadle"]:
            beadle = tile
    fig[A.GUILDHALL * 4 : A.GUILDHALL * 4 + players] = view["guildhall"]["figures"]
    fig[A.PLANTATION * 4 : A.PLANTATION * 4 + players] = view["plantation"]["figures"]
    kept = [sorted(A.TOKEN_OF_ID[t] for t in ids) for ids in view["tokens_kept"]]
    # Action cards: the seat's hand, the discard pile and the cards in front are seen; the rest is shuffled.
    hand = sorted(A.CARD_OF_NUMBER[card["number"]] for card in view["hand"])
    discard = [A.CARD_OF_NUMBER[n] for n in view["discard"]]
    in_front = [A.CARD_OF_NUMBER[n] for n in view["in_front"]]
    unseen = sorted(set(range(A.N_CARDS)) - set(hand) - set(discard) - set(in_front))
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for player, size in enumerate(view["hand_sizes"]):
        if player == seat:
            hands.append(hand)
        else:
            hands.append(sorted(unseen[:size]))
            del unseen[:size]
    deck = unseen
    if len(deck) != view["deck_size"]:
        raise BadRecord("deck_size", "the action cards the view counts do not add up")
    # Reward cards: the seat's own, the ones it drew and the ones it put under the deck are seen.
    own = [A.REWARD_OF_ID[r] for r in view["reward_cards"]]
    drawn = [A.REWARD_OF_ID[r] for r in view["drawn_reward_cards"] or ()]
    under = [A.REWARD_OF_ID[r] for r in view["under_reward_deck"]]
    revealed = view.get("revealed_reward_cards")
    hidden = sorted(set(range(A.N_REWARDS)) - set(own) - set(drawn) - set(under))
    rng.shuffle(hidden)
    rewards: list[list[int]] = []
    for player, size in enumerate(view["reward_card_counts"]):
        if player == seat:
            rewards.append(own)
        elif revealed is not None:
            rewards.append([A.REWARD_OF_ID[r] for r in revealed[player]])
            hidden = [c for c in hidden if c not in rewards[-1]]
        else:
            rewards.append(hidden[:size])
            del hidden[:size]
    free = view["reward_deck_size"] - len(under)
    if free < 0 or free > len(hidden):
        raise BadRecord("reward_deck_size", "the reward cards the view counts do not add up")
    reward_deck, others_drawn = hidden[:free], hidden[free:]  # another seat's drawn cards are the rest
    reward_known = [-1] * len(reward_deck)
    places = sorted(rng.below(len(reward_deck) + 1) for _card in under)
    for offset, (place, card) in enumerate(zip(places, under, strict=True)):
        reward_deck.insert(place + offset, card)
        reward_known.insert(place + offset, seat)
    # Tiles not in the city: the guild tiles (2 players) or every tile but the church (3 and 4), GL-25, GL-38.
    if players == 2:
        pool = [t.index for t in TILES if t.kind == "guild" and cell_of[t.index] < 0]
    else:
        pool = [t.index for t in TILES if t.building_key != "church_st_lawrence_jewry" and cell_of[t.index] < 0]
    rng.shuffle(pool)
    if len(pool) != view["tile_pool_size"]:
        raise BadRecord("tile_pool_size", "the tiles the view counts do not add up")
    bag = Counter({kind.index: kind.copies for kind in CONTENT.tokens})
    bag.subtract(t for t in token if t >= 0)
    bag.subtract(t for ids in kept for t in ids)
    token_supply = sorted(bag.elements())
    rng.shuffle(token_supply)
    if len(token_supply) != view["token_supply_size"]:
        raise BadRecord("token_supply_size", "the tokens the view counts do not add up")
    sides = [side.side for side in CONTENT.plantations]
    snapshot = {
        "game": game.name,
        "players": players,
        "seed": 0,
        "options": dict(options or {}),
        "setup": None,
        "history": [],
        "rng": rng.spawn().state,
        "guildhall_cells": [cell(x, y) for x, y in view["guildhall"]["cells"]],
        "jumped": False,
        "lasting": [],
        "end_effects": [],
        "pending": [],
        "results": view["results"],
        "final": view["final"],
        "ledger": [],
        "cell_of": cell_of,
        "in_play": in_play,
        "back": back,
        "token": token,
        "fig": fig,
        "supply": view["supply"],
        "neutrals": view["neutrals"],
        "neutral_out": [2 - n for n in view["neutrals"]],
        "vp": [int(v) for v in view["scores"]],
        "stack": view["marker_heights"],
        "in_front": in_front,
        "discard": discard,
        "deck": deck,
        "reward_deck": reward_deck,
        "reward_known": reward_known,
        "token_supply": token_supply,
        "pool": pool,
        "hands": hands,
        "rewards": rewards,
        "kept": kept,
        "beadle": beadle,
        "counter": max(0, *view["marker_heights"]),
        "round": view["round"],
        "taken": sum(1 << p for p, taken in enumerate(view["turns_taken"]) if taken),
        "active": view["active"],
        "played": view["cards_played"],
        "limit_bonus": 0,
        "plantation": sides.index(view["plantation"]["side"]),
        "scoring": -1,
    }
    decision = view.get("decision")
    cards = tuple(drawn or others_drawn)  # drawn reward cards, the seat's own or another's (GL-106)
    if cards:
        if decision is None or decision["kind"] not in (RewardKeep.kind, RewardUnder.kind):
            raise BadRecord("reward_deck_size", "the reward cards the view counts do not add up")
        # They count in the reward cards' conservation: a placeholder question holds them for the check.
        snapshot["pending"] = [[RewardKeep.kind, decision["seat"], list(cards)]]
    state = game.from_snapshot(snapshot)
    if state.active >= 0:  # GL-67: the turn's bonus, which the prompts read too
        state.limit_bonus = view["hand_limits"][state.active] - state.hand_limit(state.active)
    if decision is not None:
        _questions(state, view, decision, cards)
    return state


def _questions(
    state: GuildsState, view: Mapping[str, Any], decision: Mapping[str, Any], cards: tuple[int, ...]
) -> None:
    """The stack: the question the decision reads as on top of the steps of its phase."""
    seat, kind = decision["seat"], decision["kind"]
    players = state.num_players
    active = state.active
    base: list[GuildsQuestion] = []
    if kind == SetupKeep.kind:  # GL-31, GL-D29: the seats keep a card one by one, seat 0 first
        base = [SetupDone(-1), *(SetupKeep(p) for p in reversed(range(seat + 1, players)))]
    elif kind == HandLimit.kind:  # GL-67: after the turn's draw
        base = [TurnOver(seat)]
    elif active >= 0:  # a turn (GL-55 to GL-68): its own question under what a play asks
        base = [Turn(active)]
        if kind in (Pay.kind, ReturnLiveryman.kind) and state.in_front:  # GL-63: costs before the card's effect
            base.append(CardEffect(active, state.in_front[-1], 0))
        _turn_effects(state, costs_due=kind in (Pay.kind, ReturnLiveryman.kind))
    else:
        base = _scoring_or_growth(state, view, decision)
    if _find(state, base, _candidates(state, decision, cards), decision) is None:
        raise BadRecord("decision", f"no {kind} question reads as {decision.get('prompt')!r}")


def _find(
    state: GuildsState, base: list[Any], candidates: Iterable[GuildsQuestion], decision: Mapping[str, Any]
) -> GuildsQuestion | None:
    """The first candidate that, on top of `base`, reads as `decision` (its prompt in the language this process
    speaks, or else in one the site speaks: the server words the view in its reader's language); the stack is left
    with it on top."""
    candidates = list(candidates)
    for language in dict.fromkeys((current_language(), *LANGUAGES)):
        with use_language(language):
            for question in candidates:
                state.stack = [*base, question]
                if state.decision() == decision:
                    return question
    return None


def _turn_effects(state: GuildsState, costs_due: bool) -> None:
    """DESIGN.md §8: the lasting and end-of-turn effects of the cards in front (the last one's not yet while its
    costs are due)."""
    lasting = []
    end_effects = []
    played = state.in_front[:-1] if costs_due else state.in_front
    for card in played:
        data = CARDS[card]
        for index, triggered in enumerate(data.effect):
            if triggered.trigger == "each_time":
                lasting.append((triggered.event, triggered.condition, triggered.effects, data.symbols))
            elif triggered.trigger == "end_of_turn":
                end_effects.append((card, index))
    state.lasting = lasting
    state.end_effects = end_effects


def _scoring_or_growth(state: GuildsState, view: Mapping[str, Any], decision: Mapping[str, Any]) -> list[Any]:
    """The steps under a question of a tile's scoring (GL-69 to GL-87) or of the plantation (GL-89 to GL-93)."""
    kind, seat = decision["kind"], decision["seat"]
    order = state.reading_order()
    results = view["results"]
    last = results[-1] if results else None
    rewarded = -1  # the tile whose vote is counted and that has not turned yet: its rewards are being taken
    if last is not None and last["round"] == state.round and last.get("winner") is not None:
        tile = A.TILE_OF_ID[last["tile"]]
        if not state.back[tile]:
            rewarded = tile
    growth = [NEW_ROUND, BeadleGrowth(-1), AddTiles(-1), EndCheck(-1)]
    if kind == Negotiate.kind:
        location = _negotiated(state, decision)
        later = state.order()[state.order().index(seat) + 1 :]
        offers = [OfferNeutrals(p, location) for p in reversed(later)]
        if location == A.PLANTATION:  # GL-89
            return [*growth, PlantationVote(-1), *offers]
        state.scoring = location  # GL-75
        return [GROWTH_CHECK, ScoreFrom(-1, order.index(location) + 1, tuple(order)), Vote(-1, location), *offers]
    if rewarded >= 0:  # GL-82 to GL-86: the first place's rewards come before the second place's
        state.scoring = rewarded
        assert last is not None
        winner, second = last["winner"], last.get("second")
        steps: list[Any] = [
            GROWTH_CHECK,
            ScoreFrom(-1, order.index(rewarded) + 1, tuple(order)),
            Flip(winner, rewarded),
        ]
        if kind == FirstReward.kind or (kind != SecondReward.kind and seat == winner):
            steps.append(SecondPlace(-1 if second is None else second, rewarded))
        return steps
    return growth  # GL-93: a plantation reward


def _negotiated(state: GuildsState, decision: Mapping[str, Any]) -> int:
    """The location whose negotiation the decision's prompt names."""
    seat = decision["seat"]
    found = _find(state, [], (Negotiate(seat, location) for location in [A.PLANTATION, *state.in_play]), decision)
    if isinstance(found, Negotiate):
        return found.location
    raise BadRecord("decision", f"no negotiation reads as {decision.get('prompt')!r}")


def _candidates(state: GuildsState, decision: Mapping[str, Any], cards: tuple[int, ...]) -> Iterator[GuildsQuestion]:
    """The questions of the decision's kind and seat, the likeliest first (one of them reads as its prompt)."""
    seat, kind = decision["seat"], decision["kind"]
    counts = range(1, MOST + 1)
    masks = range(1, 32)
    if kind == SetupKeep.kind:
        yield SetupKeep(seat)
    elif kind == Turn.kind:
        yield Turn(seat)
    elif kind == HandLimit.kind:
        yield HandLimit(seat)
    elif kind == BeadleTo.kind:
        yield BeadleTo(seat)
    elif kind == Pay.kind:
        yield from (Pay(seat, n) for n in counts)
    elif kind == ReturnLiveryman.kind:
        yield from (ReturnLiveryman(seat, n, places) for n in counts for places in range(1, 16))
    elif kind == MoveFrom.kind:
        yield from (MoveFrom(seat, mask, n, up_to) for mask in masks for n in counts for up_to in (0, 1))
    elif kind == MoveTo.kind:
        sources = state.move_sources(seat)
        yield from (MoveTo(seat, mask, 1, 0, source) for mask in masks for source in sources)
    elif kind == SendFrom.kind:
        yield from (SendFrom(seat, n, up_to) for n in counts for up_to in (0, 1))
    elif kind == Negotiate.kind:
        yield Negotiate(seat, state.scoring if state.scoring >= 0 else A.PLANTATION)
    elif kind in (FirstReward.kind, SecondReward.kind):
        question = FirstReward if kind == FirstReward.kind else SecondReward
        for tile in state.in_play:
            parts = TILES[tile].first if question is FirstReward else TILES[tile].second_extra
            yield from (question(seat, tile, part) for part in range(len(parts)))
    elif kind == RewardKeep.kind:
        yield RewardKeep(seat, cards)
    elif kind == RewardUnder.kind:
        yield RewardUnder(seat, cards)
