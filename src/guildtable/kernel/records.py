"""Game records: the JSON file that is the single source of truth for saves, replays, bug reports and servers.

A record holds the players, options, seed, explicit setup and every action (integer and notation). Replaying it
reproduces the game exactly; `replay_record` checks each notation and the stated result on the way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from guildtable.kernel.errors import BadOptions, BadRecord, GuildtableError, IllegalAction
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.protocol import State
from guildtable.kernel.registry import get_game
from guildtable.kernel.rng import SEED_LIMIT
from guildtable.kernel.version import ENGINE_VERSION

RECORD_FORMAT = "guildtable-record"
RECORD_VERSION = 1


class PlayerEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
    kind: str = Field(default="human", min_length=1, max_length=200)


class ActionEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: int | None = Field(default=None, ge=0)
    notation: str | None = Field(default=None, min_length=1, max_length=200)

    @model_validator(mode="after")
    def _one_form(self) -> ActionEntry:
        if self.action is None and self.notation is None:
            raise ValueError(
                _("an action entry needs {action} or {notation}", action="'action'", notation="'notation'")
            )
        return self


class ResultEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scores: list[float]
    winners: list[int]


class EndingEntry(BaseModel):
    """A game that ended before its rules ended it, or with seats out of it (issue 16): each seat that resigned or
    ran out of time is out and placed last; `winners` are the best of the seats still in."""

    model_config = ConfigDict(extra="forbid")
    out: dict[int, Literal["resigned", "timeout"]]
    winners: list[int]


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["guildtable-record"] = "guildtable-record"
    version: Literal[1] = 1
    game: str
    engine_version: str = ENGINE_VERSION
    created: str | None = None
    players: list[PlayerEntry] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)  # as stored: the game's resolve_options checks them
    seed: int
    setup: dict[str, Any] | None = None  # as stored: the game's own setup reader checks it
    actions: list[ActionEntry] = Field(default_factory=list)
    result: ResultEntry | None = None
    ending: EndingEntry | None = None

    @field_validator("seed")
    @classmethod
    def _seed_in_range(cls, seed: int) -> int:
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError(_("a seed is a whole number from 0 to below {limit}", limit="2**256"))
        return seed


def _field_path(loc: Sequence[int | str]) -> str:
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "record"


def parse_record(source: str | bytes | dict[str, Any]) -> GameRecord:  # raw JSON, validated here
    """Validate a record given as JSON text or a dict. Raises BadRecord naming the first offending field."""
    if isinstance(source, str | bytes):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as error:
            # json's own reason ("Expecting value") is English; the sentence around it is ours.
            raise BadRecord(
                "record",
                _(
                    "not valid JSON (line {line}, column {column}: {reason})",
                    line=error.lineno,
                    column=error.colno,
                    reason=error.msg,
                ),
                kind="not-json",
            ) from None
    else:
        data = source
    if not isinstance(data, dict):
        raise BadRecord("record", _("a record is a JSON object"))
    try:
        return GameRecord.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        kind = "missing" if first.get("type") == "missing" else ""
        raise BadRecord(_field_path(first["loc"]), _validation_message(first), kind=kind) from None


def _validation_message(error: Any) -> str:
    """The reason pydantic gives for one field. Our own validators' reasons (ValueError, already translated) come
    without pydantic's "Value error, " prefix; pydantic's own reasons ("Field required") are English only, and the
    pages frame them in a translated sentence (`server.replays.plain_record_error`)."""
    cause = (error.get("ctx") or {}).get("error")
    if error.get("type") == "value_error" and isinstance(cause, ValueError):
        return str(cause)
    return str(error["msg"])


def load_record(path: str | Path) -> GameRecord:
    """Read and validate a record file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise BadRecord("file", _("cannot read {path}: {reason}", path=path, reason=error.strerror)) from None
    return parse_record(text)


def new_state_for(record: GameRecord) -> State:
    """The opening position a record starts from."""
    try:
        game = get_game(record.game)
    except GuildtableError as error:
        raise BadRecord("game", str(error)) from None
    try:
        return game.new_state(len(record.players), seed=record.seed, options=record.options, setup=record.setup)
    except BadOptions as error:
        raise BadRecord(f"options.{error.field}", error.message) from None


def replay_record(record: GameRecord, *, check_result: bool = True) -> State:
    """Replay every action of `record` and return the final state. Any disagreement (an illegal action, a notation
    that does not match its integer, a result that differs) raises BadRecord naming the entry."""
    state = new_state_for(record)
    for index, entry in enumerate(record.actions):
        where = f"actions[{index}]"
        try:
            action = entry.action if entry.action is not None else state.action_from_notation(entry.notation or "")
            if entry.notation is not None and entry.action is not None:
                expected = state.action_to_notation(action)
                if entry.notation != expected:
                    raise BadRecord(
                        f"{where}.notation",
                        _(
                            "says {notation} but action {action} is {expected}",
                            notation=repr(entry.notation),
                            action=action,
                            expected=repr(expected),
                        ),
                    )
            state.apply(action)
        except IllegalAction as error:
            raise BadRecord(
                where, _("illegal move: {error}", error=error), kind="illegal-move", detail=error.message
            ) from None
    if check_result and record.result is not None:
        if not state.is_terminal:
            raise BadRecord("result", _("the record states a result but its moves do not finish the game"))
        if [float(score) for score in state.scores()] != record.result.scores:
            raise BadRecord(
                "result.scores",
                _(
                    "the moves give {moves}, the record says {record}",
                    moves=state.scores(),
                    record=record.result.scores,
                ),
            )
        if state.winners() != record.result.winners:
            raise BadRecord(
                "result.winners",
                _(
                    "the moves give {moves}, the record says {record}",
                    moves=state.winners(),
                    record=record.result.winners,
                ),
            )
    return state


def record_of(
    state: State, players: Sequence[tuple[str, str]] | None = None, ending: EndingEntry | None = None
) -> dict[str, Any]:  # GameRecord's JSON (pydantic's model_dump): its shape is the model's
    """The record of the game that led to `state`, as a JSON-ready dict. `players` are (name, kind) per seat;
    `ending` says who left the game early (resigned or out of time), if anyone did."""
    if players is None:
        players = [(name, "human") for name in state.game.seat_names[: state.num_players]]
    replay = state.game.new_state(state.num_players, seed=state.seed, options=state.options, setup=state.setup)
    actions = []
    for action in state.history:
        actions.append(ActionEntry(action=action, notation=replay.action_to_notation(action)))
        replay.apply(action)
    record = GameRecord(
        game=state.game.name,
        created=datetime.now(UTC).isoformat(timespec="seconds"),
        players=[PlayerEntry(name=name, kind=kind) for name, kind in players],
        options=dict(state.options),
        seed=state.seed,
        setup=None if state.setup is None else dict(state.setup),
        actions=actions,
        result=ResultEntry(scores=[float(s) for s in state.scores()], winners=state.winners())
        if state.is_terminal
        else None,
        ending=ending,
    )
    return record.model_dump(mode="json", exclude_none=True)


def write_record(state: State, path: str | Path, players: Sequence[tuple[str, str]] | None = None) -> None:
    Path(path).write_text(json.dumps(record_of(state, players), indent=1) + "\n", encoding="utf-8")
