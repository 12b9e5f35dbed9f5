"""Request bodies, validated at the edge (pydantic); everything below the endpoints gets plain checked values.

The schema states every rule of a field that JSON Schema can (issue 30): a client that keeps to it is refused only
for a rule it cannot state, which the field's description gives, with a 422 naming the field. A few bounds are the
schema's only (`NEW_PASSWORD_LENGTH`): the server's own check refuses a value out of them in the reader's language.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from guildtable.server.accounts import MAX_PASSWORD, MIN_PASSWORD
from guildtable.server.names import MAX_NAME
from guildtable.server.pace import Pace

# What a display name may be beyond its length in characters as sent (names.py): the server's rules, in words.
NAME_RULES = (
    f"at most {MAX_NAME} characters once its white space is folded, at least one visible letter, digit or sign, no "
    "control or invisible character, and no word mixing Latin, Greek and Cyrillic letters (422 `bad-name`)"
)
NEW_PASSWORD = (
    f"{MIN_PASSWORD} to {MAX_PASSWORD} characters (422 `bad-password`), and not easy to guess: not a common password, "
    "the account's name, or a pattern such as a row of keys or a date (422 `weak-password`)"
)
# A new password's length, stated in the schema only: `accounts.checked_password` refuses it in the reader's language.
NEW_PASSWORD_LENGTH: dict[str, Any] = {"minLength": MIN_PASSWORD, "maxLength": MAX_PASSWORD}


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(default="human", min_length=1, max_length=200, description="'human' or a bot spec: greedy")
    name: str | None = Field(
        default=None, max_length=64, description=f"Display name (a human sets it on joining): {NAME_RULES}"
    )
    take: StrictBool = Field(
        default=False,
        description="The creator takes this human seat at once (their own seat, or every seat of a hot-seat table): "
        "the answer holds its seat secret instead of an invite link",
    )
    account: StrictBool = Field(
        default=False, description="A seat taken at once becomes the signed-in creator's account's seat"
    )


class CreateTableRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(
        min_length=1,
        max_length=64,
        examples=["city-blocks"],
        description="A game's name, as /api/games lists them (404 `unknown-game` otherwise)",
    )
    seats: list[SeatRequest] = Field(
        min_length=1,
        max_length=8,
        description="One per player, as many as the game takes: its `min_players` to `max_players` in /api/games "
        "(422 `bad-seats`)",
    )
    options: dict[str, Any] = Field(default_factory=dict)
    seed: StrictInt | None = Field(
        default=None,
        ge=0,
        lt=2**62,
        description="The shuffle, on a server started for tests only (`--chosen-seeds`); elsewhere a seed is a 422: "
        "it would tell its chooser every hidden card",
    )
    rated: StrictBool = Field(default=False, description="Counts for the ratings (signed in only); casual by default")
    pace: Pace | None = Field(
        default=None, description="Live (a Fischer clock) or turn-based (days per move); untimed if left out"
    )


class UndoRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt = Field(description="The table version the undo was asked against.")


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64, description=f"The seat's display name: {NAME_RULES}")
    account: StrictBool = Field(
        default=False,
        description="Take the seat as the signed-in account (the player's explicit choice); a guest's seat otherwise",
    )


class MoveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt = Field(description="The table version the move was made against (moves made so far).")
    action: dict[str, Any] = Field(description="The action's JSON form, as listed in 'legal'.")


class AccountRequest(BaseModel):
    """A sign-up or a sign-in. The bounds here only keep absurd bodies out: the name's and the password's own rules
    are checked below, each refusal in the reader's language."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200, description="User name (a display name, unique in any case)")
    password: str = Field(max_length=1024, description="8 to 256 characters")


class SignUpRequest(AccountRequest):
    """A sign-up: the name and the password a new account will have."""

    name: str = Field(min_length=1, max_length=200, description=f"User name, unique in any case: {NAME_RULES}")
    password: str = Field(
        max_length=1024,
        json_schema_extra=NEW_PASSWORD_LENGTH,
        description=NEW_PASSWORD,
    )


# --- issue 37: bot accounts, their tokens, seats offered to them and challenges --------------------------------------
class NewBot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(
        min_length=1, max_length=64, description=f"The bot account's name, unique like a person's: {NAME_RULES}"
    )


class NewToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scopes: list[Literal["play", "read"]] = Field(
        default=["play", "read"], max_length=2, description="play, read or both"
    )
    label: str = Field(default="", max_length=64, description="What the owner calls it (where it runs)")


class Challenge(BaseModel):
    """A game against a bot account: the challenger plays seat 0 as their account, the bot is offered seat 1, and
    any further seat gets an invite link for a person."""

    model_config = ConfigDict(extra="forbid")
    bot: str = Field(min_length=1, max_length=64, description="The challenged bot account's name")
    game: str = Field(min_length=1, max_length=64, examples=["city-blocks"], description="A game's name")
    players: StrictInt = Field(default=2, ge=2, le=8, description="Seats at the table (the game's player counts)")
    options: dict[str, Any] = Field(default_factory=dict, description="The game's options, as /api/games lists them")
    rated: StrictBool = Field(default=False, description="The game counts for both accounts' ratings")
    pace: Pace | None = Field(default=None, description="The clocks (None: untimed; a rated game gets days per move)")


class InviteBot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: str = Field(min_length=1, max_length=64, description="The bot account's name")
