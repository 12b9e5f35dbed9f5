"""Table news between processes (Redis pub/sub): news told together travels in one message, every process of the
platform hears all of it in the order told, another platform on the same Redis hears none, a message that is not
news is refused (and ignored by a listener) rather than misread, and a move is answered only once its news is out."""

from __future__ import annotations

import asyncio
import os
import uuid
from pathlib import Path

import pytest

from guildtable.server.lobby import Lobby
from guildtable.server.pubsub import TableFeed, TableNews
from guildtable.server.storage.store import Store
from loops import run_coroutine

REDIS = os.environ.get("GUILDTABLE_TEST_REDIS", "")


def test_news_round_trips_in_order_and_refuses_what_is_not_news() -> None:
    told = [TableNews("t1", 5, 33), TableNews("t2", 1, None), TableNews("t1", 6, 70)]
    assert TableNews.decode_all(TableNews.encode_all(told)) == told
    for bad in (b'{"table": "t1"}', b"[[1, 2]]", b"[5]", b'[["t1", "x", 1]]', b"not json"):
        with pytest.raises((ValueError, TypeError)):
            TableNews.decode_all(bad)


def test_news_told_together_reaches_every_process_of_the_platform_in_one_message() -> None:
    if not REDIS:
        if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
            pytest.fail("CI needs Redis: set GUILDTABLE_TEST_REDIS (make test does, via scripts/ensure_redis.sh)")
        pytest.skip("no Redis: set GUILDTABLE_TEST_REDIS (make test does, via scripts/ensure_redis.sh)")
    platform = f"sqlite:///{uuid.uuid4().hex}.sqlite3"  # only names the platform: no database is opened

    async def run() -> tuple[list[TableNews], list[TableNews], list[TableNews], int]:
        heard: list[TableNews] = []
        own: list[TableNews] = []
        elsewhere: list[TableNews] = []
        other = TableFeed(REDIS, platform, on_news=heard.append, on_gap=lambda: None)
        teller = TableFeed(REDIS, platform, on_news=own.append, on_gap=lambda: None)
        stranger = TableFeed(REDIS, platform + "-other", on_news=elsewhere.append, on_gap=lambda: None)
        for feed in (other, teller, stranger):
            await feed.start()
        messages = 0
        publish = teller.redis.publish

        async def counted(channel: str, data: bytes) -> int:
            nonlocal messages
            messages += 1
            return int(await publish(channel, data))

        teller.redis.publish = counted  # type: ignore[method-assign]
        sent = [teller.tell(TableNews(f"t{index % 3}", index, index)) for index in range(10)]
        await asyncio.gather(*sent)
        await teller.publish(TableNews("t9", 1, None))
        for _ in range(100):
            if len(heard) == 11 and len(own) == 11:
                break
            await asyncio.sleep(0.02)
        for feed in (other, teller, stranger):
            await feed.close()
        return heard, own, elsewhere, messages

    heard, own, elsewhere, messages = run_coroutine(run())
    expected = [TableNews(f"t{index % 3}", index, index) for index in range(10)] + [TableNews("t9", 1, None)]
    assert heard == expected and own == expected
    assert elsewhere == []
    # The ten told in one turn of the event loop went in one message; the last, told after they went, alone.
    assert messages == 2


class HeldFeed:
    """A news line that keeps every piece of news on its way until the test lets it go."""

    def __init__(self) -> None:
        self.told: list[TableNews] = []
        self.sent: list[asyncio.Future[None]] = []

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    def tell(self, news: TableNews) -> asyncio.Future[None]:
        sent: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.told.append(news)
        self.sent.append(sent)
        return sent


def test_a_move_is_answered_only_once_the_other_processes_can_hear_of_it(tmp_path: Path) -> None:
    """Were a process killed between answering a move and publishing its news, the other processes would never hear
    of a move its player saw accepted (they read the store only on a gap or a 409). So the answer waits for Redis."""

    async def run() -> None:
        feed = HeldFeed()
        lobby = Lobby(Store(f"sqlite:///{tmp_path / 'news.sqlite3'}"), feed=feed)  # type: ignore[arg-type]
        await lobby.start()
        try:
            table = (await lobby.create_table("city-blocks", ["human", "human"], [None, None], None, None)).table
            seat = table.on_turn
            assert seat is not None
            move = asyncio.ensure_future(lobby.move(table, seat, 0, table.legal()[0]["action"]))
            for _ in range(500):
                if any(news.action is not None for news in feed.told):
                    break
                await asyncio.sleep(0.01)
            (news,) = [news for news in feed.told if news.action is not None]
            assert (news.table, news.version) == (table.id, 1)
            stored = await lobby.store.tables.load_table(table.id)
            assert stored is not None and len(stored.actions) == 1  # stored ...
            await asyncio.sleep(0.05)
            assert not move.done()  # ... but not answered while its news is on its way
            for sent in feed.sent:
                sent.set_result(None)
            await asyncio.wait_for(move, 5)
        finally:
            await lobby.stop()

    run_coroutine(run())


def test_a_redis_that_does_not_answer_holds_a_move_no_longer_than_the_bound(caplog: pytest.LogCaptureFixture) -> None:
    """A move waits for its news; if Redis takes no message (a network that drops packets), the wait ends after
    `publish_seconds`, the failure is logged, and later news is still sent."""

    async def run() -> tuple[bool, list[bytes]]:
        feed = TableFeed("redis://127.0.0.1:1/0", "sqlite:///nowhere.sqlite3", on_news=print, on_gap=print)
        feed.publish_seconds = 0.05
        sent: list[bytes] = []
        answering = False

        async def publish(_channel: str, data: bytes) -> int:
            if not answering:
                await asyncio.Event().wait()  # never answers
            sent.append(data)
            return 1

        feed.redis.publish = publish  # type: ignore[method-assign]
        first = feed.tell(TableNews("t1", 1, 5))
        await asyncio.wait_for(first, 5)
        answering = True
        await asyncio.wait_for(feed.tell(TableNews("t1", 2, 6)), 5)
        await feed.redis.aclose()
        return first.done(), sent

    with caplog.at_level("ERROR", logger="guildtable.server"):
        done, sent = run_coroutine(run())
    assert done
    assert "Redis did not answer" in caplog.text
    assert [TableNews.decode_all(data) for data in sent] == [[TableNews("t1", 2, 6)]]
