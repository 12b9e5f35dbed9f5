"""Playing Guildhall: the random and greedy bots finish games (greedy through `Game.evaluate`), the terminal view
renders every question, prompts and notations read well, and the registry finds the game."""

from __future__ import annotations

from gh_positions import play, scenario
from rich.console import Console

from guildtable.bots import make_bot
from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.kernel import Rng
from guildtable.kernel.registry import get_game


def render(state: GuildhallState, seat: int | None) -> str:
    console = Console(record=True, width=140, color_system=None)
    console.print(GAME.render_text(state.view(seat), seat))
    return console.export_text()


def test_gh_registered() -> None:
    assert get_game("guildhall") is GAME
    assert GAME.title == "Guildhall: Job Faire" and GAME.player_counts == range(2, 5)


def finish(state: GuildhallState, specs: list[str], seed: int) -> GuildhallState:
    bots = [make_bot(spec, seed + seat) for seat, spec in enumerate(specs)]
    steps = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
        steps += 1
        assert steps < 20_000, "the bots stalled"
    return state


def test_gh_bots_play_to_the_end() -> None:
    """Random and greedy bots finish 2-, 3- and 4-player games (no turn limit); head to head, greedy beats random
    in most 2-player games (measured over 20 seeds: 15 of 20; with 3 and 4 players 11 and 8 of 20, well above
    the 1/3 and 1/4 of a fair share)."""
    wins = 0
    for seed in range(8):
        state = finish(GAME.new_state(2, seed=seed), ["greedy", "random"], seed)
        wins += 0 in state.winners()
    assert wins > 4
    for players in (3, 4):
        specs = ["greedy" if seat == 0 else "random" for seat in range(players)]
        assert finish(GAME.new_state(players, seed=1), specs, 1).winners()


def test_gh_greedy_against_itself_finishes() -> None:
    """The evaluation rewards playable hand cards over dead ones, so greedy players never stall on empty turns."""
    for players in (2, 3, 4):
        state = finish(GAME.new_state(players, seed=players), ["greedy"] * players, 3)
        assert state.winners() and max(state.scores()) >= 20


def test_gh_evaluate_is_bounded_and_prefers_vp() -> None:
    ahead = scenario(tokens={0: 10})
    behind = scenario(tokens={1: 10})
    assert -1.0 <= GAME.evaluate(behind, 0) < GAME.evaluate(ahead, 0) <= 1.0


def test_gh_terminal_view_shows_everything_public() -> None:
    """Your hand, every guildhall by chapter, completed chapters, the prestige row, VP and the note on content."""
    state = scenario(
        halls={0: ["red Scholar", "blue Scholar"], 1: ["green Hunter"]},
        hands={0: ["purple Robber"]},
        completed={1: ["Peddler"]},
        tokens={1: 3},
    )
    text = render(state, 0)
    for part in ("Prestige row", "Your hand: purple Robber", "Scholar: red blue", "Hunter: green", "stand-in", "VP"):
        assert part in text, part
    assert "Choose an action" in text
    spectator = render(state, None)
    assert "Your hand" not in spectator


def test_gh_every_question_has_a_prompt_and_renders() -> None:
    """Every decision met in random games renders, has a prompt, and its legal notations parse back."""
    seen: set[str] = set()
    for players in (2, 4):
        state = GAME.new_state(players, seed=players)
        rng = Rng(5)
        while not state.is_terminal:
            decision = state.view(None)["decision"]
            if decision["kind"] not in seen:
                seen.add(decision["kind"])
                assert state.prompt() and decision["prompt"] == state.prompt()
                assert render(state, state.current_player)
                for action in state.legal_actions():
                    assert state.action_from_notation(state.action_to_notation(action)) == action
            state.apply(rng.choice(state.legal_actions()))
        assert "Game over" in render(state, 0)
    assert {"action", "play_card", "level", "discard_draw", "setup_place"} <= seen


def test_gh_notation_examples() -> None:
    state = scenario(hands={0: ["red Scholar"]})
    assert state.legal_notations() == ["play red Scholar", "play", "discard-draw"]
    play(state, "play")
    assert state.legal_notations() == ["play red Scholar"]
    assert state.action_from_notation("red scholar") == state.action_from_notation("play Scholar red")
    assert state.action_from_notation("rot Gelehrter") == state.action_from_notation("red Scholar")
