"""Issue 30 finding 6: an account could enter anyone's address and have "Your move" mails, carrying words it chose,
sent there (55 mails to a stranger in 37 s from 10 tables). Now an address gets one confirmation mail and nothing else
until its owner follows the link in it; mails per address are capped per UTC day; every mail can unsubscribe its
address in one click (RFC 8058). Mails go to a real SMTP server (aiosmtpd on loopback) and are read as they arrive;
every clock is given (`run_once(now)`), no test waits on the wall clock."""

from __future__ import annotations

import email
import email.policy
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from argon2 import PasswordHasher
from security_helpers import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

from guildtable.cli.app import app as cli_app
from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import CSRF_HEADER
from guildtable.server.limits import ServerLimits
from guildtable.server.mail import MailSettings, Notifier
from guildtable.server.settings import ServerSettings
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.database import now
from guildtable.server.storage.schema import accounts
from guildtable.server.storage.tables import StoredSeat, StoredTable, Timing
from loops import run_coroutine

PASSWORD = "correct horse battery"
DAY = 24 * 3600.0
# Noon of today (UTC): the notifier is given its clock, but a confirmation link's week is counted on the server's.
NOON = datetime.now(UTC).replace(hour=12, minute=0, second=0, microsecond=0).timestamp()
TURN_PACE = {"kind": "turn", "days": 2, "timeout": "forfeit"}
STRANGER = "stranger@example.org"
# What the attacker writes where a mail would show it: its account's name and its seats' names.
CHOSEN = "BUY CHEAP PILLS"


@dataclass
class Inbox:
    mails: list[tuple[list[str], EmailMessage]] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.mails.append((list(envelope.rcpt_tos), parsed))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [mail for recipients, mail in self.mails if address in recipients]


def body(mail: EmailMessage) -> str:
    part = mail.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def link(mail: EmailMessage, path: str) -> str:
    """The path (from `path` on) of the link in the mail's body that starts with the site and `path`."""
    found = re.search(rf"https://play\.example({re.escape(path)}[^\s]+)", body(mail))
    assert found, body(mail)
    return found.group(1)


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def mail_settings(port: int, **limits: int) -> MailSettings:
    return MailSettings("127.0.0.1", port, "guildtable@example.org", base_url="https://play.example", **limits)


@pytest.fixture
def client(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )
    app = create_app(
        ServerSettings(
            db=f"sqlite:///{tmp_path / 'mail.sqlite3'}", bot_delay=0, limits=ServerLimits(signin_rate="1000/minute")
        )
    )
    with TestClient(app) as test_client:
        yield test_client


def store_of(client: TestClient) -> AsyncStore:
    return client.app.state.lobby.store  # type: ignore[attr-defined,no-any-return]


def sign_up(client: TestClient, name: str) -> str:
    """A new account, signed in (the client sends its CSRF token from now on); its id."""
    client.cookies.clear()
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.json()
    client.headers[CSRF_HEADER] = response.json()["csrf"]
    with store_of(client).store.engine.connect() as db:
        return str(db.execute(select(accounts.c.id).where(accounts.c.name == name)).scalar_one())


def set_address(client: TestClient, address: str, notify: str = "turn") -> dict[str, Any]:
    response = client.put("/api/account/settings", json={"email": address, "notify": notify})
    assert response.status_code == 200, response.json()
    return dict(response.json())


def tables_waiting_for(client: TestClient, account_id: str, count: int, prefix: str = "t") -> None:
    """`count` turn-based tables where it is the account's move, its seats named as the attacker likes."""
    store = store_of(client).store
    for index in range(count):
        table_id = f"{prefix}{index}"
        seats = [
            StoredSeat(0, "human", CHOSEN, None, True, account_id, f"secret-{table_id}-0"),
            StoredSeat(1, "human", f"{CHOSEN} {index}", None, True, None, f"secret-{table_id}-1"),
        ]
        store.tables.create_table(
            StoredTable(table_id, "city-blocks", 7, {}, None, now(), None, seats, [], pace=TURN_PACE, started=NOON)
        )
        store.tables.set_timing(table_id, Timing(NOON + 2 * DAY, 0, 0))


def next_turn(client: TestClient, count: int, ply: int, prefix: str = "t") -> None:
    """Every table moved on: the account is on turn again, from ply `ply`."""
    for index in range(count):
        store_of(client).store.tables.set_timing(f"{prefix}{index}", Timing(NOON + 3 * DAY, 0, ply))


def run(notifier: Notifier, at: float) -> int:
    return run_coroutine(notifier.run_once(at))


def test_a_stranger_gets_one_confirmation_mail_and_nothing_an_account_wrote(
    client: TestClient, smtp: tuple[Inbox, int]
) -> None:
    """The attack as reported: an account enters a stranger's address, asks for a mail at each turn and is on turn
    at 10 tables, turn after turn. The stranger gets one mail, the confirmation, which names no account and holds
    nothing the account chose; no "Your move" mail ever comes."""
    inbox, port = smtp
    attacker = sign_up(client, CHOSEN)
    set_address(client, STRANGER)
    tables_waiting_for(client, attacker, 10)
    notifier = Notifier(store_of(client), mail_settings(port))
    run(notifier, NOON)
    for turn in range(1, 6):
        next_turn(client, 10, 2 * turn)
        run(notifier, NOON + turn * 600)
    mails = inbox.to(STRANGER)
    assert [str(mail["Subject"]) for mail in mails] == ["Confirm your e-mail address for guildtable"]
    assert CHOSEN.lower() not in mails[0].as_string().lower()
    assert "/confirm-email/" in body(mails[0])


def test_following_the_link_confirms_the_address_after_asking(client: TestClient, smtp: tuple[Inbox, int]) -> None:
    """The confirmation link opens a page that asks (a mail scanner opening links confirms nothing); its button
    confirms, and from then on the mails the account chose go there. The settings say where the address stands."""
    inbox, port = smtp
    ada = sign_up(client, "Ada")
    assert set_address(client, "ada@example.org")["status"] == "due"
    tables_waiting_for(client, ada, 1)
    notifier = Notifier(store_of(client), mail_settings(port))
    assert run(notifier, NOON) == 1
    settings = client.get("/api/account/settings").json()
    assert settings["status"] == "sent" and settings["confirmed"] is False and settings["confirmation_sent"] == NOON
    confirm = link(inbox.to("ada@example.org")[0], "/confirm-email/")
    page = client.get(confirm)
    assert page.status_code == 200 and f'action="{confirm}"' in page.text
    assert client.get("/api/account/settings").json()["confirmed"] is False
    client.cookies.clear()  # the owner may open the mail anywhere: no session is needed
    assert client.post(confirm).status_code == 200
    assert client.post(confirm).status_code == 404  # used once
    sign_in(client, "Ada")
    assert client.get("/api/account/settings").json()["status"] == "confirmed"
    assert run(notifier, NOON + 60) == 1
    assert str(inbox.to("ada@example.org")[-1]["Subject"]) == "Your move: City Blocks"


def sign_in(client: TestClient, name: str) -> None:
    response = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.json()
    client.headers[CSRF_HEADER] = response.json()["csrf"]


def confirmed(client: TestClient, inbox: Inbox, notifier: Notifier, address: str, at: float) -> None:
    """Have the confirmation mail of the signed-in account's new address sent, and follow its link."""
    run(notifier, at)
    assert client.post(link(inbox.to(address)[-1], "/confirm-email/")).status_code == 200


def test_every_mail_unsubscribes_in_one_click_without_a_session(client: TestClient, smtp: tuple[Inbox, int]) -> None:
    """RFC 8058: every mail has `List-Unsubscribe: <https://...>` and `List-Unsubscribe-Post:
    List-Unsubscribe=One-Click`; a POST to it with no cookie and no CSRF token stops all mail to the address (from
    any account); a GET only asks."""
    inbox, port = smtp
    ada = sign_up(client, "Ada")
    set_address(client, "ada@example.org")
    tables_waiting_for(client, ada, 3)
    notifier = Notifier(store_of(client), mail_settings(port))
    confirmed(client, inbox, notifier, "ada@example.org", NOON)
    assert run(notifier, NOON + 60) == 3
    mails = inbox.to("ada@example.org")
    for mail in mails:
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert re.fullmatch(r"<https://play\.example/unsubscribe/[\w-]+>", str(mail["List-Unsubscribe"]))
        assert str(mail["List-Unsubscribe"])[1:-1] in body(mail)
    target = str(mails[-1]["List-Unsubscribe"])[len("<https://play.example") : -1]
    assert client.get(target).status_code == 200
    next_turn(client, 3, 2)
    assert run(notifier, NOON + 120) == 3  # the GET stopped nothing
    stranger = TestClient(client.app)  # no cookie, no CSRF token: a mail program
    answer = stranger.post(target, content="List-Unsubscribe=One-Click", headers={"Content-Type": "text/plain"})
    assert answer.status_code == 200
    next_turn(client, 3, 4)
    assert run(notifier, NOON + 180) == 0
    assert client.get("/api/account/settings").json()["status"] == "stopped"
    # Another account cannot mail the address either, not even a confirmation.
    sign_up(client, "Grace")
    set_address(client, "ADA@example.org")
    assert run(notifier, NOON + 240) == 0


def test_mails_to_one_address_are_capped_per_day(client: TestClient, smtp: tuple[Inbox, int]) -> None:
    """`guildtable serve --mail-per-address-day`: an address gets at most that many mails a UTC day, however many
    tables and turns; the next day more come."""
    inbox, port = smtp
    ada = sign_up(client, "Ada")
    set_address(client, "ada@example.org")
    tables_waiting_for(client, ada, 10)
    notifier = Notifier(store_of(client), mail_settings(port, per_address_day=4))
    confirmed(client, inbox, notifier, "ada@example.org", NOON)  # the confirmation is the day's first
    run(notifier, NOON + 60)
    next_turn(client, 10, 2)
    run(notifier, NOON + 120)
    assert len(inbox.to("ada@example.org")) == 4
    next_turn(client, 10, 4)
    run(notifier, NOON + DAY)
    assert len(inbox.to("ada@example.org")) == 8


def test_confirmation_mails_are_capped_per_address_and_per_account(client: TestClient, smtp: tuple[Inbox, int]) -> None:
    """Many accounts (or one asking again and again) cannot flood an address with confirmation mails: at most
    `--mail-confirmations-per-day` a day reach an address, or come from one account; the page says why not."""
    inbox, port = smtp
    notifier = Notifier(store_of(client), mail_settings(port, confirmations_per_day=2))
    for index in range(5):
        sign_up(client, f"Mallory{index}")
        set_address(client, STRANGER)
        run(notifier, NOON + index)
    assert len(inbox.to(STRANGER)) == 2
    assert client.get("/api/account/settings").json()["status"] == "limit"
    sign_up(client, "Eve")
    for index in range(4):
        set_address(client, f"victim{index}@example.org")
        run(notifier, NOON + 100 + index)
    assert sum(len(inbox.to(f"victim{index}@example.org")) for index in range(4)) == 2
    assert client.post("/api/account/settings/confirmation").status_code == 200
    run(notifier, NOON + 200)
    assert client.get("/api/account/settings").json()["status"] == "limit"


def test_changing_the_address_unconfirms_it_and_sends_a_new_confirmation(
    client: TestClient, smtp: tuple[Inbox, int]
) -> None:
    """A confirmed account that changes its address is unconfirmed again: the new address gets its confirmation
    mail and nothing else; the old one gets nothing more."""
    inbox, port = smtp
    ada = sign_up(client, "Ada")
    set_address(client, "ada@example.org")
    tables_waiting_for(client, ada, 1)
    notifier = Notifier(store_of(client), mail_settings(port))
    confirmed(client, inbox, notifier, "ada@example.org", NOON)
    assert set_address(client, "ada@example.org", "digest")["confirmed"] is True  # the same address stays confirmed
    changed = set_address(client, "lovelace@example.org")
    assert changed["confirmed"] is False and changed["status"] == "due"
    before = len(inbox.to("ada@example.org"))
    run(notifier, NOON + 60)
    assert [str(mail["Subject"]) for mail in inbox.to("lovelace@example.org")] == [
        "Confirm your e-mail address for guildtable"
    ]
    assert len(inbox.to("ada@example.org")) == before


def test_the_settings_page_says_whether_the_address_is_confirmed(client: TestClient) -> None:
    """The account page carries the address's state line and the button to ask for the confirmation mail again,
    in both languages (its words are in the page's catalogue)."""
    english = client.get("/me?lang=en").text
    assert 'id="mail-status"' in english and 'id="mail-confirm-again"' in english
    assert "Send the confirmation mail again" in english
    german = client.get("/me?lang=de").text
    assert "Bestätigungsmail" in german
    assert "A confirmation mail was sent to {email} on {date}." in english  # the script's words, in the catalogue


def test_the_limits_are_serve_options() -> None:
    """Each new limit is a `guildtable serve` option."""
    result = CliRunner().invoke(cli_app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert "--mail-per-address-day" in result.output and "--mail-confirmations-per-day" in result.output
