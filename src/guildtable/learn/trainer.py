"""Fitting a network to self-play samples, in PyTorch (the `train` extra; playing never needs it).

The loss is the value's mean squared error against its target plus the policy's cross entropy against the search's
visit shares, over the legal moves only. The value's target mixes the mover's return at the end of the game with the
search's value of its move (`mix`: the search's share), both mapped to -1..1: a perceptron over the whole tensor
memorises a few thousand games' results (a deal identifies its game), while a grouped network, whose weights are
shared by the parts of the position, learns from the results alone (`mix` 0). A tenth of the games (never split
between the two) is held out: the report's loss curves are of both parts, and training keeps the epoch whose held-out
loss was lowest.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from guildtable.bots.network import EDGE, AnyNetwork, GroupedNetwork, Network


@dataclass(frozen=True, slots=True)
class Samples:
    observations: npt.NDArray[np.float32]
    policies: npt.NDArray[np.float32]
    legal: npt.NDArray[np.bool_]
    values: npt.NDArray[np.float32]  # returns, 0..1
    searched: npt.NDArray[np.float32]  # the search's values, 0..1
    evaluations: npt.NDArray[np.float32]  # the game's own evaluations, -1..1 (what a residual network corrects)
    games: npt.NDArray[np.int64]  # which game each row came from (held-out games are whole)


@dataclass(slots=True)
class Curves:
    """Per epoch: the training and held-out value and policy losses."""

    train_value: list[float] = field(default_factory=list)
    train_policy: list[float] = field(default_factory=list)
    held_value: list[float] = field(default_factory=list)
    held_policy: list[float] = field(default_factory=list)
    best_epoch: int = 0


def _torch() -> Any:
    try:
        import torch  # type: ignore[import-not-found,unused-ignore]  # the train extra
    except ImportError:
        raise RuntimeError("training needs PyTorch: pip install -e '.[train]'") from None
    return torch


def fit(
    network: AnyNetwork,
    samples: Samples,
    *,
    epochs: int = 8,
    batch: int = 256,
    rate: float = 1e-3,
    mix: float = 0.5,
    policy_weight: float = 1.0,
    seed: int = 0,
) -> tuple[AnyNetwork, Curves]:
    """A copy of `network` trained on `samples`; the loss curves. The policy's loss counts `policy_weight` times
    (0: the value alone is learned, all a search judging its leaves with `learned=1` needs; a grouped network has no
    policy, so its weight is 0 whatever is asked)."""
    torch = _torch()
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    generator = np.random.default_rng(seed)
    games = np.unique(samples.games)
    held_games = set(generator.choice(games, size=max(1, len(games) // 10), replace=False).tolist())
    held = np.array([game in held_games for game in samples.games.tolist()])
    if held.all():
        held[:] = False
    made: Callable[[], AnyNetwork]
    if isinstance(network, GroupedNetwork):
        policy_weight = 0.0
        model, inputs, made = _grouped_model(torch, network, samples)
    else:
        model, inputs, made = _perceptron_model(torch, network, samples, policy_weight > 0)
    targets = ((1.0 - mix) * samples.values + mix * samples.searched) * 2.0 - 1.0
    evaluations = np.arctanh(np.clip(samples.evaluations, -EDGE, EDGE)).astype(np.float32)
    columns = [*inputs, samples.policies, samples.legal, targets.astype(np.float32), evaluations]

    def tensors(rows: npt.NDArray[np.bool_]) -> list[Any]:
        return [torch.from_numpy(np.ascontiguousarray(column[rows])) for column in columns]

    train, held_out = tensors(~held), tensors(held)
    trainable = [parameter for parameter in model.parameters() if parameter.requires_grad]
    optimiser = torch.optim.Adam(trainable, lr=rate, weight_decay=1e-4)

    def losses(part: list[Any]) -> tuple[Any, Any]:
        *x, p, m, v, e = part
        value, logits = model(*x, e)
        if logits is None:
            return ((value - v) ** 2).mean(), torch.zeros(())
        logits = logits.masked_fill(~m, -1e9)
        policy_loss = -(p * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
        return ((value - v) ** 2).mean(), policy_loss

    curves = Curves()
    best_loss, best_state = float("inf"), None
    size = len(train[0])
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(size)
        sums = [0.0, 0.0]
        for start in range(0, size, batch):
            rows = order[start : start + batch]
            value_loss, policy_loss = losses([column[rows] for column in train])
            optimiser.zero_grad()
            (value_loss + policy_weight * policy_loss).backward()
            optimiser.step()
            sums[0] += float(value_loss.detach()) * len(rows)
            sums[1] += float(policy_loss.detach()) * len(rows)
        curves.train_value.append(sums[0] / max(1, size))
        curves.train_policy.append(sums[1] / max(1, size))
        model.eval()
        with torch.no_grad():
            if len(held_out[0]):
                value_loss, policy_loss = losses(held_out)
                held_value, held_policy = float(value_loss), float(policy_loss)
            else:
                held_value, held_policy = curves.train_value[-1], curves.train_policy[-1]
        curves.held_value.append(held_value)
        curves.held_policy.append(held_policy)
        if held_value + policy_weight * held_policy < best_loss:
            best_loss = held_value + policy_weight * held_policy
            best_state = {name: tensor.clone() for name, tensor in model.state_dict().items()}
            curves.best_epoch = epoch
    if best_state is not None:
        model.load_state_dict(best_state)
    return made(), curves


def _array(tensor: Any) -> npt.NDArray[np.float32]:
    return np.ascontiguousarray(tensor.detach().numpy().astype(np.float32))


def _perceptron_model(
    torch: Any, network: Network, samples: Samples, train_policy: bool
) -> tuple[Any, list[npt.NDArray[Any]], Callable[[], Network]]:
    """A PyTorch twin of a perceptron (`bots.network.Network`), its inputs, and how to read the network back."""
    nn = torch.nn
    residual = network.info.residual
    module: Any = nn.Module

    class Model(module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            sizes = [network.info.inputs, *network.info.hidden]
            self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))
            self.value = nn.Linear(sizes[-1], 1)
            self.policy = nn.Linear(sizes[-1], network.info.actions)
            self.base = nn.Parameter(torch.tensor(network.base, dtype=torch.float32), requires_grad=residual)

        def forward(self, x: Any, e: Any) -> tuple[Any, Any]:
            for layer in self.trunk:
                x = torch.relu(layer(x))
            before = self.value(x)[:, 0]
            if residual:
                before = before + self.base[0] * e + self.base[1]
            return torch.tanh(before), self.policy(x)

    model = Model()
    with torch.no_grad():
        for layer, (weights, bias) in zip(model.trunk, network.trunk, strict=True):
            layer.weight.copy_(torch.from_numpy(weights.T.copy()))
            layer.bias.copy_(torch.from_numpy(bias))
        model.value.weight.copy_(torch.from_numpy(network.value_head[0].T.copy()))
        model.value.bias.copy_(torch.from_numpy(network.value_head[1]))
        model.policy.weight.copy_(torch.from_numpy(network.policy_head[0].T.copy()))
        model.policy.bias.copy_(torch.from_numpy(network.policy_head[1]))
    model.policy.requires_grad_(train_policy)  # a value-only fit leaves the prior as it was

    def made() -> Network:
        trunk = [(_array(layer.weight.T), _array(layer.bias)) for layer in model.trunk]
        value = (_array(model.value.weight.T), _array(model.value.bias))
        policy = (_array(model.policy.weight.T), _array(model.policy.bias))
        base = (float(model.base[0].detach()), float(model.base[1].detach()))
        return Network(network.info, trunk, value, policy, base)

    return model, [samples.observations], made


def _grouped_model(
    torch: Any, network: GroupedNetwork, samples: Samples
) -> tuple[Any, list[npt.NDArray[Any]], Callable[[], GroupedNetwork]]:
    """A PyTorch twin of a grouped network (`bots.network.GroupedNetwork`), its inputs (the samples' groups), and
    how to read the network back."""
    nn = torch.nn
    groups = network.groups(samples.observations)
    assert groups is not None, f"{network.info.game}'s observation has no groups"
    module: Any = nn.Module

    def parameter(array: npt.NDArray[np.float32] | list[float]) -> Any:
        return nn.Parameter(torch.tensor(np.asarray(array, np.float32)))

    class Model(module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.part = parameter(network.part)
            self.context = parameter(network.context)
            self.bias = parameter(network.bias)
            self.outlook = parameter(network.outlook)
            self.outlook_bias = parameter([network.outlook_bias])
            self.base = parameter(list(network.base))
            self.gain = parameter([network.gain])

        def forward(self, features: Any, worth: Any, context: Any, e: Any) -> tuple[Any, None]:
            hidden = torch.relu(features @ self.part + (context @ self.context + self.bias)[:, None, :])
            outlooks = torch.tanh(hidden @ self.outlook + self.outlook_bias)
            before = self.base[0] * e + self.base[1] + self.gain[0] * (worth * outlooks).sum(dim=1)
            return torch.tanh(before), None

    model = Model()

    def made() -> GroupedNetwork:
        return GroupedNetwork(
            network.info,
            _array(model.part),
            _array(model.context),
            _array(model.bias),
            _array(model.outlook),
            float(model.outlook_bias[0].detach()),
            (float(model.base[0].detach()), float(model.base[1].detach())),
            float(model.gain[0].detach()),
        )

    return model, [groups.features, groups.worth, groups.context], made
