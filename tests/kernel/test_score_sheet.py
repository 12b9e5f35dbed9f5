"""The end screen's score sheet adds up: in every game, whatever happened, each seat's lines sum to its final score,
and no line is labelled with a raw id or a seat number."""

from __future__ import annotations

import re

import pytest

from guildtable.kernel import Rng
from guildtable.kernel.registry import all_games
from guildtable.kernel.scoresheet import ScoreCategory, ScoreLine, ScoreSheet

GAMES = all_games()
RAW = re.compile(r"\w+_\w+|\bseat \d|\bP\d\b")


def finished(game: object, players: int, seed: int) -> object:
    state = game.new_state(players, seed=seed)  # type: ignore[attr-defined]
    rng = Rng(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_game_sheet_adds_up_to_the_final_scores(game: object, seed: int) -> None:
    players = game.min_players + seed % (game.max_players - game.min_players + 1)  # type: ignore[attr-defined]
    state = finished(game, players, seed)
    sheet = state.score_sheet()  # type: ignore[attr-defined]
    assert list(sheet.totals) == [float(score) for score in state.scores()]  # type: ignore[attr-defined]
    shown = sheet.to_json()
    for seat in range(players):
        assert sum(c["subtotals"][seat] for c in shown["categories"]) == pytest.approx(shown["totals"][seat])
    for category in shown["categories"]:
        for entry in category["lines"]:
            assert not RAW.search(entry["label"]), entry["label"]


def test_a_sheet_that_does_not_add_up_is_refused() -> None:
    lines = (ScoreLine("Row 1 ($5)", (5.0, 0.0)),)
    with pytest.raises(ValueError, match="does not add up"):
        ScoreSheet((ScoreCategory("Streets won", lines),), (5.0, 1.0))


def test_cb_12_22_city_blocks_sheet_shows_rebuild_payments() -> None:
    """CB-12, CB-22 (issue 13: four streets worth 26 and a final score of 1, the payments shown nowhere)."""
    from guildtable.games.city_blocks.scoring import score_sheet

    awards = [
        {"street": "R1", "value": 9, "totals": [5, 3], "winner": 0},
        {"street": "C2", "value": 4, "totals": [1, 1], "winner": None},
        {"street": "R3", "value": 2, "totals": [7, 3], "winner": 0},
    ]
    sheet = score_sheet(awards, [[9], []]).to_json()  # seat 0 paid the $2 for a rebuild
    streets, paid = sheet["categories"]
    assert [entry["label"] for entry in streets["lines"]] == [
        "Row 1 ($9)",
        "Column 2 ($4): a tie, the tile left the game",
        "Row 3 ($2)",
    ]
    assert paid["lines"] == [{"label": "Value tile $2 paid for a rebuild", "points": [-2.0, 0.0]}]
    assert sheet["totals"] == [9.0, 0.0]
