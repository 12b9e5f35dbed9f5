"""The Guildhall game log (`Game.describe_event`): every event kind random play produces has its own English line,
with names rather than ids, and scoring lines say how many VP and why."""

from __future__ import annotations

import re

import pytest
from gh_positions import play, scenario

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.log import DESCRIBERS
from guildtable.kernel import Rng
from guildtable.kernel.events import Event, private, public

RAW = re.compile(r"[\[\]{}]|None|\b\w+_\w+\b")  # a list/dict repr, None, or an identifier such as p5_plain


def _kernel_default(event: Event) -> str:
    details = ", ".join(f"{key} {value}" for key, value in event.data.items())
    return f"{event.kind}: {details}" if details else event.kind


def _random_game(players: int, seed: int, options: dict[str, object]) -> list[Event]:
    state = GAME.new_state(players, seed=seed, options=options)
    rng = Rng(seed * 31 + players)
    events: list[Event] = []
    while not state.is_terminal:
        events += state.apply(rng.choice(state.legal_actions()))
    return events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gh_log_every_event_of_random_games_reads_as_english(players: int) -> None:
    """Every kind seen is handled by the game (never the kernel's 'kind: key value' form), never raises, and names
    things instead of dumping ids, None or Python reprs."""
    kinds: set[str] = set()
    for seed in range(4):
        options: dict[str, object] = {"max_turns": 40} if seed % 2 else {}
        for event in _random_game(players, seed, options):
            kinds.add(event.kind)
            line = GAME.describe_event(event)
            assert event.kind in DESCRIBERS, event.kind
            assert line, event
            assert line != _kernel_default(event)
            assert not RAW.search(line), line
            assert line[0].isupper() and line.endswith("."), line
            if event.seats is None:
                assert not line.startswith("You "), line
    assert {"played", "level", "bought", "chapter_completed", "game_end", "placed", "turn"} <= kinds


def test_gh_log_tax_collector_scoring_and_victory() -> None:
    """GH-99, GH-113: the VP gained, the running total, and the winning line with every player's final VP."""
    state = scenario(
        halls={0: ["red Tax Collector", "blue Tax Collector", "red Robber"]},
        hands={0: ["green Tax Collector", "blue Scholar"]},
        tokens={0: 18},
    )
    events = play(state, "play", "play green Tax Collector", "level 2", "give red Robber", "discard-draw", "done")
    lines = [GAME.describe_event(e) for e in events if e.seats is None]
    assert lines[:5] == [
        "P1 plays green Tax Collector into the action area (2 Tax Collectors in their guildhall).",
        "P1 uses the Tax Collector at level 2: gain 2 VP, then move 1 card of their guildhall into another player's "
        "guildhall.",
        "P1 gains 2 VP from the Tax Collector: now 20 VP.",
        "P1 moves red Robber from their guildhall into P2's guildhall.",
        "Red Robber goes into P2's guildhall.",
    ]
    assert lines[-1] == "P1 ends the turn with 20 VP (at least 20) and wins; final VP: P1 20, P2 0."


def test_gh_log_buying_a_prestige_card() -> None:
    """GH-44, GH-45, GH-108: what was bought, what it cost, the VP it scores and the new total."""
    state = scenario(
        completed={0: ["Robber", "Hunter"]},
        row=["p4_extra", "p7_extra2", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
    )
    events = play(state, "buy", "row 2", "chapter Robber", "pay green Hunter", "use")
    assert [GAME.describe_event(e) for e in events] == [
        'P1 buys the prestige card "2 extra actions" (7 VP), paying 2 completed chapters (green Hunter on top of the '
        "discard pile), and scores 7 VP: now 7 VP.",
        'P1 uses the ability of the prestige card "2 extra actions".',
        "P1 gains 2 extra actions (3 actions still to take this turn).",
    ]


def test_gh_log_scholar_completes_a_chapter() -> None:
    """GH-T5, GH-49, GH-60: the reveal, each placement and the completion are told in order."""
    state = scenario(
        halls={0: ["red Scholar", "blue Scholar", "yellow Scholar", "purple Scholar"]},
        hands={0: ["green Scholar"]},
        deck_top=["green Scholar", "red Hunter", "yellow Robber", "red Robber", "red Peddler"],
    )
    events = play(state, "play", "play green Scholar", "level 4")
    lines = [GAME.describe_event(e) for e in events]
    assert lines[-2:] == [
        "P1 uses the Scholar at level 4: put the top 5 cards of the draw deck straight into their guildhall.",
        "P1's Scholar reveals green Scholar, red Hunter, yellow Robber, red Robber and red Peddler from the draw deck.",
    ]
    events = play(state, "place green Scholar")
    assert [GAME.describe_event(e) for e in events][:2] == [
        "Green Scholar goes into P1's guildhall.",
        "P1's Scholar chapter has all five colours and is turned face down: P1 has 1 completed chapter.",
    ]


def test_gh_log_private_lines_speak_to_their_seat() -> None:
    """GH-21, GH-69, GH-97: hidden cards appear only in private events, addressed as 'You'."""
    assert GAME.describe_event(private(0, "drew_cards", cards=["red Robber", "blue Hunter"])) == (
        "You drew red Robber and blue Hunter."
    )
    assert GAME.describe_event(private(1, "hand_revealed", target=0, cards=["green Peddler"])) == (
        "You look through P1's hand: green Peddler."
    )
    assert GAME.describe_event(public("put_back", seat=1, count=2)) == "P2 puts 2 cards back on top of the draw deck."


def test_gh_log_hand_built_lines() -> None:
    """GH-53, GH-61, GH-111, GH-D22: the cap, end-of-turn duplicates and the turn-limit ending."""
    cases = [
        (
            public("cap_discard", seat=2, completed=3, discard_top="green Hunter"),
            "P3 may keep only 3 completed chapters and discards one (green Hunter on top), keeping 3.",
        ),
        (
            public("duplicate_discarded", seat=0, card="yellow Hunter", source="action_area"),
            "P1's yellow Hunter in the action area is identical to one in their guildhall, so it is discarded.",
        ),
        (
            public("game_end", winners=[0, 2], scores=[15.0, 8.0, 15.0], reason="max_turns"),
            "The turn limit is reached: P1 and P3 share the win with the most VP; final VP: P1 15, P2 8, P3 15.",
        ),
        (
            public("row_refilled", prestige="p5_plain"),
            "The center row is refilled with a 5 VP prestige card without an ability (cost 1 completed chapter).",
        ),
        (
            public("row_refilled", prestige="p2_take_chapter"),
            'The center row is refilled with the prestige card "Take a chapter" (2 VP, cost 1 completed chapter).',
        ),
        (
            public("ability_declined", seat=1, prestige="p3_swap"),
            'P2 does not use the ability of the prestige card "Swap 1 for 2".',
        ),
        (
            public("swapped", seat=0, target=1, gave="blue Hunter", took=["purple Robber", "purple Hunter"]),
            "P1 swaps blue Hunter from their guildhall for purple Robber and purple Hunter from P2's guildhall.",
        ),
    ]
    for event, line in cases:
        assert GAME.describe_event(event) == line


RULE_ID = re.compile(r"\bGH-\w*\d")


@pytest.mark.parametrize("players", [2, 4])
def test_gh_log_names_players_by_their_display_names(players: int) -> None:
    """GH-19, GH-112, GH-113: with the table's names every line names people, never seat codes, rule IDs or ids;
    prestige cards by their plain names."""
    names = ("Ann", "Ben", "Cleo", "Dan")[:players]
    bought = 0
    for seed in range(3):
        for event in _random_game(players, seed, {"max_turns": 40}):
            line = GAME.describe_event(event, names)
            assert not re.search(r"\bP[1-4]\b", line), line
            assert not RULE_ID.search(line) and not RAW.search(line), line
            if event.kind == "bought":
                bought += 1
                assert names[event.data["seat"]] in line and "prestige card" in line, line
    assert bought
    assert GAME.describe_event(public("target", seat=0, target=1), names) == "Ann targets Ben."
