"""The web platform's seats by colour: one palette for all four games, in the order of the stylesheet's
`--seat0` … `--seat4` (web/style.css), so a seat has the same colour, shape and default name in every game.

A game's own `seat_names` follow its rulebook's player colours (Guilds of London's first player is Green there); the
terminal, the records and the rule examples of the specifications keep those. In the browser a seat is drawn in the
palette's colour, so it is named by it too until its player gives a name.
"""

from __future__ import annotations

SEAT_COLOUR_NAMES = ("Blue", "Red", "Green", "Purple", "Orange")


def seat_colour_name(seat: int) -> str:
    """The palette's name of `seat` ("Blue" for seat 0), or "Player N" past the palette."""
    return SEAT_COLOUR_NAMES[seat] if 0 <= seat < len(SEAT_COLOUR_NAMES) else f"Player {seat + 1}"
