"""Issue 35: the networks shipped in the package (`bots/networks/`) and the `expert` level that plays with them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from guildtable.bots.ismcts import IsmctsBot
from guildtable.bots.learned import LearnedEvaluator
from guildtable.bots.levels import LEVELS, OPPONENTS, expert_available
from guildtable.bots.network import FOLDER_VARIABLE, SHIPPED, load_network, network_for
from guildtable.bots.spec import level_settings, make_bot
from guildtable.kernel import Rng, State
from guildtable.kernel.observation import observer_for
from guildtable.kernel.registry import get_game
from guildtable.kernel.seats import bot_label

ROOT = Path(__file__).resolve().parents[2]
# Per shipped network, positions reached by random moves from a seeded deal (seed, moves) and the network's value of
# each for seat 0 and seat 1, as the network trained by the README's command judged them.
KNOWN: dict[str, list[tuple[int, int, tuple[float, float]]]] = {
    "city-blocks-2p.npz": [
        (1, 6, (-0.571541, 0.611506)),
        (2, 20, (0.454123, -0.769459)),
        (3, 34, (0.993421, -0.729721)),
    ],
}


@pytest.fixture(autouse=True)
def shipped_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(FOLDER_VARIABLE, raising=False)


def reached(game_name: str, players: int, seed: int, moves: int) -> State:
    state = get_game(game_name).new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_every_shipped_network_says_how_it_was_made_and_judges_known_positions_as_trained() -> None:
    files = sorted(SHIPPED.glob("*.npz"))
    assert [path.name for path in files] == sorted(KNOWN)  # every shipped network has its known positions
    for path in files:
        network = load_network(path)
        info = network.info
        assert path.name == f"{info.game}-{info.players}p.npz"
        assert info.inputs == observer_for(info.game, info.players).size
        made = info.training
        assert made.command.startswith(f"guildtable train {info.game} --players {info.players} ")
        assert re.search(rf"--seed {made.seed}\b", made.command) and made.positions > 0 and made.machine
        for readme in ("README.md", "README.de.md"):  # each README says how the shipped network was made
            assert f"`{path.name}`" in (ROOT / readme).read_text() and made.command in (ROOT / readme).read_text()
        judge = LearnedEvaluator(network, info.game, info.players)
        for seed, moves, values in KNOWN[path.name]:
            state = reached(info.game, info.players, seed, moves)
            for seat, value in enumerate(values):
                assert judge.value(state, seat) == pytest.approx(value, abs=1e-5)


def test_the_city_blocks_network_sees_a_won_game_coming() -> None:
    """CB-22: the player with more value tiles wins. Late in a game where one seat holds most of them, the network
    gives that seat a value near 1 and the other one near -1."""
    network = network_for("city-blocks", 2)
    assert network is not None
    judge = LearnedEvaluator(network, "city-blocks", 2)
    game = get_game("city-blocks")
    for seed in range(60):
        state = game.new_state(2, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal and sum(state.open_sites) > 3:  # type: ignore[attr-defined]
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        won = state.won  # type: ignore[attr-defined]
        if state.is_terminal or abs(sum(won[0]) - sum(won[1])) < 30:
            continue
        leader = 0 if sum(won[0]) > sum(won[1]) else 1
        assert judge.value(state, leader) > 0.8 and judge.value(state, 1 - leader) < -0.8
        assert game.evaluate(state, leader) > 0.8  # the game's evaluation agrees
        return
    pytest.fail("no lopsided position found among the seeds")


def test_expert_is_hard_judging_with_the_network() -> None:
    game = get_game("city-blocks")
    hard = level_settings("hard", {}, game)
    expert = level_settings("expert", {}, game)
    assert expert.learned == 1 and hard.learned == 0
    assert (expert.iterations, expert.ms, expert.c, expert.prior_depth) == (
        hard.iterations,
        hard.ms,
        hard.c,
        hard.prior_depth,
    )
    assert expert.prior_depth == 4  # City Blocks' tuning of hard applies to expert too
    assert "expert" in LEVELS and "expert" in dict(OPPONENTS) and bot_label("expert") == "Computer, expert"
    bot = make_bot("expert:iterations=50,ms=0", seed=3)
    assert isinstance(bot, IsmctsBot)
    state = game.new_state(2, seed=5)
    bot.choose(state)
    assert isinstance(bot._learned(state), LearnedEvaluator)  # it judges with the shipped network


def test_expert_is_offered_only_where_a_network_has_learned_the_game() -> None:
    assert expert_available("city-blocks", 2)
    assert not expert_available("guildhall", 2) and not expert_available("city-and-guilds", 4)
