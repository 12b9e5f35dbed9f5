"""What one seat may know (GL-42 to GL-44, GL-D27, GL-D28): the whole public table, its own hand, reward cards and
drawn cards, the cards it put under the reward deck — and of the others only counts. This is the one place where
hidden state is removed; nothing else builds a picture for a seat."""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import CONTENT, SYMBOLS
from guildtable.games.guilds_of_london.geometry import xy
from guildtable.games.guilds_of_london.questions import RewardKeep, RewardUnder
from guildtable.games.guilds_of_london.records import FinalScoring, TileResult
from guildtable.games.guilds_of_london.scoring import scores, winners
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.kernel.i18n import N_, domain
from guildtable.kernel.views import SeatView

_ = domain("guilds_of_london").gettext


STAND_IN = N_(
    "Stand-in content: the tiles, action cards, mayoral reward cards, tokens and plantation rewards are invented "
    "placeholders, not the printed game's."
)


class TileView(TypedDict):
    """A tile of the city, in reading order."""

    id: str
    name: str
    short_name: str
    kind: str
    x: int
    y: int
    side: Literal["front", "master"]
    minimum: int
    precedence: int
    symbols: list[str]
    """The symbols of the side showing (`SYMBOLS` names)."""
    figures: list[int]
    """Each seat's figures on the tile."""
    master: int | None
    """On the master side: the master's seat, or -1 if none (GL-D18); None on the front side."""
    beadle: bool
    token: str | None
    """The reward token's id, or None."""
    first: list[str]
    second: list[str]
    first_text: str
    second_text: str


class GuildhallBuildingView(TypedDict):
    cells: list[list[int]]
    """The Guildhall's cells as [x, y]."""
    figures: list[int]


class PlantationView(TypedDict):
    side: str
    name: str
    figures: list[int]
    left: list[str]
    left_returns: int
    right: list[str]
    right_returns: int
    left_text: str
    right_text: str


class HandCardView(TypedDict):
    """An action card in the seat's own hand."""

    number: int
    name: str
    symbols: list[str]
    text: str


class GuildsView(SeatView):
    """What one seat (None: a spectator) may know of a Guilds of London position. The seat-only keys (`hand` to
    `under_reward_deck`) are None in a spectator's view; `drawn_reward_cards` is set only for the seat choosing."""

    content: str
    official_content: bool
    round: int
    rounds: int
    rounds_left: int
    grey_rounds: list[int]
    next_growth_round: int | None
    scoring_rounds: list[int]
    last_round: bool
    turn_order: list[int]
    turns_taken: list[bool]
    active: int
    scores: list[float]
    """Each seat's VP (the VP track, GL-50)."""
    marker_heights: list[int]
    """Each seat's marker height on a shared VP space (GL-51, GL-54: the higher lies on top)."""
    city: list[TileView]
    guildhall: GuildhallBuildingView
    beadle: str | None
    plantation: PlantationView
    supply: list[int]
    neutrals: list[int]
    hand_sizes: list[int]
    hand_limits: list[int]
    reward_card_counts: list[int]
    tokens_kept: list[list[str]]
    in_front: list[int]
    cards_played: int
    discard: list[int]
    deck_size: int
    reward_deck_size: int
    tile_pool_size: int
    token_supply_size: int
    hand: list[HandCardView] | None
    hand_limit: int | None
    reward_cards: list[str] | None
    drawn_reward_cards: list[str] | None
    under_reward_deck: list[str] | None
    results: list[TileResult]
    final: FinalScoring | None
    revealed_reward_cards: NotRequired[list[list[str]]]
    """Every seat's reward card ids, once the game is over."""


def _symbols(mask: int) -> list[str]:
    return [name for bit, name in enumerate(SYMBOLS) if mask >> bit & 1]


def _tile(st: GuildsPosition, tile: int) -> TileView:
    data = CONTENT.tiles[tile]
    x, y = xy(st.cell_of[tile])
    figures = st.fig[tile * 4 : tile * 4 + st.num_players]
    token = st.token[tile]
    return {
        "id": data.id,
        "name": _(data.name),
        "short_name": W.tile_label(tile),
        "kind": data.kind,
        "x": x,
        "y": y,
        "side": "master" if st.back[tile] else "front",
        "minimum": data.minimum,
        "precedence": data.precedence,
        "symbols": _symbols(data.back if st.back[tile] else data.front),
        "figures": figures,
        "master": st.master_of(tile) if st.back[tile] else None,
        "beadle": st.beadle == tile,
        "token": CONTENT.tokens[token].id if token >= 0 else None,
        "first": [CONTENT.effects[e].describe() for e in data.first],
        "second": [f"{data.second_vp} VP"] + [CONTENT.effects[e].describe() for e in data.second_extra],
        "first_text": W.first_text(data),
        "second_text": W.second_text(data),
    }


def _next_growth(st: GuildsPosition) -> int | None:
    """GL-47, GL-88: the grey round whose end brings the next growth phase (this round if it is grey)."""
    if st.is_terminal:
        return None
    return min((g for g in st.track.grey if g >= st.round), default=None)


def view(st: GuildsPosition, seat: int | None) -> GuildsView:
    players = st.num_players
    question = st.stack[-1] if st.stack else None
    side = CONTENT.plantations[st.plantation]
    result: GuildsView = {
        "game": st.game.name,
        "content": _(STAND_IN) if not CONTENT.official else _("official content"),
        "official_content": CONTENT.official,
        "seat": seat,
        "seats": list(A.SEAT_NAMES[:players]),
        "current_player": st.current_player,
        "decision": st.decision(),  # its prompt names nothing hidden (words.py), so every seat sees it
        "terminal": st.is_terminal,
        "round": st.round,
        "rounds": st.track.rounds,
        "rounds_left": 0 if st.is_terminal else st.track.rounds - st.round + 1,
        "grey_rounds": sorted(st.track.grey),
        "next_growth_round": _next_growth(st),
        "scoring_rounds": sorted(st.track.scoring),
        "last_round": st.is_last_round(),
        "turn_order": st.order(),
        "turns_taken": [bool(st.taken >> p & 1) for p in range(players)],
        "active": st.active,
        "scores": scores(st),
        "marker_heights": list(st.marker_height),
        "city": [_tile(st, t) for t in st.reading_order()],
        "guildhall": {
            "cells": [list(xy(c)) for c in st.guildhall_cells],
            "figures": st.fig[A.GUILDHALL * 4 : A.GUILDHALL * 4 + players],
        },
        "beadle": CONTENT.tiles[st.beadle].id if st.beadle >= 0 else None,
        "plantation": {
            "side": side.side,
            "name": _(side.name),
            "figures": st.fig[A.PLANTATION * 4 : A.PLANTATION * 4 + players],
            "left": [CONTENT.effects[e].describe() for e in side.first],
            "left_returns": side.first_return,
            "right": [CONTENT.effects[e].describe() for e in side.second],
            "right_returns": side.second_return,
            "left_text": W.plantation_text(side, True),
            "right_text": W.plantation_text(side, False),
        },
        "supply": list(st.supply),
        "neutrals": list(st.neutrals),
        "hand_sizes": [len(h) for h in st.hands],
        "hand_limits": [st.hand_limit(p) for p in range(players)],
        "reward_card_counts": [len(r) for r in st.rewards],
        "tokens_kept": [[CONTENT.tokens[k].id for k in kept] for kept in st.kept],
        "in_front": [CONTENT.cards[c].number for c in st.in_front],
        "cards_played": st.played,
        "discard": [CONTENT.cards[c].number for c in st.discard],
        "deck_size": len(st.deck),
        "reward_deck_size": len(st.reward_deck),
        "tile_pool_size": len(st.pool),
        "token_supply_size": len(st.token_supply),
        "hand": None,
        "hand_limit": None,
        "reward_cards": None,
        "drawn_reward_cards": None,
        "under_reward_deck": None,
        # the state keeps these as the plain dicts flow.py builds (and a snapshot restores): the shapes above
        "results": list(st.results),
        "final": st.final,
        "winners": winners(st),
    }
    if st.is_terminal:
        result["revealed_reward_cards"] = [[CONTENT.rewards[c].id for c in cards] for cards in st.rewards]
    if seat is not None:
        result["hand"] = [
            {
                "number": CONTENT.cards[c].number,
                "name": _(CONTENT.cards[c].name),
                "symbols": _symbols(CONTENT.cards[c].symbols),
                "text": _(CONTENT.cards[c].text),
            }
            for c in st.hands[seat]
        ]
        result["hand_limit"] = st.hand_limit(seat)
        result["reward_cards"] = [CONTENT.rewards[c].id for c in st.rewards[seat]]
        result["under_reward_deck"] = [
            CONTENT.rewards[c].id for c, who in zip(st.reward_deck, st.reward_known, strict=True) if who == seat
        ]
        if isinstance(question, (RewardKeep, RewardUnder)) and question.seat == seat:
            result["drawn_reward_cards"] = [CONTENT.rewards[c].id for c in question.cards]
    return result
