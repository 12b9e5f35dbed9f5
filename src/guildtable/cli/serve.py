"""`guildtable serve`: the web platform on http://127.0.0.1:8000, storing games in SQLite (or PostgreSQL).

Its options are the fields of `ServerSettings` (`server/settings.py`), declared there once for the command line, the
environment and the app: each field is an option here (its name, type, default, bounds and help), and an option not
given on the command line is read from its `GUILDTABLE_` variable, else it keeps its default.

With `--redis` the process joins a platform of several on one PostgreSQL and Redis (any number, on any machines);
`--workers N` runs N such processes here on one port, and `--bot-workers M` starts M `guildtable bot-worker`s beside
them (bot moves are jobs for bot workers as soon as Redis is in use).
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import types
import typing
from collections.abc import Iterator
from typing import Any

import typer
from fastapi import FastAPI
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from guildtable.cli.common import BadValue, console
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings

# The command's help (`guildtable serve --help`), translated when shown.
HELP = N_("Serve the lobby, the game pages and the API (documented at /docs). Rates are such as `30/minute`.")
# How `serve --workers N` hands its settings to each worker process (uvicorn imports `worker_app` there).
SETTINGS_VARIABLE = "GUILDTABLE_SERVE_SETTINGS"
# The limits whose options keep their shorter names of before the settings (scripts and guides use them).
OPTION_NAMES = {
    "replay_cache_bytes": "--replay-cache",
    "max_body_bytes": "--max-body",
    "max_message_bytes": "--max-message",
    "max_sockets_per_address": "--max-sockets",
}


def serve(context: typer.Context, **options: Any) -> None:
    """Serve with the settings the options given, the environment and the defaults make (in that order)."""
    import uvicorn

    given = {name: value for name, value in options.items() if _on_command_line(context, name)}
    settings = settings_from(given)
    app = _app(settings)
    url = settings.database_url()
    shown = url.split("@")[-1] if "@" in url else url  # never print a database password
    address = f"http://{settings.host}:{settings.port}"
    console.print(
        _("guildtable: {url}  (database {database})", url=address, database=shown), soft_wrap=True, markup=False
    )
    redis = settings.redis
    helpers = [_start_bot_worker(url, redis) for _ in range(settings.bot_workers) if redis]
    running = uvicorn_options(settings)
    try:
        if settings.workers > 1:
            del app  # each worker process builds its own
            os.environ[SETTINGS_VARIABLE] = settings.model_dump_json()
            uvicorn.run("guildtable.cli.serve:worker_app", factory=True, workers=settings.workers, **running)
        else:
            uvicorn.run(app, **running)
    finally:
        for helper in helpers:
            helper.terminate()
        for helper in helpers:
            helper.wait()


def _on_command_line(context: typer.Context, name: str) -> bool:
    """Whether option `name` was given on the command line (not left at its default)."""
    source = context.get_parameter_source(name)
    # By name: Typer carries its own copy of Click, whose enum is not `click.core.ParameterSource`.
    return source is not None and source.name == "COMMANDLINE"


def settings_from(given: dict[str, Any]) -> ServerSettings:
    """The settings of the options `given` on the command line (the others: the environment's, else the defaults);
    a bad value, wherever it came from, is refused as the option's."""
    top: dict[str, Any] = {name: value for name, value in given.items() if name in ServerSettings.model_fields}
    limits = {name: value for name, value in given.items() if name not in top}
    if limits:
        top["limits"] = limits  # merged with the environment's limits, field by field
    try:
        return ServerSettings(**top)
    except ValidationError as error:
        raise _refusal(error) from None


def _refusal(error: ValidationError) -> BadValue:
    """The first of a validation's complaints, as the refusal of the option it concerns (a complaint of the settings
    as a whole, such as `--workers` without `--redis`, of none)."""
    first = error.errors()[0]
    reason = first.get("ctx", {}).get("error")
    message = str(reason) if isinstance(reason, ValueError) else first["msg"]
    location = [str(part) for part in first["loc"]]
    if not location:
        return BadValue(message)
    return BadValue(message, param_hint=OPTION_NAMES.get(location[-1], "--" + location[-1].replace("_", "-")))


def _app(settings: ServerSettings) -> FastAPI:
    from guildtable.server import create_app

    try:
        return create_app(settings)
    except ValueError as error:  # a rate `limits` cannot read
        raise BadValue(str(error)) from None


def uvicorn_options(settings: ServerSettings) -> dict[str, Any]:
    """What `serve` hands `uvicorn.run`, with one process or with `--workers`.

    Every WebSocket frame is counted against `frame_rate` (`server/frame_budget.py`). Proxy headers are believed only
    from the addresses in `forwarded_allow_ips`: uvicorn's own default believes 127.0.0.1, so anyone on the machine,
    or any client of a proxy that passes the header on, could pick the address its rates were counted against (issue
    30 finding 3)."""
    from guildtable.server.frame_budget import BudgetedWebSockets

    proxies = ",".join(part.strip() for part in settings.forwarded_allow_ips.split(",") if part.strip())
    options: dict[str, Any] = {
        "host": settings.host,
        "port": settings.port,
        "log_level": settings.log_level,
        "ws": BudgetedWebSockets(settings.limits.frame_rate),
        "ws_per_message_deflate": settings.ws_compression,
        "ws_max_size": settings.limits.max_message_bytes,
        "proxy_headers": bool(proxies),
    }
    if proxies:
        options["forwarded_allow_ips"] = proxies
    return options


def worker_app() -> FastAPI:
    """The app of one `serve --workers N` process, from the settings its parent put in the environment."""
    from guildtable.server import create_app

    return create_app(ServerSettings.model_validate_json(os.environ[SETTINGS_VARIABLE]))


def _start_bot_worker(db_url: str, redis_url: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from guildtable.cli.app import main; main()", "bot-worker"]
    return subprocess.Popen([*command, "--db", db_url, "--redis", redis_url])


# --- the options, from the settings' fields ----------------------------------------------------------------------
def setting_fields() -> Iterator[tuple[str, Any, FieldInfo, Any]]:
    """Each setting that is an option, in the settings' order (the limits with a description where `limits` is): its
    name, type, field and default."""
    defaults = ServerSettings.model_construct()  # the defaults alone, not the environment
    for name, field in ServerSettings.model_fields.items():
        if name != "limits":
            yield name, field.annotation, field, getattr(defaults, name)
            continue
        for limit, hint in typing.get_type_hints(ServerLimits, include_extras=True).items():
            info = next((meta for meta in getattr(hint, "__metadata__", ()) if isinstance(meta, FieldInfo)), None)
            if info is not None and info.description:
                yield limit, typing.get_args(hint)[0], info, getattr(defaults.limits, limit)


def option(name: str, annotation: Any, field: FieldInfo, default: Any) -> inspect.Parameter:
    """The Typer option of one setting: its default the setting's (used only when the environment has none), its
    bounds the field's, its help the field's description (translated when shown)."""
    kind = _value_type(annotation)
    bounds = {type(rule).__name__: rule for rule in field.metadata}
    low, high = bounds.get("Ge"), bounds.get("Le")
    declared = OPTION_NAMES.get(name, "--" + name.replace("_", "-"))
    if kind is bool:
        declared = f"{declared}/--no-{declared.removeprefix('--')}"
    info = typer.Option(
        default,
        declared,
        min=None if low is None else low.ge,
        max=None if high is None else high.le,
        help=field.description,
    )
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=annotation)


def _value_type(annotation: Any) -> type:
    """`str` of `str | None`: the type an option's value has."""
    if isinstance(annotation, types.UnionType):
        return next(part for part in typing.get_args(annotation) if part is not type(None))  # type: ignore[no-any-return]
    return annotation  # type: ignore[no-any-return]


# Typer reads a command's options from its signature: `serve` takes the settings' fields as its options.
CONTEXT = inspect.Parameter("context", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context)
serve.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
    [CONTEXT, *(option(*setting) for setting in setting_fields())], return_annotation=None
)
