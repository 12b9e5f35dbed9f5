"""The links in the mails (issue 30): confirming an address (`/confirm-email/{token}`) and unsubscribing from every
mail (`/unsubscribe/{token}`, RFC 8058's one-click too). No account, no cookie, no CSRF token: the token in the link
is the proof. Each GET is a page that asks; only its POST changes something, so a mail scanner that opens every link
confirms and unsubscribes nothing.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from guildtable.server.accounts import hash_token
from guildtable.server.deps import AccountsDep
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.mail import CONFIRM_SECONDS
from guildtable.server.pages import render_page
from guildtable.server.problems import problem_response

router = APIRouter(tags=["mail"], route_class=SafeJSONRoute)

# The links' answers: a page, found or not (a path no route has is a problem, as everywhere).
_PAGE = {"text/html": {"schema": {"type": "string"}}}
MAIL_PAGE: dict[str, Any] = {
    "response_class": HTMLResponse,
    "responses": {
        404: {**problem_response(404, also=_PAGE), "description": "An unknown or expired link: a page saying so"}
    },
}
# A link's token as it is looked up: a longer one is no token of ours.
MAX_TOKEN = 128


def _masked(address: str) -> str:
    """An address as a page about it shows it: enough for its owner to know it, not all of it ("a•••@example.org")."""
    local, _at, domain = address.partition("@")
    return f"{local[:1]}•••@{domain}"


def _mail_page(state: str, status: int = 200, *, token: str = "", address: str = "") -> HTMLResponse:
    return HTMLResponse(
        render_page("mail_link.html", state=state, token=token, address=address),
        status_code=status,
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
    )


@router.get("/confirm-email/{token}", **MAIL_PAGE)
async def confirm_page(token: str) -> HTMLResponse:
    """The page of a confirmation mail's link: it asks before it confirms (the POST), so a mail scanner that
    opens every link confirms nothing."""
    return _mail_page("confirm-ask", token=token)


@router.post("/confirm-email/{token}", **MAIL_PAGE)
async def confirm(token: str, accounts: AccountsDep) -> HTMLResponse:
    """Confirm the address of a confirmation mail (its link's token): from now on it gets the mails its account
    chose. 404 for an unknown or expired link."""
    address = await accounts.store.mail_choices.confirm_email(
        hash_token(token[:MAX_TOKEN]), time.time() - CONFIRM_SECONDS
    )
    if address is None:
        return _mail_page("confirm-invalid", 404)
    return _mail_page("confirmed", address=_masked(address))


@router.get("/unsubscribe/{token}", **MAIL_PAGE)
async def unsubscribe_page(token: str, accounts: AccountsDep) -> HTMLResponse:
    """The page of a mail's unsubscribe link: it asks before it unsubscribes (RFC 8058: a GET changes nothing).
    404 for an unknown token."""
    found = await accounts.store.mail_addresses.address_of_token(token[:MAX_TOKEN])
    if found is None:
        return _mail_page("unsubscribe-invalid", 404)
    address, stopped = found
    return _mail_page("unsubscribed" if stopped else "unsubscribe-ask", token=token, address=_masked(address))


@router.post("/unsubscribe/{token}", **MAIL_PAGE)
async def unsubscribe(token: str, accounts: AccountsDep) -> HTMLResponse:
    """RFC 8058 one-click unsubscribe (a mail program POSTs `List-Unsubscribe=One-Click`, without a cookie): the
    address of the token gets no more mail of any kind, from any account. 404 for an unknown token."""
    addresses = accounts.store.mail_addresses
    found = await addresses.address_of_token(token[:MAX_TOKEN])
    if found is None or not await addresses.stop_address(token[:MAX_TOKEN], time.time()):
        return _mail_page("unsubscribe-invalid", 404)
    return _mail_page("unsubscribed", token=token, address=_masked(found[0]))


@router.post("/unsubscribe/{token}/undo", **MAIL_PAGE)
async def resubscribe(token: str, accounts: AccountsDep) -> HTMLResponse:
    """Undo an unsubscription: the address may get the mails its accounts chose again."""
    addresses = accounts.store.mail_addresses
    found = await addresses.address_of_token(token[:MAX_TOKEN])
    if found is None or not await addresses.stop_address(token[:MAX_TOKEN], time.time(), stopped=False):
        return _mail_page("unsubscribe-invalid", 404)
    return _mail_page("resubscribed", token=token, address=_masked(found[0]))
