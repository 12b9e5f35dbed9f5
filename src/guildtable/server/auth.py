"""Seat tokens: unguessable, compared in constant time, and only ever handed to the seat they belong to."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence

TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_id() -> str:
    """A table or replay id: public, but not guessable either, so a table cannot be found by counting."""
    return secrets.token_urlsafe(9)


def seat_of_token(token: str, tokens: Sequence[str | None]) -> int | None:
    """The seat whose token is `token`, or None. Every seat's token is compared, each in constant time, so the
    answer's timing says nothing about which seat (or how much of a token) matched."""
    given = token.encode()
    found: int | None = None
    for seat, expected in enumerate(tokens):
        if expected is not None and hmac.compare_digest(given, expected.encode()):
            found = seat
    return found


def bearer_token(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header."""
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()
