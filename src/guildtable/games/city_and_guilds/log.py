"""The City and Guilds game log: one plain line per event in the reader's language, naming players by their display
names, tiles, lots, blocks and guild tracks in words, and for every scoring the value, how it was computed and who got
how many points (CG-32 to CG-35, CG-37, CG-40, CG-44, CG-45). No rule IDs and no notation (no codes, no formulas). Reads
only the event's own data, so a public line cannot reveal more than the event carries."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NotRequired, TypedDict, cast

from guildtable.games.city_and_guilds import words
from guildtable.games.city_and_guilds.content import (
    BLOCK_BASE,
    GUILD_CONTROL_POINTS,
    GUILDS,
    MARKET_POINTS,
    MINSTREL_POINTS,
    TAVERN_POINTS,
    TILE_CODES,
)
from guildtable.games.city_and_guilds.final import Row
from guildtable.kernel.i18n import domain

_ = domain("city_and_guilds").gettext
ngettext = domain("city_and_guilds").ngettext
pgettext = domain("city_and_guilds").pgettext

Names = Sequence[str]


# --- the events' data, as flow.py builds them (one shape per kind) -------------------------------------------------
# Tiles are tile codes (content.TILE_CODES), guilds guild names (content.GUILDS), lots lot names and blocks block
# letters of the board. `move` is the move's notation, `text`/`rule`/`reason` an English note for the plain record;
# the log reads neither.
class ReturnEvent(TypedDict):
    """`return` (CG-11, public): a seat returned one of its dealt tiles, which one is secret."""

    seat: int


class ReturnedEvent(TypedDict):
    """`returned` (CG-11, private to the seat): the tile it returned."""

    seat: int
    tile: str


class RevealEvent(TypedDict):
    """`reveal` (CG-12, CG-25): supply tiles turned face up on the display."""

    tiles: list[str]


class TileMoveEvent(TypedDict):
    """`pick`, `put_back` (CG-14) and `take` (CG-24): a tile picked from hand, put back, or taken from the display."""

    seat: int
    tile: str
    move: str


class PlaceEvent(TypedDict):
    """`place` (CG-14 to CG-21): a tile put on a lot; `setup` in the setup round (no figure, no investment)."""

    seat: int
    tile: str
    lot: str
    block: str
    setup: bool
    move: str


class ResolveEvent(TypedDict):
    """`resolve` (CG-17, CG-21): the figure choice for a building or minstrel house; `choice` is the move's notation
    ("invest", "double", "figure" or "nofigure")."""

    seat: int
    lot: str
    tile: str
    choice: str


class ForcedEvent(TypedDict):
    """`forced` (CG-18, CG-19): figures put without a choice (2, the last 1, or 0: the building stays unowned)."""

    seat: int
    rule: str
    lot: str
    guild: str
    figures: int
    text: str


class InvestEvent(TypedDict):
    """`invest` (CG-26): an advance on a guild track from `before` to `after`, or, `blocked`, none because the
    `target` space already holds 3 markers."""

    seat: int
    guild: str
    blocked: bool
    before: NotRequired[int]
    after: NotRequired[int]
    target: NotRequired[int]
    text: NotRequired[str]


class MarkersEvent(TypedDict):
    """`markers` (CG-29): who holds a block's white and black markers (`black` None: nobody yet)."""

    block: str
    white: int
    black: int | None


class TavernEvent(TypedDict):
    """`tavern` (CG-36, CG-37): a tavern placed on a lot."""

    seat: int
    lot: str
    block: str
    move: str
    text: str


class TavernDeclinedEvent(TypedDict):
    """`tavern_declined` (CG-36)."""

    seat: int
    move: str


class PassEvent(TypedDict):
    """`pass` (CG-13, CG-25): a seat with no tile to place."""

    seat: int
    reason: str


class BlockScoredEvent(TypedDict):
    """`block_scored` (CG-31 to CG-35, CG-37): a completed block's value and its terms, block control and guild
    control."""

    block: str
    completer: int
    by_tavern: bool
    value: int
    markets: int
    minstrels: int
    taverns: int
    second_of_two: str
    """The two_player_bonus_second option (CG-A-6)."""
    places: list[Row]
    """[seat, points, place] per block control payout, place as scoring.block_payouts names it ("alone", "1st of
    two", ...)."""
    present: int
    white: int | None
    black: int | None
    third: int | None
    guild: str | None
    """The controlling guild; None on a full tie or without guild tiles."""
    guild_keys: dict[str, list[int]]
    """By guild: [tiles in the block, size of its chain through the block, blocks that chain touches]."""
    points: list[Row]
    """[seat, points, why] per payout, block control then guild control ("block A: ..." for the latter)."""
    text: str


class FinalGuildEvent(TypedDict):
    """`final_guild` (CG-40, CG-44): a guild's scoring chain and what it paid."""

    guild: str
    size: int
    blocks: int
    value: int
    bonus: int
    payout: str
    """The final_payout option (CG-A-7)."""
    points: list[Row]
    """[seat, points, why] by track place."""
    text: str


class PenaltyEvent(TypedDict):
    """`penalty` (CG-45): -1 per unused figure."""

    points: list[Row]
    """[seat, points (negative), why] per seat with unused figures."""
    text: str


class GameEndEvent(TypedDict):
    """`game_end`: the final scores by seat and the winning seats."""

    scores: list[float]
    winners: list[int]


def _payout(row: Row) -> tuple[int, int, str]:
    """A scoring row [seat, points, why] (or [seat, points, place]) with its items' own types. It is a list at run
    time (JSON has no tuples), so `Row` types its items `str | int` together; the game writes them in this order."""
    seat, amount, text = row
    if isinstance(seat, int) and isinstance(amount, int) and isinstance(text, str):
        return seat, amount, text
    raise TypeError(f"not a scoring row [seat, points, text]: {row!r}")


def _kind(code: str) -> int:
    return TILE_CODES.index(code)


def _guild(guild: str) -> str:
    """`CANDLE` → "Candle" (German "Kerzenmacher")."""
    return words.capital(words.guild_words(GUILDS.index(guild)))


def _listing(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return _("{first} and {last}", first=", ".join(parts[:-1]), last=parts[-1])


def _tiles(count: int) -> str:
    return ngettext("{n} tile", "{n} tiles", count)


def _blocks(count: int) -> str:
    return ngettext("{n} block", "{n} blocks", count)


def _ordinal(place: int) -> str:
    if place == 1:
        return pgettext("place", "1st")
    if place == 2:
        return pgettext("place", "2nd")
    if place == 3:
        return pgettext("place", "3rd")
    return pgettext("place", "{n}th", n=place)


def _place_words(place: str) -> str:
    """A block control place as the scoring event names it ("1st of two", "2nd", ...), in words."""
    return {
        "1st of two": lambda: pgettext("place", "1st of two"),
        "2nd of two": lambda: pgettext("place", "2nd of two"),
        "1st": lambda: pgettext("place", "1st"),
        "2nd": lambda: pgettext("place", "2nd"),
        "3rd": lambda: pgettext("place", "3rd"),
    }.get(place, lambda: place)()


# --- moves ---------------------------------------------------------------------------------------------------------
def _return(data: ReturnEvent, names: Names) -> str:
    return _("{who} returns one of the four dealt tiles face down to the supply", who=names[data["seat"]])


def _returned(data: ReturnedEvent, names: Names) -> str:
    return _("You returned {your_tile} face down to the supply", your_tile=words.your_tile(_kind(data["tile"])))


def _reveal(data: RevealEvent, names: Names) -> str:
    tiles = [words.a_tile_subject(_kind(code)) for code in data["tiles"]]
    return _("Turned face up on the display: {tiles}", tiles=_listing(tiles))


def _pick(data: TileMoveEvent, names: Names) -> str:
    return _("{who} picks {tile} from hand to place", who=names[data["seat"]], tile=words.a_tile(_kind(data["tile"])))


def _put_back(data: TileMoveEvent, names: Names) -> str:
    return _("{who} puts {tile} back in hand", who=names[data["seat"]], tile=words.the_tile(_kind(data["tile"])))


def _place(data: PlaceEvent, names: Names) -> str:
    who, kind, lot, block = names[data["seat"]], _kind(data["tile"]), data["lot"], data["block"]
    if data["setup"]:
        return _(
            "{who} opens block {block} with {tile} on lot {lot} (setup: no figure, no investment)",
            who=who,
            block=block,
            tile=words.a_tile_with(kind),
            lot=lot,
        )
    return _(
        "{who} places {tile} on lot {lot} in block {block}", who=who, tile=words.a_tile(kind), lot=lot, block=block
    )


def _resolve(data: ResolveEvent, names: Names) -> str:
    who, tile, lot, choice = names[data["seat"]], words.the_tile(_kind(data["tile"])), data["lot"], data["choice"]
    if choice == "invest":
        return _("{who} puts one figure on {tile} on lot {lot} and invests", who=who, tile=tile, lot=lot)
    if choice == "double":
        return _("{who} puts two figures on {tile} on lot {lot} instead of investing", who=who, tile=tile, lot=lot)
    if choice == "figure":
        return _("{who} puts a figure on {tile} on lot {lot}", who=who, tile=tile, lot=lot)
    return _("{who} leaves {tile} on lot {lot} without a figure", who=who, tile=tile, lot=lot)


def _forced(data: ForcedEvent, names: Names) -> str:
    who, lot, guild = names[data["seat"]], data["lot"], _guild(data["guild"])
    if data["figures"] == 2:
        return _(
            "{who} cannot advance on the {guild} track, so two figures go on lot {lot}", who=who, guild=guild, lot=lot
        )
    if data["figures"] == 1:
        return _("{who} puts the last figure on lot {lot}", who=who, lot=lot)
    return _("{who} has no figures left: the building on lot {lot} stays unowned", who=who, lot=lot)


def _invest(data: InvestEvent, names: Names) -> str:
    who, guild = names[data["seat"]], _guild(data["guild"])
    if data["blocked"]:
        return _(
            "{who} cannot advance on the {guild} track: space {target} already holds 3 markers",
            who=who,
            guild=guild,
            target=data["target"],
        )
    return ngettext(
        "{who} advances {n} on the {guild} track, from {before} to {after}",
        "{who} advances {n} on the {guild} track, from {before} to {after}",
        data["after"] - data["before"],
        who=who,
        guild=guild,
        before=data["before"],
        after=data["after"],
    )


def _markers(data: MarkersEvent, names: Names) -> str:
    white, block = names[data["white"]], data["block"]
    if data["black"] is None:
        return _("Block {block}: {white} holds the white marker (1st); no black marker yet", block=block, white=white)
    return _(
        "Block {block}: {white} holds the white marker (1st); {black} the black marker (2nd)",
        block=block,
        white=white,
        black=names[data["black"]],
    )


def _tavern(data: TavernEvent, names: Names) -> str:
    return _(
        "{who} places a tavern on lot {lot}: +5 to the value of block {block}",
        who=names[data["seat"]],
        lot=data["lot"],
        block=data["block"],
    )


def _tavern_declined(data: TavernDeclinedEvent, names: Names) -> str:
    return _("{who} does without a tavern", who=names[data["seat"]])


def _take(data: TileMoveEvent, names: Names) -> str:
    return _("{who} takes {tile} from the display", who=names[data["seat"]], tile=words.a_tile(_kind(data["tile"])))


def _pass(data: PassEvent, names: Names) -> str:
    return _("{who} has no tile to place and passes", who=names[data["seat"]])


# --- scoring -------------------------------------------------------------------------------------------------------
def block_value_terms(value: int, markets: int, minstrels: int, taverns: int) -> str:
    """CG-32: "17: 8 for the block, 4 for 2 markets and 5 for a minstrel house"."""
    terms = [_("{points} for the block", points=BLOCK_BASE)]
    if markets:
        terms.append(
            ngettext("{points} for a market", "{points} for {n} markets", markets, points=markets * MARKET_POINTS)
        )
    if minstrels:
        terms.append(
            ngettext(
                "{points} for a minstrel house",
                "{points} for {n} minstrel houses",
                minstrels,
                points=minstrels * MINSTREL_POINTS,
            )
        )
    if taverns:
        terms.append(
            ngettext("{points} for a tavern", "{points} for {n} taverns", taverns, points=taverns * TAVERN_POINTS)
        )
    return f"{value}: {_listing(terms)}"


def _half(value: int) -> str:
    return _("half of {value}, rounded up", value=value)


def _quarter(value: int) -> str:
    return _("a quarter of {value}, rounded up", value=value)


def _eighth(value: int) -> str:
    return _("an eighth of {value}, rounded up", value=value)


def _all(value: int) -> str:
    return _("all {value}", value=value)


def _plus_one(share: str) -> str:
    return _("{share}, plus 1", share=share)


def _share_formula(place: str, value: int, first: int, second_of_two: str) -> str:
    """CG-33 (and the two_player_bonus_second option, CG-A-6, for the 2nd of two): how one block control share
    follows from the value, in words."""
    if place == "alone":
        return _all(value)
    if place == "1st of two":
        return _plus_one(_half(value))
    if place == "2nd of two":
        if second_of_two == "s2_from_first_with_bonus":
            return _plus_one(_half(first))
        return _plus_one(_quarter(value))
    return {"1st": _half, "2nd": _quarter, "3rd": _eighth}[place](value)


def _block_control(data: BlockScoredEvent, names: Names) -> str:
    places, value = [_payout(row) for row in data["places"]], data["value"]
    if not places:
        return _("Nobody has figures in the block, so nobody scores block control.")
    first = places[0][1]
    paid = []
    for seat, amount, place in places:
        formula = _share_formula(place, value, first, data["second_of_two"])
        if place == "alone":
            paid.append(_("{who} (alone in the block) scores {formula}", who=names[seat], formula=formula))
        else:
            paid.append(
                _(
                    "{who} ({place}) scores {formula}: {amount}",
                    who=names[seat],
                    place=_place_words(place),
                    formula=formula,
                    amount=amount,
                )
            )
    if data["present"] >= 3 and data["third"] is None:
        paid.append(_("3rd place is tied, so nobody scores it"))
    return _("Block control: {shares}.", shares="; ".join(paid))


def _key(key: Sequence[int]) -> str:
    count, size, blocks = key
    return _(
        "{tiles} each, with a chain of {size} over {blocks}", tiles=_tiles(count), size=size, blocks=_blocks(blocks)
    )


def _why_guild_wins(winner: str, keys: dict[str, list[int]]) -> str:
    """CG-34: which part of the key (count, chain size, chain blocks) put the winner ahead of the best runner-up."""
    win = keys[winner]
    others = {guild: key for guild, key in keys.items() if guild != winner}
    if not others:
        return _("the only guild with tiles here: {count}", count=win[0])
    runner, best = max(others.items(), key=lambda item: item[1])
    rest = ", ".join(f"{_guild(guild)} {key[0]}" for guild, key in others.items())
    if win[0] > best[0]:
        return _("most tiles: {count} against {others}", count=win[0], others=rest)
    if win[1] > best[1]:
        return _(
            "{tiles} like {runner}, but its chain through the block is longer: {size} tiles against {other}",
            tiles=_tiles(win[0]),
            runner=_guild(runner),
            size=win[1],
            other=best[1],
        )
    return _(
        "{tiles} and a chain of {size} like {runner}, but its chain touches more blocks: {blocks} against {other}",
        tiles=_tiles(win[0]),
        size=win[1],
        runner=_guild(runner),
        blocks=win[2],
        other=best[2],
    )


def _guild_control(data: BlockScoredEvent, names: Names) -> str:
    keys: dict[str, list[int]] = data["guild_keys"]
    guild = data["guild"]
    if not keys:
        return _("No guild tiles, so no guild control scoring.")
    if guild is None:
        top = max(keys.values())
        tied = [_guild(g) for g, key in keys.items() if key == top]
        return _(
            "No guild controls the block: {guilds} tie at {key}, so no guild scoring.",
            guilds=_listing(tied),
            key=_key(top),
        )
    paid = [
        f"{names[seat]} {amount}"
        for seat, amount, why in map(_payout, data["points"])
        if why.startswith(f"block {data['block']}:")
    ]
    why = _why_guild_wins(guild, keys)
    if not paid:
        return _(
            "The {guild} guild controls the block ({why}), but nobody has invested in it, so nobody scores.",
            guild=_guild(guild),
            why=why,
        )
    return _(
        "The {guild} guild controls the block ({why}) and pays {points} points to the top of the {guild} track: "
        "{paid}.",
        guild=_guild(guild),
        why=why,
        points=", ".join(str(p) for p in GUILD_CONTROL_POINTS),
        paid=_listing(paid),
    )


def _block_scored(data: BlockScoredEvent, names: Names) -> str:
    completer = names[data["completer"]]
    value = block_value_terms(data["value"], data["markets"], data["minstrels"], data["taverns"])
    if data["by_tavern"]:
        head = _(
            "Block {block} is complete (by {who}'s tavern), value {value}.",
            block=data["block"],
            who=completer,
            value=value,
        )
    else:
        head = _(
            "Block {block} is complete ({who} filled the last lot), value {value}.",
            block=data["block"],
            who=completer,
            value=value,
        )
    return f"{head} {_block_control(data, names)} {_guild_control(data, names)}"


def _final_shares(value: int, payout: str) -> tuple[str, str, str]:
    """CG-44 / the final_payout option (CG-A-7): how each track place's share follows from the chain value."""
    if payout == "half_quarter_eighth":
        return _half(value), _quarter(value), _eighth(value)
    return _all(value), _half(value), _quarter(value)


def _final_guild(data: FinalGuildEvent, names: Names) -> str:
    guild, value = _guild(data["guild"]), data["value"]
    common = {
        "guild": guild,
        "tiles": _tiles(data["size"]),
        "blocks": _blocks(data["blocks"]),
        "value": value,
        "size": data["size"],
        "bonus": data["bonus"],
    }
    if not data["points"]:
        return _(
            "Final {guild} scoring: the scoring chain has {tiles} over {blocks}, value {value} ({size} for its tiles "
            "and a bonus of {bonus} for its blocks); nobody has invested in the {guild} guild, so nobody scores.",
            **common,
        )
    formulas = _final_shares(value, data["payout"])
    paid = [
        _(
            "{who} {amount} ({place} on the {guild} track: {formula})",
            who=names[seat],
            amount=amount,
            place=_ordinal(place + 1),
            guild=guild,
            formula=formulas[place],
        )
        for place, (seat, amount, _why) in enumerate(map(_payout, data["points"]))
    ]
    return _(
        "Final {guild} scoring: the scoring chain has {tiles} over {blocks}, value {value} ({size} for its tiles and "
        "a bonus of {bonus} for its blocks): {paid}.",
        paid=_listing(paid),
        **common,
    )


def _penalty(data: PenaltyEvent, names: Names) -> str:
    lost = [
        _(
            "{who} loses {amount} ({figures} left)",
            who=names[seat],
            amount=-amount,
            figures=ngettext("{n} figure", "{n} figures", -amount),
        )
        for seat, amount, _why in map(_payout, data["points"])
    ]
    return _("Unused figures cost 1 point each: {losses}.", losses=_listing(lost))


def _game_end(data: GameEndEvent, names: Names) -> str:
    scores = ", ".join(f"{names[seat]} {score:g}" for seat, score in enumerate(data["scores"]))
    winners = [names[seat] for seat in data["winners"]]
    best = f"{data['scores'][data['winners'][0]]:g}"
    if len(winners) == 1:
        return _(
            "Game over. Final scores: {scores}. {winner} wins with {score}.",
            scores=scores,
            winner=winners[0],
            score=best,
        )
    return _(
        "Game over. Final scores: {scores}. {winners} share the win with {score}.",
        scores=scores,
        winners=_listing(winners),
        score=best,
    )


Describe = Callable[[Mapping[str, object], Names], str]
"""A kind's log line from the event's data as the kernel holds it (a JSON object)."""

# The one place the data gets its kind's shape: the kind tags it, and flow.py built it so.
DESCRIBERS: dict[str, Describe] = {
    "return": lambda data, names: _return(cast(ReturnEvent, data), names),
    "returned": lambda data, names: _returned(cast(ReturnedEvent, data), names),
    "reveal": lambda data, names: _reveal(cast(RevealEvent, data), names),
    "pick": lambda data, names: _pick(cast(TileMoveEvent, data), names),
    "put_back": lambda data, names: _put_back(cast(TileMoveEvent, data), names),
    "place": lambda data, names: _place(cast(PlaceEvent, data), names),
    "resolve": lambda data, names: _resolve(cast(ResolveEvent, data), names),
    "forced": lambda data, names: _forced(cast(ForcedEvent, data), names),
    "invest": lambda data, names: _invest(cast(InvestEvent, data), names),
    "markers": lambda data, names: _markers(cast(MarkersEvent, data), names),
    "tavern": lambda data, names: _tavern(cast(TavernEvent, data), names),
    "tavern_declined": lambda data, names: _tavern_declined(cast(TavernDeclinedEvent, data), names),
    "take": lambda data, names: _take(cast(TileMoveEvent, data), names),
    "pass": lambda data, names: _pass(cast(PassEvent, data), names),
    "block_scored": lambda data, names: _block_scored(cast(BlockScoredEvent, data), names),
    "final_guild": lambda data, names: _final_guild(cast(FinalGuildEvent, data), names),
    "penalty": lambda data, names: _penalty(cast(PenaltyEvent, data), names),
    "game_end": lambda data, names: _game_end(cast(GameEndEvent, data), names),
}


def describe_event(kind: str, data: Mapping[str, object], names: Names) -> str | None:
    """One log line for an event of kind `kind`; None for a kind this game never produces."""
    describer = DESCRIBERS.get(kind)
    return describer(data, names) if describer else None
