"""The parts of the lobby (`server/lobby.py`), one concern each; the lobby composes them and the routes call it.

- `memory`: the tables held in memory, read from the store when opened, swept out when idle.
- `creation`: new tables and rematches; `seats`: joining, renaming and claiming seats, and starting the clocks.
- `moves`: the one path a move takes (check, store, adopt under the table's lock), undo and resigning.
- `followups`: what follows any change (the hub, the news to other processes, the bot on turn, the timer, ratings).
- `bots`: the bot seats' turns; `timeouts` and `timers`: paced tables' clocks running out (issue 16).
- `news`: what other processes stored, heard over Redis or read from the store (catching up).
- `settling`: rating a rated game that ended; `background`: the tasks nobody awaits, cancelled on stopping.

They import one another in that order of need (none imports the lobby): where a lower part must reach a higher one
(a follow-up schedules a bot, a timer checks a clock), the lobby hands it the call when it builds them.
"""
