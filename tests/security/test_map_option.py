"""Issue 12 finding 1: a City and Guilds `map` option over the network is a shipped map's name or the map's text,
never a path. It used to open any server file: a spectator's view showed the file's rows, errors told whether a file
existed and its first characters, `/dev/zero` ate gigabytes and a NUL gave a 500."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from security_helpers import TestClient

from guildtable.cli.common import game_options
from guildtable.games.city_and_guilds.board import MAX_MAP_TEXT
from guildtable.kernel.registry import get_game

SECRET = "TOP-SECRET-CONTENT"
SMALL_MAP = "..........\n.AA..BB...\n.AA..BB...\n..........\n.CC..DD...\n.CC..DD...\n..........\n"


def _create(client: TestClient, map_value: object) -> tuple[int, dict]:
    response = client.post(
        "/api/tables", json={"game": "city-and-guilds", "seats": [{}, {}, {}], "options": {"map": map_value}}
    )
    return response.status_code, response.json()


def test_a_path_to_a_server_file_is_refused_without_reading_it(client: TestClient, tmp_path: Path) -> None:
    """Issue 12 finding 1: an existing file and a missing one get the same refusal, and no file content."""
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}\n{SECRET}\n")
    answers = [_create(client, str(path)) for path in (secret, tmp_path / "missing.txt", Path("/etc/passwd"))]
    for status, body in answers:
        assert status == 422 and body["problem"] == "bad-options"
        assert SECRET not in str(body) and "root:" not in str(body)
    # The answer is the same whether or not the file exists: it tells nothing about the server's files.
    assert len({body["detail"] for _, body in answers}) == 1


@pytest.mark.parametrize("value", ["/dev/zero", "/dev/urandom", "ma\x00p", "../../etc/shadow"])
def test_device_and_nul_paths_are_a_quick_422(client: TestClient, value: str) -> None:
    """Issue 12 finding 1: /dev/zero is never read, and a NUL in the value is a 422, not a 500."""
    status, body = _create(client, value)
    assert status == 422 and "map" in body["detail"]


def test_a_huge_map_text_is_refused_naming_the_limit(client: TestClient) -> None:
    """Issue 12 finding 1: the map's text is size-limited before it is parsed."""
    status, body = _create(client, (".AA." * 400 + "\n") * 4)
    assert status == 422 and str(MAX_MAP_TEXT) in body["detail"]


@pytest.mark.parametrize("value", [123, ["default"], {"path": "/etc/passwd"}, None])
def test_a_map_that_is_not_text_is_a_422(client: TestClient, value: object) -> None:
    """Issue 12 finding 1: any JSON value other than text is refused with a problem body."""
    status, _ = _create(client, value)
    assert status == 422


def test_a_record_upload_carrying_a_path_is_refused(client: TestClient, tmp_path: Path) -> None:
    """Issue 12 finding 1: the upload path (a record's options) is closed too."""
    secret = tmp_path / "secret.txt"
    secret.write_text(SMALL_MAP)
    record = {
        "format": "guildtable-record",
        "game": "city-and-guilds",
        "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
        "options": {"map": str(secret)},
        "seed": 1,
        "actions": [],
    }
    response = client.post("/api/replays", json=record)
    assert response.status_code == 422 and "map" in response.json()["detail"]


def test_the_default_map_and_map_text_still_work(client: TestClient) -> None:
    """§8.3 (CG-14 needs a block per player: the small map has four): both forms make a table."""
    assert _create(client, "default")[0] == 201
    status, body = _create(client, SMALL_MAP)
    assert status == 201, body


def test_the_command_line_reads_a_map_file_into_text(tmp_path: Path) -> None:
    """Issue 12 finding 1: reading a path is a command-line convenience; the option then holds the text."""
    path = tmp_path / "small.txt"
    path.write_text(SMALL_MAP)
    options = game_options(get_game("city-and-guilds"), [f"map={path}"])
    assert options["map"] == SMALL_MAP


def test_the_command_line_refuses_a_map_file_over_the_limit(tmp_path: Path) -> None:
    """Issue 12 finding 1: the command line reads at most the limit plus one byte, then refuses in one line."""
    path = tmp_path / "big.txt"
    path.write_text("." * (MAX_MAP_TEXT + 10))
    with pytest.raises(typer.Exit):
        game_options(get_game("city-and-guilds"), [f"map={path}"])
