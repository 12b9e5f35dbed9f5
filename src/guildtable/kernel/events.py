"""Events: what `State.apply` says happened, each marked with who may see it.

The game log, the web page's animation and per-seat redaction all come from events, so an event that carries a
hidden fact (the tiles a player drew) must name exactly the seats allowed to see it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `seats` is None for a public event, else the seats that may see it."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)  # free-form JSON per kind: each game's log.py reads its own
    seats: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """True if `seat` (None: a spectator) may see this event."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, **self.data}


def public(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def private(to: int, kind: str, **data: Any) -> Event:
    """An event only seat `to` may see."""
    return Event(kind, data, frozenset((to,)))


def visible_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events of `events` that `seat` may see, in order."""
    return [event for event in events if event.visible_to(seat)]
