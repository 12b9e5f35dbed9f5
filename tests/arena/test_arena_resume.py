"""`guildtable arena --resume DIR`: an interrupted tournament continues where it stopped and reports exactly what an
uninterrupted run reports; what cannot be resumed is refused in one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from guildtable.arena.backends import run_tasks
from guildtable.arena.journal import JOURNAL_FILE, TOURNAMENT_FILE
from guildtable.arena.tournament import MatchResult, MatchTask
from guildtable.cli.app import app

runner = CliRunner()
GAMES = 8
ARGS = ["city-blocks", "--bots", "random,greedy,random", "--games", str(GAMES), "--seed", "5", "--workers", "1"]


def arena(*args: str) -> Result:
    return runner.invoke(app, ["arena", *args, "--no-plots"])


def says(outcome: Result, text: str) -> bool:
    """Whether the output holds `text`, ignoring whitespace: error lines are folded at the console's width, even
    inside a long temporary path."""
    return "".join(text.split()) in "".join(outcome.output.split())


def comparable(directory: Path) -> dict[str, Any]:
    """results.json without the thinking times, which differ from run to run."""
    data: dict[str, Any] = json.loads((directory / "results.json").read_text())
    for game in data["games"]:
        del game["move_seconds"]
    for entrant in data["entrants"]:
        del entrant["median_move_seconds"]
    return data


def stops_after(count: int, stop: BaseException) -> Callable[..., Generator[MatchResult, None, None]]:
    """A backend that delivers `count` games and then fails the way a Ctrl-C or a crash would."""

    def run(tasks: list[MatchTask], *args: Any) -> Generator[MatchResult, None, None]:
        for number, result in enumerate(run_tasks(tasks, *args)):
            if number == count:
                raise stop
            yield result

    return run


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("full") / "run"
    outcome = arena(*ARGS, "--out", str(out))
    assert outcome.exit_code == 0, outcome.output
    return comparable(out)


def test_every_game_is_journaled_the_moment_it_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "run"
    seen: list[int] = []

    def watching(tasks: list[MatchTask], *args: Any) -> Generator[MatchResult, None, None]:
        for result in run_tasks(tasks, *args):
            # Before the next game is handed over, every earlier one is already in the journal.
            seen.append(len((out / JOURNAL_FILE).read_text().splitlines()))
            yield result

    monkeypatch.setattr("guildtable.cli.arena.run_tasks", watching)
    outcome = arena(*ARGS, "--out", str(out))
    assert outcome.exit_code == 0, outcome.output
    assert seen == list(range(GAMES))
    assert len((out / JOURNAL_FILE).read_text().splitlines()) == GAMES
    saved = json.loads((out / TOURNAMENT_FILE).read_text())["tournament"]
    assert saved == {
        "game": "city-blocks",
        "players": 2,
        "bots": ["random", "greedy", "random"],
        "games": GAMES,
        "seed": 5,
        "options": {"court_via_rebuild": True},
    }


def test_ctrl_c_saves_the_finished_games_and_resume_completes_the_same_tournament(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, uninterrupted: dict[str, Any]
) -> None:
    out = tmp_path / "run"
    monkeypatch.setattr("guildtable.cli.arena.run_tasks", stops_after(3, KeyboardInterrupt()))
    stopped = arena(*ARGS, "--out", str(out))
    assert stopped.exit_code == 130
    assert "Traceback" not in stopped.output
    assert f"Interrupted: 3 of {GAMES} games are saved" in stopped.output
    assert f"Continue with: guildtable arena --resume {out}" in stopped.output
    assert len((out / JOURNAL_FILE).read_text().splitlines()) == 3
    assert not (out / "results.json").exists()

    monkeypatch.undo()
    resumed = arena("--resume", str(out))
    assert resumed.exit_code == 0, resumed.output
    assert f"3 of {GAMES} games already played" in resumed.output
    assert comparable(out) == uninterrupted
    assert len((out / JOURNAL_FILE).read_text().splitlines()) == GAMES


def test_a_crash_with_a_torn_last_line_resumes_to_the_same_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, uninterrupted: dict[str, Any]
) -> None:
    out = tmp_path / "run"
    monkeypatch.setattr("guildtable.cli.arena.run_tasks", stops_after(5, RuntimeError("worker died")))
    with pytest.raises(RuntimeError):
        runner.invoke(app, ["arena", *ARGS, "--out", str(out), "--no-plots"], catch_exceptions=False)
    journal = out / JOURNAL_FILE
    # The process died in the middle of writing the fifth line.
    journal.write_bytes(journal.read_bytes()[:-25])
    monkeypatch.undo()
    resumed = arena("city-blocks", "--resume", str(out), "--games", str(GAMES))
    assert resumed.exit_code == 0, resumed.output
    assert f"4 of {GAMES} games already played" in resumed.output
    assert comparable(out) == uninterrupted


def test_a_finished_tournament_is_only_reported_again(tmp_path: Path, uninterrupted: dict[str, Any]) -> None:
    out = tmp_path / "run"
    assert arena(*ARGS, "--out", str(out)).exit_code == 0
    journal = (out / JOURNAL_FILE).read_bytes()
    (out / "results.json").unlink()
    again = arena("--resume", str(out))
    assert again.exit_code == 0, again.output
    assert f"All {GAMES} games are already played" in again.output
    assert (out / JOURNAL_FILE).read_bytes() == journal
    assert comparable(out) == uninterrupted


def test_the_output_directory_is_chosen_created_and_printed_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("guildtable.cli.arena.run_tasks", stops_after(0, KeyboardInterrupt()))
    outcome = arena(*ARGS)
    assert outcome.exit_code == 130
    (directory,) = (tmp_path / "arena-results").iterdir()
    assert directory.name.startswith("city-blocks-")
    assert f"Tournament directory: {Path('arena-results') / directory.name}" in outcome.output
    assert (directory / TOURNAMENT_FILE).exists() and (directory / JOURNAL_FILE).read_text() == ""


@pytest.fixture()
def interrupted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    out = tmp_path / "run"
    monkeypatch.setattr("guildtable.cli.arena.run_tasks", stops_after(2, KeyboardInterrupt()))
    assert arena(*ARGS, "--out", str(out)).exit_code == 130
    monkeypatch.undo()
    return out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["guildhall"], "GAME guildhall contradicts the tournament saved in"),
        (["--games", "9"], "--games 9 contradicts"),
        (["--seed", "6"], "--seed 6 contradicts"),
        (["--players", "2", "--bots", "random,greedy"], "--bots random,greedy contradicts"),
        (["-o", "court_via_rebuild=false"], "--option court_via_rebuild=false contradicts"),
        (["--out", "elsewhere"], "--out elsewhere contradicts"),
    ],
)
def test_arguments_contradicting_the_saved_tournament_are_refused(
    interrupted: Path, extra: list[str], message: str
) -> None:
    game = extra[:1] if extra[0] == "guildhall" else []
    outcome = arena(*game, "--resume", str(interrupted), *extra[len(game) :])
    assert outcome.exit_code == 2
    assert says(outcome, message) and "Traceback" not in outcome.output
    assert len((interrupted / JOURNAL_FILE).read_text().splitlines()) == 2


def test_arguments_repeating_the_saved_tournament_are_accepted(interrupted: Path) -> None:
    outcome = arena(*ARGS, "-o", "court_via_rebuild=true", "--resume", str(interrupted), "--out", str(interrupted))
    assert outcome.exit_code == 0, outcome.output
    assert len((interrupted / JOURNAL_FILE).read_text().splitlines()) == GAMES


def test_a_corrupt_journal_line_is_refused_naming_it(interrupted: Path) -> None:
    journal = interrupted / JOURNAL_FILE
    first, second = journal.read_text().splitlines()
    journal.write_text(first[:50] + "\n" + second + "\n")
    outcome = arena("--resume", str(interrupted))
    assert outcome.exit_code == 2
    assert says(outcome, "games.jsonl line 1: not a finished game") and "Traceback" not in outcome.output


def test_a_directory_without_a_tournament_is_refused(tmp_path: Path) -> None:
    outcome = arena("--resume", str(tmp_path))
    assert outcome.exit_code == 2
    assert says(outcome, "cannot resume") and says(outcome, "no tournament here")
    assert "Traceback" not in outcome.output


def test_a_new_tournament_does_not_overwrite_a_saved_one(interrupted: Path) -> None:
    outcome = arena(*ARGS, "--out", str(interrupted))
    assert outcome.exit_code == 2
    assert says(outcome, "already holds a tournament") and says(outcome, "--resume")
    assert len((interrupted / JOURNAL_FILE).read_text().splitlines()) == 2


def test_a_game_or_a_resume_directory_is_needed() -> None:
    outcome = arena()
    assert outcome.exit_code == 2
    assert says(outcome, "name a GAME")


def _live_processes_in_group(group: int) -> list[str]:
    """Processes of process group `group` that are not zombies (Linux /proc)."""
    live = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            live.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
    return live


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_real_ctrl_c_stops_the_worker_pool_without_a_traceback(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-c", "from guildtable.cli.app import main; main()", "arena", "city-blocks"]
    command += ["--bots", "greedy,greedy", "--games", "2000", "--workers", "2", "--out", str(out), "--no-plots"]
    # Its own process group, like a terminal's foreground job, with Ctrl-C at its default (a parent may ignore it).
    arena_run = subprocess.Popen(
        command,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    journal = out / JOURNAL_FILE
    deadline = time.monotonic() + 60
    while not (journal.exists() and len(journal.read_text().splitlines()) >= 2) and time.monotonic() < deadline:
        time.sleep(0.1)
    os.killpg(arena_run.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group gets SIGINT
    _, stderr = arena_run.communicate(timeout=60)
    assert arena_run.returncode == 130, stderr
    assert "Traceback" not in stderr
    saved = len(journal.read_text().splitlines())
    assert f"Interrupted: {saved} of 2000 games are saved" in stderr
    assert f"Continue with: guildtable arena --resume {out}" in stderr
    # Workers are terminated before the main process exits; multiprocessing's resource tracker follows a moment later.
    deadline = time.monotonic() + 10
    while _live_processes_in_group(arena_run.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _live_processes_in_group(arena_run.pid) == []
