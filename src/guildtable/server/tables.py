"""A live table: the game state rebuilt from its record, its seats, and what each seat may be told.

`payload(seat)` is the one place a client message is built: `state.view(seat)`, the events `seat` may see, the
prompt and legal moves only for the seat on turn. Nothing else of the state ever goes out.
"""

from __future__ import annotations

import asyncio
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from guildtable.kernel import Event, Game, IllegalAction, State
from guildtable.kernel.i18n import DOMAINS, current_language, domain
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import record_of
from guildtable.kernel.registry import get_game
from guildtable.kernel.seats import displayed_seat_name
from guildtable.server.auth import seat_of_token
from guildtable.server.problems import Problem
from guildtable.server.store import StoredSeat, StoredTable

HUMAN = "human"


@dataclass(slots=True)
class LoggedEvent:
    """An event and the version (number of moves made) after which it happened."""

    version: int
    event: Event
    # Its JSON form with the readable text, per language: built the first time a seat reading that language is sent
    # it (it is the same for every seat).
    json: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Table:
    id: str
    game: Game
    state: State
    seats: list[StoredSeat]
    created: str
    options: dict[str, Any] = field(default_factory=dict)
    rematch: str | None = None
    # Whether the table counts for the ratings (issue 16), and whether its end has been rated (or found rated, or
    # skipped) by this process: the store's `gt_rated_games` is what makes it happen once across processes.
    rated: bool = False
    settled: bool = False
    log: list[LoggedEvent] = field(default_factory=list)
    # The seats bots play (they think in the lobby's worker processes).
    bots: frozenset[int] = frozenset()
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    # When it was last opened or played at (time.monotonic()): idle tables leave memory (Lobby.sweep).
    touched: float = 0.0
    # The legal list of the seat on turn, built once for the state it was built for (every client of that seat,
    # and an HTTP mover's answer, share it).
    _legal: tuple[State, int, str, list[dict[str, Any]]] | None = field(default=None, repr=False)

    @classmethod
    def rebuild(cls, stored: StoredTable) -> Table:
        """The table as it stood after its last stored move: a restart sees exactly what was there before."""
        game = get_game(stored.game)
        state = game.new_state(len(stored.seats), seed=stored.seed, options=stored.options, setup=stored.setup)
        table = cls(stored.id, game, state, stored.seats, stored.created, stored.options, stored.rematch, stored.rated)
        for action in stored.actions:
            version = len(state.history)
            table.log.extend(LoggedEvent(version + 1, event) for event in state.apply(action))
        table.bots = frozenset(seat.seat for seat in stored.seats if seat.kind != HUMAN)
        return table

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def terminal(self) -> bool:
        return self.state.is_terminal

    def seat_for(self, token: str | None) -> int:
        """The seat a token belongs to; a missing token is 401, a wrong one 403."""
        if not token:
            raise Problem(
                401, "missing-token", _("send the seat token as {header}", header="'Authorization: Bearer <token>'")
            )
        seat = seat_of_token(token, [seat.token for seat in self.seats])
        if seat is None:
            raise Problem(403, "forged-token", _("this token belongs to no seat of this table"))
        return seat

    # --- moves ---------------------------------------------------------------------------------------------------
    def check_move(self, seat: int, version: int, action_json: Any) -> int:
        """The action a seat's move names, if it may be made now; else a Problem. Changes nothing."""
        state = self.state
        if state.is_terminal:
            raise Problem(409, "game-over", _("the game is over; no more moves can be made"), version=self.version)
        if version != self.version:
            raise Problem(
                409,
                "stale-version",
                _(
                    "the move was made against version {asked}, but the table is at version {now}",
                    asked=version,
                    now=self.version,
                ),
                version=self.version,
            )
        if seat != state.current_player:
            raise Problem(
                403, "not-your-turn", _("it is not {name}'s turn", name=self.names()[seat]), version=self.version
            )
        if not isinstance(action_json, dict):
            raise Problem(422, "illegal-move", _("an action is a JSON object such as the ones in 'legal'"))
        try:
            action = state.action_from_json(action_json)
        except IllegalAction as error:
            raise Problem(422, "illegal-move", error.message, rule=error.rule) from None
        except (KeyError, TypeError, ValueError, IndexError):
            raise Problem(422, "illegal-move", _("this is not an action of this game")) from None
        return self.check_action(action)

    def check_action(self, action: int) -> int:
        size = self.game.num_distinct_actions(self.state.num_players)
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < size:
            raise Problem(422, "illegal-move", _("this is not an action of this game"))
        reason = self.state.why_illegal(action)
        if reason is not None:
            raise Problem(422, "illegal-move", reason[1], rule=reason[0])
        return action

    def play(self, action: int) -> tuple[State, list[LoggedEvent], str]:
        """The position after a checked `action`, its events and its notation, without touching this table (the
        move is stored first, then `adopt`ed)."""
        notation = self.state.action_to_notation(action)
        after = self.state.clone()
        events = after.apply(action)
        version = self.version + 1
        return after, [LoggedEvent(version, event) for event in events], notation

    def adopt(self, after: State, events: list[LoggedEvent]) -> None:
        self.state = after
        self.log.extend(events)

    # --- what a seat may be told ---------------------------------------------------------------------------------
    def seat_list(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat.seat,
                "name": displayed_seat_name(seat.seat, seat.name),
                "kind": seat.kind,
                "joined": seat.joined or seat.kind != HUMAN,
            }
            for seat in self.seats
        ]

    def names(self) -> list[str]:
        """The players' display names, seat by seat, in the reader's language (a default colour name translated)."""
        return [displayed_seat_name(seat.seat, seat.name) for seat in self.seats]

    def rename(self, seat: int, name: str) -> None:
        """A player took `seat` under `name`: the log's lines are built again with it."""
        self.seats[seat].name = name
        for logged in self.log:
            logged.json.clear()
        self._legal = None

    def event_json(self, logged: LoggedEvent) -> dict[str, Any]:
        language = current_language()
        built = logged.json.get(language)
        if built is None:
            built = logged.json[language] = {
                "version": logged.version,
                **logged.event.to_json(),
                "text": self.game.describe_event(logged.event, self.names()),
            }
        return built

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events `seat` may see that happened after version `since`."""
        # The log is in version order: start at the first event after `since`, not at the beginning of the game.
        log = self.log
        start = bisect_right(log, since, key=_version_of) if since else 0
        event_json = self.event_json
        return [event_json(log[index]) for index in range(start, len(log)) if log[index].event.visible_to(seat)]

    def summary(self) -> dict[str, Any]:
        """What anyone with the table's id may know."""
        state = self.state
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "created": self.created,
            "seats": self.seat_list(),
            "version": self.version,
            "terminal": state.is_terminal,
            "current_player": state.current_player,
            "rematch": self.rematch,
            "rated": self.rated,
        }

    def legal(self) -> list[dict[str, Any]]:
        """The legal moves of the seat on turn as JSON actions with their notation and their label in plain words
        (not to be modified)."""
        state = self.state
        cached = self._legal
        version = len(state.history)
        language = current_language()
        if cached is not None and cached[0] is state and cached[1] == version and cached[2] == language:
            return cached[3]
        to_json = state.action_to_json
        to_notation = state.action_to_notation
        label = state.action_label
        names = self.names()
        legal = [
            {"action": to_json(action), "notation": to_notation(action), "label": label(action, names)}
            for action in state.legal_actions()
        ]
        self._legal = (state, version, language, legal)
        return legal

    def payload(self, seat: int | None, since: int | None = None) -> dict[str, Any]:
        """The message for `seat`: with `since` None the whole log ('state'), else the events after `since`."""
        state = self.state
        on_turn = seat is not None and seat == state.current_player
        legal = self.legal() if on_turn else []
        message: dict[str, Any] = {
            "type": "state" if since is None else "update",
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "official_content": self.game.official_content,
            "content_note": game_words(self.game.name, self.game.content_note),
            "version": self.version,
            "seat": seat,
            "seats": self.seat_list(),
            "current_player": state.current_player,
            "terminal": state.is_terminal,
            "prompt": state.prompt(self.names()) if on_turn else "",
            "legal": legal,
            "view": state.view(seat),
            "scores": [float(score) for score in state.scores()],
            "rematch": self.rematch,
            "rated": self.rated,
        }
        if since is None:
            message["log"] = self.events_for(seat)
        else:
            message["events"] = self.events_for(seat, since)
        if state.is_terminal:
            message["result"] = {
                "scores": message["scores"],
                "winners": state.winners(),
                "breakdown": state.score_breakdown(),
                "sheet": state.score_sheet().to_json(),
            }
        return message

    def record(self) -> dict[str, Any]:
        """The game record. Only for a finished game: its seed fixes every hidden card of an unfinished one."""
        if not self.state.is_terminal:
            raise Problem(409, "game-not-finished", _("a record is available once the game is over"))
        return record_of(self.state, [(seat.name, seat.kind) for seat in self.seats])


def _version_of(logged: LoggedEvent) -> int:
    return logged.version


def game_words(game: str, text: str) -> str:
    """A text a game wrote (an option's label, its content note) in the reader's language, from the game's catalogue
    (the English text where the game has not marked it)."""
    name = game.replace("-", "_")
    if not text or name not in DOMAINS:
        return text
    return domain(name).translations().gettext(text)
