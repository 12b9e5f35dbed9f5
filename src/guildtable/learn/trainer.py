"""Fitting a network to self-play samples, in PyTorch (the `train` extra; playing never needs it).

The loss is the value's mean squared error against its target plus the policy's cross entropy against the search's
visit shares, over the legal moves only. The value's target mixes the mover's return at the end of the game with the
search's value of its move (`mix`: the search's share), both mapped to -1..1: one game's result alone is too noisy
to learn from a few thousand games. A tenth of the games (never split between the
two) is held out: the report's loss curves are of both parts, and training keeps the epoch whose held-out loss was
lowest.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from guildtable.bots.network import EDGE, Network


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
    network: Network,
    samples: Samples,
    *,
    epochs: int = 8,
    batch: int = 256,
    rate: float = 1e-3,
    mix: float = 0.5,
    policy_weight: float = 1.0,
    seed: int = 0,
) -> tuple[Network, Curves]:
    """A copy of `network` trained on `samples`; the loss curves. The policy's loss counts `policy_weight` times
    (0: the value alone is learned, all a search judging its leaves with `learned=1` needs)."""
    torch = _torch()
    nn = torch.nn
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    generator = np.random.default_rng(seed)
    games = np.unique(samples.games)
    held_games = set(generator.choice(games, size=max(1, len(games) // 10), replace=False).tolist())
    held = np.array([game in held_games for game in samples.games.tolist()])
    if held.all():
        held[:] = False

    def tensors(rows: npt.NDArray[np.bool_]) -> tuple[Any, Any, Any, Any, Any]:
        return (
            torch.from_numpy(samples.observations[rows]),
            torch.from_numpy(samples.policies[rows]),
            torch.from_numpy(samples.legal[rows]),
            torch.from_numpy(((1.0 - mix) * samples.values[rows] + mix * samples.searched[rows]) * 2.0 - 1.0),
            torch.from_numpy(np.arctanh(np.clip(samples.evaluations[rows], -EDGE, EDGE)).astype(np.float32)),
        )

    train_x, train_p, train_m, train_v, train_e = tensors(~held)
    held_x, held_p, held_m, held_v, held_e = tensors(held)
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
    model.policy.requires_grad_(policy_weight > 0)  # a value-only fit leaves the prior as it was
    trainable = [parameter for parameter in model.parameters() if parameter.requires_grad]
    optimiser = torch.optim.Adam(trainable, lr=rate, weight_decay=1e-4)

    def losses(x: Any, p: Any, m: Any, v: Any, e: Any) -> tuple[Any, Any]:
        value, logits = model(x, e)
        logits = logits.masked_fill(~m, -1e9)
        policy_loss = -(p * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
        return ((value - v) ** 2).mean(), policy_loss

    curves = Curves()
    best_loss, best_state = float("inf"), None
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(train_x))
        sums = [0.0, 0.0]
        for start in range(0, len(order), batch):
            rows = order[start : start + batch]
            value_loss, policy_loss = losses(train_x[rows], train_p[rows], train_m[rows], train_v[rows], train_e[rows])
            optimiser.zero_grad()
            (value_loss + policy_weight * policy_loss).backward()
            optimiser.step()
            sums[0] += float(value_loss.detach()) * len(rows)
            sums[1] += float(policy_loss.detach()) * len(rows)
        curves.train_value.append(sums[0] / max(1, len(order)))
        curves.train_policy.append(sums[1] / max(1, len(order)))
        model.eval()
        with torch.no_grad():
            if len(held_x):
                value_loss, policy_loss = losses(held_x, held_p, held_m, held_v, held_e)
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

    def array(tensor: Any) -> npt.NDArray[np.float32]:
        return np.ascontiguousarray(tensor.detach().numpy().astype(np.float32))

    trunk = [(array(layer.weight.T), array(layer.bias)) for layer in model.trunk]
    value = (array(model.value.weight.T), array(model.value.bias))
    policy = (array(model.policy.weight.T), array(model.policy.bias))
    base = (float(model.base[0].detach()), float(model.base[1].detach()))
    return Network(network.info, trunk, value, policy, base), curves
