"""What an answer to a City and Guilds question does (CG-11 to CG-45): tiles and figures go down, investments advance,
block markers move, a completed block is scored (CG-31 to CG-35), taverns are offered (CG-36, CG-37), the display is
taken from and refilled (CG-24, CG-25), turns pass (CG-13) and the game ends with the final scoring (CG-43 to CG-45).
Questions are popped and pushed on the state's stack (questions.py); every change is told in public (or, for the
tile returned in setup, private) events, and every point is credited to the state's ledger."""

from __future__ import annotations

from typing import Any

from guildtable.games.city_and_guilds import actions, scoring
from guildtable.games.city_and_guilds.actions import (
    FIGURE,
    INVEST,
    LOT_BASE,
    NO_TAVERN,
    PUT_BACK,
    RETURN_BASE,
    SELECT_BASE,
    TAKE_BASE,
)
from guildtable.games.city_and_guilds.content import (
    BUILDING_STEPS,
    DISPLAY_SIZE,
    GUILD_CONTROL_POINTS,
    GUILD_COUNT,
    GUILDS,
    MARKET,
    MARKET_STEPS,
    MINSTREL,
    SEAT_NAMES,
    TAVERN,
    TILE_CODES,
)
from guildtable.games.city_and_guilds.legal import pickable
from guildtable.games.city_and_guilds.questions import Building, Draw, Lot, MinstrelFigure, Pick, Return, TavernChoice
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition, FinalGuildView
from guildtable.kernel import Event, Rng
from guildtable.kernel.events import private, public


def apply(state: CityAndGuildsPosition, action: int) -> list[Event]:
    """Answer the question on top with `action` (legal: legal.py checked it) and tell what happened."""
    question = state.stack.pop()
    seat = question.seat
    # The returned tile is secret (CG-11): the public record of the move does not name it.
    state.last_move = "return (a tile)" if type(question) is Return else actions.notation(action, state.board)
    if type(question) is Lot:
        if action == PUT_BACK:
            return _put_back(state, seat, question.tile)
        return _place(state, seat, question.tile, action - LOT_BASE)
    if type(question) is Pick:
        tile = action - SELECT_BASE
        state.hands[seat].remove(tile)
        known = state.known[seat]
        if known[tile]:
            known[tile] -= 1
        state.stack.append(Lot(seat, tile))
        return [public("pick", seat=seat, tile=TILE_CODES[tile], move=state.last_move)]
    if type(question) is Draw:
        return _take(state, seat, action - TAKE_BASE)
    if type(question) is Building:
        lot = question.lot
        events: list[Event] = []
        if action == INVEST:
            state.put_figures(seat, lot, 1)
            events.append(_advance(state, seat, state.tiles[lot], BUILDING_STEPS))
        else:
            state.put_figures(seat, lot, 2)
        name = state.board.lot_names[lot]
        resolve = public("resolve", seat=seat, lot=name, tile=TILE_CODES[state.tiles[lot]], choice=state.last_move)
        events[:0] = [resolve]
        events.extend(_after_placement(state, seat, lot, True))
        return events
    if type(question) is MinstrelFigure:
        lot = question.lot
        if action == FIGURE:
            state.put_figures(seat, lot, 1)
        name = state.board.lot_names[lot]
        events = [public("resolve", seat=seat, lot=name, tile=TILE_CODES[MINSTREL], choice=state.last_move)]
        events.extend(_after_placement(state, seat, lot, action == FIGURE))
        return events
    if type(question) is TavernChoice:
        if action == NO_TAVERN:
            return [public("tavern_declined", seat=seat, move="notavern"), *_end_turn(state, seat)]
        return _place_tavern(state, seat, action - LOT_BASE)
    return _return(state, seat, action - RETURN_BASE)


def _put_back(state: CityAndGuildsPosition, seat: int, tile: int) -> list[Event]:
    """The picked tile goes back into the hand and the tile question is asked again. Everyone saw which tile it
    was when it was picked, so it now counts as known in that hand."""
    state.hands[seat].append(tile)
    state.hands[seat].sort()
    state.known[seat][tile] += 1
    state.stack.append(Pick(seat))
    return [public("put_back", seat=seat, tile=TILE_CODES[tile], move=state.last_move)]


def _return(state: CityAndGuildsPosition, seat: int, tile: int) -> list[Event]:
    """CG-11: the returned tile goes back face down; once everybody has returned, the supply is shuffled."""
    state.hands[seat].remove(tile)
    state.returned[seat] = tile
    if state.keep_order:
        state.supply.insert(0, tile)  # the bottom of the pile
    else:
        state.supply.append(tile)
    events = [
        public("return", seat=seat),
        private(seat, "returned", seat=seat, tile=TILE_CODES[tile]),
    ]
    if not state.stack:
        if not state.keep_order:
            Rng(state.shuffle_seed).shuffle(state.supply)
        events.extend(refill_display(state))
        state.stack.append(Pick(state.start_player))
    return events


def refill_display(state: CityAndGuildsPosition) -> list[Event]:
    """CG-12 / CG-25: turn supply tiles up until the display holds three or the supply is empty."""
    revealed = []
    while len(state.display) < DISPLAY_SIZE and state.supply:
        tile = state.supply.pop()
        state.display.append(tile)
        revealed.append(TILE_CODES[tile])
    state.display.sort()
    return [public("reveal", tiles=revealed)] if revealed else []


def _place(state: CityAndGuildsPosition, seat: int, tile: int, lot: int) -> list[Event]:
    """CG-14 / CG-16 to CG-21: put the tile down and resolve what it asks for."""
    state.put_tile(lot, tile)
    state.placed[seat] += 1
    name = state.board.lot_names[lot]
    letter = state.board.block_letters[state.board.lot_block[lot]]
    setup = state.in_setup
    move = f"{TILE_CODES[tile]} {name}"
    events = [public("place", seat=seat, tile=TILE_CODES[tile], lot=name, block=letter, setup=setup, move=move)]
    if setup:  # CG-14, CG-A-17: no figure, no investment, no marker, no owner
        state.setup_placed += 1
        events.extend(_end_turn(state, seat))
        return events
    figures = state.figures[seat]
    if tile < MARKET:  # CG-17 to CG-19
        can = scoring.can_advance(state.values[tile], seat, BUILDING_STEPS)
        if figures >= 2 and can:
            state.stack.append(Building(seat, lot))
            return events
        guild = GUILDS[tile]
        if figures >= 2:
            state.put_figures(seat, lot, 2)
            text = "+1 is blocked: two figures"
            events.append(public("forced", seat=seat, rule="CG-18", lot=name, guild=guild, figures=2, text=text))
        else:
            if figures == 1:
                state.put_figures(seat, lot, 1)
            rule = "CG-18" if figures else "CG-19"
            text = "the last figure, no choice" if figures else "no figures left: the building stays unowned"
            events.append(public("forced", seat=seat, rule=rule, lot=name, guild=guild, figures=figures, text=text))
            events.append(_advance(state, seat, tile, BUILDING_STEPS))
        events.extend(_after_placement(state, seat, lot, figures > 0))
        return events
    if tile < MINSTREL:  # CG-20
        events.append(_advance(state, seat, tile - MARKET, MARKET_STEPS))
        events.extend(_after_placement(state, seat, lot, False))
        return events
    if figures:  # CG-21: the figure is optional, so ask
        state.stack.append(MinstrelFigure(seat, lot))
        return events
    events.extend(_after_placement(state, seat, lot, False))
    return events


def _advance(state: CityAndGuildsPosition, seat: int, guild: int, steps: int) -> Event:
    """CG-26: advance if the target value holds fewer than 3 markers; arrival order by a global clock."""
    values = state.values[guild]
    before = values[seat]
    if not scoring.can_advance(values, seat, steps):
        return public(
            "invest",
            seat=seat,
            guild=GUILDS[guild],
            blocked=True,
            target=before + steps,
            text=f"value {before + steps} of the {GUILDS[guild]} track already holds 3 markers: no investment",
        )
    values[seat] = before + steps
    state.clock += 1
    state.stamps[guild][seat] = state.clock
    return public("invest", seat=seat, guild=GUILDS[guild], blocked=False, before=before, after=before + steps)


def _update_markers(state: CityAndGuildsPosition, seat: int, block: int) -> Event | None:
    """CG-29: the white and black block markers after `seat` put figures into `block`."""
    n = state.num_players
    base = block * n
    strengths = [(state.bld[base + p], state.fig[base + p]) for p in range(n)]
    before = (state.white[block], state.black[block])
    after = scoring.update_markers(strengths, before[0], before[1], seat)
    if after == before:
        return None
    state.white[block], state.black[block] = after
    return public(
        "markers",
        block=state.board.block_letters[block],
        white=after[0],
        black=None if after[1] < 0 else after[1],
    )


def _after_placement(state: CityAndGuildsPosition, seat: int, lot: int, figures_put: bool) -> list[Event]:
    """CG-29, then CG-31: score a completed block, then the tavern offer (CG-36) or the end of the turn."""
    block = state.board.lot_block[lot]
    events: list[Event] = []
    if figures_put:
        event = _update_markers(state, seat, block)
        if event is not None:
            events.append(event)
    if state.empty_in_block[block] == 0:
        events.append(_score_block(state, block, seat))
        events.extend(_offer_tavern(state, seat))
    else:
        events.extend(_end_turn(state, seat))
    return events


def _offer_tavern(state: CityAndGuildsPosition, seat: int) -> list[Event]:
    """CG-36: the completing player may take a tavern if one is left and a lot can take it."""
    if state.taverns and state.empty_total:
        state.stack.append(TavernChoice(seat))
        return []
    return _end_turn(state, seat)


def _place_tavern(state: CityAndGuildsPosition, seat: int, lot: int) -> list[Event]:
    """CG-36/CG-37: a tavern holds no figure and invests nothing; a block it completes is scored at once."""
    state.taverns -= 1
    state.put_tile(lot, TAVERN)
    name = state.board.lot_names[lot]
    letter = state.board.block_letters[state.board.lot_block[lot]]
    text = f"{SEAT_NAMES[seat]} places a tavern on lot {name} (+5 to block {letter}'s value)"
    events = [public("tavern", seat=seat, lot=name, block=letter, move=name, text=text)]
    block = state.board.lot_block[lot]
    if state.empty_in_block[block] == 0:
        events.append(_score_block(state, block, seat, by_tavern=True))
        events.extend(_offer_tavern(state, seat))
    else:
        events.extend(_end_turn(state, seat))
    return events


def _score_block(state: CityAndGuildsPosition, block: int, completer: int, by_tavern: bool = False) -> Event:
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


def _final_scoring(state: CityAndGuildsPosition) -> list[Event]:
    """CG-44/CG-45: final guild scoring on each guild's scoring chain, then −1 per unused figure."""
    board, n = state.board, state.num_players
    bonus_8 = state.options["chain_bonus_8"]
    events: list[Event] = []
    guilds: dict[str, FinalGuildView] = {}
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
    state.stack.clear()
    events.append(public("game_end", scores=state.scores(), winners=state.winners()))
    return events


def _end_turn(state: CityAndGuildsPosition, seat: int) -> list[Event]:
    """CG-43: the game ends when every lot is full; otherwise the draw (CG-24) or the next turn."""
    if not state.empty_total:
        return _final_scoring(state)
    if state.display:
        state.stack.append(Draw(seat))
        return []
    return _next_turn(state, seat)


def _take(state: CityAndGuildsPosition, seat: int, tile: int) -> list[Event]:
    """CG-24/CG-25: take a display tile, refill from the supply if it has any."""
    state.display.remove(tile)
    state.hands[seat].append(tile)
    state.hands[seat].sort()
    state.known[seat][tile] += 1
    events = [public("take", seat=seat, tile=TILE_CODES[tile], move=state.last_move)]
    events.extend(refill_display(state))
    events.extend(_next_turn(state, seat))
    return events


def _next_turn(state: CityAndGuildsPosition, seat: int) -> list[Event]:
    """CG-13, CG-25: the next seat clockwise that can place a tile; nobody can → the game ends."""
    n = state.num_players
    events: list[Event] = []
    for step in range(1, n + 1):
        player = (seat + step) % n
        if state.hands[player] and pickable(state, player):
            state.stack.append(Pick(player))
            return events
        events.append(public("pass", seat=player, reason="no tile to place"))
    events.extend(_final_scoring(state))
    return events
