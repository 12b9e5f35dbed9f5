"""Issue 35: grouped networks, one small network shared by the like parts of a position (City Blocks' streets), read
from the observation alone (`Encoder.groups`), trained by `guildtable train --grouped` and played in NumPy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from guildtable.bots.learned import LearnedEvaluator
from guildtable.bots.network import GroupedNetwork, NetworkInfo, load_network
from guildtable.cli.app import app
from guildtable.games.city_blocks.content import STREET_SITES, STREET_SIZES
from guildtable.kernel import Rng, State
from guildtable.kernel.observation import observer_for
from guildtable.kernel.registry import get_game
from guildtable.learn.trainer import Samples

runner = CliRunner()
ENGLISH = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8", "COLUMNS": "120"}
TINY = [
    *("--games", "3", "--iterations", "10", "--gate-deals", "1", "--epochs", "2", "--workers", "1"),
    *("--hidden", "8", "--grouped", "--value-mix", "0"),
]


def positions(count: int, seed: int, game_name: str = "city-blocks", players: int = 2, every: int = 4) -> list[State]:
    """Positions of random games, about `every` moves apart."""
    game = get_game(game_name)
    rng = Rng(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.new_state(players, seed=rng.below(1 << 30))
        while not state.is_terminal and len(found) < count:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            if rng.below(every) == 0:
                found.append(state.clone())
    return found


def test_city_blocks_groups_are_its_streets() -> None:
    """CB-2: 11 streets, each a row (6 sites) or a column (5); CB-6/CB-16: a street is worth its value tile until it
    is scored. Each street's features count its sites' cells, read from the observation alone."""
    observer = observer_for("city-blocks", 2)
    for state in positions(40, seed=7):
        seat = state.current_player if state.current_player is not None else 0
        groups = observer.groups(observer.encode(state, seat)[None])
        assert groups.features.shape == (1, 11, 40) and groups.worth.shape == (1, 11)
        board = state.board  # type: ignore[attr-defined]
        slots = state.slots  # type: ignore[attr-defined]
        for street, sites in enumerate(STREET_SITES):
            features = groups.features[0, street]
            assert features[:39].sum() == STREET_SIZES[street]
            assert features[0] == sum(1 for site in sites if board[site] == 0)  # its empty sites
            assert features[39] == (street < 5)  # rows first
            assert groups.worth[0, street] == pytest.approx(slots[street] / 15)


def test_a_fresh_grouped_network_judges_exactly_as_the_game() -> None:
    observer = observer_for("city-blocks", 2)
    groups = observer.groups(np.zeros((1, observer.size), np.float32))
    info = NetworkInfo("city-blocks", 2, observer.size, 626, (8,), residual=True, grouped=True)
    network = GroupedNetwork.random(info, groups.features.shape[2], groups.context.shape[1], seed=3)
    judge = LearnedEvaluator(network, "city-blocks", 2)
    assert not judge.has_prior  # learned=2 orders new moves by the game's one-ply values then
    game = get_game("city-blocks")
    for state in positions(30, seed=11):
        for seat in (0, 1):
            evaluation = game.evaluate(state, seat)
            if abs(evaluation) < 0.99:
                assert judge.value(state, seat) == pytest.approx(evaluation, abs=1e-4)


def test_a_grouped_network_learns_what_the_games_evaluation_misses(tmp_path: Path) -> None:
    """The result depends on who has more tiles in the streets still to be won, which the game's evaluation (a
    constant here) does not see: the grouped network learns it, and its NumPy twin plays what PyTorch trained."""
    pytest.importorskip("torch")
    from guildtable.learn.trainer import fit

    observer = observer_for("city-blocks", 2)
    states = positions(1200, seed=5)
    observations = np.stack([observer.encode(state, state.current_player or 0) for state in states])
    groups = observer.groups(observations)
    mine, theirs = groups.features[:, :, 1:20].sum(axis=2), groups.features[:, :, 20:39].sum(axis=2)
    wins = ((groups.worth * (mine - theirs)).sum(axis=1) > 0).astype(np.float32)
    count = len(states)
    samples = Samples(
        observations,
        np.zeros((count, 626), np.float32),
        np.ones((count, 626), np.bool_),
        wins,
        wins,
        np.zeros(count, np.float32),
        np.arange(count, dtype=np.int64),
    )
    info = NetworkInfo("city-blocks", 2, observer.size, 626, (8,), residual=True, grouped=True)
    network = GroupedNetwork.random(info, groups.features.shape[2], groups.context.shape[1], seed=1)
    trained, curves = fit(network, samples, epochs=25, batch=64, rate=3e-3, mix=0.0, seed=1)
    values, logits = trained.forward(observations, np.zeros(count, np.float32))
    assert curves.held_value[curves.best_epoch] < 0.75 * curves.held_value[0]
    assert np.mean((values > 0) == (wins > 0.5)) > 0.85 and not logits.any()
    trained.save(tmp_path / "grouped.npz")
    again = load_network(tmp_path / "grouped.npz")
    assert isinstance(again, GroupedNetwork)
    np.testing.assert_allclose(again.forward(observations, np.zeros(count, np.float32))[0], values, atol=1e-6)


def test_train_grouped_runs_and_reuses_self_play_already_in_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("torch")
    first = tmp_path / "first"
    result = runner.invoke(
        app, ["--lang", "en", "train", "city-blocks", "--out", str(first), "--generations", "1", *TINY], env=ENGLISH
    )
    assert result.exit_code == 0, result.output
    candidate = load_network(first / "candidate-1.npz")
    assert isinstance(candidate, GroupedNetwork) and candidate.info.training.command.endswith("--grouped")
    assert json.loads((first / "run.json").read_text())["settings"]["policy_weight"] == 0.0  # no move prior
    # The same command in a folder given those samples trains on them without playing them again.
    second = tmp_path / "second"
    second.mkdir()
    shutil.copy(first / "samples-1.npz", second / "samples-1.npz")

    def no_play(task: object) -> None:
        raise AssertionError("self-play ran again")

    monkeypatch.setattr("guildtable.learn.pipeline.play_selfplay", no_play)
    result = runner.invoke(
        app, ["--lang", "en", "train", "city-blocks", "--out", str(second), "--generations", "1", *TINY], env=ENGLISH
    )
    assert result.exit_code == 0, result.output
    assert json.loads((second / "run.json").read_text())["generations"][0]["positions"] == len(
        np.load(first / "samples-1.npz")["values"]
    )


def test_train_grouped_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    for args, words in (
        (["train", "city-and-guilds", "--grouped", "--out", str(tmp_path / "a")], "no like parts"),
        (["train", "city-blocks", "--grouped", "--hidden", "8,8", "--out", str(tmp_path / "b")], "one hidden layer"),
    ):
        result = runner.invoke(app, ["--lang", "en", *args], env=ENGLISH)
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("players", [2, 4])
def test_guildhall_groups_are_each_players_chapters(players: int) -> None:
    """GH-19/GH-48: a player's guildhall holds chapters, one per profession, of up to five colours. Each part is one
    player's chapter of one profession (you first), worth 1 if yours and -1/(players - 1) if another's."""
    observer = observer_for("guildhall", players)
    for state in positions(20, players, "guildhall", players, every=8):
        seat = state.current_player if state.current_player is not None else 0
        groups = observer.groups(observer.encode(state, seat)[None])
        assert groups.features.shape[:2] == (1, 6 * players)
        halls = state.halls  # type: ignore[attr-defined]
        for offset in range(players):
            player = (seat + offset) % players
            for profession in range(6):
                colours = groups.features[0, offset * 6 + profession, :5]
                assert colours.tolist() == [float(halls[player * 6 + profession] >> c & 1) for c in range(5)]
                assert groups.worth[0, offset * 6 + profession] == pytest.approx(
                    1.0 if offset == 0 else -1 / (players - 1)
                )


def test_guilds_of_london_groups_are_the_city_s_tiles() -> None:
    """GL-19: tiles join the city as it grows; each part is a tile, worth 1 while it lies in the city."""
    observer = observer_for("guilds-of-london", 2)
    for state in positions(20, 9, "guilds-of-london", every=8):
        seat = state.current_player if state.current_player is not None else 0
        groups = observer.groups(observer.encode(state, seat)[None])
        assert groups.features.shape[:2] == (1, 45)
        in_city = set(state.in_play)  # type: ignore[attr-defined]
        assert {tile for tile in range(45) if groups.worth[0, tile] == 1.0} == in_city
        assert all(groups.features[0, tile, 0] == (tile in in_city) for tile in range(45))
