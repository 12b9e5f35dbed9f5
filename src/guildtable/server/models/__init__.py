"""The API's answers as types (issue 32): what each JSON endpoint and each WebSocket message sends, declared once.

The routes name these as their `response_model`, so `/openapi.json` carries each answer's schema (and a real example
of it), and the pages' types are generated from that schema. The models are `TypedDict`s
that pydantic reads: they describe the plain dicts the lobby and the tables build, with `NotRequired` for a key only
some answers carry. A game's view is the game's own type (`Game.view_type`, its `view.py`): `views.GameView`.

Modules: `views` (the four games' views), `tables` (a table, its seats, its state and moves), `games` (the catalogue,
glossaries and rules examples), `replays` (replays and analyses), `socket` (the WebSocket's messages both ways),
`accounts` and `ratings` (the accounts' answers). An example of each answer, from real positions, is in
`server/api_examples.py`.

A response model also filters: a key it does not declare is dropped from the answer. The models must stay complete;
`tests/server/test_server_response_models.py` plays every game and checks each answer against them with extra keys
forbidden.
"""
