"""Issue 15: the CLI's own words (tables, results, help texts, errors) are German when the language is German."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from guildtable.cli.app import app, language_from_arguments
from guildtable.kernel.i18n import current_language

runner = CliRunner()
ENGLISH_ENVIRONMENT = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}


def test_games_lists_the_games_in_german() -> None:
    """Issue 15: `--lang de games` titles its table and columns in German."""
    result = runner.invoke(app, ["--lang", "de", "games"], env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    assert "Spiele" in result.output and "Spieler" in result.output and "Optionen" in result.output
    assert "city-blocks" in result.output  # names stay as they are typed
    assert "Players" not in result.output and "(stand-in content)" not in result.output


def test_simulate_reports_in_german() -> None:
    """Issue 15: `--lang de simulate` reports wins, rates and lengths in German, seat colours included."""
    args = ["--lang", "de", "simulate", "city-blocks", "--bots", "random,greedy", "--games", "4", "--seed", "3"]
    result = runner.invoke(app, args, env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    assert "4 Partien" in result.output and "Siegquote" in result.output and "Siege als Blau" in result.output
    assert "Mittlere Partielänge" in result.output and "Siegquote des Startspielers" in result.output
    assert "Mean game length" not in result.output and "Wins as Blue" not in result.output
    # Rates and means with a decimal comma and a spaced per-cent sign ("75,0 %"), as German writes them.
    assert re.search(r"\d+,\d\u00a0%", result.output) and not re.search(r"\d+\.\d%", result.output)


def test_help_is_german_with_lang_de() -> None:
    """Issue 15: `--lang de --help` and a command's `--help` are German (help is printed before `--lang` would be
    handled as an option, so the language is read from the arguments first)."""
    result = runner.invoke(app, ["--lang", "de", "--help"], env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    assert "Befehle" in result.output and "Eine Partie im Terminal spielen." in result.output
    assert "Diese Hilfe zeigen und beenden." in result.output and "Aufruf:" in result.output
    assert "Play a game in the terminal." not in result.output and "Show this message" not in result.output
    result = runner.invoke(app, ["--lang", "de", "simulate", "--help"], env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    assert "Anzahl der Partien." in result.output and "Standard: 100" in result.output
    assert "Number of games." not in result.output and "default: 100" not in result.output
    assert current_language() == "en"  # the run's language does not outlive it


def test_help_stays_english_without_a_language() -> None:
    """Issue 15: the same command tree still speaks English to an English reader after a German run."""
    runner.invoke(app, ["--lang", "de", "play", "--help"], env=ENGLISH_ENVIRONMENT)
    result = runner.invoke(app, ["play", "--help"], env=ENGLISH_ENVIRONMENT)
    assert "Play a game in the terminal." in result.output and "Eine Partie" not in result.output


def test_lang_from_the_environment_gives_german() -> None:
    """Issue 15: without `--lang`, `LANG=de_DE.UTF-8` makes the output and the help German."""
    german = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "de_DE.UTF-8"}
    result = runner.invoke(app, ["games"], env=german)
    assert result.exit_code == 0, result.output
    assert "Spiele" in result.output and "Titel" in result.output and "Title" not in result.output
    result = runner.invoke(app, ["simulate", "--help"], env=german)
    assert "Bots gegeneinander spielen lassen" in result.output
    assert "Play bots against each other" not in result.output


def test_errors_are_german() -> None:
    """Issue 15: a refused option and a bad `--lang` are explained in German, frame included."""
    result = runner.invoke(app, ["--lang", "de", "serve", "--workers", "2"], env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 2
    assert "--workers und --bot-workers brauchen --redis" in result.output and "Ungültiger Wert" in result.output
    assert "need --redis" not in result.output and "Invalid value" not in result.output
    german = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "de_DE.UTF-8"}
    result = runner.invoke(app, ["--lang", "xx", "games"], env=german)
    assert result.exit_code == 2
    assert "'xx' ist hier keine Sprache: en oder de" in result.output and "Fehler" in result.output
    assert "is not a language here" not in result.output
    result = runner.invoke(app, ["--lang", "de", "play", "city-blocks", "--seats", "human,greedy,greedy"])
    assert result.exit_code == 2
    assert "Fehler:" in result.output and "ist für 2–2 Spieler" in result.output
    assert "players" not in result.output


def test_play_speaks_german() -> None:
    """Issue 15: `play` names the seats, lists the legal moves and says goodbye in German."""
    args = ["--lang", "de", "play", "city-blocks", "--seats", "greedy,human", "--seed", "5"]
    result = runner.invoke(app, args, input="?\n")
    assert result.exit_code == 1
    assert "Erlaubte Züge" in result.output and "Partie unvollendet verlassen." in result.output
    assert "Blau (Computer, locker)" in result.output
    assert "Legal moves" not in result.output and "Game left unfinished" not in result.output


@pytest.mark.parametrize(
    ("arguments", "language"),
    [
        (["--lang", "de", "games"], "de"),
        (["--lang=de", "--help"], "de"),
        (["--lang", "xx", "games"], None),
        (["games", "--lang", "de"], None),  # after the command it is not the group's option
        (["play", "city-blocks"], None),
    ],
)
def test_the_language_is_read_from_the_arguments_before_the_command(arguments: list[str], language: str | None) -> None:
    """Issue 15: what `main` reads before Click parses (so `--help` is already in the chosen language)."""
    assert language_from_arguments(arguments) == language
