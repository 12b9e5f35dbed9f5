"""An example of each JSON answer for `/docs` (issue 32), from a real position: a City Blocks game a few moves in, its
view, its legal moves and its log as the kernel gives them. `apidocs.py` puts each on the answers whose schema it is
an example of (by the schema's name); a test checks every example against its model, extra keys forbidden.

Built when the schema is first asked for, in the reader's language of that request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guildtable.kernel import State
from guildtable.kernel.glossary import glossary_json
from guildtable.kernel.records import record_of
from guildtable.kernel.registry import get_game
from guildtable.server.health import CollectionsReport, LagReport
from guildtable.server.replays import spectator_frame
from guildtable.server.routes.games import games_catalogue, tutorial_json
from guildtable.server.rulebook import examples_json

GAME = "city-blocks"
TABLE_ID = "k3Vb7QpZ2mXa"
NAMES = ["Ada", "Grace"]
SEATS = [
    {"seat": seat, "name": name, "kind": "human", "joined": True, "names_level": False, "bot": False}
    for seat, name in enumerate(NAMES)
]


def _position(moves: int = 4) -> State:
    state = get_game(GAME).new_state(2, seed=7)
    for _move in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def _finished() -> State:
    state = get_game(GAME).new_state(2, seed=7)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    return state


def table_summary() -> dict[str, Any]:
    return {
        "id": TABLE_ID,
        "game": GAME,
        "title": get_game(GAME).title,
        "created": "2025-05-01T18:30:00+00:00",
        "seats": SEATS,
        "version": 4,
        "terminal": False,
        "current_player": 0,
        "rematch": None,
        "rated": False,
        "pace": None,
        "deadline": None,
        "out": {},
    }


def _events(state: State) -> list[dict[str, Any]]:
    game = state.game
    replay = game.new_state(2, seed=7)
    events = []
    for version, action in enumerate(state.history, start=1):
        for event in replay.apply(action):
            if event.visible_to(0):
                events.append({"version": version, **event.to_json(), "text": game.describe_event(event, NAMES)})
    return events


def table_state() -> dict[str, Any]:
    state, game = _position(), get_game(GAME)
    return {
        "type": "state",
        "table": TABLE_ID,
        "game": GAME,
        "title": game.title,
        "official_content": game.official_content,
        "content_note": game.content_note,
        "options": dict(state.options),
        "version": state.moves_played,
        "seat": 0,
        "seats": SEATS,
        "current_player": state.current_player,
        "terminal": False,
        "prompt": state.prompt(NAMES),
        "legal": state.legal_moves(NAMES)[:3],
        "view": state.view(0),
        "scores": [float(score) for score in state.scores()],
        "rematch": None,
        "rated": False,
        "pace": None,
        "out": {},
        "played_on": {},
        "can_undo": False,
        "can_resign": True,
        "log": _events(state),
        "how_to_play": list(game.how_to_play),
    }


def table_update() -> dict[str, Any]:
    whole = table_state()
    update = {key: value for key, value in whole.items() if key not in ("log", "how_to_play")}
    return {**update, "type": "update", "events": whole["log"][-1:]}


def replay_frame() -> dict[str, Any]:
    state = _finished()
    return spectator_frame(state, len(state.history), "Grace: the last move", [], NAMES)


def game_record() -> dict[str, Any]:
    # A fixed date, not the hour the schema was built: the schema (and the pages' types made from it) stays the same.
    return {**record_of(_finished(), [(name, "human") for name in NAMES]), "created": "2025-05-01T18:30:00+00:00"}


def analysis() -> dict[str, Any]:
    step = {
        "ply": 0,
        "seat": 0,
        "played": 12,
        "played_move": "H3 C2",
        "played_label": "your house 3 at row 3, column 2",
        "best": 17,
        "best_move": "S5 D4",
        "best_label": "your store 5 at row 4, column 4",
        "value_played": 0.41,
        "value_best": 0.47,
        "loss": 0.06,
        "mark": "inaccuracy",
        "forced": False,
        "chances": [0.41, 0.59],
        "why": "The store at D4 leads row 4.",
    }
    seats: list[dict[str, Any]] = [
        {"seat": seat, "total_loss": 0.06 * (1 - seat), "decisions": 1, "marks": {}} for seat in (0, 1)
    ]
    result = {"game": GAME, "players": 2, "spec": "ismcts:iterations=400", "steps": [step], "seats": seats}
    return {"status": "done", "done": 1, "total": 1, "analysis": result}


def health() -> dict[str, Any]:
    lag = LagReport(p50_ms=0.2, p99_ms=3.1, longest_ms=12.4)
    collections = CollectionsReport(generation=0, collections=120, total_ms=30.5, longest_ms=1.2, collected=4000)
    return {"status": "ok", "tables": 12, "sockets": 30, "loop_lag": lag.model_dump(), "gc": [collections.model_dump()]}


# By schema name: how to build an example of it.
EXAMPLES: dict[str, Callable[[], Any]] = {
    "GamesCatalogue": games_catalogue,
    "Glossary": lambda: dict(list(glossary_json(get_game(GAME).glossary()).items())[:2]),
    "GameExamples": lambda: examples_json(GAME, "en")[:1],
    "TutorialJson": lambda: {**tutorial_json(GAME, "en"), "steps": tutorial_json(GAME, "en")["steps"][:3]},
    "TableSummary": table_summary,
    "CreatedTable": lambda: {
        **table_summary(),
        "version": 0,
        "seats": [{**SEATS[0]}, {**SEATS[1], "name": "Blue", "joined": False}],
        "invites": [{"seat": 1, "token": "iT9x", "url": f"/table/{TABLE_ID}#seat=1&invite=iT9x"}],
        "secrets": [{"seat": 0, "secret": "sK2q"}],
        "spectator": f"/table/{TABLE_ID}",
    },
    "Rematch": lambda: {**table_summary(), "version": 0, "seat": 0, "secret": "sR4w", "url": "/table/n8Wc4LrT1yHd"},
    "InviteInfo": lambda: {"seat": 1, "name": "Blue", "taken": False, "named": False},
    "TableState": table_state,
    "TableUpdate": table_update,
    "JoinedTable": lambda: {**table_state(), "secret": "sK2q"},
    "UploadedReplay": lambda: {"id": "r5Tq8ZkP0aLm", "url": "/replay/r5Tq8ZkP0aLm"},
    "ReplaySummary": lambda: {
        "id": "r5Tq8ZkP0aLm",
        "game": GAME,
        "title": get_game(GAME).title,
        "players": [{"name": name, "kind": "human"} for name in NAMES],
        "steps": 2,
        "moves": ["Ada builds a house 3 at row 3, column 2.", "Grace builds a store 5 at row 4, column 4."],
        "record": "/api/replays/r5Tq8ZkP0aLm/record",
    },
    "ReplayFrame": replay_frame,
    "GameRecord": game_record,
    "AnalysisStatus": analysis,
    "Health": health,
}
