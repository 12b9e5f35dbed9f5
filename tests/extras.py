"""The optional extras (`.[ray,openspiel,rl]`) in tests: skipped where they are not installed, but a failure in CI.

`make test` installs every extra, and `.ci/run` sets GUILDTABLE_REQUIRE_SERVICES, so there a missing extra fails the
run instead of silently skipping its tests.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def import_extra(module: str, extra: str) -> ModuleType:
    """`module`, or skip the calling test module (fail under GUILDTABLE_REQUIRE_SERVICES) when `extra` is missing."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        message = f"{module} is not installed (pip install -e '.[{extra}]'; make test does): {error}"
        if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message, allow_module_level=True)
