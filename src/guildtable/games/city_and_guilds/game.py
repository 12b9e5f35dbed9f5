"""The City and Guilds `Game`: the ⚙ options of the spec (§7) plus the `map` option, the opening, and states
rebuilt from snapshots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from guildtable.games.city_and_guilds import advice, examples, flow, heuristics, log, text, tutorial
from guildtable.games.city_and_guilds import seat_state as seat_states
from guildtable.games.city_and_guilds import setup as setup_rules
from guildtable.games.city_and_guilds.actions import NUM_ACTIONS, PUT_BACK
from guildtable.games.city_and_guilds.board import (
    DEFAULT_MAP,
    MAX_MAP_TEXT,
    board_for,
    convert_map_option,
)
from guildtable.games.city_and_guilds.content import FIGURES, SEAT_NAMES, TAVERNS
from guildtable.games.city_and_guilds.glossary import glossary
from guildtable.games.city_and_guilds.observer import CityAndGuildsEncoder, encoder
from guildtable.games.city_and_guilds.questions import PICK_BY_SEAT, RETURN_BY_SEAT
from guildtable.games.city_and_guilds.rules import CityAndGuildsState
from guildtable.games.city_and_guilds.setup import make_opening
from guildtable.games.city_and_guilds.snapshot import load_snapshot
from guildtable.games.city_and_guilds.view import CityAndGuildsView
from guildtable.kernel import BadOptions, Event, Game, Option, Rng, State
from guildtable.kernel.glossary import Glossary
from guildtable.kernel.i18n import N_, domain
from guildtable.kernel.protocol import Example, PlayoutFactory
from guildtable.kernel.tutorial import Tutorial
from guildtable.kernel.views import SeatView

_ = domain("city_and_guilds").gettext
ngettext = domain("city_and_guilds").ngettext


class CityAndGuilds(Game[CityAndGuildsState]):
    name = "city-and-guilds"
    view_type = CityAndGuildsView
    # The table's first-visit "how to play": a few plain sentences (the rules page has the rest).
    how_to_play = (
        N_(
            "Build a medieval city together: take a tile from the display, place it next to the tiles already "
            "placed, and decide how your guild figures follow."
        ),
        N_(
            "A building lets you invest a figure on its guild's track or place two figures; markets, minstrel "
            "houses and taverns change how blocks score."
        ),
        N_("A completed block scores for the players with figures there, and each guild's leaders score too."),
        N_("When the tiles run out, the most points wins."),
    )
    # Issue 33: the lobby's card (the length measured by benchmarks/game_length.py: the rulebook gives none).
    pitch = N_(
        "Build a medieval city together and back its guilds: every block you help complete and every guild you "
        "lead brings you points."
    )
    play_minutes = (25, 45)
    title = "City and Guilds"
    # CG-11: a face-down tile turned up.
    revealing_events = frozenset({"reveal"})
    min_players = 3  # CG-1, CG-A-22
    max_players = 5
    seat_names = SEAT_NAMES
    # Fitted by benchmarks/analysis_validation.py fit (analysis/calibration.py).
    step_backs: ClassVar[frozenset[int]] = frozenset({PUT_BACK})
    win_calibration: ClassVar[Mapping[int, tuple[float, float]]] = {
        3: (0.7377, -0.3827),
        4: (0.9152, -0.9291),
        5: (0.8751, -1.0651),
    }
    rule_prefix = "CG"
    # The rulebooks never describe the printed board: the default map is the spec's proposal (§8.5), a stand-in.
    official_content = False
    content_note = N_(
        "The rulebooks do not describe the printed board, so the city map here is our own design. Everything else "
        "follows the rulebook."
    )
    options = (
        Option(
            "open_hands",
            False,
            bool,
            N_("Everyone plays with their hand face up, as the short rules allow."),
            (True, False),
            rule="CG-A-1",
            label=N_("Open hands"),
        ),
        Option(
            "chain_bonus_8",
            36,
            int,
            N_("What a chain of 8 blocks scores: 36 continues the table's pattern; the full rulebook prints 35."),
            (36, 35),
            rule="CG-A-2",
            label=N_("Bonus for a chain of 8 blocks"),
            choice_labels=(N_("36 points"), N_("35 points (as printed)")),
        ),
        Option(
            "final_payout",
            "full_half_quarter",
            str,
            N_(
                "What the three best investors in each guild receive at the end, as a share of the guild's value "
                "(rounded up)."
            ),
            ("full_half_quarter", "half_quarter_eighth"),
            rule="CG-A-7",
            label=N_("Final guild payout"),
            choice_labels=(N_("all, a half, a quarter"), N_("a half, a quarter, an eighth (short rules)")),
        ),
        Option(
            "two_player_bonus_second",
            "s1_quarter_plus_one",
            str,
            N_("When exactly two players are in a block, what the second receives."),
            ("s1_quarter_plus_one", "s2_from_first_with_bonus"),
            rule="CG-A-6",
            label=N_("Second place when two share a block"),
            choice_labels=(
                N_("a quarter of the value, plus 1"),
                N_("half of the first player's share, plus 1 (short rules)"),
            ),
        ),
        Option(
            "tavern_mandatory",
            False,
            bool,
            N_("The player who completes a block must take a tavern while one is left, as the short rules say."),
            (True, False),
            rule="CG-A-12",
            label=N_("Taverns are compulsory"),
        ),
        Option(
            "chain_selection",
            "size_then_value",
            str,
            N_("Which of a guild's chains of blocks scores at the end."),
            ("size_then_value", "max_value"),
            rule="CG-A-15",
            label=N_("Chain that scores"),
            choice_labels=(N_("the longest (ties: the more valuable)"), N_("the most valuable")),
        ),
        Option(
            "building_without_figures",
            "allowed",
            str,
            N_(
                "Whether a player with no figures left may still place a building and invest; if not, they may have "
                "to pass."
            ),
            ("allowed", "forbidden"),
            rule="CG-A-9",
            label=N_("Building without figures"),
            choice_labels=(N_("allowed"), N_("not allowed")),
        ),
        Option(
            "map",
            DEFAULT_MAP,
            str,
            # One literal message, so that it can be translated (test_cg_german checks it names the shipped maps and
            # the size limit as they are).
            N_(
                "The city map: one of the maps that come with the game (default), or a map of your own drawn as "
                "rows of characters (at most 4096 characters; on the command line, a map file)."
            ),
            rule="",  # the map format is spec §8.3, not a rule of the game
            convert=convert_map_option,
            file_text=MAX_MAP_TEXT,
            label=N_("City map"),
        ),
    )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(  # the kernel's signature: `options` resolved, `setup` raw JSON that make_opening checks
        self, players: int, seed: int, options: Mapping[str, object], setup: Mapping[str, object] | None
    ) -> CityAndGuildsState:
        board = board_for(options["map"])
        if board.blocks < players:
            raise BadOptions(
                "map",
                ngettext(
                    "the map has {n} block; the setup round needs one per player",
                    "the map has {n} blocks; the setup round needs one per player",
                    board.blocks,
                ),
            )
        opening = make_opening(players, seed, setup)
        state = CityAndGuildsState(self, players, seed, options, setup)
        state.init_board(board)
        state.hands = opening.hands
        state.supply = list(reversed(opening.supply))  # top = last
        state.display = []
        state.taverns = TAVERNS
        state.figures = [FIGURES[players]] * players
        state.start_player = opening.start_player
        state.keep_order = opening.keep_order
        state.shuffle_seed = opening.shuffle_seed
        order = [(opening.start_player + step) % players for step in range(players)]
        if opening.returns_pending:
            state.stack = [RETURN_BY_SEAT[seat] for seat in reversed(order)]
        else:
            state.stack = [PICK_BY_SEAT[opening.start_player]]
            flow.refill_display(state, [])  # the opening display is in the first view; no event tells it
        return state

    def describe_setup(self) -> str:
        return setup_rules.SETUP_HELP

    def observer(self, players: int) -> CityAndGuildsEncoder:
        return encoder(players)

    def examples(self, playout: PlayoutFactory) -> list[Example]:
        return examples.examples(self, playout)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, CityAndGuildsState)
        return heuristics.evaluate(state, seat)

    def render_text(self, view: SeatView, seat: int | None) -> Any:
        return text.render(cast(CityAndGuildsView, view), seat)

    def explain_choice(
        self, before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None
    ) -> str:
        return advice.explain_choice(before, played, better, seat, names)  # issue 33: the analysis's "why"

    def tutorial(self) -> Tutorial:
        """Issue 34: the guided first game (tutorial.py)."""
        return tutorial.TUTORIAL

    def glossary(self) -> Glossary:
        """What every tile, guild, map feature and a block do, keyed as the views name them (glossary.py)."""
        return glossary()

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        """The game log line (log.py); a kind the log does not know falls back to the kernel's generic line."""
        line = log.describe_event(event.kind, event.data, names or self.seat_names)
        return super().describe_event(event, names) if line is None else line

    def seat_state(
        self, view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
    ) -> CityAndGuildsState:
        """Issue 37: a position rebuilt from one seat's view alone (and the table's `options`), its hidden parts drawn
        with `rng`: what a remote player's bot thinks on (`guildtable.client`, seat_state.py)."""
        return seat_states.seat_state(self, view, rng, options)

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> CityAndGuildsState:
        return load_snapshot(self, snapshot, CityAndGuildsState)
