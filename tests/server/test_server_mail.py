"""Issue 16, "at your own pace": e-mail "your turn" notifications for turn-based tables, sent to a real SMTP server
(aiosmtpd on loopback) and read as they arrive. The clock is always given (`run_once(now)`): no test waits or reads
the wall time. Runs against SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib
import email
import email.policy
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from argon2 import PasswordHasher
from server_helpers import TestClient, wait_for
from sqlalchemy import update
from typer.testing import CliRunner

from guildtable.cli.app import app as cli_app
from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import CSRF_HEADER
from guildtable.server.limits import ServerLimits
from guildtable.server.mail import MailSettings, Notifier, reminder_window
from guildtable.server.settings import ServerSettings, checked_public_url, smtp_address
from guildtable.server.storage.accounts import StoredAccount
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.database import now
from guildtable.server.storage.mail_choices import MailChoice
from guildtable.server.storage.schema import accounts
from guildtable.server.storage.store import Store
from guildtable.server.storage.tables import StoredSeat, StoredTable, Timing
from loops import run_coroutine

PASSWORD = "correct horse battery"
DAY = 24 * 3600.0
# Noon of a fixed UTC day: every clock in these tests is this or counted from it.
NOON = datetime(2026, 6, 3, 12, 0, tzinfo=UTC).timestamp()
TURN_PACE = {"kind": "turn", "days": 2, "timeout": "forfeit"}
# One day a move (reminders 6 hours before), and a deadline late on the same UTC day as NOON: a test that must not
# meet the next day's summary stays on one day.
DAY_PACE = {"kind": "turn", "days": 1, "timeout": "forfeit"}
LATE = NOON + 11 * 3600


# --- a local SMTP server ------------------------------------------------------------------------------------------
@dataclass
class Inbox:
    """What an aiosmtpd handler received: each mail with its envelope's recipients."""

    mails: list[tuple[list[str], EmailMessage]] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.mails.append((list(envelope.rcpt_tos), parsed))
        return "250 OK"

    def subjects(self) -> list[str]:
        return [str(mail["Subject"]) for _to, mail in self.mails]

    def body(self, index: int = -1) -> str:
        part = self.mails[index][1].get_body(("plain",))
        assert part is not None
        return str(part.get_content())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def smtp_server(**options: Any) -> Iterator[tuple[Inbox, int]]:
    """An SMTP server on a free loopback port (`options` for aiosmtpd's SMTP); its inbox and port."""
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port, **options)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    """An SMTP server for the test's length."""
    with smtp_server() as served:
        yield served


@pytest.fixture
def store(db_url: str) -> Iterator[AsyncStore]:
    opened = AsyncStore(Store(db_url), threads=2)
    try:
        yield opened
    finally:
        opened.close()


def settings(port: int) -> MailSettings:
    return MailSettings("127.0.0.1", port, "guildtable@example.org", starttls=False, base_url="https://play.example")


# --- tables and accounts, straight in the store ---------------------------------------------------------------------
def account(store: AsyncStore, name: str, email_address: str | None, notify: str) -> str:
    """An account with a mail choice whose address its owner confirmed (issue 30: only such an address gets mail)."""
    account_id = f"acc-{name.lower()}"
    store.store.accounts.create_account(StoredAccount(account_id, name, "$argon2id$unused", now()), name.lower())
    store.store.mail_choices.set_mail_choice(account_id, MailChoice(email_address, notify))
    if email_address is not None:
        with store.store.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(email_status="confirmed"))
    return account_id


def table(
    store: AsyncStore,
    table_id: str,
    players: list[tuple[str, str | None]],
    *,
    pace: dict[str, Any] | None = TURN_PACE,
    deadline: float | None = NOON + 2 * DAY,
    to_move: int = 0,
    turn_ply: int = 0,
) -> None:
    """A table of City Blocks whose seats are `players` (name, account), with its timing as the server keeps it."""
    seats = [
        StoredSeat(seat, "human", name, f"secret-token-{table_id}-{seat}", True, who)
        for seat, (name, who) in enumerate(players)
    ]
    store.store.tables.create_table(
        StoredTable(table_id, "city-blocks", 7, {}, None, now(), None, seats, [], pace=pace, started=NOON - DAY)
    )
    if pace is not None:
        store.store.tables.set_timing(table_id, Timing(deadline, to_move, turn_ply))


def run(notifier: Notifier, at: float) -> int:
    return run_coroutine(notifier.run_once(at))


# --- one mail per turn --------------------------------------------------------------------------------------------
def test_one_mail_per_turn(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: the account on turn at a turn-based table gets one "your move" mail for that turn, however often
    the notifier looks; the next turn (a new turn_ply) is a second mail."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    table(store, "t1", [("Ada", ada), ("Grace", None)])
    notifier = Notifier(store, settings(port))
    assert run(notifier, NOON) == 1
    assert run(notifier, NOON + 60) == 0
    assert inbox.subjects() == ["Your move: City Blocks"]
    to, mail = inbox.mails[0]
    assert to == ["ada@example.org"] and mail["To"] == "ada@example.org" and mail["From"] == "guildtable@example.org"
    assert mail["Auto-Submitted"] == "auto-generated"
    # Grace moved, and it is Ada's turn again from ply 2.
    store.store.tables.set_timing("t1", Timing(NOON + 3 * DAY, 0, 2))
    assert run(notifier, NOON + DAY) == 1
    assert run(notifier, NOON + DAY + 60) == 0
    assert inbox.subjects() == ["Your move: City Blocks"] * 2


def test_the_mail_names_the_opponents_the_deadline_and_the_link_and_no_token(
    store: AsyncStore, smtp: tuple[Inbox, int]
) -> None:
    """Issue 16: the mail says who the opponents are, when the move's time runs out (UTC) and links the table's
    page; it carries no seat token (the page finds the signed-in account's seat by itself)."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    table(store, "t-link", [("Grace", None), ("Ada", ada)], to_move=1, turn_ply=1, deadline=NOON + 2 * DAY)
    assert run(Notifier(store, settings(port)), NOON) == 1
    body = inbox.body()
    assert "Hello Ada," in body
    assert "It is your move at City Blocks against Grace." in body
    assert "2026-06-05 12:00 UTC" in body
    assert "https://play.example/table/t-link" in body
    assert "secret-token" not in inbox.mails[0][1].as_string()


def test_no_mail_when_notifications_are_off_or_there_is_no_address(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: an account that chose "off" (the default), or gave no address, gets nothing."""
    inbox, port = smtp
    off = account(store, "Ada", "ada@example.org", "off")
    nowhere = account(store, "Grace", None, "off")
    table(store, "t-off", [("Ada", off), ("Grace", nowhere)])
    table(store, "t-nowhere", [("Ada", off), ("Grace", nowhere)], to_move=1)
    assert run(Notifier(store, settings(port)), NOON) == 0
    assert run(Notifier(store, settings(port)), NOON + 2 * DAY - 60) == 0  # not even a reminder
    assert inbox.mails == []


def test_no_mail_for_live_or_untimed_tables(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: mails are for turn-based tables only: a live table (played at one sitting, on clocks) and an
    untimed one send none."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    table(store, "t-live", [("Ada", ada), ("Grace", None)], pace={"kind": "live", "minutes": 5, "increment": 3})
    table(store, "t-untimed", [("Ada", ada), ("Grace", None)], pace=None)
    assert run(Notifier(store, settings(port)), NOON) == 0
    assert inbox.mails == []


def test_no_mail_once_the_game_is_over(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: a finished game has no deadline, and nobody is told it is their move."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    table(store, "t-over", [("Ada", ada), ("Grace", None)], deadline=None)
    assert run(Notifier(store, settings(port)), NOON) == 0
    assert inbox.mails == []


# --- the reminder ---------------------------------------------------------------------------------------------------
def test_the_reminder_comes_once_before_the_time_runs_out(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: when less than a quarter of the move's time (a day at most) is left, one reminder; for accounts
    that chose each turn and for those that chose the daily summary."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    grace = account(store, "Grace", "grace@example.org", "digest")
    deadline = LATE  # one day a move: the reminder comes 6 hours before
    table(store, "t-ada", [("Ada", ada), ("Lin", None)], pace=DAY_PACE, deadline=deadline)
    table(store, "t-grace", [("Grace", grace), ("Lin", None)], pace=DAY_PACE, deadline=deadline)
    notifier = Notifier(store, settings(port))
    assert run(notifier, NOON) == 2  # Ada's turn mail, Grace's summary
    inbox.mails.clear()
    assert run(notifier, deadline - 6 * 3600 - 60) == 0
    assert run(notifier, deadline - 6 * 3600 + 60) == 2
    assert sorted(inbox.subjects()) == ["Reminder: your move at City Blocks"] * 2
    assert sorted(to for to, _mail in inbox.mails) == [["ada@example.org"], ["grace@example.org"]]
    assert "runs out soon: on 2026-06-03 23:00 UTC" in inbox.body()
    assert run(notifier, deadline - 3600) == 0
    assert run(notifier, deadline + 60) == 0  # the time-out's business now
    assert len(inbox.mails) == 2


def test_the_reminder_window_is_a_quarter_of_the_move_time_and_a_day_at_most() -> None:
    """Issue 16: one day a move: 6 hours before; two: 12 hours; a week: one day."""
    assert reminder_window({"kind": "turn", "days": 1}) == 6 * 3600
    assert reminder_window({"kind": "turn", "days": 2}) == 12 * 3600
    assert reminder_window({"kind": "turn", "days": 7}) == DAY
    assert reminder_window(None) == DAY


def test_a_turn_that_starts_inside_the_reminder_window_sends_one_mail(
    store: AsyncStore, smtp: tuple[Inbox, int]
) -> None:
    """Issue 16: a turn first seen with little time left (the server was down) gets its mail, which names the
    deadline, and no reminder on top of it."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    table(store, "t-late", [("Ada", ada), ("Grace", None)], deadline=NOON + 3600)
    notifier = Notifier(store, settings(port))
    assert run(notifier, NOON) == 1
    assert run(notifier, NOON + 60) == 0
    assert inbox.subjects() == ["Your move: City Blocks"]


# --- the daily summary ----------------------------------------------------------------------------------------------
def test_the_daily_digest_lists_the_right_tables_once_a_day(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: an account that chose the daily summary gets at most one a UTC day, listing every turn-based table
    where it is its move (and not those where another seat is on turn, a live one or a finished one); no summary
    when there is nothing to list."""
    inbox, port = smtp
    grace = account(store, "Grace", "grace@example.org", "digest")
    ada = account(store, "Ada", "ada@example.org", "off")
    table(store, "d-mine-1", [("Grace", grace), ("Ada", ada)], deadline=NOON + 2 * DAY)
    table(store, "d-mine-2", [("Lin", None), ("Grace", grace)], to_move=1, turn_ply=3, deadline=NOON + 3 * DAY)
    table(store, "d-theirs", [("Grace", grace), ("Ada", ada)], to_move=1)
    table(store, "d-live", [("Grace", grace), ("Ada", ada)], pace={"kind": "live", "minutes": 5, "increment": 3})
    table(store, "d-over", [("Grace", grace), ("Ada", ada)], deadline=None)
    notifier = Notifier(store, settings(port))
    assert run(notifier, NOON) == 1
    assert inbox.subjects() == ["Your move at 2 tables"]
    body = inbox.body()
    assert "City Blocks against Ada, until 2026-06-05 12:00 UTC" in body
    assert "City Blocks against Lin, until 2026-06-06 12:00 UTC" in body
    assert "/table/d-mine-1" in body and "/table/d-mine-2" in body
    assert "d-theirs" not in body and "d-live" not in body and "d-over" not in body
    # Later that day: nothing more, even for a new turn.
    store.store.tables.set_timing("d-theirs", Timing(NOON + 3 * DAY, 0, 4))
    assert run(notifier, NOON + 6 * 3600) == 0
    # The next day: a new summary of the three tables.
    tomorrow = NOON + DAY - 6 * 3600
    assert run(notifier, tomorrow) == 1
    assert inbox.subjects()[-1] == "Your move at 3 tables"
    assert run(notifier, tomorrow + 3600) == 0
    # A day with nothing to list sends nothing.
    for table_id in ("d-mine-1", "d-mine-2", "d-theirs"):
        store.store.tables.set_timing(table_id, Timing(None, None, None))
    assert run(notifier, NOON + 2 * DAY) == 0
    assert len(inbox.mails) == 2


# --- failures and several processes ---------------------------------------------------------------------------------
def test_a_failing_smtp_server_loses_no_mail(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: while the SMTP server cannot be reached (a closed port) the round sends nothing and says so in the
    log, without failing; the next round, with the server back, sends the mail."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    table(store, "t-fail", [("Ada", ada), ("Grace", None)])
    closed = free_port()
    assert run(Notifier(store, settings(closed)), NOON) == 0
    assert run(Notifier(store, settings(closed)), NOON + 60) == 0
    assert inbox.mails == []
    assert run(Notifier(store, settings(port)), NOON + 120) == 1
    assert inbox.subjects() == ["Your move: City Blocks"]


def test_a_mail_the_server_refuses_for_good_does_not_hold_up_the_others(store: AsyncStore) -> None:
    """Issue 16: an address the SMTP server cannot carry (beyond ASCII, to a server without SMTPUTF8) is logged and
    not tried again every round; the other mails of the round go out all the same."""
    with smtp_server(enable_SMTPUTF8=False) as (inbox, port):
        refused_for_good(store, inbox, port)


def refused_for_good(store: AsyncStore, inbox: Inbox, port: int) -> None:
    jorg = account(store, "Jörg", "jörg@example.org", "turn")
    ada = account(store, "Ada", "ada@example.org", "turn")
    table(store, "t-first", [("Jörg", jorg), ("Ada", ada)], deadline=NOON + DAY)
    table(store, "t-second", [("Jörg", jorg), ("Ada", ada)], to_move=1, deadline=NOON + 2 * DAY)
    notifier = Notifier(store, settings(port))
    assert run(notifier, NOON) == 1
    assert [to for to, _mail in inbox.mails] == [["ada@example.org"]]
    assert run(notifier, NOON + 60) == 0


def test_a_second_process_does_not_send_the_same_mail_again(
    db_url: str, store: AsyncStore, smtp: tuple[Inbox, int]
) -> None:
    """Issue 16: two server processes on one database (two stores, two notifiers) send each mail once."""
    inbox, port = smtp
    ada = account(store, "Ada", "ada@example.org", "turn")
    grace = account(store, "Grace", "grace@example.org", "digest")
    table(store, "t-two", [("Ada", ada), ("Grace", grace)], pace=DAY_PACE, deadline=LATE)
    table(store, "t-two-b", [("Ada", ada), ("Grace", grace)], pace=DAY_PACE, deadline=LATE, to_move=1)
    other = AsyncStore(Store(db_url), threads=2)
    try:
        first, second = Notifier(store, settings(port)), Notifier(other, settings(port))
        assert run(first, NOON) == 2
        assert run(second, NOON + 1) == 0
        assert run(second, LATE - 3600) == 2  # the reminders: whoever comes first
        assert run(first, LATE - 3000) == 0
    finally:
        other.close()
    assert sorted(inbox.subjects()) == [
        "Reminder: your move at City Blocks",
        "Reminder: your move at City Blocks",
        "Your move at 1 table",
        "Your move: City Blocks",
    ]


def test_the_notifier_loop_runs_in_the_server(db_url: str, smtp: tuple[Inbox, int]) -> None:
    """Issue 16: an app whose settings name an SMTP server (`--smtp`) starts the notifier with the server and stops it
    with the server."""
    inbox, port = smtp
    mail = {"smtp": f"127.0.0.1:{port}", "smtp_from": "guildtable@example.org", "smtp_starttls": False}
    app = create_app(ServerSettings(db=db_url, bot_delay=0, public_url="https://play.example", mail_poll=3600, **mail))
    lobby_store = app.state.lobby.store
    ada = account(lobby_store, "Ada", "ada@example.org", "turn")
    table(lobby_store, "t-app", [("Ada", ada), ("Grace", None)], deadline=datetime.now(UTC).timestamp() + 2 * DAY)
    with TestClient(app):
        # The server's loop runs on the wall clock: wait (boundedly) for its first round.
        wait_for(lambda: inbox.mails)
    assert inbox.subjects() == ["Your move: City Blocks"]


# --- the account's settings ---------------------------------------------------------------------------------------
@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )
    limits = ServerLimits(signin_rate="1000/minute")
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, limits=limits))) as test_client:
        yield test_client


def choice(response: Any) -> dict[str, Any]:
    """The address and the choice of a settings answer (it also tells the address's state, issue 30)."""
    body = response.json()
    return {"email": body["email"], "notify": body["notify"]}


def sign_up(client: TestClient, name: str = "Ada") -> None:
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.json()
    client.headers[CSRF_HEADER] = response.json()["csrf"]


def test_settings_start_off_and_can_be_changed(client: TestClient) -> None:
    """Issue 16: an account has no mail at first; PUT stores the address (normalised) and the choice, GET shows
    them, and an empty address with "off" clears them."""
    sign_up(client)
    assert choice(client.get("/api/account/settings")) == {"email": None, "notify": "off"}
    response = client.put("/api/account/settings", json={"email": " Ada@Example.ORG ", "notify": "turn"})
    assert response.status_code == 200, response.json()
    assert choice(response) == {"email": "Ada@example.org", "notify": "turn"}
    assert choice(client.get("/api/account/settings")) == {"email": "Ada@example.org", "notify": "turn"}
    assert client.put("/api/account/settings", json={"email": "ada@example.org", "notify": "digest"}).status_code == 200
    assert client.get("/api/account/settings").json()["notify"] == "digest"
    assert choice(client.put("/api/account/settings", json={"email": "", "notify": "off"})) == {
        "email": None,
        "notify": "off",
    }


def test_settings_need_an_account(client: TestClient) -> None:
    """Issue 16: a guest has no settings to read or change."""
    assert client.get("/api/account/settings").status_code == 401
    assert client.put("/api/account/settings", json={"email": "a@example.org", "notify": "turn"}).status_code == 401


def test_settings_refuse_a_request_without_the_csrf_token(client: TestClient) -> None:
    """Issue 16: another site cannot change where a player's mail goes: without the CSRF header, 403 and nothing
    changes."""
    sign_up(client)
    client.put("/api/account/settings", json={"email": "ada@example.org", "notify": "turn"})
    csrf = client.headers.pop(CSRF_HEADER)
    response = client.put("/api/account/settings", json={"email": "evil@example.com", "notify": "digest"})
    assert response.status_code == 403 and response.json()["problem"] == "csrf"
    client.headers[CSRF_HEADER] = csrf
    assert choice(client.get("/api/account/settings")) == {"email": "ada@example.org", "notify": "turn"}


@pytest.mark.parametrize(
    ("body", "field_name"),
    [
        ({"email": "not an address", "notify": "turn"}, "email"),
        ({"email": "ada@localhost", "notify": "turn"}, "email"),
        ({"email": "ada@example.org\r\nBcc: x@example.com", "notify": "turn"}, "email"),
        ({"email": "a" * 250 + "@example.org", "notify": "turn"}, "email"),
        ({"email": None, "notify": "turn"}, "email"),
        ({"email": "ada@example.org", "notify": "hourly"}, "notify"),
    ],
)
def test_bad_settings_are_refused_in_words(client: TestClient, body: dict[str, Any], field_name: str) -> None:
    """Issue 16: an address that is none, mail without an address, or an unknown choice: 422 naming the field, and
    nothing changes."""
    sign_up(client)
    response = client.put("/api/account/settings", json=body)
    assert response.status_code == 422, response.json()
    problem = response.json()
    assert problem["field"] == field_name and problem["detail"]
    assert choice(client.get("/api/account/settings")) == {"email": None, "notify": "off"}


def test_settings_problems_speak_german(client: TestClient) -> None:
    """Issue 16: the refusals are in the reader's language."""
    sign_up(client)
    response = client.put("/api/account/settings?lang=de", json={"email": None, "notify": "turn"})
    assert response.status_code == 422
    assert "E-Mail" in response.json()["detail"]


# --- the command line ---------------------------------------------------------------------------------------------
def test_serve_reads_smtp_host_and_port_and_the_public_url() -> None:
    """Issue 16: `--smtp HOST:PORT` (IPv6 in brackets) and `--public-url` are checked before the server starts."""
    assert smtp_address("mail.example.org:587") == ("mail.example.org", 587)
    assert smtp_address("[::1]:25") == ("::1", 25)
    assert checked_public_url("https://games.example.org/") == "https://games.example.org"
    runner = CliRunner()
    for arguments in (["--smtp", "mail.example.org"], ["--smtp", "h:99999"], ["--smtp", "h:25", "--public-url", "x"]):
        result = runner.invoke(cli_app, ["serve", *arguments, "--db", "sqlite:///:memory:"])
        assert result.exit_code == 2, result.output


def test_my_games_page_has_the_mail_form_in_both_languages(client: TestClient) -> None:
    """Issue 16: the "My games" page carries the e-mail notifications form (address, off / each turn / daily), in
    English and German."""
    english = client.get("/me?lang=en").text
    assert 'id="mail-form"' in english and 'type="email"' in english
    assert "E-mail notifications" in english and "Each of my turns" in english and "One daily summary" in english
    for value in ("off", "turn", "digest"):
        assert f'name="notify" value="{value}"' in english
    german = client.get("/me?lang=de").text
    assert "Benachrichtigungen per E-Mail" in german and "Eine Zusammenfassung am Tag" in german
