"""Every rule, decision and test-case ID of a finished game's specification is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"

# (spec file, ID prefix, test folder) of the games whose engines are complete.
SPECS = [
    ("city-blocks.md", "CB", "city_blocks"),
    ("city-and-guilds.md", "CG", "city_and_guilds"),
    ("guilds-of-london.md", "GL", "guilds_of_london"),
    ("guildhall.md", "GH", "guildhall"),
]


@pytest.mark.parametrize(("spec", "prefix", "folder"), SPECS, ids=[s[0] for s in SPECS])
def test_every_rule_id_is_cited_by_a_test(spec: str, prefix: str, folder: str) -> None:
    path = RULES / spec
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    ids = set(re.findall(rf"\b{prefix}-(?:[A-Z]+-?)?\d+\b", path.read_text(encoding="utf-8")))
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "games" / folder).glob("*.py"))
    missing = sorted(i for i in ids if not re.search(rf"\b{re.escape(i)}\b", tests))
    assert not missing, f"{spec}: no test cites {', '.join(missing)}"
