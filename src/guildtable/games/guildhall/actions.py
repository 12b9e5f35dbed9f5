"""The Guildhall action space: small answers to one question at a time (Appendix A).

An action is an int; what it means depends on the open question (the decision on top of the stack):
- `CARD + i` (i < 30): the card of identity i (a hand card to play or discard, a guildhall card to give, a discard-pile
  card to take, the card that ends on top of the discard pile, ...). At the action question a playable card is played
  at once (`play red Robber` in one answer); `PLAY`, which asks for the card next, stays legal so that records made
  before replay exactly. For a completed chapter (paying, the cap) it
  names the chapter of i's profession, with i on top of the discard pile (GH-D17).
- `PROF + p`: the chapter of profession p; `SEAT + s`: target seat s; `LEVEL + t`: the ability level of threshold t;
  `ROW + k`: the k-th prestige card of the center row;
- `PLAY`, `DISCARD_DRAW`, `BUY` (the three action types, GH-24), `DONE` (end a selection), `DECLINE` / `USE`.

Notation (typed in the terminal, written in records): a verb, then the answer: `play red Scholar`, `give blue Hunter`,
`chapter Scholar`, `target P2`, `level 2`, `row 3`, `play`, `discard-draw`, `buy`, `done`, `decline`, `use`.
The verb is for people; the parser ignores it, so `red Scholar` works wherever a card is asked.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, TypedDict

from guildtable.games.guildhall.content import (
    CARD_NAMES,
    IDENTITIES,
    PROFESSION_ALIASES,
    PROFESSION_NAMES,
    PROFESSIONS,
    card_of,
)
from guildtable.kernel import IllegalAction
from guildtable.kernel.i18n import domain

_ = domain("guildhall").gettext

CARD: Final = 0
PROF: Final = CARD + IDENTITIES
SEAT: Final = PROF + PROFESSIONS
LEVEL: Final = SEAT + 4
ROW: Final = LEVEL + 5
PLAY: Final = ROW + 5
DISCARD_DRAW: Final = PLAY + 1
BUY: Final = PLAY + 2
DONE: Final = PLAY + 3
DECLINE: Final = PLAY + 4
USE: Final = PLAY + 5
NUM_ACTIONS: Final = USE + 1

Word = Literal["play", "discard-draw", "buy", "done", "decline", "use"]
"""The answers that are one word (the three action types, GH-24, and the selection and ability answers)."""

WORDS: dict[int, Word] = {
    PLAY: "play",
    DISCARD_DRAW: "discard-draw",
    BUY: "buy",
    DONE: "done",
    DECLINE: "decline",
    USE: "use",
}
_WORD_ACTIONS = {
    "play": PLAY,
    "discard-draw": DISCARD_DRAW,
    "discarddraw": DISCARD_DRAW,
    "dd": DISCARD_DRAW,
    "draw": DISCARD_DRAW,
    "buy": BUY,
    "done": DONE,
    "stop": DONE,
    "decline": DECLINE,
    "no": DECLINE,
    "use": USE,
    "yes": USE,
}
VERBS = frozenset(
    [
        "play",
        "discard",
        "give",
        "take",
        "place",
        "top",
        "pay",
        "put",
        "keep",
        "target",
        "chapter",
        "level",
        "row",
        "lay",
        "rob",
        "move",
        "buy",
        "choose",
    ]
)


def seat_code(seat: int) -> str:
    return f"P{seat + 1}"


def notation(action: int, verb: str = "") -> str:
    """The notation of `action`; `verb` prefixes a card or chapter answer."""
    prefix = f"{verb} " if verb else ""
    if action < PROF:
        return prefix + CARD_NAMES[action - CARD]
    if action < SEAT:
        return f"chapter {PROFESSION_NAMES[action - PROF]}"
    if action < LEVEL:
        return f"target {seat_code(action - SEAT)}"
    if action < ROW:
        return f"level {action - LEVEL}"
    if action < PLAY:
        return f"row {action - ROW + 1}"
    return WORDS[action]


def parse(text: str) -> int:
    """The action a typed answer names (legal or not). Unreadable text raises IllegalAction saying why."""
    words = text.strip().split()
    if not words:
        raise IllegalAction(
            "",
            _(
                "type an answer such as {example} or {other}, or ? for the legal answers",
                example="'play red Scholar'",
                other="'level 2'",
            ),
        )
    head = words[0].lower()
    if len(words) == 1 and head in _WORD_ACTIONS:
        return _WORD_ACTIONS[head]
    if head in ("target", "level", "row") and len(words) == 2:
        return _numbered(head, words[1])
    if len(words) == 1 and head[:1] == "p" and head[1:].isdigit():
        return _numbered("target", head[1:])
    if head == "chapter" and len(words) >= 2:
        prof = PROFESSION_ALIASES.get("".join(words[1:]).lower().replace("_", ""))
        if prof is None:
            raise IllegalAction(
                "",
                _(
                    "{text} is not a profession; they are {professions}",
                    text=repr(" ".join(words[1:])),
                    professions=", ".join(PROFESSION_NAMES),
                ),
            )
        return PROF + prof
    body = words[1:] if head in VERBS and len(words) > 1 else words
    card = card_of(" ".join(body))
    if card is not None:
        return CARD + card
    prof = PROFESSION_ALIASES.get("".join(body).lower().replace("_", ""))
    if prof is not None:
        return PROF + prof
    raise IllegalAction(
        "",
        _(
            "cannot read {text}: name a card as colour and profession ({example}), or answer with {answers} or {last}",
            text=repr(text),
            example="'red Scholar'",
            answers="play, discard-draw, buy, done, decline, use, 'level N', 'target P2', 'row N'",
            last="'chapter Scholar'",
        ),
    )


def _numbered(kind: str, word: str) -> int:
    digits = word.lower().lstrip("p")
    if not digits.isdigit():
        raise IllegalAction("", _("{verb} needs a number, not {word}", verb=f"'{kind}'", word=repr(word)))
    number = int(digits)
    if kind == "target":
        if not 1 <= number <= 4:
            raise IllegalAction("", _("there is no seat {seat}; seats are {seats}", seat=f"P{number}", seats="P1..P4"))
        return SEAT + number - 1
    if kind == "level":
        if not 0 <= number <= 4:
            raise IllegalAction("", _("levels are 0..4, not {number}", number=number))
        return LEVEL + number
    if not 1 <= number <= 5:
        raise IllegalAction("", _("the center row has places 1..5, not {number}", number=number))
    return ROW + number - 1


class CardJson(TypedDict):
    """`CARD + i`: the card of identity i, by name ('red Scholar')."""

    type: Literal["card"]
    card: str


class ChapterJson(TypedDict):
    """`PROF + p`: the chapter of profession p, by name."""

    type: Literal["chapter"]
    profession: str


class TargetJson(TypedDict):
    """`SEAT + s`: target seat s (0-based)."""

    type: Literal["target"]
    seat: int


class LevelJson(TypedDict):
    """`LEVEL + t`: the ability level of threshold t."""

    type: Literal["level"]
    level: int


class RowJson(TypedDict):
    """`ROW + k`: the k-th prestige card of the center row (0-based)."""

    type: Literal["row"]
    index: int


class WordJson(TypedDict):
    """A one-word answer (`WORDS`)."""

    type: Word


ActionJson = CardJson | ChapterJson | TargetJson | LevelJson | RowJson | WordJson
"""An answer's structured form (`to_json`), by its `type`."""


def to_json(action: int) -> ActionJson:
    """The structured form of an answer (what crosses the network)."""
    if action < PROF:
        return {"type": "card", "card": CARD_NAMES[action]}
    if action < SEAT:
        return {"type": "chapter", "profession": PROFESSION_NAMES[action - PROF]}
    if action < LEVEL:
        return {"type": "target", "seat": action - SEAT}
    if action < ROW:
        return {"type": "level", "level": action - LEVEL}
    if action < PLAY:
        return {"type": "row", "index": action - ROW}
    return {"type": WORDS[action]}


def from_json(data: Mapping[str, Any]) -> int:
    if not isinstance(data, Mapping):
        raise IllegalAction("", _("an action is a JSON object with a {key}", key="'type'"))
    kind = data.get("type")
    if kind == "card":
        return parse(str(data.get("card", "")))
    if kind == "chapter":
        return parse(f"chapter {data.get('profession', '')}")
    for name, base, limit in (("target", SEAT, 4), ("level", LEVEL, 5), ("row", ROW, 5)):
        if kind == name:
            key = {"target": "seat", "level": "level", "row": "index"}[name]
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
                raise IllegalAction(
                    "",
                    _(
                        "a {kind} action needs {key} as a whole number 0..{last}",
                        kind=name,
                        key=f"'{key}'",
                        last=limit - 1,
                    ),
                )
            return base + value
    for action, word in WORDS.items():
        if kind == word:
            return action
    raise IllegalAction(
        "",
        _(
            "unknown action type {kind} ({types})",
            kind=repr(kind),
            types=", ".join(["card", "chapter", "target", "level", "row", *WORDS.values()]),
        ),
    )
