"""Table news between server processes, over Redis pub/sub: a move (or a new name, or a rematch) made through one
process reaches the clients that watch the table through any other.

The store stays the one order of moves (one row per move, keyed by table and ply); news only says "table T is now at
version v, by action a" so that a process holding T in memory can apply the move at once without asking the store.
A process that missed news (a gap in the versions, or the Redis connection came back) catches up from the store, so
losing a message delays a watcher and never misleads one. News of tables a process does not hold is ignored.

Every process of one platform subscribes to the one news channel of its database (`news_channel`), so two
platforms may share a Redis server without hearing each other. Every process hears every table's news (it cannot know
which tables another process holds), so news told together travels together: one message carries every table's news
told while the last message was on its way. This module knows Redis, not the rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import orjson
from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.exceptions import RedisError

log = logging.getLogger("guildtable.server")
RECONNECT_SECONDS = 0.5
# The longest a batch of news may take to reach Redis before it is given up (and the moves waiting on it answered).
PUBLISH_SECONDS = 2.0


@dataclass(frozen=True, slots=True)
class TableNews:
    """Table `table` is at `version` now: by the move `action` (the ply `version - 1`), or, with `action` None, its
    seats or rematch changed (read them from the store)."""

    table: str
    version: int
    action: int | None = None

    @staticmethod
    def encode_all(told: Sequence[TableNews]) -> bytes:
        """One message of several tables' news, in the order told."""
        return orjson.dumps([[news.table, news.version, news.action] for news in told])

    @classmethod
    def decode_all(cls, data: bytes) -> list[TableNews]:
        """The news of one message; ValueError or TypeError if it is not news."""
        told = orjson.loads(data)
        if not isinstance(told, list):
            raise ValueError("table news is a list")
        return [
            cls(str(table), int(version), None if action is None else int(action)) for table, version, action in told
        ]


def platform_key(db_url: str) -> str:
    """A short name for the platform a database makes: processes on the same database share channels and queues.
    The password never enters it."""
    head, at, tail = db_url.rpartition("@")
    scheme = head.split("://", 1)[0] if at else ""
    where = f"{scheme}://{tail}" if at else db_url
    return hashlib.sha256(where.encode()).hexdigest()[:12]


def news_channel(db_url: str) -> str:
    return f"guildtable:{platform_key(db_url)}:news"


class TableFeed:
    """One process's news line: `publish` tells every process; `on_news` hears every table's news (own included),
    and `on_gap` is called after the connection was lost and came back (news may have been missed)."""

    def __init__(
        self, redis_url: str, db_url: str, on_news: Callable[[TableNews], None], on_gap: Callable[[], None]
    ) -> None:
        self.redis: Redis = Redis.from_url(redis_url)
        self.channel = news_channel(db_url)
        self.on_news = on_news
        self.on_gap = on_gap
        self._listener: asyncio.Task[None] | None = None
        self._outbox: list[tuple[TableNews, asyncio.Future[None]]] = []
        self.publish_seconds = PUBLISH_SECONDS
        self._sender: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Subscribe (before returning, so no news published after this is missed), then listen in the background."""
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel)
        self._listener = asyncio.get_running_loop().create_task(self._listen(pubsub))

    def tell(self, news: TableNews) -> asyncio.Future[None]:
        """Send `news` to every process, in order after the news told before it, without waiting: news told while
        the last message was on its way goes together, in one message (the answer is done when Redis has it)."""
        loop = asyncio.get_running_loop()
        sent: asyncio.Future[None] = loop.create_future()
        self._outbox.append((news, sent))
        if self._sender is None or self._sender.done():
            self._sender = loop.create_task(self._send())
        return sent

    async def publish(self, news: TableNews) -> None:
        """`tell`, and wait until Redis has it."""
        await self.tell(news)

    async def _send(self) -> None:
        while self._outbox:
            batch, self._outbox = self._outbox, []
            try:
                message = TableNews.encode_all([news for news, _ in batch])
                await asyncio.wait_for(self.redis.publish(self.channel, message), self.publish_seconds)
            except (RedisError, TimeoutError) as error:
                # The moves are stored: other processes see them when they next catch up (a reconnect, a gap, a
                # reload). A move waits for its news, so an unanswering Redis must not hold it for longer than this.
                log.error("could not publish news of %d tables: %s", len(batch), str(error) or "Redis did not answer")
            finally:
                for _, sent in batch:
                    if not sent.done():
                        sent.set_result(None)

    async def _listen(self, pubsub: PubSub) -> None:
        while True:
            try:
                message = await pubsub.get_message(timeout=None)
                if message is None or message.get("type") != "message":
                    continue
                try:
                    told = TableNews.decode_all(message["data"])
                except (ValueError, TypeError):
                    log.error("ignoring malformed table news %r", message["data"][:80])
                    continue
                for news in told:
                    self.on_news(news)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                log.error("table news: lost Redis (%s); reconnecting", error)
                await asyncio.sleep(RECONNECT_SECONDS)
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.subscribe(self.channel)
                    self.on_gap()
            except Exception:
                log.exception("table news: a handler failed")

    async def close(self) -> None:
        if self._sender is not None:  # what was told before closing still goes out
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(self._sender), RECONNECT_SECONDS * 4)
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        await self.redis.aclose()
