"""`guildtable serve`: the web platform on http://127.0.0.1:8000, storing games in SQLite (or PostgreSQL).

With `--redis` the process joins a platform of several on one PostgreSQL and Redis (any number, on any machines);
`--workers N` runs N such processes here on one port, and `--bot-workers M` starts M `guildtable bot-worker`s beside
them (bot moves are jobs for bot workers as soon as Redis is in use).
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from typing import Any

import typer
from fastapi import FastAPI

from guildtable.cli.common import BadValue, console
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.server.limits import ServerLimits

DEFAULTS = ServerLimits()
# The command's help (`guildtable serve --help`), translated when shown.
HELP = N_("Serve the lobby, the game pages and the API (documented at /docs). Rates are such as `30/minute`.")
# How `serve --workers N` hands its settings to each worker process (uvicorn imports `worker_app` there).
SETTINGS_VARIABLE = "GUILDTABLE_SERVE_SETTINGS"
# Where `--smtp-password` is read from when it is not given: a command line is visible to every user of the machine.
PASSWORD_VARIABLE = "GUILDTABLE_SMTP_PASSWORD"


def serve(
    host: str = typer.Option("127.0.0.1", help=N_("Address to listen on (0.0.0.0 to let other devices join).")),
    port: int = typer.Option(8000, help=N_("Port to listen on.")),
    db: str | None = typer.Option(
        None,
        help=N_(
            "SQLAlchemy database URL: sqlite:///path.sqlite3 or postgresql+psycopg://user@host/db "
            "(default: a SQLite file in your data directory)."
        ),
    ),
    bot_delay: float = typer.Option(0.6, min=0.0, help=N_("Seconds a bot waits before moving, so people can follow.")),
    ws_compression: bool = typer.Option(
        False,
        help=N_("Compress WebSocket messages (permessage-deflate): less bandwidth, about a third more server CPU."),
    ),
    log_level: str = typer.Option("info", help=N_("uvicorn log level.")),
    redis: str | None = typer.Option(
        None, help=N_("Redis URL (redis://host:6379/0): join the other server processes on the same database.")
    ),
    workers: int = typer.Option(1, min=1, help=N_("Server processes to run here on this port (needs --redis).")),
    bot_workers: int = typer.Option(
        0,
        min=0,
        help=N_("`guildtable bot-worker` processes to start here (with --redis; else bots think in this process)."),
    ),
    create_rate: str = typer.Option(DEFAULTS.create_rate, help=N_("Tables (and rematches) one address may create.")),
    join_rate: str = typer.Option(DEFAULTS.join_rate, help=N_("Seats one address may join.")),
    upload_rate: str = typer.Option(DEFAULTS.upload_rate, help=N_("Records one address may upload.")),
    move_rate: str = typer.Option(DEFAULTS.move_rate, help=N_("Moves one address may make (all its seats together).")),
    connect_rate: str = typer.Option(DEFAULTS.connect_rate, help=N_("WebSocket connections one address may open.")),
    message_rate: str = typer.Option(DEFAULTS.message_rate, help=N_("Messages one WebSocket may send.")),
    frame_rate: str = typer.Option(
        DEFAULTS.frame_rate,
        help=N_(
            "WebSocket frames one connection may send, pings and other control frames included (at once, and then "
            "refilled at that rate)."
        ),
    ),
    signin_rate: str = typer.Option(DEFAULTS.signin_rate, help=N_("Sign-ins and sign-ups one address may try.")),
    analyse_rate: str = typer.Option(DEFAULTS.analyse_rate, help=N_("Game analyses one address may ask for.")),
    replay_rate: str = typer.Option(
        DEFAULTS.replay_rate, help=N_("Replay steps, summaries and records one address may read.")
    ),
    replay_cache: int = typer.Option(
        DEFAULTS.replay_cache_bytes, min=0, help=N_("Bytes of replay frames kept in memory at most.")
    ),
    replay_builds: int = typer.Option(
        DEFAULTS.replay_builds, min=1, help=N_("Replays being prepared at once at most (the others wait their turn).")
    ),
    analysis_queue: int = typer.Option(
        DEFAULTS.analysis_queue, min=1, help=N_("Game analyses under way at once at most (each visitor has one).")
    ),
    analysis_iterations: int = typer.Option(
        DEFAULTS.analysis_iterations, min=10, max=100_000, help=N_("Search iterations per move of a game analysis.")
    ),
    max_body: int = typer.Option(DEFAULTS.max_body_bytes, min=1024, help=N_("Largest request body in bytes (413).")),
    max_message: int = typer.Option(DEFAULTS.max_message_bytes, min=1024, help=N_("Largest WebSocket message.")),
    max_record_moves: int = typer.Option(DEFAULTS.max_record_moves, min=1, help=N_("Longest uploaded record.")),
    max_spectators: int = typer.Option(DEFAULTS.max_spectators, min=0, help=N_("Spectators one table may have.")),
    max_sockets: int = typer.Option(
        DEFAULTS.max_sockets_per_address, min=1, help=N_("WebSockets one address may hold open at once.")
    ),
    client_queue: int = typer.Option(
        DEFAULTS.client_queue, min=1, help=N_("Messages waiting for one client before it is dropped as too slow.")
    ),
    idle_seconds: float = typer.Option(
        DEFAULTS.idle_seconds, min=0.0, help=N_("Seconds an unwatched table stays in memory.")
    ),
    max_live_tables: int = typer.Option(DEFAULTS.max_live_tables, min=1, help=N_("Tables kept in memory at most.")),
    leaderboard_min_games: int = typer.Option(
        DEFAULTS.leaderboard_min_games,
        min=0,
        help=N_("Rated games a player needs to be on a leaderboard (fewer: their rating is provisional)."),
    ),
    rated_pair_games: int = typer.Option(
        DEFAULTS.rated_pair_games,
        min=0,
        help=N_("Rated games of one game the same two accounts count in 24 hours; later ones are not rated (0: all)."),
    ),
    rated_pace_days: int = typer.Option(
        DEFAULTS.rated_pace_days,
        min=1,
        max=30,
        help=N_("Days each move has at a rated table whose creator chose no pace."),
    ),
    allow_chosen_seeds: bool = typer.Option(
        False, help=N_("Let a table's creator fix its shuffle with 'seed' (for tests: they would know every card).")
    ),
    smtp: str | None = typer.Option(
        None, help=N_("SMTP server for the 'your turn' e-mails, as HOST:PORT (without it no e-mail is sent).")
    ),
    smtp_from: str = typer.Option("guildtable@localhost", help=N_("The address the e-mails come from.")),
    smtp_user: str | None = typer.Option(None, help=N_("User name to log in to the SMTP server with.")),
    smtp_password: str | None = typer.Option(
        None,
        envvar=PASSWORD_VARIABLE,
        show_envvar=False,
        help=N_(
            "Password for --smtp-user; better given in the environment variable GUILDTABLE_SMTP_PASSWORD, since "
            "every user of the machine can read a command line."
        ),
    ),
    smtp_starttls: bool = typer.Option(
        True, "--smtp-starttls/--no-smtp-starttls", help=N_("Encrypt the SMTP connection with STARTTLS.")
    ),
    public_url: str | None = typer.Option(
        None,
        help=N_("The address players open the platform at, for the e-mails' links (default: http://HOST:PORT)."),
    ),
    mail_poll: float = typer.Option(60.0, min=1.0, help=N_("Seconds between two looks for e-mails to send.")),
    mail_per_address_day: int = typer.Option(
        DEFAULTS.mail_per_address_day, min=1, help=N_("E-mails one address may get a day (UTC), of every kind.")
    ),
    mail_confirmations_per_day: int = typer.Option(
        DEFAULTS.mail_confirmations_per_day,
        min=1,
        help=N_("Confirmation e-mails one address may get, and one account may ask for, a day (UTC)."),
    ),
    forwarded_allow_ips: str = typer.Option(
        "",
        help=N_(
            "Addresses of the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto headers are believed, "
            "comma-separated, such as 127.0.0.1 or 10.0.0.0/8 (default: none; each client is its own address)."
        ),
    ),
) -> None:
    import uvicorn

    from guildtable.server import create_app
    from guildtable.server.frame_budget import FrameBudget
    from guildtable.server.mail import MailSettings
    from guildtable.server.store import default_db_url

    limits = ServerLimits(
        create_rate=create_rate,
        join_rate=join_rate,
        upload_rate=upload_rate,
        move_rate=move_rate,
        connect_rate=connect_rate,
        message_rate=message_rate,
        signin_rate=signin_rate,
        analyse_rate=analyse_rate,
        analysis_iterations=analysis_iterations,
        replay_rate=replay_rate,
        replay_cache_bytes=replay_cache,
        replay_builds=replay_builds,
        analysis_queue=analysis_queue,
        max_body_bytes=max_body,
        max_message_bytes=max_message,
        max_record_moves=max_record_moves,
        max_spectators=max_spectators,
        max_sockets_per_address=max_sockets,
        client_queue=client_queue,
        idle_seconds=idle_seconds,
        max_live_tables=max_live_tables,
        mail_per_address_day=mail_per_address_day,
        mail_confirmations_per_day=mail_confirmations_per_day,
        leaderboard_min_games=leaderboard_min_games,
        rated_pair_games=rated_pair_games,
        rated_pace_days=rated_pace_days,
        frame_rate=frame_rate,
    )
    try:
        FrameBudget.of(frame_rate, 0.0)
    except ValueError:
        example = "'100/second'"
        raise BadValue(
            _(
                "{action} rate {rate} is not a rate such as {example}",
                action="frame",
                rate=repr(frame_rate),
                example=example,
            )
        ) from None
    url = db or default_db_url()
    if (workers > 1 or bot_workers) and not redis:
        raise BadValue(_("--workers and --bot-workers need --redis (the processes talk through it)"))
    mail = None
    if smtp:
        smtp_host, smtp_port = smtp_address(smtp)
        mail = MailSettings(
            host=smtp_host,
            port=smtp_port,
            sender=smtp_from,
            username=smtp_user,
            password=smtp_password,
            starttls=smtp_starttls,
            base_url=checked_public_url(public_url or f"http://{host}:{port}"),
            per_address_day=mail_per_address_day,
            confirmations_per_day=mail_confirmations_per_day,
        )
    settings = {
        "db_url": url,
        "redis_url": redis,
        "bot_delay": bot_delay,
        "limits": dataclasses.asdict(limits),
        "chosen_seeds": allow_chosen_seeds,
        "mail": None if mail is None else dataclasses.asdict(mail),
        "mail_poll": mail_poll,
    }
    try:
        app = create_app(
            url,
            bot_delay=bot_delay,
            limits=limits,
            chosen_seeds=allow_chosen_seeds,
            redis_url=redis,
            mail=mail,
            mail_poll=mail_poll,
        )
    except ValueError as error:
        raise BadValue(str(error)) from None
    shown = url.split("@")[-1] if "@" in url else url  # never print a database password
    banner = _("guildtable: {url}  (database {database})", url=f"http://{host}:{port}", database=shown)
    console.print(banner, soft_wrap=True, markup=False)
    helpers = [_start_bot_worker(url, redis) for _ in range(bot_workers) if redis]
    options = uvicorn_options(
        host=host,
        port=port,
        log_level=log_level,
        ws_compression=ws_compression,
        max_message=max_message,
        frame_rate=frame_rate,
        forwarded_allow_ips=forwarded_allow_ips,
    )
    try:
        if workers > 1:
            del app  # each worker process builds its own
            os.environ[SETTINGS_VARIABLE] = json.dumps(settings)
            uvicorn.run("guildtable.cli.serve:worker_app", factory=True, workers=workers, **options)
        else:
            uvicorn.run(app, **options)
    finally:
        for helper in helpers:
            helper.terminate()
        for helper in helpers:
            helper.wait()


def uvicorn_options(
    *,
    host: str,
    port: int,
    log_level: str,
    ws_compression: bool,
    max_message: int,
    frame_rate: str,
    forwarded_allow_ips: str,
) -> dict[str, Any]:
    """What `serve` hands `uvicorn.run`, with one process or with `--workers`.

    Every WebSocket frame is counted against `frame_rate` (`server/frame_budget.py`). Proxy headers are believed only
    from the addresses in `forwarded_allow_ips`: uvicorn's own default believes 127.0.0.1, so anyone on the machine,
    or any client of a proxy that passes the header on, could pick the address its rates were counted against (issue
    30 finding 3)."""
    from guildtable.server.frame_budget import BudgetedWebSockets

    proxies = ",".join(part.strip() for part in forwarded_allow_ips.split(",") if part.strip())
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "ws": BudgetedWebSockets(frame_rate),
        "ws_per_message_deflate": ws_compression,
        "ws_max_size": max_message,
        "proxy_headers": bool(proxies),
    }
    if proxies:
        options["forwarded_allow_ips"] = proxies
    return options


def worker_app() -> FastAPI:
    """The app of one `serve --workers N` process, from the settings its parent put in the environment."""
    from guildtable.server import create_app
    from guildtable.server.mail import MailSettings

    settings = json.loads(os.environ[SETTINGS_VARIABLE])
    return create_app(
        settings["db_url"],
        bot_delay=settings["bot_delay"],
        limits=ServerLimits(**settings["limits"]),
        chosen_seeds=settings["chosen_seeds"],
        redis_url=settings["redis_url"],
        mail=None if settings["mail"] is None else MailSettings(**settings["mail"]),
        mail_poll=settings["mail_poll"],
    )


def smtp_address(text: str) -> tuple[str, int]:
    """`--smtp`'s HOST:PORT (an IPv6 host in brackets: [::1]:25)."""
    host, _colon, port = text.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BadValue(_("--smtp is HOST:PORT, such as mail.example.org:587"))
    return host, int(port)


def checked_public_url(text: str) -> str:
    """`--public-url` without its trailing slash: the e-mails' links start with it."""
    url = text.strip().rstrip("/")
    if not url.startswith(("http://", "https://")) or any(character.isspace() for character in url):
        raise BadValue(_("--public-url is an address such as https://games.example.org"))
    return url


def _start_bot_worker(db_url: str, redis_url: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from guildtable.cli.app import main; main()", "bot-worker"]
    return subprocess.Popen([*command, "--db", db_url, "--redis", redis_url])
