"""The City Blocks `Game`: options (CB-A-2), the opening, and states rebuilt from snapshots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from guildtable.games.city_blocks import advice, examples, heuristics, log, text, tutorial
from guildtable.games.city_blocks import seat_state as seat_states
from guildtable.games.city_blocks import setup as setup_module
from guildtable.games.city_blocks import snapshot as snapshots
from guildtable.games.city_blocks.actions import NUM_ACTIONS
from guildtable.games.city_blocks.content import (
    SEAT_NAMES,
)
from guildtable.games.city_blocks.glossary import glossary
from guildtable.games.city_blocks.observer import CityBlocksEncoder, encoder
from guildtable.games.city_blocks.rules import CityBlocksState
from guildtable.games.city_blocks.view import CityBlocksView
from guildtable.kernel import Event, Game, Option, Rng, State
from guildtable.kernel.glossary import Glossary
from guildtable.kernel.i18n import N_
from guildtable.kernel.protocol import Example, PlayoutFactory
from guildtable.kernel.tutorial import Tutorial
from guildtable.kernel.views import SeatView


class CityBlocks(Game[CityBlocksState]):
    name = "city-blocks"
    view_type = CityBlocksView
    # The table's first-visit "how to play": a few plain sentences (the rules page has the rest).
    how_to_play = (
        N_(
            "Two builders share a city of 30 sites in 5 rows and 6 columns. Each row and column is a street with "
            "a value tile beside it."
        ),
        N_(
            "On your turn, place one tile from your hand: build on an empty site, or rebuild over one of your own"
            " tiles by paying your lowest value tile."
        ),
        N_(
            "When a street's last site is built, whoever has the higher total there wins its value tile. Schools,"
            " power plants and malls change what counts."
        ),
        N_("When the city is full, the higher sum of value tiles wins."),
    )
    # Issue 33: the lobby's card (the length measured by benchmarks/game_length.py: the rulebook gives none).
    pitch = N_(
        "A quick duel of two builders: place houses, stores and factories so your totals win the streets' value "
        "tiles, and block your rival's."
    )
    play_minutes = (5, 15)
    title = "City Blocks"
    # Tiles drawn from the face-down piles (CB: the drawn tile is the drawer's to see).
    revealing_events = frozenset({"draw"})
    min_players = 2
    max_players = 2
    seat_names = SEAT_NAMES
    level_tuning = heuristics.LEVEL_TUNING
    # Fitted by benchmarks/analysis_validation.py fit (analysis/calibration.py).
    win_calibration: ClassVar[Mapping[int, tuple[float, float]]] = {2: (0.9495, 0.6394)}
    rule_prefix = "CB"
    options = (
        Option(
            "court_via_rebuild",
            True,
            bool,
            N_(
                "A courthouse built over one of your own tiles (a rebuild) also lets you swap value tiles, as a newly "
                "built one does."
            ),
            choices=(True, False),
            rule="CB-A-2",
            label=N_("Courthouse swap on a rebuild"),
        ),
    )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(
        self,
        players: int,
        seed: int,
        options: Mapping[str, object],
        setup: Mapping[str, object] | None,
    ) -> CityBlocksState:
        return CityBlocksState(self, seed, options, setup, setup_module.make_opening(seed, setup))

    def describe_setup(self) -> str:
        return setup_module.SETUP_HELP

    def observer(self, players: int) -> CityBlocksEncoder:
        return encoder(players)

    def examples(self, playout: PlayoutFactory) -> list[Example]:
        return examples.examples(self, playout)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, CityBlocksState)
        return heuristics.evaluate(state, seat)

    def explain_choice(
        self, before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None
    ) -> str:
        return advice.explain_choice(before, played, better, seat, names)  # issue 33: the analysis's "why"

    def tutorial(self) -> Tutorial:
        """Issue 34: the guided first game (tutorial.py)."""
        return tutorial.TUTORIAL

    def glossary(self) -> Glossary:
        """What every tile and the value tiles do, keyed as the view's tile codes start (glossary.py)."""
        return glossary()

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        return log.describe_event(event.kind, event.data, names or self.seat_names) or ""

    def render_text(self, view: SeatView, seat: int | None) -> Any:
        return text.render(cast(CityBlocksView, view), seat)

    def seat_state(
        self, view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
    ) -> CityBlocksState:
        """Issue 37: a position rebuilt from one seat's view alone (and the table's `options`), its hidden parts drawn
        with `rng`: what a remote player's bot thinks on (`guildtable.client`)."""
        return seat_states.seat_state(self, view, rng, options)

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> CityBlocksState:
        """The state `CityBlocksState.snapshot()` described, checking that tiles and value tiles are conserved."""
        seed, options, setup = snapshots.header(self, snapshot)
        state = CityBlocksState(self, seed, options, setup)
        snapshots.read(state, snapshot)
        return state
