"""`guildtable play` for a newcomer: `quit` saves the record (once the person says yes) and leaves cleanly, `?` lists
the legal moves in notation and in words, refusals carry no rule IDs, and a City and Guilds turn fits on one line
(CG-16, CG-17, CB-10)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from guildtable.cli import play
from guildtable.cli.app import app
from guildtable.cli.play import parse_line
from guildtable.kernel import IllegalAction
from guildtable.kernel.records import parse_record, replay_record
from guildtable.kernel.registry import get_game

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "city_and_guilds"))
from cg_scenarios import BLUE, candle_example, scenario

runner = CliRunner()


def _first_move(seed: int) -> str:
    state = get_game("city-blocks").new_state(2, seed=seed)
    return state.action_to_notation(state.legal_actions()[0])


def test_cb_10_quit_saves_to_the_record_file_and_exits_0(tmp_path: Path) -> None:
    """CB-10: after one move, `quit` writes the record to --record and the exit status is 0."""
    record = tmp_path / "game.json"
    move = _first_move(12)
    result = runner.invoke(
        app,
        ["play", "city-blocks", "--seats", "human,human", "--seed", "12", "--record", str(record)],
        input=f"\n{move}\n\nquit\n",
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert f"the record is saved in {record}" in result.output
    saved = json.loads(record.read_text())
    assert [entry["notation"] for entry in saved["actions"]] == [move]
    assert len(replay_record(parse_record(saved)).history) == 1


def test_cb_10_quit_without_record_saves_in_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """CB-10: without --record, once the person says yes (issue 33: `quit` asks first), the file goes into the
    current folder under a name the output gives; a second quit picks a new name instead of overwriting."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play, "interactive", lambda: True)
    args = ["play", "city-blocks", "--seats", "human,greedy", "--seed", "3"]
    first = runner.invoke(app, args, input="quit\ny\n")
    second = runner.invoke(app, args, input="quit\ny\n")
    assert first.exit_code == 0 and second.exit_code == 0, first.output[-2000:]
    files = sorted(path.name for path in tmp_path.glob("*.json"))
    assert files == ["city-blocks-seed3-2.json", "city-blocks-seed3.json"]
    assert "city-blocks-seed3.json" in first.output and "city-blocks-seed3-2.json" in second.output
    assert json.loads((tmp_path / "city-blocks-seed3.json").read_text())["game"] == "city-blocks"


def test_cb_11_question_mark_lists_notation_and_label_and_refusals_have_no_rule_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CB-11 / CB-12: `?` shows what to type beside what it does; a refused move says why in words only."""
    monkeypatch.chdir(tmp_path)  # quit saves the record in the current folder
    state = get_game("city-blocks").new_state(2, seed=5)
    action = state.legal_actions()[0]
    notation, label = state.action_to_notation(action), state.action_label(action)
    tile = notation.split()[0]
    result = runner.invoke(
        app,
        ["play", "city-blocks", "--seats", "human,human", "--seed", "5"],
        input=f"\n?\n{tile} xR1C1\nquit\n",
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert notation in result.output and label in result.output
    assert "Not allowed: Row 1, column 1 is empty" in result.output
    assert "CB-11" not in result.output


def test_cg_17_a_whole_turn_on_one_line() -> None:
    """CG-16 / CG-17: `CA A8 double` picks the candle building, places it on A8 and answers with two figures."""
    state = candle_example()
    actions = parse_line(state, "CA A8 double")
    assert len(actions) == 3 and state.current_player == BLUE and state.stack[-1].kind == "pick"
    for action in actions:
        state.apply(action)
    assert state.figs[state.board.lot_by_name["A8"]] == 2
    assert state.stack[-1].kind == "tavern"


def test_cg_16_a_line_with_an_illegal_part_changes_nothing() -> None:
    """CG-16 / CG-23: a line whose lot is taken is refused with the rule's reason, and nothing is picked."""
    state = candle_example()
    before = json.dumps(state.snapshot())
    with pytest.raises(IllegalAction) as error:
        parse_line(state, "CA A1 double")
    assert error.value.rule == "CG-23" and "Lot A1 already holds" in error.value.message
    with pytest.raises(IllegalAction, match="D9"):
        parse_line(state, "CA D9")
    assert json.dumps(state.snapshot()) == before


def test_cg_24_a_line_may_not_run_into_the_next_players_turn() -> None:
    """CG-24: answers after one's own turn ends (the draw) belong to the next player and are refused."""
    hands = [["MWE", "BA", "CA"], ["BA"], ["BA"], ["BA"]]
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=hands, display=["MBA", "MWE", "MIN"])
    line = parse_line(state, "MWE A2 take MBA")
    assert len(line) == 3
    with pytest.raises(IllegalAction, match="your turn ends"):
        parse_line(state, "MWE A2 take MBA BA")
