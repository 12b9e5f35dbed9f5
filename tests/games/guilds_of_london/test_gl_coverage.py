"""Every rule (GL-n), decision (GL-Dn) and test case (GL-Tn) of the spec is cited by a test here."""

from __future__ import annotations

import re
from pathlib import Path

SPEC = Path("/work/shared/rules/guilds-of-london.md")
HERE = Path(__file__).parent


def test_every_spec_id_is_cited_by_a_test() -> None:
    if not SPEC.exists():  # the spec lives beside the repository; CI without it checks the known ranges
        ids = (
            {f"GL-{n}" for n in range(1, 112)} | {f"GL-D{n}" for n in range(1, 42)} | {f"GL-T{n}" for n in range(1, 28)}
        )
    else:
        ids = set(re.findall(r"\bGL-[DT]?\d+\b", SPEC.read_text(encoding="utf-8")))
    text = "\n".join(path.read_text(encoding="utf-8") for path in HERE.glob("test_gl_*.py"))
    cited = set(re.findall(r"\bGL-[DT]?\d+\b", text.replace("_", "-").upper().replace("GL-T-", "GL-T")))
    normalized = {i.upper() for i in cited}
    missing = sorted(ids - normalized, key=lambda i: (i[3] if i[3].isalpha() else "", int(re.sub(r"\D", "", i))))
    assert not missing, f"not cited by any test: {missing}"
