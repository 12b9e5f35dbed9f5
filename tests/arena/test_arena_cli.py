"""`guildtable arena` and `guildtable hint` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from guildtable.cli.app import app
from guildtable.cli.common import join_specs, split_specs
from guildtable.kernel.records import write_record
from guildtable.kernel.registry import get_game

runner = CliRunner()


def test_arena_prints_ratings_and_saves_reports(tmp_path: Path) -> None:
    out = tmp_path / "run"
    outcome = runner.invoke(
        app,
        ["arena", "city-blocks", "--bots", "random,greedy", "--games", "2", "--workers", "1", "--out", str(out)],
    )
    assert outcome.exit_code == 0, outcome.output
    assert "Head to head" in outcome.output and "Win rate by seat" in outcome.output
    data = json.loads((out / "results.json").read_text())
    assert len(data["games"]) == 2
    assert (out / "ratings.png").exists() and (out / "scores.png").exists() and (out / "seats.png").exists()


def test_arena_refuses_a_bad_lineup_without_a_traceback(tmp_path: Path) -> None:
    outcome = runner.invoke(app, ["arena", "city-blocks", "--bots", "random,wizard", "--out", str(tmp_path)])
    assert outcome.exit_code == 2
    assert "wizard" in outcome.output
    assert "Traceback" not in outcome.output


def test_arena_refuses_an_unknown_backend_before_creating_anything(tmp_path: Path) -> None:
    outcome = runner.invoke(app, ["arena", "city-blocks", "--backend", "cloud", "--out", str(tmp_path / "run")])
    assert outcome.exit_code == 2
    assert "unknown backend 'cloud'" in outcome.output
    assert not (tmp_path / "run").exists()


def test_hint_replays_an_unfinished_record_and_suggests_a_move(tmp_path: Path) -> None:
    game = get_game("city-blocks")
    state = game.new_state(2, seed=9)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    write_record(state, path)
    mover = state.current_player
    outcome = runner.invoke(app, ["hint", str(path), "--seat", str(mover), "--bot", "hard:iterations=40"])
    assert outcome.exit_code == 0, outcome.output
    assert "Hint (hard:iterations=40, 40 iterations): play" in outcome.output
    wrong = runner.invoke(app, ["hint", str(path), "--seat", str(1 - (mover or 0))])
    assert wrong.exit_code == 2
    assert "turn" in wrong.output


def test_split_specs_keeps_a_specs_parameters_together() -> None:
    """Issue 35: `--bots "hard,hard:iterations=8000,ms=6000"` names two entrants, not three; `;` separates too, and
    the form the report prints reads back the same."""
    assert split_specs("hard,hard:iterations=8000,ms=6000") == ["hard", "hard:iterations=8000,ms=6000"]
    assert split_specs("hard; hard:iterations=8000,ms=6000 ;") == ["hard", "hard:iterations=8000,ms=6000"]
    assert split_specs("random, greedy,,easy") == ["random", "greedy", "easy"]
    assert split_specs("ismcts:iterations=9,c=0.5,greedy") == ["ismcts:iterations=9,c=0.5", "greedy"]
    for specs in (["random", "greedy"], ["hard", "hard:iterations=8000,ms=6000"]):
        assert split_specs(join_specs(specs)) == specs


def test_arena_takes_two_entrants_with_several_parameters(tmp_path: Path) -> None:
    """Issue 35: an arena of `hard` with two parameters against a bot with two parameters has two entrants."""
    out = tmp_path / "run"
    bots = "ismcts:iterations=8,ms=500,greedy,ismcts:iterations=4,c=0.5"
    command = ["arena", "city-blocks", "--bots", bots, "--games", "2", "--workers", "1", "--out", str(out)]
    outcome = runner.invoke(app, [*command, "--no-plots"])
    assert outcome.exit_code == 0, outcome.output
    data = json.loads((out / "results.json").read_text())
    assert data["tournament"]["bots"] == ["ismcts:iterations=8,ms=500", "greedy", "ismcts:iterations=4,c=0.5"]
    assert len(data["win_rate_matrix"]["rows"]) == 3
