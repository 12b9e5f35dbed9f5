"""What a seat may see (GH-19 to GH-22, GH-D18 to GH-D21, GH-D26) and the full snapshot. `view` is the one place
where hidden state is removed before anything reaches a person; the open question's prompt comes from `prompts.py`.
"""

from __future__ import annotations

from typing import Any

from guildtable.games.guildhall.actions import seat_code
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, CONTENT, PROFESSION_NAMES, PROFESSIONS
from guildtable.games.guildhall.glossary import prestige_name, prestige_text
from guildtable.games.guildhall.prompts import level_lines, prompt
from guildtable.games.guildhall.questions import (
    CHOOSE_LEVEL,
    DD_SELECT,
    KIND_NAMES,
    PED_GIVE,
    PED_TAKE,
    PRESTIGE,
    ROB_PICK,
    SP_DISCARD,
    SW_GIVE,
    SW_TAKE,
    TAKE_CARD,
    TAX_TARGET,
    TC_CHAPTER,
    TRANSIT_SLOT,
    WIN_VP,
)
from guildtable.games.guildhall.state import Position
from guildtable.kernel.i18n import N_, domain

_ = domain("guildhall").gettext

CONTENT_NOTE = N_(
    "The rulebook does not list the 30 prestige cards, so this game uses a stand-in deck of our own: their points "
    "and costs are not the printed ones. Everything else follows the rulebook."
)


def names(cards: Any) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def guildhall(state: Position, seat: int) -> dict[str, list[str]]:
    """Face-up chapters by profession, colours in order (public, GH-19)."""
    result = {}
    for prof in range(PROFESSIONS):
        mask = state.halls[seat * PROFESSIONS + prof]
        if mask:
            result[PROFESSION_NAMES[prof]] = [CONTENT.colours[c] for c in range(COLOURS) if mask >> c & 1]
    return result


def chapters(state: Position, seat: int) -> dict[str, dict[str, Any]]:
    """The at-a-glance guildhall (public, GH-19, GH-48): each chapter by profession name, with the profession's id
    (its glossary key), how many cards it holds and their colours."""
    result = {}
    for prof in range(PROFESSIONS):
        mask = state.halls[seat * PROFESSIONS + prof]
        if mask:
            colours = [CONTENT.colours[c] for c in range(COLOURS) if mask >> c & 1]
            key = CONTENT.professions[prof].key
            result[PROFESSION_NAMES[prof]] = {"profession": key, "cards": len(colours), "colours": colours}
    return result


def owned_json(ptype: int) -> dict[str, Any]:
    """A bought prestige card as the panel shows it (GH-45): what it is, its VP and what it does."""
    kind = PRESTIGE[ptype]
    return {"type_id": kind.type_id, "name": prestige_name(ptype), "vp": kind.vp, "text": prestige_text(ptype)}


def prestige_json(ptype: int) -> dict[str, Any]:
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


def _context(state: Position, entry: tuple[Any, ...]) -> dict[str, Any]:
    """The public part of the open question."""
    kind = entry[0]
    context: dict[str, Any] = {}
    if kind in (ROB_PICK, PED_TAKE, PED_GIVE, TC_CHAPTER, SW_GIVE, SW_TAKE, TAKE_CARD):
        context["target"] = entry[2]
    if kind in TRANSIT_SLOT:
        context["cards"] = names(entry[TRANSIT_SLOT[kind]])
    if kind == CHOOSE_LEVEL:  # every level of the profession, and whether the chapter reaches it (GH-32)
        prof, chapter = entry[2], entry[3]
        levels = [
            {"level": level, "text": text, "reached": level <= chapter}
            for level, text in level_lines(state, prof, chapter)
        ]
        context.update(profession=PROFESSION_NAMES[prof], chapter=chapter, levels=levels)
    if kind == SW_TAKE:
        context.update(give=CARD_NAMES[entry[3]], taken=names(entry[4]))
    if kind == TAX_TARGET:
        context["card"] = CARD_NAMES[entry[2]]
    return context


def view(state: Position, seat: int | None) -> dict[str, Any]:
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
                "chapters": chapters(state, s),
                "completed_chapters": len(state.completed[s]),
                "action_area": names(state.areas[s]),
                "prestige": [owned_json(k) for k in state.owned[s]],
                "vp_tokens": state.tokens[s],
                "vp": state.vp(s),
            }
        )
    removed_public = state.options["small_game_removal"] == "per_type"
    result: dict[str, Any] = {
        "game": state.game.name,
        "official_content": state.game.official_content,
        "content_note": _(state.game.content_note) if state.game.content_note else state.game.content_note,
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


def snapshot(state: Position) -> dict[str, Any]:
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
