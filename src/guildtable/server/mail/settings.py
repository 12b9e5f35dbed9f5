"""Where mail goes out and how much of it (`guildtable serve --smtp HOST:PORT ...`), and the mail's fixed times."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from guildtable.server.limits import ServerLimits

_LIMITS = ServerLimits()

NOTIFY_CHOICES: Final = ("off", "turn", "digest")
DAY_SECONDS: Final = 24 * 3600.0
# A reminder comes when less than this, and less than a quarter of the move's time, is left.
REMINDER_AT_MOST: Final = DAY_SECONDS
# How long a confirmation link works after its mail went out.
CONFIRM_SECONDS: Final = 7 * DAY_SECONDS
# Bytes of a confirmation link's token (the database keeps its SHA-256 only).
CONFIRM_BYTES: Final = 32


@dataclass(frozen=True, slots=True)
class MailSettings:
    """Where mail goes out (`guildtable serve --smtp HOST:PORT ...`) and the address its links start with."""

    host: str
    port: int = 25
    sender: str = "guildtable@localhost"
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    starttls: bool = False
    base_url: str = "http://127.0.0.1:8000"
    timeout: float = 30.0
    # Issue 30: mails of any kind one address gets a UTC day at most, and confirmation mails among them (which is
    # also how many one account may cause a day); `guildtable serve` options, their defaults in `ServerLimits`.
    per_address_day: int = _LIMITS.mail_per_address_day
    confirmations_per_day: int = _LIMITS.mail_confirmations_per_day
