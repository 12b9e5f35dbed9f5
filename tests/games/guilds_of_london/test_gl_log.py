"""The game log (`GuildsOfLondon.describe_event`): every event kind of seeded random games gets an English line with
names, never the kernel's "kind: key value" fallback, ids, None or raw lists; and exact lines for hand-built scoring
situations (GL-75 to GL-86 tile scoring, GL-90 plantation, GL-100/GL-101 final scoring)."""

from __future__ import annotations

import re

import pytest
from gl_helpers import cleared, ensure_in_play, put, run

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel import Game
from guildtable.kernel.events import Event, private, public
from guildtable.kernel.rng import Rng

GREEN, RED, BLUE = 0, 1, 2
IDS = {t.id for t in CONTENT.tiles} | {r.id for r in CONTENT.rewards} | {k.id for k in CONTENT.tokens}


def random_events(players: int, seed: int) -> list[Event]:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed * 7919 + players)
    events: list[Event] = []
    while not state.is_terminal:
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return events


def scoring_table() -> GuildsState:
    """3 players, every liveryman in the supply, no neutrals and no tokens: only what a test puts there."""
    state = cleared(3, 0)
    state.neutrals = [0] * state.num_players
    state.token = [-1] * A.N_TILES
    return state


def assert_readable(event: Event, line: str) -> None:
    assert line != Game.describe_event(GAME, event), f"{event.kind} falls back to the kernel's default line"
    assert "None" not in line and not re.search(r"[\[\]{}]", line), line
    assert not set(re.findall(r"\b[a-z][a-z0-9_]*\b", line)) & IDS, line
    assert not re.search(r"\b(seat|card|tile) \d", line), line


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gl_log_every_event_of_random_games_reads_as_english(players: int) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        for event in random_events(players, seed):
            line = GAME.describe_event(event)
            kinds.add(event.kind)
            if event.kind != "growth" or event.data["tiles"]:
                assert line, f"no line for {event.kind}"
                assert_readable(event, line)
    assert {"play", "vote", "vp", "master", "drew", "game_end"} <= kinds


def test_gl_log_tile_scoring_t_lines_say_who_scored_what_and_why() -> None:
    """GL-75 to GL-86: the scoring check, the vote counts, rewards taken or declined, second place with its token,
    the master."""
    state = scoring_table()
    tile = ensure_in_play(state, "hourglass_makers")  # minimum 3; first: move 1, draw 3, 2 VP; second: 1 VP
    state.token[tile] = A.TOKEN_OF_ID["tok_vp2"]
    put(state, RED, tile, 3)
    put(state, BLUE, tile, 1)
    events = run(state, Q.ScoreFrom(-1, 0, tuple(state.reading_order())))
    for action in (A.SKIP, A.SKIP, A.TAKE):
        events.extend(state.apply(action))
    lines = [GAME.describe_event(event) for event in events]
    hourglass = "the Hourglass Makers"
    assert lines == [
        "The Hourglass Makers' tile comes up for scoring (4 figures, minimum 3)",
        f"Vote on {hourglass} (Green 0, Red 3, Blue 1): Red wins, Blue is second",
        f"Red declines part of the first-place reward on {hourglass}: move 1 of their liverymen or masters to "
        "another unscored tile",
        f"Red declines part of the first-place reward on {hourglass}: draw 3 action cards",
        "Red scores 2 VP as a first-place reward (total 2)",
        "Blue takes the Silver Cup token for second place",
        f"Blue scores 3 VP for second place on {hourglass}, 1 printed + 2 from the token (total 3)",
        f"Red becomes master of {hourglass}; the other liverymen there go to the Guildhall",
    ]


NAMES = ("Green", "Red", "Blue")


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (
            public("vote", tile="lamplighters", counts=[2, 2, 0], winner=1, second=None),
            "Vote on the Lamplighters (Green 2, Red 2, Blue 0): Red wins the tie-break, nobody is second",
        ),
        (
            public("not_scored", tile="university_of_london", counts=[1, 1, 0]),
            "The University of London is not scored: the vote (Green 1, Red 1, Blue 0) stays tied after adjacent "
            "masters",
        ),
        (
            public("plantation", round=4, counts=[2, 2, 1], left=[], right=[0, 1]),
            "Plantation vote in round 4 (Green 2, Red 2, Blue 1): Green and Red take the right reward, "
            "nobody gets the left reward (first place is tied)",
        ),
        (
            public("vp", seat=2, amount=3, total=20, why="adjacent master pairs (GL-101)"),
            "Blue scores 3 VP for 3 pairs of adjacent masters (total 20)",
        ),
        (
            public("vp", seat=0, amount=4, total=15, why="reward card mayor_09"),
            "Green scores 4 VP for the reward card Land, Sea and Survey (total 15)",
        ),
        (
            public("play", seat=1, card=37, use="effect", name="Tithe"),
            "Red plays Tithe for its effect: “At the end of your turn, draw 4 extra action cards.”",
        ),
        (
            public("move", seat=0, source="guildhall", to="church_st_lawrence_jewry"),
            "Green moves a liveryman from the Guildhall to the Church of St Lawrence Jewry",
        ),
        (
            public("neutral", seat=2, displaced=0, at="plantation"),
            "Blue negotiates with a neutral liveryman on the plantation, sending one of Green's liverymen to the "
            "Guildhall",
        ),
        (private(1, "drew", seat=1, cards=[37, 96]), "You drew Tithe and Plain Card"),
        (
            private(0, "reward_drawn", seat=0, cards=["mayor_01", "mayor_02"]),
            "You drew the reward cards Patron of Surveyors and Patron of the River",
        ),
        (
            public(
                "game_end",
                scores=[8.0, 8.0, 3.0],
                winners=[0, 1],
                reward_cards=[[{"card": "mayor_09", "vp": 4}], [], [{"card": "mayor_12", "vp": 0}]],
            ),
            "Game over: Green 8 VP, Red 8 VP, Blue 3 VP, so Green and Red share the win (reward cards: Green: Land, "
            "Sea and Survey 4 VP; Red: none; Blue: The Great Companies 0 VP)",
        ),
        (public("round_jump", round=8), "Every tile is scored, so play jumps to round 8"),
        (
            public("master", seat=2, tile="gesellschaftssaal", controlled=False),
            "The Livery Hall turns to its master side, but Blue has no liveryman left to stand on it; the liverymen "
            "there go to the Guildhall",
        ),
        (
            public("recruit", seat=0, count=2, to="plantation"),
            "Green recruits 2 liverymen to the plantation",
        ),
        (public("spend_token", seat=1, token="tok_free_move"), "Red spends the Warden's Pass token"),
        (public("growth", tiles=[]), ""),
    ],
)
def test_gl_log_exact_lines(event: Event, line: str) -> None:
    assert GAME.describe_event(event) == line
    assert GAME.seat_names[: len(NAMES)] == NAMES


@pytest.mark.parametrize("players", [2, 4])
def test_gl_log_names_players_by_display_name_without_rule_ids_or_ids(players: int) -> None:
    """GL-55 to GL-103 (every event kind): with the players' display names, a line names nobody by seat colour and
    shows no rule ID ("GL-106") and no snake_case id, also for reasons such as the empty reward deck (GL-106)."""
    names = ("Ann", "Bob", "Cy", "Di")[:players]
    for seed in range(3):
        for event in random_events(players, seed):
            line = GAME.describe_event(event, names)
            assert not re.search(r"\b(GL|Q)-\w*\d", line), line
            assert not re.search(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b", line), line
            assert not re.search(r"\b(Green|Red|Blue|Yellow)\b", line), line
    line = GAME.describe_event(public("vp", seat=1, amount=5, total=9, why="empty reward deck (GL-106)"), names)
    assert line == "Bob scores 5 VP because the reward deck is empty (total 9)"


def test_gl_82_d16_a_declined_second_place_extra_is_told_in_words() -> None:
    """GL-83, GL-D16: a declined second-place extra names the tile and what was left, in the third person."""
    event = public("skip_reward", seat=0, tile="globe_makers", place="second", part=0)
    assert GAME.describe_event(event, ("Ann", "Bob")) == (
        "Ann declines part of the second-place reward on the Globe Makers: move 1 of their liverymen or masters to "
        "another unscored tile"
    )
