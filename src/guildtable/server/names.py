"""Display names: what a player is called at a table, made safe to show to everyone else.

A name is normalised (NFC), its white space folded and trimmed, and limited in length. It is refused when it holds no
visible character (only spaces, zero-width or combining marks), or holds a control or format character: bidi overrides
such as U+202E would show `\\u202eAdmin` as "nimdA", and zero-width characters make two names look alike.

Names that only look alike (issue 30) are one name: an account's name and the seat names of one table are told apart
by their `lookalike_key`, the confusable skeleton of Unicode TR39 (UTS #39 section 4) of the casefolded name, over
the confusables data that `confusable_homoglyphs` ships: fullwidth "ｖictim", Cyrillic "vіctim" (with U+0456) and
"victim" are one name. The key also drops the generic diacritics (U+0300-U+036F and their supplements), which stack
on any letter: "víctim" is "victim" too. A new name (`new_name`) may not mix Latin, Greek and Cyrillic letters within
one word, TR39's mixed-script test: "вictim" (Cyrillic в) has no skeleton of "victim", but no honest name mixes those
alphabets inside a word.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Sequence
from functools import cache
from importlib.resources import files

from confusable_homoglyphs import categories  # type: ignore[import-untyped]  # (it ships no types)

from guildtable.kernel.i18n import gettext as _
from guildtable.server.problems import Problem

MAX_NAME = 32
# The longest look-alike key kept as it is (the accounts' `name_key` column holds 128 characters).
MAX_KEY = 120
# Categories of characters a reader can see: letters, numbers, punctuation, symbols.
_VISIBLE = ("L", "N", "P", "S")
# Control (Cc), format (Cf: bidi controls, zero-width joiners), surrogate (Cs), private use (Co), unassigned (Cn).
_REFUSED = ("Cc", "Cf", "Cs", "Co", "Cn")
# Line and paragraph separators fold like any other white space.
_SPACES = ("Zs", "Zl", "Zp")


def display_name(raw: str, longest: int = MAX_NAME) -> str:
    """The name as it will be shown, or a 422 Problem saying why it cannot be used (`longest`: its most characters;
    a record's player names, which may name a bot's settings, have their own)."""
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
    if len(name) > longest:
        raise Problem(422, "bad-name", _("a display name has at most {n} characters", n=longest), field="name")
    return name


# Marks that sit on any letter of Latin, Greek or Cyrillic script: Combining Diacritical Marks and their Extended and
# Supplement blocks, the marks for symbols, and the half marks. A look-alike key drops them.
_GENERIC_MARKS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))
# Scripts that must not meet inside one word of a new name: each has letters that look like the others'.
_LOOKALIKE_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC"})
# confusable_homoglyphs renders right-to-left characters between these marks; they are no part of the data.
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


@cache
def _prototypes() -> dict[str, str]:
    """TR39's mapping of each confusable character to its prototype (the one its class is written as).

    The package keeps confusables.txt's pairs in both directions, without saying which side is the prototype; the
    file's shape says it: each source is one character on exactly one line, prototypes are never sources, so every
    class is a star around its prototype. A pair of single characters alone in their class has no centre: the lower
    code point (the ASCII one, where there is one) stands for both, which tells the same names apart as TR39 does."""
    data = json.loads(files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    near: dict[str, set[str]] = {}
    for source, entries in data.items():
        for entry in entries:
            one, other = source.translate(_DIRECTION_MARKS), str(entry["c"]).translate(_DIRECTION_MARKS)
            if one and other and one != other:
                near.setdefault(one, set()).add(other)
                near.setdefault(other, set()).add(one)
    mapping = {}
    for char, others in near.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a prototype: several sources map to it, or it is written with several characters
        (other,) = others
        if len(other) > 1 or len(near[other]) > 1 or ord(other) < ord(char):
            mapping[char] = other
    return mapping


def _generic_mark(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _GENERIC_MARKS)


def lookalike_key(name: str) -> str:
    """What makes two names the same to a reader: the TR39 skeleton of the name casefolded and decomposed with its
    compatibility forms (NFKD: fullwidth and other styled letters are the plain ones), without generic diacritics.
    "Ada", "ADA", "Ａｄａ" and "Adá" have one key; so do "Straße" and "STRASSE". A key longer than the database keeps
    (`MAX_KEY`) is its SHA-256, which tells the same names apart."""
    prototypes = _prototypes()
    text = name
    # The prototype of a character may itself fold, decompose or map further ("0" is "O", which folds to "o"): a few
    # rounds reach the fixed point (every name tried takes two at most).
    for _round in range(4):
        folded = unicodedata.normalize("NFKD", text.casefold())
        folded = "".join(char for char in folded if not _generic_mark(char))
        mapped = "".join(prototypes.get(char, char) for char in folded)
        if mapped == text:
            break
        text = mapped
    return text if len(text) <= MAX_KEY else "#" + hashlib.sha256(text.encode()).hexdigest()


def _mixed_word(name: str) -> str | None:
    """The first word of `name` that mixes Latin, Greek or Cyrillic letters, if any."""
    for word in name.split(" "):
        scripts = {categories.alias(char) for char in word if unicodedata.category(char).startswith("L")}
        if len(scripts & _LOOKALIKE_SCRIPTS) > 1:
            return word
    return None


def _refuse_mixed(name: str) -> str:
    """`name`, or a 422 Problem if a word of it mixes Latin, Greek and Cyrillic letters."""
    word = _mixed_word(name)
    if word is not None:
        raise Problem(
            422,
            "bad-name",
            _(
                "{word} mixes letters of different alphabets (Latin, Greek, Cyrillic), which makes it look like "
                "another name: write each word in one alphabet",
                word=word,
            ),
            field="name",
        )
    return name


def new_name(raw: str) -> str:
    """A name someone chooses now (an account's, a seat's): a `display_name` that does not mix Latin, Greek and
    Cyrillic letters within one word, or a 422 Problem saying why not."""
    return _refuse_mixed(display_name(raw))


def check_seat_name(names: Sequence[str], seat: int, name: str) -> None:
    """Seat `seat` of a table whose seats are called `names` may be called `name` (a display name already): no word
    of it mixes alphabets (422), and no other seat's name looks like it (409). The caller leaves out ("") the names
    nobody chose (a seat not joined yet keeps its colour's name, which its player will replace)."""
    _refuse_mixed(name)
    key = lookalike_key(name)
    for other, taken in enumerate(names):
        if other != seat and taken and lookalike_key(taken) == key:
            raise Problem(
                409,
                "name-taken",
                _("another seat at this table is called {name}: choose a name that looks different", name=taken),
                field="name",
            )


def check_seat_names(names: Sequence[str]) -> None:
    """A new table's seat names (display names already): none mixes alphabets, no two look alike."""
    for seat, name in enumerate(names):
        check_seat_name(names[:seat], seat, name)
