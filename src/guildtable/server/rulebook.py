"""The players' rules pages: `/rules/{game}` (the page; its text is `web/rules/<game>.html`) and
`GET /api/games/{name}/examples`, a few real positions of the game for the page to draw with the game's own renderer.

Each example is built here from the engine: a new game from a fixed seed or setup, a few chosen or seeded moves, then
the spectator's view (`state.view(None)`). Only spectator views leave this module, so an example never shows a hand
or anything else hidden. Games are found by comparing names with the registry, never by importing a user's string.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from guildtable.bots.greedy import GreedyBot
from guildtable.kernel import Game, State
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import find_game
from guildtable.kernel.seats import SEAT_COLOUR_NAMES
from guildtable.server.pages import render_page, render_rules_text
from guildtable.server.problems import Problem

# How far a seeded example may play before giving up on its moment (a safety net; every example stops far sooner).
MOVE_LIMIT = 3000


@dataclass(frozen=True, slots=True)
class Example:
    """One position to show on a rules page: what it is (`title`), what to look at (`caption`), and the state."""

    id: str
    title: str
    caption: str
    state: State
    names: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "caption": self.caption,
            "view": self.state.view(None),
            "seats": [
                {"seat": seat, "name": name, "kind": "human", "joined": True} for seat, name in enumerate(self.names)
            ],
            "current_player": self.state.current_player,
        }


def add_rules_pages(app: FastAPI) -> None:
    """Register the rules page of every game and its examples endpoint on `app`."""

    @app.get("/rules/{game}", include_in_schema=False)
    def rules_page(game: str) -> HTMLResponse:
        if find_game(game) is None:
            return HTMLResponse(render_page("not_found.html"), status_code=404)
        return HTMLResponse(render_page("rules.html"))

    @app.get("/rules/{game}/text", include_in_schema=False)
    def rules_text(game: str) -> HTMLResponse:
        """The rules of `game` as an HTML fragment in the request's language (the rules page shows it)."""
        found = find_game(game)
        if found is None:
            raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
        return HTMLResponse(render_rules_text(found.name))

    @app.get("/api/games/{name}/examples", tags=["games"])
    def examples(name: str) -> list[dict[str, Any]]:
        """A few positions of the game as a spectator sees them, each with a title and a caption in plain words:
        the pictures of the rules page at /rules/{name}."""
        game = find_game(name)
        if game is None:
            raise Problem(404, "unknown-game", "there is no such game; /api/games lists them")
        return examples_json(game.name)


@functools.cache
def examples_json(name: str) -> list[dict[str, Any]]:
    """The examples of the game called `name` (a registered name), built once per process."""
    game = find_game(name)
    if game is None or name not in BUILDERS:
        return []
    return [example.to_json() for example in BUILDERS[name](game)]


# --- playing to a moment ----------------------------------------------------------------------------------------


def play(state: State, moves: Iterable[str]) -> State:
    """Apply moves given in the game's notation."""
    for move in moves:
        state.apply(state.action_from_notation(move))
    return state


class Players:
    """Greedy players, one per seat, seeded: they play a game on to natural-looking positions."""

    def __init__(self, state: State, seed: int) -> None:
        self.state = state
        self.bots = [GreedyBot(seed * 10 + seat) for seat in range(state.num_players)]

    def until(self, stop: Callable[[State], bool]) -> State:
        """Play on until `stop(state)` holds (or the game ends); a copy of that position."""
        state = self.state
        for _step in range(MOVE_LIMIT):
            if state.current_player is None or stop(state):
                break
            state.apply(self.bots[state.current_player].choose(state))
        return state.clone()


def listing(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def dollars(values: Iterable[int]) -> str:
    return listing([f"${value}" for value in sorted(values)])


# --- City Blocks -------------------------------------------------------------------------------------------------

CB_SLOTS = {"R1": 9, "R2": 3, "R3": 12, "R4": 5, "R5": 1, "C1": 14, "C2": 7, "C3": 2, "C4": 11, "C5": 6, "C6": 15}
CB_BLUE = ["F7", "S2", "H3", "H1", "CRT", "H2", "H4", "H5", "S3", "S4", "S5", "S6", "F3", "F4", "F5", "F6"]
CB_RED = ["S5", "H4", "SCH", "H1", "H2", "H3", "H5", "S2", "S3", "S4", "S6", "F3", "F4", "F5", "F6", "F7"]
CB_SPECIALS = ["SCH", "SCH", "PWR", "MALL", "CRT"]


def city_blocks(game: Game) -> list[Example]:
    names = SEAT_COLOUR_NAMES[:2]
    start = game.new_state(2, seed=11)
    view = start.view(None)
    first = names[view["start_player"]]
    draws = view["start_draws"]
    spare = [value for value in view["removed_values"] if value not in draws]

    setup = {"slots": CB_SLOTS, "start_player": 0, "piles": [_cb_pile(CB_BLUE), _cb_pile(CB_RED)]}
    street = play(
        game.new_state(2, seed=1, setup=setup), ["F7 R1C1", "S5 R1C2", "S2 R1C3", "H4 R1C4", "H3 R1C5", "SCH R1C6"]
    )
    award = street.view(None)["awards"][-1]
    blue, red = award["totals"]

    later = Players(game.new_state(2, seed=4), 4).until(lambda state: len(state.view(None)["awards"]) >= 5)
    later_view = later.view(None)
    held = [
        f"{names[seat]} holds {dollars(values)}" if values else f"{names[seat]} holds no token yet"
        for seat, values in enumerate(later_view["won"])
    ]
    ties = [entry["value"] for entry in later_view["awards"] if entry["winner"] is None]
    return [
        Example(
            "start",
            "The board at the start",
            f"Eleven currency tokens lie beside the five rows and above the six columns. {names[0]} drew "
            f"${draws[0]} and {names[1]} ${draws[1]} for the start player, so {first} begins. Those two and the "
            f"spare {dollars(spare)} are out of the game.",
            start,
            names,
        ),
        Example(
            "street",
            "A street is scored",
            f"Red completes row 1 with a school. The school cancels every factory in the row, so Blue's factory 7 "
            f"counts nothing: Blue has {blue} (store 2 and house 3), Red {red} (store 5 and house 4). Red takes the "
            f"${award['value']} token of row 1.",
            street,
            names,
        ),
        Example(
            "later",
            "Later in the game",
            f"Five streets have been scored: {'; '.join(held)}."
            + (f" The {dollars(ties)} went out of the game after a tie." if ties else "")
            + " The streets still open show the token they are worth.",
            later,
            names,
        ),
    ]


def _cb_pile(first: list[str]) -> list[str]:
    """A player's whole 20-tile draw pile, the given tiles on top (CB-1: a player has two schools)."""
    pile = list(first)
    for code in CB_SPECIALS:
        if pile.count(code) < CB_SPECIALS.count(code):
            pile.append(code)
    return pile


# --- City and Guilds ---------------------------------------------------------------------------------------------

CG_GUILDS = {"BAKER": "bakers", "WEAVER": "weavers", "CANDLE": "candle-makers", "SMITH": "smiths"}
CG_PLACES = ("1st", "2nd", "3rd")


def city_and_guilds(game: Game) -> list[Example]:
    names = SEAT_COLOUR_NAMES[:3]

    def turn_start(state: State) -> bool:
        return bool(state.view(None)["decision"] and state.view(None)["decision"]["kind"] == "pick")

    players = Players(game.new_state(3, seed=2), 2)
    setup = players.until(lambda state: not state.view(None)["setup_round"] and turn_start(state))
    blocks = [entry["block"] for entry in setup.view(None)["blocks"] if entry["empty"] < entry["lots"]]

    scored = players.until(lambda state: bool(state.view(None)["ledger"]) and turn_start(state))
    view = scored.view(None)
    block = next(entry for entry in view["blocks"] if entry["scored"])
    paid = [entry for entry in view["ledger"] if entry[0] == "block"]
    control = [entry for entry in view["ledger"] if entry[0] == "guild"]
    guild = next((name for key, name in CG_GUILDS.items() if control and key in control[0][3]), "")
    shares = listing([f"{names[seat]} {points}" for _, seat, points, _ in paid])
    guild_text = (
        f" The {guild} control this block, so the players ranked highest on the {guild}' track score "
        f"{listing([f'{names[seat]} {points}' for _, seat, points, _ in control])}."
        if guild
        else " No guild has more tiles there than every other, so nobody scores for guild control."
    )

    end = players.until(lambda state: False)
    final = end.view(None)
    totals = [int(score) for score in end.scores()]
    winners = [names[seat] for seat in end.winners()]
    return [
        Example(
            "setup",
            "After the setup round",
            f"Each player has placed one tile in a block of its own (blocks {listing(blocks)}), with no figures on it. "
            "The display below the map shows the three tiles anyone may take after placing.",
            setup,
            names,
        ),
        Example(
            "block",
            f"Block {block['block']} is scored",
            f"The last lot of block {block['block']} is filled. Its value is {block['value']} (8, plus 2 for each "
            f"market and 5 for each minstrel house or tavern). The players ranked by their figures there score "
            f"{shares}.{guild_text}",
            scored,
            names,
        ),
        Example(
            "end",
            "The end of a game",
            f"Every lot is full. After the guild chains are paid and unused figures cost a point each, the scores are "
            f"{listing([f'{names[seat]} {total}' for seat, total in enumerate(totals)])}: "
            f"{listing(winners)} {'wins' if len(winners) == 1 else 'share the win'}."
            + (" Taverns were placed as bonuses." if final["taverns_left"] < 4 else ""),
            end,
            names,
        ),
    ]


# --- Guildhall: Job Faire ---------------------------------------------------------------------------------------

GH_NAMES = ("Ada", "Ben")


def guildhall(game: Game) -> list[Example]:
    names = GH_NAMES
    players = Players(game.new_state(2, seed=3), 3)

    def turn_start(state: State) -> bool:
        view = state.view(None)
        decision = view["decision"]
        return (
            bool(decision)
            and decision["kind"] == "action"
            and view["actions_left"] == 1
            and not view["played_professions"]
            and not view["players"][view["active"]]["action_area"]
        )

    def halls(state: State) -> list[dict[str, Any]]:
        return list(state.view(None)["players"])

    setup = players.until(turn_start)
    first = names[setup.view(None)["active"]]

    def four_of_a_kind(state: State) -> bool:
        return turn_start(state) and any(
            len(colours) == 4 for hall in halls(state) for colours in hall["guildhall"].values()
        )

    grown = players.until(four_of_a_kind)
    seat, profession = next(
        (seat, name)
        for seat, hall in enumerate(halls(grown))
        for name, colours in hall["guildhall"].items()
        if len(colours) == 4
    )
    missing = next(
        colour
        for colour in ("red", "blue", "yellow", "green", "purple")
        if colour not in halls(grown)[seat]["guildhall"][profession]
    )

    bought = players.until(lambda state: turn_start(state) and any(hall["prestige"] for hall in halls(state)))
    view = bought.view(None)
    buyer = next(seat for seat, hall in enumerate(view["players"]) if hall["prestige"])
    vps = listing([f"{names[seat]} {hall['vp']}" for seat, hall in enumerate(view["players"])])
    return [
        Example(
            "setup",
            "After setup",
            "Each guildhall starts with three different cards; cards of the same profession form a chapter. The "
            f"center row shows five VP cards for sale. {first} takes the first turn.",
            setup,
            names,
        ),
        Example(
            "chapter",
            "A chapter of four",
            f"{names[seat]}'s {profession} chapter holds four colours, so a {profession} played now may use its "
            f"strongest ability. Only the {missing} {profession} can still join it; with all five colours the "
            "chapter is complete and turned face down.",
            grown,
            names,
        ),
        Example(
            "bought",
            "A VP card is bought",
            f"{names[buyer]} has bought a VP card by handing in completed chapters (it is listed under Prestige in "
            f"{names[buyer]}'s guildhall). The score counts VP cards and VP tokens together: {vps}. The first "
            "player to end a turn with 20 VP wins.",
            bought,
            names,
        ),
    ]


# --- Guilds of London --------------------------------------------------------------------------------------------


def guilds_of_london(game: Game) -> list[Example]:
    names = SEAT_COLOUR_NAMES[:3]
    players = Players(game.new_state(3, seed=5), 5)

    def turn_start(state: State) -> bool:
        decision = state.view(None)["decision"]
        return bool(decision) and decision["kind"] == "turn"

    start = players.until(turn_start)
    view = start.view(None)
    tiles = {tile["id"]: tile for tile in view["city"]}
    beadle = tiles[view["beadle"]]
    first = names[view["turn_order"][0]]

    grown = players.until(lambda state: turn_start(state) and state.view(None)["round"] > 3)
    added = len(grown.view(None)["city"]) - len(tiles)

    def won(state: State) -> bool:
        return turn_start(state) and any(result.get("winner") is not None for result in state.view(None)["results"])

    scored = players.until(won)
    view = scored.view(None)
    result = next(result for result in view["results"] if result.get("winner") is not None)
    tile = next(tile for tile in view["city"] if tile["id"] == result["tile"])
    winner = names[result["winner"]]
    count = result["counts"][result["winner"]]
    second = result.get("second")
    runner_up = (
        f"{names[second]} came second and took the tile's reward token."
        if second is not None
        else "Nobody else had a liveryman there, so there was no second place."
    )
    return [
        Example(
            "start",
            "The city at the start",
            "The Guildhall (green) stands in the middle with every player's 4 liverymen on it, the Church of St "
            "Lawrence Jewry to its right and nine more tiles around them. Each tile shows its minimum and its guild "
            f"symbols. The Beadle (⚑) starts on {_gl_name(beadle)}, the tile with the lowest precedence number. "
            f"{first} drew start space 1 and plays first.",
            start,
            names,
        ),
        Example(
            "grown",
            "After the first growth phase",
            f"Round 3 ended with a growth phase: the plantation was scored and {added} new tiles joined the city, the "
            "first one north of the Guildhall and the rest clockwise around the edge.",
            grown,
            names,
        ),
        Example(
            "scored",
            "A tile is scored",
            f"{_gl_name(tile)[0].upper()}{_gl_name(tile)[1:]} had enough figures to be scored. {winner} won the "
            f"vote ({count} liveryman{'' if count == 1 else 'men'} there) and took the first-place reward. The tile "
            f"turns to its master side, with one of {winner}'s liverymen on it as its master (♛). {runner_up}",
            scored,
            names,
        ),
    ]


def _gl_name(tile: dict[str, Any]) -> str:
    """'the Lamplighters' for the Worshipful Company of Lamplighters, a building by its own name."""
    name = str(tile.get("name") or tile["id"])
    for prefix in ("The Worshipful Company of ", "The Honourable Company of ", "The Company of ", "The Society of "):
        if name.startswith(prefix):
            return "the " + name.removeprefix(prefix)
    return name if name.startswith("the ") or name.startswith("The ") else f"the {name}"


BUILDERS: dict[str, Callable[[Game], list[Example]]] = {
    "city-blocks": city_blocks,
    "city-and-guilds": city_and_guilds,
    "guildhall": guildhall,
    "guilds-of-london": guilds_of_london,
}
