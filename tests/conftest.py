"""Test-wide settings: hypothesis profiles (CI runs the `ci` profile: fewer, deterministic examples)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
