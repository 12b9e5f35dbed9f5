"""The database schema's history as Alembic migrations, and bringing a database up to date (`upgrade`).

Every schema change is a migration in `versions/` (never `metadata.create_all`): the store upgrades its database to
the newest revision when it opens it. A database made before migrations existed (by `create_all`: the tables are
there, `alembic_version` is not) is stamped at the baseline first, then upgraded like any other; one that
`create_all` made from the store's tables as they are now (tools, tests) is stamped at the head instead.

Adding a migration: change the tables in `storage/schema.py`, then add `versions/NNNN_what_it_does.py` with
`down_revision` set to the previous head and an `upgrade()` made of `op.*` calls (see the baseline for the shape);
`tests/server/test_server_migrations.py` checks that a fresh database at head matches `schema.metadata`.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, MetaData, inspect, text

HERE = Path(__file__).resolve().parent
BASELINE = "0001"
# A table every database made by the store has had since the first release.
_FIRST_TABLE = "gt_tables"
# Any fixed number: the PostgreSQL advisory lock held while a database is being upgraded.
_LOCK_KEY = 0x6775_696C_6474


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration (on `connection`), without an alembic.ini: the scripts live in this package."""
    settings = Config()
    settings.set_main_option("script_location", str(HERE))
    settings.attributes["connection"] = connection
    return settings


def head() -> str:
    """The newest revision."""
    return ScriptDirectory.from_config(config()).get_current_head() or BASELINE


def current(engine: Engine) -> str | None:
    """The revision the database is at (None: never migrated)."""
    with engine.connect() as db:
        return MigrationContext.configure(db).get_current_revision()


def upgrade(engine: Engine, tables: MetaData) -> None:
    """Bring the database to the newest revision, in one transaction; a database made by `create_all` before
    migrations existed is stamped at the baseline first (its tables are the baseline's, once an old one has
    `seed_text`), and one `create_all` made from `tables` (the store's tables as they are now) at the head. On
    PostgreSQL an advisory lock makes server processes that start together take turns."""
    with engine.begin() as db:
        if db.dialect.name == "postgresql":
            db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        settings = config(db)
        if MigrationContext.configure(db).get_current_revision() is None and inspect(db).has_table(_FIRST_TABLE):
            _add_seed_text(db)
            command.stamp(settings, "head" if _is_current(db, tables) else BASELINE)
        command.upgrade(settings, "head")


def _is_current(db: Connection, tables: MetaData) -> bool:
    """Whether the database's tables are `tables`, the store's as they are now (so no migration is to be run)."""
    return not compare_metadata(MigrationContext.configure(db), tables)


def _add_seed_text(db: Connection) -> None:
    """Databases made before `seed_text` existed get the column (nullable, so the old rows keep their `seed`)."""
    columns = {column["name"] for column in inspect(db).get_columns(_FIRST_TABLE)}
    if "seed_text" not in columns:
        db.execute(text("ALTER TABLE gt_tables ADD COLUMN seed_text VARCHAR(80)"))
