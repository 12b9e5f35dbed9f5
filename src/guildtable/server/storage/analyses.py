"""Replay analyses (issue 19): one row per replay, claimed by one process at a time, its progress written as it goes
and its result when done."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from guildtable.server.storage.schema import analyses


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    replay_id: str
    spec: str
    status: str
    done: int
    total: int
    result: dict[str, Any] | None
    updated: float


@dataclass(frozen=True, slots=True)
class Analyses:
    """The analyses of one database."""

    engine: Engine

    def analysis(self, replay_id: str) -> StoredAnalysis | None:
        with self.engine.connect() as db:
            row = db.execute(select(analyses).where(analyses.c.replay_id == replay_id)).first()
        if row is None:
            return None
        result = None if row.result is None else json.loads(row.result)
        return StoredAnalysis(row.replay_id, row.spec, row.status, row.done, row.total, result, float(row.updated))

    def claim_analysis(self, replay_id: str, spec: str, total: int, at: float, stale_before: float) -> bool:
        """Start an analysis: True if this process may run it (no row yet, or a running one nobody has updated since
        `stale_before`); False if it is done or another process is running it. One statement each way, so two
        processes asked at once cannot both start it."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    insert(analyses).values(
                        replay_id=replay_id, spec=spec, status="running", done=0, total=total, result=None, updated=at
                    )
                )
            return True
        except IntegrityError:
            pass
        with self.engine.begin() as db:
            taken = db.execute(
                update(analyses)
                .where(
                    analyses.c.replay_id == replay_id,
                    analyses.c.status == "running",
                    analyses.c.updated < stale_before,
                )
                .values(spec=spec, done=0, total=total, updated=at)
            )
        return bool(taken.rowcount == 1)

    def analysis_progress(self, replay_id: str, done: int, at: float) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(analyses)
                .where(analyses.c.replay_id == replay_id, analyses.c.status == "running")
                .values(done=done, updated=at)
            )

    def finish_analysis(self, replay_id: str, result: dict[str, Any], at: float) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(analyses)
                .where(analyses.c.replay_id == replay_id)
                .values(status="done", done=analyses.c.total, result=json.dumps(result), updated=at)
            )

    def drop_analysis(self, replay_id: str) -> None:
        """Forget a running analysis that failed (it may be asked for again)."""
        with self.engine.begin() as db:
            db.execute(delete(analyses).where(analyses.c.replay_id == replay_id, analyses.c.status == "running"))
