"""Issue 30 finding 9: passwords such as `12345678` and `password` were accepted. A new password, at sign-up and at
a password change, is refused when zxcvbn finds it easy to guess (a common password, the player's name, a pattern),
with words that say why, in both languages."""

from __future__ import annotations

import pytest
from security_helpers import MakeClient, TestClient

from guildtable.server.accounts import CSRF_HEADER

STRONG = "correct horse battery"


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client(signin_rate="1000/minute")


@pytest.mark.parametrize(
    ("password", "why"),
    [
        ("12345678", "most common"),
        ("password", "most common"),
        ("qwertyuiop", "most common"),
        ("iloveyou123", "most common"),
        ("aaaaaaaaaaaa", "repeated characters"),
        ("Lovelace2024", "your name"),
    ],
)
def test_guessable_passwords_are_refused_at_sign_up(client: TestClient, password: str, why: str) -> None:
    """The attack as reported: an account with a top-10 password. Refused (422 `weak-password`, naming the password
    field and why), and no account is made."""
    response = client.post("/api/account", json={"name": "Ada Lovelace", "password": password})
    assert response.status_code == 422, response.json()
    problem = response.json()
    assert problem["problem"] == "weak-password" and problem["field"] == "password"
    assert why in problem["detail"]
    assert client.post("/api/session", json={"name": "Ada Lovelace", "password": password}).status_code == 401


def test_a_strong_password_is_taken(client: TestClient) -> None:
    assert client.post("/api/account", json={"name": "Ada", "password": STRONG}).status_code == 201


def test_the_refusal_speaks_german(client: TestClient) -> None:
    response = client.post("/api/account?lang=de", json={"name": "Ada", "password": "12345678"})
    assert response.status_code == 422
    assert "Passwort" in response.json()["detail"]


def test_a_password_change_to_a_guessable_password_is_refused(client: TestClient) -> None:
    """The same rule at a password change: the old password stays."""
    answer = client.post("/api/account", json={"name": "Ada", "password": STRONG})
    client.headers[CSRF_HEADER] = answer.json()["csrf"]
    response = client.post("/api/account/password", json={"current_password": STRONG, "new_password": "password"})
    assert response.status_code == 422, response.json()
    assert response.json()["problem"] == "weak-password" and response.json()["field"] == "new_password"
    client.cookies.clear()
    assert client.post("/api/session", json={"name": "Ada", "password": STRONG}).status_code == 200


def test_the_sign_up_page_says_what_is_refused(client: TestClient) -> None:
    """The form tells the rule before anyone trips over it, in both languages."""
    assert "Common passwords, names and patterns such as 12345678 are refused." in client.get("/signin?lang=en").text
    assert "12345678" in client.get("/signin?lang=de").text
