"""`guildtable bot-worker`: take bot moves from the platform's queue (Redis) and make them, on any machine.

Run as many as there are cores to spare, anywhere that reaches the database and Redis; each takes `--concurrency` moves
at a time, each thinking in a process of its own. A worker killed mid-think loses nothing: its job runs again on
another worker (see `server/jobs.py`).
"""

from __future__ import annotations

import asyncio
import logging
import signal

import typer

from guildtable.cli.common import console
from guildtable.server.limits import ServerLimits

DEFAULTS = ServerLimits()


def bot_worker(
    db: str = typer.Option(..., help="The platform's database URL (postgresql+psycopg://user@host/db)."),
    redis: str = typer.Option(..., help="The platform's Redis URL (redis://host:6379/0)."),
    concurrency: int = typer.Option(2, min=1, help="Bot moves thought about at once (one process each)."),
    move_seconds: float = typer.Option(
        DEFAULTS.bot_move_seconds, min=0.1, help="Seconds after which a move is given up (the greedy move is played)."
    ),
    log_level: str = typer.Option("warning", help="Log level (debug, info, warning, error)."),
) -> None:
    """Make the bots' moves of every server process on this database, taken from the queue on Redis."""
    from guildtable.server.jobs import make_worker

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    worker = make_worker(redis, db, concurrency=concurrency, move_seconds=move_seconds)
    shown = db.split("@")[-1] if "@" in db else db  # never print a database password
    console.print(f"guildtable bot-worker: {concurrency} at a time (database {shown})", soft_wrap=True)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, lambda: loop.create_task(worker.stop()))
        await worker.start()

    asyncio.run(run())
