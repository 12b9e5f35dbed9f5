"""Issue 12 finding 7: display names cannot impersonate or hide. Names are normalised (NFC), white space folded and
trimmed, length-limited, and refused when they hold no visible character or hold bidi or format controls."""

from __future__ import annotations

import pytest
from security_helpers import TestClient

from guildtable.server.names import MAX_NAME


def _join(client: TestClient, name: str) -> tuple[int, dict]:
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()
    token = table["invites"][0]["token"]
    response = client.post(
        f"/api/tables/{table['id']}/join", headers={"Authorization": f"Bearer {token}"}, json={"name": name}
    )
    return response.status_code, response.json()


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\u200b\u200b\u200b", "U+200B"),  # zero-width spaces only
        ("\u202eAdmin", "U+202E"),  # right-to-left override: shows as "nimdA"
        ("Ana\u200d", "U+200D"),  # a zero-width joiner makes a look-alike of "Ana"
        ("Bob\u2066x", "U+2066"),  # a bidi isolate
        ("\x07bell", "U+0007"),  # a control character
        ("   ", "visible"),
        ("\u0301\u0301", "visible"),  # combining marks with nothing to sit on
    ],
)
def test_names_without_a_visible_character_or_with_controls_are_refused(
    client: TestClient, name: str, why: str
) -> None:
    """Issue 12 finding 7: the refusal names the character (or says a visible one is needed)."""
    status, body = _join(client, name)
    assert status == 422 and body["problem"] == "bad-name"
    assert why in body["detail"]


def test_names_are_normalised_and_trimmed(client: TestClient) -> None:
    """Issue 12 finding 7: "e" + combining acute is stored as the one character "é"; spaces fold and trim."""
    status, body = _join(client, "  Rene\u0301   de\u00a0la  Cour ")
    assert status == 200
    assert body["seats"][0]["name"] == "Ren\u00e9 de la Cour"


def test_long_names_are_refused_and_the_limit_is_named(client: TestClient) -> None:
    """Issue 12 finding 7: a name longer than the limit is refused, not silently cut."""
    status, body = _join(client, "A" * (MAX_NAME + 1))
    assert status == 422 and str(MAX_NAME) in body["detail"]


def test_seat_names_given_at_table_creation_are_checked_too(client: TestClient) -> None:
    """Issue 12 finding 7: the creator's names for the seats go through the same rules."""
    response = client.post("/api/tables", json={"game": "city-blocks", "seats": [{"name": "\u202eAdmin"}, {}]})
    assert response.status_code == 422 and response.json()["problem"] == "bad-name"
