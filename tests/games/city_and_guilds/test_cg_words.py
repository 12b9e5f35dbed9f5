"""What a City and Guilds player reads, in plain words: the question on turn (CG-11, CG-14, CG-16 to CG-24, CG-36),
every legal answer's label, refusals, log lines, the glossary (CG-8, CG-17 to CG-22, CG-32 to CG-35, CG-38 to CG-41)
and the blocks panel of the view (CG-32). Also putting a picked tile back before it is placed (CG-16)."""

from __future__ import annotations

import re

import pytest
from cg_scenarios import BLUE, RED, candle_example, play, scenario

from guildtable.games.city_and_guilds import GAME
from guildtable.games.city_and_guilds.actions import LOT_BASE, NUM_ACTIONS, PUT_BACK, SELECT_BASE
from guildtable.games.city_and_guilds.board import MAP_CHARACTERS, board_for
from guildtable.games.city_and_guilds.content import GUILDS, TILE_CODES, TILE_COUNTS, tile_from_code
from guildtable.games.city_and_guilds.questions import Lot, Pick
from guildtable.kernel import IllegalAction, Rng
from guildtable.kernel.records import parse_record, record_of, replay_record

RULE_ID = re.compile(r"\b[A-Z]{2}-\w*\d")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
QUOTED = re.compile(r"'[^']*'|\b(?:notavern|nofigure|noswap)\b|⌈")
CODE = re.compile(r"\b(?:BA|WE|CA|SM|MBA|MWE|MCA|MSM|MIN|TAV)\b")
NAMES = ("Ann", "Ben", "Cy", "Di", "Ed")


def plain(text: str) -> bool:
    return not (RULE_ID.search(text) or RAW_ID.search(text) or QUOTED.search(text) or CODE.search(text))


def _positions(players: int, seed: int, every: int = 3) -> list:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed * 7 + players)
    found = []
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            found.append(state.clone())
        legal = [a for a in state.legal_actions() if a != PUT_BACK] or state.legal_actions()
        state.apply(rng.choice(legal))
        step += 1
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cg_16_every_legal_answer_has_a_plain_distinct_label(players: int) -> None:
    """CG-11 to CG-36: in many random positions of every player count, the question and every legal answer's label
    are plain words (no rule IDs, raw ids, quoted notation or tile codes), and no two answers share a label."""
    positions = _positions(players, seed=players)
    assert len(positions) > 60
    kinds = set()
    for state in positions:
        kinds.add(state.stack[-1].kind)
        assert plain(state.prompt(NAMES)), state.prompt(NAMES)
        labels = [state.action_label(action, NAMES) for action in state.legal_actions()]
        assert len(set(labels)) == len(labels), labels
        for label in labels:
            assert plain(label), label
    assert {"return", "pick", "lot", "draw"} <= kinds


def test_cg_17_building_minstrel_and_tavern_labels() -> None:
    """CG-17 / CG-21 / CG-36: the answers of each small question, in words."""
    state = candle_example()
    play(state, "CA")
    assert state.action_label(LOT_BASE + lot_number("A8")) == "Put your candle building on lot A8 (completes block A)"
    assert state.action_label(PUT_BACK) == "Put the candle building back in your hand"
    play(state, "A8")
    labels = [state.action_label(action) for action in state.legal_actions()]
    assert labels == ["Invest: 1 figure, +1 on the candle track", "Double: 2 figures, no investment"]
    play(state, "double")
    labels = [state.action_label(action) for action in state.legal_actions()]
    assert labels[-1] == "No tavern" and labels[0].startswith("Put a tavern on lot ")
    assert state.prompt().startswith("You completed a block: place a tavern")
    minstrel = scenario(lots={"A1": ("SM", -1, 0)}, hands=[["MIN"], ["BA"], ["BA"], ["BA"]])
    play(minstrel, "MIN", "A2")
    assert [minstrel.action_label(a) for a in minstrel.legal_actions()] == [
        "Put a figure on the minstrel house",
        "Leave the minstrel house empty",
    ]


def lot_number(name: str) -> int:
    return board_for("default").lot_by_name[name]


@pytest.mark.parametrize("players", [3, 5])
def test_cg_16_refusals_are_plain_sentences(players: int) -> None:
    """CG-11 / CG-14 / CG-16 / CG-17 / CG-21 / CG-24 / CG-36: every refusal in random positions is a sentence in
    words; the rule stays in the rule field."""
    rng = Rng(players)
    rules = set()
    for state in _positions(players, seed=10 + players, every=5):
        for _ in range(12):
            reason = state.why_illegal(rng.below(NUM_ACTIONS))
            if reason is None:
                continue
            rule, message = reason
            assert RULE_ID.fullmatch(rule), rule
            assert plain(message) and message[0].isupper(), message
            rules.add(rule)
    assert {"CG-16", "CG-24"} <= rules


def test_cg_16_put_back_returns_the_picked_tile_and_asks_again() -> None:
    """CG-16: picking a tile commits to nothing until it is placed: 'put back' is legal while choosing its lot, puts
    the tile back in hand and asks for a tile again; it is refused at any other question."""
    state = scenario(lots={"A1": ("SM", -1, 0)}, hands=[["BA", "MWE", "MIN"], ["BA"], ["BA"], ["BA"]])
    assert state.why_illegal(PUT_BACK) == ("CG-16", "You can put a tile back only while choosing its lot")
    play(state, "MWE")
    assert isinstance(state.stack[-1], Lot) and PUT_BACK in state.legal_actions()
    assert state.hands[RED] == [tile_from_code("BA"), tile_from_code("MIN")]
    events = play(state, "back")
    assert isinstance(state.stack[-1], Pick) and state.current_player == RED
    assert sorted(state.hands[RED]) == sorted(tile_from_code(c) for c in ("BA", "MWE", "MIN"))
    assert [GAME.describe_event(e, NAMES) for e in events] == ["Ann puts the weaver market back in hand"]
    assert state.action_to_json(PUT_BACK) == {"type": "back"}
    assert state.action_from_json({"type": "back"}) == PUT_BACK == state.action_from_notation("put back")
    play(state, "MWE", "A2")
    assert state.values[GUILDS.index("WEAVER")][RED] == 2


def test_cg_16_records_with_put_back_replay_exactly() -> None:
    """CG-16: a game where tiles were put back replays from its record to the same position; the new answer is the
    last action of the space, so older records keep their numbers."""
    assert PUT_BACK == NUM_ACTIONS - 1 == GAME.num_distinct_actions(4) - 1
    state = GAME.new_state(3, seed=4)
    rng = Rng(4)
    backs = 0
    while not state.is_terminal and len(state.history) < 120:
        legal = state.legal_actions()
        if PUT_BACK in legal and backs < 5:
            backs += 1
            state.apply(PUT_BACK)
            continue
        state.apply(rng.choice([a for a in legal if a != PUT_BACK] or legal))
    assert backs == 5
    replayed = replay_record(parse_record(record_of(state)))
    assert replayed.snapshot() == state.snapshot()


def test_cg_16_greedy_never_puts_back() -> None:
    """CG-16: the evaluation ranks a put-back lowest for the player who did it, so the greedy bot places its tile
    instead of picking and putting back for ever."""
    from guildtable.bots.greedy import GreedyBot

    state = scenario(lots={"A1": ("SM", -1, 0)})
    play(state, "BA")
    assert GreedyBot(1).choose(state) != PUT_BACK


def test_cg_32_glossary_covers_tiles_guilds_features_and_blocks() -> None:
    """CG-8 / CG-17 to CG-22 / CG-32 / CG-35 / CG-40: the glossary has an entry for every tile code, every guild,
    every map character that is not a lot, and blocks; numbers come from the content."""
    glossary = GAME.glossary()
    for code in TILE_CODES:
        assert code in glossary, code
    for guild in GUILDS:
        assert f"guild:{guild}" in glossary
    board = board_for("default")
    for char in {c for row in board.rows for c in row if not c.isalpha()}:
        assert f"feature:{char}" in glossary, char
    for char in MAP_CHARACTERS:
        assert f"feature:{char}" in glossary
    assert "block" in glossary
    assert glossary["MWE"].name == "Weaver market" and "move 2 up the weaver track" in glossary["MWE"].text
    assert dict((d.label, d.text) for d in glossary["BA"].details)["Tiles"] == str(TILE_COUNTS[0])
    assert "put 1 of your figures on it and move 1 up the baker track" in glossary["BA"].text
    assert "adds 5 to its block's value" in glossary["MIN"].text
    assert "4, 2, 1" in glossary["guild:SMITH"].text
    assert dict((d.label, d.text) for d in glossary["block"].details)["Value"].startswith("8, +2 per market")
    assert glossary["feature:*"].name == "Fountain" and glossary["feature:#"].name == "Blocker"
    for piece in glossary.values():
        assert plain(piece.text) and all(plain(d.text) for d in piece.details), piece


def test_cg_32_view_blocks_carry_value_so_far() -> None:
    """CG-32: every block entry of the view has the value it would score now (markets +2, minstrel houses +5)."""
    state = candle_example()
    block_a = next(block for block in state.view(BLUE)["blocks"] if block["block"] == "A")
    assert block_a["value"] == block_a["value_so_far"] == 8 + 2 * 2 + 5
    assert all("value_so_far" in block for block in state.view(None)["blocks"])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cg_31_every_log_line_is_plain(players: int) -> None:
    """CG-11 to CG-46: every line of a random game's log names players by display name and says things in words."""
    state = GAME.new_state(players, seed=20 + players)
    rng = Rng(players)
    while not state.is_terminal:
        for event in state.apply(rng.choice(state.legal_actions())):
            line = GAME.describe_event(event, NAMES)
            assert plain(line), line
            assert not re.search(r"\b(Red|Yellow|Blue|Green|Purple)\b", line), line


def test_cg_16_lot_outside_the_map_is_refused_in_words() -> None:
    """CG-16: a lot number beyond this map is refused with the map's range, not a raw number."""
    state = scenario(lots={"A1": ("SM", -1, 0)})
    play(state, "BA")
    with pytest.raises(IllegalAction) as error:
        state.apply(LOT_BASE + 70)
    assert error.value.message == "This map has 64 lots, from A1 to H8"
    assert SELECT_BASE == 0
