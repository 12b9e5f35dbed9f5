"""The Ray backend: the same games as remote tasks on a Ray cluster (`--address`), or on a local Ray instance.

Needs the optional `ray` extra (`pip install 'guildtable[ray]'`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar

from guildtable.kernel import BadOptions
from guildtable.kernel.i18n import gettext as _


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BadOptions(
            "backend", _("the ray backend needs the ray extra: {command}", command="pip install 'guildtable[ray]'")
        ) from None
    return ray


Task = TypeVar("Task")
Result = TypeVar("Result")


def run_ray(
    tasks: list[Task], address: str | None, workers: int | None, play: Callable[[Task], Result]
) -> Generator[Result, None, None]:
    """Submit every game as a Ray task and yield results as they finish. Connects to `address` (a running cluster)
    or starts a local instance with `workers` CPUs; a Ray session started here is shut down at the end."""
    ray = _ray()
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        started = True
    try:
        remote_play = ray.remote(num_cpus=1)(play)
        pending = [remote_play.remote(task) for task in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
