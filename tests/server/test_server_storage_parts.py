"""Issue 32: the store is split by concern into parts (`server/storage/`), and `AsyncStore` offers each part's calls as
coroutines with the same names and arguments, so that no call of a part is left without its awaited twin."""

from __future__ import annotations

import inspect

from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.store import Store

# The move log's group commit and its flag are the async side's own business (`AsyncMoveLog.add_move` uses them).
MOVES_ONLY_SYNC = {"add_moves", "groups_moves", "close"}


def public_calls(part: object) -> set[str]:
    return {name for name in dir(type(part)) if not name.startswith("_") and name != "engine"}


def test_every_call_of_every_part_is_awaitable_with_the_same_arguments(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    awaited = AsyncStore(store, threads=1)
    try:
        parts = {name: part for name, part in vars(store).items() if name not in ("url", "engine")}
        assert set(parts) == {name for name in vars(awaited) if not name.startswith("_")} - {"store", "url"}
        for name, part in parts.items():
            calls = public_calls(part) - (MOVES_ONLY_SYNC if name == "moves" else set())
            twin = getattr(awaited, name)
            assert calls <= set(dir(twin)), f"{name}: {sorted(calls - set(dir(twin)))} have no awaited twin"
            for call in calls:
                assert inspect.signature(getattr(twin, call)) == inspect.signature(getattr(part, call)), call
    finally:
        awaited.close()


def test_the_parts_share_the_stores_engine(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    try:
        engines = {id(part.engine) for name, part in vars(store).items() if name not in ("url", "engine")}
        assert engines == {id(store.engine)}
    finally:
        store.close()
