"""The players' rules pages: `/rules/{game}` (the page; its text is `web/rules/<game>.html`) and
`GET /api/games/{name}/examples`, a few real positions of the game for the page to draw with the game's own renderer.

Each example is built here from the engine: a new game from a fixed seed or setup, a few chosen or seeded moves, then
the spectator's view (`state.view(None)`). Only spectator views leave this module, so an example never shows a hand
or anything else hidden. Games are found by comparing names with the registry, never by importing a user's string.

The examples' titles, captions and seat names are in the reader's language (issue 15): their messages are in the
`rules` catalogue, beside the rules texts, in the same words; the game words inside them (guild, profession, colour and
tile names) come from each game's own word helpers, and the seats are named by `seat_colour_label`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from guildtable.bots.greedy import GreedyBot
from guildtable.games.city_and_guilds.content import GUILDS as CG_GUILDS
from guildtable.games.city_and_guilds.words import guild_words
from guildtable.games.guildhall.glossary import card_word, profession_word
from guildtable.games.guilds_of_london import words as gl_words
from guildtable.kernel import Game, State
from guildtable.kernel.i18n import current_language, domain, use_language
from guildtable.kernel.registry import find_game
from guildtable.kernel.seats import seat_colour_label
from guildtable.server.pages import render_page, render_rules_text
from guildtable.server.problems import Problem, problem_responses

_rules = domain("rules")
_ = _rules.gettext
ngettext = _rules.ngettext

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

    @app.get("/api/games/{name}/examples", tags=["games"], responses=problem_responses(404))
    def examples(name: str) -> list[dict[str, Any]]:
        """A few positions of the game as a spectator sees them, each with a title and a caption in plain words in
        the request's language: the pictures of the rules page at /rules/{name}."""
        game = find_game(name)
        if game is None:
            raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
        return examples_json(game.name, current_language())


@functools.cache
def examples_json(name: str, language: str) -> list[dict[str, Any]]:
    """The examples of the game called `name` (a registered name) in `language`, built once per process and
    language."""
    game = find_game(name)
    if game is None or name not in BUILDERS:
        return []
    with use_language(language):
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


# --- words ------------------------------------------------------------------------------------------------------


def seat_names(count: int) -> tuple[str, ...]:
    """The first `count` seats named by their colour in the reader's language ("Blau", "Rot", ...)."""
    return tuple(seat_colour_label(seat) for seat in range(count))


def listing(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def dollars(values: Iterable[int]) -> str:
    return listing([f"${value}" for value in sorted(values)])


def scores(names: Sequence[str], points: Iterable[tuple[int, int]]) -> str:
    """'Blue 8, Red 4 and Green 2' for (seat, points) pairs."""
    return listing([f"{names[seat]} {amount}" for seat, amount in points])


def sentences(*texts: str) -> str:
    """Whole sentences, each its own message, one after the other."""
    return " ".join(text for text in texts if text)


# --- City Blocks -------------------------------------------------------------------------------------------------

CB_SLOTS = {"R1": 9, "R2": 3, "R3": 12, "R4": 5, "R5": 1, "C1": 14, "C2": 7, "C3": 2, "C4": 11, "C5": 6, "C6": 15}
CB_BLUE = ["F7", "S2", "H3", "H1", "CRT", "H2", "H4", "H5", "S3", "S4", "S5", "S6", "F3", "F4", "F5", "F6"]
CB_RED = ["S5", "H4", "SCH", "H1", "H2", "H3", "H5", "S2", "S3", "S4", "S6", "F3", "F4", "F5", "F6", "F7"]
CB_SPECIALS = ["SCH", "SCH", "PWR", "MALL", "CRT"]


def city_blocks(game: Game) -> list[Example]:
    names = seat_names(2)
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
        _("{name} holds {tokens}", name=names[seat], tokens=dollars(values))
        if values
        else _("{name} holds no token yet", name=names[seat])
        for seat, values in enumerate(later_view["won"])
    ]
    ties = [entry["value"] for entry in later_view["awards"] if entry["winner"] is None]
    streets = len(later_view["awards"])
    return [
        Example(
            "start",
            _("The board at the start"),
            sentences(
                _("Eleven currency tokens lie beside the five rows and above the six columns."),
                _(
                    "{blue} drew ${blue_draw} and {red} ${red_draw} for the start player, so {first} begins.",
                    blue=names[0],
                    blue_draw=draws[0],
                    red=names[1],
                    red_draw=draws[1],
                    first=first,
                ),
                _("Those two and the spare {tokens} are out of the game.", tokens=dollars(spare)),
            ),
            start,
            names,
        ),
        Example(
            "street",
            _("A street is scored"),
            sentences(
                _("{red} completes row 1 with a school.", red=names[1]),
                _(
                    "The school cancels every factory in the row, so {blue}'s factory 7 counts nothing: {blue} has "
                    "{blue_total} (store 2 and house 3), {red} {red_total} (store 5 and house 4).",
                    blue=names[0],
                    red=names[1],
                    blue_total=blue,
                    red_total=red,
                ),
                _("{red} takes the ${value} token of row 1.", red=names[1], value=award["value"]),
            ),
            street,
            names,
        ),
        Example(
            "later",
            _("Later in the game"),
            sentences(
                ngettext(
                    "{n} street has been scored: {holdings}.",
                    "{n} streets have been scored: {holdings}.",
                    streets,
                    holdings="; ".join(held),
                ),
                ngettext(
                    "The {tokens} token went out of the game after a tie.",
                    "The {tokens} tokens went out of the game after ties.",
                    len(ties),
                    tokens=dollars(ties),
                )
                if ties
                else "",
                _("The streets still open show the token they are worth."),
            ),
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


def city_and_guilds(game: Game) -> list[Example]:
    names = seat_names(3)

    def turn_start(state: State) -> bool:
        return bool(state.view(None)["decision"] and state.view(None)["decision"]["kind"] == "pick")

    players = Players(game.new_state(3, seed=2), 2)
    setup = players.until(lambda state: not state.view(None)["setup_round"] and turn_start(state))
    blocks = [entry["block"] for entry in setup.view(None)["blocks"] if entry["empty"] < entry["lots"]]

    scored = players.until(lambda state: bool(state.view(None)["ledger"]) and turn_start(state))
    view = scored.view(None)
    block = next(entry for entry in view["blocks"] if entry["scored"])
    paid = [(seat, points) for kind, seat, points, _why in view["ledger"] if kind == "block"]
    control = [entry for entry in view["ledger"] if entry[0] == "guild"]
    guild = next((index for index, key in enumerate(CG_GUILDS) if control and key in control[0][3]), None)
    guild_text = (
        _(
            "The {guild} guild controls this block, so the players ranked highest on its investment track score "
            "{shares}.",
            guild=guild_words(guild),
            shares=scores(names, [(seat, points) for _kind, seat, points, _why in control]),
        )
        if guild is not None
        else _("No guild has more tiles there than every other, so nobody scores for guild control.")
    )

    end = players.until(lambda state: False)
    final = end.view(None)
    totals = [int(score) for score in end.scores()]
    winners = [names[seat] for seat in end.winners()]
    return [
        Example(
            "setup",
            _("After the setup round"),
            sentences(
                ngettext(
                    "Each player has placed one tile in a block of its own (block {blocks}), with no figures on it.",
                    "Each player has placed one tile in a block of its own (blocks {blocks}), with no figures on it.",
                    len(blocks),
                    blocks=listing(blocks),
                ),
                _("The display below the map shows the three tiles anyone may take after placing."),
            ),
            setup,
            names,
        ),
        Example(
            "block",
            _("Block {block} is scored", block=block["block"]),
            sentences(
                _("The last lot of block {block} is filled.", block=block["block"]),
                _(
                    "Its value is {value} (8, plus 2 for each market and 5 for each minstrel house or tavern).",
                    value=block["value"],
                ),
                _("The players ranked by their figures there score {shares}.", shares=scores(names, paid)),
                guild_text,
            ),
            scored,
            names,
        ),
        Example(
            "end",
            _("The end of a game"),
            sentences(
                _("Every lot is full."),
                ngettext(
                    "After the guild chains are paid and unused figures cost a point each, the scores are {scores}: "
                    "{winners} wins.",
                    "After the guild chains are paid and unused figures cost a point each, the scores are {scores}: "
                    "{winners} share the win.",
                    len(winners),
                    scores=scores(names, enumerate(totals)),
                    winners=listing(winners),
                ),
                _("Taverns were placed as bonuses.") if final["taverns_left"] < 4 else "",
            ),
            end,
            names,
        ),
    ]


# --- Guildhall: Job Faire ---------------------------------------------------------------------------------------

# The Guildhall examples name their two players, the same in every language.
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
    vps = scores(names, [(seat, hall["vp"]) for seat, hall in enumerate(view["players"])])
    return [
        Example(
            "setup",
            _("After setup"),
            sentences(
                _("Each guildhall starts with three different cards; cards of the same profession form a chapter."),
                _("The center row shows five VP cards for sale."),
                _("{name} takes the first turn.", name=first),
            ),
            setup,
            names,
        ),
        Example(
            "chapter",
            _("A chapter of four"),
            sentences(
                _(
                    "{name}'s {profession} chapter holds four colours, so a {profession} played now may use its "
                    "strongest ability.",
                    name=names[seat],
                    profession=profession_word(profession),
                ),
                _(
                    "Only the {card} can still join it; with all five colours the chapter is complete and turned "
                    "face down.",
                    card=card_word(f"{missing} {profession}"),
                ),
            ),
            grown,
            names,
        ),
        Example(
            "bought",
            _("A VP card is bought"),
            sentences(
                _(
                    "{name} has bought a VP card by handing in completed chapters (it is listed under Prestige cards "
                    "in {name}'s guildhall).",
                    name=names[buyer],
                ),
                _("The score counts VP cards and VP tokens together: {scores}.", scores=vps),
                _("The first player to end a turn with 20 VP wins."),
            ),
            bought,
            names,
        ),
    ]


# --- Guilds of London --------------------------------------------------------------------------------------------


def guilds_of_london(game: Game) -> list[Example]:
    names = seat_names(3)
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
        _("{name} came second and took the tile's reward token.", name=names[second])
        if second is not None
        else _("Nobody else had a liveryman there, so there was no second place.")
    )
    return [
        Example(
            "start",
            _("The city at the start"),
            sentences(
                _(
                    "The Guildhall (green) stands in the middle with every player's 4 liverymen on it, the Church of "
                    "St Lawrence Jewry to its right and nine more tiles around them."
                ),
                _("Each tile shows its minimum and its guild symbols."),
                _(
                    "The Beadle (⚑) starts on {tile}, the tile with the lowest precedence number.",
                    tile=_gl_name(beadle),
                ),
                _("{name} drew start space 1 and plays first.", name=first),
            ),
            start,
            names,
        ),
        Example(
            "grown",
            _("After the first growth phase"),
            ngettext(
                "Round 3 ended with a growth phase: the plantation was scored and {n} new tile joined the city, north "
                "of the Guildhall.",
                "Round 3 ended with a growth phase: the plantation was scored and {n} new tiles joined the city, the "
                "first one north of the Guildhall and the rest clockwise around the edge.",
                added,
            ),
            grown,
            names,
        ),
        Example(
            "scored",
            _("A tile is scored"),
            sentences(
                _("{tile} had enough figures to be scored.", tile=_gl_subject(tile)),
                ngettext(
                    "{name} won the vote ({n} liveryman there) and took the first-place reward.",
                    "{name} won the vote ({n} liverymen there) and took the first-place reward.",
                    count,
                    name=winner,
                ),
                _(
                    "The tile turns to its master side, with one of {name}'s liverymen on it as its master (♛).",
                    name=winner,
                ),
                runner_up,
            ),
            scored,
            names,
        ),
    ]


def _gl_name(tile: dict[str, Any]) -> str:
    """A tile of the view as a sentence names it, in the reader's language: 'the Lamplighters' („Laternenanzünder“)."""
    found = gl_words.TILE_OF_ID.get(str(tile["id"]))
    return gl_words.tile_name(found.index) if found else str(tile.get("name") or tile["id"])


def _gl_subject(tile: dict[str, Any]) -> str:
    """A tile of the view as the subject of a sentence: "The Rat Catchers' tile" (Das Plättchen „Rattenfänger“)."""
    found = gl_words.TILE_OF_ID.get(str(tile["id"]))
    return gl_words.tile_subject(found.index) if found else str(tile.get("name") or tile["id"])


BUILDERS: dict[str, Callable[[Game], list[Example]]] = {
    "city-blocks": city_blocks,
    "city-and-guilds": city_and_guilds,
    "guildhall": guildhall,
    "guilds-of-london": guilds_of_london,
}
