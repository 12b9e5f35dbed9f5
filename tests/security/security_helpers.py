"""What the attack tests share: the test client type and the app factory's signature."""

from __future__ import annotations

import warnings
from collections.abc import Callable

with warnings.catch_warnings():
    # Starlette suggests httpx2 for its test client; httpx is what this project pins.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

MakeClient = Callable[..., TestClient]

__all__ = ["MakeClient", "TestClient"]
