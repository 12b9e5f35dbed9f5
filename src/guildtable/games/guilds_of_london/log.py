"""The game log: one sentence per event in the reader's language, with seat names and the content's card, tile,
token and reward-card names instead of ids. Reads only an event's own data (and the public content), so a public
event's line can never reveal more than the event does; private events ("drew", "reward_drawn", "you_kept") are only
shown to their seat and so speak to it as "You"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypedDict, cast

from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.records import RewardCardScore
from guildtable.kernel.i18n import N_, domain

# ---------------------------------------------------------------------------------------------------------------------
# The events' data, one shape per kind, as flow.py builds them (`public(kind, ...)` / `private(seat, kind, ...)`).
# ---------------------------------------------------------------------------------------------------------------------


class SeatEvent(TypedDict):
    """The seat acting; every per-seat event carries it."""

    seat: int


class PassEvent(SeatEvent):
    """`pass`: the seat plays no card (GL-56)."""


class StopEvent(SeatEvent):
    """`stop`: the seat ends its turn after `played` cards (GL-58)."""

    played: int


class PlayEvent(SeatEvent):
    """`play`: an action card by number, how it is used, and its (English) name."""

    card: int
    use: Literal["recruit", "move", "effect"]
    name: str


class CardEvent(SeatEvent):
    """`pay_coin`, `hand_limit_discard`: one action card by number."""

    card: int


class SourceEvent(SeatEvent):
    """`return`, `to_plantation`: a liveryman leaves a location (`actions.location_name`)."""

    source: str


class RecruitEvent(SeatEvent):
    """`recruit`: `count` liverymen to a location."""

    count: int
    to: str


class MoveEvent(SeatEvent):
    """`move`: a liveryman from a location to a tile id."""

    source: str
    to: str


class BeadleEvent(SeatEvent):
    """`beadle`: the Beadle moves to a tile id."""

    to: str


class CountEvent(SeatEvent):
    """`draw`, `reward_draw`: how many cards were drawn."""

    count: int


class DrewEvent(SeatEvent):
    """`drew` (private): the action cards drawn, by number."""

    cards: list[int]


class ReshuffleEvent(TypedDict):
    """`reshuffle`: the size of the new deck."""

    cards: int


class TokenEvent(SeatEvent):
    """`spend_token`, `token`: a reward token by id."""

    token: str


class NeutralEvent(SeatEvent):
    """`neutral`: a negotiation at a location, displacing one of seat `displaced`'s liverymen."""

    displaced: int
    at: str


class SkipRewardEvent(SeatEvent):
    """`skip_reward`: a declined part (index into the tile's effects) of a first- or second-place reward."""

    tile: str
    place: Literal["first", "second"]
    part: int


class RewardDrawnEvent(SeatEvent):
    """`reward_drawn` (private): the reward cards drawn, by id."""

    cards: list[str]


class RewardCountEvent(SeatEvent):
    """`reward_kept` (cards now held), `reward_under` (cards put under the deck)."""

    cards: int


class YouKeptEvent(SeatEvent):
    """`you_kept` (private): the reward card kept, by id."""

    card: str


class VpEvent(SeatEvent):
    """`vp`: VP gained, the new total and a short reason."""

    amount: int
    total: int
    why: str


class ScoringEvent(TypedDict):
    """`scoring`: a tile comes up with `figures` figures on it."""

    tile: str
    figures: int


class NotScoredEvent(TypedDict):
    """`not_scored`: the vote on a tile, per seat, with no winner."""

    tile: str
    counts: list[int]


class VoteEvent(NotScoredEvent):
    """`vote`: the vote's winner and second place (None: nobody)."""

    winner: int
    second: int | None


class MasterEvent(SeatEvent):
    """`master`: the tile flips; `controlled` when the winner had a liveryman to stand on it."""

    tile: str
    controlled: bool


class PlantationEvent(TypedDict):
    """`plantation`: the plantation vote per seat and who takes the left and right rewards."""

    round: int
    counts: list[int]
    left: list[int]
    right: list[int]


class GrowthEvent(TypedDict):
    """`growth`: the tile ids joining the city."""

    tiles: list[str]


class RoundEvent(TypedDict):
    """`round`, `round_jump`: the round now played."""

    round: int


class GameEndEvent(TypedDict):
    """`game_end`: final scores and winners by seat, and each seat's reward cards with their VP."""

    scores: list[float]
    winners: list[int]
    reward_cards: list[list[RewardCardScore]]


# ---------------------------------------------------------------------------------------------------------------------

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
    """An action card by its name, as the card shows it: the log never shows the number the moves use to tell apart
    cards of the same name (issue 33)."""
    card = CARD_OF_NUMBER.get(number)
    return _(card.name) if card else _("an action card")


def token_name(token_id: str) -> str:
    kind = TOKEN_OF_ID.get(token_id)
    return _(kind.name) if kind else token_id


def reward_name(card_id: str) -> str:
    name = REWARD_NAME.get(card_id)
    return _(name) if name else card_id


def _skip(data: SkipRewardEvent, who: str) -> str:
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


def _play(data: PlayEvent, who: str) -> str:
    card = card_name(data["card"])
    if data["use"] == "recruit":
        return _("{who} discards {card} to recruit a liveryman", who=who, card=card)
    if data["use"] == "move":
        return _("{who} discards {card} to move a liveryman", who=who, card=card)
    text = CARD_OF_NUMBER[data["card"]].text if data["card"] in CARD_OF_NUMBER else ""
    if text:  # the card's own words, quoted: its "you" is the card speaking to whoever plays it
        return _("{who} plays {card} for its effect: “{text}”", who=who, card=card, text=_(text))
    return _("{who} plays {card} for its effect", who=who, card=card)


def _vote(data: VoteEvent, names: Sequence[str]) -> str:
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


def _not_scored(data: NotScoredEvent, names: Sequence[str]) -> str:
    counts = data["counts"]
    tile = subject(data["tile"])
    if max(counts, default=0) <= 0:
        return _("{tile} is not scored: no player has a liveryman there", tile=tile)
    return _(
        "{tile} is not scored: the vote ({counts}) stays tied after adjacent masters",
        tile=tile,
        counts=counts_text(counts, names),
    )


def _plantation(data: PlantationEvent, names: Sequence[str]) -> str:
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


def _game_end(data: GameEndEvent, names: Sequence[str]) -> str:
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


def _scoring(data: ScoringEvent, names: Sequence[str]) -> str:
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


def _master(d: MasterEvent, who: str) -> str:
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


# The kinds this log describes (each has a branch in `describe_event`).
KINDS = frozenset(
    {
        "pass",
        "stop",
        "play",
        "pay_coin",
        "return",
        "recruit",
        "move",
        "to_plantation",
        "beadle",
        "draw",
        "drew",
        "reshuffle",
        "hand_limit_discard",
        "spend_token",
        "token",
        "neutral",
        "skip_reward",
        "reward_draw",
        "reward_drawn",
        "reward_kept",
        "you_kept",
        "reward_under",
        "vp",
        "scoring",
        "vote",
        "not_scored",
        "master",
        "plantation",
        "growth",
        "round",
        "round_jump",
        "game_end",
    }
)


def describe_event(kind: str, data: Mapping[str, object], names: Sequence[str]) -> str:
    """One log line for an event of `kind`; '' for a kind this game never produces. The kind tags the data's shape
    (flow.py built the event), so each branch reads it as that kind's TypedDict."""
    if kind not in KINDS:
        return ""
    seat = data.get("seat")
    who = names[seat] if isinstance(seat, int) and seat >= 0 else ""
    match kind:
        case "pass":
            return _("{who} passes, playing no card", who=who)
        case "stop":
            stop = cast(StopEvent, data)
            return ngettext(
                "{who} ends the turn after playing {n} card",
                "{who} ends the turn after playing {n} cards",
                stop["played"],
                who=who,
            )
        case "play":
            return _play(cast(PlayEvent, data), who)
        case "pay_coin":
            paid = cast(CardEvent, data)
            return _("{who} pays a coin by discarding {card}", who=who, card=card_name(paid["card"]))
        case "return":
            returned = cast(SourceEvent, data)
            return _("{who} returns a liveryman {source} to the supply", who=who, source=_from(returned["source"]))
        case "recruit":
            recruited = cast(RecruitEvent, data)
            return ngettext(
                "{who} recruits {n} liveryman {to}",
                "{who} recruits {n} liverymen {to}",
                recruited["count"],
                who=who,
                to=_to(recruited["to"]),
            )
        case "move":
            moved = cast(MoveEvent, data)
            return _(
                "{who} moves a liveryman {source} to {tile}",
                who=who,
                source=_from(moved["source"]),
                tile=tile_name(moved["to"]),
            )
        case "to_plantation":
            sent = cast(SourceEvent, data)
            return _("{who} sends a liveryman {source} to the plantation", who=who, source=_from(sent["source"]))
        case "beadle":
            beadle = cast(BeadleEvent, data)
            return _("{who} moves the Beadle to {tile}", who=who, tile=tile_name(beadle["to"]))
        case "draw":
            draw = cast(CountEvent, data)
            return ngettext("{who} draws {n} action card", "{who} draws {n} action cards", draw["count"], who=who)
        case "drew":
            drew = cast(DrewEvent, data)
            return _("You drew {cards}", cards=listing([card_name(c) for c in drew["cards"]]))
        case "reshuffle":
            reshuffle = cast(ReshuffleEvent, data)
            return ngettext(
                "The discard pile is shuffled into a new deck of {n} card",
                "The discard pile is shuffled into a new deck of {n} cards",
                reshuffle["cards"],
            )
        case "hand_limit_discard":
            discarded = cast(CardEvent, data)
            return _("{who} discards {card} down to the hand limit", who=who, card=card_name(discarded["card"]))
        case "spend_token":
            spent = cast(TokenEvent, data)
            return _("{who} spends the {token} token", who=who, token=token_name(spent["token"]))
        case "token":
            taken = cast(TokenEvent, data)
            return _("{who} takes the {token} token for second place", who=who, token=token_name(taken["token"]))
        case "neutral":
            neutral = cast(NeutralEvent, data)
            return _(
                "{who} negotiates with a neutral liveryman {at}, sending one of {other}'s liverymen to the Guildhall",
                who=who,
                at=_on(neutral["at"]),
                other=names[neutral["displaced"]],
            )
        case "skip_reward":
            return _skip(cast(SkipRewardEvent, data), who)
        case "reward_draw":
            reward_draw = cast(CountEvent, data)
            return ngettext(
                "{who} draws {n} reward card to choose from",
                "{who} draws {n} reward cards to choose from",
                reward_draw["count"],
                who=who,
            )
        case "reward_drawn":
            drawn = cast(RewardDrawnEvent, data)
            return _("You drew the reward cards {cards}", cards=listing([reward_name(c) for c in drawn["cards"]]))
        case "reward_kept":
            kept = cast(RewardCountEvent, data)
            return _("{who} keeps a reward card (now holds {cards})", who=who, cards=kept["cards"])
        case "you_kept":
            you_kept = cast(YouKeptEvent, data)
            return _("You keep the reward card {card}", card=reward_name(you_kept["card"]))
        case "reward_under":
            under = cast(RewardCountEvent, data)
            return ngettext(
                "{who} puts {n} reward card under the reward deck",
                "{who} puts {n} reward cards under the reward deck",
                under["cards"],
                who=who,
            )
        case "vp":
            vp = cast(VpEvent, data)
            return _(
                "{who} scores {amount} VP {why} (total {total})",
                who=who,
                amount=vp["amount"],
                why=_why(vp["why"], vp["amount"]),
                total=vp["total"],
            )
        case "scoring":
            return _scoring(cast(ScoringEvent, data), names)
        case "vote":
            return _vote(cast(VoteEvent, data), names)
        case "not_scored":
            return _not_scored(cast(NotScoredEvent, data), names)
        case "master":
            return _master(cast(MasterEvent, data), who)
        case "plantation":
            return _plantation(cast(PlantationEvent, data), names)
        case "growth":
            return _growth(cast(GrowthEvent, data)["tiles"])
        case "round":
            return _("Round {round} begins", round=cast(RoundEvent, data)["round"])
        case "round_jump":
            return _("Every tile is scored, so play jumps to round {round}", round=cast(RoundEvent, data)["round"])
        case "game_end":
            return _game_end(cast(GameEndEvent, data), names)
        case _:
            return ""
