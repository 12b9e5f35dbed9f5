"""The terminal front door as a person uses it: games, play, simulate, replay and bench, and clean errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from guildtable.cli.app import app
from guildtable.kernel import Rng
from guildtable.kernel.records import record_of
from guildtable.kernel.registry import get_game

runner = CliRunner()


def test_games_lists_city_blocks_with_its_option() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "city-blocks" in result.output and "court_via_rebuild" in result.output


def test_games_shows_one_game_with_its_setup_keys() -> None:
    result = runner.invoke(app, ["games", "city-blocks"])
    assert result.exit_code == 0, result.output
    assert "court_via_rebuild" in result.output and "CB-A-2" in result.output
    assert "value_tiles" in result.output and "piles" in result.output


def test_simulate_reports_wins_lengths_and_writes_records(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "city-blocks",
            "--bots",
            "random,greedy",
            "--games",
            "6",
            "--seed",
            "3",
            "--records",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Mean game length" in result.output and "First player's win rate" in result.output
    assert "Wins as Blue" in result.output and "greedy" in result.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    replayed = runner.invoke(app, ["replay", str(files[0])])
    assert replayed.exit_code == 0, replayed.output
    assert "Verified" in replayed.output and "Final score" in replayed.output


def test_replay_of_a_malformed_record_is_one_line_and_status_2(tmp_path: Path) -> None:
    state = get_game("city-blocks").new_state(2, seed=1)
    rng = Rng(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    record["actions"][4]["action"] = 625
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "actions[4]" in result.output and "Traceback" not in result.output
    path.write_text("{")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_unknown_game_bot_and_option_are_clean_errors() -> None:
    for args, words in [
        (["play", "chess"], "unknown game"),
        (["simulate", "city-blocks", "--bots", "random,wizard"], "unknown bot"),
        (["play", "city-blocks", "--option", "court_via_rebuild=maybe"], "court_via_rebuild"),
        (["play", "city-blocks", "--seats", "human,greedy,greedy"], "2–2 players"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output and "Traceback" not in result.output


def test_bench_reports_rates() -> None:
    result = runner.invoke(app, ["bench", "city-blocks", "--runs", "1", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    assert "Games/s" in result.output and "Clones/s" in result.output


def test_play_hot_seat_full_game_by_typing(tmp_path: Path) -> None:
    """Two people at one keyboard play a whole game in the notation; each turn change asks the next person to
    confirm before their hand is shown; a mistyped and an illegal move are refused with the reason."""
    game = get_game("city-blocks")
    state = game.new_state(2, seed=12)
    rng = Rng(12)
    lines = ["", "?", "Z9 R1C1", "H9 R1C1"]  # confirm, list moves, mistype, illegal
    mover = state.current_player
    while not state.is_terminal:
        if state.current_player != mover:
            lines.append("")
            mover = state.current_player
        action = rng.choice(state.legal_actions())
        lines.append(state.action_to_notation(action))
        state.apply(action)
    record = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "city-blocks", "--seats", "human,human", "--seed", "12", "--record", str(record)],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "is at the keyboard" in result.output
    assert "Legal moves" in result.output
    assert "Not allowed" in result.output and "is not a tile" in result.output
    assert "Final score" in result.output and "Street awards" in result.output
    saved = json.loads(record.read_text())
    assert saved["result"]["scores"] == state.scores()


def test_play_against_a_bot_shows_its_moves_and_stops_cleanly_on_end_of_input() -> None:
    result = runner.invoke(app, ["play", "city-blocks", "--seats", "greedy,human", "--seed", "5"], input="?\n")
    assert result.exit_code == 1
    assert "Your hand" in result.output and "Game left unfinished" in result.output
    assert "Traceback" not in result.output
