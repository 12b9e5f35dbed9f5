"""The games: every game the engine has with its options and the bots a seat can be given, a game's glossary, and
its rules page's examples. Public content, the same for everyone."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from guildtable.bots.levels import OPPONENTS, expert_available, opponent_label
from guildtable.bots.spec import BOT_DESCRIPTIONS, BOT_KINDS
from guildtable.kernel import Game
from guildtable.kernel.glossary import glossary_json
from guildtable.kernel.i18n import current_language, use_language
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.lessons import lesson
from guildtable.kernel.options import Option
from guildtable.kernel.registry import all_games, find_game, get_game
from guildtable.kernel.seats import seat_colour_label
from guildtable.kernel.tutorial import TutorialJson
from guildtable.server.jsonin import SafeJSONRoute
from guildtable.server.models.games import GameExamples, GameInfo, GameOptionInfo, GamesCatalogue, Glossary, Scalar
from guildtable.server.problems import Problem, problem_responses
from guildtable.server.rulebook import examples_json, unknown_game
from guildtable.server.table_log import game_words

router = APIRouter(tags=["games"], route_class=SafeJSONRoute)


@router.get("/api/games", response_model=GamesCatalogue)
async def games() -> GamesCatalogue:
    """Every game the engine has, with its player counts and options, and the bots a seat can be given."""
    return games_catalogue()


@router.get("/api/games/{name}/glossary", response_model=Glossary, responses=problem_responses(404))
async def glossary(name: str) -> dict[str, Any]:
    """What every piece of the game does, keyed as the game's views name the pieces: a name, a text and details
    (an ability's levels, a cost, points). Public content, the same for everyone."""
    game = find_game(name)
    if game is None:
        raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
    return dict(glossary_json(game.glossary()))


@router.get("/api/games/{name}/examples", response_model=GameExamples, responses=problem_responses(404))
def examples(name: str) -> list[dict[str, Any]]:
    """A few positions of the game as a spectator sees them, each with a title and a caption in plain words in
    the request's language: the pictures of the rules page at /rules/{name}."""
    game = find_game(name)
    if game is None:
        raise unknown_game()
    return examples_json(game.name, current_language())


@router.get("/api/games/{name}/tutorial", response_model=TutorialJson, responses=problem_responses(404))
def tutorial(name: str) -> TutorialJson:
    """Issue 34: the game's guided first game in the request's language: the learner's seat, each step's instruction
    or explanation with the move it wants (the JSON form of `legal`), the pieces to highlight and why that move, the
    table's version each step is shown at, and the rules a first game does not reach. The other seats' scripted moves
    are not in it: they are played at the table. Start one with `POST /api/games/{name}/tutorial`."""
    game = find_game(name)
    if game is None:
        raise unknown_game()
    if game.tutorial() is None:
        raise Problem(404, "no-tutorial", _("{game} has no tutorial yet", game=game.title))
    return tutorial_json(game.name, current_language())


@cache
def tutorial_json(name: str, language: str) -> TutorialJson:
    """A game's tutorial in `language`, played through once per language (it never changes while serving)."""
    game = get_game(name)
    script = game.tutorial()
    assert script is not None
    with use_language(language):
        return lesson(game, script, f"/rules/{game.name}")


def games_catalogue() -> GamesCatalogue:
    """The answer of `/api/games` in the reader's language."""
    return {
        "games": [game_info(game) for game in all_games()],
        "bots": [
            {"kind": kind, "description": _(BOT_DESCRIPTIONS[kind]) if BOT_DESCRIPTIONS.get(kind) else ""}
            for kind in sorted(BOT_KINDS)
        ],
        "opponents": [{"kind": kind, "label": opponent_label(kind, hint)} for kind, hint in OPPONENTS],
    }


def game_info(game: Game) -> GameInfo:
    return {
        "name": game.name,
        "title": game.title,
        "renderer": game.renderer,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "seat_names": [seat_colour_label(seat) for seat in range(game.max_players)],
        "expert_players": [count for count in game.player_counts if expert_available(game.name, count)],
        "official_content": game.official_content,
        "content_note": game_words(game, game.content_note),
        "options": [option_info(game, option) for option in game.options],
        "tutorial": game.tutorial() is not None,
    }


def option_info(game: Game, option: Option) -> GameOptionInfo:
    return {
        "name": option.name,
        "label": game_words(game, option.title),
        "rule": option.rule,
        "choice_labels": [game_words(game, label) for label in option.choice_titles()]
        if option.choices is not None
        else None,
        "default": _scalar(option.default),
        "kind": option.kind.__name__,
        "help": game_words(game, option.help),
        "choices": None if option.choices is None else [_scalar(choice) for choice in option.choices],
        "minimum": option.minimum,
        "maximum": option.maximum,
    }


def _scalar(value: Any) -> Scalar:
    """A value as JSON sends it: a value of another kind as its text."""
    return value if value is None or isinstance(value, str | int | float | bool) else str(value)
