"""What a seat may see (GH-19 to GH-22, GH-D18 to GH-D21, GH-D26), the prompt of the open question, and the full
snapshot. `view` is the one place where hidden state is removed before anything reaches a person.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from guildtable.games.guildhall.actions import seat_code
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, CONTENT, PROFESSION_NAMES, PROFESSIONS
from guildtable.games.guildhall.questions import (
    ACTION,
    BRICK_PUT,
    BUY_CARD,
    CAP_DISCARD,
    CHOOSE_LEVEL,
    DD_SELECT,
    HUNT_CHAPTER,
    HUNT_GIVE,
    HUNT_TAKE,
    KIND_NAMES,
    LAYOUT,
    PAY,
    PED_GIVE,
    PED_TAKE,
    PLACE_NEXT,
    PLAY_CARD,
    PRESTIGE,
    ROB_PICK,
    SP_DISCARD,
    SP_PLACE,
    SW_GIVE,
    SW_TAKE,
    TAKE_CARD,
    TARGET,
    TAX_GIVE,
    TAX_TARGET,
    TC_CHAPTER,
    TOP,
    TRANSIT_SLOT,
    USE_ABILITY,
    WIN_VP,
)

if TYPE_CHECKING:
    from guildtable.games.guildhall.rules import GuildhallState

CONTENT_NOTE = (
    "The rulebook does not list the 30 prestige cards, so this game uses a stand-in deck of our own: their points "
    "and costs are not the printed ones. Everything else follows the rulebook."
)
TARGET_WHY = ("Robber", "Peddler", "take a chapter", "swap 1 for 2", "take a card")


def names(cards: Any) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def guildhall(state: GuildhallState, seat: int) -> dict[str, list[str]]:
    """Face-up chapters by profession, colours in order (public, GH-19)."""
    result = {}
    for prof in range(PROFESSIONS):
        mask = state.halls[seat * PROFESSIONS + prof]
        if mask:
            result[PROFESSION_NAMES[prof]] = [CONTENT.colours[c] for c in range(COLOURS) if mask >> c & 1]
    return result


def prestige_json(ptype: int) -> dict[str, Any]:
    kind = PRESTIGE[ptype]
    return {
        "type_id": kind.type_id,
        "vp": kind.vp,
        "cost": kind.cost,
        "ability": kind.ability,
        "text": kind.text_en,
        "official": kind.official,
    }


def prompt(state: GuildhallState) -> str:
    if not state.stack:
        return "The game is over"
    entry = state.stack[-1]
    kind = entry[0]
    if kind == SP_DISCARD:
        return "Setup: discard hand cards one at a time (the last one ends on top), then done to refill to 9 (GH-16)"
    if kind == SP_PLACE:
        return f"Setup: place a card in your guildhall ({entry[2] + 1} of 3, no two identical)"
    if kind == ACTION:
        return f"Choose an action: play, discard-draw or buy ({state.actions_left} more after this one)"
    if kind == PLAY_CARD:
        return "Play a card: one per profession per turn, none identical to a face-up card of yours (GH-29)"
    if kind == CHOOSE_LEVEL:
        return f"{PROFESSION_NAMES[entry[2]]} with {entry[3]} in the chapter: choose a level, or decline (GH-32)"
    if kind == DD_SELECT:
        return "Discard cards one at a time (the last ends on top), then done to draw up to 6 (GH-37)"
    if kind == BUY_CARD:
        return "Buy a prestige card from the center row (GH-43)"
    if kind == PAY:
        if entry[3] == 2:
            return "Pay 2 completed chapters: name the first (it goes below)"
        return "Pay a completed chapter: name it by the card that ends on top ('pay red Scholar')"
    if kind == USE_ABILITY:
        kind_ = PRESTIGE[entry[2]]
        return f"Use the {kind_.type_id} ability now ({kind_.text_en}) or decline (GH-47)"
    if kind == TARGET:
        return f"Choose the target player for {TARGET_WHY[entry[2]]}"
    if kind == ROB_PICK:
        return f"Take a card from {seat_code(entry[2])}'s hand ({entry[3]} left); placeable ones first (GH-D10)"
    if kind == PLACE_NEXT:
        return "Choose the next card to place into the guildhall (GH-D11)"
    if kind == HUNT_GIVE:
        return f"Hunter: give a face-up card of your guildhall ({entry[3]} left) (GH-80)"
    if kind == HUNT_CHAPTER:
        return "Hunter: give one whole chapter (GH-79)"
    if kind == HUNT_TAKE:
        return f"Hunter: take a card from the discard pile into your guildhall ({entry[2]} left) (GH-80)"
    if kind == PED_TAKE:
        return f"Peddler: take from {seat_code(entry[2])}'s guildhall (GH-87)"
    if kind == PED_GIVE:
        return f"Peddler: give a hand card into {seat_code(entry[2])}'s guildhall ({entry[3]} left) (GH-87)"
    if kind == BRICK_PUT:
        return f"Bricklayer: put a hand card back on top of the deck ({entry[2]} left; the last is on top) (GH-91)"
    if kind == TAX_GIVE:
        return "Tax Collector: give a face-up card of your guildhall to another player (GH-99)"
    if kind == TAX_TARGET:
        return f"Tax Collector: who receives the {CARD_NAMES[entry[2]]}?"
    if kind == TC_CHAPTER:
        return f"Take a whole chapter from {seat_code(entry[2])}'s guildhall (GH-102)"
    if kind == SW_GIVE:
        return f"Swap: give one of your face-up cards to {seat_code(entry[2])} (GH-103)"
    if kind == SW_TAKE:
        return f"Swap: take a card from {seat_code(entry[2])}'s guildhall ({2 - len(entry[4])} left) (GH-103)"
    if kind == TAKE_CARD:
        return f"Take a card from {seat_code(entry[2])}'s guildhall into yours (GH-106)"
    if kind == LAYOUT:
        return "Lay out hand cards into your guildhall one at a time, then done (GH-104)"
    if kind == CAP_DISCARD:
        return "You hold 4 completed chapters: discard one, naming its top card (GH-53)"
    if kind == TOP:
        return f"Which card ends on top of the discard pile? ({', '.join(names(entry[2]))})"
    return KIND_NAMES[kind]


def _context(state: GuildhallState, entry: tuple[Any, ...]) -> dict[str, Any]:
    """The public part of the open question."""
    kind = entry[0]
    context: dict[str, Any] = {}
    if kind in (ROB_PICK, PED_TAKE, PED_GIVE, TC_CHAPTER, SW_GIVE, SW_TAKE, TAKE_CARD):
        context["target"] = entry[2]
    if kind in TRANSIT_SLOT:
        context["cards"] = names(entry[TRANSIT_SLOT[kind]])
    if kind == CHOOSE_LEVEL:
        context.update(profession=PROFESSION_NAMES[entry[2]], chapter=entry[3])
    if kind == SW_TAKE:
        context.update(give=CARD_NAMES[entry[3]], taken=names(entry[4]))
    if kind == TAX_TARGET:
        context["card"] = CARD_NAMES[entry[2]]
    return context


def view(state: GuildhallState, seat: int | None) -> dict[str, Any]:
    entry = state.stack[-1] if state.stack else None
    players = []
    for s in range(state.num_players):
        players.append(
            {
                "name": state.game.seat_names[s],
                "code": seat_code(s),
                "hand_size": len(state.hands[s]),
                "selecting": len(state.selected) if entry is not None and entry[1] == s else 0,
                "guildhall": guildhall(state, s),
                "completed_chapters": len(state.completed[s]),
                "action_area": names(state.areas[s]),
                "prestige": [PRESTIGE[k].type_id for k in state.owned[s]],
                "vp_tokens": state.tokens[s],
                "vp": state.vp(s),
            }
        )
    removed_public = state.options["small_game_removal"] == "per_type"
    result: dict[str, Any] = {
        "game": state.game.name,
        "official_content": state.game.official_content,
        "content_note": state.game.content_note,
        "seat": seat,
        "seats": list(state.game.seat_names[: state.num_players]),
        "current_player": state.current_player,
        "decision": None
        if entry is None
        else {"kind": KIND_NAMES[entry[0]], "seat": entry[1], "prompt": prompt(state), **_context(state, entry)},
        "terminal": state.is_terminal,
        "phase": "setup" if state.turn == 0 and state.stack else ("over" if not state.stack else "play"),
        "turn": state.turn,
        "active": state.active,
        "actions_left": state.actions_left,
        "played_professions": [PROFESSION_NAMES[p] for p in range(PROFESSIONS) if state.played >> p & 1],
        "start_player": state.start_player,
        "win_vp": WIN_VP,
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
        if entry is not None and entry[1] == seat and entry[0] in (SP_DISCARD, DD_SELECT):
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


def _ctx_json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def snapshot(state: GuildhallState) -> dict[str, Any]:
    return {
        "game": state.game.name,
        "players": state.num_players,
        "seed": state.seed,
        "options": dict(state.options),
        "setup": state.setup,
        "history": list(state.history),
        "rng": state.rng.state,
        "deck": names(reversed(state.deck)),
        "discard": names(reversed(state.discard)),
        "hands": [names(hand) for hand in state.hands],
        "selected": names(state.selected),
        "areas": [names(area) for area in state.areas],
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
        "stack": [[KIND_NAMES[e[0]], *(_ctx_json(v) for v in e[1:])] for e in state.stack],
    }
