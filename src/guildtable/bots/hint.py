"""Hints: ask the `hard` bot what it would play for a seat, and how its search shared out among the alternatives.

Used by `guildtable hint` and by the web page. The search sees only what the asking seat may know (it works on
determinizations from that seat), and the answer holds only that seat's own options, so it is safe to send to them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from guildtable.bots.ismcts import IsmctsBot, SearchResult
from guildtable.bots.spec import make_bot
from guildtable.kernel import BadOptions, IllegalAction, State
from guildtable.kernel.i18n import gettext as _


def search_moves(state: State, bot: IsmctsBot, focus: Collection[int] | None = None) -> SearchResult:
    """The one search behind hints and the analysis of finished games (issue 19): the seat on turn's moves, searched
    from that seat's information set (a single legal move is not searched: it gets one visit and an even value)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        seat = state.current_player
        assert seat is not None
        return SearchResult(legal[0], seat, {legal[0]: 1}, {legal[0]: 0.5}, 0)
    return bot.search(state, focus)


def hint(state: State, seat: int, *, spec: str = "hard", seed: int = 0, top: int = 3) -> dict[str, Any]:
    """The suggested move for `seat` (who must be the one to move) and the visit share of the top alternatives.

    Returns `{"seat", "bot", "move", "action", "json", "iterations", "alternatives": [{"move", "action", "share",
    "value"}, ...]}`: `share` is the fraction of the search spent on that move, `value` its estimated chance of a good
    outcome (0 to 1). The best move is the first alternative.
    """
    if state.is_terminal:
        raise IllegalAction(state.end_rule, _("the game is over; there is nothing to hint"))
    if state.current_player != seat:
        raise IllegalAction("", _("it is not seat {seat}'s turn to move", seat=seat))
    bot = make_bot(spec, seed)
    if not isinstance(bot, IsmctsBot):
        raise BadOptions(
            "bot", _("hints come from a search bot (a level or {ismcts}), not {spec}", ismcts="ismcts", spec=repr(spec))
        )
    result = search_moves(state, bot)
    visits, values, best, iterations = result.visits, result.values, result.action, result.iterations
    total = sum(visits.values()) or 1
    ranked = sorted(visits, key=lambda action: (action != best, -visits[action], -values[action], action))
    alternatives = [
        {
            "move": state.action_to_notation(action),
            "action": action,
            "share": round(visits[action] / total, 4),
            "value": round(values[action], 4),
        }
        for action in ranked[: max(1, top)]
    ]
    return {
        "seat": seat,
        "bot": bot.spec,
        "move": state.action_to_notation(best),
        "action": best,
        "json": state.action_to_json(best),
        "iterations": iterations,
        "alternatives": alternatives,
    }
