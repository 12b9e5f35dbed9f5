"""The Toy Nim action space and its two codecs.

Integers: 0, 1, 2 take 1, 2 or 3 counters (NIM-3); 3 gives one counter back and 4 keeps all three (NIM-4).
Notation: `take 2`, `give`, `keep`. JSON: `{"type": "take", "count": 2}`, `{"type": "give"}`, `{"type": "keep"}`.
The codecs do not depend on the position, so they live here rather than in `rules.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guildtable.kernel import IllegalAction
from toy_game.content import MAX_TAKE

GIVE = MAX_TAKE
KEEP = MAX_TAKE + 1
NUM_ACTIONS = KEEP + 1


def take_action(count: int) -> int:
    """The action that takes `count` counters (1 to 3)."""
    return count - 1


def notation(action: int) -> str:
    if action == GIVE:
        return "give"
    if action == KEEP:
        return "keep"
    return f"take {action + 1}"


def parse(text: str) -> int:
    """The action a typed move names, legal or not; unreadable text raises IllegalAction saying why."""
    words = text.lower().split()
    if words in (["give"], ["keep"]):
        return GIVE if words[0] == "give" else KEEP
    if len(words) == 2 and words[0] == "take" and words[1] in ("1", "2", "3"):
        return take_action(int(words[1]))
    raise IllegalAction("", f"cannot read {text!r}: type 'take 1' to 'take 3', 'give' or 'keep'")


def to_json(action: int) -> dict[str, Any]:
    if action == GIVE:
        return {"type": "give"}
    if action == KEEP:
        return {"type": "keep"}
    return {"type": "take", "count": action + 1}


def from_json(data: Mapping[str, Any]) -> int:
    """The integer of a structured action; a malformed one raises IllegalAction naming what is wrong."""
    if not isinstance(data, Mapping):
        raise IllegalAction("", "an action is a JSON object with a 'type'")
    kind = data.get("type")
    if kind == "give":
        return GIVE
    if kind == "keep":
        return KEEP
    if kind == "take":
        count = data.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_TAKE:
            raise IllegalAction("", f"a take needs a 'count' from 1 to {MAX_TAKE}, not {count!r}")
        return take_action(count)
    raise IllegalAction("", f"unknown action type {kind!r} (take, give, keep)")
