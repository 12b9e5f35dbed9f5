"""Display names: what a player is called at a table, made safe to show to everyone else.

A name is normalised (NFC), its white space folded and trimmed, and limited in length. It is refused when it holds no
visible character (only spaces, zero-width or combining marks), or holds a control or format character: bidi overrides
such as U+202E would show `\\u202eAdmin` as "nimdA", and zero-width characters make two names look alike.
"""

from __future__ import annotations

import unicodedata

from guildtable.kernel.i18n import gettext as _
from guildtable.server.problems import Problem

MAX_NAME = 32
# Categories of characters a reader can see: letters, numbers, punctuation, symbols.
_VISIBLE = ("L", "N", "P", "S")
# Control (Cc), format (Cf: bidi controls, zero-width joiners), surrogate (Cs), private use (Co), unassigned (Cn).
_REFUSED = ("Cc", "Cf", "Cs", "Co", "Cn")
# Line and paragraph separators fold like any other white space.
_SPACES = ("Zs", "Zl", "Zp")


def display_name(raw: str) -> str:
    """The name as it will be shown, or a 422 Problem saying why it cannot be used."""
    text = unicodedata.normalize("NFC", raw)
    for char in text:
        category = unicodedata.category(char)
        if category in _REFUSED and char not in "\t\n\r":
            raise Problem(
                422,
                "bad-name",
                _("a display name cannot hold the invisible or control character {code}", code=f"U+{ord(char):04X}"),
                field="name",
            )
    name = " ".join("".join(" " if unicodedata.category(c) in _SPACES else c for c in text).split())
    if not any(unicodedata.category(char)[0] in _VISIBLE for char in name):
        raise Problem(
            422, "bad-name", _("a display name needs at least one visible letter, digit or sign"), field="name"
        )
    if len(name) > MAX_NAME:
        raise Problem(422, "bad-name", _("a display name has at most {n} characters", n=MAX_NAME), field="name")
    return name
