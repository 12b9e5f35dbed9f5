"""Where a tournament's games are played: `local` (processes on this machine) or `ray` (a Ray cluster).

Every backend takes the same `MatchTask`s and yields `MatchResult`s as games finish (in any order); the report sorts
them by game index, so results do not depend on the backend.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

from guildtable.arena.tournament import MatchResult, MatchTask, play_match
from guildtable.kernel import BadOptions
from guildtable.kernel.i18n import gettext as _

BACKENDS = ("local", "ray")

Task = TypeVar("Task")
Result = TypeVar("Result")


def run_tasks(
    tasks: list[MatchTask], backend: str = "local", workers: int | None = None, address: str | None = None
) -> Generator[MatchResult, None, None]:
    """Play `tasks` on `backend`, yielding each result as its game ends. Closing the generator early stops the
    games still running and frees the workers."""
    return run_calls(play_match, tasks, backend, workers, address)


def run_calls(
    play: Callable[[Task], Result],
    tasks: list[Task],
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
) -> Generator[Result, None, None]:
    """`play` (a module-level function, so that workers can import it) on each task, on `backend`, yielding each
    result as it ends: the arena's games, and self-play's (`guildtable.learn.selfplay`)."""
    if backend == "local":
        from guildtable.arena.backends.local import run_local

        return run_local(tasks, workers, play)
    if backend == "ray":
        from guildtable.arena.backends.ray_backend import run_ray

        return run_ray(tasks, address, workers, play)
    raise BadOptions(
        "backend",
        _("unknown backend {backend}; the backends are: {known}", backend=repr(backend), known=", ".join(BACKENDS)),
    )
