"""An account as the API tells it (issue 32): who is signed in, the session's answers, the account's tables with
their seat tokens, and its mail settings (`routes/accounts.py`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

# The states of an account's mail address (`gt_accounts.email_status`), and "stopped": unsubscribed from a mail's link.
MailStatus = Literal["unconfirmed", "due", "sent", "confirmed", "limit", "refused", "stopped"]
Notify = Literal["off", "turn", "digest"]
T = TypeVar("T")


def with_example(example: dict[str, Any]) -> Callable[[type[T]], type[T]]:
    """A model's decorator that gives its schema an example (`/docs` shows it)."""
    return with_config(ConfigDict(json_schema_extra={"examples": [example]}))


@with_example({"name": "Ada", "csrf": "3_pBig869SUxrHGnDYTVP_2c4m-pdEPZ", "language": "en"})
class SignedInAccount(TypedDict):
    """A sign-up's or a sign-in's answer (the session cookie comes with it): the account's name, the CSRF token its
    pages send as `X-CSRF-Token` with every request that changes something, and the language of its mails."""

    name: str
    csrf: str
    language: str
    """`en` or `de`."""


ACCOUNT_EXAMPLE = {
    "name": "Ada",
    "csrf": "3_pBig869SUxrHGnDYTVP_2c4m-pdEPZ",
    "created": "2026-11-27T11:40:37+00:00",
    "language": "en",
}


@with_example(ACCOUNT_EXAMPLE)
class AccountInfo(TypedDict):
    """Who is signed in: the account's name, its session's CSRF token, when it signed up and its language."""

    name: str
    csrf: str
    created: str
    """When the account was made (ISO 8601, UTC)."""
    language: str


@with_example({"signed_in": False})
class GuestSession(TypedDict):
    """A browser that is not signed in."""

    signed_in: Literal[False]


@with_example({"signed_in": True, **ACCOUNT_EXAMPLE})
class AccountSession(AccountInfo):
    """A signed-in browser: all that `GET /api/account` answers."""

    signed_in: Literal[True]


SessionState = GuestSession | AccountSession
"""Whether this browser is signed in (`GET /api/session`, answered for guests too)."""
SESSION_EXAMPLES = {
    "guest": {"summary": "A guest", "value": {"signed_in": False}},
    "signed-in": {"summary": "Signed in", "value": {"signed_in": True, **ACCOUNT_EXAMPLE}},
}
"""The two kinds of answer of `GET /api/session`, as `/docs` shows them (a union has no example of its own)."""


class ListedSeat(TypedDict):
    """A seat as a list of tables shows it: its number, its name in the reader's language and who plays it."""

    seat: int
    name: str
    kind: str
    """`human`, or the bot that plays it."""
    bot: bool
    """A bot account plays this human seat (issue 37)."""


class OwnSeat(TypedDict):
    """A seat the account plays, with the secret that plays it (from any device)."""

    seat: int
    token: str | None


class AccountTable(TypedDict):
    """A table where the account has a seat, as its list shows it."""

    id: str
    game: str
    title: str
    seats: list[ListedSeat]
    mine: list[OwnSeat]
    current_player: int | None
    your_move: bool
    """It is one of the account's seats' move."""
    terminal: bool
    version: int
    rated: bool
    pace: Literal["live", "turn"] | None
    deadline: float | None
    """When the move on turn times out (seconds since the epoch), at a paced table."""


@with_example(
    {
        "tables": [
            {
                "id": "IvAs_mzLOMOE",
                "game": "city-blocks",
                "title": "City Blocks",
                "seats": [
                    {"seat": 0, "name": "Ada", "kind": "human", "bot": False},
                    {"seat": 1, "name": "Red (Computer, casual)", "kind": "greedy", "bot": False},
                ],
                "mine": [{"seat": 0, "token": "G1pcB8lsHyyHH7KOJkoWNWbkugdN3QaV"}],
                "current_player": 0,
                "your_move": True,
                "terminal": False,
                "version": 4,
                "rated": False,
                "pace": "turn",
                "deadline": 1795952440.04,
            }
        ]
    }
)
class AccountTables(TypedDict):
    """Every table where the account has a seat (the newest 100): where it is the account's move first, then the
    other unfinished ones, then the finished ones, each newest first."""

    tables: list[AccountTable]


@with_example({"ended_sessions": 2})
class EndedSessions(TypedDict):
    """How many of the account's other sessions ended (this one stays signed in)."""

    ended_sessions: int


@with_example({"language": "de"})
class AccountLanguage(TypedDict):
    """The account's language now (the language cookie comes with it)."""

    language: str


@with_example(
    {
        "email": "ada@example.org",
        "notify": "turn",
        "status": "sent",
        "confirmed": False,
        "confirmation_sent": 1795952440.5,
        "sends_mail": True,
    }
)
class MailSettings(TypedDict):
    """An account's e-mail notifications and where its address stands."""

    email: str | None
    notify: Notify
    """`off`, `turn` (a mail at each of the account's turns) or `digest` (one a day)."""
    status: MailStatus | None
    """`unconfirmed`, `due` (the confirmation mail is on its way), `sent`, `confirmed`, `limit` (not sent today: too
    many confirmation mails), `refused` (by the mail server) or `stopped` (unsubscribed from a mail's link); None
    without an address."""
    confirmed: bool
    """Mails go to the address (it is confirmed and not unsubscribed)."""
    confirmation_sent: float | None
    """When its confirmation mail went out (seconds since the epoch), while `status` is `sent`."""
    sends_mail: bool
    """This server sends mail at all (it was started with an SMTP server)."""
