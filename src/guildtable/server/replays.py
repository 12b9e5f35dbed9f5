"""Replays: the frames of a finished game, one per move, as a spectator sees them.

Built by replaying the record, so a replay shows exactly what was played. Only finished games and uploaded records
are replayed: an unfinished game's record would reveal its hidden cards through the seed.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from guildtable.kernel import GuildtableError
from guildtable.kernel.records import GameRecord, new_state_for, parse_record, replay_record
from guildtable.server.problems import Problem

CACHE_SIZE = 64


def checked_record(data: Any, *, max_moves: int) -> GameRecord:
    """A record that parses and replays without a fault, or a 422 naming the field. A record longer than `max_moves`
    is refused before it is replayed (no real game comes near it; replaying costs time and memory)."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and len(actions) > max_moves:
        raise Problem(422, "bad-record", f"actions: a record has at most {max_moves} moves, this one {len(actions)}")
    try:
        record = parse_record(data)
        replay_record(record)  # raises BadRecord naming the first bad entry (a notation, a move, the result)
    except GuildtableError as error:
        raise Problem(422, "bad-record", str(error)) from None
    return record


def frames_of(record: GameRecord) -> list[dict[str, Any]]:
    """Frame k is the position after k moves: the spectator's view, the move that led there and its public log."""
    state = new_state_for(record)
    game = state.game
    names = [player.name for player in record.players]

    def frame(step: int, move: str | None, events: list[dict[str, Any]]) -> dict[str, Any]:
        result = None
        if state.is_terminal:
            result = {
                "scores": [float(s) for s in state.scores()],
                "winners": state.winners(),
                "breakdown": state.score_breakdown(),
            }
        return {
            "step": step,
            "move": move,
            "events": events,
            "view": state.view(None),
            "current_player": state.current_player,
            "terminal": state.is_terminal,
            "scores": [float(s) for s in state.scores()],
            "result": result,
            "names": names,
        }

    frames = [frame(0, None, [])]
    for step, entry in enumerate(record.actions, start=1):
        action = entry.action if entry.action is not None else state.action_from_notation(entry.notation or "")
        mover = state.current_player
        notation = state.action_to_notation(action)
        events = [
            {"version": step, **event.to_json(), "text": game.describe_event(event)}
            for event in state.apply(action)
            if event.visible_to(None)
        ]
        label = f"{names[mover]}: {notation}" if mover is not None and mover < len(names) else notation
        frames.append(frame(step, label, events))
    return frames


class ReplayCache:
    """Frames of recently watched replays, so stepping through one does not replay the game at every click."""

    def __init__(self) -> None:
        self.entries: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()

    def frames(self, replay_id: str, record: dict[str, Any]) -> list[dict[str, Any]]:
        cached = self.entries.get(replay_id)
        if cached is None:
            try:
                cached = frames_of(parse_record(record))
            except GuildtableError as error:
                raise Problem(422, "bad-record", str(error)) from None
            self.entries[replay_id] = cached
            while len(self.entries) > CACHE_SIZE:
                self.entries.popitem(last=False)
        else:
            self.entries.move_to_end(replay_id)
        return cached
