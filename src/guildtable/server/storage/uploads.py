"""Uploaded records (replays of games played elsewhere), kept as their JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, insert, select

from guildtable.server.storage.database import now
from guildtable.server.storage.schema import uploads


@dataclass(frozen=True, slots=True)
class Uploads:
    """The uploaded records of one database."""

    engine: Engine

    def add_upload(self, upload_id: str, record: dict[str, Any]) -> None:
        with self.engine.begin() as db:
            db.execute(insert(uploads).values(id=upload_id, record=json.dumps(record), created=now()))

    def get_upload(self, upload_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            row = db.execute(select(uploads.c.record).where(uploads.c.id == upload_id)).first()
        return None if row is None else dict(json.loads(row.record))
