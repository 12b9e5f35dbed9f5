"""The Guildhall `Game`: the engine flags of §13.5 as options, the opening, and states rebuilt from snapshots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from guildtable.games.guildhall import glossary, heuristics, log, text
from guildtable.games.guildhall import setup as setup_rules
from guildtable.games.guildhall.actions import NUM_ACTIONS
from guildtable.games.guildhall.content import COLOURS, CONTENT, EFFECT_OF, PROFESSION_ALIASES, card_of
from guildtable.games.guildhall.questions import ARITY, KIND_OF, PRESTIGE, TRANSIT_SLOT
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.games.guildhall.setup import make_opening
from guildtable.games.guildhall.views import CONTENT_NOTE
from guildtable.kernel import BadRecord, Event, Game, Option, Rng, State
from guildtable.kernel.glossary import Glossary
from guildtable.kernel.i18n import N_


class Guildhall(Game):
    name = "guildhall"
    title = "Guildhall: Job Faire"
    # Cards turned up or drawn from the shuffled deck, a card robbed unseen, and the deck shuffled anew (a Hunter
    # played shows the discard pile too: see `takes_back`).
    revealing_events = frozenset(
        {"revealed", "row_refilled", "reshuffle", "drew", "discard_draw", "setup_redraw", "robbed", "game_end"}
    )
    min_players = 2
    max_players = 4
    seat_names = ("P1", "P2", "P3", "P4")
    official_content = CONTENT.official_prestige
    content_note = "" if CONTENT.official_prestige else CONTENT_NOTE
    options = (
        Option(
            "small_game_removal",
            "per_type",
            str,
            N_("With 2 or 3 players, which prestige cards leave the game before it starts."),
            choices=("per_type", "per_value"),
            rule="GH-D3",
            label=N_("Prestige cards removed (2–3 players)"),
            choice_labels=(N_("one of each type and two worth 5"), N_("one random card of each other value")),
        ),
        Option(
            "discard_draw_caps_hand",
            True,
            bool,
            N_("Discarding to draw new cards first brings a hand of more than 6 cards down to 6."),
            choices=(True, False),
            rule="GH-D4",
            label=N_("Discard-and-draw caps the hand at 6"),
        ),
        Option(
            "robber_random",
            "legal_only",
            str,
            N_("Which cards the Robber's basic ability picks from at random."),
            choices=("legal_only", "any_then_discard"),
            rule="GH-D9",
            label=N_("Robber's random pick"),
            choice_labels=(
                N_("only cards that can be placed"),
                N_("any card (one that cannot be placed is discarded)"),
            ),
        ),
        Option(
            "placement_order",
            "player_choice",
            str,
            N_("In which order the cards a Scholar reveals are placed."),
            choices=("player_choice", "deck_order"),
            rule="GH-D11",
            label=N_("Scholar's placing order"),
            choice_labels=(N_("the player chooses"), N_("the order they were drawn")),
        ),
        Option(
            "tax_collector_model",
            "levels_1_to_4",
            str,
            N_("How the Tax Collector's ability grows with its chapter."),
            choices=("levels_1_to_4", "single_scaled"),
            rule="GH-D1",
            label=N_("Tax Collector"),
            choice_labels=(N_("four levels, 1 to 4"), N_("one ability that grows with the chapter")),
        ),
        Option(
            "max_turns",
            0,
            int,
            N_("For computer simulations: the game ends after this many turns and the most points win (0: no limit)."),
            minimum=0,
            maximum=100_000,
            rule="GH-D22",
            label=N_("Turn limit"),
        ),
        Option(
            "start_player",
            "random",
            str,
            N_("Who takes the first turn."),
            choices=("random", "0", "1", "2", "3"),
            rule="GH-15",
            label=N_("First player"),
            choice_labels=(N_("drawn at random"), N_("seat 1"), N_("seat 2"), N_("seat 3"), N_("seat 4")),
        ),
        Option(
            "profession_set",
            "job_faire",
            str,
            N_("The six professions in play (only the Job Faire set comes with this game)."),
            choices=("job_faire",),
            rule="GH-D25",
            label=N_("Professions"),
            choice_labels=(N_("Job Faire"),),
        ),
    )

    def takes_back(self, events: Sequence[Event]) -> bool:
        """GH-D18: a Hunter shows its player the whole discard pile from its level question on, so playing one
        cannot be taken back either."""
        return super().takes_back(events) and not any(
            event.kind == "played" and _is_hunter(str(event.data.get("card", ""))) for event in events
        )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> State:
        opening = make_opening(players, seed, options, setup)
        return GuildhallState(self, players, seed, options, setup, opening)

    def describe_setup(self) -> str:
        return setup_rules.__doc__ or ""

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, GuildhallState)
        return heuristics.evaluate(state, seat)

    def glossary(self) -> Glossary:
        """Every profession by its id, with what each ability level does, and every prestige card type by its type
        id, with its VP and cost; generated from the content data (`glossary.py`)."""
        return glossary.glossary()

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        return log.describe_event(event.kind, event.data, names or self.seat_names)

    def render_text(self, view: dict[str, Any], seat: int | None) -> Any:
        return text.render(view, seat)

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> GuildhallState:
        return _from_snapshot(self, snapshot)


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


def _tuplify(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _from_snapshot(game: Guildhall, snapshot: Mapping[str, Any]) -> GuildhallState:
    """Rebuild a state from `GuildhallState.snapshot()`, checking that all 120 cards and 30 prestige cards are there."""
    if not isinstance(snapshot, Mapping) or snapshot.get("game") != game.name:
        raise BadRecord("game", f"this snapshot is not of {game.title}")
    players = _get(snapshot, "players", int)
    if players not in game.player_counts:
        raise BadRecord("players", "Guildhall is for 2–4 players")
    options = game.resolve_options(snapshot.get("options") or {})
    state = GuildhallState(game, players, int(snapshot.get("seed") or 0), options, snapshot.get("setup"))
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
    stack = []
    for index, raw in enumerate(_get(snapshot, "stack", list)):
        if not isinstance(raw, list) or len(raw) < 2 or raw[0] not in KIND_OF:
            raise BadRecord(f"stack[{index}]", "write a decision as [kind, seat, context...]")
        if not isinstance(raw[1], int) or not 0 <= raw[1] < players:
            raise BadRecord(f"stack[{index}][1]", "the seat must be a player of this game")
        kind = KIND_OF[raw[0]]
        if len(raw) != ARITY[kind]:
            raise BadRecord(f"stack[{index}]", f"a {raw[0]} entry has {ARITY[kind]} parts, not {len(raw)}")
        entry = (kind, *(_tuplify(v) for v in raw[1:]))
        cards_at = TRANSIT_SLOT.get(kind)
        if cards_at is not None and not (
            isinstance(entry[cards_at], tuple) and all(isinstance(c, int) and 0 <= c < 30 for c in entry[cards_at])
        ):
            raise BadRecord(f"stack[{index}][{cards_at}]", "must be a list of card numbers 0..29")
        stack.append(entry)
    state.stack = stack
    _check_conservation(state)
    return state


def _check_conservation(state: GuildhallState) -> None:
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


def _is_hunter(name: str) -> bool:
    card = card_of(name)
    return card is not None and EFFECT_OF[card // COLOURS] == "hunter"
