"""Issue 30 finding 5 (medium): opening a link silently bound a seat to your account. An attacker joined a seat of a
rated table as a guest and sent its link to a signed-in player; just opening it bound the seat to the victim's
account, the attacker resigned it, and the victim's rating fell and the game showed on their public page. Now a seat
joins an account only by an explicit choice on the page, never by opening a link, and never a seat someone else has
already joined."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from browser_helpers import account_client, new_name, sign_up

pytestmark = pytest.mark.browser


def test_opening_a_link_to_someone_elses_seat_binds_nothing_to_your_account(page: Any, base_url: str) -> None:
    """Issue 30 finding 5: Mal creates a rated table, joins its second seat as a guest, and sends Vic two links: the
    seat's invite link, and a link carrying the secret Mal got on joining. Vic, signed in, opens both: the first says
    the seat is taken, the second is refused; neither binds the seat to Vic, and Mal's resignation touches nobody's
    rating but Mal's own seats'."""
    mal = account_client(base_url, new_name("Mal"))
    seats = [{"kind": "human", "take": True, "account": True}, {"kind": "human"}]
    pace = {"kind": "turn", "days": 3}
    table = mal.post("/api/tables", json={"game": "city-blocks", "seats": seats, "rated": True, "pace": pace}).json()
    [invite] = table["invites"]
    guest = httpx.Client(base_url=base_url, timeout=30)
    joined = guest.post(
        f"/api/tables/{table['id']}/join",
        json={"name": "Vic's seat"},
        headers={"Authorization": f"Bearer {invite['token']}"},
    )
    joined.raise_for_status()
    secret = joined.json()["secret"]

    victim = new_name("Vic")
    sign_up(page, victim)
    page.goto(invite["url"])
    page.wait_for_selector("#taken:visible")
    assert page.locator("#join").is_hidden()
    page.goto("/")  # a link opened afresh (a hash change alone does not load the table page again)
    page.goto(f"/table/{table['id']}#seat=1&token={secret}")
    page.wait_for_selector("#not-invite:visible")
    assert page.locator("#join").is_hidden() and page.locator("#claim").is_hidden()
    page.goto("/")
    page.goto(f"/table/{table['id']}")
    page.wait_for_selector("body[data-version]")
    assert page.evaluate("document.body.dataset.seat") == ""

    resigned = guest.post(f"/api/tables/{table['id']}/resign", headers={"Authorization": f"Bearer {secret}"})
    assert resigned.status_code == 200, resigned.json()
    listed = page.request.get("/api/account/tables").json()["tables"]
    assert listed == []
    public = page.request.get(f"/api/players/{victim}").json()
    assert public["games"] == [] and all(rating["games"] == 0 for rating in public.get("ratings", []))
