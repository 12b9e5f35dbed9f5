"""Issue 32: `guildtable serve`'s options are the fields of one settings object (`server/settings.py`), declared once
for the command line, the environment (`GUILDTABLE_...`) and the app: an option given on the command line wins over
its variable, which wins over the default, and whatever they make reaches the app."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from typer.testing import CliRunner

from guildtable.cli import serve
from guildtable.cli.app import app
from guildtable.kernel.i18n import gettext, use_language
from guildtable.server import create_app
from guildtable.server.settings import ServerSettings

runner = CliRunner()
# Wide enough that rich wraps no option name and cuts no word of a help text.
WIDE = {"COLUMNS": "400", "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}
# Every option `serve` had before its options came from the settings (scripts, tests and the guides use them).
OPTIONS_BEFORE = [
    "--host",
    "--port",
    "--db",
    "--bot-delay",
    "--ws-compression",
    "--no-ws-compression",
    "--log-level",
    "--redis",
    "--workers",
    "--bot-workers",
    "--create-rate",
    "--join-rate",
    "--upload-rate",
    "--move-rate",
    "--connect-rate",
    "--message-rate",
    "--frame-rate",
    "--signin-rate",
    "--analyse-rate",
    "--replay-rate",
    "--bot-rate",
    "--replay-cache",
    "--replay-builds",
    "--analysis-queue",
    "--analysis-iterations",
    "--max-body",
    "--max-message",
    "--max-record-moves",
    "--max-spectators",
    "--max-sockets",
    "--client-queue",
    "--idle-seconds",
    "--max-live-tables",
    "--leaderboard-min-games",
    "--rated-pair-games",
    "--rated-pace-days",
    "--allow-chosen-seeds",
    "--no-allow-chosen-seeds",
    "--smtp",
    "--smtp-from",
    "--smtp-user",
    "--smtp-password",
    "--smtp-starttls",
    "--no-smtp-starttls",
    "--public-url",
    "--mail-poll",
    "--mail-per-address-day",
    "--mail-confirmations-per-day",
    "--forwarded-allow-ips",
]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What `serve` gave the app and uvicorn, instead of serving: [settings, uvicorn's options] per run."""
    seen: list[Any] = []

    def app_of(settings: ServerSettings) -> FastAPI:
        seen.append(settings)
        return FastAPI()

    monkeypatch.setattr("guildtable.server.create_app", app_of)
    monkeypatch.setattr("uvicorn.run", lambda _app, **options: seen.append(options))
    return seen


def test_the_command_line_wins_over_the_environment_which_wins_over_the_default(
    started: list[Any], tmp_path: Path
) -> None:
    """Issue 32: `GUILDTABLE_PORT=9000 guildtable serve --port 9100` listens on 9100; what only the environment sets
    (a plain setting, a limit) reaches the app; what neither sets keeps its default."""
    environment = {
        "GUILDTABLE_PORT": "9000",
        "GUILDTABLE_BOT_DELAY": "0.25",
        "GUILDTABLE_LIMITS__MOVE_RATE": "7/minute",
        "GUILDTABLE_LIMITS__JOIN_RATE": "8/minute",
    }
    command = ["serve", "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}", "--port", "9100", "--join-rate", "9/minute"]
    result = runner.invoke(app, command, env=environment)
    assert result.exit_code == 0, result.output
    settings, options = started
    assert settings.port == 9100 and options["port"] == 9100
    assert settings.bot_delay == 0.25
    assert settings.limits.move_rate == "7/minute"
    assert settings.limits.join_rate == "9/minute"
    assert settings.limits.create_rate == ServerSettings().limits.create_rate
    assert settings.host == "127.0.0.1" and options["host"] == "127.0.0.1"


def test_a_setting_from_the_environment_reaches_a_running_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: the app a caller builds from `ServerSettings()` reads the same variables: its lobby holds them."""
    monkeypatch.setenv("GUILDTABLE_DB", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    monkeypatch.setenv("GUILDTABLE_LIMITS__MAX_LIVE_TABLES", "17")
    lobby = create_app(ServerSettings()).state.lobby
    assert lobby.limits.max_live_tables == 17
    assert ServerSettings(limits={"max_live_tables": 3}).limits.max_live_tables == 3  # given wins


def test_a_bad_value_in_the_environment_is_refused_as_its_option(started: list[Any]) -> None:
    """Issue 32: a variable is checked as its option is: `GUILDTABLE_BOT_DELAY=-1` is refused like `--bot-delay -1`,
    before anything starts."""
    result = runner.invoke(app, ["serve"], env={**WIDE, "GUILDTABLE_BOT_DELAY": "-1"})
    assert result.exit_code == 2 and "--bot-delay" in result.output, result.output
    assert runner.invoke(app, ["serve", "--bot-delay", "-1"], env=WIDE).exit_code == 2
    assert runner.invoke(app, ["serve"], env={**WIDE, "GUILDTABLE_SMTP": "no-port"}).exit_code == 2
    assert started == []


def test_the_workers_get_the_settings_their_parent_was_given(
    started: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: with `--workers N` each worker process builds its app from its parent's settings (the SMTP password
    from the environment included), not from its own arguments."""
    given = ServerSettings(workers=2, redis="redis://127.0.0.1:1/0", smtp="mail.example.org:587", smtp_password="pw")
    monkeypatch.setenv(serve.SETTINGS_VARIABLE, given.model_dump_json())
    serve.worker_app()
    (settings,) = started
    assert settings == given and settings.smtp_password == "pw"
    assert "pw" not in repr(settings)
    mail = settings.mail()
    assert mail is not None and (mail.host, mail.port, mail.password) == ("mail.example.org", 587, "pw")


def _words(output: str) -> str:
    """The help's text without its box, each run of spaces one space (a wrapped help text reads as one line)."""
    return re.sub(r"\s+", " ", re.sub(r"[│╭╮╰╯─]", " ", output))


@pytest.mark.parametrize("language", ["en", "de"])
def test_help_lists_every_setting_with_its_help_in_the_readers_language(language: str) -> None:
    """Issue 32: `guildtable serve --help` shows each setting's option (every option there was before) with its
    description as the help, translated."""
    result = runner.invoke(app, ["--lang", language, "serve", "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    shown = _words(result.output)
    options = set(re.findall(r"--[a-z][a-z-]+", result.output))
    assert set(OPTIONS_BEFORE) <= options, set(OPTIONS_BEFORE) - options
    fields = list(serve.setting_fields())
    assert len(fields) == len(OPTIONS_BEFORE) - 3  # three flags have a --no- twin
    with use_language(language):
        for name, _annotation, field, _default in fields:
            assert field.description
            assert re.sub(r"\s+", " ", gettext(field.description)) in shown, name
            assert language == "en" or gettext(field.description) != field.description, name  # German, not English
