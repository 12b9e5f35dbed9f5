"""A City and Guilds evaluation for the greedy bot and search rollouts. It projects each seat's final score from
public information only: points already scored, what every open block would pay if it were completed now (weighted
by how full it is), guild control of open blocks, the final chain payouts by current track order, and the penalty
for figures that will not be placed. While the seat itself still has to finish its placement (lot, figure choice),
the best of those follow-up answers is taken, so one-ply search also judges which tile to pick. Putting a picked tile
back is worth the least to the player who did it: it only undoes the pick, and a bot that liked it could pick and put
back for ever."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import math

from guildtable.games.city_and_guilds import scoring
from guildtable.games.city_and_guilds.actions import PUT_BACK
from guildtable.games.city_and_guilds.content import GUILD_COUNT, MINSTREL
from guildtable.games.city_and_guilds.questions import Building, Lot, MinstrelFigure
from guildtable.games.city_and_guilds.rules import CityAndGuildsState

_FOLLOW_UP = (Lot, Building, MinstrelFigure)


def evaluate(state: CityAndGuildsState, seat: int) -> float:
    """A value in [-1, 1]: positive when `seat` is projected ahead."""
    question = state.stack[-1] if state.stack else None
    if question is not None and question.seat == seat:
        if state.last_action == PUT_BACK:
            return -1.0
        if not isinstance(question, _FOLLOW_UP):
            return _projected(state, seat)
        best = -math.inf
        for action in state.legal_actions():
            if action == PUT_BACK:
                continue
            child = state.clone()
            child.apply(action)
            best = max(best, evaluate(child, seat))
        return best
    return _projected(state, seat)


def _projected(state: CityAndGuildsState, seat: int) -> float:
    projected = project(state)
    mine = projected[seat]
    best_other = max(score for other, score in enumerate(projected) if other != seat)
    return math.tanh((mine - best_other) / 20.0)


def project(state: CityAndGuildsState) -> list[float]:
    """Each seat's projected final score."""
    board, n = state.board, state.num_players
    projected = [float(score) for score in state.scores_]
    if state.is_terminal:
        return projected
    progress = 1.0 - state.empty_total / board.lots
    scored = set(state.scored)
    for block, lots in enumerate(board.block_lots):
        if block in scored:
            continue
        filled = len(lots) - state.empty_in_block[block]
        if not filled:
            continue
        weight = 0.4 + 0.6 * filled / len(lots)
        base = block * n
        strengths = [(state.bld[base + p], state.fig[base + p]) for p in range(n)]
        present = sum(1 for strength in strengths if strength[1])
        value = scoring.block_value(state.tiles, lots)[0] + 2  # a little for what is still to come
        white, black = state.white[block], state.black[block]
        third = scoring.third_place(strengths, white, black) if present >= 3 else None
        for player, amount, _ in scoring.block_payouts(value, present, white, black, third):
            projected[player] += amount * weight
        counts = [0] * GUILD_COUNT
        for lot in lots:
            tile = state.tiles[lot]
            if 0 <= tile < MINSTREL:
                counts[tile % 4] += 1
        top = max(counts)
        if top and counts.count(top) == 1:
            guild = counts.index(top)
            for player, amount in zip(
                scoring.ranking(state.values[guild], state.stamps[guild]), (4, 2, 1), strict=False
            ):
                projected[player] += amount * weight
    bonus_8 = state.options["chain_bonus_8"]
    for guild in range(GUILD_COUNT):
        chain = scoring.scoring_chain(
            scoring.guild_chains(state.tiles, board, guild), state.options["chain_selection"], bonus_8
        )
        if chain is None:
            continue
        expected = scoring.chain_value(chain, bonus_8) * (0.5 + 0.5 * progress) + 4 * (1.0 - progress)
        shares = scoring.final_shares(round(expected), state.options["final_payout"])
        for player, amount in zip(scoring.ranking(state.values[guild], state.stamps[guild]), shares, strict=False):
            projected[player] += amount
    for player in range(n):
        projected[player] -= state.figures[player] * progress
    return projected
