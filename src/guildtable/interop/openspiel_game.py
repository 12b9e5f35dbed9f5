"""Our games as OpenSpiel Python games, so OpenSpiel's algorithms (its ISMCTS, CFR-style tools, evaluators) run on
them. Needs the optional `openspiel` extra (`pip install 'guildtable[openspiel]'`).

`register_all()` registers every game of our registry with pyspiel as `guildtable_<name>` (for example
`guildtable_city_blocks`), with parameters `players` and `seed`. The mapping:

- actions are our integer actions, the action space is `Game.num_distinct_actions(players)`;
- chance is one explicit chance node at the start that picks the deal (one of `DEALS` seeds of our game, offset by
  the `seed` parameter); after it, every draw is resolved inside our `apply` from that seed, hidden from the players;
- a seat's information state (and observation) string is our `view(seat)` as canonical JSON with the move number;
- a seat's observation tensor is the tensor of our encoder for that game (`guildtable.rl.encoders`, laid out slice
  by slice in the README), built only from what the seat may know; its information state tensor is the same tensor
  followed by the move number / MAX_GAME_LENGTH, as the string adds the move number to the view. Neither holds the
  whole history of play, so neither is perfect recall in OpenSpiel's strict sense; both are the same in every
  world `resample_from_infostate` draws. Before the deal both are all zeros;
- `resample_from_infostate(player, sampler)` is our `determinize(player, rng)`;
- returns are ours: 1 for a sole win, 1/k for a k-way shared win, 0 for a loss (constant sum 1).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,unused-ignore]

from guildtable.kernel import Game, Rng, State
from guildtable.kernel.registry import all_games, get_game
from guildtable.rl.encoders import Encoder, encoder_for

PREFIX = "guildtable_"
DEALS = 1 << 16
"""How many different deals the opening chance node chooses among."""
MAX_GAME_LENGTH = 5000
"""An upper bound on moves per game that OpenSpiel asks for; our games end far sooner."""


def spiel_name(game: Game) -> str:
    return PREFIX + game.name.replace("-", "_")


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=spiel_name(game),
        long_name=f"guildtable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seed": 0},
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games for a fixed player count, as a pyspiel game."""

    def __init__(self, ours: Game, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", ours.min_players))
        if players not in ours.player_counts:
            raise ValueError(f"{ours.title} is for {ours.min_players}–{ours.max_players} players, not {players}")
        info = pyspiel.GameInfo(
            num_distinct_actions=ours.num_distinct_actions(players),
            max_chance_outcomes=DEALS,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(ours), info, {"players": players, "seed": int(params.get("seed", 0))})
        self.ours = ours
        self.players = players
        self.seed = int(params.get("seed", 0))
        self.encoder = encoder_for(ours, players)

    def new_initial_state(self) -> SpielState:
        """Before the deal: a chance node."""
        return SpielState(self, None)

    def deal(self, outcome: int) -> State:
        return self.ours.new_state(self.players, seed=self.seed * DEALS + outcome)

    def from_ours(self, state: State) -> SpielState:
        """Wrap one of our states (for example a position to analyse) as a pyspiel state of this game."""
        return SpielState(self, state.clone())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver | None:
        """The observer of an observation type: the observation (`perfect_recall=False`) or the information state
        (`perfect_recall=True`) of one player, public and that player's private information. Other types are not
        supported: None, as OpenSpiel's `make_observation` documents."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            return ViewObserver(self.encoder, info_state=False)
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return None
        return ViewObserver(self.encoder, info_state=bool(iig_obs_type.perfect_recall))

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielGame:
        """A game is immutable: pyspiel's C++ `Clone` of a state (behind `child`) deep-copies the state's
        attributes, and its game must stay this object, with our game and encoder on it."""
        return self


class _Position:
    """Our state (None before the deal) inside a pyspiel state. pyspiel's C++ `Clone` deep-copies every attribute
    of a Python state; this makes that copy our fast `clone()`."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(None if self.state is None else self.state.clone())


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state around one of our states (`self.ours`)."""

    def __init__(self, game: SpielGame, ours: State | None) -> None:
        super().__init__(game)
        self._spiel_game = game
        self._position = _Position(ours)

    @property
    def _ours(self) -> State | None:
        return self._position.state

    @_ours.setter
    def _ours(self, state: State | None) -> None:
        self._position.state = state

    @property
    def ours(self) -> State:
        """Our state (after the deal)."""
        assert self._ours is not None, "the deal has not been made yet"
        return self._ours

    def current_player(self) -> int:
        if self._ours is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = self._ours.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        probability = 1.0 / DEALS
        return [(outcome, probability) for outcome in range(DEALS)]

    def _legal_actions(self, player: int) -> list[int]:
        if self._ours is None:
            return list(range(DEALS))
        return self._ours.legal_actions() if player == self._ours.current_player else []

    def _apply_action(self, action: int) -> None:
        if self._ours is None:
            self._ours = self._spiel_game.deal(int(action))
        else:
            self._ours.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if self._ours is None:
            return f"deal {action}"
        try:
            return self._ours.action_to_notation(int(action))
        except Exception:  # a notation may need the position the action was legal in
            return str(action)

    def is_terminal(self) -> bool:
        return self._ours is not None and self._ours.is_terminal

    def returns(self) -> list[float]:
        if self._ours is None:
            return [0.0] * self._spiel_game.players
        return self._ours.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A world consistent with what `player_id` knows: our determinization, seeded from the sampler."""
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else hash(probability_sampler)
        return SpielState(self._spiel_game, self.ours.determinize(player_id, Rng(seed)))

    def clone(self) -> SpielState:
        return SpielState(self._spiel_game, None if self._ours is None else self._ours.clone())

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielState:
        return self.clone()

    def __str__(self) -> str:
        if self._ours is None:
            return "before the deal"
        return json.dumps(self._ours.view(None), sort_keys=True, separators=(",", ":"))


class ViewObserver:
    """OpenSpiel's observer interface over our views (strings) and our encoder (tensors). `dict` names the slices of
    the tensor as the encoder's layout does (views into `tensor`); the information state adds `move_number`."""

    def __init__(self, encoder: Encoder, info_state: bool) -> None:
        self.encoder = encoder
        self.info_state = info_state
        size = encoder.size + (1 if info_state else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = encoder.layout.split(self.tensor[: encoder.size])
        if info_state:
            self.dict["move_number"] = self.tensor[encoder.size :]

    def set_from(self, state: SpielState, player: int) -> None:
        if state._ours is None:
            self.tensor.fill(0.0)
            return
        ours = state.ours
        self.tensor[: self.encoder.size] = self.encoder.encode(ours, player)
        if self.info_state:
            self.tensor[self.encoder.size] = min(1.0, ours.moves_played / MAX_GAME_LENGTH)

    def string_from(self, state: SpielState, player: int) -> str:
        if state._ours is None:
            return "before the deal"
        view = json.dumps(state.ours.view(player), sort_keys=True, separators=(",", ":"))
        return f"{state.ours.moves_played}|{view}"


def register(game: Game) -> str:
    """Register `game` with pyspiel (idempotent); returns its pyspiel name."""
    name = spiel_name(game)
    if name not in pyspiel.registered_names():
        # pyspiel keeps the factory until the process ends. A class (which its own reference cycles keep alive)
        # is safe there; a plain function would be freed by pyspiel after Python has shut down, and crash.
        factory = type(f"SpielGame_{game.name.replace('-', '_')}", (SpielGame,), {"__init__": _factory_init(game)})
        pyspiel.register_game(_game_type(game), factory)
    return name


def _factory_init(ours: Game) -> Any:
    def __init__(self: SpielGame, params: dict[str, Any] | None = None) -> None:
        SpielGame.__init__(self, ours, params)

    return __init__


def register_all() -> list[str]:
    """Register every game of our registry; returns the pyspiel names."""
    return [register(game) for game in all_games()]


def load(name: str, players: int | None = None, seed: int = 0) -> SpielGame:
    """A pyspiel game for one of our games by our name (`city-blocks`)."""
    ours = get_game(name)
    register(ours)
    game = pyspiel.load_game(spiel_name(ours), {"players": players or ours.min_players, "seed": seed})
    assert isinstance(game, SpielGame)
    return game
