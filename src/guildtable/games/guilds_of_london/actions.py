"""The Guilds of London action space: every answer to every small question (Appendix A) is one integer.

    0 pass (Q-T1)        1 stop / done (Q-T3, end of a negotiation or an "up to" series)
    2 take (Q-R1/Q-R2)   3 skip
    PLAY + card*3 + use  play a card to recruit (0), move (1) or for its effect (2) (Q-T2)
    DISCARD + card       discard a card: coins (Q-T4) or the hand limit (Q-T5)
    SOURCE + location    a figure's location: a tile, the Guildhall or the plantation (Q-G1, Q-G5, returns)
    DEST + tile          a destination tile (Q-G2, a card move, the Beadle)
    NEUTRAL + seat       place a neutral and send one of that seat's liverymen to the Guildhall (Q-N1/Q-N2)
    REWARD + card        a mayoral reward card: keep it (Q-S1, Q-G3) or put it under the deck next (Q-G4)
    TOKEN + kind         spend a kept token (DESIGN.md §7.1)

Notation: `pass`, `stop`, `take`, `skip`, `recruit #12`, `move #12`, `effect #12`, `discard #12`, `from guildhall`,
`from plantation`, `from paviors`, `to paviors`, `neutral Red`, `keep mayor_03`, `under mayor_03`, `spend tok_ship`.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Any, Final, TypedDict

from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.kernel import IllegalAction
from guildtable.kernel.i18n import domain

_ = domain("guilds_of_london").gettext

SEAT_NAMES = ("Green", "Red", "Blue", "Yellow")  # GL-6 colours
USES = ("recruit", "move", "effect")
RECRUIT: Final = 0
MOVE: Final = 1
EFFECT: Final = 2

N_TILES: Final = len(CONTENT.tiles)
N_CARDS: Final = len(CONTENT.cards)
N_REWARDS: Final = len(CONTENT.rewards)
N_TOKENS: Final = len(CONTENT.tokens)
GUILDHALL: Final = N_TILES
PLANTATION: Final = N_TILES + 1
N_LOCATIONS: Final = N_TILES + 2

PASS: Final = 0
STOP: Final = 1
TAKE: Final = 2
SKIP: Final = 3
PLAY: Final = 4
DISCARD: Final = PLAY + N_CARDS * 3
SOURCE: Final = DISCARD + N_CARDS
DEST: Final = SOURCE + N_LOCATIONS
NEUTRAL: Final = DEST + N_TILES
REWARD: Final = NEUTRAL + 4
TOKEN: Final = REWARD + N_REWARDS
NUM_ACTIONS: Final = TOKEN + N_TOKENS

ACTIONS: Final[tuple[Any, ...]] = tuple(range(NUM_ACTIONS))
"""Every action's int, made once: the legal-move lists hold these very ints rather than new ones at every step (an
int above 256 is a new object each time it is made). `Any`, so that compiled code takes them as they are (an `int`
it would unpack and then make anew)."""

CARD_OF_NUMBER = {card.number: card.index for card in CONTENT.cards}
TILE_OF_ID = {tile.id: tile.index for tile in CONTENT.tiles}
REWARD_OF_ID = {card.id: card.index for card in CONTENT.rewards}
TOKEN_OF_ID = {kind.id: kind.index for kind in CONTENT.tokens}
SEAT_OF_NAME = {name.lower(): seat for seat, name in enumerate(SEAT_NAMES)}
WORDS = {"pass": PASS, "stop": STOP, "done": STOP, "take": TAKE, "yes": TAKE, "skip": SKIP, "no": SKIP}


def location_name(location: int) -> str:
    if location == GUILDHALL:
        return "guildhall"
    if location == PLANTATION:
        return "plantation"
    return CONTENT.tiles[location].id


def notation(action: int, reward_verb: str = "keep") -> str:
    """The notation of `action`; `reward_verb` is `under` while ordering cards under the reward deck."""
    if action < PLAY:
        return ("pass", "stop", "take", "skip")[action]
    if action < DISCARD:
        return f"{USES[(action - PLAY) % 3]} #{CONTENT.cards[(action - PLAY) // 3].number}"
    if action < SOURCE:
        return f"discard #{CONTENT.cards[action - DISCARD].number}"
    if action < DEST:
        return f"from {location_name(action - SOURCE)}"
    if action < NEUTRAL:
        return f"to {CONTENT.tiles[action - DEST].id}"
    if action < REWARD:
        return f"neutral {SEAT_NAMES[action - NEUTRAL]}"
    if action < TOKEN:
        return f"{reward_verb} {CONTENT.rewards[action - REWARD].id}"
    return f"spend {CONTENT.tokens[action - TOKEN].id}"


class WordActionJson(TypedDict):
    """An answer of one word (`pass`, `stop`, `take`, `skip`) as JSON: `{"type": "pass"}`."""

    type: str


class ObjectActionJson(TypedDict):
    """An answer naming a thing as JSON: `{"type": "recruit", "what": "#12"}` for `recruit #12`."""

    type: str
    what: str


ActionJson = WordActionJson | ObjectActionJson
"""`State.action_to_json`: the notation's verb as "type" and what it names, if anything, as "what"."""


def to_json(action: int, reward_verb: str = "keep") -> ActionJson:
    """The JSON form of `action`, read off its notation (`notation` takes the same `reward_verb`)."""
    verb, _space, rest = notation(action, reward_verb).partition(" ")
    if rest:
        return {"type": verb, "what": rest}
    return {"type": verb}


def _card(word: str) -> int:
    text = word.lstrip("#")
    if not text.isdigit() or int(text) not in CARD_OF_NUMBER:
        raise IllegalAction(
            "", _("{word} is not an action card number (write {example})", word=repr(word), example="#12")
        )
    return CARD_OF_NUMBER[int(text)]


def parse(text: str) -> int:
    """The action a typed move names (legal or not). Unreadable text raises IllegalAction saying why."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction(
            "",
            _(
                "type a move such as {example} or {other}, or ? for the legal moves",
                example="'recruit #12'",
                other="'pass'",
            ),
        )
    head = words[0]
    if len(words) == 1:
        if head in WORDS:
            return WORDS[head]
        raise IllegalAction("", _("cannot read {text}; try ? for the legal moves", text=repr(text)))
    if len(words) != 2:
        raise IllegalAction(
            "",
            _("cannot read {text}: write a verb and one thing, e.g. {example}", text=repr(text), example="'move #12'"),
        )
    word = words[1]
    if head in USES:
        return PLAY + _card(word) * 3 + USES.index(head)
    if head == "discard":
        return DISCARD + _card(word)
    if head == "from":
        if word in ("guildhall", "gh"):
            return SOURCE + GUILDHALL
        if word in ("plantation", "pl"):
            return SOURCE + PLANTATION
        if word in TILE_OF_ID:
            return SOURCE + TILE_OF_ID[word]
        raise IllegalAction(
            "",
            _(
                "{word} is not a tile id, {guildhall} or {plantation}",
                word=repr(word),
                guildhall="'guildhall'",
                plantation="'plantation'",
            ),
        )
    if head == "to":
        if word in ("guildhall", "gh", "plantation", "pl"):
            raise IllegalAction("GL-D21", _("the Guildhall and the plantation are never destinations of a move"))
        if word in TILE_OF_ID:
            return DEST + TILE_OF_ID[word]
        raise IllegalAction("", _("{word} is not a tile id", word=repr(word)))
    if head == "neutral":
        if word in SEAT_OF_NAME:
            return NEUTRAL + SEAT_OF_NAME[word]
        raise IllegalAction("", _("{word} is not a colour ({colours})", word=repr(word), colours=", ".join(SEAT_NAMES)))
    if head in ("keep", "under"):
        if word in REWARD_OF_ID:
            return REWARD + REWARD_OF_ID[word]
        raise IllegalAction("", _("{word} is not a reward card id", word=repr(word)))
    if head == "spend":
        if word in TOKEN_OF_ID:
            return TOKEN + TOKEN_OF_ID[word]
        raise IllegalAction("", _("{word} is not a token id", word=repr(word)))
    raise IllegalAction("", _("unknown verb {verb}; try ? for the legal moves", verb=repr(head)))
