"""The full state as JSON (hidden parts included: never send it to a seat) and back, checking that liverymen, cards,
tokens and tiles are conserved so a hand-edited snapshot cannot describe an impossible position. The question stack
is stored under "pending" as `[kind, seat, context]` records (`questions.read` reads them back)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.questions import LIVERYMEN, NEUTRALS_EACH, RewardKeep, RewardUnder, read
from guildtable.games.guilds_of_london.records import FinalScoring, TileResult
from guildtable.games.guilds_of_london.state import GuildsOptions, GuildsPosition, VpSource
from guildtable.kernel import BadRecord, Game, Rng

PositionT = TypeVar("PositionT", bound=GuildsPosition)

LISTS = (
    "cell_of",
    "in_play",
    "back",
    "token",
    "fig",
    "supply",
    "neutrals",
    "neutral_out",
    "vp",
    "stack",
    "in_front",
    "discard",
    "deck",
    "reward_deck",
    "reward_known",
    "token_supply",
    "pool",
)
NESTED = ("hands", "rewards", "kept")
INTS = ("beadle", "counter", "round", "taken", "active", "played", "limit_bonus", "plantation", "scoring")
ATTRIBUTE = {"stack": "marker_height"}
"""The state's attribute for a snapshot key of another name (the VP markers' heights are stored as "stack")."""
# `snapshot` writes these keys one by one (typed by `GuildsSnapshot`); the reader and `_check` loop over them.


LastingRecord = list[str | list[str | int] | list[int] | int | None]
"""A lasting effect: [trigger event, [condition kind, value] or None, effect indexes, symbol mask]."""
PendingRecord = list[str | int | list[object]]
"""A question of the stack: [kind, seat, context] (`questions.read` reads it back)."""


class GuildsSnapshot(TypedDict):
    """`State.snapshot`: the whole position, hidden parts included. The lists of whole numbers are the state's
    attributes of the same name (`LISTS`, `NESTED`, `INTS`; "stack" is `marker_height`)."""

    game: str
    players: int
    seed: int
    options: GuildsOptions
    setup: Mapping[str, object] | None
    history: list[int]
    rng: int
    guildhall_cells: list[int]
    jumped: bool
    lasting: list[LastingRecord]
    end_effects: list[list[int]]
    pending: list[PendingRecord]
    results: list[TileResult]
    final: FinalScoring | None
    ledger: list[list[int | str]]
    """Where every point came from: `state.VpSource` records [seat, VP, kind, what]; a snapshot without them has its
    points unitemised."""
    cell_of: list[int]
    in_play: list[int]
    back: list[int]
    token: list[int]
    fig: list[int]
    supply: list[int]
    neutrals: list[int]
    neutral_out: list[int]
    vp: list[int]
    stack: list[int]
    in_front: list[int]
    discard: list[int]
    deck: list[int]
    reward_deck: list[int]
    reward_known: list[int]
    token_supply: list[int]
    pool: list[int]
    hands: list[list[int]]
    rewards: list[list[int]]
    kept: list[list[int]]
    beadle: int
    counter: int
    round: int
    taken: int
    active: int
    played: int
    limit_bonus: int
    plantation: int
    scoring: int


def snapshot(st: GuildsPosition) -> GuildsSnapshot:
    """The snapshot, its keys in the order of `GuildsSnapshot` (`LISTS`, `NESTED` and `INTS` after the rest)."""
    return {
        "game": st.game.name,
        "players": st.num_players,
        "seed": st.seed,
        "options": st.options.copy(),
        "setup": st.setup,
        "history": list(st.history),
        "rng": st.rng.state,
        "guildhall_cells": list(st.guildhall_cells),
        "jumped": st.jumped,
        "lasting": [
            [kind, list(cond) if cond else None, list(effects), mask] for kind, cond, effects, mask in st.lasting
        ],
        "end_effects": [list(entry) for entry in st.end_effects],
        "pending": [[question.kind, question.seat, list(question.context())] for question in st.stack],
        "results": list(st.results),
        "final": st.final,
        "ledger": [list(entry) for entry in st.ledger],
        "cell_of": list(st.cell_of),
        "in_play": list(st.in_play),
        "back": list(st.back),
        "token": list(st.token),
        "fig": list(st.fig),
        "supply": list(st.supply),
        "neutrals": list(st.neutrals),
        "neutral_out": list(st.neutral_out),
        "vp": list(st.vp),
        "stack": list(st.marker_height),
        "in_front": list(st.in_front),
        "discard": list(st.discard),
        "deck": list(st.deck),
        "reward_deck": list(st.reward_deck),
        "reward_known": list(st.reward_known),
        "token_supply": list(st.token_supply),
        "pool": list(st.pool),
        "hands": [list(items) for items in st.hands],
        "rewards": [list(items) for items in st.rewards],
        "kept": [list(items) for items in st.kept],
        "beadle": st.beadle,
        "counter": st.counter,
        "round": st.round,
        "taken": st.taken,
        "active": st.active,
        "played": st.played,
        "limit_bonus": st.limit_bonus,
        "plantation": st.plantation,
        "scoring": st.scoring,
    }


def _ints(raw: Any, field: str) -> list[int]:
    if not isinstance(raw, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in raw):
        raise BadRecord(field, "expected a list of whole numbers")
    return list(raw)


def from_snapshot(game: Game, data: Mapping[str, Any], state_class: type[PositionT]) -> PositionT:
    """The state `data` describes, checked and rebuilt as a `state_class`: the rules' state, passed in because the
    rules import this module."""
    if not isinstance(data, Mapping) or data.get("game") != game.name:
        raise BadRecord("game", f"this snapshot is not of {game.title}")
    players = data.get("players")
    if not isinstance(players, int) or players not in game.player_counts:
        raise BadRecord("players", "expected 2, 3 or 4")
    options = game.resolve_options(data.get("options") or {})
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRecord("seed", "expected a whole number")
    st = state_class(game, players, seed, options, data.get("setup"))
    st.history = _ints(data.get("history"), "history")
    rng = data.get("rng")
    if isinstance(rng, bool) or not isinstance(rng, int):
        raise BadRecord("rng", "expected a whole number")
    st.rng = Rng.from_state(rng)
    for name in LISTS:
        setattr(st, ATTRIBUTE.get(name, name), _ints(data.get(name), name))
    for name in NESTED:
        raw = data.get(name)
        if not isinstance(raw, list) or len(raw) != players:
            raise BadRecord(name, f"expected one list per player ({players})")
        setattr(st, name, [_ints(items, f"{name}[{i}]") for i, items in enumerate(raw)])
    for name in INTS:
        value = data.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRecord(name, "expected a whole number")
        setattr(st, name, value)
    st.guildhall_cells = tuple(_ints(data.get("guildhall_cells"), "guildhall_cells"))
    st.jumped = bool(data.get("jumped"))
    try:
        st.lasting = [
            (str(kind), tuple(cond) if cond else None, tuple(int(e) for e in effects), int(mask))
            for kind, cond, effects, mask in data.get("lasting") or []
        ]
        st.end_effects = [(int(card), int(index)) for card, index in data.get("end_effects") or []]
        records = [(kind, seat, list(context)) for kind, seat, context in data["pending"]]
    except (TypeError, ValueError, KeyError):
        raise BadRecord("pending", "write decisions as [kind, seat, context]") from None
    st.stack = [read(kind, seat, context, f"pending[{index}]") for index, (kind, seat, context) in enumerate(records)]
    st.results = list(data.get("results") or [])
    st.final = data.get("final")
    st.ledger = _ledger(data.get("ledger") or [], players)
    st.cells = {code: tile for tile, code in enumerate(st.cell_of) if code >= 0}
    for code in st.guildhall_cells:
        st.cells[code] = -1
    _check(st)
    return st


def _ledger(raw: Any, players: int) -> tuple[VpSource, ...]:
    """`state.VpSource` records: [seat, VP, kind, what]."""
    entries: list[VpSource] = []
    for index, entry in enumerate(raw if isinstance(raw, list) else [None]):
        if not (
            isinstance(entry, list)
            and len(entry) == 4
            and all(isinstance(v, int) and not isinstance(v, bool) for v in entry[:2])
            and all(isinstance(v, str) for v in entry[2:])
            and 0 <= entry[0] < players
        ):
            raise BadRecord(f"ledger[{index}]", "write where points came from as [seat, VP, kind, what]")
        entries.append((entry[0], entry[1], entry[2], entry[3]))
    return tuple(entries)


def _check(st: GuildsPosition) -> None:
    """Conservation (GL-6, GL-8, GL-11, GL-12, GL-13)."""
    players = st.num_players
    sizes = {"cell_of": A.N_TILES, "back": A.N_TILES, "token": A.N_TILES, "fig": A.N_LOCATIONS * 4}
    for name, size in sizes.items():
        if len(getattr(st, name)) != size:
            raise BadRecord(name, f"expected {size} entries")
    for name in ("supply", "neutrals", "neutral_out", "vp", "stack"):
        if len(getattr(st, ATTRIBUTE.get(name, name))) != players:
            raise BadRecord(name, f"expected {players} entries")
    for p in range(players):
        total = st.supply[p] + sum(st.fig[loc * 4 + p] for loc in range(A.N_LOCATIONS))
        if total != LIVERYMEN or min(st.fig[p::4]) < 0 or st.supply[p] < 0:
            raise BadRecord("fig", f"{A.SEAT_NAMES[p]} must have exactly {LIVERYMEN} liverymen")
        if st.neutrals[p] + st.neutral_out[p] != NEUTRALS_EACH:
            raise BadRecord("neutrals", f"{A.SEAT_NAMES[p]} owns exactly {NEUTRALS_EACH} neutrals")
    cards = st.deck + st.discard + st.in_front + [c for hand in st.hands for c in hand]
    if sorted(cards) != list(range(A.N_CARDS)):
        raise BadRecord("hands", "hands, deck, discard and cards in front must hold each action card once")
    drawn = [c for question in st.stack if isinstance(question, (RewardKeep, RewardUnder)) for c in question.cards]
    rewards = st.reward_deck + drawn + [c for cards in st.rewards for c in cards]
    if sorted(rewards) != list(range(A.N_REWARDS)) or len(st.reward_known) != len(st.reward_deck):
        raise BadRecord("rewards", "reward hands, the reward deck and drawn cards must hold each reward card once")
    tokens = [t for t in st.token if t >= 0] + st.token_supply + [t for kept in st.kept for t in kept]
    expected = Counter({kind.index: kind.copies for kind in CONTENT.tokens})
    if Counter(tokens) != expected:
        raise BadRecord("token", "tiles, the token supply and kept tokens must hold all 30 tokens")
    placed = [t for t in range(A.N_TILES) if st.cell_of[t] >= 0]
    if sorted(placed) != sorted(st.in_play) or set(placed) & set(st.pool):
        raise BadRecord("in_play", "tiles in play must be those with a cell, and not in the pool")
