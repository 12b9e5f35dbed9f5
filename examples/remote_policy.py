"""A policy plays on a guildtable server as a bot account (issue 37): against people, rated like them.

Make a bot account on your account page ("Your bots"), issue it a token, offer it a seat (or have people challenge
it), then run:

    python examples/remote_policy.py https://guildtable.example gtb_...

The policy sees what the seat's page shows (its observation tensor, built from the seat's view alone) and answers with
a legal action, as in the arena. Put your trained policy in `policy` (a MaskablePPO's `predict`, for instance).
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt

from guildtable import rl
from guildtable.client import BotClient, SpecPlayer, play_forever


def policy(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
    """Stands in for a trained policy: the first legal action."""
    return int(np.flatnonzero(mask)[0])


def main(server: str, token: str, games: int | None = None) -> int:
    """Play every game the bot is seated at (`games`: stop after that many); how many were played."""
    rl.register_policy("mine", lambda seed: policy)
    with BotClient(server, token) as client:
        return play_forever(client, lambda: SpecPlayer("mine"), games=games)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
