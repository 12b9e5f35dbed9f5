"""`guildtable --version` (issue 30): SECURITY.md asks whoever reports a problem for it, and it did not exist."""

from __future__ import annotations

from importlib.metadata import version

from typer.testing import CliRunner

from guildtable.cli.app import app


def test_version_prints_the_installed_package_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"guildtable {version('guildtable')}"


def test_version_is_in_the_help_in_both_languages() -> None:
    assert "--version" in CliRunner().invoke(app, ["--help"]).output
    german = CliRunner().invoke(app, ["--lang", "de", "--help"]).output
    assert "Version von guildtable" in german
