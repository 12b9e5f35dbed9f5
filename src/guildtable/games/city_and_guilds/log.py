"""The City and Guilds game log: one plain English line per event, naming players by their display names, tiles,
lots, blocks and guild tracks in words, and for every scoring the value, how it was computed and who got how many
points (CG-32 to CG-35, CG-37, CG-40, CG-44, CG-45). No rule IDs and no notation (no codes, no formulas). Reads only
the event's own data, so a public line cannot reveal more than the event carries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from guildtable.games.city_and_guilds.content import (
    BLOCK_BASE,
    GUILD_CONTROL_POINTS,
    MARKET_POINTS,
    MINSTREL_POINTS,
    TAVERN_POINTS,
    TILE_CODES,
    TILE_NAMES,
)

Names = Sequence[str]


def _tile(code: str) -> str:
    """`CA` → "candle building"."""
    return TILE_NAMES[TILE_CODES.index(code)]


def _a(code: str) -> str:
    name = _tile(code)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _guild(guild: str) -> str:
    """`CANDLE` → "Candle"."""
    return guild.title()


def _listing(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _points(amount: int) -> str:
    return _plural(amount, "point")


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


# --- moves ---------------------------------------------------------------------------------------------------------
def _return(data: dict[str, Any], names: Names) -> str:
    return f"{names[data['seat']]} returns one of the four dealt tiles face down to the supply"


def _returned(data: dict[str, Any], names: Names) -> str:
    return f"You returned your {_tile(data['tile'])} face down to the supply"


def _reveal(data: dict[str, Any], names: Names) -> str:
    tiles = [_a(code) for code in data["tiles"]]
    return f"Turned face up on the display: {_listing(tiles)}"


def _pick(data: dict[str, Any], names: Names) -> str:
    return f"{names[data['seat']]} picks {_a(data['tile'])} from hand to place"


def _put_back(data: dict[str, Any], names: Names) -> str:
    return f"{names[data['seat']]} puts the {_tile(data['tile'])} back in hand"


def _place(data: dict[str, Any], names: Names) -> str:
    who, tile, lot = names[data["seat"]], _a(data["tile"]), data["lot"]
    if data["setup"]:
        return f"{who} opens block {data['block']} with {tile} on lot {lot} (setup: no figure, no investment)"
    return f"{who} places {tile} on lot {lot} in block {data['block']}"


def _resolve(data: dict[str, Any], names: Names) -> str:
    who, tile, lot, choice = names[data["seat"]], _tile(data["tile"]), data["lot"], data["choice"]
    if choice == "invest":
        return f"{who} puts one figure on the {tile} on lot {lot} and invests"
    if choice == "double":
        return f"{who} puts two figures on the {tile} on lot {lot} instead of investing"
    if choice == "figure":
        return f"{who} puts a figure on the {tile} on lot {lot}"
    return f"{who} leaves the {tile} on lot {lot} without a figure"


def _forced(data: dict[str, Any], names: Names) -> str:
    who, lot, guild = names[data["seat"]], data["lot"], _guild(data["guild"])
    if data["figures"] == 2:
        return f"{who} cannot advance on the {guild} track, so two figures go on lot {lot}"
    if data["figures"] == 1:
        return f"{who} puts the last figure on lot {lot}"
    return f"{who} has no figures left: the building on lot {lot} stays unowned"


def _invest(data: dict[str, Any], names: Names) -> str:
    who, guild = names[data["seat"]], _guild(data["guild"])
    if data["blocked"]:
        return f"{who} cannot advance on the {guild} track: space {data['target']} already holds 3 markers"
    steps = data["after"] - data["before"]
    return f"{who} advances {steps} on the {guild} track, from {data['before']} to {data['after']}"


def _markers(data: dict[str, Any], names: Names) -> str:
    white = f"{names[data['white']]} holds the white marker (1st)"
    black = "no black marker yet" if data["black"] is None else f"{names[data['black']]} the black marker (2nd)"
    return f"Block {data['block']}: {white}; {black}"


def _tavern(data: dict[str, Any], names: Names) -> str:
    block = data["block"]
    return f"{names[data['seat']]} places a tavern on lot {data['lot']}: +5 to the value of block {block}"


def _tavern_declined(data: dict[str, Any], names: Names) -> str:
    return f"{names[data['seat']]} does without a tavern"


def _take(data: dict[str, Any], names: Names) -> str:
    return f"{names[data['seat']]} takes {_a(data['tile'])} from the display"


def _pass(data: dict[str, Any], names: Names) -> str:
    return f"{names[data['seat']]} has no tile to place and passes"


# --- scoring -------------------------------------------------------------------------------------------------------
def block_value_terms(value: int, markets: int, minstrels: int, taverns: int) -> str:
    """CG-32: "17: 8 for the block, 4 for 2 markets and 5 for a minstrel house"."""
    terms = [f"{BLOCK_BASE} for the block"]
    for count, points, one, many in (
        (markets, MARKET_POINTS, "a market", "markets"),
        (minstrels, MINSTREL_POINTS, "a minstrel house", "minstrel houses"),
        (taverns, TAVERN_POINTS, "a tavern", "taverns"),
    ):
        if count:
            terms.append(f"{count * points} for {one if count == 1 else f'{count} {many}'}")
    return f"{value}: {_listing(terms)}"


def _half(value: int) -> str:
    return f"half of {value}, rounded up"


def _quarter(value: int) -> str:
    return f"a quarter of {value}, rounded up"


def _eighth(value: int) -> str:
    return f"an eighth of {value}, rounded up"


def _share_formula(place: str, value: int, first: int, second_of_two: str) -> str:
    """CG-33 (and the two_player_bonus_second option, CG-A-6, for the 2nd of two): how one block control share
    follows from the value, in words."""
    if place == "alone":
        return f"all {value}"
    if place == "1st of two":
        return f"{_half(value)}, plus 1"
    if place == "2nd of two":
        if second_of_two == "s2_from_first_with_bonus":
            return f"{_half(first)}, plus 1"
        return f"{_quarter(value)}, plus 1"
    return {"1st": _half(value), "2nd": _quarter(value), "3rd": _eighth(value)}[place]


def _block_control(data: dict[str, Any], names: Names) -> str:
    places, value = data["places"], data["value"]
    if not places:
        return "Nobody has figures in the block, so nobody scores block control."
    first = places[0][1]
    paid = []
    for seat, amount, place in places:
        formula = _share_formula(place, value, first, data["second_of_two"])
        if place == "alone":
            paid.append(f"{names[seat]} (alone in the block) scores {formula}")
        else:
            paid.append(f"{names[seat]} ({place}) scores {formula}: {amount}")
    if data["present"] >= 3 and data["third"] is None:
        paid.append("3rd place is tied, so nobody scores it")
    return f"Block control: {'; '.join(paid)}."


def _key(key: Sequence[int]) -> str:
    count, size, blocks = key
    return f"{_plural(count, 'tile')} each, with a chain of {size} over {_plural(blocks, 'block')}"


def _why_guild_wins(winner: str, keys: dict[str, list[int]]) -> str:
    """CG-34: which part of the key (count, chain size, chain blocks) put the winner ahead of the best runner-up."""
    win = keys[winner]
    others = {guild: key for guild, key in keys.items() if guild != winner}
    if not others:
        return f"the only guild with tiles here: {win[0]}"
    runner, best = max(others.items(), key=lambda item: item[1])
    rest = ", ".join(f"{_guild(guild)} {key[0]}" for guild, key in others.items())
    if win[0] > best[0]:
        return f"most tiles: {win[0]} against {rest}"
    if win[1] > best[1]:
        return (
            f"{_plural(win[0], 'tile')} like {_guild(runner)}, but its chain through the block is longer: "
            f"{win[1]} tiles against {best[1]}"
        )
    return (
        f"{_plural(win[0], 'tile')} and a chain of {win[1]} like {_guild(runner)}, but its chain touches more "
        f"blocks: {win[2]} against {best[2]}"
    )


def _guild_control(data: dict[str, Any], names: Names) -> str:
    keys: dict[str, list[int]] = data["guild_keys"]
    guild = data["guild"]
    if not keys:
        return "No guild tiles, so no guild control scoring."
    if guild is None:
        top = max(keys.values())
        tied = [_guild(g) for g, key in keys.items() if key == top]
        return f"No guild controls the block: {_listing(tied)} tie at {_key(top)}, so no guild scoring."
    paid = [
        f"{names[seat]} {amount}" for seat, amount, why in data["points"] if why.startswith(f"block {data['block']}:")
    ]
    head = f"The {_guild(guild)} guild controls the block ({_why_guild_wins(guild, keys)})"
    if not paid:
        return f"{head}, but nobody has invested in it, so nobody scores."
    points = ", ".join(str(p) for p in GUILD_CONTROL_POINTS)
    return f"{head} and pays {points} points to the top of the {_guild(guild)} track: {_listing(paid)}."


def _block_scored(data: dict[str, Any], names: Names) -> str:
    completer = names[data["completer"]]
    how = f"by {completer}'s tavern" if data["by_tavern"] else f"{completer} filled the last lot"
    value = block_value_terms(data["value"], data["markets"], data["minstrels"], data["taverns"])
    return (
        f"Block {data['block']} is complete ({how}), value {value}. "
        f"{_block_control(data, names)} {_guild_control(data, names)}"
    )


def _final_shares(value: int, payout: str) -> tuple[str, str, str]:
    """CG-44 / the final_payout option (CG-A-7): how each track place's share follows from the chain value."""
    if payout == "half_quarter_eighth":
        return _half(value), _quarter(value), _eighth(value)
    return f"all {value}", _half(value), _quarter(value)


def _final_guild(data: dict[str, Any], names: Names) -> str:
    guild, value = _guild(data["guild"]), data["value"]
    chain = (
        f"Final {guild} scoring: the scoring chain has {_plural(data['size'], 'tile')} over "
        f"{_plural(data['blocks'], 'block')}, value {value} ({data['size']} for its tiles and a bonus of "
        f"{data['bonus']} for its blocks)"
    )
    if not data["points"]:
        return f"{chain}; nobody has invested in the {guild} guild, so nobody scores."
    formulas = _final_shares(value, data["payout"])
    paid = [
        f"{names[seat]} {amount} ({_ordinal(place + 1)} on the {guild} track: {formulas[place]})"
        for place, (seat, amount, _) in enumerate(data["points"])
    ]
    return f"{chain}: {_listing(paid)}."


def _penalty(data: dict[str, Any], names: Names) -> str:
    lost = [f"{names[seat]} loses {-amount} ({_plural(-amount, 'figure')} left)" for seat, amount, _ in data["points"]]
    return f"Unused figures cost 1 point each: {_listing(lost)}."


def _game_end(data: dict[str, Any], names: Names) -> str:
    scores = ", ".join(f"{names[seat]} {score:g}" for seat, score in enumerate(data["scores"]))
    winners = [names[seat] for seat in data["winners"]]
    if len(winners) == 1:
        result = f"{winners[0]} wins with {data['scores'][data['winners'][0]]:g}"
    else:
        result = f"{_listing(winners)} share the win with {data['scores'][data['winners'][0]]:g}"
    return f"Game over. Final scores: {scores}. {result}."


DESCRIBERS: dict[str, Callable[[dict[str, Any], Names], str]] = {
    "return": _return,
    "returned": _returned,
    "reveal": _reveal,
    "pick": _pick,
    "put_back": _put_back,
    "place": _place,
    "resolve": _resolve,
    "forced": _forced,
    "invest": _invest,
    "markers": _markers,
    "tavern": _tavern,
    "tavern_declined": _tavern_declined,
    "take": _take,
    "pass": _pass,
    "block_scored": _block_scored,
    "final_guild": _final_guild,
    "penalty": _penalty,
    "game_end": _game_end,
}


def describe_event(kind: str, data: dict[str, Any], names: Names) -> str | None:
    """One log line for an event of kind `kind`; None for a kind this game never produces."""
    describer = DESCRIBERS.get(kind)
    return describer(data, names) if describer else None
