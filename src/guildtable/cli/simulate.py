"""`guildtable simulate`: many bot games with seats rotated, then wins per bot and seat, scores and lengths."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from guildtable.bots.base import Bot
from guildtable.bots.spec import make_bot
from guildtable.cli.common import console, fail, find_game, game_options, player_count_error, seat_name, split_specs
from guildtable.kernel import Game, GuildtableError, State
from guildtable.kernel.i18n import N_, ngettext, number, percent
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import write_record

# The command's help (`guildtable simulate --help`), translated when shown.
HELP = N_("Play bots against each other and report wins, scores and game lengths.")


@dataclass
class Tally:
    """What one entry of the lineup did over all games."""

    spec: str
    games: int = 0
    wins: float = 0.0  # a k-way shared win counts 1/k
    score_sum: float = 0.0
    seat_games: dict[int, int] = field(default_factory=dict)
    seat_wins: dict[int, float] = field(default_factory=dict)


def simulate(
    game_name: str = typer.Argument(..., metavar="GAME", help=N_("A game name from `guildtable games`.")),
    bots: str = typer.Option(
        "random,random",
        help=N_(
            "Bot specs, one per seat, separated by commas; a spec keeps its parameters: "
            "greedy,ismcts:iterations=500,ms=200."
        ),
    ),
    games: int = typer.Option(100, min=1, help=N_("Number of games.")),
    seed: int = typer.Option(0, help=N_("Seed of the first game; game i uses seed+i.")),
    option: list[str] = typer.Option([], "--option", "-o", help=N_("Game option NAME=VALUE.")),  # noqa: B008
    records: Path | None = typer.Option(None, help=N_("Write each game's record into this directory.")),  # noqa: B008
    rotate: bool = typer.Option(True, help=N_("Rotate the lineup through the seats from game to game.")),
) -> None:
    game = find_game(game_name)
    options = game_options(game, option)
    specs = split_specs(bots)
    if len(specs) not in game.player_counts:
        fail(player_count_error(game, "--bots", len(specs)))
    try:
        for spec in specs:
            make_bot(spec)
    except GuildtableError as error:
        fail(str(error))
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    players = len(specs)
    labels = _labels(specs)
    tallies = [Tally(label) for label in labels]
    lengths: list[int] = []
    first_wins = 0.0
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{game.title}", total=games)
        for index in range(games):
            shift = index % players if rotate else 0
            lineup = [(entry + shift) % players for entry in range(players)]  # lineup[entry] = seat
            seat_of = {seat: entry for entry, seat in enumerate(lineup)}
            game_seed = seed + index
            try:
                state = game.new_state(players, seed=game_seed, options=options)
            except GuildtableError as error:
                fail(str(error))
            seat_bots = {seat: make_bot(specs[entry], game_seed * 7919 + seat) for entry, seat in enumerate(lineup)}
            first = state.current_player
            _play_out(state, seat_bots)
            returns = state.returns()
            lengths.append(len(state.history))
            if first is not None:
                first_wins += returns[first]
            for seat, score in enumerate(state.scores()):
                tally = tallies[seat_of[seat]]
                tally.games += 1
                tally.wins += returns[seat]
                tally.score_sum += score
                tally.seat_games[seat] = tally.seat_games.get(seat, 0) + 1
                tally.seat_wins[seat] = tally.seat_wins.get(seat, 0.0) + returns[seat]
            if records is not None:
                write_record(
                    state,
                    records / f"{game.name}-{game_seed}.json",
                    [(labels[seat_of[seat]], specs[seat_of[seat]]) for seat in range(players)],
                )
            progress.advance(task)
    _report(game, tallies, lengths, first_wins, games)


def _labels(specs: list[str]) -> list[str]:
    counts = {spec: specs.count(spec) for spec in specs}
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if counts[spec] == 1 else f"{spec} #{seen[spec]}")
    return labels


def _play_out(state: State, seat_bots: dict[int, Bot]) -> None:
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(seat_bots[seat].choose(state))


def _report(game: Game, tallies: list[Tally], lengths: list[int], first_wins: float, games: int) -> None:
    players = len(tallies)
    title = ngettext("{title}: {n} game", "{title}: {n} games", games, title=game.title)
    table = Table(title=title, header_style="bold")
    table.add_column(_("Bot"))
    table.add_column(_("Wins"), justify="right")
    table.add_column(_("Win rate"), justify="right")
    table.add_column(_("Mean score"), justify="right")
    for seat in range(players):
        table.add_column(_("Wins as {seat}", seat=seat_name(game, seat)), justify="right")
    for tally in tallies:
        per_seat = [f"{tally.seat_wins.get(seat, 0):g}/{tally.seat_games.get(seat, 0)}" for seat in range(players)]
        table.add_row(
            tally.spec,
            f"{tally.wins:g}",
            percent(tally.wins / max(1, tally.games), 1),
            number(tally.score_sum / max(1, tally.games), 2),
            *per_seat,
        )
    console.print(table)
    console.print(
        _(
            "Mean game length: {mean} moves (min {low}, max {high})",
            mean=number(sum(lengths) / len(lengths), 1),
            low=min(lengths),
            high=max(lengths),
        )
    )
    console.print(_("First player's win rate: {rate} (shared wins count 1/k)", rate=percent(first_wins / games, 1)))
