"""Issue 15: the words Typer's argument parser prints (parse errors, the usage line's placeholders) are German under
`--lang de`, and exactly Typer's English under `--lang en`."""

from __future__ import annotations

from typer.testing import CliRunner

from guildtable.cli.app import app
from guildtable.cli.click_words import translate
from guildtable.kernel.i18n import current_language, use_language
from pseudo import bracketed

runner = CliRunner()
ENGLISH_ENVIRONMENT = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args), env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 2, result.output
    return " ".join(result.output.replace("│", " ").split())  # the error panel wraps long lines


def test_an_unknown_option_is_german() -> None:
    """Issue 15: `--lang de simulate --no-such-option` says so in German, usage line included."""
    output = _run("--lang", "de", "simulate", "--no-such-option")
    assert "Keine solche Option: --no-such-option" in output and "mögliche Optionen" in output
    assert "Aufruf: guildtable simulate [OPTIONEN]" in output
    assert "No such option" not in output and "[OPTIONS]" not in output
    assert current_language() == "en"


def test_a_missing_argument_and_a_bad_number_are_german() -> None:
    """Issue 15: a missing argument, a non-integer and a too small integer for `--games` are refused in German."""
    output = _run("--lang", "de", "simulate")
    assert "Argument 'GAME' fehlt." in output and "Missing argument" not in output
    output = _run("--lang", "de", "simulate", "city-blocks", "--games", "abc")
    assert "Ungültiger Wert für '--games': Hier gehört eine ganze Zahl hin" in output
    assert "Invalid value" not in output and "Input should be" not in output
    output = _run("--lang", "de", "simulate", "city-blocks", "--games", "0")
    assert "Der Wert muss mindestens 1 sein" in output
    output = _run("--lang", "de", "simulate", "city-blocks", "extra")
    assert "Unerwartete zusätzliche Argumente (extra)" in output and "unexpected" not in output


def test_an_unknown_command_is_german() -> None:
    """Issue 15: Typer's own gettext messages (an unknown command, its suggestion) come from the catalogue."""
    output = _run("--lang", "de", "simulat")
    assert "Befehl 'simulat' gibt es nicht. Meintest du 'simulate'?" in output
    assert "No such command" not in output and "Did you mean" not in output


def test_the_usage_placeholders_are_german_in_the_help() -> None:
    """Issue 15: `--lang de --help` shows the usage line's placeholders in German."""
    result = runner.invoke(app, ["--lang", "de", "--help"], env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    assert "Aufruf: guildtable [OPTIONEN] BEFEHL [ARGUMENTE]..." in result.output
    assert "[OPTIONS]" not in result.output and "COMMAND [ARGS]" not in result.output


def test_english_stays_exactly_as_typer_writes_it() -> None:
    """Issue 15: under `--lang en` (also after a German run) the same errors and help are Typer's own English."""
    _run("--lang", "de", "simulate", "--no-such-option")
    output = _run("--lang", "en", "simulate", "--no-such-option")
    assert "No such option: --no-such-option (Possible options: --option)" in output
    assert "Usage: guildtable simulate [OPTIONS]" in output and "Keine" not in output
    assert "Missing argument 'GAME'." in _run("--lang", "en", "simulate")
    output = _run("--lang", "en", "simulate", "city-blocks", "--games", "abc")
    assert (
        "Invalid value for '--games': Input should be a valid integer, unable to parse string as an integer" in output
    )
    assert "No such command 'simulat'. Did you mean 'simulate'?" in _run("--lang", "en", "simulat")
    result = runner.invoke(app, ["--lang", "en", "--help"], env=ENGLISH_ENVIRONMENT)
    assert "Usage: guildtable [OPTIONS] COMMAND [ARGS]..." in result.output


def test_english_texts_are_unchanged_and_unknown_texts_pass_through() -> None:
    """Issue 15: in English each template gives back Typer's text unchanged; a text no template matches stays."""
    texts = [
        "No such option: --foo (Possible options: --bar, --baz)",
        "Missing argument 'GAME'.",
        "Invalid value for '--games': Input should be greater than or equal to 1",
        "Got unexpected extra argument(s) (a b)",
        "something Typer has never said",
    ]
    with use_language("en"):
        assert [translate(text) for text in texts] == texts
    with use_language("de"):
        assert translate("something Typer has never said") == "something Typer has never said"
        assert translate("Missing option '--seed'.") == "Option '--seed' fehlt."


def test_pseudo_locale_brackets_the_parser_messages() -> None:
    """Issue 15: under the pseudo-locale a parser error is wholly from the catalogue."""
    with use_language("qps"):
        assert bracketed(translate("Missing argument 'GAME'."))
        assert bracketed(translate("Got unexpected extra argument(s) (extra)"), names=["extra"])
    result = runner.invoke(app, ["--lang", "qps", "--help"], env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    usage = next(line for line in result.output.splitlines() if "guildtable" in line).strip()
    assert bracketed(usage, names=["guildtable"]) and "[OPTIONS]" not in usage
