"""The web platform's server: tables, seats and moves over HTTP and one WebSocket per client.

Everything a client receives is built from `state.view(seat)`, the events that seat may see and, for the seat on
turn, its legal actions. A state, a snapshot or an unfinished game's record (its seed fixes every hidden card) never
leaves this package.
"""

from guildtable.server.app import create_app

__all__ = ["create_app"]
