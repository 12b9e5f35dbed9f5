"""Bot specs: levels and ISMCTS parameters are accepted wherever a bot is named; bad ones are refused by name."""

from __future__ import annotations

import pytest

from guildtable.bots.ismcts import IsmctsBot
from guildtable.bots.levels import LEVELS
from guildtable.bots.spec import BOT_DESCRIPTIONS, BOT_KINDS, is_bot_spec, make_bot, parse_params
from guildtable.kernel import BadOptions
from guildtable.kernel.registry import get_game


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_are_named_search_bots(level: str) -> None:
    bot = make_bot(level, seed=1)
    assert isinstance(bot, IsmctsBot)
    assert bot.spec == level
    assert is_bot_spec(level)
    assert level in BOT_DESCRIPTIONS
    assert LEVELS[level].startswith("ismcts:")


def test_levels_get_stronger_in_budget() -> None:
    budgets = [make_bot(level).settings.iterations for level in ("easy", "medium", "hard")]  # type: ignore[attr-defined]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3


def test_ismcts_parameters_are_parsed() -> None:
    bot = make_bot("ismcts:iterations=2000,c=0.7,ms=250,rollout=-1,widen=0", seed=3)
    assert isinstance(bot, IsmctsBot)
    settings = bot.settings
    assert (settings.iterations, settings.c, settings.ms, settings.rollout, settings.widen) == (2000, 0.7, 250, -1, 0)
    assert bot.spec == "ismcts:iterations=2000,c=0.7,ms=250,rollout=-1,widen=0"


def test_a_level_takes_overrides_and_keeps_its_name() -> None:
    bot = make_bot("hard:iterations=50")
    assert isinstance(bot, IsmctsBot)
    assert bot.settings.iterations == 50
    assert bot.spec == "hard:iterations=50"


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ("ismcts:depth=3", "ismcts:depth"),
        ("ismcts:c=high", "ismcts:c"),
        ("ismcts:iterations=0", "ismcts:iterations"),
        ("ismcts:alpha=2", "ismcts:c"),
        ("greedy:x=1", "greedy:x"),
        ("grandmaster", "bot"),
    ],
)
def test_bad_specs_name_what_is_wrong(spec: str, field: str) -> None:
    with pytest.raises(BadOptions) as caught:
        make_bot(spec)
    assert caught.value.field == field


def test_every_kind_is_described() -> None:
    assert set(BOT_KINDS) <= set(BOT_DESCRIPTIONS)


def test_a_game_tunes_a_level_to_itself_and_a_spec_still_wins() -> None:
    """City Blocks asks `hard` to order moves best-first deeper (its evaluation is cheap); other games keep the
    level as it is, and a parameter written in the spec overrides the game's tuning."""
    city_blocks = get_game("city-blocks")
    assert parse_params(city_blocks.level_tuning["hard"]) == {"prior_depth": "4", "c": "0.05"}
    general = make_bot("hard:iterations=5")
    assert isinstance(general, IsmctsBot)
    assert general.settings.prior_depth == 2
    general.choose(city_blocks.new_state(2, seed=1))
    assert general.settings.prior_depth == 4 and general.settings.iterations == 5
    general.choose(get_game("city-and-guilds").new_state(3, seed=1))
    assert general.settings.prior_depth == 2 and general.settings.iterations == 5
    explicit = make_bot("hard:iterations=5,prior_depth=1")
    assert isinstance(explicit, IsmctsBot)
    explicit.choose(city_blocks.new_state(2, seed=1))
    assert explicit.settings.prior_depth == 1
