"""Every rule (GH-n), decision (GH-Dn) and test case (GH-Tn) of the spec is cited by a test in this folder."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
IDS = [f"GH-{n}" for n in range(1, 117)] + [f"GH-D{n}" for n in range(1, 27)] + [f"GH-T{n}" for n in range(1, 23)]


def test_gh_every_rule_decision_and_case_is_cited() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_gh_*.py") if p.name != Path(__file__).name)
    missing = [rule for rule in IDS if not re.search(rf"\b{re.escape(rule)}\b", text)]
    assert not missing, f"no test cites {', '.join(missing)}"
