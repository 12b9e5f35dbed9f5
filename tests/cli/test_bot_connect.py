"""Issue 37: `guildtable bot-connect`, the Bot API's reference client, as a person meets it: its help in German, and
a bot spec it cannot play refused before it connects anywhere. (It plays a whole game on a real server in
`tests/server/test_bot_play.py`.)"""

from __future__ import annotations

from typer.testing import CliRunner

from guildtable.cli.app import app

runner = CliRunner()
ENGLISH_ENVIRONMENT = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}


def test_the_help_is_german_with_lang_de() -> None:
    result = runner.invoke(app, ["--lang", "de", "bot-connect", "--help"], env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    assert "Spiele als Bot-Konto auf einem guildtable-Server" in result.output
    assert "Das API-Token des Bot-Kontos" in result.output and "Play as a bot account" not in result.output


def test_an_unknown_bot_is_refused_before_connecting() -> None:
    args = ["--lang", "en", "bot-connect", "--token", "gtb_x", "--server", "http://127.0.0.1:9", "--bot", "nobody"]
    result = runner.invoke(app, args, env=ENGLISH_ENVIRONMENT)
    assert result.exit_code == 2 and "unknown bot" in result.output, result.output
