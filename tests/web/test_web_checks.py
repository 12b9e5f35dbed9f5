"""Issue 32: the pages' ES modules are checked code. `tsc --checkJs` (strict) type-checks every module of
src/guildtable/web against the API's types, which are generated from the app's own /openapi.json and must be
current; ESLint lints them. The tools are pinned in tools/webcheck (installed by scripts/ensure_webcheck.sh); where
they cannot be installed these tests skip, except in CI (GUILDTABLE_REQUIRE_SERVICES), where they fail."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools/webcheck"
BIN = TOOLS / "node_modules/.bin"


@pytest.fixture(scope="module", autouse=True)
def tools_installed() -> None:
    missing = [name for name in ("tsc", "eslint", "openapi-typescript") if not (BIN / name).exists()]
    if missing:
        if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
            pytest.fail(f"CI needs the web checks ({', '.join(missing)}): scripts/ensure_webcheck.sh failed")
        pytest.skip(f"no {', '.join(missing)} (make test installs them with scripts/ensure_webcheck.sh)")


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_api_types_are_generated_from_the_current_schema() -> None:
    """Issue 32: web/types/api.d.ts is what openapi-typescript makes of /openapi.json now (never edited by hand)."""
    done = run(sys.executable, "scripts/web_types.py", "--check")
    assert done.returncode == 0, done.stderr + done.stdout


def test_the_pages_type_check_strictly() -> None:
    """Issue 32: `tsc --checkJs --noEmit` with `strict` finds no error in any page module."""
    done = run(str(BIN / "tsc"), "-p", str(TOOLS / "tsconfig.json"), "--pretty", "false")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_pages_lint_clean() -> None:
    """Issue 32: ESLint (recommended rules and ours, tools/webcheck/eslint.config.js) finds nothing in the pages."""
    config = str(TOOLS / "eslint.config.js")
    done = run(str(BIN / "eslint"), "--config", config, "--max-warnings", "0", "src/guildtable/web")
    assert done.returncode == 0, done.stdout + done.stderr
