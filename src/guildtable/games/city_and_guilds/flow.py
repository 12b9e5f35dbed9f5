"""What an answer to a City and Guilds question does (CG-11 to CG-45): tiles and figures go down, investments advance,
block markers move, a completed block is scored (CG-31 to CG-35), taverns are offered (CG-36, CG-37), the display is
taken from and refilled (CG-24, CG-25), turns pass (CG-13) and the game ends with the final scoring (CG-43 to CG-45).

One answer function per kind of question (questions.py), which `rules.HANDLERS` registers and the kernel's
`StackState` calls: the question answered is already off the stack, and the function pushes whatever is asked next.
Every change is told in public (or, for the tile returned in setup, private) events appended to the list it is
given, and every point is credited to the state's ledger."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
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
from guildtable.games.city_and_guilds.final import FinalGuildView
from guildtable.games.city_and_guilds.legal import can_place
from guildtable.games.city_and_guilds.questions import (
    BUILDING_BY_SEAT,
    DRAW_BY_SEAT,
    LOT_BY_SEAT,
    MINSTREL_BY_SEAT,
    PICK_BY_SEAT,
    TAVERN_BY_SEAT,
    Building,
    Draw,
    Lot,
    MinstrelFigure,
    Pick,
    Return,
    TavernChoice,
)
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel import Event, Rng
from guildtable.kernel.events import private, public


def choose_lot(state: CityAndGuildsPosition, question: Lot, action: int, events: list[Event]) -> None:
    """Put the picked tile on a lot and resolve what it asks for (CG-14, CG-16 to CG-21), or put it back in the hand
    and ask for a tile again (CG-16)."""
    state.last_move = actions.notation(action, state.board)
    if action == PUT_BACK:
        _put_back(state, question.seat, question.tile, events)
    else:
        _place(state, question.seat, question.tile, action - LOT_BASE, events)


def pick_tile(state: CityAndGuildsPosition, question: Pick, action: int, events: list[Event]) -> None:
    """Take the picked tile out of the hand and ask for its lot (CG-14, CG-16)."""
    seat = question.seat
    state.last_move = actions.notation(action, state.board)
    tile = action - SELECT_BASE
    state.remove_from_hand(seat, tile)
    state.stack.append(LOT_BY_SEAT[seat][tile])
    events.append(public("pick", seat=seat, tile=TILE_CODES[tile], move=state.last_move))


def take_tile(state: CityAndGuildsPosition, question: Draw, action: int, events: list[Event]) -> None:
    """Take a display tile into the hand, refill the display and pass the turn (CG-24, CG-25, CG-13)."""
    state.last_move = actions.notation(action, state.board)
    _take(state, question.seat, action - TAKE_BASE, events)


def resolve_building(state: CityAndGuildsPosition, question: Building, action: int, events: list[Event]) -> None:
    """Take the guild building just placed with 1 figure and a step up its track, or with 2 figures (CG-17, CG-26),
    then the block markers, a completed block and the end of the turn (CG-29, CG-31)."""
    seat, lot = question.seat, question.lot
    state.last_move = actions.notation(action, state.board)
    name = state.board.lot_names[lot]
    events.append(public("resolve", seat=seat, lot=name, tile=TILE_CODES[state.tiles[lot]], choice=state.last_move))
    if action == INVEST:
        state.put_figures(seat, lot, 1)
        events.append(_advance(state, seat, state.tiles[lot], BUILDING_STEPS))
    else:
        state.put_figures(seat, lot, 2)
    _after_placement(state, seat, lot, True, events)


def resolve_minstrel(state: CityAndGuildsPosition, question: MinstrelFigure, action: int, events: list[Event]) -> None:
    """Put a figure on the minstrel house just placed, or not (CG-21), then the block markers, a completed block and
    the end of the turn (CG-29, CG-31)."""
    seat, lot = question.seat, question.lot
    state.last_move = actions.notation(action, state.board)
    if action == FIGURE:
        state.put_figures(seat, lot, 1)
    name = state.board.lot_names[lot]
    events.append(public("resolve", seat=seat, lot=name, tile=TILE_CODES[MINSTREL], choice=state.last_move))
    _after_placement(state, seat, lot, action == FIGURE, events)


def choose_tavern(state: CityAndGuildsPosition, question: TavernChoice, action: int, events: list[Event]) -> None:
    """Place a tavern on a lot (CG-36, CG-37) or do without it and end the turn (CG-36)."""
    seat = question.seat
    state.last_move = actions.notation(action, state.board)
    if action == NO_TAVERN:
        events.append(public("tavern_declined", seat=seat, move="notavern"))
        _end_turn(state, seat, events)
    else:
        _place_tavern(state, seat, action - LOT_BASE, events)


def give_back(state: CityAndGuildsPosition, question: Return, action: int, events: list[Event]) -> None:
    """Give a dealt tile back face down (CG-11); the public record of the move does not name it."""
    state.last_move = "return (a tile)"
    _return(state, question.seat, action - RETURN_BASE, events)


def _put_back(state: CityAndGuildsPosition, seat: int, tile: int, events: list[Event]) -> None:
    """The picked tile goes back into the hand and the tile question is asked again. Everyone saw which tile it
    was when it was picked, so it now counts as known in that hand."""
    state.add_to_hand(seat, tile)
    state.stack.append(PICK_BY_SEAT[seat])
    events.append(public("put_back", seat=seat, tile=TILE_CODES[tile], move=state.last_move))


def _return(state: CityAndGuildsPosition, seat: int, tile: int, events: list[Event]) -> None:
    """CG-11: the returned tile goes back face down; once everybody has returned, the supply is shuffled."""
    state.give_back(seat, tile)
    if state.keep_order:
        state.supply.insert(0, tile)  # the bottom of the pile
    else:
        state.supply.append(tile)
    events.append(public("return", seat=seat))
    events.append(private(seat, "returned", seat=seat, tile=TILE_CODES[tile]))
    if not state.stack:
        if not state.keep_order:
            Rng(state.shuffle_seed).shuffle(state.supply)
        refill_display(state, events)
        state.stack.append(PICK_BY_SEAT[state.start_player])


def refill_display(state: CityAndGuildsPosition, events: list[Event]) -> None:
    """CG-12 / CG-25: turn supply tiles up until the display holds three or the supply is empty."""
    revealed = []
    while len(state.display) < DISPLAY_SIZE and state.supply:
        tile = state.supply.pop()
        state.display.append(tile)
        revealed.append(TILE_CODES[tile])
    state.display.sort()
    if revealed:
        events.append(public("reveal", tiles=revealed))


def _place(state: CityAndGuildsPosition, seat: int, tile: int, lot: int, events: list[Event]) -> None:
    """CG-14 / CG-16 to CG-21: put the tile down and resolve what it asks for."""
    state.put_tile(lot, tile)
    state.placed[seat] += 1
    name = state.board.lot_names[lot]
    letter = state.board.block_letters[state.board.lot_block[lot]]
    setup = state.in_setup
    move = f"{TILE_CODES[tile]} {name}"
    events.append(public("place", seat=seat, tile=TILE_CODES[tile], lot=name, block=letter, setup=setup, move=move))
    if setup:  # CG-14, CG-A-17: no figure, no investment, no marker, no owner
        state.setup_placed += 1
        _end_turn(state, seat, events)
        return
    figures = state.figures[seat]
    if tile < MARKET:  # CG-17 to CG-19
        can = scoring.can_advance(state.values[tile], seat, BUILDING_STEPS)
        if figures >= 2 and can:
            state.stack.append(BUILDING_BY_SEAT[seat][lot])
            return
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
        _after_placement(state, seat, lot, figures > 0, events)
        return
    if tile < MINSTREL:  # CG-20
        events.append(_advance(state, seat, tile - MARKET, MARKET_STEPS))
        _after_placement(state, seat, lot, False, events)
        return
    if figures:  # CG-21: the figure is optional, so ask
        state.stack.append(MINSTREL_BY_SEAT[seat][lot])
        return
    _after_placement(state, seat, lot, False, events)


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
    state.advance(guild, seat, steps)
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
    state.set_markers(block, after[0], after[1])
    return public(
        "markers",
        block=state.board.block_letters[block],
        white=after[0],
        black=None if after[1] < 0 else after[1],
    )


def _after_placement(state: CityAndGuildsPosition, seat: int, lot: int, figures_put: bool, events: list[Event]) -> None:
    """CG-29, then CG-31: score a completed block, then the tavern offer (CG-36) or the end of the turn."""
    block = state.board.lot_block[lot]
    if figures_put:
        event = _update_markers(state, seat, block)
        if event is not None:
            events.append(event)
    if state.empty_in_block[block] == 0:
        events.append(_score_block(state, block, seat))
        _offer_tavern(state, seat, events)
    else:
        _end_turn(state, seat, events)


def _offer_tavern(state: CityAndGuildsPosition, seat: int, events: list[Event]) -> None:
    """CG-36: the completing player may take a tavern if one is left and a lot can take it."""
    if state.taverns and state.empty_total:
        state.stack.append(TAVERN_BY_SEAT[seat])
    else:
        _end_turn(state, seat, events)


def _place_tavern(state: CityAndGuildsPosition, seat: int, lot: int, events: list[Event]) -> None:
    """CG-36/CG-37: a tavern holds no figure and invests nothing; a block it completes is scored at once."""
    state.taverns -= 1
    state.put_tile(lot, TAVERN)
    name = state.board.lot_names[lot]
    letter = state.board.block_letters[state.board.lot_block[lot]]
    text = f"{SEAT_NAMES[seat]} places a tavern on lot {name} (+5 to block {letter}'s value)"
    events.append(public("tavern", seat=seat, lot=name, block=letter, move=name, text=text))
    block = state.board.lot_block[lot]
    if state.empty_in_block[block] == 0:
        events.append(_score_block(state, block, seat, by_tavern=True))
        _offer_tavern(state, seat, events)
    else:
        _end_turn(state, seat, events)


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
    state.scored = [*state.scored, block]  # a new list: clones share the old one (state.py)
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


def _final_scoring(state: CityAndGuildsPosition, events: list[Event]) -> None:
    """CG-44/CG-45: final guild scoring on each guild's scoring chain, then −1 per unused figure. The stack is empty
    already (the question answered was the only one on it), so the game is over."""
    board, n = state.board, state.num_players
    bonus_8 = state.options["chain_bonus_8"]
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
    events.append(public("game_end", scores=state.scores(), winners=state.winners()))


def _end_turn(state: CityAndGuildsPosition, seat: int, events: list[Event]) -> None:
    """CG-43: the game ends when every lot is full; otherwise the draw (CG-24) or the next turn."""
    if not state.empty_total:
        _final_scoring(state, events)
    elif state.display:
        state.stack.append(DRAW_BY_SEAT[seat])
    else:
        _next_turn(state, seat, events)


def _take(state: CityAndGuildsPosition, seat: int, tile: int, events: list[Event]) -> None:
    """CG-24/CG-25: take a display tile, refill from the supply if it has any."""
    state.display.remove(tile)
    state.add_to_hand(seat, tile)
    events.append(public("take", seat=seat, tile=TILE_CODES[tile], move=state.last_move))
    refill_display(state, events)
    _next_turn(state, seat, events)


def _next_turn(state: CityAndGuildsPosition, seat: int, events: list[Event]) -> None:
    """CG-13, CG-25: the next seat clockwise that can place a tile; nobody can → the game ends."""
    n = state.num_players
    for step in range(1, n + 1):
        player = (seat + step) % n
        if can_place(state, player):
            state.stack.append(PICK_BY_SEAT[player])
            return
        events.append(public("pass", seat=player, reason="no tile to place"))
    _final_scoring(state, events)
