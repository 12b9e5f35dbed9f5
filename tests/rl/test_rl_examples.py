"""Issue 18 (`examples/`): the README's random loop plays every game, the arena evaluation takes any policy, and the
PPO training script runs end to end on a tiny budget. The training needs the `train` extra (torch, sb3-contrib),
which `make test` does not install: that test is skipped without it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pytest

from extras import import_extra

import_extra("pettingzoo", "rl")

from guildtable.kernel.registry import all_games  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", [game.name for game in all_games()])
def test_the_random_loop_plays_a_whole_game(game: str) -> None:
    """Issue 18 (a ten-line loop): every agent ends with its reward, one game's rewards sum to 1."""
    rewards = example("random_agents").play(game)
    assert sorted(rewards) == [f"player_{seat}" for seat in range(len(rewards))]
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_the_arena_evaluation_takes_any_policy() -> None:
    """Issue 18 (evaluate an agent in the arena against the built-in levels): a policy that always plays its first
    legal action, against random and greedy, then a round robin with the arena's ratings."""
    arena = example("evaluate_in_arena")

    def first_legal(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        return int(np.flatnonzero(mask)[0])

    result = arena.evaluate(first_legal, "random", games=6, seed=2)
    assert result.games == 6 and 0.0 <= result.score <= 1.0
    assert "win rate" in str(result)
    rows = arena.table(first_legal, ["random", "greedy"], games=6, seed=3)
    assert sorted(row["entrant"] for row in rows) == ["agent", "greedy", "random"]


def test_the_ppo_example_trains_saves_and_evaluates(tmp_path: Path) -> None:
    """Issue 18 (training a small masked policy with PPO on CPU): the script's two stages on a tiny budget, with
    the reward shaping and the imitation warm start, then the saved model in the arena. Skipped where the `train`
    extra is not installed."""
    pytest.importorskip("sb3_contrib", reason="the train extra: pip install -e '.[rl,train]'")
    model = tmp_path / "ppo.zip"
    train = [sys.executable, str(EXAMPLES / "train_city_blocks_ppo.py"), "--random-steps", "512"]
    train += ["--greedy-steps", "256", "--envs", "2", "--games", "4", "--out", str(model)]
    train += ["--shaping", "1", "--imitate", "40", "--imitate-epochs", "1"]
    output = subprocess.run(train, capture_output=True, text=True, check=True, timeout=600).stdout
    assert "against greedy" in output and "Imitated" in output and model.exists()
    evaluate = [sys.executable, str(EXAMPLES / "evaluate_in_arena.py"), str(model), "--opponents", "random"]
    output = subprocess.run([*evaluate, "--games", "4"], capture_output=True, text=True, check=True, timeout=600).stdout
    assert "against random" in output and "Round robin" in output
