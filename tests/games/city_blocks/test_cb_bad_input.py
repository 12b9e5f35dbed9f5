"""Bad input: illegal moves of each kind, out-of-range integers, unreadable notation, malformed records and options.
Each is refused with a message naming the problem and leaves the game exactly as it was."""

from __future__ import annotations

import json

import pytest
from cb_positions import position

from guildtable.games.city_blocks.actions import NUM_ACTIONS, parse
from guildtable.kernel import BadOptions, BadRecord, IllegalAction
from guildtable.kernel.records import parse_record, record_of, replay_record
from guildtable.kernel.registry import get_game

GAME = get_game("city-blocks")


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        ("H5 R1C1", "CB-10"),  # not in hand
        ("H1 R2C2", "CB-12"),  # opponent's tile
        ("H1 R3C3", "CB-12"),  # own tile but no value tile to pay
        ("swap R1 R2", "CB-13"),  # no courthouse was placed
    ],
)
def test_each_illegal_move_names_its_rule_and_changes_nothing(move: str, rule: str) -> None:
    state = position({"R2C2": "R:H1", "R3C3": "B:S2"}, hands=(["H1", "H2", "H3", "H4", "CRT"], None))
    before = json.dumps(state.snapshot())
    with pytest.raises(IllegalAction) as error:
        state.apply(parse(move))
    assert error.value.rule == rule
    assert json.dumps(state.snapshot()) == before


@pytest.mark.parametrize("action", [-1, NUM_ACTIONS, 10**9, "3", 2.0, None, True])
def test_out_of_range_or_non_integer_actions(action: object) -> None:
    state = GAME.new_state(2, seed=1)
    before = json.dumps(state.snapshot())
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert json.dumps(state.snapshot()) == before


@pytest.mark.parametrize("text", ["", "H3", "Z9 R1C1", "H3 R9C9", "H3 R1C1 extra", "swap R1", "swap R1 X7"])
def test_unreadable_notation_says_why(text: str) -> None:
    with pytest.raises(IllegalAction) as error:
        parse(text)
    assert error.value.message


@pytest.mark.parametrize(
    "data",
    [{"type": "fly"}, {"type": "build", "tile": 3}, {"type": "swap", "streets": ["R1"]}, "build", None],
)
def test_malformed_json_actions(data: object) -> None:
    state = GAME.new_state(2, seed=1)
    with pytest.raises(IllegalAction):
        state.action_from_json(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"court_via_rebuild": "maybe"}, "court_via_rebuild"),
        ({"colour": "green"}, "colour"),
        ({"court_via_rebuild": 1}, "court_via_rebuild"),
    ],
)
def test_bad_options_name_the_option(options: dict[str, object], field: str) -> None:
    with pytest.raises(BadOptions) as error:
        GAME.new_state(2, options=options)
    assert error.value.field == field


def test_options_accept_typed_text() -> None:
    state = GAME.new_state(2, options={"court_via_rebuild": "false"})
    assert state.options["court_via_rebuild"] is False


def _finished_record() -> dict[str, object]:
    from guildtable.kernel import Rng

    state = GAME.new_state(2, seed=9)
    rng = Rng(9)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return record_of(state)


def test_a_record_replays_exactly() -> None:
    record = _finished_record()
    state = replay_record(parse_record(json.dumps(record)))
    assert state.is_terminal and state.scores() == record["result"]["scores"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda r: r.pop("game"), "game"),
        (lambda r: r.update(game="chess"), "game"),
        (lambda r: r.update(seed="x"), "seed"),
        (lambda r: r.update(players=[]), "players"),
        (lambda r: r.update(options={"court_via_rebuild": "maybe"}), "options.court_via_rebuild"),
        (lambda r: r["actions"].__setitem__(3, {"action": 625, "notation": "noswap"}), "actions[3]"),
        (lambda r: r["actions"][2].update(notation="H1 R1C1"), "actions[2].notation"),
        (lambda r: r["actions"][0].update(action=-5), "actions[0].action"),
        (lambda r: r["result"].update(winners=[5]), "result.winners"),
        (lambda r: r.update(version=99), "version"),
        (lambda r: r.update(setup={"piles": "none"}), "setup.piles"),
    ],
)
def test_malformed_records_name_the_field(mutate: object, field: str) -> None:
    record = _finished_record()
    mutate(record)  # type: ignore[operator]
    with pytest.raises(BadRecord) as error:
        replay_record(parse_record(json.dumps(record)))
    assert error.value.field == field


def test_record_that_is_not_json() -> None:
    with pytest.raises(BadRecord, match="not valid JSON"):
        parse_record("{nope")
