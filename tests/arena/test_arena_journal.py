"""The tournament directory: parameters saved first, each game journaled when it ends, and the journal read back
strictly (a torn last line is dropped, any other damage refused naming the line)."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from pathlib import Path

import pytest

from guildtable.arena.backends import run_tasks
from guildtable.arena.backends.local import run_local
from guildtable.arena.journal import (
    JOURNAL_FILE,
    TOURNAMENT_FILE,
    Journal,
    load_tournament,
    recover_journal,
    start_tournament,
)
from guildtable.arena.tournament import MatchResult, Tournament, play_match, schedule
from guildtable.kernel import BadRecord

TOURNAMENT = Tournament("city-blocks", 2, ("random", "greedy"), 4, seed=11, options={"court_via_rebuild": False})


@pytest.fixture(scope="module")
def played() -> list[MatchResult]:
    return [play_match(task) for task in schedule(TOURNAMENT)]


def journal_of(directory: Path, results: list[MatchResult]) -> Path:
    start_tournament(directory, TOURNAMENT)
    with Journal(directory) as journal:
        for result in results:
            journal.record(result)
    return directory / JOURNAL_FILE


def test_the_tournament_is_saved_before_any_game_and_loads_back_equal(tmp_path: Path) -> None:
    start_tournament(tmp_path / "t", TOURNAMENT)
    assert (tmp_path / "t" / JOURNAL_FILE).read_bytes() == b""
    assert load_tournament(tmp_path / "t") == TOURNAMENT


def test_a_directory_holding_a_tournament_is_not_started_again(tmp_path: Path) -> None:
    start_tournament(tmp_path, TOURNAMENT)
    with pytest.raises(BadRecord, match="already holds a tournament"):
        start_tournament(tmp_path, TOURNAMENT)


def test_each_game_is_on_disk_as_soon_as_it_is_recorded(tmp_path: Path, played: list[MatchResult]) -> None:
    start_tournament(tmp_path, TOURNAMENT)
    path = tmp_path / JOURNAL_FILE
    with Journal(tmp_path) as journal:
        for count, result in enumerate(played, start=1):
            journal.record(result)
            # Read by another handle while the journal is still open: the line must already be there.
            assert len(path.read_text().splitlines()) == count
            assert json.loads(path.read_text().splitlines()[-1])["index"] == result.index


def test_the_journal_reads_back_every_game_exactly(tmp_path: Path, played: list[MatchResult]) -> None:
    journal_of(tmp_path, played)
    recovered = recover_journal(tmp_path, schedule(TOURNAMENT))
    assert [result.to_json() for result in recovered] == [result.to_json() for result in played]


def test_a_torn_last_line_is_dropped_and_cut_off_the_file(tmp_path: Path, played: list[MatchResult]) -> None:
    path = journal_of(tmp_path, played)
    whole = path.read_bytes()
    path.write_bytes(whole[:-40])
    recovered = recover_journal(tmp_path, schedule(TOURNAMENT))
    assert [result.index for result in recovered] == [0, 1, 2]
    # The file now ends on a whole line, so the next game appends cleanly.
    assert path.read_bytes() == b"".join(whole.splitlines(keepends=True)[:3])


def test_a_whole_last_line_missing_only_its_newline_is_kept(tmp_path: Path, played: list[MatchResult]) -> None:
    path = journal_of(tmp_path, played)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    assert len(recover_journal(tmp_path, schedule(TOURNAMENT))) == 4
    assert path.read_bytes().endswith(b"}\n")


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda lines: lines.__setitem__(1, lines[1][:30]), "line 2: not a finished game"),
        (lambda lines: lines.__setitem__(2, lines[0]), "line 3: game 0 is already on line 1"),
        (lambda lines: lines.__setitem__(1, lines[1].replace('"seed":12', '"seed":99')), "line 2: game 1 has a seed"),
        (lambda lines: lines.__setitem__(0, lines[0].replace('"index":0', '"index":7')), "line 1: game 7 is not one"),
        (lambda lines: lines.__setitem__(3, lines[3].replace('"scores":[', '"scores":[1,')), "line 4: scores"),
        (lambda lines: lines.__setitem__(3, "[]"), "line 4: game: expected an object"),
    ],
    ids=["garbled", "duplicate", "foreign-seed", "out-of-range", "bad-scores", "not-an-object"],
)
def test_a_damaged_line_is_refused_naming_it(
    tmp_path: Path, played: list[MatchResult], damage: Callable[[list[str]], None], message: str
) -> None:
    path = journal_of(tmp_path, played)
    lines = path.read_text().splitlines()
    damage(lines)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(BadRecord, match=message):
        recover_journal(tmp_path, schedule(TOURNAMENT))


def test_a_directory_without_a_tournament_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadRecord, match="no such directory"):
        load_tournament(tmp_path / "missing")
    with pytest.raises(BadRecord, match="no tournament here"):
        load_tournament(tmp_path)
    (tmp_path / TOURNAMENT_FILE).write_text('{"format": "something else"}')
    with pytest.raises(BadRecord, match="not a guildtable arena tournament"):
        load_tournament(tmp_path)
    (tmp_path / TOURNAMENT_FILE).write_text('{"format": "guildtable-arena-tournament", "version": 1, "tournament": {}}')
    with pytest.raises(BadRecord, match=r"tournament\.game"):
        load_tournament(tmp_path)


def test_closing_the_local_backend_early_stops_its_worker_pool() -> None:
    tasks = schedule(Tournament("city-blocks", 2, ("random", "random"), 6, seed=3))
    finished = run_local(tasks, 2, play_match)
    next(finished)
    assert multiprocessing.active_children()
    finished.close()
    assert multiprocessing.active_children() == []


def test_the_backend_generator_can_be_closed_before_it_starts() -> None:
    finished = run_tasks(schedule(TOURNAMENT), "local", workers=1)
    finished.close()
    assert multiprocessing.active_children() == []
