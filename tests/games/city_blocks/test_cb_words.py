"""What a City Blocks player reads, in plain words: the question on turn, every legal move's label, refusals, log
lines, the glossary of pieces (CB-4, CB-12, CB-13, CB-16 to CB-20) and the street panels of the view (CB-17). Also
the typed notation's build/rebuild marker (CB-11, CB-12)."""

from __future__ import annotations

import re

import pytest
from cb_positions import GAME, full_row, position

from guildtable.games.city_blocks.actions import NO_SWAP, PLACE_ACTIONS, parse, swap_action
from guildtable.games.city_blocks.content import SITES, TILE_CODES, TILE_FACES, TILE_KINDS, Kind
from guildtable.games.city_blocks.glossary import kind_key
from guildtable.games.city_blocks.scoring import street_totals
from guildtable.kernel import Event, IllegalAction, Rng

RULE_ID = re.compile(r"\b[A-Z]{2}-\w*\d")
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
NOTATION = re.compile(r"\b(?:[HSF]\d|SCH|PWR|CRT|x?R\dC\d|noswap)\b")
NAMES = ("Ada", "Bo")


def plain(text: str) -> bool:
    return not RULE_ID.search(text) and not RAW_ID.search(text) and not NOTATION.search(text)


def _random_positions(count: int, seed: int) -> list:
    """Positions along seeded random games, with rebuilds and courthouse swaps where the dice allow."""
    rng = Rng(seed)
    found = []
    for game_seed in range(count):
        state = GAME.new_state(2, seed=seed * 100 + game_seed)
        while not state.is_terminal:
            if rng.below(2) == 0:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def test_cb_10_prompt_asks_in_plain_words_and_names_the_players() -> None:
    """CB-10 / CB-12 / CB-15: the placing question says what may be done, the lowest value tile a rebuild pays, and
    names the opponent by display name when they have no tiles left."""
    state = position({"R1C1": "B:H1"}, won=([7, 4], []), hands=(["H2", "S3"], []), to_move=0)
    prompt = state.prompt(NAMES)
    assert prompt.startswith("Place a tile from your hand: build on an empty site, or rebuild over one of your own")
    assert "$4" in prompt and "Bo has no tiles left" in prompt
    assert plain(prompt)
    fresh = GAME.new_state(2, seed=1)
    assert fresh.prompt() == "Place a tile from your hand on an empty site"


def test_cb_13_courthouse_prompt_and_labels() -> None:
    """CB-13: after the courthouse the question and every answer are words: swaps name both streets and their values,
    and declining is "Don't swap"."""
    state = position(hands=(["CRT"], None), slots={"R3": 2, "C4": 15, "R1": 1})
    state.apply(parse("CRT R5C6"))
    assert "swap the value tiles of two streets" in state.prompt() and plain(state.prompt())
    assert state.action_label(swap_action(2, 8)) == "Swap the value tiles of row 3 ($2) and column 4 ($15)"
    assert state.action_label(NO_SWAP) == "Don't swap"
    labels = [state.action_label(action) for action in state.legal_actions()]
    assert len(labels) == len(set(labels)) == 4  # three pairs of the three slots left, and "Don't swap"


def test_cb_11_and_cb_12_build_and_rebuild_labels() -> None:
    """CB-11 / CB-12: a build names tile and site; a rebuild names the site, the tile it replaces, the new tile and the
    value tile it pays (the lowest, CB-A-9)."""
    state = position({"R2C4": "B:S2"}, won=([11, 3], []), hands=(["H3", "F7"], None))
    build = next(a for a in state.legal_actions() if a == parse("H3 R2C5"))
    rebuild = parse("H3 R2C4")
    assert state.action_label(build) == "Build house 3 on row 2, column 5"
    assert (
        state.action_label(rebuild) == "Rebuild row 2, column 4 (your store 2) with house 3 (pays your $3 value tile)"
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_cb_10_every_legal_action_has_a_plain_distinct_label(seed: int) -> None:
    """CB-10 to CB-13: in many random positions every legal action has a label without rule IDs, raw ids or
    notation, and no two legal actions share one."""
    positions = _random_positions(4, seed)
    assert len(positions) > 40
    for state in positions:
        legal = state.legal_actions()
        labels = [state.action_label(action, NAMES) for action in legal]
        assert len(set(labels)) == len(labels)
        for label in labels:
            assert plain(label), label
        assert plain(state.prompt(NAMES)), state.prompt(NAMES)


@pytest.mark.parametrize(("language", "limit"), [("en", 8192), ("de", 8192), ("en", 60)])
def test_cb_11_to_cb_13_kept_legal_moves_equal_moves_built_afresh(
    language: str, limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """City Blocks keeps its legal moves between positions (per language, at most about twice `KEPT_MOVES`); in every
    position of seeded random games, with rebuilds paying value tiles (CB-12) and swaps of changing values (CB-13),
    they equal the kernel's moves built from nothing for that position, also when what was kept is forgotten."""
    from guildtable.games.city_blocks import rules
    from guildtable.kernel import State
    from guildtable.kernel.i18n import use_language

    monkeypatch.setattr(rules, "KEPT_MOVES", limit)
    monkeypatch.setattr(rules, "_LEGAL_MOVES", {})
    swaps = rebuilds = most = widest = 0
    with use_language(language):
        for state in _random_positions(12, seed=23):
            kept = state.legal_moves(NAMES)
            assert kept == State.legal_moves(state, NAMES)
            assert state.legal_moves(NAMES) == kept  # asked again: the same moves, from what was kept
            swaps += sum(move["action"]["type"] == "swap" for move in kept)
            rebuilds += sum(move["action"]["type"] == "rebuild" for move in kept)
            newer, older = rules._LEGAL_MOVES[language]
            most = max(most, len(newer) + len(older))
            widest = max(widest, len(kept))
    assert swaps and rebuilds
    assert most <= 2 * (limit + widest)  # two generations, each at most one position's moves past the limit


def test_cb_12_refusals_are_plain_sentences() -> None:
    """CB-10 / CB-12 / CB-13: every refusal in random positions is a sentence without rule IDs or notation; the rule
    stays in the rule field."""
    rng = Rng(5)
    seen_rules = set()
    for state in _random_positions(2, 3):
        for _ in range(30):
            action = rng.below(NO_SWAP + 1)
            reason = state.why_illegal(action)
            if reason is None:
                continue
            rule, message = reason
            assert RULE_ID.fullmatch(rule), rule
            assert plain(message) and message[0].isupper(), message
            seen_rules.add(rule)
    assert {"CB-10", "CB-12", "CB-13"} <= seen_rules


def test_cb_a_2_courthouse_rebuild_refusal_does_not_name_the_option() -> None:
    """CB-A-2: with the option off, the refusal says what the table allows, not the option's raw id."""
    state = position({"R1C1": "B:H1"}, won=([5], []), hands=(["CRT"], None), options={"court_via_rebuild": False})
    reason = state.why_illegal(parse("CRT R1C1"))
    assert reason is not None and reason[0] == "CB-A-2" and plain(reason[1])


def test_cb_11_typed_rebuild_needs_the_x_and_a_build_must_not_have_one() -> None:
    """CB-11 / CB-12: `F7 R1C6` on one's own tile no longer rebuilds silently, and `F5 xR1C1` on an empty site no
    longer builds silently: each is refused, saying what to type."""
    state = position({"R1C6": "B:H1"}, won=([5], []), hands=(["F7", "F5"], None))
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation("F7 R1C6")
    assert error.value.rule == "CB-12"
    assert error.value.message == "Row 1, column 6 already holds your tile: to rebuild it, type F7 xR1C6"
    with pytest.raises(IllegalAction) as error:
        state.action_from_notation("F5 xR1C1")
    assert error.value.rule == "CB-11"
    assert "Row 1, column 1 is empty" in error.value.message and "type F5 R1C1" in error.value.message
    assert state.action_from_notation("F7 xR1C6") == parse("F7 R1C6")
    assert state.action_from_notation("F5 R1C1") == parse("F5 R1C1")
    with pytest.raises(IllegalAction, match="choose a rebuild"):
        state.action_from_json({"type": "build", "tile": "F7", "site": "R1C6"})
    with pytest.raises(IllegalAction, match="choose a build"):
        state.action_from_json({"type": "rebuild", "tile": "F5", "site": "R1C1"})


def test_cb_12_every_legal_notation_reads_back() -> None:
    """CB-11 / CB-12: the notation and JSON of every legal action in random positions read back to the same action."""
    for state in _random_positions(2, 7):
        for action in state.legal_actions():
            assert state.action_from_notation(state.action_to_notation(action)) == action
            assert state.action_from_json(state.action_to_json(action)) == action


def test_cb_17_glossary_covers_every_tile_code_from_the_content() -> None:
    """CB-4 / CB-17: every tile code the views use has a glossary entry under its kind, with the numbers from the
    content data; the school says what it cancels; the value tiles have their own entry."""
    glossary = GAME.glossary()
    for code in TILE_CODES:
        assert kind_key(code) in glossary, code
    assert set(glossary) == {"H", "S", "F", "SCH", "PWR", "MALL", "CRT", "value"}
    assert glossary["SCH"].text.startswith("Factories in this row and this column count 0 (for both players)")
    assert glossary["MALL"].text.startswith("Houses and factories in this row and this column count 0")
    houses = [str(face) for tile, face in enumerate(TILE_FACES) if TILE_KINDS[tile] is Kind.HOUSE]
    assert dict((d.label, d.text) for d in glossary["H"].details)["Numbers"] == ", ".join(houses)
    assert "power plant" in glossary["H"].text and "school" in glossary["F"].text
    assert "swap the value tiles" in glossary["CRT"].text
    assert "lowest value tile" in " ".join(d.text for d in glossary["value"].details)
    for piece in glossary.values():
        assert plain(piece.text) and all(plain(d.text) for d in piece.details)


def test_cb_17_view_shows_running_street_totals_and_effects() -> None:
    """CB-17 / CB-T-3: Cleveland Blvd. as row 1 (Blue S3, H5, F7; Red PWR, MALL, H4): 3 : 0, houses and factories count
    0 there; column 1 holds only Blue's store 3;
    a red school in column 2 zeroes Blue's factory 6 but not house 5; the totals are those the street scoring uses."""
    state = position(full_row(1, ["S3", "H5", "F7"], ["PWR", "MALL", "H4"]) | {"R2C2": "R:SCH", "R3C2": "B:F6"})
    view = state.view(None)
    assert view["street_totals"]["R1"] == [3, 0]
    assert view["street_effects"]["R1"] == ["Houses count 0", "Factories count 0"]
    assert view["street_totals"]["C1"] == [3, 0] and view["street_effects"]["C1"] == []
    assert view["street_totals"]["C2"] == [5, 0] and view["street_effects"]["C2"] == ["Factories count 0"]
    assert view["street_totals"]["R3"] == [6, 0] and view["street_effects"]["R3"] == []
    assert view["street_totals"]["C4"] == [0, 0] and view["street_effects"]["C4"] == ["Houses count 0"]
    for street, name in enumerate(view["street_totals"]):
        assert view["street_totals"][name] == list(street_totals(state.board, street))
    assert view["street_totals"] == state.view(1)["street_totals"]


def test_cb_16_log_lines_name_players_streets_and_tiles_in_words() -> None:
    """CB-11 / CB-12 / CB-13 / CB-16: log lines use display names and words, never codes or rule IDs."""
    lines = {
        "build": GAME.describe_event(
            Event("build", {"seat": 0, "tile": "H3", "site": "R2C4", "move": "H3 R2C4"}), NAMES
        ),
        "rebuild": GAME.describe_event(
            Event("rebuild", {"seat": 1, "tile": "F7", "site": "R1C6", "replaced": "S2", "paid": 3}), NAMES
        ),
        "swap": GAME.describe_event(Event("swap", {"seat": 0, "streets": ["R3", "C4"], "values": [15, 2]}), NAMES),
        "award": GAME.describe_event(
            Event("award", {"street": "C5", "value": 9, "totals": [3, 7], "winner": 1}), NAMES
        ),
        "tie": GAME.describe_event(
            Event("award", {"street": "R2", "value": 4, "totals": [5, 5], "winner": None}), NAMES
        ),
        "pass": GAME.describe_event(Event("pass", {"seat": 0, "reason": "no tiles left"}), NAMES),
    }
    assert lines["build"] == "Ada builds a house 3 on row 2, column 4"
    assert lines["rebuild"] == (
        "Bo rebuilds row 1, column 6 with a factory 7, paying the $3 value tile (the store 2 there leaves the game)"
    )
    assert (
        lines["swap"] == "Ada's courthouse swaps the value tiles of row 3 and column 4: row 3 now has $15, column 4 $2"
    )
    assert lines["award"] == "Column 5 is complete: Ada 3, Bo 7, so Bo takes its $9 value tile"
    assert "a tie" in lines["tie"]
    for line in lines.values():
        assert plain(line), line


def test_cb_16_every_log_line_of_a_game_is_plain() -> None:
    """CB-10 to CB-22: a whole random game's log, as each seat sees it, is plain words."""
    state = GAME.new_state(2, seed=11)
    rng = Rng(11)
    while not state.is_terminal:
        for event in state.apply(rng.choice(state.legal_actions())):
            line = GAME.describe_event(event, NAMES)
            assert plain(line), line


def test_cb_11_place_actions_cover_every_site() -> None:
    """CB-11: the label of a build on each of the 30 sites names a distinct row and column."""
    state = GAME.new_state(2, seed=2)
    tile = state.hands[state.current_player or 0][0]
    labels = {state.action_label(tile * SITES + site) for site in range(SITES)}
    assert len(labels) == SITES and all(tile * SITES + s < PLACE_ACTIONS for s in range(SITES))


def test_cb_17_terminal_shows_open_street_totals_with_their_effects() -> None:
    """CB-17 / CB-T-3: the terminal lists each open street's totals and the effects in force there."""
    from rich.console import Console

    state = position(full_row(1, ["S3", "H5", "F7"], ["PWR", "MALL", "H4"]))
    console = Console(width=200, record=True, color_system=None)
    console.print(GAME.render_text(state.view(0), 0))
    text = console.export_text()
    assert "Open streets (Blue : Red): R1 3:0 (houses count 0, factories count 0)" in text


def test_cb_9_each_seat_sees_its_own_hand_in_a_view_that_follows_every_move_and_language() -> None:
    """The part of the view every seat sees alike is built once per position and language: each seat still gets
    only its own hand (CB-9), and a move or another language gives a fresh view (CB-17's effects, CB-10's prompt)."""
    from guildtable.games.city_blocks.content import TILE_CODES
    from guildtable.kernel.i18n import use_language

    state = GAME.new_state(2, seed=11)
    rng = Rng(4)
    for _ in range(8):
        first = [state.view(seat) for seat in (0, 1, None)]
        for seat, seen in enumerate(first[:2]):
            assert seen["seat"] == seat and seen["hand"] == [TILE_CODES[tile] for tile in state.hands[seat]]
        assert first[2]["hand"] is None and first[2]["hand_sizes"] == [len(hand) for hand in state.hands]
        assert first[0]["board"] == first[1]["board"] == first[2]["board"]
        with use_language("de"):
            german = state.view(0)
        assert german["decision"]["prompt"] != first[0]["decision"]["prompt"]
        assert state.view(0)["decision"]["prompt"] == first[0]["decision"]["prompt"]  # English again
        action = rng.choice(state.legal_actions())
        state.apply(action)
        after = state.view(0)
        assert after["last_move"] != first[0]["last_move"]
        if action < PLACE_ACTIONS:  # a placement: its site shows the new tile
            row, column = divmod(action % SITES, 6)
            assert after["board"][row][column] != first[0]["board"][row][column]
