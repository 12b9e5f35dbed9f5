"""The game protocol: `Game` describes a game, `State` is one position of it.

Modelled on OpenSpiel's Python games, with determinization and exact replay made mandatory. Actions are integers in a
fixed per-game space; each game provides a codec to a JSON form and to a short human notation. A state never leaves
the engine whole: front doors see `view(seat)` and the events `seat` may see.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
from typing_extensions import TypedDict
from typing_extensions import TypeVar as DefaultTypeVar

from guildtable.kernel.errors import BadRecord, IllegalAction
from guildtable.kernel.events import Event
from guildtable.kernel.glossary import Glossary
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.layout import Layout
from guildtable.kernel.options import Option, resolve_options
from guildtable.kernel.rng import Rng
from guildtable.kernel.scoresheet import ScoreSheet, single_category
from guildtable.kernel.tutorial import Tutorial
from guildtable.kernel.views import SeatView

StateT = TypeVar("StateT", bound="State")
GameState = DefaultTypeVar("GameState", bound="State", covariant=True, default="State")
"""The state class of a game: `Game[CityBlocksState]` makes and reads CityBlocksStates; a bare `Game` any state."""

Reason = tuple[str, str]
"""Why an action is illegal: (rule ID, message)."""

Tensor = npt.NDArray[np.float32]
"""An observation: one seat's fixed-size float32 vector of what it knows."""


class LegalMove(TypedDict):
    """A legal move as a table offers it: the structured action to send back, its notation, and its label in plain
    words in the reader's language."""

    action: Mapping[str, object]
    notation: str
    label: str


class Observer(Protocol):
    """A game's observation encoder (its `observer.py`, built on `kernel.observation.Encoder`): what one seat knows of
    a position as a tensor laid out as `layout` says."""

    layout: Layout
    size: int

    def encode(self, state: State, seat: int) -> Tensor:
        """A new float32 array of shape (size,): what `seat` knows of `state`."""
        ...


PlayedState = TypeVar("PlayedState", bound="State", covariant=True)
StartState = TypeVar("StartState", bound="State")


class Playout(Protocol[PlayedState]):
    """Plays a game on from a position, as the caller chooses the moves (the server: greedy bots)."""

    def until(self, stop: Callable[[PlayedState], bool]) -> PlayedState:
        """Play on until `stop(state)` holds or the game ends; a copy of that position."""
        ...


class PlayoutFactory(Protocol):
    """Given a position and a seed, something that plays it on (see `Game.examples`); what it hands back is of the
    position's own type, so a game's examples read their own view without a cast."""

    def __call__(self, state: StartState, seed: int, /) -> Playout[StartState]: ...


class ExampleSeat(TypedDict):
    """A seat of a rules-page example, as the page's renderer reads seats at a table."""

    seat: int
    name: str
    kind: str
    joined: bool


class ExampleJson(TypedDict):
    """A rules-page example as `/api/games/{name}/examples` sends it."""

    id: str
    title: str
    caption: str
    view: SeatView
    seats: list[ExampleSeat]
    current_player: int | None


@dataclass(frozen=True, slots=True)
class Example:
    """One position a rules page shows: what it is (`title`), what to look at (`caption`), the state, and the seats'
    names in the captions. Only its spectator view (`state.view(None)`) leaves the server."""

    id: str
    title: str
    caption: str
    state: State
    names: tuple[str, ...]

    def to_json(self) -> ExampleJson:
        return {
            "id": self.id,
            "title": self.title,
            "caption": self.caption,
            "view": self.state.view(None),
            "seats": [
                ExampleSeat(seat=seat, name=name, kind="human", joined=True) for seat, name in enumerate(self.names)
            ],
            "current_player": self.state.current_player,
        }


class Game(ABC, Generic[GameState]):
    """An immutable description of one game: its name, player counts, options and action space; generic over the
    class of its states (`class CityBlocks(Game[CityBlocksState])`)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    seat_names: tuple[str, ...] = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5")
    # False when some of the game's content (cards, tiles) is a stand-in rather than the printed set.
    official_content: bool = True
    content_note: str = ""
    # Per bot level, extra search parameters that suit this game, e.g. {"hard": "prior_depth=4"} where the
    # evaluation is cheap enough to order moves best-first several plies deep. Parameters given in a spec still win.
    level_tuning: Mapping[str, str] = {}
    # The kinds of public event that show something no seat could know before, or that chance decided (a card drawn
    # face up, a shuffle). A move whose events include one of these, or any private event, cannot be taken back:
    # undo (issue 16) stops there, as Board Game Arena's does. `tests/kernel/test_undo_safety.py` checks, by
    # determinizing thousands of positions, that every move outside these depends on nothing hidden from its mover.
    revealing_events: frozenset[str] = frozenset()
    # Per player count, the map from a search's value of a move to a chance of winning, fitted on bot games by
    # `benchmarks/analysis_validation.py fit` as (slope, shift) (see `analysis/calibration.py`). Empty: the raw
    # value stands.
    win_calibration: Mapping[int, tuple[float, float]] = {}
    # A few plain sentences a newcomer reads the first time they sit at a table of the game (messages of the game's
    # own catalogue, marked with N_); the rules page has the rest.
    how_to_play: tuple[str, ...] = ()
    # Issue 33: the lobby's one sentence on the game (what it is, why to play it), a message of the game's own
    # catalogue (marked with N_).
    pitch: str = ""
    # Issue 33: how long a game takes, in minutes, from its fewest players to its most: the rulebook's figure, or
    # measured by `benchmarks/game_length.py` where the rulebook gives none. (0, 0): not known.
    play_minutes: tuple[int, int] = (0, 0)
    # The prefix of the game's rule IDs in its rules specification (`CB` for CB-13): what a test cites.
    rule_prefix: str = ""
    # Issue 32: the type of the game's views (its `view.py`'s TypedDict built on `SeatView`): the server's API
    # describes each game's view with it, so the pages' types come from the same definition as the views.
    view_type: ClassVar[type[SeatView]] = SeatView

    @property
    def domain(self) -> str:
        """The game's package name (`city_blocks`): the name of its catalogue of words (`kernel.i18n.domain`)."""
        return type(self).__module__.split(".")[-2]

    @property
    def renderer(self) -> str:
        """The name of the web page's module that draws this game (`web/games/<renderer>.js`): its package name."""
        return self.domain

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def takes_back(self, events: Sequence[Event]) -> bool:
        """Whether a move with these events may be taken back: it showed nothing hidden and left nothing to chance."""
        revealing = self.revealing_events
        return all(event.seats is None and event.kind not in revealing for event in events)

    @abstractmethod
    def num_distinct_actions(self, players: int) -> int:
        """Size of the integer action space for `players` players."""

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, object]:
        return resolve_options(self.options, options)

    def new_state(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> GameState:
        """A fresh game. `setup` fixes shuffles explicitly (see each game's `setup` documentation)."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_counts:
            raise BadRecord(
                "players",
                _(
                    "{game} is for {low}–{high} players, not {players}",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    players=repr(players),
                ),
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadRecord("seed", _("the seed must be a whole number, not {seed}", seed=repr(seed)))
        if setup is not None and not isinstance(setup, Mapping):
            raise BadRecord("setup", _("the setup must be a mapping"))
        return self._new_state(players, seed, self.resolve_options(options), dict(setup) if setup else None)

    @abstractmethod
    def _new_state(
        self, players: int, seed: int, options: Mapping[str, object], setup: Mapping[str, object] | None
    ) -> GameState:
        """Build the opening position; `options` are validated, `setup` is raw and must be checked here."""

    @abstractmethod
    def from_snapshot(self, snapshot: Mapping[str, Any]) -> GameState:
        """The state that `State.snapshot()` described. Raises BadRecord naming a malformed field."""

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic value of `state` for `seat` in [-1, 1]. Games override this with their `heuristics.py`;
        the default compares public scores."""
        scores = state.scores()
        mine = scores[seat]
        best_other = max(score for other, score in enumerate(scores) if other != seat)
        scale = max(1.0, abs(mine) + abs(best_other))
        return (mine - best_other) / scale

    def render_text(self, view: SeatView, seat: int | None) -> Any:
        """A Rich renderable of `view` for the terminal. Games override this with their `text.py`."""
        import json

        return json.dumps(view, indent=1)

    def glossary(self) -> Glossary:
        """What every piece does, keyed as the views name the pieces (see `kernel.glossary`). Games override this."""
        return {}

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        """One line of the game log for `event` ("" for an event not worth a line), naming the players by `names`
        (their display names at a table; the seat names by default). Games override this."""
        data = event.data
        if "move" in data and "seat" in data:
            return f"{(names or self.seat_names)[data['seat']]}: {data['move']}"
        details = ", ".join(f"{key} {value}" for key, value in data.items())
        return f"{event.kind}: {details}" if details else event.kind

    def describe_setup(self) -> str:
        """One paragraph on the keys `setup=` accepts."""
        return ""

    def observer(self, players: int) -> Observer | None:
        """A new observation encoder of this game for `players` players (its `observer.py`), or None for a game
        without one; `kernel.observation.observer_for` shares one per game and count."""
        return None

    def examples(self, playout: PlayoutFactory) -> list[Example]:
        """The positions the game's rules page shows, in the reader's language (a game's `examples.py`); `playout`
        plays a seeded game on to a natural-looking moment. None by default."""
        return []

    def tutorial(self) -> Tutorial | None:
        """Issue 34: the game's guided first game (its `tutorial.py`: a fixed deal, the learner's seat and the steps,
        see `kernel.tutorial`), or None for a game without one."""
        return None

    def explain_choice(
        self, before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None
    ) -> str:
        """Issue 33: what the better move gained over the move `seat` played, in one sentence in the game's own words
        and the reader's language ("With it, Blue would have won the value tile of row 3 ($9) at once."), naming
        players by `names`; "" when the game sees no difference worth a sentence (a game's `advice.py`).

        `before` is the position where `seat` chose, `played` and `better` the same position after each move and the
        rest of `seat`'s turn. The analysis makes all three in a determinization from `seat`'s point of view, so
        anything `seat` could not see is made up in them: a sentence should stand on what `seat` knew (the analysis
        keeps only a sentence most such worlds agree on)."""
        return ""


class State(ABC):
    """One position. Subclasses keep their data compact (ints, tuples, small lists) so `clone` stays cheap."""

    game: Game
    num_players: int
    options: Mapping[str, object]
    """The game's options as resolved (`Game.resolve_options`); a game's own state narrows this to a TypedDict of
    its options (`CityBlocksOptions`)."""
    seed: int
    setup: Mapping[str, object] | None
    """The raw `setup=` JSON the game began from (each game's `setup.py` checks it), or None."""
    history: list[int]

    def __init__(
        self, game: Game, players: int, seed: int, options: Mapping[str, object], setup: Mapping[str, object] | None
    ) -> None:
        """What every state knows of how its game began; the game's own state adds its position."""
        self.game = game
        self.num_players = players
        self.options = options
        self.seed = seed
        self.setup = setup
        self.history = []

    def _clone_base(self: StateT) -> StateT:
        """A new state of the same class sharing the immutable parts and with its own history; `clone` copies the
        position on top of it."""
        copy = type(self).__new__(type(self))
        copy.game = self.game
        copy.num_players = self.num_players
        copy.options = self.options
        copy.seed = self.seed
        copy.setup = self.setup
        copy.history = self.history.copy()
        return copy

    # --- whose turn, and what may be done ------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides next, or None once the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The actions the current player may take, in ascending order. Empty only when the game is over."""

    @abstractmethod
    def why_illegal(self, action: int) -> Reason | None:
        """None if `action` (an in-range integer) is legal now, else (rule ID, message). Must not change the state."""

    @abstractmethod
    def _apply(self, action: int) -> list[Event]:
        """Carry out a legal action. Called only after `why_illegal` returned None."""

    def apply(self, action: int) -> list[Event]:
        """Carry out `action` and return what happened. An illegal action raises `IllegalAction` naming the rule and
        leaves the state exactly as it was."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalAction("", _("an action is a whole number, not {action}", action=repr(action)))
        if self.is_terminal:
            raise IllegalAction(self.end_rule, _("the game is over; no more moves can be made"))
        size = self.game.num_distinct_actions(self.num_players)
        if not 0 <= action < size:
            raise IllegalAction(
                "",
                _("action {action} is outside this game's action range {range}", action=action, range=f"0..{size - 1}"),
            )
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(*reason)
        events = self._apply(action)
        self.history.append(action)
        return events

    def apply_legal(self, action: int) -> list[Event]:
        """Carry out an action taken from `legal_actions()` without checking it again (search and playouts, where
        every action is legal by construction); recorded in the history as `apply` records it. An action that is
        not legal here leaves the state undefined."""
        events = self._apply(action)
        self.history.append(action)
        return events

    end_rule: str = ""
    """The rule that says when the game ends (named when a move is tried after it)."""

    # --- results -------------------------------------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's current public score (final once the game is over)."""

    def winners(self) -> list[int]:
        """The winning seats once the game is over (several on a shared win), else []."""
        if not self.is_terminal:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def returns(self) -> list[float]:
        """Per-seat outcome for search and RL: 1 for a sole win, 1/k for a k-way shared win, 0 for a loss."""
        winners = self.winners()
        if not winners:
            return [0.0] * self.num_players
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(self.num_players)]

    @abstractmethod
    def score_breakdown(self) -> Mapping[str, object]:
        """A JSON-ready account of where every point came from (tools and records; players see `score_sheet`)."""

    def score_sheet(self) -> ScoreSheet:
        """The end screen's sheet: every point by category in named lines that sum to `scores()`. A game overrides
        this with its own categories; the default is one line of totals."""
        return single_category(_("Score"), self.scores())

    # --- what a seat may know ------------------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> SeatView:
        """A JSON-ready picture of what `seat` (None: a spectator) may know, and nothing more."""

    def views(self, seats: Sequence[int | None]) -> Sequence[SeatView]:
        """`[self.view(seat) for seat in seats]`, built together: what a move's broadcast needs. A game whose seats'
        views share a large part builds that part once here (the views may share it: never modify a view)."""
        return [self.view(seat) for seat in seats]

    @abstractmethod
    def clone(self) -> State:
        """An independent copy. Fast: no deepcopy."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A copy in which everything hidden from `seat` is resampled consistently with what `seat` has seen:
        `copy.view(seat) == self.view(seat)`."""

    @abstractmethod
    def snapshot(self) -> Mapping[str, object]:
        """The full state, hidden parts included, as JSON. Never send it to a seat."""

    # --- the action codec ----------------------------------------------------------------------------------------
    @abstractmethod
    def action_to_json(self, action: int) -> Mapping[str, object]:
        """The structured form of `action` (what crosses the network)."""

    @abstractmethod
    def action_from_json(self, data: Mapping[str, Any]) -> int:
        """The integer of a structured action; a malformed one raises IllegalAction naming what is wrong."""

    @abstractmethod
    def action_to_notation(self, action: int) -> str:
        """The short human notation of `action` in this position."""

    @abstractmethod
    def action_from_notation(self, text: str) -> int:
        """The integer of a typed move. Unreadable text raises IllegalAction saying why; a readable move is
        returned even when illegal, so that `apply` can name the rule it breaks."""

    def prompt(self, names: Sequence[str] | None = None) -> str:
        """The question the current player is answering, in a few plain words (no notation, no rule IDs), naming
        other players by `names` (display names at a table; the game's seat names by default)."""
        return _("Your move")

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        """`action` in plain words for a button or a list of choices ("Swap the value tiles of row 3 and column 4"),
        naming players by `names` as `prompt` does. Games override this; the default is the notation."""
        return self.action_to_notation(action)

    def legal_notations(self) -> list[str]:
        return [self.action_to_notation(action) for action in self.legal_actions()]

    def legal_moves(self, names: Sequence[str] | None = None) -> list[LegalMove]:
        """Every legal move of the seat on turn, in the order of `legal_actions`, as a table offers them (labels in
        the current language, naming players by `names`). The moves may be shared between positions and tables:
        never modify one. A game whose codec and labels follow from a few facts of the position may override this
        to keep its moves rather than build them anew for every position."""
        to_json, to_notation, label = self.action_to_json, self.action_to_notation, self.action_label
        return [
            LegalMove(action=to_json(action), notation=to_notation(action), label=label(action, names))
            for action in self.legal_actions()
        ]
