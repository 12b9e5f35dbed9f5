"""A MaskablePPO policy for City Blocks that scores each placement from its site and the two streets through it.

The plain MLP policy must learn, for each of the 570 (tile, site) actions on its own, what makes it good, and it
memorises positions instead (see `train_city_blocks_ppo.py`). Here one small network, shared by the 30 sites, scores
the 19 tile types at a site from: that site's cell of the tensor, the row and the column through it (how many of each
cell code their sites hold, and the value tile beside each), and an embedding of the whole tensor (the hand, the value
tiles won, the question). A street's totals (CB-17) are sums over its sites, so they are a linear function of what the
network sees. The swap answers (CB-13) and the value come from the whole tensor, as in the MLP policy. It reads only
the observation tensor, so it plays in the arena like any policy.

    python examples/train_city_blocks_ppo.py --policy sites
"""

from __future__ import annotations

from typing import Any

import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn

from guildtable.games.city_blocks.actions import NUM_ACTIONS, PLACE_ACTIONS
from guildtable.games.city_blocks.content import SITE_STREETS, SITES, STREET_SITES, STREETS, TILE_TYPES
from guildtable.rl import layout_for

LAYOUT = layout_for("city-blocks", 2)
EMBEDDING = 64
SITE_HIDDEN = 64
VALUE_HIDDEN = 128


class Trunk(nn.Module):
    """The policy's latent is the tensor itself followed by an embedding of it; the value's is an MLP's."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.latent_dim_pi = size + EMBEDDING
        self.latent_dim_vf = VALUE_HIDDEN
        self.embed = nn.Sequential(nn.Linear(size, 128), nn.Tanh(), nn.Linear(128, EMBEDDING), nn.Tanh())
        self.value = nn.Sequential(
            nn.Linear(size, VALUE_HIDDEN), nn.Tanh(), nn.Linear(VALUE_HIDDEN, VALUE_HIDDEN), nn.Tanh()
        )

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        return torch.cat([features, self.embed(features)], dim=1)

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        return self.value(features)


class SiteScorer(nn.Module):
    """Latent -> the logits of every action: placements from the shared site network, the rest from the embedding."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        board, values = LAYOUT["board"], LAYOUT["street_values"]
        self.board = (board.start, board.stop, board.shape[1])
        self.values = (values.start, values.stop, values.shape[1])
        street = board.shape[1] + values.shape[1]
        self.site = nn.Sequential(
            nn.Linear(board.shape[1] + 2 * street + EMBEDDING, SITE_HIDDEN),
            nn.Tanh(),
            nn.Linear(SITE_HIDDEN, TILE_TYPES),
        )
        self.others = nn.Linear(EMBEDDING, NUM_ACTIONS - PLACE_ACTIONS)
        membership = torch.zeros(STREETS, SITES)
        for street_index, sites in enumerate(STREET_SITES):
            membership[street_index, list(sites)] = 1.0
        self.register_buffer("membership", membership)
        self.register_buffer("row", torch.tensor([streets[0] for streets in SITE_STREETS]))
        self.register_buffer("column", torch.tensor([streets[1] for streets in SITE_STREETS]))
        for layer in (self.site[-1], self.others):  # near-uniform at first, as SB3 starts its action layer
            nn.init.orthogonal_(layer.weight, gain=0.01)
            nn.init.zeros_(layer.bias)

    def forward(self, latent: torch.Tensor) -> torch.Tensor:
        batch = latent.shape[0]
        observation, embedding = latent[:, : self.size], latent[:, self.size :]
        start, stop, width = self.board
        cells = observation[:, start:stop].reshape(batch, SITES, width)
        start, stop, width = self.values
        values = observation[:, start:stop].reshape(batch, STREETS, width)
        counts = torch.einsum("ts,bsc->btc", self.membership, cells) / 6.0  # per street, sites holding each code
        streets = torch.cat([counts, values], dim=2)
        sites = torch.cat(
            [cells, streets[:, self.row], streets[:, self.column], embedding.unsqueeze(1).expand(-1, SITES, -1)],
            dim=2,
        )
        place = self.site(sites).transpose(1, 2).reshape(batch, TILE_TYPES * SITES)  # action tile * SITES + site
        return torch.cat([place, self.others(embedding)], dim=1)


class SitePolicy(MaskableActorCriticPolicy):
    """MaskablePPO's policy with the trunk and the action head above."""

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = Trunk(self.features_dim)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        self.action_net = SiteScorer(self.features_dim)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)
