"""Guildhall's events, built fast: `public` and `private` as in `kernel.events`, for the hot paths of a playout.

Events are built at every step of a playout, so they are made without the frozen dataclass's __init__ (the same
three fields set directly; an Event field added in the kernel fails the assertion) and private ones share one seat
set per seat. Nothing here knows a rule.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from guildtable.kernel import Event

assert [f.name for f in fields(Event)] == ["kind", "data", "seats"], "Guildhall builds Event objects field by field"
_ONLY = tuple(frozenset((seat,)) for seat in range(8))
_new_event = Event.__new__
_set_kind = Event.__dict__["kind"].__set__
_set_data = Event.__dict__["data"].__set__
_set_seats = Event.__dict__["seats"].__set__


def public(kind: str, **data: Any) -> Event:
    """`kernel.events.public`: an event every seat may see."""
    event = _new_event(Event)
    _set_kind(event, kind)
    _set_data(event, data)
    _set_seats(event, None)
    return event


def private(to: int, kind: str, **data: Any) -> Event:
    """`kernel.events.private`: an event only seat `to` may see."""
    event = _new_event(Event)
    _set_kind(event, kind)
    _set_data(event, data)
    _set_seats(event, _ONLY[to])
    return event
