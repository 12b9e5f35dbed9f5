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
from guildtable.cli.common import console, fail, find_game, game_options, game_words, seat_name, seat_specs
from guildtable.kernel import Event, GuildtableError, IllegalAction, State
from guildtable.kernel.i18n import N_, ngettext, pgettext
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import write_record
from guildtable.kernel.seats import bot_label

# The command's help (`guildtable play --help`), translated when shown.
COMMAND_HELP = N_("Play a game in the terminal.")
# What `help` prints during a game. The words typed (?, help, quit) stay the same in every language.
HELP = N_(
    "Type a move in the notation; several answers of one turn may go on one line (City and Guilds: WE D4 double). "
    "? lists the legal moves in notation and in words, help shows this, quit saves the game record and leaves."
)


class _Quit(Exception):
    """The person at the keyboard typed quit."""


def play(
    game_name: str = typer.Argument(..., metavar="GAME", help=N_("A game name from `guildtable games`.")),
    seats: str | None = typer.Option(None, help=N_("Comma-separated seats: human or a bot spec (random, greedy).")),
    players: int | None = typer.Option(None, help=N_("Number of players (default: as many as --seats names).")),
    seed: int | None = typer.Option(None, help=N_("Seed for the shuffles (default: random).")),
    option: list[str] = typer.Option([], "--option", "-o", help=N_("Game option NAME=VALUE (see `guildtable games`).")),  # noqa: B008
    record: Path | None = typer.Option(None, help=N_("Write the game record to this file at the end.")),  # noqa: B008
) -> None:
    game = find_game(game_name)
    specs = seat_specs(game, seats, players)
    options = game_options(game, option)
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        state = game.new_state(len(specs), seed=seed, options=options)
    except GuildtableError as error:
        fail(str(error))
    human = pgettext("seat kind", "human")
    names = [
        f"{seat_name(game, seat)} ({human if spec.lower() == 'human' else bot_label(spec)})"
        for seat, spec in enumerate(specs)
    ]
    bots = {seat: make_bot(spec, seed * 7919 + seat) for seat, spec in enumerate(specs) if spec.lower() != "human"}
    humans = [seat for seat in range(len(specs)) if seat not in bots]
    if not game.official_content:
        note = game_words(game, game.content_note) or _("some of this game’s content is a stand-in.")
        console.print("[yellow]" + escape(_("Note: {note}", note=note)) + "[/]")
    console.print(
        f"[bold]{escape(game.title)}[/] — " + escape(_("seed {seed}", seed=seed)) + " — " + escape(", ".join(names))
    )
    session = _Session(state, humans, bots)
    people = [(game.seat_names[seat], spec) for seat, spec in enumerate(specs)]
    try:
        session.run()
    except _Quit:
        path = record if record is not None else _free_name(Path.cwd(), f"{game.name}-seed{seed}")
        write_record(state, path, people)
        left = ngettext(
            "Game left after {n} move; the record is saved in {path}",
            "Game left after {n} moves; the record is saved in {path}",
            len(state.history),
            path=path,
        )
        console.print(left, soft_wrap=True, markup=False)
        raise typer.Exit(0) from None
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + _("Game left unfinished."))
        if record is not None:
            write_record(state, record, people)
            console.print(_("Record written to {path}", path=record), markup=False)
        raise typer.Exit(1) from None
    _show_end(state, humans)
    if record is not None:
        write_record(state, record, people)
        console.print(_("Record written to {path}", path=record), markup=False)


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
    def names(self) -> list[str]:
        game = self.state.game
        return [seat_name(game, seat) for seat in range(self.state.num_players)]

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
            name = self.names[seat]
            turn = escape(_("{name}'s turn.", name=name))
            hidden = escape(_("The other hands are hidden."))
            console.print(f"[bold]{turn}[/] {hidden}")
            console.input(escape(_("Press Enter when {name} is at the keyboard… ", name=name)))
            self.at_keyboard = seat
        self._show_log(seat)
        console.print(Rule())
        console.print(state.game.render_text(state.view(seat), seat))
        while True:
            text = console.input(f"[bold]{escape(self.names[seat])}[/] — {state.prompt()} > ").strip()
            if text in ("?", "moves"):
                show_legal_moves(state)
                continue
            if text.lower() in ("help", "h"):
                console.print(_(HELP), markup=False)
                continue
            if text.lower() in ("quit", "exit"):
                raise _Quit
            try:
                for action in parse_line(state, text):
                    self.log.extend(state.apply(action))
            except IllegalAction as error:
                console.print("[red]" + escape(_("Not allowed: {reason}", reason=error.message)) + "[/]")
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
            raise IllegalAction("", _("your turn ends before {rest}; type only your own answers", rest=repr(rest)))
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
    table = Table(title=_("Legal moves ({n})", n=len(legal)), header_style="bold", box=None, padding=(0, 2))
    table.add_column(_("Type"))
    table.add_column(_("To"))
    for action in legal:
        table.add_row(escape(state.action_to_notation(action)), escape(state.action_label(action)))
    console.print(table)


def _show_end(state: State, humans: list[int]) -> None:
    viewer = humans[0] if len(humans) == 1 else None
    console.print(Rule(_("Game over")))
    console.print(state.game.render_text(state.view(viewer), viewer))
    show_result(state)


def show_result(state: State) -> None:
    """The final score table and the winner(s)."""
    names = [seat_name(state.game, seat) for seat in range(state.num_players)]
    table = Table(title=_("Final score"), header_style="bold")
    table.add_column(_("Seat"))
    table.add_column(_("Score"), justify="right")
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        table.add_row(names[seat] + (" 🏆" if seat in winners else ""), f"{score:g}")
    console.print(table)
    if len(winners) > 1:
        console.print(_("Shared win: {names}", names=", ".join(names[seat] for seat in winners)), markup=False)
    elif winners:
        console.print("[bold]" + escape(_("{name} wins.", name=names[winners[0]])) + "[/]")
