"""The Guildhall `Game`: the engine flags of §13.5 as options, the opening, and states rebuilt from snapshots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from guildtable.games.guildhall import advice, examples, glossary, heuristics, log, text, tutorial
from guildtable.games.guildhall import seat_state as seat_states
from guildtable.games.guildhall import setup as setup_rules
from guildtable.games.guildhall.actions import NUM_ACTIONS
from guildtable.games.guildhall.content import COLOURS, CONTENT, EFFECT_OF, card_of
from guildtable.games.guildhall.observer import GuildhallEncoder, encoder
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.games.guildhall.setup import GuildhallOptions, make_opening
from guildtable.games.guildhall.snapshot import header as snapshot_header
from guildtable.games.guildhall.snapshot import read as read_snapshot
from guildtable.games.guildhall.view import CONTENT_NOTE, GuildhallView
from guildtable.kernel import Event, Game, Option, Rng, State
from guildtable.kernel.glossary import Glossary
from guildtable.kernel.i18n import N_
from guildtable.kernel.protocol import Example, PlayoutFactory
from guildtable.kernel.tutorial import Tutorial
from guildtable.kernel.views import SeatView


class Guildhall(Game[GuildhallState]):
    name = "guildhall"
    view_type = GuildhallView
    # The table's first-visit "how to play": a few plain sentences (the rules page has the rest).
    how_to_play = (
        N_(
            "Collect profession cards in your guildhall: five cards of one profession in five colours make a "
            "completed chapter."
        ),
        N_(
            "On your turn take two actions: play a card (its profession's ability grows with the cards in your "
            "chapter), discard and draw, or buy a prestige card with completed chapters."
        ),
        N_("Prestige cards give victory points. Whoever ends their own turn with 20 VP or more wins at once."),
    )
    # Issue 33: the lobby's card (the length measured by benchmarks/game_length.py: the rulebook gives none).
    pitch = N_(
        "Gather five colours of a profession in your guildhall, use each profession's growing powers, and race "
        "to 20 victory points."
    )
    play_minutes = (25, 55)
    title = "Guildhall: Job Faire"
    # Cards turned up or drawn from the shuffled deck, a card robbed unseen, and the deck shuffled anew (a Hunter
    # played shows the discard pile too: see `takes_back`).
    revealing_events = frozenset(
        {"revealed", "row_refilled", "reshuffle", "drew", "discard_draw", "setup_redraw", "robbed", "game_end"}
    )
    min_players = 2
    max_players = 4
    seat_names = ("P1", "P2", "P3", "P4")
    # Fitted by benchmarks/analysis_validation.py fit (analysis/calibration.py).
    win_calibration: ClassVar[Mapping[int, tuple[float, float]]] = {
        2: (1.7151, -0.0964),
        3: (1.0919, -0.57),
        4: (1.1678, -0.9992),
    }
    rule_prefix = "GH"
    official_content = CONTENT.official_prestige
    content_note = "" if CONTENT.official_prestige else CONTENT_NOTE
    options = (
        Option(
            "small_game_removal",
            "per_type",
            str,
            N_("With 2 or 3 players, which prestige cards leave the game before it starts."),
            choices=("per_type", "per_value"),
            rule="GH-D3",
            label=N_("Prestige cards removed (2–3 players)"),
            choice_labels=(N_("one of each type and two worth 5"), N_("one random card of each other value")),
        ),
        Option(
            "discard_draw_caps_hand",
            True,
            bool,
            N_("Discarding to draw new cards first brings a hand of more than 6 cards down to 6."),
            choices=(True, False),
            rule="GH-D4",
            label=N_("Discard-and-draw caps the hand at 6"),
        ),
        Option(
            "robber_random",
            "legal_only",
            str,
            N_("Which cards the Robber's basic ability picks from at random."),
            choices=("legal_only", "any_then_discard"),
            rule="GH-D9",
            label=N_("Robber's random pick"),
            choice_labels=(
                N_("only cards that can be placed"),
                N_("any card (one that cannot be placed is discarded)"),
            ),
        ),
        Option(
            "placement_order",
            "player_choice",
            str,
            N_("In which order the cards a Scholar reveals are placed."),
            choices=("player_choice", "deck_order"),
            rule="GH-D11",
            label=N_("Scholar's placing order"),
            choice_labels=(N_("the player chooses"), N_("the order they were drawn")),
        ),
        Option(
            "tax_collector_model",
            "levels_1_to_4",
            str,
            N_("How the Tax Collector's ability grows with its chapter."),
            choices=("levels_1_to_4", "single_scaled"),
            rule="GH-D1",
            label=N_("Tax Collector"),
            choice_labels=(N_("four levels, 1 to 4"), N_("one ability that grows with the chapter")),
        ),
        Option(
            "max_turns",
            0,
            int,
            N_("For computer simulations: the game ends after this many turns and the most points win (0: no limit)."),
            minimum=0,
            maximum=100_000,
            rule="GH-D22",
            label=N_("Turn limit"),
        ),
        Option(
            "start_player",
            "random",
            str,
            N_("Who takes the first turn."),
            choices=("random", "0", "1", "2", "3"),
            rule="GH-15",
            label=N_("First player"),
            choice_labels=(N_("drawn at random"), N_("seat 1"), N_("seat 2"), N_("seat 3"), N_("seat 4")),
        ),
        Option(
            "profession_set",
            "job_faire",
            str,
            N_("The six professions in play (only the Job Faire set comes with this game)."),
            choices=("job_faire",),
            rule="GH-D25",
            label=N_("Professions"),
            choice_labels=(N_("Job Faire"),),
        ),
    )

    def takes_back(self, events: Sequence[Event]) -> bool:
        """GH-D18: a Hunter shows its player the whole discard pile from its level question on, so playing one
        cannot be taken back either."""
        return super().takes_back(events) and not any(
            event.kind == "played" and _is_hunter(str(event.data.get("card", ""))) for event in events
        )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(  # the kernel's signature: options resolved by `resolve_options`, the setup raw JSON
        self, players: int, seed: int, options: Mapping[str, object], setup: Mapping[str, object] | None
    ) -> GuildhallState:
        opening = make_opening(players, seed, cast(GuildhallOptions, options), setup)  # validated: resolve_options
        return GuildhallState(self, players, seed, options, setup, opening)

    def describe_setup(self) -> str:
        return setup_rules.SETUP_HELP

    def observer(self, players: int) -> GuildhallEncoder:
        return encoder(players)

    def examples(self, playout: PlayoutFactory) -> list[Example]:
        return examples.examples(self, playout)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, GuildhallState)
        return heuristics.evaluate(state, seat)

    def glossary(self) -> Glossary:
        """Every profession by its id, with what each ability level does, and every prestige card type by its type
        id, with its VP and cost; generated from the content data (`glossary.py`)."""
        return glossary.glossary()

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        return log.describe_event(event.kind, event.data, names or self.seat_names)

    def render_text(self, view: SeatView, seat: int | None) -> Any:
        return text.render(cast(GuildhallView, view), seat)

    def tutorial(self) -> Tutorial:
        return tutorial.TUTORIAL  # issue 34: the guided first game (`tutorial.py`)

    def explain_choice(
        self, before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None
    ) -> str:
        return advice.explain_choice(before, played, better, seat, names)  # issue 33: the analysis's "why"

    def seat_state(
        self, view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
    ) -> GuildhallState:
        """Issue 37: a position rebuilt from one seat's view alone (and the table's `options`), its hidden parts drawn
        with `rng`: what a remote player's bot thinks on (`guildtable.client`, `seat_state.py`)."""
        return seat_states.seat_state(self, view, rng, options)

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> GuildhallState:
        """Rebuild a state from `GuildhallState.snapshot()`, checking that all 120 cards and 30 prestige cards are
        there (`snapshot.py`)."""
        players, seed, options, setup = snapshot_header(self, snapshot)
        state = GuildhallState(self, players, seed, options, setup)
        read_snapshot(state, snapshot)
        return state


def _is_hunter(name: str) -> bool:
    card = card_of(name)
    return card is not None and EFFECT_OF[card // COLOURS] == "hunter"
