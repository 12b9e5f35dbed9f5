"""`guildtable play GAME`: a game in the terminal, against bots or hot-seat between people at one keyboard.

Each person sees only their own seat's view and the events their seat may see; with two or more people at the
keyboard, the screen is cleared and the next person confirms before their hand is shown.

At the prompt a person types a move in the notation, or one of the words below (the same in every language):
`?` lists the legal moves grouped to fit a screen (`? all` every one in words, `? H3` those with H3), `help` is a
short guide with the codes of the board taken from the game's glossary (`help SCH` tells what one piece does),
`hint` asks the strongest bot, `undo` takes back a move of the current turn as Board Game Arena does (issue 33), and
`quit` leaves, asking first whether to save a record.
"""

from __future__ import annotations

import io
import re
import secrets
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import typer
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from guildtable.bots.base import Bot
from guildtable.bots.hint import hint as ask_hint
from guildtable.bots.levels import expert_available
from guildtable.bots.spec import make_bot
from guildtable.cli.common import console, fail, find_game, game_options, game_words, seat_name, seat_specs
from guildtable.kernel import Event, Game, GuildtableError, IllegalAction, State
from guildtable.kernel.glossary import Glossary, PieceText
from guildtable.kernel.i18n import N_, ngettext, pgettext
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import write_record
from guildtable.kernel.seats import bot_label

# The command's help (`guildtable play --help`), translated when shown.
COMMAND_HELP = N_("Play a game in the terminal.")

# The words typed at the prompt: the same in every language, like the notation.
MOVES_WORDS: Final = ("?", "moves")
HELP_WORDS: Final = ("help", "h")
QUIT_WORDS: Final = ("quit", "exit")
ALL_WORD: Final = "all"
GAME_WORD: Final = "game"  # `help game`: the game in a few sentences
# What `quit`'s question accepts as yes (English and German); anything else, or no answer, keeps the default: no.
YES_WORDS: Final = frozenset({"y", "yes", "j", "ja"})
# The bot that answers `hint` (at most 1.5 s a move; see bots/levels.py): `expert` where it has learned the game at
# this player count, else `hard`.
HINT_BOT: Final = "hard"
# The most lines `?` prints without being asked for all of them, whatever the terminal's height: the board stays in
# view above the list.
MOST_LIST_LINES: Final = 20
FEWEST_LIST_LINES: Final = 8
# How many answers of one turn the example of a whole line in `help` strings together.
LINE_EXAMPLE_ANSWERS: Final = 3


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
    if humans:
        console.print(
            _("Type a move, ? for the legal moves, help for how to play and what the codes mean, quit to leave."),
            style="dim",
            markup=False,
        )
    session = _Session(state, humans, bots)
    people = [(game.seat_names[seat], spec) for seat, spec in enumerate(specs)]
    try:
        session.run()
    except _Quit:
        _leave(session.state, record, _free_name(Path.cwd(), f"{game.name}-seed{seed}"), people)
        raise typer.Exit(0) from None
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + _("Game left unfinished."))
        if record is not None:
            _save(session.state, record, people, _("Record written to {path}", path=record))
        raise typer.Exit(1) from None
    _show_end(session.state, humans)
    if record is not None:
        _save(session.state, record, people, _("Record written to {path}", path=record))


def _free_name(folder: Path, stem: str) -> Path:
    """`folder/stem.json`, or `stem-2.json`, `stem-3.json`, ... if that file exists already."""
    path = folder / f"{stem}.json"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.json"
        number += 1
    return path


def _save(state: State, path: Path, people: Sequence[tuple[str, str]], done: str) -> bool:
    """Write the record to `path` and say `done`; a file that cannot be written is one line, never a traceback."""
    try:
        write_record(state, path, people)
    except OSError as error:
        reason = error.strerror or str(error)
        console.print(
            "[red]"
            + escape(_("The record could not be written to {path}: {reason}", path=path, reason=reason))
            + "[/]",
            soft_wrap=True,
        )
        return False
    console.print(done, soft_wrap=True, markup=False)
    return True


def _leave(state: State, record: Path | None, free: Path, people: Sequence[tuple[str, str]]) -> None:
    """`quit`: the record goes where `--record` asked for it; otherwise the person is asked first (default no)."""
    moves = len(state.history)
    if record is None:
        question = _(
            "Save a record of this game as {file} in this folder, to replay or analyse it later? [y/N] ",
            file=free.name,
        )
        if not confirm(question):
            console.print(
                ngettext(
                    "Game left after {n} move; no record saved.", "Game left after {n} moves; no record saved.", moves
                ),
                markup=False,
            )
            return
        record = free
    saved = ngettext(
        "Game left after {n} move; the record is saved in {path}",
        "Game left after {n} moves; the record is saved in {path}",
        moves,
        path=record,
    )
    _save(state, record, people, saved)


def interactive() -> bool:
    """Whether a person can answer a question: the input is a terminal (not a file or a pipe)."""
    stdin = sys.stdin
    try:
        return stdin is not None and stdin.isatty()
    except ValueError:  # a closed input
        return False


def confirm(question: str) -> bool:
    """A yes/no question whose default is no. Without a terminal to answer it, the default is taken and said."""
    if not interactive():
        console.print(question + _("no (nobody can answer: the input is not a terminal)"), markup=False, soft_wrap=True)
        return False
    try:
        answer = console.input(escape(question))
    except (EOFError, KeyboardInterrupt):
        console.print()
        return False
    return answer.strip().lower() in YES_WORDS


@dataclass
class _Step:
    """A move of the person on turn that may be taken back: the position before it and where the log stood."""

    before: State
    log_length: int


class _Session:
    def __init__(self, state: State, humans: list[int], bots: dict[int, Bot]) -> None:
        self.state = state
        self.humans = humans
        self.bots = bots
        self.log: list[Event] = []
        self.seen = {seat: 0 for seat in humans}
        self.at_keyboard: int | None = None
        # The moves of this turn that `undo` may take back, oldest first; `stands` once one showed something hidden
        # or left something to chance (it and everything before it stay).
        self.steps: list[_Step] = []
        self.stands = False

    @property
    def names(self) -> list[str]:
        game = self.state.game
        return [seat_name(game, seat) for seat in range(self.state.num_players)]

    def run(self) -> None:
        while not self.state.is_terminal:
            seat = self.state.current_player
            assert seat is not None
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.choose(self.state)
                self.log.extend(self.state.apply(action))
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
            text = console.input(f"[bold]{escape(self.names[seat])}[/] — {escape(state.prompt())} > ").strip()
            word, _space, rest = text.partition(" ")
            command, rest = word.lower(), rest.strip()
            if text.startswith("?"):
                show_legal_moves(state, text[1:])
                continue
            if command in MOVES_WORDS:
                show_legal_moves(state, rest)
                continue
            if command in HELP_WORDS:
                show_help(state, seat, rest)
                continue
            if command in QUIT_WORDS and not rest:
                raise _Quit
            if command == "undo" and not rest:
                if self._undo():
                    return
                continue
            if command == "hint" and not rest:
                self._hint(seat)
                continue
            if not text:
                continue
            try:
                actions = parse_line(state, text)
            except IllegalAction as error:
                console.print("[red]" + escape(_("Not allowed: {reason}", reason=error.message)) + "[/]")
                continue
            for action in actions:
                self._play(seat, action)
            return

    def _play(self, seat: int, action: int) -> None:
        """Carry out a move of the person at the keyboard, keeping the position before it while it may be taken
        back: within the same turn, and only if it showed nothing hidden and left nothing to chance."""
        before, length = self.state.clone(), len(self.log)
        events = self.state.apply(action)
        self.log.extend(events)
        if self.state.is_terminal or self.state.current_player != seat:
            self.steps.clear()
            self.stands = False
        elif self.state.game.takes_back(events):
            self.steps.append(_Step(before, length))
        else:
            self.steps.clear()
            self.stands = True

    def _undo(self) -> bool:
        """`undo`: back to the position before the last move of this turn; False (and why) if there is none."""
        if not self.steps:
            if self.stands:
                reason = _("your last move showed a hidden card or left something to chance, so it stands")
            else:
                reason = _("you have made no move this turn that could be taken back")
            console.print("[red]" + escape(_("Nothing to take back: {reason}", reason=reason)) + "[/]")
            return False
        step = self.steps.pop()
        self.state = step.before
        del self.log[step.log_length :]
        for key, seen in self.seen.items():
            self.seen[key] = min(seen, step.log_length)
        console.print(_("Your last move is taken back."), style="bold", markup=False)
        return True

    def _hint(self, seat: int) -> None:
        """`hint`: what the strongest bot would play here, searched from what this seat knows only."""
        console.print(_("Thinking…"), style="dim", markup=False)
        try:
            players = self.state.num_players
            spec = "expert" if expert_available(self.state.game.name, players) else HINT_BOT
            answer = ask_hint(self.state, seat, spec=spec, seed=len(self.state.history))
        except GuildtableError as error:
            console.print("[red]" + escape(str(error)) + "[/]")
            return
        action = int(answer["action"])
        template = _("Suggested move: {move} — {label}")
        console.print(
            sentence(
                template, bold={"move": self.state.action_to_notation(action)}, label=self.state.action_label(action)
            )
        )

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


# --- `?`: the legal moves --------------------------------------------------------------------------------------------


@dataclass
class MoveGroup:
    """Legal moves written alike: one of `starts` followed by one of `ends` (a one-word move has the start ""),
    with what their labels say in common."""

    starts: list[str]
    ends: list[str]
    labels: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.starts) * len(self.ends)

    @property
    def example(self) -> str:
        return f"{self.starts[0]} {self.ends[0]}".strip()

    def summary(self) -> str:
        """The labels' common words ("Build store 3 on row …"), the whole label for one move, "" if they share
        fewer than two words."""
        if len(self.labels) == 1:
            return self.labels[0]
        words = common_words(self.labels)
        if len(words) < 2:
            return ""
        return " ".join(words) + " …"


def common_words(labels: Sequence[str]) -> list[str]:
    """The words every label starts with."""
    split = [label.split() for label in labels]
    common: list[str] = []
    for column in zip(*split, strict=False):
        if any(word != column[0] for word in column):
            break
        common.append(column[0])
    return common


def shape(word: str) -> str:
    """What kind of word an ending is, whatever it names: capitals as `A`, small letters (and `_`) as `a`, digits as
    `9`, the rest as it is ("R1C4" -> "A9A9", a rebuild's "xR1C4" -> "aA9A9", "back" -> "a", "#13" -> "#9"). Endings
    of one shape after the same start, whose labels begin with the same word, are one kind of move (a site, a lot,
    a card)."""
    word = re.sub(r"[0-9]+", "9", word)
    word = re.sub(r"[A-Z\u00c0-\u00de]+", "A", word)
    return re.sub(r"[a-z_\u00df-\u00ff]+", "a", word)


def legal_moves(state: State) -> list[tuple[str, str]]:
    """Each legal move's notation and label, once each (two copies of one tile are one move to type)."""
    moves: dict[str, str] = {}
    for action in state.legal_actions():
        moves.setdefault(state.action_to_notation(action), state.action_label(action))
    return list(moves.items())


def _split(moves: Sequence[tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """Each notation's start and ending. The ending is the last word ("S3 R1C1", "swap R1 R2"), unless moves that
    begin with the same word have different lengths (Guildhall's "give red Robber", "give red Tax Collector"): then
    it is what follows the words they all share ("give" + "red Tax Collector")."""
    families: dict[str, list[list[str]]] = {}
    for notation, _label in moves:
        words = notation.split()
        families.setdefault(words[0] if words else "", []).append(words)
    split: dict[str, tuple[str, str]] = {}
    for family in families.values():
        lengths = {len(words) for words in family}
        if len(lengths) == 1:
            cut = max(0, next(iter(lengths)) - 1)
        else:
            cut = max(1, min(len(common_words([" ".join(words) for words in family])), min(lengths) - 1))
        for words in family:
            split[" ".join(words)] = (" ".join(words[:cut]), " ".join(words[cut:]))
    return split


def _join(words: Sequence[str]) -> str:
    """Words to type, one after the other; commas between them where one has spaces ("red Tax Collector")."""
    return (", " if any(" " in word for word in words) else " ").join(words)


def group_moves(moves: Sequence[tuple[str, str]]) -> list[MoveGroup]:
    """The moves in groups, in the order of the list: moves with the same start whose endings are of one shape and
    whose labels begin with the same word share a line ("swap R1" + R2 R3 … C6); lines with the same endings share
    one line ("S3 S6 SCH" + the empty sites)."""
    parts = _split(moves)
    kinds: dict[tuple[str, str, str], MoveGroup] = {}
    for notation, label in moves:
        start, end = parts[" ".join(notation.split())]
        kind = (start, shape(end), (label.split() or [""])[0])
        group = kinds.get(kind)
        if group is None:
            kinds[kind] = MoveGroup([start], [end], [label])
        else:
            group.ends.append(end)
            group.labels.append(label)
    merged: list[MoveGroup] = []
    for group in kinds.values():
        twin = next(
            (
                other
                for other in merged
                if group.starts[0] and other.starts[0] and len(group.ends) > 1 and other.ends == group.ends
            ),
            None,
        )
        if twin is None:
            merged.append(group)
        else:
            twin.starts.extend(group.starts)
            twin.labels.extend(group.labels)
    return merged


def matching_moves(moves: Sequence[tuple[str, str]], query: str) -> list[tuple[str, str]]:
    """The moves a `? TEXT` asks for: those whose notation has a word starting with TEXT (`? R2` finds R2C4 and
    `swap R2 C1`), or starts with it (`? swap R2`); failing that, those whose label has TEXT (`? school`)."""
    wanted = query.lower().split()
    if not wanted:
        return list(moves)

    def in_notation(notation: str) -> bool:
        words = notation.lower().split()
        if len(wanted) > 1:
            return words[: len(wanted)] == wanted or notation.lower().startswith(" ".join(wanted))
        return any(word.startswith(wanted[0]) for word in words)

    found = [move for move in moves if in_notation(move[0])]
    if found:
        return found
    text = " ".join(wanted)
    return [move for move in moves if text in move[1].lower()]


def list_lines() -> int:
    """How many lines `?` may fill: the terminal's height less the prompt, at most MOST_LIST_LINES."""
    return max(FEWEST_LIST_LINES, min(console.size.height - 4, MOST_LIST_LINES))


def sentence(template: str, bold: Mapping[str, str] | None = None, **plain: str) -> Text:
    """A translated message (its placeholders unfilled) as Rich text: the `bold` parts (what to type) set in bold,
    the `plain` ones as they are; nothing in either is read as markup."""
    parts = {name: f"[bold]{escape(value)}[/]" for name, value in (bold or {}).items()}
    parts.update((name, escape(value)) for name, value in plain.items())
    return Text.from_markup(escape(template).format_map(parts))


def _moves_table(moves: Sequence[tuple[str, str]], title: str, *, shared: int = 0, one_line: bool = False) -> Table:
    """The moves one a line, what to type beside what it does. With `shared`, the labels' first `shared` words
    (the same in all) go into the title once and each row has the rest; `one_line` cuts a long label short."""
    labels = [label for _notation, label in moves]
    if shared:
        title += " " + " ".join(common_words(labels)[:shared]) + " …"
        labels = ["… " + " ".join(label.split()[shared:]) for label in labels]
    padding = 1 if one_line else 2
    table = Table(title=escape(title), title_justify="left", header_style="bold", box=None, padding=(0, padding))
    widest = max((len(notation) for notation, _label in moves), default=0)
    table.add_column(_("Type"), style="bold", no_wrap=True, min_width=widest)  # what to type is never cut
    if one_line:  # the room left beside the notation and the padding of both columns, the label cut with "…"
        table.add_column(
            _("To"), no_wrap=True, overflow="ellipsis", max_width=max(10, console.width - widest - 4 * padding)
        )
    else:
        table.add_column(_("To"))
    for (notation, _label), label in zip(moves, labels, strict=True):
        table.add_row(escape(notation), escape(label))
    return table


def _fitting_table(moves: Sequence[tuple[str, str]], title: str, lines: int) -> Table | None:
    """The moves one a line with their labels in `lines` at most: as they are, else with the words all labels start
    with said once in the title ("Move a figure from the Coffee Roasters to the …"), else with long labels cut
    short; None if there are too many moves for that."""
    table = _moves_table(moves, title)
    if _height(table) <= lines:
        return table
    shared = len(common_words([label for _notation, label in moves]))
    shortest = min(len(label.split()) for _notation, label in moves)
    shared = min(shared, shortest - 1)
    if shared >= 2:
        table = _moves_table(moves, title, shared=shared)
        if _height(table) <= lines:
            return table
    table = _moves_table(moves, title, shared=shared if shared >= 2 else 0, one_line=True)
    return table if _height(table) <= lines else None


def _groups_table(groups: Sequence[MoveGroup]) -> Table:
    """One row a group: its starts (bold), then its endings (bold) and what their labels say in common (dim); a
    one-word move stands in the first column."""
    table = Table(show_header=False, box=None, padding=(0, 1, 0, 2))
    starts = any(group.starts[0] for group in groups)
    if starts:
        table.add_column(style="bold", max_width=24)
    table.add_column(ratio=1)
    for group in groups:
        summary = group.summary()
        if starts and not group.starts[0] and len(group.ends) == 1:
            table.add_row(Text(_join(group.ends)), Text(summary, style="dim"))
            continue
        row = Text(_join(group.ends), style="bold")
        if summary:
            row.append(" — " + summary, style="dim")
        if starts:
            table.add_row(Text(_join(group.starts)), row)
        else:
            table.add_row(row)
    return table


def _height(renderable: RenderableType) -> int:
    return len(console.render_lines(renderable, console.options, pad=False))


def legal_moves_view(state: State, query: str = "", lines: int | None = None) -> RenderableType:
    """What `?` prints: every legal move with its label if they fit in `lines`; otherwise the moves in groups (each
    group on a line or two: its start, the endings it takes and what they have in common), cut to `lines` with a
    note of how to see the rest. `? all` is every move with its label however long; `? TEXT` only the moves with
    TEXT."""
    moves = legal_moves(state)
    lines = list_lines() if lines is None else lines
    query = query.strip()
    if query.lower() == ALL_WORD:
        return _moves_table(moves, _("Legal moves ({n})", n=len(moves)))
    chosen = matching_moves(moves, query)
    if not chosen:
        return Text(_("No legal move has {text}. Type ? for all of them.", text=query), style="yellow", no_wrap=False)
    if query:
        title = _("Legal moves with {text} ({n} of {total})", text=query, n=len(chosen), total=len(moves))
    else:
        title = _("Legal moves ({n})", n=len(moves))
    table = _fitting_table(chosen, title, lines)
    if table is not None:
        return table
    groups = group_moves(chosen)
    example = max(groups, key=lambda group: group.size).example  # a move of the largest group
    label = dict(chosen).get(example, "")
    multiword = any(group.starts[0] and len(group.ends) > 1 for group in groups)
    if multiword:
        how = _("Type a word on the left and one of the words beside it, for example {move} ({label}).")
    else:
        how = _("Type one of them, for example {move} ({label}).")
    head = Text.assemble((title, "bold"), " ", sentence(how, bold={"move": example}, label=label))
    word = example.split()[0]  # the word that narrows the list the most
    foot = Text(
        _("? all lists every move in words; ? {word} only the moves with {word}.", word=word)
        if not query
        else _("? all lists every legal move in words."),
        style="dim",
    )
    room = lines - _height(head) - _height(foot)
    shown = list(groups)
    table = _groups_table(shown)
    while len(shown) > 1 and _height(table) > room - (1 if len(shown) < len(groups) else 0):
        shown.pop()
        table = _groups_table(shown)
    parts: list[RenderableType] = [head, table]
    left = sum(group.size for group in groups[len(shown) :])
    if left:
        more = ngettext("… and {n} more move.", "… and {n} more moves.", left)
        parts.append(Text("  " + more, style="italic"))
    parts.append(foot)
    return Group(*parts)


def can_page() -> bool:
    """Whether a long list may go through the pager (`less`): a person at a terminal reads it and closes it, and
    the board is on the screen again."""
    return interactive() and console.is_terminal


def show_legal_moves(state: State, query: str = "") -> None:
    """`?`: the legal moves, compact (see `legal_moves_view`); `? all` through the pager at a terminal when it is
    longer than the screen."""
    view = legal_moves_view(state, query)
    if query.strip().lower() == ALL_WORD and can_page() and _height(view) > console.size.height - 2:
        console.print(_("The list opens in the pager: q closes it."), style="dim", markup=False)
        with console.pager():
            console.print(view)
        return
    console.print(view)


# --- `help`: a short guide -------------------------------------------------------------------------------------------


def board_codes(glossary: Glossary) -> dict[str, PieceText]:
    """The pieces the board writes as a code of capital letters (City Blocks' SCH, City and Guilds' MWE), by code,
    in the glossary's order: the game's glossary keys them so."""
    return {key: piece for key, piece in glossary.items() if key.isalpha() and key.isupper()}


def find_piece(glossary: Glossary, asked: str) -> PieceText | None:
    """The piece `help WORD` asks about: by its code or key (`SCH`, `H3` for the house H, `#31` or `31` for card 31),
    else by its name (`school`, `Tax Collector`), else the first whose name starts with or holds WORD."""
    word = asked.strip()
    if not word:
        return None
    folded = {key.casefold(): piece for key, piece in glossary.items()}
    for key in (word, word.lstrip("#"), word.rstrip("0123456789")):
        if key and key.casefold() in folded:
            return folded[key.casefold()]
    wanted = word.casefold()
    pieces = list(glossary.values())
    for test in (
        lambda name: name == wanted,
        lambda name: name.startswith(wanted),
        lambda name: len(wanted) >= 3 and wanted in name,
    ):
        for piece in pieces:
            if test(piece.name.casefold()):
                return piece
    return None


def piece_view(piece: PieceText) -> Group:
    """A piece's name, what it does and its details, as `help CODE` prints them."""
    parts: list[RenderableType] = [Text(piece.name, style="bold"), Text(piece.text)]
    if piece.details:
        table = Table(show_header=False, box=None, padding=(0, 1, 0, 2))
        table.add_column(style="dim", max_width=28)
        table.add_column(ratio=1)
        for detail in piece.details:
            table.add_row(Text(detail.label), Text(detail.text))
        parts.append(table)
    return Group(*parts)


def _board_text(state: State, seat: int) -> str:
    """The board as plain text, to find which pieces it names."""
    plain = Console(file=io.StringIO(), width=console.width, color_system=None, highlight=False)
    plain.print(state.game.render_text(state.view(seat), seat))
    output = plain.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def _example_piece(state: State, seat: int, glossary: Glossary, codes: Mapping[str, PieceText]) -> str:
    """What to put after `help` in the guide's example: the code of the first move's piece if it has one
    (`H2 R1C1` -> H2), else the first code, else the shortest name of a piece on the board (`Alms`)."""
    legal = state.legal_actions()
    if legal:
        first = state.action_to_notation(legal[0]).split()
        if first and first[0].rstrip("0123456789") in codes:
            return first[0]
    if codes:
        return next(iter(codes))
    board = _board_text(state, seat).casefold()
    names = [piece.name for piece in glossary.values() if piece.name]
    shown = [name for name in names if name.casefold() in board]
    return min(shown or names or [""], key=len)


def line_example(state: State) -> str:
    """Several answers of one turn on one line, from this position (`WE D4 double`: a tile, a lot, a question), or
    "" where a turn here is a single answer or its answers are all of one kind (discarding card after card). It
    stops at an answer that shows something hidden or leaves something to chance, so it tells nothing the player
    does not know."""
    seat = state.current_player
    trial = state.clone()
    actions: list[int] = []
    words: list[str] = []
    while len(actions) < LINE_EXAMPLE_ANSWERS and not trial.is_terminal and trial.current_player == seat:
        action = trial.legal_actions()[0]
        notation = trial.action_to_notation(action)
        if any(notation.split()[:1] == answer.split()[:1] for answer in words):
            break
        words.append(notation)
        actions.append(action)
        if not trial.game.takes_back(trial.apply(action)):
            break  # what comes next may show what the player does not know yet (a card drawn): never guess it
    if len(actions) < 2:
        return ""
    text = " ".join(words)
    try:
        return text if parse_line(state, text) == actions else ""
    except IllegalAction:
        return ""


def game_brief(game: Game) -> Text:
    """The game in a few sentences: the ones a newcomer reads at a table on the web (`Game.how_to_play`)."""
    brief = " ".join(game_words(game, line) for line in game.how_to_play)
    return Text.assemble((_("The game in brief:") + " ", "bold"), brief or _("see the rules page."))


def help_view(state: State, seat: int, topic: str = "", lines: int | None = None) -> RenderableType:
    """What `help` prints: how to type a move (with a move of this position), the codes on the board (from the
    game's glossary) and the commands; and the game in a few sentences where that still fits in `lines` (the
    screen; `help game` prints them always). `help CODE` is what one piece does."""
    game: Game = state.game
    glossary = game.glossary()
    if topic.lower() == GAME_WORD:
        return game_brief(game)
    if topic:
        piece = find_piece(glossary, topic)
        if piece is not None:
            return piece_view(piece)
        return Text(_("Nothing in this game is called {word}. Type help for the codes on the board.", word=topic))
    parts: list[RenderableType] = [Rule(_("Help: {game}", game=game.title), style="dim")]
    legal = state.legal_actions()
    word = "?"
    if legal:
        move, label = state.action_to_notation(legal[0]), state.action_label(legal[0])
        word = (move.split() or ["?"])[0]
        how = _(
            "To move, type the move as the list of legal moves (?) writes it and press Enter, for example {move} "
            "({label})."
        )
        parts.append(sentence(how, bold={"move": move}, label=label))
        line = line_example(state)
        if line:
            several = _("Several answers of one turn may go on one line, for example {line}.")
            parts.append(sentence(several, bold={"line": line}))
    codes = board_codes(glossary)
    example = _example_piece(state, seat, glossary, codes)
    if codes:
        parts.append(Text(_("Codes on the board:"), style="bold"))
        cells = [Text.assemble((code, "bold"), " " + piece.name) for code, piece in codes.items()]
        parts.append(Columns(cells, padding=(0, 3), expand=False, column_first=True))
    commands = Table(title=_("Commands"), title_justify="left", title_style="bold", show_header=False, box=None)
    commands.add_column(style="bold", max_width=24)
    commands.add_column(ratio=1)
    listing = _("the legal moves, grouped; {all}: every one in words; {some}: only those with {word}")
    commands.add_row("?", sentence(listing, bold={"all": f"? {ALL_WORD}", "some": f"? {word}"}, word=word))
    pieces = _("what a piece does; {game}: the game in a few sentences")
    commands.add_row(Text(f"help {example}".strip()), sentence(pieces, bold={"game": f"help {GAME_WORD}"}))
    commands.add_row("hint", Text(_("a move the strongest computer player suggests")))
    commands.add_row("undo", Text(_("take back your last move of this turn, if it showed nothing hidden")))
    commands.add_row("quit", Text(_("leave the game; you are asked whether to save a record")))
    parts.append(commands)
    brief = game_brief(game)
    room = console.size.height - 2 if lines is None else lines
    if game.how_to_play and _height(Group(*parts, brief)) <= room:
        parts.append(brief)
    return Group(*parts)


def show_help(state: State, seat: int, topic: str = "") -> None:
    console.print(help_view(state, seat, topic))


# --- the end ---------------------------------------------------------------------------------------------------------


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
