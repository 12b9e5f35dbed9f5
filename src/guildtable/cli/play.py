"""`guildtable play GAME`: a game in the terminal, against bots or hot-seat between people at one keyboard.

Each person sees only their own seat's view and the events their seat may see; with two or more people at the
keyboard, the screen is cleared and the next person confirms before their hand is shown.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import typer
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from guildtable.bots.base import Bot
from guildtable.bots.spec import make_bot
from guildtable.cli.common import console, fail, find_game, game_options, seat_specs
from guildtable.kernel import Event, GuildtableError, IllegalAction, State
from guildtable.kernel.records import write_record

HELP = (
    "Type a move in the notation; several answers of one turn may go on one line (City and Guilds: WE D4 double). "
    "? lists the legal moves in notation and in words, help shows this, quit saves the game record and leaves."
)


class _Quit(Exception):
    """The person at the keyboard typed quit."""


def play(
    game_name: str = typer.Argument(..., metavar="GAME", help="A game name from `guildtable games`."),
    seats: str | None = typer.Option(None, help="Comma-separated seats: human or a bot spec (random, greedy)."),
    players: int | None = typer.Option(None, help="Number of players (default: as many as --seats names)."),
    seed: int | None = typer.Option(None, help="Seed for the shuffles (default: random)."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option NAME=VALUE (see `guildtable games`)."),
    record: Path | None = typer.Option(None, help="Write the game record to this file at the end."),
) -> None:
    """Play a game in the terminal."""
    game = find_game(game_name)
    specs = seat_specs(game, seats, players)
    options = game_options(game, option)
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        state = game.new_state(len(specs), seed=seed, options=options)
    except GuildtableError as error:
        fail(str(error))
    names = [f"{game.seat_names[seat]} ({spec})" for seat, spec in enumerate(specs)]
    bots = {seat: make_bot(spec, seed * 7919 + seat) for seat, spec in enumerate(specs) if spec.lower() != "human"}
    humans = [seat for seat in range(len(specs)) if seat not in bots]
    if not game.official_content:
        console.print(f"[yellow]Note: {game.content_note or 'some of this game’s content is a stand-in.'}[/]")
    console.print(f"[bold]{game.title}[/] — seed {seed} — " + ", ".join(names))
    session = _Session(state, humans, bots)
    people = [(game.seat_names[seat], spec) for seat, spec in enumerate(specs)]
    try:
        session.run()
    except _Quit:
        path = record if record is not None else _free_name(Path.cwd(), f"{game.name}-seed{seed}")
        write_record(state, path, people)
        console.print(f"Game left after {len(state.history)} moves; the record is saved in {path}", soft_wrap=True)
        raise typer.Exit(0) from None
    except (EOFError, KeyboardInterrupt):
        console.print("\nGame left unfinished.")
        if record is not None:
            write_record(state, record, people)
            console.print(f"Record written to {record}")
        raise typer.Exit(1) from None
    _show_end(state, humans)
    if record is not None:
        write_record(state, record, people)
        console.print(f"Record written to {record}")


def _free_name(folder: Path, stem: str) -> Path:
    """`folder/stem.json`, or `stem-2.json`, `stem-3.json`, ... if that file exists already."""
    path = folder / f"{stem}.json"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.json"
        number += 1
    return path


class _Session:
    def __init__(self, state: State, humans: list[int], bots: dict[int, Bot]) -> None:
        self.state = state
        self.humans = humans
        self.bots = bots
        self.log: list[Event] = []
        self.seen = {seat: 0 for seat in humans}
        self.at_keyboard: int | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.game.seat_names

    def run(self) -> None:
        state = self.state
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.choose(state)
                self.log.extend(state.apply(action))
                if not self.humans:
                    self._show_log(None)
                continue
            self._human_turn(seat)
        for seat in self.humans:
            self._show_log(seat)

    def _human_turn(self, seat: int) -> None:
        state = self.state
        if len(self.humans) > 1 and self.at_keyboard != seat:
            console.clear()
            console.print(f"[bold]{self.names[seat]}'s turn.[/] The other hands are hidden.")
            console.input(f"Press Enter when {self.names[seat]} is at the keyboard… ")
            self.at_keyboard = seat
        self._show_log(seat)
        console.print(Rule())
        console.print(state.game.render_text(state.view(seat), seat))
        while True:
            text = console.input(f"[bold]{self.names[seat]}[/] — {state.prompt()} > ").strip()
            if text in ("?", "moves"):
                show_legal_moves(state)
                continue
            if text.lower() in ("help", "h"):
                console.print(HELP)
                continue
            if text.lower() in ("quit", "exit"):
                raise _Quit
            try:
                for action in parse_line(state, text):
                    self.log.extend(state.apply(action))
            except IllegalAction as error:
                console.print(f"[red]Not allowed: {escape(error.message)}[/]")
                continue
            return

    def _show_log(self, seat: int | None) -> None:
        key = -1 if seat is None else seat  # -1: the spectator's log when only bots play
        start = self.seen.get(key, 0)
        for event in self.log[start:]:
            if event.visible_to(seat):
                line = self.state.game.describe_event(event)
                if line:
                    console.print(f"  {line}")
        self.seen[key] = len(self.log)


def parse_line(state: State, text: str) -> list[int]:
    """The actions a typed line names: one move (`H3 R2C4`), or several answers of the same turn in a row
    (`WE D4 double`: pick the tile, place it on D4, answer the building's question). Each answer is the longest run
    of words that reads as a legal move at that point, tried on a copy, so nothing happens unless the whole line is
    legal. A line that goes on past the player's turn is refused."""
    try:
        return [state.action_from_notation(text)]
    except IllegalAction as whole:
        words = text.split()
        if len(words) < 2:
            raise
        first_error = whole
    seat = state.current_player
    trial = state.clone()
    actions: list[int] = []
    start = 0
    while start < len(words):
        if trial.is_terminal or trial.current_player != seat:
            rest = " ".join(words[start:])
            raise IllegalAction("", f"your turn ends before {rest!r}; type only your own answers")
        refusal: IllegalAction | None = None
        short_error: IllegalAction | None = None
        for end in range(len(words), start, -1):
            try:
                action = trial.action_from_notation(" ".join(words[start:end]))
                trial.apply(action)
            except IllegalAction as error:
                if error.rule and refusal is None:
                    refusal = error
                short_error = error
                continue
            actions.append(action)
            start = end
            break
        else:
            raise refusal or (first_error if start == 0 else short_error) or first_error
    return actions


def show_legal_moves(state: State) -> None:
    """The legal moves: each one's notation (what to type) beside its label in plain words."""
    legal = state.legal_actions()
    table = Table(title=f"Legal moves ({len(legal)})", header_style="bold", box=None, padding=(0, 2))
    table.add_column("Type")
    table.add_column("To")
    for action in legal:
        table.add_row(escape(state.action_to_notation(action)), escape(state.action_label(action)))
    console.print(table)


def _show_end(state: State, humans: list[int]) -> None:
    viewer = humans[0] if len(humans) == 1 else None
    console.print(Rule("Game over"))
    console.print(state.game.render_text(state.view(viewer), viewer))
    show_result(state)


def show_result(state: State) -> None:
    """The final score table and the winner(s)."""
    names = state.game.seat_names
    table = Table(title="Final score", header_style="bold")
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        table.add_row(names[seat] + (" 🏆" if seat in winners else ""), f"{score:g}")
    console.print(table)
    if len(winners) > 1:
        console.print("Shared win: " + " and ".join(names[seat] for seat in winners))
    elif winners:
        console.print(f"[bold]{names[winners[0]]} wins.[/]")
