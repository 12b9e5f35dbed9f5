"""What chooses a remote seat's move: a `Player` reads the seat's message (its view and its legal moves, exactly what
the pages get) and answers one of its `legal` actions.

`SpecPlayer` plays any bot spec (`hard`, `greedy`, `ismcts:iterations=2000`, a policy registered with
`guildtable.rl.register_policy`): the bot thinks on a position rebuilt from the seat's view alone, its hidden parts
drawn at random (the game's `seat_state`), which is all a remote seat may know. `RandomPlayer` needs no position and
plays every game.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Protocol

from guildtable.bots import make_bot
from guildtable.client.api import SeatMessage
from guildtable.kernel import GuildtableError, Rng, State
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import get_game

LOG = logging.getLogger(__name__)


class Player(Protocol):
    def choose(self, message: SeatMessage) -> dict[str, Any]:
        """One of `message["legal"]`'s actions (its `action`, the JSON form the server takes back)."""
        ...


class RandomPlayer:
    """A legal move at random."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, message: SeatMessage) -> dict[str, Any]:
        return dict(self.rng.choice(message["legal"])["action"])


def seat_state(message: SeatMessage, seed: int) -> State:
    """A position consistent with everything the seat's message shows, its hidden parts drawn with `seed`."""
    game = get_game(str(message["game"]))
    options = message.get("options")
    state = game.seat_state(message["view"], Rng(seed), options if isinstance(options, dict) else None)
    if state is None:
        raise GuildtableError(
            _("{game} cannot rebuild a position from a seat's view yet: play it with --bot random", game=game.title)
        )
    return state


class SpecPlayer:
    """The bot a spec names, thinking on the position the seat's view allows."""

    def __init__(self, spec: str, seed: int = 0) -> None:
        self.spec = spec
        self.bot = make_bot(spec, seed)
        self.seed = seed
        self.moves = 0
        self.fallback = random.Random(seed)

    def choose(self, message: SeatMessage) -> dict[str, Any]:
        self.moves += 1
        state = seat_state(message, self.seed * 1_000_003 + self.moves)
        action = self.bot.choose(state)
        chosen = dict(state.action_to_json(action))
        if not any(dict(move["action"]) == chosen for move in message["legal"]):
            # The rebuilt position differs from the table's here (a rebuild infers what a view shows only in words):
            # the seat still moves, with a move the table offers, rather than leaving its clock to run out.
            LOG.warning(
                "%s: the bot %s chose a move the table does not offer; it plays one the table offers",
                message.get("table"),
                self.spec,
            )
            return dict(self.fallback.choice(message["legal"])["action"])
        return chosen


def player_for(spec: str, seed: int = 0) -> Player:
    """The player of a bot spec (`random` needs no position: it plays any game)."""
    if spec == "random":
        return RandomPlayer(seed)
    return SpecPlayer(spec, seed)
