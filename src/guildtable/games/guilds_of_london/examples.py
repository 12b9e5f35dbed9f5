"""The Guilds of London rules page's positions (`Game.examples`), each built from the engine with its caption."""

from __future__ import annotations

from guildtable.games.guilds_of_london import words as gl_words
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.games.guilds_of_london.view import TileView
from guildtable.kernel.examples import _, ngettext, seat_names, sentences
from guildtable.kernel.protocol import Example, Game, PlayoutFactory


def examples(game: Game[GuildsState], playout: PlayoutFactory) -> list[Example]:
    names = seat_names(3)
    players = playout(game.new_state(3, seed=5), 5)

    def turn_start(state: GuildsState) -> bool:
        decision = state.view(None)["decision"]
        return decision is not None and decision["kind"] == "turn"

    start = players.until(turn_start)
    view = start.view(None)
    tiles = {tile["id"]: tile for tile in view["city"]}
    assert view["beadle"] is not None  # the Beadle stands on a tile from the setup on
    beadle = tiles[view["beadle"]]
    first = names[view["turn_order"][0]]

    grown = players.until(lambda state: turn_start(state) and state.view(None)["round"] > 3)
    added = len(grown.view(None)["city"]) - len(tiles)

    def won(state: GuildsState) -> bool:
        return turn_start(state) and any(result.get("winner") is not None for result in state.view(None)["results"])

    scored = players.until(won)
    view = scored.view(None)
    result = next(result for result in view["results"] if result.get("winner") is not None)
    tile = next(tile for tile in view["city"] if tile["id"] == result["tile"])
    winning = result["winner"]
    assert winning is not None  # the result was picked for having a winner
    winner = names[winning]
    count = result["counts"][winning]
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


def _gl_name(tile: TileView) -> str:
    """A tile of the view as a sentence names it, in the reader's language: 'the Lamplighters' („Laternenanzünder“)."""
    found = gl_words.TILE_OF_ID.get(str(tile["id"]))
    return gl_words.tile_name(found.index) if found else str(tile.get("name") or tile["id"])


def _gl_subject(tile: TileView) -> str:
    """A tile of the view as the subject of a sentence: "The Rat Catchers' tile" (Das Plättchen „Rattenfänger“)."""
    found = gl_words.TILE_OF_ID.get(str(tile["id"]))
    return gl_words.tile_subject(found.index) if found else str(tile.get("name") or tile["id"])
