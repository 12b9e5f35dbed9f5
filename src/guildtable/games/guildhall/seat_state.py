"""A Guildhall position rebuilt from one seat's view alone (issue 37): what a remote player's bot thinks on.

From the view: every guildhall, action area, VP token and bought prestige card, the seat's own hand and completed
chapters (GH-D26), the prestige row, the discard pile's top (the whole pile while the seat searches it with a Hunter,
GH-D18), the cards the seat put back on the deck (GH-D20), a robbed hand the seat is looking through (GH-69), the
cards it is selecting, the turn's counters and the open question (its kind, seat, context and prompt).

Drawn at random with `rng`, from the profession cards (GH-1) the view does not place: the other players' hands, which
professions their completed chapters are of (the view only counts them), the cards another player is selecting to
discard, the draw deck below what the seat knows of it, the discard pile below its top, and the cards an unfinished
ability holds beneath the open question (the view shows only the question on top: a Scholar's revealed cards waiting
under a completed-chapter cap, a Peddler's taken cards). From the 30 prestige cards (GH-6): the prestige deck's order
and, when the GH-D3 removal is per value, which cards were removed.

What the view shows only in words is read back by trying the question's possible fields until its decision (prompt
included) is the view's; where several fit, the last move (`last_move`: a level chosen, a row card bought, a card
taken) and the action area pick the likely one. The questions beneath the open one (the rest of the turn) are
rebuilt the same way: the turn's next action, a Hunter's takes under the cards it discards together, a Robber's
further picks under a cap, the cards in transit.

Options: the view names none. The removal rule (GH-D3) is read off `prestige_removed` (a list: per type, a count: per
value); whether discard-and-draw caps the hand (GH-D4) and the Tax Collector model (GH-D1) from the open question's
words when they show them (the defaults otherwise); every other option is the default (the Robber's random pick,
GH-D9, and the Scholar's placing order, GH-D11, show only in what happens next; the turn limit, GH-D22, nowhere).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import fields
from itertools import product
from typing import TYPE_CHECKING, Any

from guildtable.games.guildhall.content import (
    CARD_NAMES,
    COLOURS,
    CONTENT,
    HUNTER,
    LEVELS,
    PRESTIGE,
    PROFESSION_NAMES,
    PROFESSIONS,
    card_of,
)
from guildtable.games.guildhall.questions import (
    KINDS,
    T_PED,
    T_ROB,
    GuildhallQuestion,
    HunterTake,
    NextAction,
    PeddlerReceive,
    PlaceQueue,
    RobberPick,
)
from guildtable.kernel import BadRecord, Game, Rng

if TYPE_CHECKING:
    from guildtable.games.guildhall.rules import GuildhallState


def _profession(effect: str) -> int:
    return next(index for index, levels in enumerate(LEVELS) if levels[0].kind == effect)


ROBBER = _profession("robber")
SCHOLAR = _profession("scholar")
PEDDLER = _profession("peddler")
_VARIANTS: tuple[dict[str, object], ...] = (
    {},
    {"discard_draw_caps_hand": False},
    {"tax_collector_model": "single_scaled"},
    {"discard_draw_caps_hand": False, "tax_collector_model": "single_scaled"},
)
"""The options the view names nowhere but shows in a question's words (GH-D4, GH-D1), tried in turn: the defaults
first."""
_IN_TRANSIT = frozenset(("place_order", "hunter_give", "discard_top", "peddler_take", "peddler_give"))
"""The kinds whose decision shows cards held in no zone (GH-1)."""


def seat_state(
    game: Game[GuildhallState], view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
) -> GuildhallState:
    """A position whose view for `view["seat"]` is `view`, its hidden parts drawn with `rng`, under the table's
    `options` (None: the defaults)."""
    players = len(view.get("players") or [])
    seat = view.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise BadRecord("seat", "a position is rebuilt from a seat's view, not a spectator's")
    decision: Mapping[str, Any] | None = view.get("decision")
    on_turn = decision["seat"] if decision else None
    active = int(view["active"])
    per_value = not isinstance(view["prestige_removed"], list)

    # --- the profession cards the view places ---------------------------------------------------------------------
    seen: Counter[int] = Counter()
    halls: list[list[int]] = []
    areas: list[list[int]] = []
    for s, player in enumerate(view["players"]):
        hall = [_card(f"{colour} {prof}") for prof, colours in player["guildhall"].items() for colour in colours]
        halls.append(hall)
        areas.append(_cards(player["action_area"]))
        seen.update(hall + areas[s])
    hands: list[list[int]] = [[] for _s in range(players)]
    hands[seat] = _cards(view["hand"] or [])
    completed: list[list[int]] = [[] for _s in range(players)]
    completed[seat] = [PROFESSION_NAMES.index(name) for name in view.get("completed_professions", [])]
    known = _cards(view.get("deck_top_known", []))  # top first
    if "discard_pile" in view:  # GH-D18: the seat is searching it
        discard_shown = _cards(view["discard_pile"])
    else:
        discard_shown = [] if view["discard_top"] is None else [_card(view["discard_top"])]
    own_selected = _cards(view.get("selected", []))
    in_transit = _cards(decision.get("cards", [])) if decision and decision["kind"] in _IN_TRANSIT else []
    robbed = _robbed(view, seat, decision)
    if robbed is not None:
        hands[robbed] = _cards(view["target_hand"])
    seen.update(hands[seat] + known + discard_shown + own_selected + in_transit)
    seen.update(p * COLOURS + c for p in completed[seat] for c in range(COLOURS))
    if robbed is not None:
        seen.update(hands[robbed])
    unseen = Counter(CONTENT.full_deck())
    unseen.subtract(seen)
    if any(count < 0 for count in unseen.values()):
        raise BadRecord("players", "the view shows more copies of a card than the game has (GH-1)")

    # --- what it only counts, drawn at random ---------------------------------------------------------------------
    for s in range(players):  # others' completed chapters: their professions are hidden (GH-D26)
        if s != seat:
            for _chapter in range(view["players"][s]["completed_chapters"]):
                whole = [p for p in range(PROFESSIONS) if all(unseen[p * COLOURS + c] for c in range(COLOURS))]
                if not whole:
                    raise BadRecord("players", "no profession is left to make a completed chapter of (GH-49)")
                prof = whole[rng.below(len(whole))]
                completed[s].append(prof)
                unseen.subtract(prof * COLOURS + c for c in range(COLOURS))
    pool = list(unseen.elements())
    rng.shuffle(pool)
    for s in range(players):
        if s != seat and s != robbed:
            hands[s], pool = pool[: view["players"][s]["hand_size"]], pool[view["players"][s]["hand_size"] :]
    selected = own_selected
    if on_turn is not None and on_turn != seat:
        count = view["players"][on_turn]["selecting"]
        selected, pool = pool[:count], pool[count:]
    hidden_deck = view["deck_size"] - len(known)
    hidden_discard = view["discard_size"] - len(discard_shown)
    if min(hidden_deck, hidden_discard) < 0 or hidden_deck + hidden_discard > len(pool):
        raise BadRecord("deck_size", "the view's counts do not add up to the 120 profession cards (GH-1)")
    deck = known + pool[:hidden_deck]
    discard = discard_shown + pool[hidden_deck : hidden_deck + hidden_discard]
    carried = tuple(pool[hidden_deck + hidden_discard :])  # held beneath the open question

    # --- the prestige cards -----------------------------------------------------------------------------------------
    ids = {kind.type_id: index for index, kind in enumerate(PRESTIGE)}
    row = [ids[card["type_id"]] for card in view["row"]]
    owned = [[ids[card["type_id"]] for card in player["prestige"]] for player in view["players"]]
    removed = [] if per_value else [ids[name] for name in view["prestige_removed"]]
    rest = Counter(CONTENT.prestige_deck())
    rest.subtract(row + removed + [k for cards in owned for k in cards])
    if any(count < 0 for count in rest.values()):
        raise BadRecord("row", "the view shows more prestige cards than the game has (GH-6)")
    prestige_pool = list(rest.elements())
    rng.shuffle(prestige_pool)
    if per_value:
        removed = sorted(prestige_pool[: view["prestige_removed"]])
        prestige_pool = prestige_pool[view["prestige_removed"] :]
    if len(prestige_pool) != view["prestige_deck_size"]:
        raise BadRecord("prestige_deck_size", "the view's prestige counts do not add up to 30 cards (GH-6)")

    # --- the question stack ---------------------------------------------------------------------------------------
    setup = view["phase"] == "setup"
    beneath = [] if decision is None else _beneath(view, seat, decision, active, setup, carried, discard)
    tops = [] if decision is None else list(_candidates(view, decision, active, robbed, discard))
    if decision is not None and not tops:
        raise BadRecord("decision", "no question of this kind fits the view")
    snapshot = {
        "game": game.name,
        "players": players,
        "seed": 0,
        "options": {**(options or {}), "small_game_removal": "per_value" if per_value else "per_type"},
        "setup": None,
        "history": [],
        "rng": Rng(rng.below(1 << 62)).state,
        "deck": _names(deck),
        "discard": _names(discard),
        "hands": [_names(hand) for hand in hands],
        "selected": _names(selected),
        "areas": [_names(area) for area in areas],
        "halls": [_names(hall) for hall in halls],
        "completed": [[PROFESSION_NAMES[p] for p in done] for done in completed],
        "prestige": [[PRESTIGE[k].type_id for k in cards] for cards in owned],
        "tokens": [player["vp_tokens"] for player in view["players"]],
        "row": [PRESTIGE[k].type_id for k in row],
        "prestige_deck": [PRESTIGE[k].type_id for k in prestige_pool],
        "prestige_removed": [PRESTIGE[k].type_id for k in removed],
        "start_player": view["start_player"],
        "active": active,
        "actions_left": view["actions_left"],
        "played": list(view["played_professions"]),
        "turn": view["turn"],
        "prepared": (on_turn - view["start_player"]) % players if setup and on_turn is not None else players,
        "known": [len(known) if s == seat else 0 for s in range(players)],
        "winners": list(view["winners"]) if decision is None else [],
        "last_move": view["last_move"],
        "stack": [_entry(question) for question in [*beneath, *tops[:1]]],
    }
    if decision is None:
        return game.from_snapshot(snapshot)
    base = snapshot["options"]
    # The table's options when the message names them; else the variants the question's words may show.
    variants = ({},) if options is not None else _VARIANTS
    for strict, variant in product((True, False), variants):
        snapshot["options"] = {**base, **variant}
        state = game.from_snapshot(snapshot)
        top = _read_back(state, decision, tops, strict)
        if top is not None:
            state.stack[-1] = top
            state._legal = None
            return state
    raise BadRecord("decision", "no question of this kind shows the view's decision")


# --- the open question -----------------------------------------------------------------------------------------------
def _read_back(
    state: GuildhallState, decision: Mapping[str, Any], tops: list[GuildhallQuestion], strict: bool
) -> GuildhallQuestion | None:
    """The first of `tops` whose decision is the view's (`strict`), or is the view's but for its words (not strict:
    a view in another language than this process speaks; a guess where only words told the fields apart)."""
    wanted = _plain(decision) if strict else _wordless(decision)
    for top in tops:
        state.stack[-1] = top
        try:
            shown = state.decision()
        except (IndexError, KeyError, ValueError):
            continue  # fields that name no level, row card or seat
        if shown is not None and (_plain(shown) if strict else _wordless(shown)) == wanted:
            return top
    return None


def _wordless(decision: Mapping[str, Any]) -> object:
    """A decision without the words of its prompt and levels (they are in the reader's language), but with the
    prompt's numbers (how many cards are left to take, a seat's name)."""
    plain = dict(_plain(decision))  # type: ignore[call-overload]
    plain["prompt"] = re.findall(r"\d+", str(plain.get("prompt", "")))
    if "levels" in plain:
        plain["levels"] = [{**level, "text": ""} for level in plain["levels"]]
    return plain


def _candidates(
    view: Mapping[str, Any], decision: Mapping[str, Any], active: int, robbed: int | None, discard: list[int]
) -> Iterator[GuildhallQuestion]:
    """The questions of the decision's kind that may be on top: the likely ones (read off the last move) first, then
    every value of the fields the view shows only in words."""
    kind = KINDS.by_name.get(decision["kind"])
    if kind is None:
        raise BadRecord("decision.kind", f"{decision['kind']!r} is not a Guildhall question")
    seat = int(decision["seat"])
    names = [field.name for field in fields(kind) if field.name != "seat"]
    hints = _hints(view, decision, kind.kind, active, robbed, discard)
    for hint in hints:
        yield kind(seat, *(hint[name] for name in names))
    ranges = [_field_values(view, decision, name, hints) for name in names]
    for values in product(*ranges):
        yield kind(seat, *values)


def _field_values(
    view: Mapping[str, Any], decision: Mapping[str, Any], name: str, hints: Sequence[Mapping[str, Any]]
) -> Sequence[Any]:
    players = len(view["players"])
    if name in ("cards", "taken"):
        return [tuple(_cards(decision.get(name, [])))]
    if name in ("give", "card"):
        return [_card(decision[name])]
    if name in ("target", "owner"):
        return [decision["target"]] if "target" in decision else range(players)
    if name == "profession":
        return [PROFESSION_NAMES.index(decision["profession"])]
    if name == "chapter":
        return [decision["chapter"]]
    if name == "level":
        return [p * 8 + i for p in range(PROFESSIONS) for i in (*range(len(LEVELS[p])), 7)]
    if name == "forced":
        return (True, False)
    if name == "base":
        return [*(hint["base"] for hint in hints), *range(view["discard_size"] + 1)]
    if name == "slot":
        return range(len(view["row"]))
    if name == "prestige":
        return range(len(PRESTIGE))
    if name == "purpose":
        return range(5)
    if name == "placed":
        return range(3)
    if name == "extra":  # GH-87: the Peddler's extra actions first
        extra = sorted({level.extra_actions for level in LEVELS[PEDDLER]})
        return [*extra, *(n for n in range(3) if n not in extra)]
    return range(1, 6)  # left


def _hints(
    view: Mapping[str, Any], decision: Mapping[str, Any], kind: str, active: int, robbed: int | None, discard: list[int]
) -> list[dict[str, Any]]:
    """The likely fields of the open question that the decision does not show, from the last move and the turn so
    far (each hint is checked against the decision like any other candidate)."""
    last = str(view["last_move"])
    seat = int(decision["seat"])
    hall = view["players"][seat]["guildhall"]
    context = {"cards": tuple(_cards(decision.get("cards", [])))}
    if kind == "target":  # GH-D13: right after the level chosen (a profession) or the ability used (a prestige card)
        hints = []
        for purpose, prof in ((T_ROB, ROBBER), (T_PED, PEDDLER)):
            level = _level_index(prof, last)
            if level is not None:
                hints.append({"purpose": purpose, "level": prof * 8 + level})
        return hints + [{"purpose": purpose, "level": 0} for purpose in range(5)]
    if kind == "peddler_take":
        later = last.startswith("take ")  # a second take: only the level-2 Peddler takes two cards (GH-85)
        return [
            {"target": decision["target"], "level": PEDDLER * 8 + index, "left": left, **context}
            for index, level in enumerate(LEVELS[PEDDLER])
            for left in range(1, 3)
            if level.give_chapter or level.cards == left + later
        ]
    if kind == "hunter_give":
        total = len(context["cards"])
        return [
            {"level": HUNTER * 8 + index, "left": level.cards - total, **context}
            for index, level in enumerate(LEVELS[HUNTER])
            if not level.give_chapter and level.cards > total
        ]
    if kind == "hunter_take":
        return [{"left": left, "base": _hunter_base(view, discard, left, last)} for left in range(1, 4)]
    if kind == "pay":
        slots = [int(last.split()[1]) - 1] if last.startswith("row ") else []
        return [{"slot": slot, "left": left} for slot in slots for left in (1, 2)]
    if kind == "use_ability":
        owned = view["players"][seat]["prestige"]
        ids = [prestige.type_id for prestige in PRESTIGE]
        return [{"prestige": ids.index(owned[-1]["type_id"])}] if owned else []
    if kind == "place_order":
        area = _cards(view["players"][seat]["action_area"])  # a Scholar's go in forced (GH-70 to GH-74)
        scholar = not last.startswith("take ") and (
            last.startswith("level ") or any(card // COLOURS == SCHOLAR for card in area)
        )
        return [{"owner": owner, "forced": scholar, **context} for owner in range(len(view["players"]))]
    if kind == "hunter_chapter":
        return [{"level": HUNTER * 8 + index} for index, level in enumerate(LEVELS[HUNTER]) if level.give_chapter]
    if kind == "setup_place":
        return [{"placed": sum(len(colours) for colours in hall.values())}]
    return []


def _level_index(prof: int, last: str) -> int | None:
    """The index of `prof`'s level the last move chose ("level 2"), if it was a level."""
    if not last.startswith("level "):
        return None
    threshold = int(last.split()[1])
    return next((i for i, level in enumerate(LEVELS[prof]) if level.threshold == threshold), None)


def _hunter_base(view: Mapping[str, Any], discard: list[int], left: int, last: str) -> int:
    """GH-80 step 6: how many cards of the pile (from the bottom) the Hunter takes from: the pile without the cards
    it gave up, which lie on top (a level-0 or level-2 Hunter gives as many as it takes, a level-4 one a chapter)."""
    run = max(1, _chapter_run(discard))
    if last.startswith(("take ", "discard ")):  # a later take: two in all (two cards given) or three (a chapter)
        given = run if left == 2 or run >= 3 else 2
    elif left < 3:  # the first take: `left` is the level's takes
        given = left
    else:  # a chapter of one card goes out without a choice of its top (GH-D17)
        given = 1 if last.startswith("chapter ") else run
    return max(0, min(len(discard), int(view["discard_size"]) - given))


def _chapter_run(discard: list[int]) -> int:
    """How many cards at the top of the pile (top first) are of one profession in different colours (at most 4: a
    chapter given up whole)."""
    if not discard:
        return 0
    prof, colours = discard[0] // COLOURS, set()
    for card in discard[:4]:
        if card // COLOURS != prof or card % COLOURS in colours:
            break
        colours.add(card % COLOURS)
    return len(colours)


def _robbed(view: Mapping[str, Any], seat: int, decision: Mapping[str, Any] | None) -> int | None:
    """The player whose hand the seat is looking through (GH-69), if it is."""
    if "target_hand" not in view:
        return None
    if decision is not None and decision["kind"] == "robber_pick":
        return int(decision["target"])
    size = len(view["target_hand"])
    return next((s for s, player in enumerate(view["players"]) if s != seat and player["hand_size"] == size), None)


# --- the questions beneath it ----------------------------------------------------------------------------------------
def _beneath(
    view: Mapping[str, Any],
    seat: int,
    decision: Mapping[str, Any],
    active: int,
    setup: bool,
    carried: tuple[int, ...],
    discard: list[int],
) -> list[GuildhallQuestion]:
    """The rest of the turn beneath the open question: the turn's next action (beneath any question of an action but
    the choice of action itself; once the actions are used up and the action area is empty, the end of the turn does
    nothing else), then what an unfinished ability still holds."""
    if setup:
        if carried:
            raise BadRecord("deck_size", "the view's counts do not add up to the 120 profession cards (GH-1)")
        return []
    kind = decision["kind"]
    last = str(view["last_move"])
    if kind == "action":  # the turn's next action is asked: nothing waits beneath it (GH-24)
        if carried:
            raise BadRecord("deck_size", "the view's counts do not add up to the 120 profession cards (GH-1)")
        return []
    stack: list[GuildhallQuestion] = [NextAction(active)]
    if carried:
        if last.startswith("give ") and decision["seat"] != active:  # a Peddler's takes, under the taken's cap
            stack.append(PeddlerReceive(active, carried, 1))
        else:  # revealed, swapped or action-area cards still to be placed (duplicates discarded)
            stack.append(PlaceQueue(active, active, True, carried))
    hunting = "discard_pile" in view and seat == active
    area = view["players"][active]["action_area"]
    if kind == "discard_top" and (hunting or (area and seat != active)):  # GH-80: the takes wait beneath
        takes = 2 if last.startswith("give ") else 3  # the level-2 Hunter gives cards, the level-4 one a chapter
        stack.append(HunterTake(active, takes, view["discard_size"]))
    elif kind == "cap" and hunting:
        stack.append(HunterTake(active, 1, _hunter_base(view, discard, 1, "take ")))
    if kind == "cap" and "target_hand" in view:
        stack.append(RobberPick(active, _robbed(view, seat, None) or 0, 1))
    return stack


# --- cards and records -----------------------------------------------------------------------------------------------
def _card(name: str) -> int:
    card = card_of(name) if isinstance(name, str) else None
    if card is None:
        raise BadRecord("card", f"{name!r} is not a card such as 'red Scholar'")
    return card


def _cards(names: Sequence[str]) -> list[int]:
    return [_card(name) for name in names]


def _names(cards: Sequence[int]) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def _entry(question: GuildhallQuestion) -> list[Any]:
    return [question.kind, question.seat, *(list(v) if isinstance(v, tuple) else v for v in question.context())]


def _plain(value: object) -> object:
    return json.loads(json.dumps(value))
