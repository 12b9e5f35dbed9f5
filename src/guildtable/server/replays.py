"""Replays: the frames of a finished game, one per move, as a spectator sees them.

Built by replaying the record, so a replay shows exactly what was played. Only finished games and uploaded records
are replayed: an unfinished game's record would reveal its hidden cards through the seed.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import orjson

from guildtable.kernel import BadRecord, GuildtableError, State
from guildtable.kernel.i18n import N_, current_language, use_language
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import GameRecord, new_state_for, parse_record, replay_record
from guildtable.kernel.seats import displayed_seat_names
from guildtable.server.names import display_name
from guildtable.server.problems import Problem
from guildtable.server.workers import worker_pool

# The longest player name a record may hold (its format's own limit: a bot seat's name may spell out its settings).
MAX_RECORD_NAME = 64


def checked_record(data: Any, *, max_moves: int) -> GameRecord:
    """A record that parses and replays without a fault, or a 422 naming the field. A record longer than `max_moves`
    is refused before it is replayed (no real game comes near it; replaying costs time and memory)."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and len(actions) > max_moves:
        raise Problem(
            422,
            "bad-record",
            _("actions: a record has at most {most} moves, this one {n}", most=max_moves, n=len(actions)),
        )
    try:
        record = parse_record(data)
        replay_record(record)  # raises BadRecord naming the first bad entry (a notation, a move, the result)
    except BadRecord as error:
        raise Problem(422, "bad-record", plain_record_error(error), field=error.field) from None
    except GuildtableError as error:
        raise Problem(422, "bad-record", str(error)) from None
    return checked_record_names(record)


def checked_record_names(record: GameRecord) -> GameRecord:
    """The record with its players' names as a table's seat names are (issue 30): `display_name`'s rules, so an
    uploaded record shows no bidi override, control character or invisible name on its public replay; a name that
    breaks them is a 422 naming the player."""
    players = []
    for index, player in enumerate(record.players):
        try:
            name = display_name(player.name, longest=MAX_RECORD_NAME)
        except Problem as problem:
            reason = problem.detail
            raise Problem(
                422,
                "bad-record",
                _("The name of player {n} in this record cannot be shown: {reason}.", n=index + 1, reason=reason),
                field=f"players[{index}].name",
            ) from None
        players.append(player.model_copy(update={"name": name}))
    return record.model_copy(update={"players": players})


# What a record's top-level fields are, in a player's words.
_FIELD_WORDS = {
    "game": N_("which game it is"),
    "players": N_("the list of players"),
    "seed": N_("the shuffle"),
    "actions": N_("the list of moves"),
    "options": N_("the game's options"),
    "setup": N_("the starting position"),
    "result": N_("the final result"),
}


def plain_record_error(error: BadRecord) -> str:
    """Why a record file cannot be watched, for the person who chose the file (the field stays in the problem)."""
    field = error.field
    # A rule's ID stays in the problem's fields; the sentence a person reads is the rule's own words.
    message = error.detail if error.kind == "illegal-move" else error.message
    message = re.sub(r"\b[A-Z]{2}(?:-[A-Z]+)?-\d+: ", "", message)
    if error.kind == "not-json":
        return _("This file is not a game record: it is not JSON text, and records saved by guildtable are.")
    if field in ("record", "format", "version"):
        return _("This file is not a game record saved by guildtable.")
    top = field.split(".", 1)[0].split("[", 1)[0]
    move = re.fullmatch(r"actions\[(\d+)\].*", field)
    if move:
        return _("Move {n} of this record cannot be played: {reason}.", n=int(move.group(1)) + 1, reason=message)
    if error.kind == "missing" and top in _FIELD_WORDS:
        return _("This record is incomplete: it does not say {what}.", what=_(_FIELD_WORDS[top]))
    what = _(_FIELD_WORDS[top]) if top in _FIELD_WORDS else top
    return _("This record cannot be replayed: {what} is wrong ({reason}).", what=what, reason=message)


def spectator_frame(
    state: State, step: int, move: str | None, events: list[dict[str, Any]], names: list[str]
) -> dict[str, Any]:
    """A replay's frame: the position after `step` moves as a spectator sees it, the move that led there and its
    public log, and the result once the game is over."""
    result = None
    if state.is_terminal:
        result = {
            "scores": [float(s) for s in state.scores()],
            "winners": state.winners(),
            "breakdown": state.score_breakdown(),
            "sheet": state.score_sheet().to_json(),
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


def frames_of(record: GameRecord) -> list[dict[str, Any]]:
    """Frame k is the position after k moves: the spectator's view, the move that led there and its public log."""
    state = new_state_for(record)
    game = state.game
    names = displayed_seat_names([player.name for player in record.players])

    def frame(step: int, move: str | None, events: list[dict[str, Any]]) -> dict[str, Any]:
        return spectator_frame(state, step, move, events, names)

    frames = [frame(0, None, [])]
    for step, entry in enumerate(record.actions, start=1):
        action = entry.action if entry.action is not None else state.action_from_notation(entry.notation or "")
        mover = state.current_player
        words = state.action_label(action, names)
        events = [
            {"version": step, **event.to_json(), "text": game.describe_event(event, names)}
            for event in state.apply(action)
            if event.visible_to(None)
        ]
        frames.append(frame(step, told_move(mover, words, events, names), events))
    return frames


def told_move(mover: int | None, words: str, events: list[dict[str, Any]], names: list[str]) -> str:
    """A move as a spectator reads it (issue 33): the game log's line for what the mover did, which tells it in the
    third person ("Blue rebuilds row 1, column 1 with a store 3, paying the $11 value tile"), when the move made one;
    else the mover's name and the move's label. A label speaks to the player who chose it ("your store 5"), so the
    log's line goes first."""
    for event in events:
        if mover is not None and event.get("seat") == mover and event.get("text"):
            return str(event["text"])
    return f"{names[mover]}: {words}" if mover is not None and mover < len(names) else words


def alternative_frame(record: GameRecord, index: int, action: int) -> dict[str, Any]:
    """The position after playing `action` instead of move `index` (0-based) of a record, as a spectator sees it: the
    analysis shows it next to the move played ("best was ..."). A replay's record is public, so this shows nothing
    hidden that the record does not."""
    state = new_state_for(record)
    names = displayed_seat_names([player.name for player in record.players])
    for entry in record.actions[:index]:
        state.apply(entry.action if entry.action is not None else state.action_from_notation(entry.notation or ""))
    mover = state.current_player
    words = state.action_label(action, names)
    label = f"{names[mover]}: {words}" if mover is not None and mover < len(names) else words
    events = [
        {"version": index + 1, **event.to_json(), "text": state.game.describe_event(event, names)}
        for event in state.apply(action)
        if event.visible_to(None)
    ]
    return spectator_frame(state, index + 1, label, events, names)


@dataclass(frozen=True, slots=True)
class Frames:
    """A replay's frames as the JSON text each step's answer sends, and each move's words (what the replay's summary
    lists). Kept as text, not as objects: a frame's view is a deep tree, and a long game's thousand of them had cost
    the server ten times their size in memory."""

    steps: tuple[bytes, ...]
    moves: tuple[str | None, ...]

    @property
    def size(self) -> int:
        """About what the frames hold in memory, in bytes."""
        return sum(len(step) for step in self.steps) + sum(len(move or "") for move in self.moves)


def encoded_frames(record: dict[str, Any], language: str) -> Frames:
    """Every frame of a record, built in `language` and encoded (in a worker process: replaying a long game costs the
    CPU a quarter of a second and more)."""
    with use_language(language):
        try:
            frames = frames_of(parse_record(record))
        except GuildtableError as error:
            raise ValueError(str(error)) from None  # a plain error: it comes back from the worker process
    return Frames(tuple(orjson.dumps(frame) for frame in frames), tuple(frame["move"] for frame in frames))


def alternative_in(record: dict[str, Any], index: int, action: int, language: str) -> dict[str, Any]:
    """`alternative_frame` of a record as a dict, in `language` (in a worker process)."""
    with use_language(language):
        try:
            return alternative_frame(parse_record(record), index, action)
        except GuildtableError as error:
            raise ValueError(str(error)) from None


class ReplayCache:
    """Frames of recently watched replays, so stepping through one does not replay the game at every click (issue 30
    finding 8). Frames are built in a worker process, never on the event loop; one build per replay and language at
    a time, however many ask, and at most `builds` waiting (a 503 beyond); the cache holds at most `max_bytes` of
    frames, least recently watched leaving first, so memory stays bounded whatever is read."""

    def __init__(self, max_bytes: int = 64 * 1024 * 1024, builds: int = 4) -> None:
        self.max_bytes = max_bytes
        self.builds = builds
        self.entries: OrderedDict[tuple[str, str], Frames] = OrderedDict()
        self.bytes = 0
        self._building: dict[tuple[str, str], asyncio.Future[Frames]] = {}
        self._pool: ProcessPoolExecutor | None = None

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(1)
        return self._pool

    async def frames(self, replay_id: str, record: dict[str, Any]) -> Frames:
        key = (replay_id, current_language())
        cached = self.entries.get(key)
        if cached is not None:
            self.entries.move_to_end(key)
            return cached
        building = self._building.get(key)
        if building is None:
            if len(self._building) >= self.builds:
                raise Problem(
                    503,
                    "replays-busy",
                    _("the server is preparing other replays; ask again in a few seconds"),
                    headers={"Retry-After": "5"},
                )
            loop = asyncio.get_running_loop()
            building = asyncio.ensure_future(loop.run_in_executor(self._workers(), encoded_frames, record, key[1]))
            self._building[key] = building
            building.add_done_callback(lambda done: self._built(key, done))
        try:
            return await asyncio.shield(building)
        except ValueError as error:
            raise Problem(422, "bad-record", str(error)) from None

    async def alternative(self, record: dict[str, Any], index: int, action: int) -> dict[str, Any]:
        """`alternative_frame`, built in the worker process (it replays the game up to the move)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._workers(), alternative_in, record, index, action, current_language()
            )
        except ValueError as error:
            raise Problem(422, "bad-record", str(error)) from None

    def _built(self, key: tuple[str, str], done: asyncio.Future[Frames]) -> None:
        self._building.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        frames = done.result()
        if frames.size > self.max_bytes:
            return  # served to those who asked, not kept
        self.entries[key] = frames
        self.bytes += frames.size
        while self.bytes > self.max_bytes:
            _key, gone = self.entries.popitem(last=False)
            self.bytes -= gone.size

    def clear(self) -> None:
        self.entries.clear()
        self.bytes = 0

    def close(self) -> None:
        for building in self._building.values():
            building.cancel()
        self._building.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
