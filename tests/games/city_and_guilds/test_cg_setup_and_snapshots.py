"""Explicit setups (CG-11 to CG-13 fixed by the caller) and snapshots: malformed input is refused naming the field,
and a loaded snapshot must conserve the 80 tiles (CG-4), the figures (CG-5) and sensible block markers (CG-29)."""

from __future__ import annotations

import json

import pytest
from cg_scenarios import RED, scenario

from guildtable.games.city_and_guilds import GAME
from guildtable.games.city_and_guilds.content import DRAWABLE, TILE_CODES
from guildtable.kernel import BadRecord
from guildtable.kernel.conformance import canonical

ALL_CODES = [TILE_CODES[kind] for kind in DRAWABLE]


def test_explicit_supply_deals_from_the_top_and_fixes_the_game():
    """setup.supply: the 76 tiles top first; 4 per seat are dealt from the top, seat 0 first (CG-11)."""
    supply = list(reversed(ALL_CODES))
    state = GAME.new_state(3, seed=1, setup={"supply": supply, "start_player": 2, "keep_order": True})
    assert [[TILE_CODES[t] for t in hand] for hand in state.hands] == [
        sorted(supply[0:4], key=TILE_CODES.index),
        sorted(supply[4:8], key=TILE_CODES.index),
        sorted(supply[8:12], key=TILE_CODES.index),
    ]
    assert state.current_player == 2
    again = GAME.new_state(3, seed=99, setup={"supply": supply, "start_player": 2, "keep_order": True})
    for _ in range(3):
        state.apply(state.legal_actions()[0])
        again.apply(again.legal_actions()[0])
    snap, other = state.snapshot(), again.snapshot()
    assert snap["supply"] == other["supply"] and snap["display"] == other["display"]


def test_explicit_hands_of_three_skip_the_returns():
    hands = [["BA", "WE", "CA"], ["SM", "MBA", "MIN"], ["MCA", "MCA", "MSM"]]
    state = GAME.new_state(3, seed=1, setup={"hands": hands, "start_player": 0})
    assert state.stack[-1].kind == "pick" and len(state.display) == 3
    assert len(state.supply) == 76 - 9 - 3


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"colour": 1}, "setup.colour"),
        ({"start_player": 3}, "setup.start_player"),
        ({"start_player": "0"}, "setup.start_player"),
        ({"keep_order": "yes"}, "setup.keep_order"),
        ({"hands": [["BA"] * 4] * 2}, "setup.hands"),
        ({"hands": [["BA"] * 4, ["BA"] * 3, ["BA"] * 4]}, "setup.hands"),
        ({"hands": [["BA", "BA", "BA", "TAV"]] * 3}, "setup.hands[0][3]"),
        ({"hands": [["BA"] * 4] * 3}, "setup.supply"),  # 12 baker buildings, but only 11 exist
        ({"supply": ALL_CODES[:-1]}, "setup.supply"),
        ({"supply": "BA"}, "setup.supply"),
    ],
)
def test_bad_setups_name_the_field(setup, field):
    with pytest.raises(BadRecord) as caught:
        GAME.new_state(3, seed=1, setup=setup)
    assert caught.value.field == field


def test_snapshot_round_trip_mid_game():
    state = scenario(lots={"A1": ("SM", RED, 2), "A2": ("MCA", -1, 0)}, markers={"A": (RED, -1)})
    again = GAME.from_snapshot(json.loads(json.dumps(state.snapshot())))
    assert canonical(again.snapshot()) == canonical(state.snapshot())
    assert again.legal_actions() == state.legal_actions()


def _broken(change):
    state = scenario(lots={"A1": ("SM", RED, 2)}, markers={"A": (RED, -1)})
    snap = json.loads(json.dumps(state.snapshot()))
    change(snap)
    with pytest.raises(BadRecord) as caught:
        GAME.from_snapshot(snap)
    return caught.value.field


def test_bad_snapshots_are_refused():
    assert _broken(lambda s: s.update(game="city-blocks")) == "game"
    assert _broken(lambda s: s["lots"].update(Z9=["BA", -1, 0])) == "lots.Z9"
    assert _broken(lambda s: s["lots"].update(A2=["MBA", RED, 1])) == "lots.A2"  # markets take no figures
    assert _broken(lambda s: s["lots"].update(A2=["SM", -1, 0])) == "lots"  # a 12th smith building
    assert _broken(lambda s: s["figures"].__setitem__(0, 13)) == "figures[0]"
    assert _broken(lambda s: s["white"].__setitem__(0, -1)) == "white[0]"
    assert _broken(lambda s: s["black"].__setitem__(0, 2)) == "black[0]"
    assert _broken(lambda s: s.update(pending=[["fly", 0, []]])) == "pending[0]"
    assert _broken(lambda s: s.update(values=[[0] * 4] * 3)) == "values"
    assert _broken(lambda s: s.update(pending=[["lot", 0, ["x"]]])) == "pending[0]"
    assert _broken(lambda s: s.update(ledger=[["block", 0]])) == "ledger[0]"
