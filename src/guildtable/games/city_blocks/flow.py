"""What a City Blocks move does (CB-11 to CB-21): the tile goes on the board, a courthouse asks for a swap, streets
that fill up are scored, the mover draws, and the turn passes. Called only with a legal action (`legal.py`)."""

from __future__ import annotations

from guildtable.games.city_blocks import actions
from guildtable.games.city_blocks.actions import NO_SWAP, SWAP_BASE, SWAP_PAIRS
from guildtable.games.city_blocks.content import (
    COURT,
    HAND_SIZE,
    SITE_STREETS,
    SITES,
    STREET_NAMES,
    TILE_CODES,
    TILE_TYPES,
    cell,
    site_name,
)
from guildtable.games.city_blocks.questions import Place, Swap
from guildtable.games.city_blocks.scoring import street_totals, street_winner
from guildtable.games.city_blocks.state import Award, CityBlocksPosition
from guildtable.kernel import Event
from guildtable.kernel.events import private, public


def apply(state: CityBlocksPosition, action: int) -> list[Event]:
    """Answer the question on top with `action`."""
    question = state.stack[-1]
    seat = question.seat
    if isinstance(question, Swap):
        return _resolve_swap(state, action, question)
    tile, site = divmod(action, SITES)
    state.hands[seat].remove(tile)
    code = state.board[site]
    rebuild = code != 0
    state.last_move = actions.notation(action, rebuild)
    events = []
    if rebuild:  # CB-12
        payment = state.won[seat].pop(0)
        state.removed_values.append(payment)
        state.removed_tiles.append(code)
        events.append(
            public(
                "rebuild",
                seat=seat,
                tile=TILE_CODES[tile],
                site=site_name(site),
                replaced=TILE_CODES[(code - 1) % TILE_TYPES],
                paid=payment,
                move=state.last_move,
            )
        )
    else:  # CB-11
        row, column = SITE_STREETS[site]
        state.open_sites[row] -= 1
        state.open_sites[column] -= 1
        events.append(public("build", seat=seat, tile=TILE_CODES[tile], site=site_name(site), move=state.last_move))
    state.board[site] = cell(seat, tile)
    if tile == COURT and sum(1 for value in state.slots if value) >= 2:  # CB-13
        state.stack[-1] = Swap(seat, site, not rebuild)
        return events
    events.extend(_finish_turn(state, seat, site, built=not rebuild))
    return events


def _resolve_swap(state: CityBlocksPosition, action: int, question: Swap) -> list[Event]:
    seat = question.seat
    events = []
    if action == NO_SWAP:
        state.last_move = "noswap"
        events.append(public("noswap", seat=seat, move="noswap"))
    else:
        a, b = SWAP_PAIRS[action - SWAP_BASE]
        slots = state.slots
        slots[a], slots[b] = slots[b], slots[a]
        state.last_move = actions.notation(action)
        events.append(
            public(
                "swap",
                seat=seat,
                streets=[STREET_NAMES[a], STREET_NAMES[b]],
                values=[slots[a], slots[b]],
                move=state.last_move,
            )
        )
    events.extend(_finish_turn(state, seat, question.site, question.built))
    return events


def _finish_turn(state: CityBlocksPosition, seat: int, site: int, built: bool) -> list[Event]:
    events = []
    if built:  # CB-16, CB-19: row first, then column; a rebuild never scores (CB-A-7)
        for street in SITE_STREETS[site]:
            if state.open_sites[street] == 0:
                events.append(_award(state, street))
    events.extend(_draw(state, seat))
    if all(state.board):  # CB-21
        state.stack.clear()
        events.append(public("game_end", scores=state.scores(), winners=state.winners()))
        return events
    opponent = 1 - seat
    if state.hands[opponent]:
        state.stack[-1] = Place(opponent)
    else:  # CB-15: an empty hand skips its turn
        state.stack[-1] = Place(seat)
        events.append(public("pass", seat=opponent, reason="no tiles left"))
    return events


def _award(state: CityBlocksPosition, street: int) -> Event:
    """Score a street that has just filled up (CB-16 to CB-20)."""
    totals = street_totals(state.board, street)
    winner = street_winner(totals)
    value = state.slots[street]
    state.slots[street] = 0
    if winner is None:
        state.removed_values.append(value)
    else:
        state.won[winner].append(value)
        state.won[winner].sort()
    award: Award = {"street": STREET_NAMES[street], "value": value, "totals": list(totals), "winner": winner}
    state.awards.append(award)
    return public("award", **award)


def _draw(state: CityBlocksPosition, seat: int) -> list[Event]:  # CB-14
    hand, pile = state.hands[seat], state.piles[seat]
    count = min(HAND_SIZE - len(hand), len(pile))
    if count <= 0:
        return []
    drawn = pile[:count]
    del pile[:count]
    hand.extend(drawn)
    hand.sort()
    return [
        public("draw", seat=seat, count=count),
        private(seat, "drew", seat=seat, tiles=[TILE_CODES[tile] for tile in drawn]),
    ]
