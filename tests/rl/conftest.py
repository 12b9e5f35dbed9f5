"""Every RL test leaves the bot table as it found it: a policy a test (or an example it runs) registers as a bot kind
is removed afterwards, so no other test in the same process sees it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_leftover_policies() -> Iterator[None]:
    rl = pytest.importorskip("guildtable.rl")
    yield
    for kind in rl.registered_policies():
        rl.unregister_policy(kind)
