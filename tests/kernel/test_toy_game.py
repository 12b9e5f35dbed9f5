"""Toy Nim (`tests/kernel/toy_game/`, rules NIM-1 to NIM-5 in its `__init__.py`) through the kernel's conformance
checks, and the kernel's question stack as a real game uses it: a turn of two questions, snapshots that store
questions by kind, seat and context, and refusals that name a rule or a field.

The toy game is registered only inside the `registered` fixture (a record is replayed through the registry) and
unregistered afterwards, so no other test sees it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from toy_game import GAME
from toy_game.actions import GIVE, KEEP, take_action
from toy_game.content import CARD_NAMES
from toy_game.questions import GiveOrKeep, Take
from toy_game.rules import NimState

from guildtable.kernel import BadOptions, BadRecord, Event, GuildtableError, IllegalAction, Rng
from guildtable.kernel.conformance import canonical, check_no_leak, check_replay, random_playthrough
from guildtable.kernel.registry import get_game, register, unregister

SEEDS = range(8)
NORTH_SKULL = {"deal": ["skull", "crown-a", "crown-b"]}
NORTH_CROWN = {"deal": ["crown-a", "skull", "crown-b"]}


@pytest.fixture
def registered() -> Iterator[None]:
    """The toy game in the registry for one test (a record names its game and is replayed from the registry)."""
    register(GAME)
    try:
        yield
    finally:
        unregister(GAME.name)


def new(counters: int = 10, setup: dict[str, Any] | None = None) -> NimState:
    state = GAME.new_state(2, seed=1, options={"counters": counters}, setup=setup)
    assert isinstance(state, NimState)
    return state


def play(state: NimState, *moves: str) -> list[Event]:
    events: list[Event] = []
    for move in moves:
        events += state.apply(state.action_from_notation(move))
    return events


# --- the kernel's contract --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("counters", [10, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_protocol_contract_and_replay(registered: None, seed: int, counters: int) -> None:
    """Issue 31: a game on the kernel's question stack passes `conformance.random_playthrough` at every step (legal
    actions agree with why_illegal, refusals change nothing, codecs, clones and snapshots round-trip, determinization
    keeps the mover's view) and its record replays exactly (`check_replay`), for both pile sizes (NIM-1)."""
    state = random_playthrough(GAME, 2, seed, options={"counters": counters})
    assert state.is_terminal and len(state.winners()) == 1
    check_replay(state)


def test_the_toy_game_is_found_by_name_only_while_registered() -> None:
    """Issue 31: `register` makes a game found by name (either spelling) and `unregister` forgets it again, which is
    what keeps the toy game out of every other test."""
    register(GAME)
    try:
        assert get_game("toy-nim") is GAME
        assert get_game("toy_nim") is GAME
    finally:
        unregister(GAME.name)
    with pytest.raises(GuildtableError, match="unknown game"):
        get_game("toy-nim")


def test_the_default_pile_holds_ten_and_the_option_is_checked() -> None:
    """NIM-1: `counters` defaults to 10; a value out of range is refused naming the option."""
    assert GAME.new_state(2).view(None)["pile"] == 10
    with pytest.raises(BadOptions) as refused:
        GAME.new_state(2, options={"counters": 0})
    assert refused.value.field == "counters"


def test_random_games_answer_the_second_question_both_ways() -> None:
    """NIM-4: over a few seeded games the give-or-keep question comes up and is answered both ways, so the
    conformance runs above went through two-question turns."""
    answers: set[str] = set()
    for seed in SEEDS:
        random_playthrough(
            GAME, 2, seed, on_step=lambda _state, _action, events: answers.update(e.kind for e in events)
        )
    assert {"give", "keep"} <= answers


# --- a turn of two questions ------------------------------------------------------------------------------------------


def test_taking_three_asks_give_or_keep_before_the_turn_passes() -> None:
    """NIM-4: after taking exactly 3 the same player answers a second question, on top of the next player's turn;
    answering it pops it and the turn passes."""
    state = new()
    play(state, "take 3")
    assert state.current_player == 0
    assert state.stack == [Take(1), GiveOrKeep(0, taken=3)]
    assert state.legal_actions() == [GIVE, KEEP]
    assert state.view(1)["decision"] == {
        "kind": "give_or_keep",
        "seat": 0,
        "prompt": "You took 3: give one back to the pile, or keep them all",
    }
    events = play(state, "give")
    assert [event.kind for event in events] == ["give"]
    assert state.pile == 8
    assert state.stack == [Take(1)]
    assert state.current_player == 1


def test_taking_one_or_two_passes_the_turn_at_once() -> None:
    """NIM-3: a take of 1 or 2 asks nothing more."""
    state = new()
    play(state, "take 2")
    assert state.stack == [Take(1)]
    play(state, "take 1")
    assert state.stack == [Take(0)] and state.pile == 7


def test_giving_back_after_emptying_the_pile_keeps_the_game_going() -> None:
    """NIM-4, NIM-5: the game ends only when the pile is empty at the end of a turn: a player who took the last three
    and gives one back has not ended it."""
    state = new(counters=3, setup=NORTH_CROWN)
    play(state, "take 3")
    assert state.pile == 0 and not state.is_terminal
    play(state, "give")
    assert state.pile == 1 and state.current_player == 1
    events = play(state, "take 1")
    # South took the last counter holding the skull: South loses.
    assert state.is_terminal and state.winners() == [0] and state.scores() == [1.0, 0.0]
    assert [event.kind for event in events] == ["take", "reveal", "game_end"]
    assert events[1].data == {"cards": ["crown-a", "skull"]}


@pytest.mark.parametrize(("setup", "winner"), [(NORTH_CROWN, 0), (NORTH_SKULL, 1)])
def test_keeping_the_last_three_ends_the_game_by_the_takers_card(setup: dict[str, Any], winner: int) -> None:
    """NIM-5: keeping the last counters ends the game; the taker wins with a crown and loses with the skull."""
    state = new(counters=3, setup=setup)
    play(state, "take 3", "keep")
    assert state.is_terminal and state.current_player is None
    assert state.winners() == [winner]
    assert state.view(None)["cards"] == setup["deal"][:2]


# --- snapshots --------------------------------------------------------------------------------------------------------


def test_a_snapshot_in_the_middle_of_a_turn_round_trips() -> None:
    """Issue 31: a snapshot stores each question as [kind, seat, context()]; `Kinds.read` restores the same typed
    questions, so a state saved between the two questions of a turn resumes exactly."""
    state = new()
    play(state, "take 3")
    snapshot = json.loads(json.dumps(state.snapshot()))
    assert snapshot["stack"] == [["take", 1, []], ["give_or_keep", 0, [3]]]
    again = GAME.from_snapshot(snapshot)
    assert isinstance(again, NimState)
    assert again.stack == state.stack
    assert isinstance(again.question, GiveOrKeep) and again.question.taken == 3
    assert again.legal_actions() == state.legal_actions()
    assert canonical(again.snapshot()) == canonical(state.snapshot())
    play(state, "keep")
    play(again, "keep")
    assert canonical(again.snapshot()) == canonical(state.snapshot())


@pytest.mark.parametrize(
    ("entry", "field", "words"),
    [
        (["give_or_keep", 0, []], "stack[1]", "taken"),
        (["give_or_keep", 0, [2]], "stack[1]", "taken"),
        (["give_up", 0, [3]], "stack[1]", "give_or_keep, take"),
        (["give_or_keep", True, [3]], "stack[1]", "seat"),
        (["give_or_keep", 5, [3]], "stack[1]", "seat"),
        (["give_or_keep", 0], "stack[1]", "[kind, seat, details]"),
        (["take", 0, []], "stack[1]", "give_or_keep"),
    ],
)
def test_a_malformed_question_in_a_snapshot_is_refused_naming_the_field(entry: Any, field: str, words: str) -> None:
    """Issue 31: a snapshot's question with the wrong kind, seat or details raises BadRecord naming its place in the
    stack and what is wrong, never a traceback."""
    state = new()
    play(state, "take 3")
    snapshot = state.snapshot()
    snapshot["stack"][1] = entry
    with pytest.raises(BadRecord) as refused:
        GAME.from_snapshot(snapshot)
    assert refused.value.field == field
    assert words in refused.value.message


def test_a_snapshot_with_a_hidden_card_missing_is_refused() -> None:
    """NIM-2: the two seats' cards and the card set aside are the three cards once each."""
    snapshot = new().snapshot()
    snapshot["aside"] = snapshot["cards"][0]
    with pytest.raises(BadRecord) as refused:
        GAME.from_snapshot(snapshot)
    assert refused.value.field == "cards"


# --- refusals ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "move", "rule"),
    [
        ((), "take 3", "NIM-3"),  # the pile holds 2
        ((), "give", "NIM-4"),  # nothing taken yet
        (("take 1",), "keep", "NIM-4"),
        (("take 1", "take 1"), "take 1", "NIM-5"),  # the game is over
    ],
)
def test_an_illegal_move_is_refused_naming_its_rule_and_changes_nothing(
    moves: tuple[str, ...], move: str, rule: str
) -> None:
    """NIM-3 to NIM-5: `State.apply` raises IllegalAction naming the rule a move breaks and leaves the state as it
    was (the kernel's one checked entry point)."""
    state = new(counters=2, setup=NORTH_CROWN)
    play(state, *moves)
    before = canonical(state.snapshot())
    with pytest.raises(IllegalAction) as refused:
        play(state, move)
    assert refused.value.rule == rule and refused.value.message
    assert canonical(state.snapshot()) == before


def test_a_take_is_refused_while_the_second_question_is_open() -> None:
    """NIM-4: between taking three and giving or keeping, no other move is an answer."""
    state = new()
    play(state, "take 3")
    with pytest.raises(IllegalAction) as refused:
        play(state, "take 1")
    assert refused.value.rule == "NIM-4"


def test_the_codecs_name_each_action_and_refuse_nonsense() -> None:
    """Issue 31: integers, notation and JSON name the same actions; unreadable input raises IllegalAction."""
    state = new()
    for action, text, data in [
        (take_action(2), "take 2", {"type": "take", "count": 2}),
        (GIVE, "give", {"type": "give"}),
        (KEEP, "keep", {"type": "keep"}),
    ]:
        assert state.action_to_notation(action) == text and state.action_from_notation(text) == action
        assert state.action_to_json(action) == data and state.action_from_json(data) == action
    for text in ("take 4", "", "grab 1"):
        with pytest.raises(IllegalAction):
            state.action_from_notation(text)
    for data in ({"type": "take", "count": True}, {"type": "steal"}, {"count": 1}):
        with pytest.raises(IllegalAction):
            state.action_from_json(data)


def test_a_bad_setup_is_refused_naming_the_key() -> None:
    """NIM-2: `setup={"deal": [...]}` must name each card once; other keys are refused."""
    with pytest.raises(BadRecord) as refused:
        GAME.new_state(2, setup={"deal": ["skull", "skull", "crown-a"]})
    assert refused.value.field == "setup.deal"
    with pytest.raises(BadRecord) as refused:
        GAME.new_state(2, setup={"pile": 4})
    assert refused.value.field == "setup.pile"


# --- hidden information -----------------------------------------------------------------------------------------------


def _hidden(state: Any, seat: int) -> list[str]:
    """NIM-2: the card set aside, and until the end the other seat's card, as they would appear in JSON."""
    assert isinstance(state, NimState)
    secrets = [json.dumps(CARD_NAMES[state.aside])]
    if not state.is_terminal:
        secrets.append(json.dumps(CARD_NAMES[state.cards[1 - seat]]))
    return secrets


@pytest.mark.parametrize("seed", SEEDS)
def test_no_view_or_event_shows_a_card_hidden_from_its_seat(seed: int) -> None:
    """NIM-2: a seat sees its own card only, a spectator none, until the end shows both players' cards; the card set
    aside is never shown (`conformance.check_no_leak` at every step)."""
    state = GAME.new_state(2, seed=seed)
    rng = Rng(seed)
    received: dict[int | None, list[Event]] = {0: [], 1: []}
    while True:
        check_no_leak(state, received, _hidden)
        assert state.view(None)["card"] is None
        if state.is_terminal:
            break
        events = state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1):
            received[seat] += [event for event in events if event.visible_to(seat)]
    assert isinstance(state, NimState)
    assert state.view(None)["cards"] == [CARD_NAMES[card] for card in state.cards]


def test_determinize_resamples_only_what_the_seat_cannot_see() -> None:
    """NIM-2: from North's seat, South's card and the card set aside may swap; North's own card, the pile and the
    stack never change."""
    state = new()
    play(state, "take 3")
    before = canonical(state.snapshot())
    rng = Rng(7)
    worlds = [state.determinize(0, rng) for _ in range(40)]
    assert canonical(state.snapshot()) == before
    assert all(isinstance(world, NimState) for world in worlds)
    south_cards = {world.snapshot()["cards"][1] for world in worlds}
    assert south_cards == {CARD_NAMES[state.cards[1]], CARD_NAMES[state.aside]}
    for world in worlds:
        assert world.view(0) == state.view(0)
        assert world.snapshot()["stack"] == state.snapshot()["stack"]


def test_the_move_that_ends_the_game_cannot_be_taken_back() -> None:
    """Issue 16 via `Game.revealing_events`: the end of the game turns the cards face up, so that move is not
    undoable; an ordinary take is."""
    state = new(counters=4, setup=NORTH_CROWN)
    assert GAME.takes_back(play(state, "take 1"))
    assert GAME.takes_back(play(state, "take 3"))
    assert not GAME.takes_back(play(state, "keep"))


@pytest.mark.parametrize("seed", range(4))
def test_apply_legal_is_apply_without_the_checks(seed: int) -> None:
    """Issue 31: `State.apply_legal`, the unchecked apply search and playouts use, changes the state, its history and
    its events exactly as `apply` does for a legal action (NIM-3, NIM-4)."""
    checked = GAME.new_state(2, seed=seed)
    unchecked = checked.clone()
    rng = Rng(seed)
    while not checked.is_terminal:
        action = rng.choice(checked.legal_actions())
        assert unchecked.apply_legal(action) == checked.apply(action)
        assert canonical(unchecked.snapshot()) == canonical(checked.snapshot())
    assert unchecked.history == checked.history and unchecked.is_terminal
