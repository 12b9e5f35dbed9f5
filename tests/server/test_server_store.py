"""Storage: tables, seats, moves and uploads round-trip through SQLite and PostgreSQL, and a ply is stored once."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from guildtable.server.storage.database import now
from guildtable.server.storage.moves import PlyTaken
from guildtable.server.storage.store import Store
from guildtable.server.storage.tables import StoredSeat, StoredTable
from loops import run_coroutine


def a_table(table_id: str = "t1") -> StoredTable:
    seats = [StoredSeat(0, "human", "Blue", "token-0", False), StoredSeat(1, "greedy", "Red (greedy)", None, True)]
    return StoredTable(table_id, "city-blocks", 2**40 + 7, {"court_via_rebuild": False}, None, now(), None, seats, [])


def test_a_table_and_its_moves_round_trip(db_url: str) -> None:
    store = Store(db_url)
    store.tables.create_table(a_table())
    for ply, action in enumerate((33, 70, 5)):
        store.moves.add_move("t1", ply, action, f"move {ply}")
    store.seats.set_seat_name("t1", 0, "Ada")
    store.tables.set_rematch("t1", "t2")
    store.close()
    (loaded,) = Store(db_url).tables.load_tables()
    assert loaded.actions == [33, 70, 5]
    assert loaded.seed == 2**40 + 7 and loaded.options == {"court_via_rebuild": False} and loaded.rematch == "t2"
    assert loaded.seats[0] == StoredSeat(0, "human", "Ada", "token-0", True)
    assert loaded.seats[1] == StoredSeat(1, "greedy", "Red (greedy)", None, True)


def test_a_ply_is_stored_once(db_url: str) -> None:
    store = Store(db_url)
    store.tables.create_table(a_table())
    store.moves.add_move("t1", 0, 33, "first")
    with pytest.raises(PlyTaken):
        store.moves.add_move("t1", 0, 34, "second")
    assert store.tables.load_tables()[0].actions == [33]


def test_moves_of_many_tables_committed_together_each_learn_their_own_fate(db_url: str) -> None:
    """The group commit: moves that arrive while one statement is on its way go in the next one, together; a move
    whose ply another process stored first fails alone (`PlyTaken`), and every other move of its group is stored."""
    import asyncio

    from guildtable.server.storage.calls import AsyncStore

    store = Store(db_url)
    for table_id in ("t1", "t2", "t3"):
        store.tables.create_table(a_table(table_id))
    store.moves.add_move("t2", 0, 40, "stored by another process")
    calls: list[int] = []
    add_moves = store.moves.add_moves

    def counted(rows: list) -> set:  # type: ignore[type-arg]
        calls.append(len(rows))
        return add_moves(rows)

    store.moves.add_moves = counted  # type: ignore[method-assign]

    async def moves() -> list[BaseException | None]:
        calls_store = AsyncStore(store)
        outcomes = await asyncio.gather(
            calls_store.moves.add_move("t1", 0, 33, "a", 1.5),
            calls_store.moves.add_move("t2", 0, 34, "b", None),
            calls_store.moves.add_move("t3", 0, 35, "c", 2.5),
            calls_store.moves.add_move("t1", 1, 70, "d", 3.5),
            return_exceptions=True,
        )
        return list(outcomes)

    outcomes = run_coroutine(moves())
    assert outcomes[0] is None and outcomes[2] is None and outcomes[3] is None
    assert isinstance(outcomes[1], PlyTaken)
    loaded = {table.id: table.actions for table in store.tables.load_tables()}
    assert loaded == {"t1": [33, 70], "t2": [40], "t3": [35]}
    if store.moves.groups_moves:  # the four moves that came in one turn of the event loop go together
        assert calls == [4]
    else:
        assert calls == []
    store.close()


def test_uploads_are_kept_as_given(db_url: str) -> None:
    store = Store(db_url)
    record = {"game": "city-blocks", "players": [{"name": "A"}, {"name": "B"}], "seed": 3, "actions": []}
    store.uploads.add_upload("u1", record)
    assert store.uploads.get_upload("u1") == record
    assert store.uploads.get_upload("nope") is None


def test_a_129_bit_table_seed_round_trips(db_url: str) -> None:
    """Table seeds are 129-bit numbers (kernel.rng.new_table_seed): beyond any SQL integer, they are kept as text."""
    store = Store(db_url)
    table = a_table()
    table.seed = (1 << 128) | 0x1234_5678_9ABC_DEF0_1122_3344_5566_7788
    store.tables.create_table(table)
    store.close()
    assert Store(db_url).tables.load_table("t1").seed == table.seed  # type: ignore[union-attr]


def test_a_database_from_before_seed_text_gets_the_column_and_keeps_its_seeds(db_url: str) -> None:
    """A database written before `seed_text` existed (and before migrations): opening it adds the column, and its
    tables keep their seeds."""
    from sqlalchemy import create_engine, insert

    from guildtable.server.storage.schema import metadata, tables

    engine = create_engine(db_url)
    metadata.create_all(engine)
    with engine.begin() as db:
        db.execute(insert(tables).values(id="t1", game="city-blocks", seed=2**40 + 7, options="{}", created=now()))
        db.execute(text("ALTER TABLE gt_tables DROP COLUMN seed_text"))
    engine.dispose()
    reopened = Store(db_url)
    assert reopened.tables.load_table("t1").seed == 2**40 + 7  # type: ignore[union-attr]
    reopened.tables.create_table(a_table("t2"))
    assert reopened.tables.load_table("t2") is not None
