"""Helpers for the browser tests: a served guildtable on a free port and Debian's chromium driven by Playwright."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served(db_path: Path) -> Iterator[str]:
    """`guildtable serve` with bots that move at once; yields its base URL."""
    port = free_port()
    command = [sys.executable, "-c", "from guildtable.cli.app import main; main()", "serve"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--db", f"sqlite:///{db_path}", "--bot-delay", "0", "--log-level", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("guildtable serve did not start")
            time.sleep(0.1)
        yield base
    finally:
        process.kill()
        process.wait()
