"""The server's routes by concern (issue 32), each module an `APIRouter` that `app.create_app` includes: `games` (the
catalogue, glossaries, rules examples), `tables` (tables, their state and moves, records), `seats` (invites and
joining), `replays` (replays and analyses), `operators` (health), `socket` (the WebSocket), `pages` (the HTML pages
and static files) and the accounts' (`accounts`, `ratings`, `mail_links`).

A route gets what it works with as dependencies (`deps.py`: the lobby, the accounts, the rate limits), answers with
one of `models/` (its `response_model`), and names the problems it can refuse with (`problems.problem_responses`).
"""
