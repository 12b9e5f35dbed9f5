"""Request bodies, validated at the edge (pydantic); everything below the endpoints gets plain checked values."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from guildtable.server.pace import Pace


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(default="human", min_length=1, max_length=200, description="'human' or a bot spec: greedy")
    name: str | None = Field(default=None, max_length=64, description="Display name (a human sets it on joining)")
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
    game: str = Field(min_length=1, max_length=64, examples=["city-blocks"])
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**62)
    rated: StrictBool = Field(default=False, description="Counts for the ratings (signed in only); casual by default")
    pace: Pace | None = Field(
        default=None, description="Live (a Fischer clock) or turn-based (days per move); untimed if left out"
    )


class UndoRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt = Field(description="The table version the undo was asked against.")


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
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
