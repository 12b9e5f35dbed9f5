"""Every rule, decision and test-case ID of a finished game's specification is cited by at least one test function.

A citation counts only where it belongs to a test: the test's name (`test_cb_t_14_…` cites CB-T-14), its docstring,
or its markers, including the module-level case table a `parametrize` marker names. A module docstring, a comment or a
helper function cites nothing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from guildtable.kernel.registry import all_games

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"

# (spec file, ID prefix, test folder) of every game, asked of the games themselves (issue 31: a game is found, never
# listed): the spec is named after the game, the tests are in the folder named after its package.
SPECS = [
    (f"{game.name}.md", game.rule_prefix, type(game).__module__.split(".")[2])
    for game in all_games()
    if game.rule_prefix
]


def _lines(source: list[str], node: ast.AST) -> str:
    start, end = getattr(node, "lineno", 1), getattr(node, "end_lineno", None) or getattr(node, "lineno", 1)
    return "\n".join(source[start - 1 : end])


def citations_of(source: str) -> str:
    """The text of `source` that cites rules: each test function's name, docstring and markers."""
    tree = ast.parse(source)
    lines = source.splitlines()
    tables: dict[str, str] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign):
            targets = [statement.target]
        else:
            continue
        tables.update((t.id, _lines(lines, statement)) for t in targets if isinstance(t, ast.Name))
    cited: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or not node.name.startswith("test"):
            continue
        cited.append(node.name.replace("_", "-").upper())
        cited.append(ast.get_docstring(node) or "")
        for marker in node.decorator_list:
            cited.append(_lines(lines, marker))
            names = (n.id for n in ast.walk(marker) if isinstance(n, ast.Name))
            cited.extend(tables[name] for name in names if name in tables)
    return "\n".join(cited)


def uncited(ids: set[str], citations: str) -> list[str]:
    return sorted(i for i in ids if not re.search(rf"\b{re.escape(i)}\b", citations))


@pytest.mark.parametrize(("spec", "prefix", "folder"), SPECS, ids=[s[0] for s in SPECS])
def test_every_rule_id_is_cited_by_a_test_function(spec: str, prefix: str, folder: str) -> None:
    path = RULES / spec
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    ids = set(re.findall(rf"\b{prefix}-(?:[A-Z]+-?)?\d+\b", path.read_text(encoding="utf-8")))
    files = sorted((ROOT / "tests" / "games" / folder).glob("*.py"))
    citations = "\n".join(citations_of(p.read_text(encoding="utf-8")) for p in files)
    missing = uncited(ids, citations)
    assert not missing, f"{spec}: no test function cites {', '.join(missing)}"


def test_only_test_functions_cite() -> None:
    """A module docstring, a comment, a helper or an unused table cites nothing; a test's name, docstring and the case
    table its marker names do."""
    source = '''"""Module docstring: CB-1."""
CASES = [("CB-T-2", 1)]
UNUSED = [("CB-T-9", 1)]


def helper() -> None:
    """CB-3."""


@pytest.mark.parametrize(("case", "n"), CASES)
def test_cb_4_name(case, n) -> None:
    """CB-5: docstring."""
    x = 1  # CB-6
'''
    citations = citations_of(source)
    assert uncited({"CB-1", "CB-3", "CB-6", "CB-T-9"}, citations) == ["CB-1", "CB-3", "CB-6", "CB-T-9"]
    assert uncited({"CB-T-2", "CB-4", "CB-5"}, citations) == []
    assert uncited({"CB-4"}, "TEST-CB-45-NAME") == ["CB-4"]  # CB-45 does not cite CB-4


def test_every_game_names_its_rule_prefix() -> None:
    """Issue 31: every registered game says how its rule IDs start, so its rules are checked here without a list."""
    assert [game.name for game in all_games() if not game.rule_prefix] == []
