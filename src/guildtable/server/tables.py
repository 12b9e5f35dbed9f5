"""A live table: the game state rebuilt from its record, its seats, and what each seat may be told.

`payload(seat)` is the one place a client message is built: `state.view(seat)`, the events `seat` may see, the
prompt and legal moves only for the seat on turn. Nothing else of the state ever goes out.

The log's records (its events, the turn's moves undo may take back, a row ready to be stored) and their words are
in `table_log.py`; what is done at a live table (moves, seats, bots, news) is in `live/`, through the lobby.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from guildtable.kernel import BadRecord, Event, Game, IllegalAction, LegalMove, State
from guildtable.kernel.events import public
from guildtable.kernel.i18n import current_language
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import EndingEntry, record_of
from guildtable.kernel.registry import get_game
from guildtable.kernel.seats import displayed_seat_name, names_its_level, seat_colour_name
from guildtable.kernel.views import SeatView
from guildtable.server.auth import seat_of_token
from guildtable.server.pace import Clocks, Pace
from guildtable.server.problems import Problem
from guildtable.server.rows import PLATFORM_ACTION, PlatformRow, platform_row
from guildtable.server.storage.tables import StoredSeat, StoredTable, Timing
from guildtable.server.table_log import (
    PLAY_ON_BOT,
    TABLE_EVENT,
    LoggedEvent,
    Pending,
    TurnStep,
    describe_row,
    first_after,
    game_words,
)

HUMAN = "human"
# Issue 34: the kind of a tutorial's scripted seat (`bots/script.py`).
SCRIPT = "script"
# Why a seat is out of the game (placed last).
Out = Literal["resigned", "timeout"]


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
    # Once settled, what became of a rated table: "rated", or why not ("aborted", "repeated-pairing",
    # "unrated-seat"); None while unknown (issue 30).
    rating: str | None = None
    log: list[LoggedEvent] = field(default_factory=list)
    # The seats bots play (they think in the lobby's worker processes).
    bots: frozenset[int] = frozenset()
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    # When it was last opened or played at (time.monotonic()): idle tables leave memory (Lobby.sweep).
    touched: float = 0.0
    # The legal list of the seat on turn, built once for the state it was built for (every client of that seat,
    # and an HTTP mover's answer, share it).
    _legal: tuple[State, int, str, list[LegalMove]] | None = field(default=None, repr=False)
    # Issue 16. The pace (None: untimed) and its clocks; the rows of the move log so far (moves and platform rows:
    # this is the table's version); the seats out of the game and the bots that play on for seats; the moves of the
    # turn in progress (what undo may take back); the version of the last undo; whether the game ended early.
    pace: Pace | None = None
    clocks: Clocks | None = None
    rows: int = 0
    out: dict[int, Out] = field(default_factory=dict)
    played_on: dict[int, str] = field(default_factory=dict)
    turn: list[TurnStep] = field(default_factory=list)
    rewound: int = 0
    ended: bool = False
    # Where the time comes from (tests give a clock of their own).
    now: Callable[[], float] = time.time

    @classmethod
    def rebuild(cls, stored: StoredTable, now: Callable[[], float] = time.time) -> Table:
        """The table as it stood after its last stored row: a restart sees exactly what was there before."""
        game = get_game(stored.game)
        state = game.new_state(len(stored.seats), seed=stored.seed, options=stored.options, setup=stored.setup)
        table = cls(stored.id, game, state, stored.seats, stored.created, stored.options, stored.rematch, stored.rated)
        table.now = now
        table.bots = frozenset(seat.seat for seat in stored.seats if seat.kind != HUMAN)
        if stored.pace is not None:
            table.pace = Pace.model_validate(stored.pace)
            table.clocks = Clocks.new(table.pace, len(stored.seats), stored.started)
            table.clocks.idle.update(table.bots)
        count = len(stored.actions)
        notations = stored.notations if len(stored.notations) == count else [""] * count
        times = stored.times if len(stored.times) == count else [None] * count
        for action, notation, at in zip(stored.actions, notations, times, strict=True):
            if action == PLATFORM_ACTION:
                table.adopt(table.prepare_row(platform_row(notation), at))
            else:
                table.adopt(table.prepare_move(action, at))
        return table

    @property
    def version(self) -> int:
        """The rows of the move log so far (moves, undos, resignations, time-outs): every row makes it one more."""
        return self.rows

    @property
    def terminal(self) -> bool:
        return self.ended or self.state.is_terminal

    @property
    def on_turn(self) -> int | None:
        """The seat to move, None once the game is over (ended early too)."""
        return None if self.ended else self.state.current_player

    def bot_seats(self) -> frozenset[int]:
        """The seats a bot plays now: the bot seats, and the seats it plays on for."""
        return self.bots | frozenset(self.played_on)

    def bot_spec(self, seat: int) -> str:
        return self.played_on.get(seat) or self.seats[seat].kind

    def in_play(self) -> list[int]:
        return [seat.seat for seat in self.seats if seat.seat not in self.out]

    def seat_for(self, token: str | None) -> int:
        """The seat whose secret `token` is: only the secret plays a seat (moves, its hand, undo, resigning). A
        missing token is 401; a wrong one, or a seat's invite token, 403."""
        if not token:
            raise Problem(
                401, "missing-token", _("send the seat token as {header}", header="'Authorization: Bearer <token>'")
            )
        seat = seat_of_token(token, [seat.secret for seat in self.seats])
        if seat is None:
            if self.invited_seat(token) is not None:
                raise Problem(
                    403,
                    "invite-only",
                    _("an invite link only takes its seat: join the seat first, then play it with what joining gave"),
                )
            raise Problem(403, "forged-token", _("this token belongs to no seat of this table"))
        return seat

    def invited_seat(self, token: str) -> int | None:
        """The seat whose invite token `token` is (taken or not), or None."""
        return seat_of_token(token, [seat.token for seat in self.seats])

    def invite_json(self, seat: int) -> dict[str, Any]:
        """What an invite token may learn: its seat, and whether that seat is taken; `named` when its creator gave
        the seat a name (issue 33: the join dialog offers that name rather than asking for it again)."""
        stored = self.seats[seat]
        named = stored.name != seat_colour_name(seat)
        return {"seat": seat, "name": displayed_seat_name(seat, stored.name), "taken": stored.joined, "named": named}

    # --- moves ---------------------------------------------------------------------------------------------------
    def check_move(self, seat: int, version: int, action_json: Any) -> int:
        """The action a seat's move names, if it may be made now; else a Problem. Changes nothing."""
        state = self.state
        if self.terminal:
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
        if seat != state.current_player or seat in self.played_on:
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

    def prepare_move(self, action: int, at: float | None) -> Pending:
        """The checked game `action` as a row to store, without touching this table (it is stored first, then
        `adopt`ed)."""
        notation = self.state.action_to_notation(action)
        after = self.state.clone()
        version = self.rows + 1
        events = [LoggedEvent(version, event) for event in after.apply(action)]
        return Pending(action, notation, 0.0 if at is None else at, after, events)

    def prepare_row(self, row: PlatformRow, at: float | None) -> Pending:
        """A platform row (undo, resignation, time-out, takeover) to store, without touching this table."""
        after = self.turn[-1].before if row.kind == "undo" and self.turn else self.state
        data: dict[str, Any] = {"seat": row.seat}
        if row.bot:
            data["bot"] = row.bot
        event = LoggedEvent(self.rows + 1, public(TABLE_EVENT + row.kind, **data))
        return Pending(PLATFORM_ACTION, row.notation(), 0.0 if at is None else at, after, [event], row)

    def adopt(self, pending: Pending) -> None:
        """Make the stored row `pending` this table's."""
        at = pending.at or None
        on_turn = self.state.current_player
        if self.clocks is not None:
            self.clocks.charge(on_turn, at)
        self.rows += 1
        row = pending.row
        if row is None:
            self._adopt_move(pending, on_turn, at)
        else:
            self._adopt_row(pending, row)

    def _adopt_move(self, pending: Pending, mover: int | None, at: float | None) -> None:
        if mover is not None:
            if self.turn and self.turn[-1].mover != mover:
                self.turn.clear()
            raw = [logged.event for logged in pending.events]
            self.turn.append(TurnStep(self.rows, mover, self.state, self.game.takes_back(raw)))
        self.state = pending.after
        self.log.extend(pending.events)
        if mover is not None and pending.after.current_player != mover:
            self.turn.clear()
            if self.clocks is not None:
                self.clocks.passed(mover, at, self.rows)

    def _adopt_row(self, pending: Pending, row: PlatformRow) -> None:
        self.log.extend(pending.events)
        if row.kind == "undo":
            if not self.turn:
                raise BadRecord("actions", f"row {self.rows}: an undo with no move of the turn to take back")
            step = self.turn.pop()
            self.state = step.before
            self.log = [logged for logged in self.log if logged.version != step.version]
            self.rewound = self.rows
            return
        self.turn.clear()
        if self.clocks is not None:
            self.clocks.idle.add(row.seat)
        if row.kind == "takeover":
            self.played_on[row.seat] = row.bot or PLAY_ON_BOT
            return
        self.out[row.seat] = "resigned" if row.kind == "resign" else "timeout"
        if len(self.in_play()) < 2:
            self.ended = True
        else:
            bot = self.pace.bot if row.kind == "timeout" and self.pace is not None else PLAY_ON_BOT
            self.played_on[row.seat] = bot

    # --- undo, resigning, clocks ---------------------------------------------------------------------------------
    def why_no_undo(self, seat: int) -> str | None:
        """None if `seat` may take back its last move now, else why not, in a player's words."""
        if self.terminal:
            return _("the game is over")
        if any(stored.kind == SCRIPT for stored in self.seats):
            # A taken-back move would leave the script, whose steps follow the moves one by one.
            return _("a tutorial's moves stand: it follows its script")
        if self.state.current_player != seat or seat in self.played_on:
            return _("only the player on turn can take back a move, and only during their own turn")
        if not self.turn or self.turn[-1].mover != seat:
            return _("you have made no move this turn that could be taken back")
        if not self.turn[-1].undoable:
            return _("your last move showed a hidden card or left something to chance, so it stands")
        return None

    def why_no_resign(self, seat: int) -> str | None:
        if self.terminal:
            return _("the game is over")
        if seat in self.out:
            return _("you have left this game already")
        if self.seats[seat].kind != HUMAN:
            return _("a computer seat cannot resign")
        return None

    def deadline(self) -> float | None:
        """When the seat on turn runs out of time (None: untimed, over, or no clock runs for that seat)."""
        if self.clocks is None or self.terminal:
            return None
        on_turn = self.state.current_player
        if on_turn is None or on_turn in self.played_on or on_turn in self.bots:
            return None
        return self.clocks.deadline(on_turn)

    def timing(self) -> Timing:
        """What the store keeps of this paced table's clock for queries (time-outs, e-mails)."""
        deadline = self.deadline()
        to_move = None if self.terminal else self.state.current_player
        return Timing(deadline, to_move, None if self.clocks is None else self.clocks.turn_ply)

    def timed_out(self, now: float) -> PlatformRow | None:
        """The row the table's policy makes now if the seat on turn has run out of time, else None."""
        deadline = self.deadline()
        on_turn = self.state.current_player
        if deadline is None or on_turn is None or now < deadline or self.pace is None:
            return None
        if self.pace.timeout == "bot":
            return PlatformRow("takeover", on_turn, self.pace.bot)
        return PlatformRow("timeout", on_turn)

    def standings(self) -> tuple[list[int], dict[int, Out]]:
        """The winners (the best of the seats still in) and the seats out of the game (placed last)."""
        if not self.terminal:
            return [], dict(self.out)
        scores = self.state.scores()
        if not self.out and self.state.is_terminal:
            return self.state.winners(), {}
        natural = [seat for seat in self.state.winners() if seat not in self.out] if self.state.is_terminal else []
        if natural:
            return natural, dict(self.out)
        staying = self.in_play()
        best = max(scores[seat] for seat in staying)
        return [seat for seat in staying if scores[seat] == best], dict(self.out)

    # --- what a seat may be told ---------------------------------------------------------------------------------
    def seat_list(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat.seat,
                "name": displayed_seat_name(seat.seat, seat.name),
                "kind": seat.kind,
                "joined": seat.joined or seat.kind != HUMAN,
                # Issue 33: the name says "Computer, casual" already, so the table marks it no further.
                "names_level": seat.kind != HUMAN and names_its_level(seat.seat, seat.name),
                # Issue 37: a bot account plays the seat through the Bot API (the pages badge it).
                "bot": seat.bot,
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
            event = logged.event
            text = (
                self.describe_row(event)
                if event.kind.startswith(TABLE_EVENT)
                else self.game.describe_event(event, self.names())
            )
            built = logged.json[language] = {"version": logged.version, **event.to_json(), "text": text}
        return built

    def describe_row(self, event: Event) -> str:
        """A platform row's line in the log, in the reader's language."""
        return describe_row(event, self.names())

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events `seat` may see that happened after version `since`."""
        # The log is in version order: start at the first event after `since`, not at the beginning of the game.
        log = self.log
        start = first_after(log, since)
        event_json = self.event_json
        return [event_json(log[index]) for index in range(start, len(log)) if log[index].event.visible_to(seat)]

    def summary(self) -> dict[str, Any]:
        """What anyone with the table's id may know."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "created": self.created,
            "seats": self.seat_list(),
            "version": self.version,
            "terminal": self.terminal,
            "current_player": self.on_turn,
            "rematch": self.rematch,
            "rated": self.rated,
            "pace": None if self.pace is None else self.pace.model_dump(),
            "deadline": self.deadline(),
            "out": {str(seat): why for seat, why in self.out.items()},
        }

    def legal(self) -> list[LegalMove]:
        """The legal moves of the seat on turn as JSON actions with their notation and their label in plain words
        (not to be modified)."""
        state = self.state
        cached = self._legal
        version = state.moves_played
        language = current_language()
        if cached is not None and cached[0] is state and cached[1] == version and cached[2] == language:
            return cached[3]
        legal = state.legal_moves(self.names())
        self._legal = (state, version, language, legal)
        return legal

    def payload(self, seat: int | None, since: int | None = None, view: SeatView | None = None) -> dict[str, Any]:
        """The message for `seat`: with `since` None the whole log ('state'), else the events after `since`. `view`:
        the seat's view when it is already built (`State.views`)."""
        state = self.state
        on_turn = seat is not None and seat == self.on_turn and seat not in self.played_on
        legal = self.legal() if on_turn else []
        message: dict[str, Any] = {
            "type": "state" if since is None else "update",
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "official_content": self.game.official_content,
            "content_note": game_words(self.game, self.game.content_note),
            "options": dict(state.options),
            "version": self.version,
            "seat": seat,
            "seats": self.seat_list(),
            "current_player": self.on_turn,
            "terminal": self.terminal,
            "prompt": state.prompt(self.names()) if on_turn else "",
            "legal": legal,
            "view": state.view(seat) if view is None else view,
            "scores": [float(score) for score in state.scores()],
            "rematch": self.rematch,
            "rated": self.rated,
            **self.pace_json(seat),
        }
        if since is None:
            message["log"] = self.events_for(seat)
            message["how_to_play"] = [game_words(self.game, line) for line in self.game.how_to_play]
        else:
            message["events"] = self.events_for(seat, since)
        if self.terminal:
            winners, out = self.standings()
            message["result"] = {
                "scores": message["scores"],
                "winners": winners,
                "out": {str(seat): why for seat, why in out.items()},
                # Ended before its rules ended it (a resignation or a time-out): the sheet is the points so far.
                "early": not state.is_terminal,
                "breakdown": state.score_breakdown(),
                "sheet": state.score_sheet().to_json(),
                "rating": self.rating,
            }
        return message

    def pace_json(self, seat: int | None) -> dict[str, Any]:
        """What every page shows of the pace: who is out or played on for and what `seat` may do, and at a paced
        table the clocks (live: each seat's time left as of `server_time`; the one on turn runs) and the deadline
        of the move on turn."""
        shown: dict[str, Any] = {
            "pace": None if self.pace is None else self.pace.model_dump(),
            "out": {str(index): why for index, why in self.out.items()},
            "played_on": {str(index): bot for index, bot in self.played_on.items()},
            "can_undo": seat is not None and self.why_no_undo(seat) is None,
            "can_resign": seat is not None and self.why_no_resign(seat) is None,
        }
        clocks = self.clocks
        if clocks is not None:
            now = self.now()
            on_turn = self.on_turn
            deadline = self.deadline()
            live = clocks.pace.kind == "live"
            shown["server_time"] = now
            shown["deadline"] = deadline
            shown["clock_running"] = on_turn if deadline is not None else None
            shown["clocks"] = (
                [clocks.time_left(index, on_turn, now) for index in range(len(self.seats))] if live else None
            )
        return shown

    def record(self) -> dict[str, Any]:
        """The game record. Only for a finished game: its seed fixes every hidden card of an unfinished one."""
        if not self.terminal:
            raise Problem(409, "game-not-finished", _("a record is available once the game is over"))
        players = [(seat.name, seat.kind) for seat in self.seats]
        if not self.out:
            return record_of(self.state, players)
        winners, out = self.standings()
        return record_of(self.state, players, EndingEntry(out=out, winners=winners))
