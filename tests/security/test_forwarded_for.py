"""Issue 30 finding 3: a client could choose the address its rates were counted against. `guildtable serve` left
uvicorn's default of believing `X-Forwarded-For` from 127.0.0.1, so 25 sign-ins with a different header each got no
429; and the deploy guide told operators to pass `--forwarded-allow-ips`, which `serve` refused. Proxy headers are now
believed only from the addresses an operator names, and from none by default.

FastAPI's TestClient never goes through uvicorn's proxy-header middleware, so the attacks run against a real server.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from typer.testing import CliRunner

from guildtable.cli import serve
from guildtable.cli.app import app
from guildtable.server.frame_budget import BudgetedWebSockets
from guildtable.server.limits import ServerLimits
from guildtable.server.local import local_server

TIGHT = ("--create-rate", "3/minute", "--signin-rate", "3/minute")
TABLE = {"game": "city-blocks", "seats": [{}, {}]}
STRANGER = {"name": "nobody-here", "password": "not the password"}


def _statuses(http: httpx.Client, path: str, body: dict[str, Any], addresses: list[str]) -> list[int]:
    """The answers to one request per address, each claiming that address in `X-Forwarded-For`."""
    return [http.post(path, json=body, headers={"X-Forwarded-For": address}).status_code for address in addresses]


def test_a_chosen_forwarded_address_does_not_escape_the_rates(tmp_path: Path) -> None:
    """Issue 30 finding 3: by default the header is nobody's word: sign-ins and new tables claiming a different
    address each still run into the one address's limit, and a claimed https gets no HSTS."""
    addresses = [f"203.0.113.{n}" for n in range(1, 7)]
    with (
        local_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", extra=TIGHT) as (base_url, _),
        httpx.Client(base_url=base_url, timeout=30) as http,
    ):
        tables = _statuses(http, "/api/tables", TABLE, addresses)
        signins = _statuses(http, "/api/session", STRANGER, addresses)
        claimed_https = http.get("/", headers={"X-Forwarded-Proto": "https"})
    assert "strict-transport-security" not in claimed_https.headers
    assert tables[:3] == [201] * 3 and 429 in tables[3:], tables
    assert signins[:3] == [401] * 3 and 429 in signins[3:], signins


def test_the_header_is_believed_from_the_proxies_an_operator_names(tmp_path: Path) -> None:
    """With `--forwarded-allow-ips 127.0.0.1` (a proxy on this machine, set up as docs/deploy.md's nginx) each
    forwarded address has its own budget: six addresses create six tables, one address is still held to three, and
    the proxy's `X-Forwarded-Proto: https` is believed."""
    addresses = [f"203.0.113.{n}" for n in range(1, 7)]
    extra = (*TIGHT, "--forwarded-allow-ips", "127.0.0.1")
    with (
        local_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", extra=extra) as (base_url, _),
        httpx.Client(base_url=base_url, timeout=30) as http,
    ):
        assert _statuses(http, "/api/tables", TABLE, addresses) == [201] * 6
        same = _statuses(http, "/api/tables", TABLE, ["198.51.100.7"] * 4)
        https = http.get("/", headers={"X-Forwarded-Proto": "https"})
    assert same[:3] == [201] * 3 and same[3] == 429
    assert https.headers["strict-transport-security"].startswith("max-age=")  # the proxy's word on the scheme too


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_hands_uvicorn_no_proxy_trust_and_the_frame_budget(
    workers: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What `serve` passes to uvicorn, with one process and with `--workers` (where uvicorn pickles its settings into
    each process): proxy headers off unless proxies are named, and every WebSocket counted by the frame budget."""
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr("uvicorn.run", lambda _app, **options: seen.append(options))
    monkeypatch.setattr("guildtable.server.create_app", lambda *_args, **_kwargs: FastAPI())
    monkeypatch.setenv(serve.SETTINGS_VARIABLE, "")
    command = ["serve", "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}", "--workers", str(workers)]
    command += ["--redis", "redis://127.0.0.1:1/0"] if workers > 1 else []
    runner = CliRunner()
    assert runner.invoke(app, command).exit_code == 0
    named = ["--forwarded-allow-ips", " 10.0.0.1, 192.168.0.0/16 ", "--frame-rate", "7/second"]
    assert runner.invoke(app, [*command, *named]).exit_code == 0

    default, proxied = seen
    assert default["proxy_headers"] is False and "forwarded_allow_ips" not in default
    assert default["ws"] == BudgetedWebSockets(ServerLimits().frame_rate)
    assert proxied["proxy_headers"] is True and proxied["forwarded_allow_ips"] == "10.0.0.1,192.168.0.0/16"
    assert pickle.loads(pickle.dumps(proxied["ws"])) == BudgetedWebSockets("7/second")


def test_a_malformed_frame_rate_is_refused() -> None:
    result = CliRunner().invoke(app, ["serve", "--frame-rate", "lots"])
    assert result.exit_code == 2 and "'lots'" in result.output
