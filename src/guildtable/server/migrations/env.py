"""Alembic's entry point: runs the migrations on the connection `migrations.upgrade` handed over, inside its
transaction."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run migrations through guildtable.server.migrations.upgrade(engine, tables)")
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
