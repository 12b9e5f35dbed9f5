"""Issue 33: an account has a language, and its mails follow it. The language is the page's the account signed up
from, then the one its browser chooses (signing in, or the switch at the top of a page while signed in), and its
settings change it (`PUT /api/account/language`). "Your move", the reminder, the daily summary and the confirmation
mail are written in it, each mail in its own account's language. Migration 0009 gives every existing account English
(the language its mails had) and can be undone. Runs against SQLite and PostgreSQL; the mails go to a real SMTP server
(aiosmtpd on loopback) with the clock given."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from alembic import command
from argon2 import PasswordHasher
from server_helpers import TestClient
from sqlalchemy import create_engine, inspect, select, text, update
from test_server_mail import DAY, DAY_PACE, LATE, NOON, Inbox, run, settings, smtp_server, table

from guildtable.server import accounts as accounts_module
from guildtable.server import create_app, migrations
from guildtable.server.accounts import CSRF_HEADER
from guildtable.server.language import COOKIE as LANGUAGE_COOKIE
from guildtable.server.limits import ServerLimits
from guildtable.server.mail import Notifier
from guildtable.server.settings import ServerSettings
from guildtable.server.storage.accounts import StoredAccount
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.database import now
from guildtable.server.storage.mail_choices import MailChoice
from guildtable.server.storage.schema import accounts
from guildtable.server.storage.store import Store

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    limits = ServerLimits(signin_rate="1000/minute")
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, limits=limits))) as test_client:
        yield test_client


@pytest.fixture
def store(db_url: str) -> Iterator[AsyncStore]:
    opened = AsyncStore(Store(db_url), threads=2)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    with smtp_server() as served:
        yield served


def mail_account(store: AsyncStore, name: str, language: str, notify: str = "turn") -> str:
    """An account in `language` with a confirmed address and the mail choice `notify`."""
    account_id = f"acc-{name.lower()}"
    store.store.accounts.create_account(
        StoredAccount(account_id, name, "$argon2id$unused", now(), language), name.lower()
    )
    store.store.mail_choices.set_mail_choice(account_id, MailChoice(f"{name.lower()}@example.org", notify))
    with store.store.engine.begin() as db:
        db.execute(update(accounts).where(accounts.c.id == account_id).values(email_status="confirmed"))
    return account_id


def mail_to(inbox: Inbox, address: str) -> tuple[str, str, str]:
    """The subject, Content-Language and body of the one mail `address` got."""
    found = [mail for to, mail in inbox.mails if to == [address]]
    assert len(found) == 1, [to for to, _mail in inbox.mails]
    part = found[0].get_body(("plain",))
    assert part is not None
    return str(found[0]["Subject"]), str(found[0]["Content-Language"]), str(part.get_content())


def language_of_account(client: TestClient, name: str) -> str:
    """The account's language as the database keeps it."""
    store: Store = client.app.state.lobby.store.store  # type: ignore[attr-defined]
    with store.engine.connect() as db:
        return str(db.execute(select(accounts.c.language).where(accounts.c.name == name)).scalar_one())


def sign_up(client: TestClient, name: str = "Ada", **request: Any) -> dict[str, Any]:
    response = client.post("/api/account", json={"name": name, "password": PASSWORD}, **request)
    assert response.status_code == 201, response.json()
    client.headers[CSRF_HEADER] = response.json()["csrf"]
    return dict(response.json())


def signed_out(client: TestClient) -> None:
    client.cookies.clear()
    client.headers.pop(CSRF_HEADER, None)


def language_cookie(response: Any) -> str | None:
    """The language a response's Set-Cookie chooses for the browser's pages (None: it sets none)."""
    for header in response.headers.get_list("set-cookie"):
        name, _eq, rest = header.partition("=")
        if name == LANGUAGE_COOKIE:
            return rest.split(";", 1)[0]
    return None


# --- the mails ------------------------------------------------------------------------------------------------------
def test_each_your_move_mail_is_in_its_accounts_language(store: AsyncStore, smtp: tuple[Inbox, int]) -> None:
    """Issue 33: in one round, the account that chose German gets its "your move" mail in German (subject, words,
    unsubscribe line, Content-Language) and the English one its mail in English."""
    inbox, port = smtp
    ada = mail_account(store, "Ada", "de")
    grace = mail_account(store, "Grace", "en")
    table(store, "t-de", [("Ada", ada), ("Lin", None), ("Bo", None)])
    table(store, "t-en", [("Grace", grace), ("Lin", None)])
    assert run(Notifier(store, settings(port)), NOON) == 2

    subject, language, body = mail_to(inbox, "ada@example.org")
    assert subject == "Du bist am Zug: City Blocks" and language == "de"
    assert "Hallo Ada," in body and "Du bist am Zug bei City Blocks gegen Lin und Bo." in body
    assert "Zu deinem Zug: https://play.example/table/t-de" in body
    assert "Keine E-Mails von guildtable mehr an diese Adresse" in body and "Sprache" in body
    assert "Hello" not in body and "Your move" not in body and "e-mail from guildtable" not in body

    subject, language, body = mail_to(inbox, "grace@example.org")
    assert subject == "Your move: City Blocks" and language == "en"
    assert "Hello Grace," in body and "It is your move at City Blocks against Lin." in body
    assert "To get no more e-mail from guildtable at this address" in body and "Hallo" not in body


def test_the_daily_summary_and_the_reminder_follow_the_accounts_language(
    store: AsyncStore, smtp: tuple[Inbox, int]
) -> None:
    """Issue 33: a German account's daily summary lists its tables in German; its reminder before a move's time runs
    out is German too."""
    inbox, port = smtp
    ada = mail_account(store, "Ada", "de", notify="digest")
    table(store, "d-1", [("Ada", ada), ("Lin", None)], deadline=NOON + 2 * DAY)
    table(store, "d-2", [("Bo", None), ("Ada", ada)], to_move=1, turn_ply=3, deadline=NOON + 3 * DAY)
    notifier = Notifier(store, settings(port))
    assert run(notifier, NOON) == 1
    subject, language, body = mail_to(inbox, "ada@example.org")
    assert subject == "Du bist an 2 Tischen am Zug" and language == "de"
    assert "Du bist an diesen 2 Tischen am Zug:" in body
    assert "City Blocks gegen Lin, bis 2026-06-05 12:00 UTC" in body
    assert "City Blocks gegen Bo, bis 2026-06-06 12:00 UTC" in body
    assert "against" not in body and "until" not in body

    # A table of a day a move, its time running out tonight: the reminder comes in the afternoon, in German.
    table(store, "d-3", [("Ada", ada), ("Lin", None)], pace=DAY_PACE, deadline=LATE)
    inbox.mails.clear()
    assert run(notifier, NOON + 6 * 3600) == 1
    subject, language, body = mail_to(inbox, "ada@example.org")
    assert subject == "Erinnerung: Du bist am Zug bei City Blocks" and language == "de"
    assert "Hallo Ada," in body and "Reminder" not in body


def test_the_confirmation_mail_is_in_the_language_of_the_account_that_asked(
    store: AsyncStore, smtp: tuple[Inbox, int]
) -> None:
    """Issue 33 (and 30): a new address's confirmation mail is written in its account's language."""
    inbox, port = smtp
    store.store.accounts.create_account(StoredAccount("acc-ada", "Ada", "$argon2id$unused", now(), "de"), "ada")
    store.store.mail_choices.set_mail_choice("acc-ada", MailChoice("ada@example.org", "turn"))
    assert run(Notifier(store, settings(port)), NOON) == 1
    subject, language, body = mail_to(inbox, "ada@example.org")
    assert subject == "Bestätige deine E-Mail-Adresse für guildtable" and language == "de"
    assert "https://play.example/confirm-email/" in body and "Hello" not in body


def test_an_account_made_on_a_german_page_gets_german_mail(
    client: TestClient, db_url: str, smtp: tuple[Inbox, int]
) -> None:
    """Issue 33, from end to end: an account signed up from a German page, with mails at each turn, gets its "your
    move" mail in German."""
    inbox, port = smtp
    sign_up(client, "Ada", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert client.put("/api/account/settings", json={"email": "ada@example.org", "notify": "turn"}).status_code == 200
    store = AsyncStore(Store(db_url), threads=2)
    try:
        with store.store.engine.begin() as db:
            account_id = db.execute(select(accounts.c.id).where(accounts.c.name == "Ada")).scalar_one()
            db.execute(update(accounts).where(accounts.c.id == account_id).values(email_status="confirmed"))
        table(store, "t-web", [("Ada", account_id), ("Lin", None)])
        assert run(Notifier(store, settings(port)), NOON) == 1
    finally:
        store.close()
    subject, language, body = mail_to(inbox, "ada@example.org")
    assert subject == "Du bist am Zug: City Blocks" and language == "de" and "Hallo Ada," in body


# --- where the language comes from ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("request_args", "expected"),
    [
        ({"headers": {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}}, "de"),
        ({"headers": {"Accept-Language": "en-GB"}, "cookies": {LANGUAGE_COOKIE: "de"}}, "de"),
        ({"params": {"lang": "de"}}, "de"),
        ({"headers": {"Accept-Language": "fr-FR"}}, "en"),
        ({"headers": {"Accept-Language": "de"}, "params": {"lang": "en"}}, "en"),
        # The tests' pseudo-locale is no language an account can have.
        ({"params": {"lang": "qps"}}, "en"),
    ],
)
def test_a_new_account_takes_the_language_of_the_page_it_signed_up_from(
    client: TestClient, request_args: dict[str, Any], expected: str
) -> None:
    """Issue 33: the sign-up is answered in the page's language (its `?lang=`, the language switch's cookie, else the
    browser's Accept-Language), and the new account's language is that one."""
    given = dict(request_args)
    for name, value in given.pop("cookies", {}).items():
        client.cookies.set(name, value)
    answer = sign_up(client, "Ada", **given)
    assert answer["language"] == expected
    assert client.get("/api/account").json()["language"] == expected
    assert language_of_account(client, "Ada") == expected


def test_signing_in_from_a_page_in_a_chosen_language_makes_it_the_accounts(client: TestClient) -> None:
    """Issue 33: signing in from a browser that chose a language (the switch's cookie) makes it the account's; a
    browser that chose none is given the account's (the language cookie), and the account keeps its own."""
    sign_up(client, "Ada", headers={"Accept-Language": "en"})
    signed_out(client)
    client.cookies.set(LANGUAGE_COOKIE, "de")
    answer = client.post("/api/session", json={"name": "Ada", "password": PASSWORD})
    assert answer.status_code == 200 and answer.json()["language"] == "de"
    assert language_cookie(answer) is None
    assert language_of_account(client, "Ada") == "de"

    signed_out(client)
    answer = client.post("/api/session", json={"name": "Ada", "password": PASSWORD}, headers={"Accept-Language": "en"})
    assert answer.status_code == 200 and answer.json()["language"] == "de"
    assert language_cookie(answer) == "de"
    assert language_of_account(client, "Ada") == "de"


def test_switching_the_language_while_signed_in_makes_it_the_accounts(client: TestClient) -> None:
    """Issue 33: every page asks `/api/account` who is signed in; the language its browser switched to meanwhile (the
    cookie the switch sets) becomes the account's. The tests' pseudo-locale changes nothing."""
    sign_up(client, "Ada", headers={"Accept-Language": "en"})
    assert client.get("/api/account").json()["language"] == "en"
    client.get("/me", params={"lang": "de"})  # the switch at the top of a page
    assert client.cookies.get(LANGUAGE_COOKIE) == "de"
    assert client.get("/api/account").json()["language"] == "de"
    assert language_of_account(client, "Ada") == "de"
    client.get("/me", params={"lang": "qps"})
    assert client.get("/api/account").json()["language"] == "de"
    assert language_of_account(client, "Ada") == "de"


# --- the settings ----------------------------------------------------------------------------------------------------
def test_the_settings_change_the_accounts_language(client: TestClient) -> None:
    """Issue 33: `PUT /api/account/language` changes the account's language, and has the browser's pages follow it
    (the language cookie), so the next page does not switch it back."""
    sign_up(client, "Ada", headers={"Accept-Language": "en"})
    answer = client.put("/api/account/language", json={"language": "de"})
    assert answer.status_code == 200 and answer.json() == {"language": "de"}
    assert language_cookie(answer) == "de"
    assert language_of_account(client, "Ada") == "de"
    assert client.get("/api/account").json()["language"] == "de"
    assert 'lang="de"' in client.get("/me").text
    answer = client.put("/api/account/language", json={"language": "en"})
    assert answer.json() == {"language": "en"} and language_of_account(client, "Ada") == "en"


@pytest.mark.parametrize("body", [{"language": "fr"}, {"language": "qps"}, {"language": ""}, {"language": 3}, {}])
def test_a_language_the_site_does_not_have_is_refused_in_words(client: TestClient, body: dict[str, Any]) -> None:
    """Issue 33: anything but English or German is a 422 in the reader's language, and changes nothing."""
    sign_up(client, "Ada", headers={"Accept-Language": "en"})
    answer = client.put("/api/account/language", json=body, headers={"Accept-Language": "de"})
    assert answer.status_code == 422 and answer.json()["problem"] in ("bad-request", "validation")
    if body.get("language") == "fr":
        assert answer.json()["detail"] == "language ist eine von en (English), de (Deutsch)"
        assert answer.json()["field"] == "language"
    assert language_of_account(client, "Ada") == "en"


def test_the_language_setting_needs_an_account_and_the_csrf_token(client: TestClient) -> None:
    """Issue 33: a guest cannot set a language (401), nor another site for a signed-in browser (403)."""
    assert client.put("/api/account/language", json={"language": "de"}).status_code == 401
    sign_up(client, "Ada", headers={"Accept-Language": "en"})
    forged = client.put("/api/account/language", json={"language": "de"}, headers={CSRF_HEADER: "forged"})
    assert forged.status_code == 403 and forged.json()["problem"] == "csrf"
    assert language_of_account(client, "Ada") == "en"


# --- the migration ----------------------------------------------------------------------------------------------------
def test_a_database_at_0008_with_accounts_gets_english_and_goes_back_down(db_url: str) -> None:
    """Issue 33: revision 0009 gives every existing account English (the language its mails had), its sessions and
    mail settings untouched; the account's language then changes; undone, the column goes and the accounts stay."""
    engine = create_engine(db_url)
    with engine.begin() as db:
        command.upgrade(migrations.config(db), "0008")
        for account_id, name in (("acc-ada", "Ada"), ("acc-bo", "Bo")):
            db.execute(
                text(
                    "INSERT INTO gt_accounts (id, name, name_key, password_hash, created, email, notify, email_status) "
                    "VALUES (:id, :name, :key, '$argon2id$hash', :created, :email, 'turn', 'confirmed')"
                ),
                {"id": account_id, "name": name, "key": name.lower(), "created": now(), "email": f"{name}@example.org"},
            )
    assert migrations.current(engine) == "0008"
    engine.dispose()

    store = Store(db_url)
    try:
        assert migrations.current(store.engine) == migrations.head()
        found = store.accounts.account_named("ada")
        assert found is not None and found.language == "en" and found.name == "Ada"
        mail = store.mail_choices.mail_state("acc-ada")
        assert mail is not None and (mail.email, mail.notify, mail.status) == ("Ada@example.org", "turn", "confirmed")
        store.accounts.set_account_language("acc-ada", "de")
        assert [(a.name, a.language) for a in map(store.accounts.account_named, ("ada", "bo")) if a] == [
            ("Ada", "de"),
            ("Bo", "en"),
        ]

        with store.engine.begin() as db:
            command.downgrade(migrations.config(db), "0008")
        assert migrations.current(store.engine) == "0008"
        assert "language" not in {column["name"] for column in inspect(store.engine).get_columns("gt_accounts")}
        with store.engine.connect() as db:
            assert db.execute(text("SELECT name FROM gt_accounts ORDER BY name")).scalars().all() == ["Ada", "Bo"]
            assert db.execute(text("SELECT notify FROM gt_accounts WHERE id = 'acc-ada'")).scalar_one() == "turn"
    finally:
        store.close()
    # Up again: the language chosen meanwhile is gone with the column, and every account is English.
    store = Store(db_url)
    try:
        assert [(a.name, a.language) for a in map(store.accounts.account_named, ("ada", "bo")) if a] == [
            ("Ada", "en"),
            ("Bo", "en"),
        ]
    finally:
        store.close()
