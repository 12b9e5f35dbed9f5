"""What a seat may see (GH-19 to GH-22, GH-D18 to GH-D21, GH-D26). `view` is the one place where hidden state is
removed before anything reaches a person. The open question (`decision`) is the kernel's (`StackState.decision`): its
prompt comes from `words.py`, its public context from this module's view functions, one per kind that has one
(`rules.HANDLERS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NotRequired

from typing_extensions import TypedDict

from guildtable.games.guildhall.actions import seat_code
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, CONTENT, PRESTIGE, PROFESSION_NAMES, PROFESSIONS
from guildtable.games.guildhall.glossary import prestige_name, prestige_text
from guildtable.games.guildhall.questions import (
    WIN_VP,
    ChooseLevel,
    DiscardDraw,
    DiscardTop,
    HunterGive,
    PeddlerGive,
    PeddlerTake,
    PlaceOrder,
    RobberPick,
    SetupDiscard,
    SwapGive,
    SwapTake,
    TakeCard,
    TakeChapter,
    TaxTarget,
)
from guildtable.games.guildhall.state import Position
from guildtable.games.guildhall.words import level_lines
from guildtable.kernel.i18n import N_, domain
from guildtable.kernel.views import DecisionView, SeatView

_ = domain("guildhall").gettext

CONTENT_NOTE = N_(
    "The rulebook does not list the 30 prestige cards, so this game uses a stand-in deck of our own: their points "
    "and costs are not the printed ones. Everything else follows the rulebook."
)


class ChapterView(TypedDict):
    """A face-up chapter at a glance (GH-19, GH-48)."""

    profession: str
    """The profession's id (its glossary key, `tax_collector`)."""
    cards: int
    colours: list[str]
    """The colours it holds, in colour order."""


class OwnedPrestigeView(TypedDict):
    """A bought prestige card as the panel shows it (GH-45)."""

    type_id: str
    name: str
    """Its plain name in the reader's language."""
    vp: int
    text: str
    """What it does, in the reader's language."""


class PrestigeView(OwnedPrestigeView):
    """A prestige card of the row, for sale."""

    cost: int
    """How many completed chapters it costs."""
    ability: str | None
    official: bool
    """Whether it is one of the rulebook's cards (not the stand-in deck's)."""


class PlayerView(TypedDict):
    """One seat's public side of the table (GH-19)."""

    name: str
    code: str
    hand_size: int
    selecting: int
    """How many cards the seat has selected to discard (0 unless it is answering)."""
    guildhall: dict[str, list[str]]
    """Face-up chapters: profession name -> colours, in order."""
    chapters: dict[str, ChapterView]
    """The same chapters by profession name, at a glance."""
    completed_chapters: int
    action_area: list[str]
    prestige: list[OwnedPrestigeView]
    vp_tokens: int
    vp: int


class LevelView(TypedDict):
    """One level of the played profession and whether the chapter reaches it (GH-32)."""

    level: int
    text: str
    reached: bool


class DecisionContext(TypedDict, total=False):
    """The public part of the open question, by kind."""

    target: int
    """The seat a targeted question is about."""
    cards: list[str]
    """Cards held by an unfinished ability (revealed, given, taken)."""
    profession: str
    chapter: int
    levels: list[LevelView]
    give: str
    taken: list[str]
    card: str


class GuildhallDecision(DecisionView, DecisionContext):
    """The open question as Guildhall's view shows it: the kernel's keys (`prompt` always there), then its context.
    The view's `decision` key keeps the kernel's type; readers of the context cast to this."""


class GuildhallView(SeatView):
    """What one seat (or a spectator) may see of a Guildhall position (GH-19 to GH-22, GH-D18 to GH-D21)."""

    official_content: bool
    content_note: str
    phase: Literal["setup", "play", "over"]
    turn: int
    active: int
    """The seat whose turn it is."""
    actions_left: int
    played_professions: list[str]
    start_player: int
    win_vp: int
    """The VP that win the game at the end of their owner's turn (GH-113)."""
    colours: list[str]
    """The card colours in their order: a chapter holding one card of each is complete (GH-49)."""
    deck_size: int
    discard_size: int
    discard_top: str | None
    prestige_deck_size: int
    prestige_removed: list[str] | int
    """The removed prestige cards' type ids when removal is public (per type), else only how many."""
    row: list[PrestigeView]
    players: list[PlayerView]
    scores: list[float]
    last_move: str
    hand: list[str] | None
    """The seat's own hand (None: a spectator's view)."""
    completed_professions: NotRequired[list[str]]
    selected: NotRequired[list[str]]
    deck_top_known: NotRequired[list[str]]
    discard_pile: NotRequired[list[str]]
    target_hand: NotRequired[list[str]]


def names(cards: Iterable[int]) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def guildhall(state: Position, seat: int) -> dict[str, list[str]]:
    """Face-up chapters by profession, colours in order (public, GH-19)."""
    result = {}
    for prof in range(PROFESSIONS):
        mask = state.halls[seat * PROFESSIONS + prof]
        if mask:
            result[PROFESSION_NAMES[prof]] = [CONTENT.colours[c] for c in range(COLOURS) if mask >> c & 1]
    return result


def chapters(state: Position, seat: int) -> dict[str, ChapterView]:
    """The at-a-glance guildhall (public, GH-19, GH-48): each chapter by profession name, with the profession's id
    (its glossary key), how many cards it holds and their colours."""
    result: dict[str, ChapterView] = {}
    for prof in range(PROFESSIONS):
        mask = state.halls[seat * PROFESSIONS + prof]
        if mask:
            colours = [CONTENT.colours[c] for c in range(COLOURS) if mask >> c & 1]
            key = CONTENT.professions[prof].key
            result[PROFESSION_NAMES[prof]] = {"profession": key, "cards": len(colours), "colours": colours}
    return result


def owned_json(ptype: int) -> OwnedPrestigeView:
    """A bought prestige card as the panel shows it (GH-45): what it is, its VP and what it does."""
    kind = PRESTIGE[ptype]
    return {"type_id": kind.type_id, "name": prestige_name(ptype), "vp": kind.vp, "text": prestige_text(ptype)}


def prestige_json(ptype: int) -> PrestigeView:
    kind = PRESTIGE[ptype]
    return {
        "type_id": kind.type_id,
        "name": prestige_name(ptype),
        "vp": kind.vp,
        "cost": kind.cost,
        "ability": kind.ability,
        "text": prestige_text(ptype),
        "official": kind.official,
    }


# --- the public part of the open question, one function per kind that shows more than its prompt (`rules.HANDLERS`)
def target_view(state: Position, question: RobberPick | TakeChapter | SwapGive | TakeCard) -> DecisionContext:
    """The player the question is about (GH-D13)."""
    return {"target": question.target}


def cards_view(state: Position, question: PlaceOrder | HunterGive | DiscardTop) -> DecisionContext:
    """The cards the question holds in transit (GH-1): waiting to be placed (GH-63), given up (GH-80), or discarded
    together (GH-D17)."""
    return {"cards": names(question.cards)}


def peddler_view(state: Position, question: PeddlerTake | PeddlerGive) -> DecisionContext:
    """The Peddler's target and the cards taken from them so far (GH-87)."""
    return {"target": question.target, "cards": names(question.cards)}


def level_view(state: Position, question: ChooseLevel) -> DecisionContext:
    """The profession played, its chapter, and each of its levels with whether the chapter reaches it (GH-32)."""
    prof, chapter = question.profession, question.chapter
    levels: list[LevelView] = [
        {"level": level, "text": text, "reached": level <= chapter} for level, text in level_lines(state, prof, chapter)
    ]
    return {"profession": PROFESSION_NAMES[prof], "chapter": chapter, "levels": levels}


def swap_take_view(state: Position, question: SwapTake) -> DecisionContext:
    """The target, the card given and the cards chosen so far (GH-103)."""
    return {"target": question.target, "give": CARD_NAMES[question.give], "taken": names(question.taken)}


def tax_target_view(state: Position, question: TaxTarget) -> DecisionContext:
    """The card being given (GH-101)."""
    return {"card": CARD_NAMES[question.card]}


def view(state: Position, seat: int | None) -> GuildhallView:
    question = state.stack[-1] if state.stack else None
    players: list[PlayerView] = []
    for s in range(state.num_players):
        players.append(
            {
                "name": state.game.seat_names[s],
                "code": seat_code(s),
                "hand_size": len(state.hands[s]),
                "selecting": len(state.selected) if question is not None and question.seat == s else 0,
                "guildhall": guildhall(state, s),
                "chapters": chapters(state, s),
                "completed_chapters": len(state.completed[s]),
                "action_area": names(state.areas[s]),
                "prestige": [owned_json(k) for k in state.owned[s]],
                "vp_tokens": state.tokens[s],
                "vp": state.vp(s),
            }
        )
    removed_public = state.options["small_game_removal"] == "per_type"
    result: GuildhallView = {
        "game": state.game.name,
        "official_content": state.game.official_content,
        "content_note": _(state.game.content_note) if state.game.content_note else state.game.content_note,
        "seat": seat,
        "seats": list(state.game.seat_names[: state.num_players]),
        "current_player": state.current_player,
        "decision": state.decision(),
        "terminal": state.is_terminal,
        "phase": "setup" if state.turn == 0 and state.stack else ("over" if not state.stack else "play"),
        "turn": state.turn,
        "active": state.active,
        "actions_left": state.actions_left,
        "played_professions": [PROFESSION_NAMES[p] for p in range(PROFESSIONS) if state.played >> p & 1],
        "start_player": state.start_player,
        "win_vp": WIN_VP,
        "colours": list(CONTENT.colours),
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": CARD_NAMES[state.discard[-1]] if state.discard else None,
        "prestige_deck_size": len(state.prestige_deck),
        "prestige_removed": [PRESTIGE[k].type_id for k in state.removed] if removed_public else len(state.removed),
        "row": [prestige_json(k) for k in state.row],
        "players": players,
        "scores": state.scores(),
        "winners": state.winners(),
        "last_move": state.last_move,
        "hand": None,
    }
    if seat is not None:
        result["hand"] = names(state.hands[seat])
        result["completed_professions"] = [PROFESSION_NAMES[p] for p in state.completed[seat]]  # GH-D26
        if question is not None and question.seat == seat and isinstance(question, (SetupDiscard, DiscardDraw)):
            result["selected"] = names(state.selected)
        known = min(state.known[seat], len(state.deck))
        if known:  # GH-D20, top first
            result["deck_top_known"] = names(reversed(state.deck[len(state.deck) - known :]))
        if state.searching(seat):  # GH-D18, top first
            result["discard_pile"] = names(reversed(state.discard))
        robbed = state.robbing(seat)
        if robbed is not None:  # GH-69
            result["target_hand"] = names(state.hands[robbed])
    return result
