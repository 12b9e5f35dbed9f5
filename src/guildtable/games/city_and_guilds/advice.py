"""Why a better City and Guilds move was better (issue 33, `Game.explain_choice`): what it gains over the move played
by the end of the mover's turn, in a player's words: points scored at once for a full block (CG-31 to CG-35), points
not handed to a rival, first or second place taken in a block not yet full (CG-29), or a higher place on a guild's
track (CG-27).

Everything compared is on the map, the tracks or the score, which every player sees: nothing hidden goes into a
sentence. Each candidate reason is weighed in points (a place in a block not yet full counts half its share: it can
still be lost), and the weightiest one is said.
"""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.city_and_guilds.content import GUILD_CONTROL_POINTS, GUILD_COUNT, SEAT_NAMES, ceil_half
from guildtable.games.city_and_guilds.scoring import (
    block_value,
    chain_value,
    final_shares,
    guild_chains,
    ranking,
    scoring_chain,
    sheet_of_ledger,
)
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.games.city_and_guilds.words import guild_words
from guildtable.kernel import State
from guildtable.kernel.advice import weightiest
from guildtable.kernel.i18n import N_, domain

_ = domain("city_and_guilds").gettext
ngettext = domain("city_and_guilds").ngettext
# A place in a block not yet full, or on a track, counts this share of what it would pay now: it can still be lost.
STANDING_SHARE = 0.5
# A rival's points count this share of one's own (with three or more players, another rival may still gain).
RIVAL_SHARE = 0.5
# Reasons weighing less than this (in points) are not worth a sentence.
LEAST = 0.25
# A higher place on a guild's track, by the place (the first three score, CG-35).
TRACK_PLACES = (
    N_("With it, {who} would have moved up to first place on the {guild} track."),
    N_("With it, {who} would have moved up to second place on the {guild} track."),
    N_("With it, {who} would have moved up to third place on the {guild} track."),
)
# A block's value raised where the mover is first or second (CG-32).
RAISED_FIRST = N_(
    "With it, {who} would have raised the value of block {block}, where {who} is first, to {value} points."
)
RAISED_SECOND = N_(
    "With it, {who} would have raised the value of block {block}, where {who} is second, to {value} points."
)


def _things(before: CityAndGuildsPosition, after: CityAndGuildsPosition, seat: int) -> tuple[int, str]:
    """The points `seat` scored during the turn, and what for ("block D and block D: the Bakers control it")."""
    n = after.num_players
    entries = after.ledger[len(before.ledger) :]
    sheet = sheet_of_ledger(entries, n, [float(sum(e[2] for e in entries if e[1] == s)) for s in range(n)])
    labels = [line.label for category in sheet.categories for line in category.lines if line.points[seat]]
    gained = after.scores_[seat] - before.scores_[seat]
    text = labels[0] if labels else ""
    for label in labels[1:]:
        text = _("{a} and {b}", a=text, b=label)
    return gained, text


def _place(state: CityAndGuildsPosition, block: int, seat: int) -> int:
    """1 for the white marker (first), 2 for the black (second), 0 for neither."""
    return 1 if state.white[block] == seat else 2 if state.black[block] == seat else 0


def _share(value: int, place: int) -> float:
    """About what a place pays when the block is scored (CG-33, with three or more there)."""
    half = ceil_half(value)
    return float(half if place == 1 else ceil_half(half) if place == 2 else 0)


def _rank(state: CityAndGuildsPosition, guild: int, seat: int) -> int:
    """`seat`'s place on `guild`'s track, 1 for the highest; 0 when not on it."""
    ranked = ranking(state.values[guild], state.stamps[guild])
    return ranked.index(seat) + 1 if seat in ranked else 0


def _track_worth(rank: int) -> float:
    return float(GUILD_CONTROL_POINTS[rank - 1]) if 0 < rank <= len(GUILD_CONTROL_POINTS) else 0.0


def _chain(state: CityAndGuildsPosition, guild: int) -> tuple[int, int, int]:
    """`guild`'s scoring chain now (CG-41): (tiles, blocks it touches, its value at the end, CG-40)."""
    options = state.options
    chain = scoring_chain(
        guild_chains(state.tiles, state.board, guild), options["chain_selection"], options["chain_bonus_8"]
    )
    return (0, 0, 0) if chain is None else (chain[0], chain[1], chain_value(chain, options["chain_bonus_8"]))


def reasons(
    before: CityAndGuildsPosition,
    played: CityAndGuildsPosition,
    better: CityAndGuildsPosition,
    seat: int,
    names: Sequence[str],
) -> list[tuple[float, str]]:
    """Every difference worth a sentence, with its weight in points."""
    who = names[seat]
    found: list[tuple[float, str]] = []
    gained, things = _things(before, better, seat)
    more = gained - (played.scores_[seat] - before.scores_[seat])
    if more > 0 and things:
        sentence = ngettext(
            "With it, {who} would have scored {n} point more at once ({things}).",
            "With it, {who} would have scored {n} points more at once ({things}).",
            more,
            who=who,
            things=things,
        )
        found.append((float(more), sentence))
    for rival in range(played.num_players):
        if rival == seat:
            continue
        handed, things = _things(before, played, rival)
        fewer = handed - (better.scores_[rival] - before.scores_[rival])
        if fewer > 0 and things:
            sentence = ngettext(
                "With it, {who} would not have handed {rival} {n} point ({things}).",
                "With it, {who} would not have handed {rival} {n} points ({things}).",
                fewer,
                who=who,
                rival=names[rival],
                things=things,
            )
            found.append((RIVAL_SHARE * fewer, sentence))
    board = better.board
    for block in range(board.blocks):
        if block in better.scored or block in played.scored:
            continue
        now, then = _place(better, block, seat), _place(played, block, seat)
        if not now or (then and then <= now):
            continue
        value = block_value(better.tiles, board.block_lots[block])[0]
        letter = board.block_letters[block]
        sentence = (
            _(
                "With it, {who} would have taken first place in block {block}, worth {value} points when it is full.",
                who=who,
                block=letter,
                value=value,
            )
            if now == 1
            else _(
                "With it, {who} would have taken second place in block {block}, worth {value} points when it is full.",
                who=who,
                block=letter,
                value=value,
            )
        )
        found.append((STANDING_SHARE * (_share(value, now) - _share(value, then)), sentence))
    for block in range(board.blocks):
        place = _place(better, block, seat)
        if block in better.scored or block in played.scored or place != _place(played, block, seat) or not place:
            continue
        value = block_value(better.tiles, board.block_lots[block])[0]
        raised = value - block_value(played.tiles, board.block_lots[block])[0]
        if raised > 0:
            message = RAISED_FIRST if place == 1 else RAISED_SECOND
            sentence = _(message, who=who, block=board.block_letters[block], value=value)
            found.append((STANDING_SHARE * (_share(value, place) - _share(value - raised, place)), sentence))
    for guild in range(GUILD_COUNT):
        now, then = _rank(better, guild, seat), _rank(played, guild, seat)
        if not now or (then and then <= now):
            continue
        if now > len(TRACK_PLACES):
            continue
        sentence = _(TRACK_PLACES[now - 1], who=who, guild=guild_words(guild))
        found.append((STANDING_SHARE * (_track_worth(now) - _track_worth(then)), sentence))
    for guild in range(GUILD_COUNT):
        rank = _rank(better, guild, seat)
        if not 0 < rank <= 3:
            continue
        (size, blocks, value), (_size, _blocks, was) = _chain(better, guild), _chain(played, guild)
        share = final_shares(value, better.options["final_payout"])[rank - 1]
        gain = share - final_shares(was, better.options["final_payout"])[rank - 1]
        if gain <= 0:
            continue
        sentence = ngettext(
            "With it, the longest {guild} chain, which pays {who} at the end, would have grown to {n} tile across "
            "{blocks} blocks ({value} points).",
            "With it, the longest {guild} chain, which pays {who} at the end, would have grown to {n} tiles across "
            "{blocks} blocks ({value} points).",
            size,
            guild=guild_words(guild),
            who=who,
            blocks=blocks,
            value=value,
        )
        found.append((STANDING_SHARE * STANDING_SHARE * gain, sentence))
    return found


def explain_choice(before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None) -> str:
    """The weightiest reason the better move was better, or "" (see the module's docstring)."""
    assert isinstance(before, CityAndGuildsPosition)
    assert isinstance(played, CityAndGuildsPosition)
    assert isinstance(better, CityAndGuildsPosition)
    words = names or SEAT_NAMES[: before.num_players]
    found = reasons(before, played, better, seat, words)
    lost = reasons(before, better, played, seat, words)  # what the move played gained over the better one
    return weightiest(found, lost, LEAST)
