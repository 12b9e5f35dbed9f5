"""What a search asks of a learned network: a seat's value of a position, and priors over the moves of the seat on
turn. Both read only the seat's observation tensor (`Game.observer`), so they know what the seat knows and no more;
a residual (or grouped) network also reads the game's own evaluation for the seat, which is held to the same rule."""

from __future__ import annotations

from guildtable.bots.network import AnyNetwork, GroupedNetwork
from guildtable.kernel import State
from guildtable.kernel.observation import observer_for


class LearnedEvaluator:
    """A network and its game's observer for one player count."""

    def __init__(self, network: AnyNetwork, game_name: str, players: int) -> None:
        observer = observer_for(game_name, players)
        if observer.size != network.info.inputs:
            raise ValueError(
                f"the network takes {network.info.inputs} inputs; {game_name}'s observation has {observer.size}"
            )
        self.network = network
        self.encode = observer.encode
        self.residual = network.info.residual or network.info.grouped
        self.has_prior = not isinstance(network, GroupedNetwork)  # a grouped network judges positions only

    def value(self, state: State, seat: int) -> float:
        """The network's value of `state` for `seat`, -1 to 1 (what `Game.evaluate` gives)."""
        evaluation = state.game.evaluate(state, seat) if self.residual else 0.0
        return self.network.value(self.encode(state, seat), evaluation)

    def priors(self, state: State, seat: int, legal: list[int]) -> list[float]:
        """The network's logit of each move in `legal` for `seat`, the seat on turn (higher: more promising)."""
        _value, logits = self.network.value_and_logits(self.encode(state, seat))
        return [float(logits[action]) for action in legal]
