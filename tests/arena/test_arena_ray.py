"""The Ray backend plays the same tournament as the local one: same seeds, same games, same results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from extras import import_extra
from guildtable.arena.backends import run_tasks
from guildtable.arena.ratings import rate
from guildtable.arena.tournament import Tournament, schedule
from guildtable.cli.app import app

ray = import_extra("ray", "ray")


@pytest.mark.slow
def test_ray_backend_matches_the_local_backend() -> None:
    tournament = Tournament("city-blocks", 2, ("random", "greedy", "ismcts:iterations=8"), 6, seed=7)
    tasks = schedule(tournament)
    local = sorted(run_tasks(tasks, "local", workers=1), key=lambda result: result.index)
    remote = sorted(run_tasks(tasks, "ray", workers=2), key=lambda result: result.index)
    assert [r.index for r in remote] == list(range(6))
    assert [r.actions for r in remote] == [r.actions for r in local]
    assert [r.scores for r in remote] == [r.scores for r in local]
    assert rate(remote, 3) == rate(local, 3)


@pytest.mark.slow
def test_guildtable_arena_with_the_ray_backend_plays_on_a_local_ray_instance(tmp_path: Path) -> None:
    """Issue 17: simulation at scale stays on Ray; `guildtable arena --backend ray` without `--address` starts a local
    Ray instance, plays there and writes the same reports as the local backend."""
    out = tmp_path / "run"
    command = ["arena", "city-blocks", "--bots", "random,greedy", "--games", "2", "--workers", "2", "--no-plots"]
    outcome = CliRunner().invoke(app, [*command, "--backend", "ray", "--out", str(out)])
    assert outcome.exit_code == 0, outcome.output
    local = CliRunner().invoke(app, [*command, "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    kept = ("index", "seed", "lineup", "scores", "actions")  # not the seconds each move took

    def games(folder: Path) -> list[dict[str, object]]:
        return [{key: game[key] for key in kept} for game in json.loads((folder / "results.json").read_text())["games"]]

    ray_games, local_games = games(out), games(tmp_path / "local")
    assert len(ray_games) == 2 and ray_games == local_games
