"""The schema comes from the Alembic migrations: a new database is upgraded to head and matches the store's tables,
and a database made by `create_all` before migrations existed is stamped at the baseline and upgraded, keeping its
games."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, insert

from guildtable.server import migrations
from guildtable.server.store import Store, StoredSeat, StoredTable, metadata, moves, now, seats, tables


def test_a_new_database_is_at_head_and_matches_the_stores_tables(db_url: str) -> None:
    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    with store.engine.connect() as db:
        differences = compare_metadata(MigrationContext.configure(db), metadata)
    store.close()
    assert differences == []


def test_opening_a_database_twice_changes_nothing(db_url: str) -> None:
    Store(db_url).close()
    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    store.close()


def test_a_database_made_by_create_all_is_stamped_at_the_baseline_and_keeps_its_games(db_url: str) -> None:
    """What the release before migrations left: the tables and their rows, no alembic_version."""
    engine = create_engine(db_url)
    metadata.create_all(engine)
    with engine.begin() as db:
        db.execute(
            insert(tables).values(
                id="old", game="city-blocks", seed=5, seed_text="5", options="{}", created=now(), rematch=None
            )
        )
        db.execute(insert(seats).values(table_id="old", seat=0, kind="human", name="Ada", token="tok", joined=True))
        db.execute(insert(seats).values(table_id="old", seat=1, kind="greedy", name="Bot", token=None, joined=True))
        db.execute(insert(moves).values(table_id="old", ply=0, action=33, notation="first"))
    assert migrations.current(engine) is None
    engine.dispose()
    store = Store(db_url)
    assert migrations.current(store.engine) == migrations.head()
    loaded = store.load_table("old")
    assert loaded is not None and loaded.actions == [33] and loaded.seats[0].name == "Ada"
    seat = [StoredSeat(0, "human", "Blue", "t", False), StoredSeat(1, "human", "Red", "u", False)]
    store.create_table(StoredTable("new", "city-blocks", 9, {}, None, now(), None, seat, []))
    assert store.load_table("new") is not None
    store.close()
