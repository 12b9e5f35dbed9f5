"""Issue 12 finding 1: a City and Guilds `map` option over the network is a shipped map's name or the map's text,
never a path. It used to open any server file: a spectator's view showed the file's rows, errors told whether a file
existed and its first characters, `/dev/zero` ate gigabytes and a NUL gave a 500."""

from __future__ import annotations

import builtins
import io
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from security_helpers import TestClient

from guildtable.games.city_and_guilds.board import MAX_MAP_TEXT

SECRET = "TOP-SECRET-CONTENT"
SMALL_MAP = "..........\n.AA..BB...\n.AA..BB...\n..........\n.CC..DD...\n.CC..DD...\n..........\n"


def _create(client: TestClient, map_value: object) -> tuple[int, dict[str, Any]]:
    # ASCII JSON, so that a lone surrogate travels as its escape, the way a hostile client can send it.
    payload = {"game": "city-and-guilds", "seats": [{}, {}, {}], "options": {"map": map_value}}
    response = client.post("/api/tables", content=json.dumps(payload), headers={"content-type": "application/json"})
    return response.status_code, response.json()


@pytest.fixture
def files_touched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every name the process opens or stats while the test runs (the app's thread included)."""
    names: list[str] = []

    def spy(original: Callable[..., Any]) -> Callable[..., Any]:
        def call(file: Any, *args: Any, **kwargs: Any) -> Any:
            names.append(str(file))
            return original(file, *args, **kwargs)

        return call

    for module, attribute in ((builtins, "open"), (io, "open"), (os, "open"), (os, "stat")):
        monkeypatch.setattr(module, attribute, spy(getattr(module, attribute)))
    yield names


def test_a_path_to_a_server_file_is_refused_without_reading_it(
    client: TestClient, tmp_path: Path, files_touched: list[str]
) -> None:
    """Issue 12 finding 1: an existing file and a missing one get the same refusal, and no file content."""
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}\n{SECRET}\n")
    paths = [secret, tmp_path / "missing.txt", Path("/etc/passwd")]
    files_touched.clear()
    answers = [_create(client, str(path)) for path in paths]
    for status, body in answers:
        assert status == 422 and body["problem"] == "bad-options"
        assert SECRET not in str(body) and "root:" not in str(body)
    # The answer is the same whether or not the file exists: it tells nothing about the server's files.
    assert len({body["detail"] for _, body in answers}) == 1
    assert not [name for name in files_touched if any(name.endswith(path.name) for path in paths)]


@pytest.mark.parametrize("value", ["/dev/zero", "/dev/urandom", "ma\x00p", "/etc/\x00passwd", "../../etc/shadow"])
def test_device_and_nul_paths_are_a_quick_422(client: TestClient, files_touched: list[str], value: str) -> None:
    """Issue 12 finding 1: /dev/zero is never opened, and a NUL in the value is a 422, not a 500."""
    started = time.monotonic()
    status, body = _create(client, value)
    assert status == 422 and body["detail"].startswith("option map: ")
    assert time.monotonic() - started < 5
    assert not [name for name in files_touched if "/dev/" in name or "passwd" in name or "shadow" in name]


@pytest.mark.parametrize(
    "value",
    [
        "....\n.AA\x00\n....\n",  # a NUL inside map text
        "\x7fELF\x02\x01\x01\x00\x00\x00\n\x00\x00\xff\xfe\ud800\n",  # binary garbage, a lone surrogate escaped
        "\n\n\n",  # no rows
        "....\n.AA.\n...\n",  # ragged rows
    ],
)
def test_bad_map_text_is_a_422_naming_the_fault_in_plain_words(client: TestClient, value: str) -> None:
    """Issue 12 finding 1 (§8.3): NULs, binary garbage and bad grids are a 422 whose detail is one plain line."""
    status, body = _create(client, value)
    assert status == 422 and body["problem"] == "bad-options"
    assert "\n" not in body["detail"] and "\x00" not in body["detail"]
    assert any(word in body["detail"] for word in ("row", "character")), body["detail"]


def test_a_huge_map_text_is_refused_naming_the_limit(client: TestClient) -> None:
    """Issue 12 finding 1: the map's text is size-limited before it is parsed."""
    status, body = _create(client, (".AA." * 400 + "\n") * 4)
    assert status == 422 and f"at most {MAX_MAP_TEXT} characters" in body["detail"]


@pytest.mark.parametrize("value", [123, ["default"], {"path": "/etc/passwd"}, None, True])
def test_a_map_that_is_not_text_is_a_422(client: TestClient, value: object) -> None:
    """Issue 12 finding 1: any JSON value other than text is refused with a problem body."""
    status, body = _create(client, value)
    assert status == 422 and body["problem"] == "bad-options"


def test_a_record_upload_carrying_a_path_is_refused(client: TestClient, tmp_path: Path) -> None:
    """Issue 12 finding 1: the upload path (a record's options) is closed too, with the same words as a missing
    file."""
    secret = tmp_path / "secret.txt"
    secret.write_text(SMALL_MAP.replace("AA", "ZZ"))
    details = []
    for value in (str(secret), str(tmp_path / "missing.txt"), "/dev/zero"):
        record = {
            "format": "guildtable-record",
            "game": "city-and-guilds",
            "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
            "options": {"map": value},
            "seed": 1,
            "actions": [],
        }
        response = client.post("/api/replays", json=record)
        assert response.status_code == 422, response.text
        assert "map" in response.json()["detail"] and "ZZ" not in response.text
        details.append(response.json()["detail"])
    assert len(set(details)) == 1


def test_the_default_map_and_map_text_still_work(client: TestClient) -> None:
    """Issue 12 finding 1, §8.3 (CG-14 needs a block per player: the small map has four): both forms make a table,
    and the spectator sees the given map's rows."""
    assert _create(client, "default")[0] == 201
    status, body = _create(client, SMALL_MAP)
    assert status == 201, body
    view = client.get(f"/api/tables/{body['id']}/state").json()
    assert SMALL_MAP.splitlines()[1] in str(view)
