"""The Guilds of London `Game`: the engine flags of spec §15.10 as options, the opening, snapshots, and the hooks
for the text view, the greedy bot's evaluation, the analysis's calibration and the rules page's examples."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from guildtable.games.guilds_of_london import advice, examples, glossary, heuristics, log, text, tutorial
from guildtable.games.guilds_of_london import seat_state as seat_states
from guildtable.games.guilds_of_london import setup as setup_rules
from guildtable.games.guilds_of_london.actions import NUM_ACTIONS, SEAT_NAMES
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.observer import GuildsOfLondonEncoder, encoder
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.games.guilds_of_london.snapshot import from_snapshot as read_snapshot
from guildtable.games.guilds_of_london.view import GuildsView
from guildtable.kernel import Game, Option, Rng, State
from guildtable.kernel.events import Event
from guildtable.kernel.glossary import Glossary
from guildtable.kernel.i18n import N_
from guildtable.kernel.protocol import Example, PlayoutFactory
from guildtable.kernel.tutorial import Tutorial
from guildtable.kernel.views import SeatView

OPTIONS = (
    Option(
        "compass_cell",
        "west",
        str,
        N_("Which half of the Guildhall shows the compass rose, where the city starts to grow."),
        choices=("west", "east"),
        rule="GL-D1",
        label=N_("Compass rose"),
        choice_labels=(N_("west half"), N_("east half")),
    ),
    Option(
        "compass_rotation",
        0,
        int,
        N_("A variant: turn the directions the city grows in clockwise."),
        choices=(0, 90, 180, 270),
        rule="GL-D6",
        label=N_("Growth directions turned"),
        choice_labels=(N_("not turned"), N_("by 90°"), N_("by 180°"), N_("by 270°")),
    ),
    Option(
        "two_player_buildings",
        "church_east_random_rest",
        str,
        N_("With 2 players, where the four buildings go around the small Guildhall."),
        choices=("church_east_random_rest", "all_random", "fixed"),
        rule="GL-D4",
        label=N_("Buildings (2 players)"),
        choice_labels=(N_("the church east, the others at random"), N_("all at random"), N_("always the same places")),
    ),
    Option(
        "unresolved_vote",
        "no_score",
        str,
        N_("When a tile's vote is still tied after counting neighbouring masters."),
        choices=("no_score", "turn_order_wins"),
        rule="GL-D13",
        label=N_("A vote still tied"),
        choice_labels=(N_("the tile is not scored"), N_("the earlier player in turn order wins")),
    ),
    Option(
        "plantation_side",
        "random",
        str,
        N_("Which side of the plantation board is used."),
        choices=("random", "ulster", "virginia"),
        rule="GL-34",
        label=N_("Plantation"),
        choice_labels=(N_("drawn at random"), N_("Ulster"), N_("Virginia")),
    ),
)


class GuildsOfLondon(Game[GuildsState]):
    name = "guilds-of-london"
    view_type = GuildsView
    # The table's first-visit "how to play": a few plain sentences (the rules page has the rest).
    how_to_play = (
        N_(
            "Place your liverymen on guild tiles around the Guildhall by playing action cards: recruit, move, or "
            "use a card's effect."
        ),
        N_(
            "Guild tiles are scored in turn: the player with the most figures there takes the first reward and "
            "becomes its master."
        ),
        N_("Mayoral reward cards and masters side by side score at the end. The most victory points wins."),
    )
    # Issue 33: the lobby's card (the length measured by benchmarks/game_length.py: the rulebook gives none).
    pitch = N_(
        "Send your liverymen into a growing London with your action cards, win the votes on its guild tiles and "
        "become master of the city's guilds."
    )
    play_minutes = (30, 65)
    title = "Guilds of London"
    # Cards drawn from the shuffled decks, rewards drawn, a deck shuffled anew.
    revealing_events = frozenset({"draw", "reward_draw", "reshuffle", "growth", "game_end"})
    min_players = 2
    max_players = 4
    options = OPTIONS
    seat_names = SEAT_NAMES
    # Fitted by benchmarks/analysis_validation.py fit (analysis/calibration.py).
    win_calibration: ClassVar[Mapping[int, tuple[float, float]]] = {
        2: (2.1999, -0.2108),
        3: (2.0226, -1.3262),
        4: (1.8509, -1.614),
    }
    rule_prefix = "GL"
    official_content = CONTENT.official
    content_note = N_(
        "The rulebook does not print what is on the tiles, action cards, mayoral reward cards, reward tokens and the "
        "plantation, so this game uses a stand-in set of our own. The rules of play follow the rulebook."
    )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(
        self,
        players: int,
        seed: int,
        options: Mapping[str, object],
        setup: Mapping[str, object] | None,  # raw `setup=` JSON (setup.py checks it)
    ) -> GuildsState:
        state = GuildsState(self, players, seed, options, setup)
        setup_rules.build_opening(state, state.rng, setup)
        return state

    def describe_setup(self) -> str:
        return setup_rules.__doc__ or ""

    def observer(self, players: int) -> GuildsOfLondonEncoder:
        return encoder(players)

    def examples(self, playout: PlayoutFactory) -> list[Example]:
        return examples.examples(self, playout)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, GuildsState)
        return heuristics.evaluate(state, seat)

    def tutorial(self) -> Tutorial:
        """Issue 34: the guided first game (tutorial.py)."""
        return tutorial.TUTORIAL

    def glossary(self) -> Glossary:
        """Every action card (by number), mayoral reward card, tile and token (by id) and plantation side
        ("plantation:ulster") in words, from the content data."""
        return glossary.glossary()

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        return log.describe_event(event.kind, event.data, names or self.seat_names)

    def render_text(self, view: SeatView, seat: int | None) -> Any:
        return text.render(cast(GuildsView, view), seat)

    def explain_choice(
        self, before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None
    ) -> str:
        return advice.explain_choice(before, played, better, seat, names)  # issue 33: the analysis's "why"

    def seat_state(self, view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None) -> GuildsState:
        """Issue 37: a position rebuilt from one seat's view alone (and the table's `options`), its hidden parts drawn
        with `rng`: what a remote player's bot thinks on (`guildtable.client`)."""
        return seat_states.seat_state(self, view, rng, options)

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> GuildsState:
        return read_snapshot(self, snapshot, GuildsState)
