"""The web platform's seats by colour: one palette for all four games, in the order of the stylesheet's
`--seat0` … `--seat4` (web/style.css), so a seat has the same colour, shape and default name in every game.

A game's own `seat_names` follow its rulebook's player colours (Guilds of London's first player is Green there); the
terminal, the records and the rule examples of the specifications keep those. In the browser a seat is drawn in the
palette's colour, so it is named by it too until its player gives a name.

The names are stored in English (a table's seats, records); `displayed_seat_name` shows a stored default name in the
reader's language ("Blau" for "Blue").
"""

from __future__ import annotations

import re

from guildtable.kernel.i18n import N_, pgettext
from guildtable.kernel.i18n import gettext as _

SEAT_COLOUR_NAMES = (N_("Blue"), N_("Red"), N_("Green"), N_("Purple"), N_("Orange"))


def seat_colour_name(seat: int) -> str:
    """The palette's name of `seat` ("Blue" for seat 0), or "Player N" past the palette, in English (stored)."""
    return SEAT_COLOUR_NAMES[seat] if 0 <= seat < len(SEAT_COLOUR_NAMES) else f"Player {seat + 1}"


def seat_colour_label(seat: int) -> str:
    """`seat_colour_name` in the reader's language."""
    if 0 <= seat < len(SEAT_COLOUR_NAMES):
        return _(SEAT_COLOUR_NAMES[seat])
    return _("Player {n}", n=seat + 1)


def displayed_seat_name(seat: int, name: str) -> str:
    """A seat's stored name as the reader sees it: a default name ("Blue", "Blue (greedy)") in their language, a name
    a player chose as it is."""
    default = seat_colour_name(seat)
    if name == default:
        return seat_colour_label(seat)
    bot = re.fullmatch(re.escape(default) + r" \((.+)\)", name)
    if bot:
        return _("{seat} ({bot})", seat=seat_colour_label(seat), bot=bot_label(bot.group(1)))
    return name


def bot_label(kind: str) -> str:
    """A web bot's kind as a seat's name shows it ("random" for English readers, "Computer, Anfänger" in German);
    any other spec as it is."""
    labels = {
        "random": pgettext("bot in a seat name", "random"),
        "greedy": pgettext("bot in a seat name", "greedy"),
        "easy": pgettext("bot in a seat name", "easy"),
        "medium": pgettext("bot in a seat name", "medium"),
        "hard": pgettext("bot in a seat name", "hard"),
    }
    return labels.get(kind, kind)
