"""What happens when a block is completed (CG-31 to CG-35) and when the game ends (CG-44, CG-45): the points, who
gets them and why, credited to the state's ledger and told in one public event each."""

from __future__ import annotations

from typing import Any

from guildtable.games.city_and_guilds import scoring
from guildtable.games.city_and_guilds.content import GUILD_CONTROL_POINTS, GUILD_COUNT, GUILDS, SEAT_NAMES
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel import Event
from guildtable.kernel.events import public


def score_block(state: CityAndGuildsPosition, block: int, completer: int, by_tavern: bool = False) -> Event:
    """CG-31 to CG-35: block control, then guild control, at the moment of completion. `by_tavern`: the last lot was
    filled by a tavern (CG-37). The event carries every term of the value and each payout's place, so that the log
    can say what was scored and why."""
    board, n = state.board, state.num_players
    letter = board.block_letters[block]
    value, markets, minstrels, taverns = scoring.block_value(state.tiles, board.block_lots[block])
    base = block * n
    strengths = [(state.bld[base + seat], state.fig[base + seat]) for seat in range(n)]
    present = sum(1 for strength in strengths if strength[1])
    white, black = state.white[block], state.black[block]
    third = scoring.third_place(strengths, white, black) if present >= 3 else None
    s2 = state.options["two_player_bonus_second"] == "s2_from_first_with_bonus"
    points: list[list[Any]] = []
    places: list[list[Any]] = []
    for seat, amount, place in scoring.block_payouts(value, present, white, black, third, s2):
        why = f"block {letter} {place}"
        state.credit("block", seat, amount, why)
        points.append([seat, amount, why])
        places.append([seat, amount, place])
    guild, keys = scoring.guild_control(state.tiles, board, block)
    if guild is not None:
        ranked = scoring.ranking(state.values[guild], state.stamps[guild])
        for rank, (seat, amount) in enumerate(zip(ranked, GUILD_CONTROL_POINTS, strict=False)):
            why = f"block {letter}: {GUILDS[guild]} controls, track place {rank + 1}"
            state.credit("guild", seat, amount, why)
            points.append([seat, amount, why])
    state.scored.append(block)
    parts = ["8 base"]
    if markets:
        parts.append(f"2×{markets} markets")
    if minstrels:
        parts.append(f"5×{minstrels} minstrel")
    if taverns:
        parts.append(f"5×{taverns} tavern")
    names = SEAT_NAMES
    paid = ", ".join(f"{names[seat]} {amount} ({why.split(': ', 1)[-1]})" for seat, amount, why in points)
    described = "; ".join(
        f"{GUILDS[g]} {count} tile(s), chain {size} over {blocks} block(s)" for g, (count, size, blocks) in keys.items()
    )
    if guild is not None:
        control = f"{GUILDS[guild]} controls it ({described})"
    elif keys:
        control = f"no guild controls it, a full tie ({described}): no guild scoring"
    else:
        control = "no guild tiles, no guild scoring"
    return public(
        "block_scored",
        block=letter,
        completer=completer,
        by_tavern=by_tavern,
        value=value,
        markets=markets,
        minstrels=minstrels,
        taverns=taverns,
        second_of_two=state.options["two_player_bonus_second"],
        places=places,
        present=present,
        white=None if white < 0 else white,
        black=None if black < 0 else black,
        third=third,
        guild=None if guild is None else GUILDS[guild],
        guild_keys={GUILDS[g]: list(key) for g, key in keys.items()},
        points=points,
        text=f"Block {letter} complete, value {value} = {' + '.join(parts)}; {control}. "
        f"{paid or 'Nobody scores block control.'}",
    )


def final_scoring(state: CityAndGuildsPosition) -> list[Event]:
    """CG-44/CG-45: final guild scoring on each guild's scoring chain, then −1 per unused figure."""
    board, n = state.board, state.num_players
    bonus_8 = state.options["chain_bonus_8"]
    events: list[Event] = []
    guilds: dict[str, Any] = {}
    for guild in range(GUILD_COUNT):
        chains = scoring.guild_chains(state.tiles, board, guild)
        chain = scoring.scoring_chain(chains, state.options["chain_selection"], bonus_8)
        if chain is None:
            continue
        value = scoring.chain_value(chain, bonus_8)
        ranked = scoring.ranking(state.values[guild], state.stamps[guild])
        shares = scoring.final_shares(value, state.options["final_payout"])
        points: list[list[Any]] = []
        for place, (seat, amount) in enumerate(zip(ranked, shares, strict=False)):
            why = f"final {GUILDS[guild]} chain, track place {place + 1}"
            state.credit("final", seat, amount, why)
            points.append([seat, amount, why])
        guilds[GUILDS[guild]] = {
            "size": chain[0],
            "blocks": chain[1],
            "value": value,
            "lots": [board.lot_names[lot] for lot in chain[2]],
            "points": points,
        }
        events.append(
            public(
                "final_guild",
                guild=GUILDS[guild],
                size=chain[0],
                blocks=chain[1],
                value=value,
                bonus=value - chain[0],
                payout=state.options["final_payout"],
                points=points,
                text=f"{GUILDS[guild]}: scoring chain of {chain[0]} tiles over {chain[1]} block(s), value "
                f"{value}: " + (", ".join(f"{SEAT_NAMES[p[0]]} {p[1]}" for p in points) or "nobody invested"),
            )
        )
    penalties: list[list[Any]] = []
    for seat in range(n):
        unused = state.figures[seat]
        if unused:
            why = f"{unused} unused figures"
            state.credit("penalty", seat, -unused, why)
            penalties.append([seat, -unused, why])
    if penalties:
        events.append(
            public(
                "penalty",
                points=penalties,
                text="−1 per unused figure: " + ", ".join(f"{SEAT_NAMES[p[0]]} {p[1]}" for p in penalties),
            )
        )
    state.final = {"guilds": guilds, "penalties": penalties}
    state.pending.clear()
    events.append(public("game_end", scores=state.scores(), winners=state.winners()))
    return events
