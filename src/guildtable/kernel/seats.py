"""The web platform's seats by colour: one palette for all four games, in the order of the stylesheet's
`--seat0` … `--seat4` (web/style.css), so a seat has the same colour, shape and default name in every game.

A game's own `seat_names` follow its rulebook's player colours (Guilds of London's first player is Green there); the
terminal, the records and the rule examples of the specifications keep those. In the browser a seat is drawn in the
palette's colour, so it is named by it too until its player gives a name.

The names are stored in English (a table's seats, records); `displayed_seat_name` shows a stored default name in the
reader's language ("Blau" for "Blue").

The computer's levels have one name each, here (issue 33: a seat said "Red (greedy)" where the leaderboard said
"Computer, casual"): `BOT_LEVEL_NAMES`, which a bot seat's name ("Red (Computer, casual)"), the lobby's list of
opponents, the leaderboard, a player's page, a replay, the mails and the terminal all show.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _

SEAT_COLOUR_NAMES = (N_("Blue"), N_("Red"), N_("Green"), N_("Purple"), N_("Orange"))
# The computer's levels a person can seat (the kinds of `bots.levels.OPPONENTS`), in the lobby's order, each by its
# one name: "Computer" and a word a player knows. `random` and `greedy` are no search levels: the beginner plays any
# legal move, the casual one what looks best now without looking ahead (stronger than `easy` in some games, weaker in
# others: a style, so not "very easy").
BOT_LEVEL_NAMES: dict[str, str] = {
    "random": N_("Computer, beginner"),
    "greedy": N_("Computer, casual"),
    "easy": N_("Computer, easy"),
    "medium": N_("Computer, medium"),
    "hard": N_("Computer, hard"),
    "expert": N_("Computer, expert"),
}


def seat_colour_name(seat: int) -> str:
    """The palette's name of `seat` ("Blue" for seat 0), or "Player N" past the palette, in English (stored)."""
    return SEAT_COLOUR_NAMES[seat] if 0 <= seat < len(SEAT_COLOUR_NAMES) else f"Player {seat + 1}"


def seat_colour_label(seat: int) -> str:
    """`seat_colour_name` in the reader's language."""
    if 0 <= seat < len(SEAT_COLOUR_NAMES):
        return _(SEAT_COLOUR_NAMES[seat])
    return _("Player {n}", n=seat + 1)


def displayed_seat_name(seat: int, name: str) -> str:
    """A seat's stored name as the reader sees it: a default name ("Blue", "Blue (greedy)") in their language with a
    computer level by its name ("Blue (Computer, casual)"), a name a player chose as it is."""
    default = seat_colour_name(seat)
    if name == default:
        return seat_colour_label(seat)
    bot = re.fullmatch(re.escape(default) + r" \((.+)\)", name)
    if bot:
        return _("{seat} ({bot})", seat=seat_colour_label(seat), bot=bot_label(bot.group(1)))
    return name


def names_its_level(seat: int, name: str) -> bool:
    """Whether a seat's stored name is its default computer name ("Red (greedy)"), which says it is the computer and
    at which level: the table adds no "bot" mark to it (issue 33)."""
    bot = re.fullmatch(re.escape(seat_colour_name(seat)) + r" \((.+)\)", name)
    return bot is not None and bot.group(1) in BOT_LEVEL_NAMES


def displayed_seat_names(names: Sequence[str]) -> list[str]:
    """`displayed_seat_name` of each of a table's or a record's stored names, seat by seat."""
    return [displayed_seat_name(seat, name) for seat, name in enumerate(names)]


def bot_label(kind: str) -> str:
    """A computer level by its one name in the reader's language ("Computer, casual" for `greedy`); any other bot
    spec ("ismcts:iterations=500") as it is."""
    return _(BOT_LEVEL_NAMES[kind]) if kind in BOT_LEVEL_NAMES else kind
