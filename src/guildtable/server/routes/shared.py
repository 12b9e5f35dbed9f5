"""What several route modules share: the refusals a route names by what it is given, how a seat's moves are
counted, and a record's download."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Header
from fastapi.responses import JSONResponse

# The refusals of a route, by what it is given (its `responses`, problems.py): a table's id (no such table, or one this
# version cannot restore), a seat's secret (missing, or not this table's), a replay's id (no such replay, or a game
# still being played; reads are rate limited).
TABLE = (404, 410)
SEAT = (401, 403)
REPLAY = (404, 409, 429)

Authorization = Annotated[str | None, Header()]
"""The `Authorization` header: `Bearer <seat secret>` (or an invite token, where a route takes one)."""


def seat_key(table_id: str, seat: int) -> str:
    """What a seat's moves are counted against (issue 30): the seat itself, so nobody else, whatever address they
    share, can spend them (a table id holds no '#')."""
    return f"seat#{table_id}#{seat}"


def record_download(record: dict[str, Any], name: str) -> JSONResponse:
    """A game record as a file to save (`guildtable-<name>.json`)."""
    return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="guildtable-{name}.json"'})
