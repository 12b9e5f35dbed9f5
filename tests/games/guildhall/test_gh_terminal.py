"""Guildhall in the terminal (issue 13): a card is played with one typed answer ('play red Robber'), the level
question shows what each level does, hand and prestige cards show what they do; records made with the two-step
answer ('play', then the card) still replay exactly."""

from __future__ import annotations

from gh_positions import play, scenario
from rich.console import Console

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.actions import PLAY
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.kernel import Rng
from guildtable.kernel.conformance import canonical
from guildtable.kernel.records import parse_record, record_of, replay_record


def render(state: GuildhallState, seat: int | None) -> str:
    console = Console(record=True, width=160, color_system=None)
    console.print(GAME.render_text(state.view(seat), seat))
    return console.export_text()


def _position(state: GuildhallState) -> str:
    snapshot = state.snapshot()
    del snapshot["history"], snapshot["last_move"]
    return canonical(snapshot)


def test_gh_play_a_card_in_one_answer() -> None:
    """GH-24, GH-29, GH-30, Q-T1 with Q-P1: at the action question a playable card is an answer itself and leads to
    the same position as 'play' followed by the card."""

    def start() -> GuildhallState:
        return scenario(halls={0: ["red Robber", "blue Robber"]}, hands={0: ["green Robber"], 1: ["red Scholar"]})

    one, two = start(), start()
    assert "play green Robber" in one.legal_notations()
    events = play(one, "play green Robber")
    play(two, "play", "play green Robber")
    assert _position(one) == _position(two)
    assert one.view(None)["decision"]["kind"] == "level"
    assert [e.kind for e in events] == ["played"]
    assert GAME.describe_event(events[0]) == (
        "P1 plays green Robber into the action area (2 Robbers in their guildhall)."
    )
    assert one.view(None)["last_move"] == "play green Robber"


def test_gh_two_step_records_replay_exactly() -> None:
    """Records store integer actions: a game played only with the two-step answer (as every record before the
    one-step answer was) replays to the same final position, as does one that uses the one-step answer."""
    for avoid_shortcut in (True, False):
        state = GAME.new_state(3, seed=5)
        rng = Rng(9)
        while not state.is_terminal:
            legal = state.legal_actions()
            if avoid_shortcut and PLAY in legal and state.view(None)["decision"]["kind"] == "action":
                legal = [action for action in legal if action >= PLAY]
            state.apply(rng.choice(legal))
        replayed = replay_record(parse_record(record_of(state)))
        assert canonical(replayed.snapshot()) == canonical(state.snapshot())


def test_gh_terminal_level_question_shows_what_each_level_does() -> None:
    """GH-32, GH-91 to GH-94: the level question lists each level with its text; a level the chapter does not reach
    says how many cards it needs."""
    state = scenario(halls={0: ["red Bricklayer", "blue Bricklayer"]}, hands={0: ["green Bricklayer"]})
    play(state, "play green Bricklayer")
    text = render(state, 0)
    assert "P1: Bricklayer (2 cards in your chapter): choose how strongly to use it, or don't use it" in text
    assert "Level 0: Draw 3 cards, then put 1 hand card back on top of the draw deck" in text
    assert "Level 2: Draw 5 cards, then put 2 hand cards back on top of the draw deck" in text
    assert "Level 4 (needs 4 cards in the chapter): Draw 7 cards, then put 3 hand cards back" in text
    assert "GH-" not in text and "Last move" not in text


def test_gh_terminal_hand_and_prestige_cards_show_what_they_do() -> None:
    """GH-21, GH-45, GH-64, GH-70: each profession in your hand with its text; the row and your prestige cards by
    name with their text."""
    state = scenario(
        hands={0: ["purple Robber", "red Scholar", "blue Scholar"]},
        completed={0: ["Peddler"]},
        row=["p2_take_chapter", "p4_draw5", "p5_plain", "p5_plain", "p5_plain"],
        prestige_deck=[],
    )
    play(state, "buy", "row 2", "pay red Peddler", "use")
    text = render(state, 0)
    assert "Your hand: " in text
    assert "Robber: Take cards from another player's hand into your guildhall." in text
    assert text.count("Scholar: Put cards from the top of the draw deck") == 1
    assert "Take a chapter  Move 1 chapter from another player's guildhall into yours." in text
    assert "Your prestige cards:" in text and "Draw 5 (4 VP): Draw 5 cards." in text
    assert "p4_draw5" not in text and "p2_take_chapter" not in text
