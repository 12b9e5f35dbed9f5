"""The pure Python engine as a worker for `test_compiled_engine.py` (issue 36): run as a script with GUILDTABLE_PURE=1,
so that every module of guildtable comes from its source (`guildtable/compiled.py`), it reads one JSON request a
line and answers with one JSON line.

A request names a game, its players, seed and options and the actions played; the answer is, for every position on
the way (the opening, then after each action), a digest of `record(state, events)`. With `"detail": k` it answers with
the record of position k instead, for a readable difference.

The test imports `record` and `digest` from here too, so that both engines are described the same way.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import guildtable.compiled
from guildtable.kernel import Event, Rng, State


def record(state: State, events: list[Event]) -> dict[str, Any]:
    """Everything the comparison looks at in a position: the whole state (its snapshot), what every seat and a
    spectator see, the legal moves, the events of the move that led here, and a determinization for the seat on turn
    (which reads the state's randomness and copies)."""
    seats: list[int | None] = [None, *range(state.num_players)]
    seat = state.current_player
    return {
        "snapshot": state.snapshot(),
        "views": [state.view(viewer) for viewer in seats],
        "legal": state.legal_actions(),
        "events": [[event.kind, event.data, None if event.seats is None else sorted(event.seats)] for event in events],
        "world": None if seat is None else state.determinize(seat, Rng(len(state.history))).snapshot(),
    }


def digest(entry: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(entry, sort_keys=True, default=repr).encode()).hexdigest()


def replay(request: dict[str, Any]) -> dict[str, Any]:
    from guildtable.kernel.registry import get_game

    game = get_game(request["game"])
    state = game.new_state(request["players"], seed=request["seed"], options=request["options"])
    assert not guildtable.compiled.compiled_modules(), "the pure engine imported a compiled module"
    detail = request.get("detail")
    records = [record(state, [])]
    for action in request["actions"]:
        if detail is not None and len(records) > detail:
            break
        records.append(record(state, state.apply(action)))
    if detail is not None:
        return {"record": json.loads(json.dumps(records[detail], default=repr))}
    return {"digests": [digest(entry) for entry in records]}


def main() -> None:
    for line in sys.stdin:
        print(json.dumps(replay(json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
