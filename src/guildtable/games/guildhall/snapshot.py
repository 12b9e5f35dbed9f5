"""The whole Guildhall position as JSON (`State.snapshot`, hidden parts included: never sent to a seat) and back,
checking every field it reads and that all 120 profession cards and 30 prestige cards are there (GH-1, GH-6).

Cards are written by name ('red Scholar'), the draw deck and the discard pile top first, professions by name and
prestige cards by type id. A question on the stack is written as `[kind, seat, *context]`, the cards it holds as a
list of card numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from guildtable.games.guildhall.content import (
    CARD_NAMES,
    COLOURS,
    CONTENT,
    PRESTIGE,
    PROFESSION_ALIASES,
    PROFESSION_NAMES,
    PROFESSIONS,
    card_of,
)
from guildtable.games.guildhall.questions import KINDS, GuildhallQuestion
from guildtable.games.guildhall.setup import GuildhallOptions
from guildtable.games.guildhall.state import Position
from guildtable.kernel import BadRecord, Game, Rng

StackEntry = list[str | int | list[int]]
"""A question on the stack: `[kind, seat, *context]`, its context values ints (flags as booleans) or lists of card
numbers."""


class GuildhallSnapshot(TypedDict):
    """The whole position as `write` stores it (keys in this order): cards by name ('red Scholar'), the draw deck and
    the discard pile top first, professions by name, prestige cards by type id."""

    game: str
    players: int
    seed: int
    options: GuildhallOptions
    setup: Mapping[str, object] | None
    """The explicit setup the game began from, as given (`setup.py`)."""
    history: list[int]
    rng: int
    deck: list[str]
    discard: list[str]
    hands: list[list[str]]
    selected: list[str]
    areas: list[list[str]]
    halls: list[list[str]]
    """Each seat's guildhall cards, in profession then colour order."""
    completed: list[list[str]]
    prestige: list[list[str]]
    tokens: list[int]
    row: list[str]
    prestige_deck: list[str]
    prestige_removed: list[str]
    start_player: int
    active: int
    actions_left: int
    played: list[str]
    turn: int
    prepared: int
    known: list[int]
    winners: list[int]
    last_move: str
    stack: list[StackEntry]


def write(state: Position) -> GuildhallSnapshot:
    """The snapshot of `state`."""
    return {
        "game": state.game.name,
        "players": state.num_players,
        "seed": state.seed,
        "options": state.options.copy(),
        "setup": state.setup,
        "history": list(state.history),
        "rng": state.rng.state,
        "deck": _names(reversed(state.deck)),
        "discard": _names(reversed(state.discard)),
        "hands": [_names(hand) for hand in state.hands],
        "selected": _names(state.selected),
        "areas": [_names(area) for area in state.areas],
        "halls": [
            [
                CARD_NAMES[p * COLOURS + c]
                for p in range(PROFESSIONS)
                for c in range(COLOURS)
                if state.masks(s)[p] >> c & 1
            ]
            for s in range(state.num_players)
        ],
        "completed": [[PROFESSION_NAMES[p] for p in done] for done in state.completed],
        "prestige": [[PRESTIGE[k].type_id for k in owned] for owned in state.owned],
        "tokens": list(state.tokens),
        "row": [PRESTIGE[k].type_id for k in state.row],
        "prestige_deck": [PRESTIGE[k].type_id for k in reversed(state.prestige_deck)],
        "prestige_removed": [PRESTIGE[k].type_id for k in state.removed],
        "start_player": state.start_player,
        "active": state.active,
        "actions_left": state.actions_left,
        "played": [PROFESSION_NAMES[p] for p in range(PROFESSIONS) if state.played >> p & 1],
        "turn": state.turn,
        "prepared": state.prepared,
        "known": list(state.known),
        "winners": list(state.winner_seats),
        "last_move": state.last_move,
        "stack": [
            [question.kind, question.seat, *(_context_json(value) for value in question.context())]
            for question in state.stack
        ],
    }


def _names(cards: Iterable[int]) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def _context_json(value: object) -> int | list[int]:
    """A question's context value as JSON: an int (a flag is a bool) or a tuple of card numbers, as a list."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, int):
        return value
    raise TypeError(f"a question's context holds ints and tuples of ints, not {value!r}")


def header(game: Game, snapshot: Mapping[str, Any]) -> tuple[int, int, Mapping[str, object], Any]:
    """The player count, seed, options and setup a snapshot of `game` records, checked (the options resolved by
    `Game.resolve_options`; the setup raw JSON, checked by `setup.py` when replayed)."""
    if not isinstance(snapshot, Mapping) or snapshot.get("game") != game.name:
        raise BadRecord("game", f"this snapshot is not of {game.title}")
    players = _get(snapshot, "players", int)
    if players not in game.player_counts:
        raise BadRecord("players", "Guildhall is for 2–4 players")
    options = game.resolve_options(snapshot.get("options") or {})
    return players, int(snapshot.get("seed") or 0), options, snapshot.get("setup")


def read(state: Position, snapshot: Mapping[str, Any]) -> None:
    """Fill the fresh `state` (made from `header`) with the position `snapshot` records."""
    players = state.num_players
    state.history = [int(a) for a in _get(snapshot, "history", list)]
    state.rng = Rng.from_state(int(snapshot.get("rng") or 0))
    state.deck = _cards(_get(snapshot, "deck", list), "deck")[::-1]
    state.discard = _cards(_get(snapshot, "discard", list), "discard")[::-1]
    state.hands = [sorted(_cards(h, f"hands[{i}]")) for i, h in enumerate(_per_seat(snapshot, "hands", players))]
    state.selected = _cards(snapshot.get("selected") or [], "selected")
    state.areas = [_cards(a, f"areas[{i}]") for i, a in enumerate(_per_seat(snapshot, "areas", players))]
    state.halls = [0] * (players * 6)
    for seat, cards in enumerate(_per_seat(snapshot, "halls", players)):
        for index, card in enumerate(_cards(cards, f"halls[{seat}]")):
            slot, bit = seat * 6 + card // 5, 1 << card % 5
            if state.halls[slot] & bit:
                raise BadRecord(f"halls[{seat}][{index}]", "a guildhall never holds two identical cards (GH-54)")
            state.halls[slot] |= bit
            if state.halls[slot] == 31:
                raise BadRecord(f"halls[{seat}]", "a chapter of five colours is completed at once (GH-49)")
    state.completed = [
        [_prof(p, f"completed[{i}]") for p in done] for i, done in enumerate(_per_seat(snapshot, "completed", players))
    ]
    state.owned = [_prestige(o, f"prestige[{i}]") for i, o in enumerate(_per_seat(snapshot, "prestige", players))]
    state.tokens = [int(v) for v in _per_seat(snapshot, "tokens", players)]
    state.row = _prestige(_get(snapshot, "row", list), "row")
    state.prestige_deck = _prestige(_get(snapshot, "prestige_deck", list), "prestige_deck")[::-1]
    state.removed = _prestige(snapshot.get("prestige_removed") or [], "prestige_removed")
    state.start_player = int(snapshot.get("start_player") or 0)
    state.active = int(snapshot.get("active") or 0)
    state.actions_left = int(snapshot.get("actions_left") or 0)
    state.played = sum(1 << _prof(p, "played") for p in snapshot.get("played") or [])
    state.turn = int(snapshot.get("turn") or 0)
    state.prepared = int(snapshot.get("prepared") or 0)
    state.known = [int(v) for v in snapshot.get("known") or [0] * players]
    state.winner_seats = [int(v) for v in snapshot.get("winners") or []]
    state.last_move = str(snapshot.get("last_move") or "")
    state.stack = [
        _question(raw, f"stack[{index}]", players) for index, raw in enumerate(_get(snapshot, "stack", list))
    ]
    _check_conservation(state)


def _question(raw: Any, where: str, players: int) -> GuildhallQuestion:
    """A question as `write` stores it: [kind, seat, *context], lists of cards as lists."""
    if not isinstance(raw, list) or len(raw) < 2:
        raise BadRecord(where, "write a decision as [kind, seat, context...]")
    if not isinstance(raw[1], int) or not 0 <= raw[1] < players:
        raise BadRecord(f"{where}[1]", "the seat must be a player of this game")
    question = KINDS.read(raw[0], raw[1], [_tuplify(value) for value in raw[2:]], where)
    cards = question.in_transit()
    if cards is not None and not (isinstance(cards, tuple) and all(isinstance(c, int) and 0 <= c < 30 for c in cards)):
        raise BadRecord(f"{where}.cards", "must be a list of card numbers 0..29")
    return question


def _tuplify(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _get(snapshot: Mapping[str, Any], name: str, kind: type) -> Any:
    value = snapshot.get(name)
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        raise BadRecord(name, f"missing or not a {kind.__name__}")
    return value


def _cards(raw: Any, field: str) -> list[int]:
    if not isinstance(raw, list):
        raise BadRecord(field, "must be a list of card names such as 'red Scholar'")
    cards = []
    for index, name in enumerate(raw):
        card = card_of(name) if isinstance(name, str) else None
        if card is None:
            raise BadRecord(f"{field}[{index}]", f"{name!r} is not a card such as 'red Scholar'")
        cards.append(card)
    return cards


def _prof(name: Any, field: str) -> int:
    prof = PROFESSION_ALIASES.get(str(name).lower().replace(" ", "").replace("_", ""))
    if prof is None:
        raise BadRecord(field, f"{name!r} is not a profession")
    return prof


def _prestige(raw: Any, field: str) -> list[int]:
    ids = {kind.type_id: index for index, kind in enumerate(PRESTIGE)}
    if not isinstance(raw, list):
        raise BadRecord(field, "must be a list of prestige type ids")
    result = []
    for index, name in enumerate(raw):
        if name not in ids:
            raise BadRecord(f"{field}[{index}]", f"{name!r} is not a prestige type id")
        result.append(ids[name])
    return result


def _per_seat(snapshot: Mapping[str, Any], name: str, players: int) -> list[Any]:
    value: list[Any] = _get(snapshot, name, list)
    if len(value) != players:
        raise BadRecord(name, f"needs one entry per player ({players})")
    return value


def _check_conservation(state: Position) -> None:
    """GH-1: every profession card is somewhere exactly once; GH-6: every prestige card too."""
    cards = list(state.deck) + state.discard + state.cards_in_transit()
    for seat in range(state.num_players):
        cards += state.hands[seat] + state.areas[seat]
        cards += [p * 5 + c for p in range(6) for c in range(5) if state.halls[seat * 6 + p] >> c & 1]
        cards += [p * 5 + c for p in state.completed[seat] for c in range(5)]
    if Counter(cards) != Counter(CONTENT.full_deck()):
        raise BadRecord("deck", "the zones must hold every profession card exactly once (4 of each identity, GH-1)")
    prestige = state.row + state.prestige_deck + state.removed + [k for owned in state.owned for k in owned]
    if Counter(prestige) != Counter(CONTENT.prestige_deck()):
        raise BadRecord("row", "row, prestige deck, removed and bought cards must be the 30 prestige cards (GH-6)")
