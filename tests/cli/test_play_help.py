"""Issue 33: `guildtable play` explains itself in the terminal. `?` shows the legal moves grouped in a screenful at
most (`? all` every one in words, `? TEXT` only those with TEXT), `help` is a short guide (a move of the position, the
board's codes from the game's glossary, the commands), `help CODE` says what a piece does, `quit` asks before writing
a record (no by default, and no without a terminal to answer), and `undo` and `hint` work as the guide says."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from guildtable.bots.spec import make_bot
from guildtable.cli import play
from guildtable.cli.app import app
from guildtable.kernel import State
from guildtable.kernel.i18n import domain, use_language
from guildtable.kernel.records import parse_record, replay_record
from guildtable.kernel.registry import get_game

runner = CliRunner()
ENGLISH_ENVIRONMENT = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8", "COLUMNS": "100", "LINES": "30"}
CB_PROMPT = "on an empty site > "
SCREENFUL = 20  # lines: what `?` may take without being asked for everything
SEED = 1
CB_ARGS = ["play", "city-blocks", "--seats", "human,greedy", "--seed", str(SEED)]


def _core(message: str, language: str) -> str:
    with use_language(language):
        return domain("core").gettext(message)


def _cb_position(seed: int = SEED) -> State:
    """The position Blue (human, seat 0) first answers in `play city-blocks --seats human,greedy --seed N`: the
    greedy bot's opening move made as `play` makes it, if Red begins."""
    state = get_game("city-blocks").new_state(2, seed=seed)
    bot = make_bot("greedy", seed * 7919 + 1)
    while state.current_player != 0:
        state.apply(bot.choose(state))
    return state


def _answers(output: str, prompt: str = CB_PROMPT) -> list[str]:
    """What the game printed after each prompt (the typed lines are not echoed under the test runner)."""
    return output.split(prompt)[1:]


def _play(args: list[str], typed: str, language: str = "en") -> str:
    result = runner.invoke(app, ["--lang", language, *args], input=typed, env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output[-3000:]
    return result.output


@pytest.fixture(autouse=True)
def _in_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game here starts in its own empty folder, where `quit` would write its record."""
    monkeypatch.chdir(tmp_path)


def test_question_mark_fits_a_screen_and_still_shows_every_move() -> None:
    """Issue 33: `?` at City Blocks' opening (about 145 moves) printed about 140 lines and scrolled the board away.
    Now it takes at most a screenful (20 lines), and every move is still there: its start (the tile) and its
    ending (the site) are both on the screen, with an example in words and the way to see them all."""
    state = _cb_position()
    legal = [state.action_to_notation(action) for action in state.legal_actions()]
    assert len(legal) > 100
    answer = _answers(_play(CB_ARGS, "?\nquit\n"))[0]
    lines = answer.strip("\n").splitlines()
    assert len(lines) <= SCREENFUL, answer
    words = set(answer.split())
    for notation in legal:
        start, _space, end = notation.rpartition(" ")
        assert start in words and end in words, notation
    first = state.legal_actions()[0]
    assert state.action_label(first) in " ".join(answer.split())
    assert "? all" in answer


def test_question_mark_all_lists_every_move_in_words() -> None:
    """Issue 33: `? all` is the way to see every legal move, each beside its label in words (the pager opens it at
    a terminal; here the output is not one, so it is printed)."""
    state = _cb_position()
    answer = _answers(_play(CB_ARGS, "? all\nquit\n"))[0]
    for action in state.legal_actions():
        line = f"{state.action_to_notation(action)} {state.action_label(action)}"
        assert line in " ".join(answer.split()), line


def test_question_mark_all_goes_through_the_pager_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: at a terminal, a list longer than the screen opens in the pager (q closes it and the board is in
    view again) instead of scrolling the board away."""
    paged: list[str] = []
    monkeypatch.setattr(play, "can_page", lambda: True)
    monkeypatch.setattr("rich.pager.SystemPager._pager", lambda self, content: paged.append(content))
    state = _cb_position()
    answer = _answers(_play(CB_ARGS, "? all\nquit\n"))[0]
    assert "q closes it" in answer
    assert len(paged) == 1
    for action in state.legal_actions():
        assert state.action_label(action) in paged[0]
        assert state.action_label(action) not in answer


def test_question_mark_with_a_word_shows_only_those_moves() -> None:
    """Issue 33: `? SCH` narrows the list to the school's moves (`? R2` to row 2's sites); a word no move has says
    so and how to see them all."""
    state = _cb_position()
    hand = state.view(0)["hand"]
    tile, other = hand[0], hand[1]
    mine = [state.action_to_notation(a) for a in state.legal_actions() if state.action_to_notation(a).startswith(tile)]
    narrowed, nothing = _answers(_play(CB_ARGS, f"? {tile}\n? zzz\nquit\n"))[:2]
    assert f"({len(mine)} of {len(state.legal_actions())})" in narrowed
    for notation in mine:
        assert notation.split()[-1] in narrowed.split()
    assert other not in narrowed.split()
    assert "No legal move has zzz" in nothing


def test_help_is_a_short_guide_with_a_move_the_codes_and_the_commands() -> None:
    """Issue 33: `help` was one sentence and nothing explained SCH/PWR/MALL/CRT. It now shows how to type a move
    with a move of this position in notation and in words, every code of the board with its name from the game's
    glossary, and the commands (`?`, `? all`, `help CODE`, `hint`, `undo`, `quit`), in a screenful."""
    state = _cb_position()
    first = state.legal_actions()[0]
    answer = _answers(_play(CB_ARGS, "help\nquit\n"))[0]
    flat = " ".join(answer.split())
    assert f"{state.action_to_notation(first)} ({state.action_label(first)})" in flat
    glossary = get_game("city-blocks").glossary()
    for code in ("H", "S", "F", "SCH", "PWR", "MALL", "CRT"):
        assert f"{code} {glossary[code].name}" in flat, code
    for command in ("? all", "hint", "undo", "quit"):
        assert command in flat, command
    assert "help S" in flat or "help H" in flat or "help F" in flat  # `help CODE` with a code of this position
    assert len(answer.strip("\n").splitlines()) <= 30


def test_help_is_german_with_the_glossary_names_in_german() -> None:
    """Issue 33: the guide and the codes' names are German with `--lang de` (the names from the game's German
    glossary)."""
    answer = _answers(_play(CB_ARGS, "help\nquit\n", "de"), "auf ein leeres Feld > ")[0]
    flat = " ".join(answer.split())
    with use_language("de"):
        glossary = get_game("city-blocks").glossary()
    for code in ("SCH", "PWR", "MALL", "CRT"):
        assert f"{code} {glossary[code].name}" in flat, code
    commands = _core("Commands", "de")
    assert commands != "Commands" and commands in answer
    assert _core("a move the strongest computer player suggests", "de") in flat
    assert "Commands" not in answer and "Codes on the board" not in answer


def test_help_with_a_code_says_what_the_piece_does() -> None:
    """Issue 33: `help SCH` (or `help H3`, the house H with its number) prints the glossary's text of the piece;
    a word that names nothing says so."""
    glossary = get_game("city-blocks").glossary()
    school, house, nothing = _answers(_play(CB_ARGS, "help SCH\nhelp h3\nhelp zzz\nquit\n"))[:3]
    assert glossary["SCH"].name in school and " ".join(glossary["SCH"].text.split()) in " ".join(school.split())
    assert glossary["H"].name in house and " ".join(glossary["H"].text.split()) in " ".join(house.split())
    assert "Nothing in this game is called zzz" in nothing


def test_help_fits_a_small_terminal_and_help_game_tells_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: in a small terminal (80×20) the guide still fits the screen (the game's summary is left to
    `help game`, which the guide names); in a taller one the summary is part of it."""
    state = _cb_position()
    game = state.game
    summary = " ".join(game.how_to_play)
    for height, with_summary in ((20, False), (50, True)):
        screen = Console(width=80, height=height, color_system=None, record=True)
        monkeypatch.setattr(play, "console", screen)
        screen.print(play.help_view(state, 0))
        text = screen.export_text()
        assert len(text.rstrip("\n").splitlines()) <= height - 2, text
        assert (summary in " ".join(text.split())) is with_summary
        assert "help game" in text
    screen = Console(width=80, height=24, color_system=None, record=True)
    monkeypatch.setattr(play, "console", screen)
    screen.print(play.help_view(state, 0, "game"))
    assert summary in " ".join(screen.export_text().split())


def test_city_and_guilds_help_has_its_tile_codes_from_its_glossary() -> None:
    """Issue 33: the equivalents in City and Guilds: its tile codes (BA, MWE, MIN, TAV ...) with their names, taken
    from its glossary, not from a list in the command."""
    state = get_game("city-and-guilds").new_state(3, seed=SEED)
    seat = state.current_player
    assert seat is not None
    console = Console(width=100, color_system=None, record=True)
    console.print(play.help_view(state, seat))
    text = " ".join(console.export_text().split())
    glossary = get_game("city-and-guilds").glossary()
    codes = [key for key in glossary if key.isalpha() and key.isupper()]
    assert {"BA", "WE", "CA", "SM", "MBA", "MIN", "TAV"} <= set(codes)
    for code in codes:
        assert f"{code} {glossary[code].name}" in text, code


def test_the_guide_strings_a_turn_on_one_line_where_a_turn_has_several_answers() -> None:
    """Issue 33: where a turn takes several answers (City and Guilds: a tile, then its lot), the guide's example of
    a whole line is made from this position, and the line reads back as those answers."""
    state = get_game("city-and-guilds").new_state(3, seed=SEED)
    seat = state.current_player
    while True:  # play on until the seat on turn answers twice in a row
        trial = state.clone()
        trial.apply(trial.legal_actions()[0])
        if trial.current_player == state.current_player:
            break
        state.apply(state.legal_actions()[0])
        seat = state.current_player
    line = play.line_example(state)
    assert len(line.split()) >= 2
    actions = play.parse_line(state, line)
    assert len(actions) >= 2 and seat == state.current_player


@pytest.mark.parametrize(("name", "players"), [("guildhall", 2), ("guilds-of-london", 2)])
def test_the_guides_line_example_never_runs_past_a_hidden_card(name: str, players: int) -> None:
    """Issue 33: hidden information never leaks: the guide's example of a whole line stops at an answer that shows
    something hidden (cards drawn), so it never names a card the player has not seen."""
    game = get_game(name)
    state = game.new_state(players, seed=SEED)
    chooser = random.Random(SEED)
    examples = 0
    while not state.is_terminal and examples < 40:
        line = play.line_example(state)
        if line:
            examples += 1
            trial = state.clone()
            answers = play.parse_line(state, line)
            for action in answers[:-1]:
                assert game.takes_back(trial.apply(action)), (line, trial.action_to_notation(action))
        state.apply(chooser.choice(state.legal_actions()))
    assert examples


def test_quit_without_a_terminal_keeps_the_safe_default() -> None:
    """Issue 33: `quit` wrote a record file without asking. Without a terminal to answer (a pipe, a file), it takes
    the default, no, says so, and writes nothing."""
    output = _play(CB_ARGS, "quit\n")
    assert not list(Path.cwd().glob("*.json"))
    assert "[y/N]" in output and "the input is not a terminal" in output
    assert "Game left after 1 move; no record saved." in " ".join(output.split())


def test_quit_asks_and_enter_means_no(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: at a terminal `quit` asks; Enter alone (the default) writes nothing."""
    monkeypatch.setattr(play, "interactive", lambda: True)
    output = _play(CB_ARGS, "quit\n\n")
    assert "Save a record of this game as city-blocks-seed1.json" in " ".join(output.split())
    assert not list(Path.cwd().glob("*.json"))
    assert "no record saved" in output


@pytest.mark.parametrize(("language", "yes"), [("en", "y"), ("de", "j")])
def test_quit_writes_the_record_when_the_answer_is_yes(
    monkeypatch: pytest.MonkeyPatch, language: str, yes: str
) -> None:
    """Issue 33: answering yes (y, or j in German) writes the record in the current folder under the name asked
    about, and it replays."""
    monkeypatch.setattr(play, "interactive", lambda: True)
    output = _play(CB_ARGS, f"quit\n{yes}\n", language)
    saved = json.loads((Path.cwd() / "city-blocks-seed1.json").read_text())
    assert saved["game"] == "city-blocks" and len(saved["actions"]) == 1
    assert "[j/N]" in output if language == "de" else "[y/N]" in output


def test_undo_takes_back_a_move_of_this_turn() -> None:
    """Issue 33 (the guide's `undo`): in City and Guilds, picking a tile and typing `undo` puts it back, as Board
    Game Arena's undo does: the record has no pick; a second `undo` has nothing left to take back and says why."""
    state = get_game("city-and-guilds").new_state(3, seed=SEED)
    bots = {seat: make_bot("greedy", SEED * 7919 + seat) for seat in (1, 2)}

    def bots_play(position: State) -> None:
        while position.current_player != 0:
            position.apply(bots[position.current_player].choose(position))

    bots_play(state)
    give_back = state.action_to_notation(state.legal_actions()[0])
    trial = state.clone()
    trial.apply(trial.legal_actions()[0])
    bots_play(trial)
    pick = trial.action_to_notation(trial.legal_actions()[0])
    record = Path.cwd() / "game.json"
    args = ["play", "city-and-guilds", "--seats", "human,greedy,greedy", "--seed", str(SEED), "--record", str(record)]
    output = _play(args, f"{give_back}\n{pick}\nundo\nundo\nquit\n")
    assert "Your last move is taken back." in output
    assert "Nothing to take back: you have made no move this turn that could be taken back" in output
    saved = json.loads(record.read_text())
    assert replay_record(parse_record(saved)).history == trial.history  # the pick is not in it


def test_undo_stops_at_a_move_that_showed_something_hidden() -> None:
    """Issue 33: a move that showed something hidden (Guildhall: cards drawn, the first of two actions) stands:
    `undo` says so, and the turn goes on."""
    state = get_game("guildhall").new_state(2, seed=SEED)
    session = play._Session(state, [0, 1], {})
    chooser = random.Random(SEED)
    for _ in range(2000):
        seat = session.state.current_player
        assert seat is not None
        action = chooser.choice(session.state.legal_actions())
        trial = session.state.clone()
        events = trial.apply(action)
        session._play(seat, action)
        if trial.current_player == seat and not trial.is_terminal and not trial.game.takes_back(events):
            break
    else:
        pytest.fail("no move showed something hidden within a turn")
    assert session.stands and not session.steps
    console = Console(width=120, color_system=None, record=True)
    original = play.console
    play.console = console
    try:
        assert session._undo() is False
    finally:
        play.console = original
    assert "so it stands" in console.export_text()


def test_hint_suggests_a_legal_move_in_words() -> None:
    """Issue 33 (the guide's `hint`): `hint` names a legal move of this position with its label."""
    state = _cb_position()
    answer = _answers(_play(CB_ARGS, "hint\nquit\n"))[0]
    flat = " ".join(answer.split())
    assert "Suggested move:" in flat
    assert any(
        f"{state.action_to_notation(action)} — {state.action_label(action)}" in flat for action in state.legal_actions()
    )


def test_the_city_blocks_board_says_what_its_codes_mean() -> None:
    """Issue 33: "nothing explains SCH/PWR/MALL/CRT": under the board a line names every code from the glossary
    (and the $ of the value tiles), in the reader's language."""
    game = get_game("city-blocks")
    state = _cb_position()
    for language in ("en", "de"):
        with use_language(language):
            console = Console(width=200, color_system=None, record=True)
            console.print(game.render_text(state.view(0), 0))
            text = console.export_text()
            glossary = game.glossary()
            for code in ("SCH", "PWR", "MALL", "CRT", "H", "S", "F"):
                name = glossary[code].name
                assert f"{code} {name.lower() if language == 'en' else name}" in text, (language, code)
            value = glossary["value"].name
            assert f"$ {value.lower() if language == 'en' else value}" in text


def test_the_city_and_guilds_map_names_its_codes_and_marks_from_the_glossary() -> None:
    """Issue 33: City and Guilds' line under the map was a list written by hand; it now takes every tile code's name
    and the map marks' names (fountain, trough, blocker) from the glossary, in the reader's language."""
    game = get_game("city-and-guilds")
    state = game.new_state(3, seed=SEED)
    for language in ("en", "de"):
        with use_language(language):
            console = Console(width=300, color_system=None, record=True)
            console.print(game.render_text(state.view(0), 0))
            text = console.export_text()
            glossary = game.glossary()

            def shown(name: str, language: str = language) -> str:
                return name.lower() if language == "en" else name

            for code in ("BA", "WE", "CA", "SM", "MIN", "TAV"):
                assert f"{code} {shown(glossary[code].name)}" in text, (language, code)
            assert f"MBA {shown(glossary['MBA'].name)}" in text
            for mark, char in (("✲", "*"), ("═", "+"), ("▓", "#")):
                assert f"{mark} {shown(glossary['feature:' + char].name)}" in text, (language, mark)


def test_the_first_lines_tell_a_newcomer_about_question_mark_and_help() -> None:
    """Issue 33: the game's first lines say how to see the moves and get help, before the first prompt."""
    output = _play(CB_ARGS, "quit\n")
    head = output.split(CB_PROMPT)[0]
    assert "? for the legal moves" in head and "help for how to play" in head
