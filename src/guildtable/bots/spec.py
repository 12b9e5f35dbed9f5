"""Bot specs: the strings that name a bot everywhere one is chosen (CLI, arena, web seats).

`random`, `greedy`, `ismcts:iterations=2000,c=0.7`, or a level: `easy`, `medium`, `hard`, `expert`. Unknown kinds and
parameters raise BadOptions naming them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from guildtable.bots.base import Bot
from guildtable.bots.greedy import GreedyBot
from guildtable.bots.ismcts import IsmctsBot, SearchSettings
from guildtable.bots.levels import LEVEL_DESCRIPTIONS, LEVELS, TUNED_AS
from guildtable.bots.random_bot import RandomBot
from guildtable.bots.script import ScriptBot
from guildtable.kernel import BadOptions, Game
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _

BotFactory = Callable[[int, dict[str, str]], Bot]


def _no_params(kind: str, factory: Callable[[int], Any]) -> BotFactory:
    def make(seed: int, params: dict[str, str]) -> Bot:
        if params:
            raise BadOptions(f"{kind}:{next(iter(params))}", _("the {kind} bot takes no parameters", kind=kind))
        bot: Bot = factory(seed)
        return bot

    return make


# No budget or constant needs more characters than this; a longer number is refused before it is converted.
MAX_NUMBER_TEXT = 12
# What a bot seat on the web server may spend on one move (the named levels stay well inside it).
WEB_MAX_MS = 3000
WEB_MAX_ITERATIONS = 20000

_SETTING_TYPES = {item.name: item.type for item in dataclasses.fields(SearchSettings)}
_SETTING_ALIASES = {"iters": "iterations", "time_ms": "ms", "prior": "prior_depth"}


def search_settings(params: dict[str, str], base: SearchSettings | None = None) -> SearchSettings:
    """ISMCTS settings from spec parameters (`iterations=2000`, `ms=500`, `c=0.7`, ...), checked."""
    values: dict[str, Any] = {}
    for key, raw in params.items():
        name = _SETTING_ALIASES.get(key, key)
        kind = _SETTING_TYPES.get(name)
        if kind is None:
            known = ", ".join(sorted(_SETTING_TYPES))
            raise BadOptions(f"ismcts:{key}", _("unknown ISMCTS parameter; the parameters are: {known}", known=known))
        if len(raw) > MAX_NUMBER_TEXT:
            raise BadOptions(
                f"ismcts:{key}",
                _(
                    "{key} has {count} characters; a number here has at most {most}",
                    key=key,
                    count=len(raw),
                    most=MAX_NUMBER_TEXT,
                ),
            )
        try:
            values[name] = int(raw) if kind in (int, "int") else float(raw)
        except ValueError:
            raise BadOptions(f"ismcts:{key}", _("{value} is not a number", value=repr(raw[:MAX_NUMBER_TEXT]))) from None
        if not math.isfinite(values[name]):
            raise BadOptions(f"ismcts:{key}", _("{key} must be a finite number", key=key))
    settings = dataclasses.replace(base or SearchSettings(), **values)
    if settings.iterations < 0 or settings.ms < 0:
        raise BadOptions("ismcts:iterations", _("budgets cannot be negative"))
    if settings.iterations == 0 and settings.ms == 0:
        raise BadOptions(
            "ismcts:iterations",
            _(
                "give an iteration budget ({iterations}) or a time budget ({ms})",
                iterations="iterations=N",
                ms="ms=N",
            ),
        )
    if settings.c < 0 or settings.widen < 0 or not 0 < settings.alpha <= 1:
        raise BadOptions(
            "ismcts:c", _("{c} and {widen} must be at least 0, {alpha} in (0, 1]", c="c", widen="widen", alpha="alpha")
        )
    return settings


def _ismcts(seed: int, params: dict[str, str]) -> Bot:
    spec = "ismcts" + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")
    return IsmctsBot(seed, search_settings(params), spec)


def level_settings(level: str, params: dict[str, str], game: Game | None = None) -> SearchSettings:
    """A level's ISMCTS settings: its spec, then the game's tuning of it, then the spec's own parameters."""
    _kind, base_params = parse_spec(LEVELS[level])
    tuned = TUNED_AS.get(level, level)
    tuning = parse_params(game.level_tuning[tuned]) if game and tuned in game.level_tuning else {}
    return search_settings({**base_params, **tuning, **params})


def _level(level: str) -> BotFactory:
    """A level is its ISMCTS spec, optionally with overrides (`hard:ms=500`); it keeps its own name. The game it
    plays is known only at the first move, so the game's tuning is applied then."""

    def make(seed: int, params: dict[str, str]) -> Bot:
        settings = level_settings(level, params)
        spec = level + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")
        return IsmctsBot(seed, settings, spec, tune=lambda game: level_settings(level, params, game))

    return make


BOT_KINDS: dict[str, BotFactory] = {
    "random": _no_params("random", RandomBot),
    "greedy": _no_params("greedy", GreedyBot),
    "script": _no_params("script", ScriptBot),
    "ismcts": _ismcts,
    **{level: _level(level) for level in LEVELS},
}
"""Bot kinds by name; other modules add theirs (search bots, levels)."""

BOT_DESCRIPTIONS: dict[str, str] = {
    "random": N_("uniform over the legal moves"),
    "greedy": N_("one ply with the game's evaluation"),
    "script": N_("plays the moves of the game's tutorial script (greedy once the game leaves it)"),
    "ismcts": N_(
        "information-set Monte Carlo tree search (iterations=, ms=, c=, rollout=, widen=, alpha=, prior_depth=, "
        "settle=, learned=)"
    ),
    **LEVEL_DESCRIPTIONS,
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    kind, _colon, rest = spec.strip().partition(":")
    return kind.strip().lower(), parse_params(rest, spec)


def parse_params(text: str, spec: str | None = None) -> dict[str, str]:
    """`key=value,key=value` (the part of a spec after the colon); errors name `spec`, or the text itself."""
    params: dict[str, str] = {}
    for pair in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = pair.partition("=")
        if not sep:
            raise BadOptions(
                spec or text, _("bot parameters are {form}, got {pair}", form="key=value", pair=repr(pair))
            )
        params[key.strip()] = value.strip()
    return params


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot a spec names, seeded. `human` is not a bot."""
    kind, params = parse_spec(spec)
    factory = BOT_KINDS.get(kind)
    if factory is None:
        known = ", ".join(sorted(BOT_KINDS))
        raise BadOptions("bot", _("unknown bot {spec}; the bots are: {known}", spec=repr(spec), known=known))
    return factory(seed, params)


def is_bot_spec(spec: str) -> bool:
    return parse_spec(spec)[0] in BOT_KINDS


def check_web_spec(spec: str) -> str:
    """The spec of a bot seat on the web server, normalised, or BadOptions saying why not: a named bot or level, or
    search parameters within a bounded time per move (at most WEB_MAX_MS milliseconds and WEB_MAX_ITERATIONS
    iterations; a time limit is always set)."""
    kind, params = parse_spec(spec)
    make_bot(spec)  # unknown kinds and parameters, malformed numbers
    if kind in ("random", "greedy", "script"):
        return kind
    settings = level_settings(kind, params) if kind in LEVELS else search_settings(params)
    if settings.ms <= 0 or settings.ms > WEB_MAX_MS:
        raise BadOptions(
            f"{kind}:ms",
            _(
                "a bot here thinks at most {most} ms a move ({first} to {last})",
                most=WEB_MAX_MS,
                first="ms=1",
                last=WEB_MAX_MS,
            ),
        )
    if settings.iterations > WEB_MAX_ITERATIONS:
        raise BadOptions(
            f"{kind}:iterations", _("a bot here searches at most {most} iterations a move", most=WEB_MAX_ITERATIONS)
        )
    return kind + (":" + ",".join(f"{key}={value}" for key, value in params.items()) if params else "")
