"""Every setting of a server process, declared once (issue 32): `guildtable serve`'s options, the environment's
`GUILDTABLE_` variables, and what `create_app` is given are the fields of `ServerSettings`.

Each field's name is its option (`bot_delay`: `--bot-delay`) and its variable (`GUILDTABLE_BOT_DELAY`); its
description is the option's help, a catalogue message (`N_`) shown in the reader's language. The limits one client
may cost are `ServerLimits` (`limits.py`), nested: each limit with a description is an option too (`--move-rate`,
`GUILDTABLE_LIMITS__MOVE_RATE`). What is given wins over the environment, which wins over the defaults; on the command
line, an option given wins over the environment (`cli/serve.py`).

    >>> ServerSettings(db="sqlite:///:memory:", bot_delay=0).limits.move_rate
    '300/minute'
"""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.server.frame_budget import FrameBudget
from guildtable.server.limits import ServerLimits
from guildtable.server.mail import MailSettings
from guildtable.server.storage.database import default_db_url

PREFIX = "GUILDTABLE_"


class ServerSettings(BaseSettings):
    """One server process: where it listens, its database, its companions (Redis, bot workers), its limits and its
    mail."""

    model_config = SettingsConfigDict(env_prefix=PREFIX, env_nested_delimiter="__", frozen=True, extra="forbid")

    host: Annotated[str, Field(description=N_("Address to listen on (0.0.0.0 to let other devices join)."))] = (
        "127.0.0.1"
    )
    port: Annotated[int, Field(description=N_("Port to listen on."))] = 8000
    db: Annotated[
        str | None,
        Field(
            description=N_(
                "SQLAlchemy database URL: sqlite:///path.sqlite3 or postgresql+psycopg://user@host/db "
                "(default: a SQLite file in your data directory)."
            )
        ),
    ] = None
    bot_delay: Annotated[
        float, Field(ge=0.0, description=N_("Seconds a bot waits before moving, so people can follow."))
    ] = 0.6
    ws_compression: Annotated[
        bool,
        Field(
            description=N_(
                "Compress WebSocket messages (permessage-deflate): less bandwidth, about a third more server CPU."
            )
        ),
    ] = False
    log_level: Annotated[str, Field(description=N_("uvicorn log level."))] = "info"
    redis: Annotated[
        str | None,
        Field(description=N_("Redis URL (redis://host:6379/0): join the other server processes on the same database.")),
    ] = None
    workers: Annotated[
        int, Field(ge=1, description=N_("Server processes to run here on this port (needs --redis)."))
    ] = 1
    bot_workers: Annotated[
        int,
        Field(
            ge=0,
            description=N_(
                "`guildtable bot-worker` processes to start here (with --redis; else bots think in this process)."
            ),
        ),
    ] = 0
    limits: ServerLimits = ServerLimits()
    allow_chosen_seeds: Annotated[
        bool,
        Field(
            description=N_("Let a table's creator fix its shuffle with 'seed' (for tests: they would know every card).")
        ),
    ] = False
    smtp: Annotated[
        str | None,
        Field(description=N_("SMTP server for the 'your turn' e-mails, as HOST:PORT (without it no e-mail is sent).")),
    ] = None
    smtp_from: Annotated[str, Field(description=N_("The address the e-mails come from."))] = "guildtable@localhost"
    smtp_user: Annotated[str | None, Field(description=N_("User name to log in to the SMTP server with."))] = None
    # Never shown (repr) and never asked for on the command line by a help text that would invite it there.
    smtp_password: Annotated[
        str | None,
        Field(
            repr=False,
            description=N_(
                "Password for --smtp-user; better given in the environment variable GUILDTABLE_SMTP_PASSWORD, "
                "since every user of the machine can read a command line."
            ),
        ),
    ] = None
    smtp_starttls: Annotated[bool, Field(description=N_("Encrypt the SMTP connection with STARTTLS."))] = True
    public_url: Annotated[
        str | None,
        Field(
            description=N_(
                "The address players open the platform at, for the e-mails' links (default: http://HOST:PORT)."
            )
        ),
    ] = None
    mail_poll: Annotated[float, Field(ge=1.0, description=N_("Seconds between two looks for e-mails to send."))] = 60.0
    forwarded_allow_ips: Annotated[
        str,
        Field(
            description=N_(
                "Addresses of the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto headers are believed, "
                "comma-separated, such as 127.0.0.1 or 10.0.0.0/8 (default: none; each client is its own address)."
            )
        ),
    ] = ""

    @field_validator("smtp")
    @classmethod
    def _smtp_address(cls, text: str | None) -> str | None:
        if text is not None:
            smtp_address(text)
        return text

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, text: str | None) -> str | None:
        return None if text is None else checked_public_url(text)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (self.workers > 1 or self.bot_workers) and not self.redis:
            raise ValueError(_("--workers and --bot-workers need --redis (the processes talk through it)"))
        try:
            FrameBudget.of(self.limits.frame_rate, 0.0)
        except ValueError:
            rate = repr(self.limits.frame_rate)
            raise ValueError(
                _(
                    "{action} rate {rate} is not a rate such as {example}",
                    action="frame",
                    rate=rate,
                    example="'100/second'",
                )
            ) from None
        return self

    def database_url(self) -> str:
        """`db`, or a SQLite file in the user's data directory."""
        return self.db or default_db_url()

    def mail(self) -> MailSettings | None:
        """Where the "your turn" e-mails go out, or None (no `smtp`: no e-mail is sent)."""
        if self.smtp is None:
            return None
        host, port = smtp_address(self.smtp)
        return MailSettings(
            host=host,
            port=port,
            sender=self.smtp_from,
            username=self.smtp_user,
            password=self.smtp_password,
            starttls=self.smtp_starttls,
            base_url=self.public_url or checked_public_url(f"http://{self.host}:{self.port}"),
            per_address_day=self.limits.mail_per_address_day,
            confirmations_per_day=self.limits.mail_confirmations_per_day,
        )


def smtp_address(text: str) -> tuple[str, int]:
    """`smtp`'s HOST:PORT (an IPv6 host in brackets: [::1]:25); a ValueError for anything else."""
    host, _colon, port = text.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(_("--smtp is HOST:PORT, such as mail.example.org:587"))
    return host, int(port)


def checked_public_url(text: str) -> str:
    """`public_url` without its trailing slash (the e-mails' links start with it); a ValueError if it is no web
    address."""
    url = text.strip().rstrip("/")
    if not url.startswith(("http://", "https://")) or any(character.isspace() for character in url):
        raise ValueError(_("--public-url is an address such as https://games.example.org"))
    return url
