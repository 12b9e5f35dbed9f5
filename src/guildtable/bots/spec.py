"""Bot specs: the strings that name a bot everywhere one is chosen (CLI, arena, web seats).

`random`, `greedy`, or `kind:key=value,key=value`. Unknown kinds and parameters raise BadOptions naming them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guildtable.bots.base import Bot
from guildtable.bots.greedy import GreedyBot
from guildtable.bots.random_bot import RandomBot
from guildtable.kernel import BadOptions

BotFactory = Callable[[int, dict[str, str]], Bot]


def _no_params(kind: str, factory: Callable[[int], Any]) -> BotFactory:
    def make(seed: int, params: dict[str, str]) -> Bot:
        if params:
            raise BadOptions(f"{kind}:{next(iter(params))}", f"the {kind} bot takes no parameters")
        bot: Bot = factory(seed)
        return bot

    return make


BOT_KINDS: dict[str, BotFactory] = {
    "random": _no_params("random", RandomBot),
    "greedy": _no_params("greedy", GreedyBot),
}
"""Bot kinds by name; other modules add theirs (search bots, levels)."""

BOT_DESCRIPTIONS: dict[str, str] = {
    "random": "uniform over the legal moves",
    "greedy": "one ply with the game's evaluation",
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    kind, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for pair in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep:
            raise BadOptions(spec, f"bot parameters are key=value, got {pair!r}")
        params[key.strip()] = value.strip()
    return kind.strip().lower(), params


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot a spec names, seeded. `human` is not a bot."""
    kind, params = parse_spec(spec)
    factory = BOT_KINDS.get(kind)
    if factory is None:
        known = ", ".join(sorted(BOT_KINDS))
        raise BadOptions("bot", f"unknown bot {spec!r}; the bots are: {known}")
    return factory(seed, params)


def is_bot_spec(spec: str) -> bool:
    return parse_spec(spec)[0] in BOT_KINDS
