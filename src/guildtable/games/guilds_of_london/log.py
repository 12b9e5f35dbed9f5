"""The game log: one English sentence per event, with seat names and the content's card, tile, token and reward-card
names instead of ids. Reads only an event's own data (and the public content), so a public event's line can never
reveal more than the event does; private events ("drew", "reward_drawn", "you_kept") are only shown to their seat and
so speak to it as "You"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import CONTENT

CARD_OF_NUMBER = {card.number: card for card in CONTENT.cards}
TILE_OF_ID = {tile.id: tile for tile in CONTENT.tiles}
REWARD_NAME = {card.id: card.name for card in CONTENT.rewards}
TOKEN_OF_ID = {kind.id: kind for kind in CONTENT.tokens}

# `vp` events carry a short reason; these turn the fixed ones into the end of a sentence.
WHY_PHRASE = {
    "action card effect": "from an action card",
    "first-place reward": "as a first-place reward",
    "second-place reward": "as a second-place reward",
    "plantation reward": "as a plantation reward",
    "token": "from a reward token",
    "effect": "from an effect",
    "empty reward deck (GL-106)": "because the reward deck is empty",
}
plural, listing, cap = W.plural, W.listing, W.cap
tile_name, place_name = W.tile_name_of, W.place_of


def subject(tile_id: str) -> str:
    """A tile starting a sentence, so the verb agrees: "The Lock Keepers' tile comes up for scoring"."""
    tile = TILE_OF_ID.get(tile_id)
    return W.tile_subject(tile.index) if tile else tile_id


def card_name(number: int) -> str:
    """An action card by name; its number follows because several cards share a name and moves use it."""
    card = CARD_OF_NUMBER.get(number)
    return W.card_name(card) if card else f"#{number}"


def token_name(token_id: str) -> str:
    kind = TOKEN_OF_ID.get(token_id)
    return kind.name if kind else token_id


def reward_name(card_id: str) -> str:
    return REWARD_NAME.get(card_id, card_id)


def _skip(data: dict[str, Any], who: str) -> str:
    """A declined part of a first-place reward or a second-place extra (GL-82, GL-83, GL-D16)."""
    tile = TILE_OF_ID[data["tile"]]
    effects = tile.first if data["place"] == "first" else tile.second_extra
    part = W.effect_text(CONTENT.effects[effects[data["part"]]], whose="their")
    return f"{who} declines part of the {data['place']}-place reward on {tile_name(tile.id)}: {part}"


def counts_text(counts: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{names[p]} {n}" for p, n in enumerate(counts))


def _why(why: str, amount: int) -> str:
    if why in WHY_PHRASE:
        return WHY_PHRASE[why]
    if why.startswith("second place on "):
        tile_id = why.removeprefix("second place on ")
        tile = TILE_OF_ID.get(tile_id)
        extra = amount - tile.second_vp if tile else 0
        detail = f", {tile.second_vp} printed + {extra} from the token" if tile and extra > 0 else ""
        return f"for second place on {tile_name(tile_id)}{detail}"
    if why.startswith("reward card "):
        return f"for the reward card {reward_name(why.removeprefix('reward card '))}"
    if why.startswith("adjacent master pairs"):
        return f"for {plural(amount, 'pair')} of adjacent masters"
    return f"({why})"


def _play(data: dict[str, Any], who: str) -> str:
    card = card_name(data["card"])
    if data["use"] == "recruit":
        return f"{who} discards {card} to recruit a liveryman"
    if data["use"] == "move":
        return f"{who} discards {card} to move a liveryman"
    text = CARD_OF_NUMBER[data["card"]].text if data["card"] in CARD_OF_NUMBER else ""
    return f"{who} plays {card} for its effect: {text}" if text else f"{who} plays {card} for its effect"


def _vote(data: dict[str, Any], names: Sequence[str]) -> str:
    counts, winner, second = data["counts"], data["winner"], data["second"]
    tied = sum(1 for n in counts if n == counts[winner]) > 1
    how = "wins the tie-break" if tied else "wins"
    runner = f"{names[second]} is second" if second is not None else "nobody is second"
    return f"Vote on {tile_name(data['tile'])} ({counts_text(counts, names)}): {names[winner]} {how}, {runner}"


def _not_scored(data: dict[str, Any], names: Sequence[str]) -> str:
    counts = data["counts"]
    tile = subject(data["tile"])
    if max(counts, default=0) <= 0:
        return f"{tile} is not scored: no player has a liveryman there"
    return f"{tile} is not scored: the vote ({counts_text(counts, names)}) stays tied after adjacent masters"


def _plantation(data: dict[str, Any], names: Sequence[str]) -> str:
    counts, left, right = data["counts"], data["left"], data["right"]
    head = f"Plantation vote in round {data['round']} ({counts_text(counts, names)})"
    if not left and not right:
        return f"{head}: nobody earns a reward" if max(counts, default=0) <= 0 else f"{head}: no reward is given"
    parts = []
    if left:
        parts.append(f"{listing([names[p] for p in left])} takes the left reward")
    if right:
        verb = "take" if len(right) > 1 else "takes"
        parts.append(f"{listing([names[p] for p in right])} {verb} the right reward")
    if not left:
        parts.append("nobody gets the left reward (first place is tied)")
    elif not right:
        parts.append("nobody gets the right reward")
    return f"{head}: {', '.join(parts)}"


def _game_end(data: dict[str, Any], names: Sequence[str]) -> str:
    scores = ", ".join(f"{names[p]} {score:g} VP" for p, score in enumerate(data["scores"]))
    winners = [names[p] for p in data["winners"]]
    result = f"{winners[0]} wins" if len(winners) == 1 else f"{listing(winners)} share the win"
    cards = "; ".join(
        f"{names[p]}: " + (", ".join(f"{reward_name(c['card'])} {c['vp']} VP" for c in held) or "none")
        for p, held in enumerate(data["reward_cards"])
    )
    return f"Game over: {scores}, so {result} (reward cards: {cards})"


def _scoring(data: dict[str, Any], names: Sequence[str]) -> str:
    tile = TILE_OF_ID.get(data["tile"])
    minimum = f", minimum {tile.minimum}" if tile else ""
    return f"{subject(data['tile'])} comes up for scoring ({data['figures']} figures{minimum})"


def _growth(tiles: Sequence[str]) -> str:
    if not tiles:
        return ""
    verb = "joins" if len(tiles) == 1 else "join"
    return f"The city grows: {listing([tile_name(t) for t in tiles])} {verb} the city"


Describe = Callable[[dict[str, Any], str, Sequence[str]], str]

LINES: dict[str, Describe] = {
    "pass": lambda d, who, n: f"{who} passes, playing no card",
    "stop": lambda d, who, n: f"{who} ends the turn after playing {plural(d['played'], 'card')}",
    "play": lambda d, who, n: _play(d, who),
    "pay_coin": lambda d, who, n: f"{who} pays a coin by discarding {card_name(d['card'])}",
    "return": lambda d, who, n: f"{who} returns a liveryman from {place_name(d['source'])} to the supply",
    "recruit": lambda d, who, n: (
        f"{who} recruits {plural(d['count'], 'liveryman', 'liverymen')} to {place_name(d['to'])}"
    ),
    "move": lambda d, who, n: f"{who} moves a liveryman from {place_name(d['source'])} to {tile_name(d['to'])}",
    "to_plantation": lambda d, who, n: f"{who} sends a liveryman from {place_name(d['source'])} to the plantation",
    "beadle": lambda d, who, n: f"{who} moves the Beadle to {tile_name(d['to'])}",
    "draw": lambda d, who, n: f"{who} draws {plural(d['count'], 'action card')}",
    "drew": lambda d, who, n: f"You drew {listing([card_name(c) for c in d['cards']])}",
    "reshuffle": lambda d, who, n: f"The discard pile is shuffled into a new deck of {plural(d['cards'], 'card')}",
    "hand_limit_discard": lambda d, who, n: f"{who} discards {card_name(d['card'])} down to the hand limit",
    "spend_token": lambda d, who, n: f"{who} spends the {token_name(d['token'])} token",
    "token": lambda d, who, n: f"{who} takes the {token_name(d['token'])} token for second place",
    "neutral": lambda d, who, n: (
        f"{who} negotiates with a neutral liveryman on {place_name(d['at'])}, "
        f"sending one of {n[d['displaced']]}'s liverymen to the Guildhall"
    ),
    "skip_reward": lambda d, who, n: _skip(d, who),
    "reward_draw": lambda d, who, n: f"{who} draws {plural(d['count'], 'reward card')} to choose from",
    "reward_drawn": lambda d, who, n: f"You drew the reward cards {listing([reward_name(c) for c in d['cards']])}",
    "reward_kept": lambda d, who, n: f"{who} keeps a reward card (now holds {d['cards']})",
    "you_kept": lambda d, who, n: f"You keep the reward card {reward_name(d['card'])}",
    "reward_under": lambda d, who, n: f"{who} puts {plural(d['cards'], 'reward card')} under the reward deck",
    "vp": lambda d, who, n: f"{who} scores {d['amount']} VP {_why(d['why'], d['amount'])} (total {d['total']})",
    "scoring": lambda d, who, n: _scoring(d, n),
    "vote": lambda d, who, n: _vote(d, n),
    "not_scored": lambda d, who, n: _not_scored(d, n),
    "master": lambda d, who, n: (
        f"{who} becomes master of {tile_name(d['tile'])}; the other liverymen there go to the Guildhall"
        if d["controlled"]
        else f"{subject(d['tile'])} turns to its master side, "
        f"but {who} has no liveryman left to stand on it; the liverymen there go to the Guildhall"
    ),
    "plantation": lambda d, who, n: _plantation(d, n),
    "growth": lambda d, who, n: _growth(d["tiles"]),
    "round": lambda d, who, n: f"Round {d['round']} begins",
    "round_jump": lambda d, who, n: f"Every tile is scored, so play jumps to round {d['round']}",
    "game_end": lambda d, who, n: _game_end(d, n),
}


def describe_event(kind: str, data: dict[str, Any], names: Sequence[str]) -> str:
    """One log line for an event of `kind`; '' for a kind this game never produces."""
    line = LINES.get(kind)
    if line is None:
        return ""
    who = names[data["seat"]] if isinstance(data.get("seat"), int) and data["seat"] >= 0 else ""
    return line(data, who, names)
