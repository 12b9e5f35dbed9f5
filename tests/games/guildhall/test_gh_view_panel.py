"""What the at-a-glance panel reads from the view (issue 13): each player's chapters with their size and colours,
completed chapters, VP and prestige cards with their names and texts; the level question with every level's text.
Public information only."""

from __future__ import annotations

from gh_positions import play, scenario

from guildtable.games.guildhall import GAME
from guildtable.kernel import Rng


def test_gh_panel_shows_chapters_completed_chapters_vp_and_prestige_cards() -> None:
    """GH-19, GH-45, GH-48, GH-112: chapters by profession with the glossary key, card count and colours; bought
    prestige cards by type id, plain name, VP and text."""
    state = scenario(
        halls={0: ["red Robber", "blue Robber", "green Scholar"]},
        completed={0: ["Hunter"], 1: ["Peddler"]},
        row=["p2_take_chapter", "p5_plain", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
        tokens={0: 1},
    )
    play(state, "buy", "row 2", "pay blue Hunter")
    me = state.view(1)["players"][0]
    assert me["chapters"] == {
        "Robber": {"profession": "robber", "cards": 2, "colours": ["red", "blue"]},
        "Scholar": {"profession": "scholar", "cards": 1, "colours": ["green"]},
    }
    assert me["completed_chapters"] == 0 and me["vp"] == 6 and me["vp_tokens"] == 1
    assert me["prestige"] == [{"type_id": "p5_plain", "name": "5 VP card", "vp": 5, "text": "No ability: worth 5 VP."}]
    assert state.view(0)["players"][1]["completed_chapters"] == 1
    row = state.view(None)["row"]
    assert row[0]["name"] == "Take a chapter"
    assert row[0]["text"] == "Move 1 chapter from another player's guildhall into yours."


def test_gh_panel_entries_are_public() -> None:
    """GH-19 to GH-22, GH-D26: every seat and a spectator see the same players' panel; which professions were
    completed stays with their owner."""
    state = GAME.new_state(3, seed=11)
    rng = Rng(3)
    for _ in range(400):
        if state.is_terminal:
            break
        spectator = state.view(None)["players"]
        for seat in range(3):
            assert state.view(seat)["players"] == spectator
        assert all("completed_professions" not in player for player in spectator)
        assert all(set(player) >= {"chapters", "completed_chapters", "vp", "prestige"} for player in spectator)
        state.apply(rng.choice(state.legal_actions()))


def test_gh_level_question_lists_every_level_with_its_text() -> None:
    """GH-32: the level question's view names every level of the profession, what it does and whether the chapter
    reaches it."""
    state = scenario(halls={0: ["red Bricklayer", "blue Bricklayer"]}, hands={0: ["green Bricklayer"]})
    play(state, "play", "play green Bricklayer")
    decision = state.view(None)["decision"]
    assert decision["chapter"] == 2
    assert decision["levels"] == [
        {"level": 0, "text": "Draw 3 cards, then put 1 hand card back on top of the draw deck", "reached": True},
        {"level": 2, "text": "Draw 5 cards, then put 2 hand cards back on top of the draw deck", "reached": True},
        {"level": 4, "text": "Draw 7 cards, then put 3 hand cards back on top of the draw deck", "reached": False},
    ]


def test_gh_single_scaled_tax_collector_level_text() -> None:
    """GH-D1: with one ability that grows with the chapter, the level question offers one line worth the chapter's
    size in VP."""
    state = scenario(
        halls={0: ["red Tax Collector", "blue Tax Collector", "red Robber"]},
        hands={0: ["green Tax Collector"]},
        options={"tax_collector_model": "single_scaled"},
    )
    play(state, "play", "play green Tax Collector")
    assert state.view(None)["decision"]["levels"] == [
        {
            "level": 2,
            "text": "Gain 2 VP, then move 1 card of your guildhall into another player's guildhall",
            "reached": True,
        }
    ]
    assert [state.action_label(action) for action in state.legal_actions()] == [
        "Level 2: gain 2 VP, then move 1 card of your guildhall into another player's guildhall",
        "Don't use it",
    ]
