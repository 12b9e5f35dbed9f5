"""Issue 31: every golden playthrough plays again exactly as committed (see golden.py and README.md).

A failure shows the first differing lines. If the change is deliberate, regenerate the files (`make golden`) and
review their diff like code: each changed line is a changed behaviour, and the commit says why.
"""

from __future__ import annotations

import pytest

from golden import REGENERATE, Case, canonical, cases, digest, first_difference, stray_files

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_playthrough_is_unchanged(case: Case) -> None:
    """Issue 31: the playthrough plays again line for line as its golden file records it (actions, notation, legal
    actions, prompts and labels in both languages, each seat's events and view, scores, observation)."""
    if not case.path.exists():
        pytest.fail(f"{case.name}.txt is missing; to write it: {REGENERATE}")
    committed = case.path.read_text(encoding="utf-8")
    now = case.play()
    if now != committed:
        pytest.fail(
            f"{case.name} plays differently from its golden file:\n"
            f"{first_difference(committed, now, case.name)}\n"
            f"If the change is deliberate: {REGENERATE}, and review the diff like code.",
            pytrace=False,
        )


def test_no_stray_golden_files() -> None:
    """A playthrough file that no case writes any more is removed by regenerating, not left to rot."""
    assert stray_files(CASES) == [], f"files no case writes; to remove them: {REGENERATE}"


def test_every_option_is_played_with_a_value_other_than_its_default() -> None:
    """The option sets give each option (with more than one value) a value other than its default somewhere."""
    from guildtable.kernel.registry import all_games

    for game in all_games():
        played = [case.options for case in CASES if case.game == game.name]
        for option in game.options:
            if option.choices is not None and len(option.choices) < 2:
                continue
            assert any(option.name in options and options[option.name] != option.default for options in played), (
                f"{game.name}: no golden playthrough sets {option.name} to another value than its default"
            )


def test_hashes_are_canonical() -> None:
    """Key order and tuples versus lists do not change a hash; non-ASCII text is hashed as UTF-8."""
    assert digest({"b": (1, 2), "a": "ä"}) == digest({"a": "ä", "b": [1, 2]})
    assert canonical({"b": 1, "a": "ä"}) == '{"a":"ä","b":1}'
