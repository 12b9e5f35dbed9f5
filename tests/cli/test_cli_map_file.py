"""Issue 12 finding 1: reading a map file is a command-line convenience. `--option map=PATH` reads the file (at most
the map-text limit plus one byte) and hands the game its text; anything wrong with the file is one line and status 2.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from guildtable.cli.app import app
from guildtable.cli.common import game_options
from guildtable.games.city_and_guilds.board import MAX_MAP_TEXT, default_map_text
from guildtable.kernel.registry import get_game

runner = CliRunner()
GAME = get_game("city-and-guilds")
SMALL_MAP = (
    "; four blocks of four\n..........\n.AA..BB...\n.AA..BB...\n..........\n.CC..DD...\n.CC..DD...\n..........\n"
)


def _refusal(value: str) -> str:
    """The one line `simulate` prints for `--option map=value`, after checking the exit status."""
    result = runner.invoke(app, ["simulate", "city-and-guilds", "--bots", "random,random,random", "-o", f"map={value}"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.output.strip().count("\n") == 0, result.output
    return result.output.strip()


def test_a_map_file_is_read_into_the_options_text(tmp_path: Path) -> None:
    """Issue 12 finding 1 (§8.3): the option then holds the file's text, so a record replays without the file."""
    path = tmp_path / "small.txt"
    path.write_text(SMALL_MAP, encoding="utf-8")
    assert game_options(GAME, [f"map={path}"])["map"] == SMALL_MAP
    path.write_bytes(b"\xef\xbb\xbf" + SMALL_MAP.encode())  # a byte-order mark from a Windows editor
    assert game_options(GAME, [f"map={path}"])["map"] == SMALL_MAP


def test_simulate_plays_on_a_map_file_and_records_its_text(tmp_path: Path) -> None:
    """Issue 12 finding 1 (§8.3, CG-14: four blocks for three players): a whole game on the file's map."""
    path = tmp_path / "small.txt"
    path.write_text(SMALL_MAP, encoding="utf-8")
    records = tmp_path / "records"
    args = ["simulate", "city-and-guilds", "--bots", "random,random,random", "--games", "1", "--seed", "5"]
    result = runner.invoke(app, [*args, "--option", f"map={path}", "--records", str(records)])
    assert result.exit_code == 0, result.output
    (record,) = records.glob("*.json")
    assert json.loads(record.read_text())["options"]["map"] == SMALL_MAP


def test_shipped_names_and_typed_map_text_are_not_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 finding 1: `default` names the shipped map even beside a file called `default`; text stays text."""
    monkeypatch.chdir(tmp_path)
    Path("default").write_text(SMALL_MAP, encoding="utf-8")
    assert game_options(GAME, ["map=default"])["map"] == "default"
    assert game_options(GAME, ["map=./default"])["map"] == SMALL_MAP
    assert game_options(GAME, ["map=AA.BB.CC"])["map"] == "AA.BB.CC"


def test_a_missing_file_is_one_line_naming_it(tmp_path: Path) -> None:
    """Issue 12 finding 1: a typo in the path says so, in one line."""
    line = _refusal(str(tmp_path / "missing.txt"))
    assert "cannot read the file" in line and "missing.txt" in line and "No such file" in line


def test_a_device_or_folder_is_refused_before_any_read(tmp_path: Path) -> None:
    """Issue 12 finding 1: /dev/zero is not read at all (it never ends), nor is a folder."""
    started = time.monotonic()
    assert "'/dev/zero' is not a regular file" in _refusal("/dev/zero")
    assert time.monotonic() - started < 5
    assert "is not a regular file" in _refusal(str(tmp_path))


def test_a_file_over_the_limit_is_refused_after_reading_one_byte_more(tmp_path: Path) -> None:
    """Issue 12 finding 1: a file of a gigabyte costs a read of MAX_MAP_TEXT + 1 bytes, then one line naming the
    limit."""
    path = tmp_path / "huge.txt"
    with path.open("wb") as file:
        file.truncate(1 << 30)  # sparse: no disk is used
    # Once untraced: what a first refusal loads once per process (the messages' catalogue, the console) is not the
    # file's cost, and whether an earlier test loaded it already must not decide this one.
    with pytest.raises(typer.Exit):
        game_options(GAME, [f"map={path}"])
    tracemalloc.start()
    try:
        with pytest.raises(typer.Exit):
            game_options(GAME, [f"map={path}"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20
    assert f"larger than {MAX_MAP_TEXT} bytes" in _refusal(str(path))


def test_the_limit_fits_the_default_map_with_room(tmp_path: Path) -> None:
    """Issue 12 finding 1 (§8.5): a copy of the default map with comments up to the limit is read and accepted."""
    text = default_map_text()
    padded = text + "; " + "x" * (MAX_MAP_TEXT - len(text) - 3) + "\n"
    assert len(padded.encode()) == MAX_MAP_TEXT
    path = tmp_path / "padded.txt"
    path.write_text(padded, encoding="utf-8")
    assert game_options(GAME, [f"map={path}"])["map"] == padded


def test_a_file_that_is_not_utf8_text_or_not_a_map_is_one_line(tmp_path: Path) -> None:
    """Issue 12 finding 1 (§8.3): binary bytes, a NUL in the path and a bad grid each give one plain line."""
    binary = tmp_path / "binary.bin"
    binary.write_bytes(b"\x7fELF\xff\xfe\x00\x00\n")
    assert "is not UTF-8 text" in _refusal(str(binary))
    assert "cannot read the file" in _refusal(f"{tmp_path}/a\x00b.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("......\n.AA.B.\n.A?.B.\n......\n", encoding="utf-8")
    assert "unknown character '?' at row 2, column 2" in _refusal(str(bad))
