"""The game protocol: `Game` describes a game, `State` is one position of it.

Modelled on OpenSpiel's Python games, with determinization and exact replay made mandatory. Actions are integers in a
fixed per-game space; each game provides a codec to a JSON form and to a short human notation. A state never leaves
the engine whole: front doors see `view(seat)` and the events `seat` may see.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import contextlib
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt
from mypy_extensions import mypyc_attr
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
from guildtable.kernel.views import ExampleJson, ExampleSeat, LegalMove, SeatView

StateT = TypeVar("StateT", bound="State")
GameState = DefaultTypeVar("GameState", bound="State", covariant=True, default="State")
"""The state class of a game: `Game[CityBlocksState]` makes and reads CityBlocksStates; a bare `Game` any state."""

_COMPILED: Final = not __file__.endswith(".py")
RECENT_MOVES: Final = 16
"""How many moves a state keeps in its own list before they join the past it shares with its copies (`State`)."""
"""Whether this module runs compiled by mypyc (see `State._clone_base`)."""

Reason = tuple[str, str]
"""Why an action is illegal: (rule ID, message)."""

Tensor: TypeAlias = npt.NDArray[np.float32]
"""An observation: one seat's fixed-size float32 vector of what it knows."""


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


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[GameState]):
    """An immutable description of one game: its name, player counts, options and action space; generic over the
    class of its states (`class CityBlocks(Game[CityBlocksState])`).

    What describes a game is a class variable its subclass sets (`name = "city-blocks"`): compiled, an attribute
    declared without `ClassVar` would live in each instance, where a subclass's class attribute never arrives."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    seat_names: ClassVar[tuple[str, ...]] = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5")
    # False when some of the game's content (cards, tiles) is a stand-in rather than the printed set.
    official_content: ClassVar[bool] = True
    content_note: ClassVar[str] = ""
    # Per bot level, extra search parameters that suit this game, e.g. {"hard": "prior_depth=4"} where the
    # evaluation is cheap enough to order moves best-first several plies deep. Parameters given in a spec still win.
    level_tuning: ClassVar[Mapping[str, str]] = {}
    # The kinds of public event that show something no seat could know before, or that chance decided (a card drawn
    # face up, a shuffle). A move whose events include one of these, or any private event, cannot be taken back:
    # undo (issue 16) stops there, as Board Game Arena's does. `tests/kernel/test_undo_safety.py` checks, by
    # determinizing thousands of positions, that every move outside these depends on nothing hidden from its mover.
    revealing_events: ClassVar[frozenset[str]] = frozenset()
    # Per player count, the map from a search's value of a move to a chance of winning, fitted on bot games by
    # `benchmarks/analysis_validation.py fit` as (slope, shift) (see `analysis/calibration.py`). Empty: the raw
    # value stands.
    win_calibration: ClassVar[Mapping[int, tuple[float, float]]] = {}
    # A few plain sentences a newcomer reads the first time they sit at a table of the game (messages of the game's
    # own catalogue, marked with N_); the rules page has the rest.
    how_to_play: ClassVar[tuple[str, ...]] = ()
    # Issue 33: the lobby's one sentence on the game (what it is, why to play it), a message of the game's own
    # catalogue (marked with N_).
    pitch: ClassVar[str] = ""
    # Issue 33: how long a game takes, in minutes, from its fewest players to its most: the rulebook's figure, or
    # measured by `benchmarks/game_length.py` where the rulebook gives none. (0, 0): not known.
    play_minutes: ClassVar[tuple[int, int]] = (0, 0)
    # The prefix of the game's rule IDs in its rules specification (`CB` for CB-13): what a test cites.
    rule_prefix: ClassVar[str] = ""
    # Issue 32: the type of the game's views (its `view.py`'s TypedDict built on `SeatView`): the server's API
    # describes each game's view with it, so the pages' types come from the same definition as the views.
    view_type: ClassVar[type[SeatView]] = SeatView
    # Moves that only take back a step of the mover's own turn (City and Guilds' putting a picked tile back): a
    # person's convenience that a bot never needs (whatever it leads back to can be chosen directly), and that a
    # search liking it would repeat for ever. Bots leave them out (`bots.base.bot_actions`).
    step_backs: ClassVar[frozenset[int]] = frozenset()

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

    def seat_state(
        self, view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
    ) -> GameState | None:
        """Issue 37: a position consistent with everything `view` (one seat's `State.view`) shows, its hidden parts
        drawn with `rng`: what a remote player's bot thinks on (`guildtable.client`). `options`: the table's, as its
        seat message names them (None: the defaults, and what the view shows). None where the game cannot rebuild a
        position yet."""
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


# `metaclass=ABCMeta` rather than the base class `ABC`, which mypyc would take for a plain Python base class and then
# refuse `__new__` below.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):
    """One position. Subclasses keep their data compact (ints, tuples, small lists) so `clone` stays cheap."""

    __slots__ = ("_options", "_past", "_recent", "game", "num_actions", "num_players", "seed", "setup")

    game: Game
    num_players: int
    num_actions: int
    """The size of the action space, `game.num_distinct_actions(num_players)` (what `apply` checks an action
    against)."""
    _options: Mapping[str, object]
    seed: int
    setup: Mapping[str, object] | None
    """The raw `setup=` JSON the game began from (each game's `setup.py` checks it), or None."""
    _past: tuple[int, ...]
    """The moves played up to the last `clone` (or snapshot restore): frozen, and shared with the copies made then."""
    _recent: list[int]
    """The moves played since: this state's own."""

    @classmethod
    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # Compiled, the kernel's classes are pickled (deep copies, the RL environments) field by field as mypyc lists
        # them in `__mypyc_attrs__`: the `__slots__` of a plain Python subclass join that list, or copies would lose
        # them. A compiled subclass has its own list (and a class that cannot be changed).
        listed = getattr(cls, "__mypyc_attrs__", None)
        slots = vars(cls).get("__slots__", ())
        if listed is not None and slots:
            fields = (*listed, *((slots,) if isinstance(slots, str) else slots))
            with contextlib.suppress(TypeError):
                setattr(cls, "__mypyc_attrs__", fields)  # noqa: B010 (not an attribute mypy knows of)

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        # Allocation alone, so that `_clone_base` can make a state without running `__init__`: compiled by mypyc, a
        # class's own allocation would run `__init__` too (this `__new__` is the one mypyc keeps apart from it).
        return super().__new__(cls)

    def __init__(
        self, game: Game, players: int, seed: int, options: Mapping[str, object], setup: Mapping[str, object] | None
    ) -> None:
        """What every state knows of how its game began; the game's own state adds its position."""
        self.game = game
        self.num_players = players
        self.num_actions = game.num_distinct_actions(players)
        self._options = options
        self.seed = seed
        self.setup = setup
        self._past = ()
        self._recent = []

    # --- the moves played ----------------------------------------------------------------------------------------
    # Kept as a frozen past that copies share and a short list of the moves since (at most RECENT_MOVES: `_played`
    # folds them into the past), so that a clone copies a few moves rather than the whole game (Guildhall's games run
    # to 650 moves, and a search clones at every iteration). Only the state itself changes either, in `_played`.
    @property
    def history(self) -> list[int]:
        """The actions played from the start, in order: a new list (changing it changes nothing here)."""
        return [*self._past, *self._recent]

    @history.setter
    def history(self, actions: list[int]) -> None:
        """Set the moves played (a snapshot's restore)."""
        self._past = tuple(actions)
        self._recent = []

    def _played(self, action: int) -> None:
        """Record `action` as played."""
        recent = self._recent
        recent.append(action)
        if len(recent) >= RECENT_MOVES:
            self._past = (*self._past, *recent)
            self._recent = []

    @property
    def moves_played(self) -> int:
        """`len(self.history)`, without building the list."""
        return len(self._past) + len(self._recent)

    @property
    def last_action(self) -> int:
        """The action played last, or -1 before the first."""
        if self._recent:
            return self._recent[-1]
        return self._past[-1] if self._past else -1

    def _clone_base(self: StateT) -> StateT:
        """A new state of the same class sharing the immutable parts and with its own history; `clone` copies the
        position on top of it."""
        # Compiled, only `State.__new__` allocates without `__init__`; as plain Python, `object.__new__` does so
        # without a call through `State.__new__` (a clone at every search iteration notices it).
        copy = State.__new__(type(self)) if _COMPILED else object.__new__(type(self))
        copy.game = self.game
        copy.num_players = self.num_players
        copy.num_actions = self.num_actions
        copy._options = self._options
        copy.seed = self.seed
        copy.setup = self.setup
        copy._past = self._past
        copy._recent = self._recent.copy()  # at most RECENT_MOVES
        return copy

    @property
    def options(self) -> Mapping[str, object]:
        """The game's options as resolved (`Game.resolve_options`). A game's own state narrows the type to a TypedDict
        of its options (`CityBlocksOptions`) by overriding this property: a compiled class may not narrow an
        attribute's type, but it may narrow what a property returns."""
        return self._options

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
        """The actions the current player may take, in ascending order. Empty only when the game is over.

        Read the list, never change it: it may be the state's own (Guildhall keeps its legal answers until the next
        move and hands out that very list, which `why_illegal` trusts); copy it (`list(...)`) to change it. Every
        caller in guildtable only reads it (`tests/kernel/test_legal_actions_read_only.py`)."""

    @abstractmethod
    def why_illegal(self, action: int) -> Reason | None:
        """None if `action` (an in-range integer) is legal now, else (rule ID, message). Must not change the state."""

    @abstractmethod
    def _apply(self, action: int) -> list[Event]:
        """Carry out a legal action. Called only after `why_illegal` returned None."""

    def apply(self, action: object) -> list[Event]:
        """Carry out `action` and return what happened. An illegal action raises `IllegalAction` naming the rule and
        leaves the state exactly as it was. Anything may come from a front door, so anything is taken (compiled, an
        `int` parameter would refuse a string with a TypeError) and checked here."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalAction("", _("an action is a whole number, not {action}", action=repr(action)))
        if self.is_terminal:
            raise IllegalAction(self.end_rule, _("the game is over; no more moves can be made"))
        size = self.num_actions
        if not 0 <= action < size:
            raise IllegalAction(
                "",
                _("action {action} is outside this game's action range {range}", action=action, range=f"0..{size - 1}"),
            )
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(*reason)
        events = self._apply(action)
        self._played(action)
        return events

    def apply_legal(self, action: int) -> list[Event]:
        """Carry out an action taken from `legal_actions()` without checking it again (search and playouts, where
        every action is legal by construction); recorded in the history as `apply` records it. An action that is
        not legal here leaves the state undefined."""
        events = self._apply(action)
        self._played(action)
        return events

    end_rule: ClassVar[str] = ""
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
