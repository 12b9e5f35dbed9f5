"""The pseudo-locale (`qps`) in tests: it brackets every translated message ⟦…⟧, so a text wholly inside brackets
came wholly from a catalogue (issue 15)."""

from __future__ import annotations

import re
from collections.abc import Iterable

_BRACKETED = re.compile(r"^[^A-Za-z]*(⟦[^⟧]*⟧[^A-Za-z]*)+$")


def bracketed(text: str, names: Iterable[str] = ()) -> bool:
    """`text` holds a translated message and no letter outside its brackets, once the players' `names` are taken
    out (a player's name is not translated)."""
    for name in names:
        text = text.replace(name, "")
    return _BRACKETED.match(text) is not None
