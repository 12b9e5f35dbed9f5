"""Issue 35: `guildtable train` end to end on a tiny budget (needs the `train` extra: PyTorch), its resumption, its
report, and refusals of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from guildtable.bots.network import Network, NetworkInfo
from guildtable.cli.app import app
from guildtable.learn.trainer import Samples

runner = CliRunner()
ENGLISH = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8", "COLUMNS": "120"}
TINY = [
    *("--games", "3", "--iterations", "10", "--gate-deals", "1", "--epochs", "2", "--workers", "1", "--hidden", "8"),
    *("--rate", "0.002"),
]


def test_bad_input_is_refused_in_words(tmp_path: Path) -> None:
    for args, words in (
        (["train", "chess", "--out", str(tmp_path / "a")], "chess"),
        (["train", "city-blocks", "--players", "3", "--out", str(tmp_path / "b")], "2–2 players"),
        (["train", "city-blocks", "--hidden", "8,x", "--out", str(tmp_path / "c")], "whole numbers"),
        (["train", "--resume", "--out", str(tmp_path / "d")], "no training run"),
        (["train", "city-blocks", "--backend", "cloud", "--out", str(tmp_path / "e")], "unknown backend"),
    ):
        result = runner.invoke(app, ["--lang", "en", *args], env=ENGLISH)
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output


def test_a_tiny_run_trains_gates_reports_and_resumes(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    out = tmp_path / "run"
    first = runner.invoke(
        app, ["--lang", "en", "train", "city-blocks", "--out", str(out), "--generations", "1", *TINY], env=ENGLISH
    )
    assert first.exit_code == 0, first.output
    assert "generation 1:" in first.output
    run = json.loads((out / "run.json").read_text())
    assert [generation["generation"] for generation in run["generations"]] == [1]
    assert run["generations"][0]["strength_games"] == 2  # one deal, the candidate in each seat
    assert (out / "report.png").stat().st_size > 1000 and (out / "samples-1.npz").is_file()
    candidate = Network.load(out / "candidate-1.npz")
    assert candidate.info.training.generation == 1 and candidate.info.training.command.startswith("guildtable train")
    assert "--rate 0.002" in candidate.info.training.command and run["settings"]["rate"] == 0.002
    again = runner.invoke(
        app, ["--lang", "en", "train", "city-blocks", "--out", str(out), *TINY], env=ENGLISH
    )  # the folder is taken
    assert again.exit_code == 2 and "--resume" in again.output
    resumed = runner.invoke(
        app, ["--lang", "en", "train", "--resume", "--out", str(out), "--generations", "2"], env=ENGLISH
    )
    assert resumed.exit_code == 0, resumed.output
    run_after = json.loads((out / "run.json").read_text())
    assert run_after["generations"][0] == run["generations"][0]
    assert [generation["generation"] for generation in run_after["generations"]] == [1, 2]


def test_training_lowers_the_loss_on_what_can_be_learned() -> None:
    pytest.importorskip("torch")
    from guildtable.learn.trainer import fit

    rng = np.random.default_rng(3)
    observations = rng.normal(size=(600, 6)).astype(np.float32)
    wins = (observations[:, 0] > 0).astype(np.float32)  # the value is the sign of the first input
    legal = np.ones((600, 3), np.bool_)
    policies = np.zeros((600, 3), np.float32)
    policies[np.arange(600), (observations[:, 1] > 0).astype(int)] = 1.0  # the move follows the second input
    samples = Samples(
        observations, policies, legal, wins, wins, np.zeros(600, np.float32), np.arange(600, dtype=np.int64)
    )
    network = Network.random(NetworkInfo("city-blocks", 2, 6, 3, (16,)), seed=1)
    trained, curves = fit(network, samples, epochs=30, batch=64, rate=3e-3, seed=1)
    assert curves.held_value[curves.best_epoch] < 0.5 * curves.held_value[0]
    assert curves.held_policy[curves.best_epoch] < 0.5 * curves.held_policy[0]
    values, _logits = trained.forward(observations[:50])
    assert np.mean((values > 0) == (wins[:50] > 0.5)) > 0.9


def test_a_residual_network_learns_what_the_games_evaluation_misses() -> None:
    """The game's evaluation sees the first input only; the result also depends on the second: the residual
    network keeps the first and learns the second (and, with policy weight 0, nothing of the moves)."""
    pytest.importorskip("torch")
    from guildtable.learn.trainer import fit

    rng = np.random.default_rng(5)
    observations = rng.normal(size=(800, 6)).astype(np.float32)
    wins = (observations[:, 0] + observations[:, 1] > 0).astype(np.float32)
    evaluations = np.tanh(observations[:, 0]).astype(np.float32)
    legal = np.ones((800, 3), np.bool_)
    policies = np.full((800, 3), 1 / 3, np.float32)
    samples = Samples(observations, policies, legal, wins, wins, evaluations, np.arange(800, dtype=np.int64))
    network = Network.random(NetworkInfo("city-blocks", 2, 6, 3, (16,), residual=True), seed=1)
    before, _ = network.forward(observations, evaluations)
    np.testing.assert_allclose(before, evaluations, atol=1e-5)  # fresh: the game's evaluation itself
    trained, curves = fit(network, samples, epochs=30, batch=64, rate=3e-3, policy_weight=0.0, seed=1)
    assert curves.held_value[curves.best_epoch] < 0.6 * curves.held_value[0]
    values, _logits = trained.forward(observations, evaluations)
    assert np.mean((values > 0) == (wins > 0.5)) > 0.9
    assert trained.policy_head[0].tolist() == network.policy_head[0].tolist()  # the prior was not trained
