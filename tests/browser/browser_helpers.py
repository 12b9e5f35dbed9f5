"""Helpers for the browser tests: a served guildtable on a free port and Debian's chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from guildtable.server.local import local_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


@contextmanager
def served(db_path: Path) -> Iterator[str]:
    """`guildtable serve` with bots that move at once; yields its base URL. The tests fix some shuffles, and one
    test process creates tables and moves faster than the per-address limits allow a person."""
    extra = ("--allow-chosen-seeds", "--create-rate", "10000/minute", "--move-rate", "10000/minute")
    with local_server(f"sqlite:///{db_path}", bot_delay=0, extra=extra) as (base_url, _):
        yield base_url
