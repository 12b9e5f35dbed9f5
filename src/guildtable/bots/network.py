"""The learned evaluation's network, in NumPy: a small multilayer perceptron over one seat's observation tensor with
two heads, the seat's value of the position (tanh, -1 to 1, the game's returns) and a logit per action (the prior).

A *residual* network corrects the game's own evaluation rather than replacing it: its value is
`tanh(scale * atanh(evaluation) + offset + head)`, where `evaluation` is `Game.evaluate` of the position for the seat
and `(scale, offset)` is the network's `base`. Fresh, its head is zero and its base (1, 0), so it judges exactly as
the game does; training moves it only where the samples show the game's evaluation wrong.

A *grouped* network (`GroupedNetwork`) is for a game whose observation is a sum over like parts (`Encoder.groups`:
City Blocks' streets): one small layer, shared by every part, reads the part's features and the context they share
and gives the part's outlook (tanh, -1 to 1); the value is `tanh(scale * atanh(evaluation) + offset + gain * sum of
worth * outlook)`, always residual. Sharing the weights across the streets lets a few thousand games teach it what a
perceptron over the whole tensor only memorises (in City Blocks a deal identifies its game). It has no move prior.

Playing needs only this module and NumPy; training (`guildtable.learn`, `guildtable train`) fits the same shapes in
PyTorch and saves them here. A network is one `.npz` file: the layers' arrays and a JSON description (`NetworkInfo`:
the game, the player count, the shapes, and how it was trained). The networks shipped with the package lie in
`networks/` as `<game>-<players>p.npz`; `GUILDTABLE_NETWORKS` names another folder to look in first.
"""

from __future__ import annotations

import itertools
import json
import math
import os
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from guildtable.kernel.observation import observer_for

Array = npt.NDArray[np.float32]

SHIPPED = Path(__file__).resolve().parent / "networks"
FOLDER_VARIABLE = "GUILDTABLE_NETWORKS"
EDGE = 0.999  # a residual network reads the game's evaluation clipped to this (atanh of ±1 is infinite)


@dataclass(frozen=True, slots=True)
class Training:
    """How a network was made: the command, its seed, the hours it took, the machine, the generation kept, and the
    positions it learned from."""

    command: str = ""
    seed: int = 0
    hours: float = 0.0
    machine: str = ""
    generation: int = 0
    positions: int = 0


@dataclass(frozen=True, slots=True)
class NetworkInfo:
    game: str
    players: int
    inputs: int
    actions: int
    hidden: tuple[int, ...]
    training: Training = field(default_factory=Training)
    residual: bool = False  # the value corrects the game's own evaluation (see the module's docstring)
    grouped: bool = False  # a `GroupedNetwork` over the game's `Encoder.groups` (hidden: its one shared layer)


class Network:
    """Trunk layers (ReLU), then a value head and a policy head. Arrays are float32; a layer is (weights, bias) with
    weights shaped (inputs, outputs)."""

    def __init__(
        self,
        info: NetworkInfo,
        trunk: list[tuple[Array, Array]],
        value: tuple[Array, Array],
        policy: tuple[Array, Array],
        base: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        self.info = info
        self.trunk = trunk
        self.value_head = value
        self.policy_head = policy
        self.base = base  # (scale, offset) of the game's evaluation in the value (residual networks only)

    @classmethod
    def random(cls, info: NetworkInfo, seed: int = 0) -> Network:
        """A network with small random weights (He initialisation): generation 0 before any training."""
        rng = np.random.default_rng(seed)
        sizes = [info.inputs, *info.hidden]

        def layer(inputs: int, outputs: int, scale: float) -> tuple[Array, Array]:
            weights = rng.normal(0.0, scale / np.sqrt(inputs), (inputs, outputs)).astype(np.float32)
            return weights, np.zeros(outputs, np.float32)

        trunk = [layer(a, b, np.sqrt(2.0)) for a, b in itertools.pairwise(sizes)]
        if info.residual:  # judges exactly as the game's evaluation until trained
            value = (np.zeros((sizes[-1], 1), np.float32), np.zeros(1, np.float32))
            return cls(info, trunk, value, layer(sizes[-1], info.actions, 0.1), (1.0, 0.0))
        return cls(info, trunk, layer(sizes[-1], 1, 0.1), layer(sizes[-1], info.actions, 0.1))

    def _features(self, observations: Array) -> Array:
        hidden = observations
        for weights, bias in self.trunk:
            hidden = np.maximum(hidden @ weights + bias, 0.0)
        return hidden

    def _base(self, evaluation: float) -> float:
        """A residual network's starting point: the game's evaluation, scaled and shifted before the tanh."""
        scale, offset = self.base
        return scale * math.atanh(min(max(evaluation, -EDGE), EDGE)) + offset

    def forward(self, observations: Array, evaluations: Array | None = None) -> tuple[Array, Array]:
        """Values (n,) and logits (n, actions) of a batch of observations (n, inputs) (and, for a residual
        network, the game's evaluations of them (n,))."""
        hidden = self._features(observations)
        before = (hidden @ self.value_head[0] + self.value_head[1])[:, 0]
        if self.info.residual:
            assert evaluations is not None, "a residual network needs the game's evaluations"
            scale, offset = self.base
            before = before + scale * np.arctanh(np.clip(evaluations, -EDGE, EDGE)) + offset
        logits = hidden @ self.policy_head[0] + self.policy_head[1]
        return np.tanh(before), logits

    def value(self, observation: Array, evaluation: float = 0.0) -> float:
        """One observation's value for its seat, -1 to 1 (`evaluation`: the game's, for a residual network)."""
        hidden = self._features(observation)
        before = float(hidden @ self.value_head[0][:, 0] + self.value_head[1][0])
        return math.tanh(before + self._base(evaluation) if self.info.residual else before)

    def value_and_logits(self, observation: Array, evaluation: float = 0.0) -> tuple[float, Array]:
        hidden = self._features(observation)
        before = float(hidden @ self.value_head[0][:, 0] + self.value_head[1][0])
        value = math.tanh(before + self._base(evaluation) if self.info.residual else before)
        return value, hidden @ self.policy_head[0] + self.policy_head[1]

    def save(self, path: Path) -> None:
        arrays: dict[str, Array] = {}
        for index, (weights, bias) in enumerate(self.trunk):
            arrays[f"trunk{index}_w"], arrays[f"trunk{index}_b"] = weights, bias
        arrays["value_w"], arrays["value_b"] = self.value_head
        arrays["policy_w"], arrays["policy_b"] = self.policy_head
        arrays["base"] = np.array(self.base, np.float32)
        _save(path, self.info, arrays)

    @classmethod
    def load(cls, path: Path) -> Network:
        network = load_network(path)
        if not isinstance(network, Network):
            raise ValueError(f"{path} holds a grouped network, not a perceptron")
        return network

    @classmethod
    def from_arrays(cls, info: NetworkInfo, data: Any) -> Network:
        """The network whose arrays `data` (an open `.npz`) holds."""
        trunk = [
            (data[f"trunk{index}_w"].astype(np.float32), data[f"trunk{index}_b"].astype(np.float32))
            for index in range(len(info.hidden))
        ]
        value = (data["value_w"].astype(np.float32), data["value_b"].astype(np.float32))
        policy = (data["policy_w"].astype(np.float32), data["policy_b"].astype(np.float32))
        scale, offset = (float(number) for number in data["base"]) if "base" in data else (0.0, 0.0)
        return cls(info, trunk, value, policy, (scale, offset))


class GroupedNetwork:
    """The value as a sum over the parts of `Encoder.groups` (see the module's docstring). Arrays are float32:
    `part` (features, hidden), `context` (context size, hidden), `bias` (hidden,), `outlook` (hidden,) and
    `outlook_bias`; `base` is (scale, offset) and `gain` the outlooks' weight."""

    def __init__(
        self,
        info: NetworkInfo,
        part: Array,
        context: Array,
        bias: Array,
        outlook: Array,
        outlook_bias: float,
        base: tuple[float, float] = (1.0, 0.0),
        gain: float = 1.0,
    ) -> None:
        self.info = info
        self.part, self.context, self.bias = part, context, bias
        self.outlook, self.outlook_bias = outlook, outlook_bias
        self.base, self.gain = base, gain
        self.groups = observer_for(info.game, info.players).groups

    @classmethod
    def random(cls, info: NetworkInfo, features: int, context: int, seed: int = 0) -> GroupedNetwork:
        """Small random weights in the shared layer and a zero outlook: it judges exactly as the game does."""
        rng = np.random.default_rng(seed)
        (hidden,) = info.hidden
        scale = np.sqrt(2.0 / (features + context))
        return cls(
            info,
            rng.normal(0.0, scale, (features, hidden)).astype(np.float32),
            rng.normal(0.0, scale, (context, hidden)).astype(np.float32),
            np.zeros(hidden, np.float32),
            np.zeros(hidden, np.float32),
            0.0,
        )

    def forward(self, observations: Array, evaluations: Array | None = None) -> tuple[Array, Array]:
        """Values (n,) of a batch of observations (n, inputs) and the game's evaluations of them (n,); no logits
        (zeros: a grouped network has no move prior)."""
        assert evaluations is not None, "a grouped network needs the game's evaluations"
        groups = self.groups(observations)
        assert groups is not None, f"{self.info.game}'s observation has no groups"
        hidden = groups.features @ self.part + (groups.context @ self.context + self.bias)[:, None, :]
        outlooks = np.tanh(np.maximum(hidden, 0.0) @ self.outlook + self.outlook_bias)
        scale, offset = self.base
        before = scale * np.arctanh(np.clip(evaluations, -EDGE, EDGE)) + offset
        values = np.tanh(before + self.gain * (groups.worth * outlooks).sum(axis=1))
        return values.astype(np.float32), np.zeros((len(observations), self.info.actions), np.float32)

    def value(self, observation: Array, evaluation: float = 0.0) -> float:
        values, _logits = self.forward(observation.reshape(1, -1), np.array([evaluation], np.float32))
        return float(values[0])

    def value_and_logits(self, observation: Array, evaluation: float = 0.0) -> tuple[float, Array]:
        return self.value(observation, evaluation), np.zeros(self.info.actions, np.float32)

    def save(self, path: Path) -> None:
        arrays = {
            "part": self.part,
            "context": self.context,
            "bias": self.bias,
            "outlook": self.outlook,
            "outlook_bias": np.array([self.outlook_bias], np.float32),
            "base": np.array(self.base, np.float32),
            "gain": np.array([self.gain], np.float32),
        }
        _save(path, self.info, arrays)

    @classmethod
    def from_arrays(cls, info: NetworkInfo, data: Any) -> GroupedNetwork:
        def array(name: str) -> Array:
            return np.ascontiguousarray(data[name].astype(np.float32))

        scale, offset = (float(number) for number in data["base"])
        return cls(
            info,
            array("part"),
            array("context"),
            array("bias"),
            array("outlook"),
            float(data["outlook_bias"][0]),
            (scale, offset),
            float(data["gain"][0]),
        )


AnyNetwork = Network | GroupedNetwork


def _save(path: Path, info: NetworkInfo, arrays: dict[str, Array]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    save: Any = np.savez_compressed  # its stubs take keyword arrays for its own flags
    with path.open("wb") as out:
        save(out, info=np.array(json.dumps(asdict(info))), **arrays)


def load_network(path: Path) -> AnyNetwork:
    """The network in the `.npz` file at `path`, of whichever shape it was saved."""
    with np.load(path, allow_pickle=False) as data:
        raw = json.loads(str(data["info"]))
        info = NetworkInfo(
            raw["game"],
            raw["players"],
            raw["inputs"],
            raw["actions"],
            tuple(raw["hidden"]),
            Training(**raw.get("training", {})),
            bool(raw.get("residual", False)),
            bool(raw.get("grouped", False)),
        )
        if info.grouped:
            return GroupedNetwork.from_arrays(info, data)
        return Network.from_arrays(info, data)


def file_name(game: str, players: int) -> str:
    return f"{game}-{players}p.npz"


def network_path(game: str, players: int) -> Path | None:
    """Where the network for `game` at `players` players lies: `GUILDTABLE_NETWORKS`'s folder first, then the
    package's; None if neither has one."""
    folder = os.environ.get(FOLDER_VARIABLE)
    for place in ([Path(folder)] if folder else []) + [SHIPPED]:
        path = place / file_name(game, players)
        if path.is_file():
            return path
    return None


@cache
def _load_cached(path: str, modified: float) -> AnyNetwork:
    return load_network(Path(path))


def network_for(game: str, players: int) -> AnyNetwork | None:
    """The network for `game` at `players` players, loaded on first use (and again if its file changes)."""
    path = network_path(game, players)
    if path is None:
        return None
    return _load_cached(str(path), path.stat().st_mtime)
