"""The game log: one sentence per event in the reader's language, with seat names and the content's card, tile,
token and reward-card names instead of ids. Reads only an event's own data (and the public content), so a public
event's line can never reveal more than the event does; private events ("drew", "reward_drawn", "you_kept") are only
shown to their seat and so speak to it as "You"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.kernel.i18n import N_, domain

_ = domain("guilds_of_london").gettext
ngettext = domain("guilds_of_london").ngettext

CARD_OF_NUMBER = {card.number: card for card in CONTENT.cards}
TILE_OF_ID = {tile.id: tile for tile in CONTENT.tiles}
REWARD_NAME = {card.id: card.name for card in CONTENT.rewards}
TOKEN_OF_ID = {kind.id: kind for kind in CONTENT.tokens}

# `vp` events carry a short reason; these turn the fixed ones into the end of a sentence.
WHY_PHRASE = {
    "action card effect": N_("from an action card"),
    "first-place reward": N_("as a first-place reward"),
    "second-place reward": N_("as a second-place reward"),
    "plantation reward": N_("as a plantation reward"),
    "token": N_("from a reward token"),
    "effect": N_("from an effect"),
    "empty reward deck (GL-106)": N_("because the reward deck is empty"),
}
listing, cap = W.listing, W.cap
tile_name = W.tile_name_of


def _from(location: str) -> str:
    index = W.location_of(location)
    return W.place_from(index) if index != -3 else _("from {tile}", tile=location)


def _on(location: str) -> str:
    index = W.location_of(location)
    return W.place_on(index) if index != -3 else _("on {tile}", tile=location)


def _to(location: str) -> str:
    index = W.location_of(location)
    return W.place_to(index) if index != -3 else _("to {tile}", tile=location)


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
    return _(kind.name) if kind else token_id


def reward_name(card_id: str) -> str:
    name = REWARD_NAME.get(card_id)
    return _(name) if name else card_id


def _skip(data: dict[str, Any], who: str) -> str:
    """A declined part of a first-place reward or a second-place extra (GL-82, GL-83, GL-D16)."""
    tile = TILE_OF_ID[data["tile"]]
    effects = tile.first if data["place"] == "first" else tile.second_extra
    part = W.effect_text(CONTENT.effects[effects[data["part"]]], whose="their")
    if data["place"] == "first":
        return _(
            "{who} declines part of the first-place reward on {tile}: {part}",
            who=who,
            tile=tile_name(tile.id),
            part=part,
        )
    return _(
        "{who} declines part of the second-place reward on {tile}: {part}", who=who, tile=tile_name(tile.id), part=part
    )


def counts_text(counts: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{names[p]} {n}" for p, n in enumerate(counts))


def _why(why: str, amount: int) -> str:
    if why in WHY_PHRASE:
        return _(WHY_PHRASE[why])
    if why.startswith("second place on "):
        tile_id = why.removeprefix("second place on ")
        tile = TILE_OF_ID.get(tile_id)
        extra = amount - tile.second_vp if tile else 0
        if tile and extra > 0:
            return _(
                "for second place on {tile}, {printed} printed + {extra} from the token",
                tile=tile_name(tile_id),
                printed=tile.second_vp,
                extra=extra,
            )
        return _("for second place on {tile}", tile=tile_name(tile_id))
    if why.startswith("reward card "):
        return _("for the reward card {card}", card=reward_name(why.removeprefix("reward card ")))
    if why.startswith("adjacent master pairs"):
        return ngettext("for {n} pair of adjacent masters", "for {n} pairs of adjacent masters", amount)
    return f"({why})"


def _play(data: dict[str, Any], who: str) -> str:
    card = card_name(data["card"])
    if data["use"] == "recruit":
        return _("{who} discards {card} to recruit a liveryman", who=who, card=card)
    if data["use"] == "move":
        return _("{who} discards {card} to move a liveryman", who=who, card=card)
    text = CARD_OF_NUMBER[data["card"]].text if data["card"] in CARD_OF_NUMBER else ""
    if text:
        return _("{who} plays {card} for its effect: {text}", who=who, card=card, text=_(text))
    return _("{who} plays {card} for its effect", who=who, card=card)


def _vote(data: dict[str, Any], names: Sequence[str]) -> str:
    counts, winner, second = data["counts"], data["winner"], data["second"]
    tied = sum(1 for n in counts if n == counts[winner]) > 1
    params = {"tile": tile_name(data["tile"]), "counts": counts_text(counts, names), "winner": names[winner]}
    if second is None:
        if tied:
            return _("Vote on {tile} ({counts}): {winner} wins the tie-break, nobody is second", **params)
        return _("Vote on {tile} ({counts}): {winner} wins, nobody is second", **params)
    if tied:
        return _(
            "Vote on {tile} ({counts}): {winner} wins the tie-break, {second} is second", second=names[second], **params
        )
    return _("Vote on {tile} ({counts}): {winner} wins, {second} is second", second=names[second], **params)


def _not_scored(data: dict[str, Any], names: Sequence[str]) -> str:
    counts = data["counts"]
    tile = subject(data["tile"])
    if max(counts, default=0) <= 0:
        return _("{tile} is not scored: no player has a liveryman there", tile=tile)
    return _(
        "{tile} is not scored: the vote ({counts}) stays tied after adjacent masters",
        tile=tile,
        counts=counts_text(counts, names),
    )


def _plantation(data: dict[str, Any], names: Sequence[str]) -> str:
    counts, left, right = data["counts"], data["left"], data["right"]
    head = _("Plantation vote in round {round} ({counts})", round=data["round"], counts=counts_text(counts, names))
    if not left and not right:
        if max(counts, default=0) <= 0:
            return _("{head}: nobody earns a reward", head=head)
        return _("{head}: no reward is given", head=head)
    parts = []
    if left:
        parts.append(_("{players} takes the left reward", players=listing([names[p] for p in left])))
    if right:
        parts.append(
            ngettext(
                "{players} takes the right reward",
                "{players} take the right reward",
                len(right),
                players=listing([names[p] for p in right]),
            )
        )
    if not left:
        parts.append(_("nobody gets the left reward (first place is tied)"))
    elif not right:
        parts.append(_("nobody gets the right reward"))
    return _("{head}: {parts}", head=head, parts=", ".join(parts))


def _game_end(data: dict[str, Any], names: Sequence[str]) -> str:
    scores = ", ".join(
        _("{player} {vp} VP", player=names[p], vp=f"{score:g}") for p, score in enumerate(data["scores"])
    )
    winners = [names[p] for p in data["winners"]]
    if len(winners) == 1:
        result = _("{player} wins", player=winners[0])
    else:
        result = _("{players} share the win", players=listing(winners))
    cards = "; ".join(
        f"{names[p]}: "
        + (", ".join(_("{card} {vp} VP", card=reward_name(c["card"]), vp=c["vp"]) for c in held) or _("none"))
        for p, held in enumerate(data["reward_cards"])
    )
    return _("Game over: {scores}, so {result} (reward cards: {cards})", scores=scores, result=result, cards=cards)


def _scoring(data: dict[str, Any], names: Sequence[str]) -> str:
    tile = TILE_OF_ID.get(data["tile"])
    if tile:
        return _(
            "{tile} comes up for scoring ({figures} figures, minimum {minimum})",
            tile=subject(data["tile"]),
            figures=data["figures"],
            minimum=tile.minimum,
        )
    return _("{tile} comes up for scoring ({figures} figures)", tile=subject(data["tile"]), figures=data["figures"])


def _growth(tiles: Sequence[str]) -> str:
    if not tiles:
        return ""
    return ngettext(
        "The city grows: {tiles} joins the city",
        "The city grows: {tiles} join the city",
        len(tiles),
        tiles=listing([tile_name(t) for t in tiles]),
    )


def _master(d: dict[str, Any], who: str) -> str:
    if d["controlled"]:
        return _(
            "{who} becomes master of {tile}; the other liverymen there go to the Guildhall",
            who=who,
            tile=tile_name(d["tile"]),
        )
    return _(
        "{tile} turns to its master side, but {who} has no liveryman left to stand on it; the liverymen there go to "
        "the Guildhall",
        tile=subject(d["tile"]),
        who=who,
    )


Describe = Callable[[dict[str, Any], str, Sequence[str]], str]

LINES: dict[str, Describe] = {
    "pass": lambda d, who, n: _("{who} passes, playing no card", who=who),
    "stop": lambda d, who, n: ngettext(
        "{who} ends the turn after playing {n} card",
        "{who} ends the turn after playing {n} cards",
        d["played"],
        who=who,
    ),
    "play": lambda d, who, n: _play(d, who),
    "pay_coin": lambda d, who, n: _("{who} pays a coin by discarding {card}", who=who, card=card_name(d["card"])),
    "return": lambda d, who, n: _(
        "{who} returns a liveryman {source} to the supply", who=who, source=_from(d["source"])
    ),
    "recruit": lambda d, who, n: ngettext(
        "{who} recruits {n} liveryman {to}", "{who} recruits {n} liverymen {to}", d["count"], who=who, to=_to(d["to"])
    ),
    "move": lambda d, who, n: _(
        "{who} moves a liveryman {source} to {tile}", who=who, source=_from(d["source"]), tile=tile_name(d["to"])
    ),
    "to_plantation": lambda d, who, n: _(
        "{who} sends a liveryman {source} to the plantation", who=who, source=_from(d["source"])
    ),
    "beadle": lambda d, who, n: _("{who} moves the Beadle to {tile}", who=who, tile=tile_name(d["to"])),
    "draw": lambda d, who, n: ngettext(
        "{who} draws {n} action card", "{who} draws {n} action cards", d["count"], who=who
    ),
    "drew": lambda d, who, n: _("You drew {cards}", cards=listing([card_name(c) for c in d["cards"]])),
    "reshuffle": lambda d, who, n: ngettext(
        "The discard pile is shuffled into a new deck of {n} card",
        "The discard pile is shuffled into a new deck of {n} cards",
        d["cards"],
    ),
    "hand_limit_discard": lambda d, who, n: _(
        "{who} discards {card} down to the hand limit", who=who, card=card_name(d["card"])
    ),
    "spend_token": lambda d, who, n: _("{who} spends the {token} token", who=who, token=token_name(d["token"])),
    "token": lambda d, who, n: _(
        "{who} takes the {token} token for second place", who=who, token=token_name(d["token"])
    ),
    "neutral": lambda d, who, n: _(
        "{who} negotiates with a neutral liveryman {at}, sending one of {other}'s liverymen to the Guildhall",
        who=who,
        at=_on(d["at"]),
        other=n[d["displaced"]],
    ),
    "skip_reward": lambda d, who, n: _skip(d, who),
    "reward_draw": lambda d, who, n: ngettext(
        "{who} draws {n} reward card to choose from", "{who} draws {n} reward cards to choose from", d["count"], who=who
    ),
    "reward_drawn": lambda d, who, n: _(
        "You drew the reward cards {cards}", cards=listing([reward_name(c) for c in d["cards"]])
    ),
    "reward_kept": lambda d, who, n: _("{who} keeps a reward card (now holds {cards})", who=who, cards=d["cards"]),
    "you_kept": lambda d, who, n: _("You keep the reward card {card}", card=reward_name(d["card"])),
    "reward_under": lambda d, who, n: ngettext(
        "{who} puts {n} reward card under the reward deck",
        "{who} puts {n} reward cards under the reward deck",
        d["cards"],
        who=who,
    ),
    "vp": lambda d, who, n: _(
        "{who} scores {amount} VP {why} (total {total})",
        who=who,
        amount=d["amount"],
        why=_why(d["why"], d["amount"]),
        total=d["total"],
    ),
    "scoring": lambda d, who, n: _scoring(d, n),
    "vote": lambda d, who, n: _vote(d, n),
    "not_scored": lambda d, who, n: _not_scored(d, n),
    "master": lambda d, who, n: _master(d, who),
    "plantation": lambda d, who, n: _plantation(d, n),
    "growth": lambda d, who, n: _growth(d["tiles"]),
    "round": lambda d, who, n: _("Round {round} begins", round=d["round"]),
    "round_jump": lambda d, who, n: _("Every tile is scored, so play jumps to round {round}", round=d["round"]),
    "game_end": lambda d, who, n: _game_end(d, n),
}


def describe_event(kind: str, data: dict[str, Any], names: Sequence[str]) -> str:
    """One log line for an event of `kind`; '' for a kind this game never produces."""
    line = LINES.get(kind)
    if line is None:
        return ""
    who = names[data["seat"]] if isinstance(data.get("seat"), int) and data["seat"] >= 0 else ""
    return line(data, who, names)
