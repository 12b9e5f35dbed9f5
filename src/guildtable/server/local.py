"""`guildtable serve` in a child process on a free loopback port: what the restart test, the browser tests and the
load benchmark each need, written once. The child can be killed (SIGKILL) to prove a restart loses nothing."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

SERVE = [sys.executable, "-c", "from guildtable.cli.app import main; main()", "serve"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def is_up(base_url: str) -> bool:
    try:
        return httpx.get(f"{base_url}/api/games", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


@contextmanager
def local_server(
    db_url: str,
    *,
    port: int | None = None,
    bot_delay: float = 0.0,
    quiet: bool = True,
    timeout: float = 60.0,
    extra: tuple[str, ...] = (),
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start a server, wait until it answers, yield (base URL, process); kill it on the way out. `extra`: more
    `guildtable serve` options."""
    port = port or free_port()
    output = subprocess.DEVNULL if quiet else None
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), "--db", db_url, "--bot-delay", str(bot_delay), "--log-level", "warning", *extra],
        stdout=output,
        stderr=output,
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while not is_up(base_url):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"guildtable serve did not start on port {port}")
            time.sleep(0.05)
        yield base_url, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
