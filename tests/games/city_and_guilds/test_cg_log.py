"""The City and Guilds game log (Game.describe_event): every event kind of real games gets a readable line of its
own, and the scoring lines say what was scored, how the value was computed and who got how many points (CG-32 to
CG-35 block completion, CG-36/CG-37 taverns, CG-40/CG-44 final chains, CG-45 penalties)."""

from __future__ import annotations

import re

import pytest
from cg_scenarios import BLUE, GREEN, RED, YELLOW, block_a_full_except, candle_example, play, scenario

from guildtable.games.city_and_guilds import GAME
from guildtable.games.city_and_guilds.log import DESCRIBERS
from guildtable.kernel import Event, Game, Rng
from guildtable.kernel.events import private, public

RAW_REPR = re.compile(r"[\[\]{}]|'\w+':|\bNone\b|\bTrue\b|\bFalse\b")


def lines_of(events: list[Event]) -> list[str]:
    return [line for line in (GAME.describe_event(event) for event in events) if line]


def _random_game(players: int, seed: int) -> list[Event]:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed * 31 + players)
    events: list[Event] = []
    while not state.is_terminal:
        legal = state.legal_actions()
        events.extend(state.apply(legal[rng.below(len(legal))]))
    return events


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_event_of_random_games_reads_as_a_sentence(players):
    """Every kind seen is handled by the game's own log (never the kernel's "kind: key value" fallback), every move
    and every scoring has a non-empty line, and no line shows None, a bool or a raw dict/list."""
    kinds = set()
    for seed in range(3):
        for event in _random_game(players, seed):
            kinds.add(event.kind)
            line = GAME.describe_event(event)
            assert event.kind in DESCRIBERS
            assert line != Game.describe_event(GAME, event)
            assert line, event
            assert not RAW_REPR.search(line), line
            assert "_" not in line, line
            if event.seats is None and event.kind != "returned":
                assert "You " not in line
    assert {"place", "take", "block_scored", "final_guild", "game_end"} <= kinds


def test_cg_t_5_block_completion_line_gives_value_shares_and_guild_control():
    """CG-T-5, CG-32/CG-33/CG-34/CG-35: the completion line spells out V, each block share's formula and the guild
    control payout; the surrounding move lines name seat, tile and lot."""
    lines = lines_of(play(candle_example(), "CA", "A8", "double", "notavern", "take MBA"))
    assert lines[:4] == [
        "Blue picks a candle building from hand to place",
        "Blue places a candle building on lot A8 in block A",
        "Blue puts two figures on the candle building on lot A8 instead of investing",
        "Block A: Blue holds the white marker (1st); Red the black marker (2nd)",
    ]
    assert lines[4] == (
        "Block A is complete (Blue filled the last lot), value 17: 8 for the block, 4 for 2 markets and 5 for a "
        "minstrel house. Block control: Blue (1st) scores half of 17, rounded up: 9; Red (2nd) scores a quarter of "
        "17, rounded up: 5; Yellow (3rd) scores an eighth of 17, rounded up: 3. The Candle guild controls the block "
        "(most tiles: 3 against Baker 1, Weaver 1, Smith 2) and pays 4, 2, 1 points to the top of the Candle track: "
        "Green 4, Blue 2 and Red 1."
    )
    assert lines[5:7] == ["Blue does without a tavern", "Blue takes a baker market from the display"]


def test_cg_t_18_tavern_chain_lines():
    """CG-33 two present, CG-36/CG-37: the tavern line and the block it completes, scored as Red's completion."""
    lots = block_a_full_except("A8")
    lots.update({f"B{i}": ("WE", -1, 0) for i in range(1, 8)})
    lots["A1"] = ("SM", YELLOW, 1)
    state = scenario(lots=lots, markers={"A": (YELLOW, -1)}, tracks={"SMITH": [(YELLOW, 1)]})
    lines = lines_of(play(state, "BA", "A8", "invest", "B8"))
    assert lines[3:] == [
        "Red advances 1 on the Baker track, from 0 to 1",
        "Block A: Yellow holds the white marker (1st); Red the black marker (2nd)",
        "Block A is complete (Red filled the last lot), value 8: 8 for the block. Block control: Yellow (1st of two) "
        "scores half of 8, rounded up, plus 1: 5; Red (2nd of two) scores a quarter of 8, rounded up, plus 1: 3. The "
        "Smith guild controls the block (most tiles: 7 against Baker 1) and pays 4, 2, 1 points to the top of the "
        "Smith track: Yellow 4.",
        "Red places a tavern on lot B8: +5 to the value of block B",
        "Block B is complete (by Red's tavern), value 13: 8 for the block and 5 for a tavern. Nobody has figures in "
        "the "
        "block, so nobody scores block control. The Weaver guild controls the block (the only guild with tiles "
        "here: 7), but nobody has invested in it, so nobody scores.",
    ]


def _block(**data):
    base = {
        "block": "C",
        "completer": GREEN,
        "by_tavern": False,
        "value": 10,
        "markets": 1,
        "minstrels": 0,
        "taverns": 0,
        "second_of_two": "s1_quarter_plus_one",
        "places": [],
        "present": 0,
        "white": None,
        "black": None,
        "third": None,
        "guild": None,
        "guild_keys": {},
        "points": [],
    }
    return GAME.describe_event(public("block_scored", **{**base, **data}))


def test_cg_33_cg_34_ties_alone_and_the_s2_second_share():
    """CG-33 alone / tied 3rd, CG-A-6 S2 second share, CG-34 full tie and chain-size tie-break."""
    line = _block(places=[[RED, 10, "alone"]], present=1, guild_keys={"BAKER": [2, 3, 1], "SMITH": [2, 3, 1]})
    assert "Block control: Red (alone in the block) scores all 10." in line
    assert (
        "No guild controls the block: Baker and Smith tie at 2 tiles each, with a chain of 3 over 1 block, so no "
        "guild scoring." in line
    )
    line = _block(
        value=16,
        places=[[RED, 9, "1st of two"], [BLUE, 6, "2nd of two"]],
        present=2,
        second_of_two="s2_from_first_with_bonus",
        guild="WEAVER",
        guild_keys={"BAKER": [2, 3, 2], "WEAVER": [2, 5, 1]},
        points=[[RED, 9, "block C 1st of two"], [BLUE, 6, "block C 2nd of two"], [GREEN, 4, "block C: WEAVER ..."]],
    )
    assert (
        "Red (1st of two) scores half of 16, rounded up, plus 1: 9; Blue (2nd of two) scores half of 9, rounded up, "
        "plus 1: 6." in line
    )
    assert (
        "The Weaver guild controls the block (2 tiles like Baker, but its chain through the block is longer: 5 "
        "tiles against 3) and pays 4, 2, 1 points to the top of the Weaver track: Green 4." in line
    )
    line = _block(places=[[RED, 5, "1st"], [BLUE, 3, "2nd"]], present=4)
    assert (
        "Red (1st) scores half of 10, rounded up: 5; Blue (2nd) scores a quarter of 10, rounded up: 3; 3rd place is "
        "tied, so nobody scores it." in line
    )
    assert line.endswith("No guild tiles, so no guild control scoring.")


def test_cg_40_cg_44_cg_45_cg_46_final_lines():
    """The final chain line gives size, bonus, value and each track place's share; penalties and the winners."""
    final = public(
        "final_guild",
        guild="SMITH",
        size=9,
        blocks=3,
        value=15,
        bonus=6,
        payout="full_half_quarter",
        points=[[BLUE, 15, "x"], [RED, 8, "x"], [GREEN, 4, "x"]],
    )
    assert GAME.describe_event(final) == (
        "Final Smith scoring: the scoring chain has 9 tiles over 3 blocks, value 15 (9 for its tiles and a bonus of 6 "
        "for its blocks): Blue 15 (1st on the Smith track: all 15), Red 8 (2nd on the Smith track: half of 15, "
        "rounded up) and Green 4 (3rd on the Smith track: a quarter of 15, rounded up)."
    )
    nobody = public(
        "final_guild", guild="BAKER", size=1, blocks=1, value=2, bonus=1, payout="half_quarter_eighth", points=[]
    )
    assert GAME.describe_event(nobody).endswith(
        "value 2 (1 for its tiles and a bonus of 1 for its blocks); nobody has invested in the Baker guild, so "
        "nobody scores."
    )
    penalty = public("penalty", points=[[RED, -1, "1 unused figures"], [GREEN, -4, "4 unused figures"]])
    assert GAME.describe_event(penalty) == (
        "Unused figures cost 1 point each: Red loses 1 (1 figure left) and Green loses 4 (4 figures left)."
    )
    end = public("game_end", scores=[80.0, 72.0, 80.0], winners=[RED, BLUE])
    assert GAME.describe_event(end) == (
        "Game over. Final scores: Red 80, Yellow 72, Blue 80. Red and Blue share the win with 80."
    )


def test_cg_11_cg_18_cg_19_cg_26_setup_forced_and_blocked_lines():
    assert GAME.describe_event(private(RED, "returned", seat=RED, tile="MIN")) == (
        "You returned your minstrel house face down to the supply"
    )
    assert GAME.describe_event(public("return", seat=RED)) == (
        "Red returns one of the four dealt tiles face down to the supply"
    )
    setup = public("place", seat=BLUE, tile="MCA", lot="E3", block="E", setup=True, move="MCA E3")
    assert (
        GAME.describe_event(setup)
        == "Blue opens block E with a candle market on lot E3 (setup: no figure, no investment)"
    )
    forced = public("forced", seat=GREEN, rule="CG-19", lot="D2", guild="BAKER", figures=0, text="")
    assert GAME.describe_event(forced) == "Green has no figures left: the building on lot D2 stays unowned"
    forced = public("forced", seat=GREEN, rule="CG-18", lot="D2", guild="BAKER", figures=2, text="")
    assert GAME.describe_event(forced) == "Green cannot advance on the Baker track, so two figures go on lot D2"
    blocked = public("invest", seat=YELLOW, guild="WEAVER", blocked=True, target=3, text="")
    assert GAME.describe_event(blocked) == (
        "Yellow cannot advance on the Weaver track: space 3 already holds 3 markers"
    )
    assert GAME.describe_event(public("pass", seat=YELLOW, reason="")) == "Yellow has no tile to place and passes"
