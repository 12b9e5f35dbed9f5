"""Which platform a server process serves: alone on its database (SQLite's default: bots in its own process pool), or
one of several on a shared PostgreSQL and Redis (table news over Redis pub/sub, bots as jobs for `guildtable
bot-worker`). Here the pieces are put together; each lives in its own module."""

from __future__ import annotations

from guildtable.server.jobs import BotJobs, make_queue
from guildtable.server.limits import ServerLimits
from guildtable.server.lobby import Lobby
from guildtable.server.pubsub import TableFeed
from guildtable.server.storage.store import Store


def make_lobby(
    db_url: str,
    redis_url: str | None,
    *,
    bot_delay: float = 0.6,
    limits: ServerLimits | None = None,
    chosen_seeds: bool = False,
) -> Lobby:
    """The lobby of one server process; with `redis_url` it joins the other processes on the same database."""
    limits = limits or ServerLimits()
    store = Store(db_url)
    if redis_url is None:
        return Lobby(store, bot_delay=bot_delay, limits=limits, chosen_seeds=chosen_seeds)
    analyses = make_queue(redis_url, db_url, "analyses")
    jobs = BotJobs(make_queue(redis_url, db_url), bot_delay, limits.bot_move_seconds, analyses)
    lobby = Lobby(store, bot_delay=bot_delay, limits=limits, chosen_seeds=chosen_seeds, jobs=jobs)
    lobby.feed = TableFeed(redis_url, db_url, on_news=lobby.hear, on_gap=lobby.hear_gap)
    return lobby
