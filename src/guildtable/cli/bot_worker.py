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
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.server.limits import ServerLimits

DEFAULTS = ServerLimits()
# The command's help (`guildtable bot-worker --help`), translated when shown.
HELP = N_("Make the bots' moves of every server process on this database, taken from the queue on Redis.")


def bot_worker(
    db: str = typer.Option(..., help=N_("The platform's database URL (postgresql+psycopg://user@host/db).")),
    redis: str = typer.Option(..., help=N_("The platform's Redis URL (redis://host:6379/0).")),
    concurrency: int = typer.Option(2, min=1, help=N_("Bot moves thought about at once (one process each).")),
    move_seconds: float = typer.Option(
        DEFAULTS.bot_move_seconds,
        min=0.1,
        help=N_("Seconds after which a move is given up (the greedy move is played)."),
    ),
    analyses: int = typer.Option(
        1, min=0, help=N_("Game analyses worked on at once (one process each; 0: leave them to other workers).")
    ),
    log_level: str = typer.Option("warning", help=N_("Log level (debug, info, warning, error).")),
) -> None:
    from guildtable.server.jobs import make_workers

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    workers = make_workers(redis, db, concurrency=concurrency, move_seconds=move_seconds, analyses=analyses)
    shown = db.split("@")[-1] if "@" in db else db  # never print a database password
    banner = _("guildtable bot-worker: {n} at a time (database {database})", n=concurrency, database=shown)
    console.print(banner, soft_wrap=True, markup=False)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, lambda: [loop.create_task(worker.stop()) for worker in workers])
        await asyncio.gather(*(worker.start() for worker in workers))

    asyncio.run(run())
