"""The Ray backend plays the same tournament as the local one: same seeds, same games, same results."""

from __future__ import annotations

import pytest

from extras import import_extra
from guildtable.arena.backends import run_tasks
from guildtable.arena.ratings import rate
from guildtable.arena.tournament import Tournament, schedule

ray = import_extra("ray", "ray")


@pytest.mark.slow
def test_ray_backend_matches_the_local_backend() -> None:
    tournament = Tournament("city-blocks", 2, ("random", "greedy", "ismcts:iterations=8"), 6, seed=7)
    tasks = schedule(tournament)
    local = sorted(run_tasks(tasks, "local", workers=1), key=lambda result: result.index)
    remote = sorted(run_tasks(tasks, "ray", workers=2), key=lambda result: result.index)
    assert [r.index for r in remote] == list(range(6))
    assert [r.actions for r in remote] == [r.actions for r in local]
    assert [r.scores for r in remote] == [r.scores for r in local]
    assert rate(remote, 3) == rate(local, 3)
