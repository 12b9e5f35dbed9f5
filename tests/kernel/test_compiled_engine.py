"""Issue 36: the engine compiled by mypyc at install (`setup.py`, `guildtable/compiled.py`) and the pure Python one
are the same engine.

Random games of every game are played on both side by side: the compiled engine here, the pure one in a worker
process whose guildtable comes from its sources only (GUILDTABLE_PURE=1, `pure_engine.py`), the two exchanging
JSON. At every step the state (its snapshot), what every seat and a spectator see, the legal moves, the events and a
determinization must be the same. The comparison skips where nothing is compiled (no C compiler at install, or the
pure run of the suite), except in CI (GUILDTABLE_REQUIRE_SERVICES=1), which builds the compiled engine.

And a compiled module never runs stale: the build matches today's sources, nothing compiled is left over beside a
source the build no longer compiles, and a build older than its sources gives way to the sources with a warning.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pure_engine import digest, record

import guildtable
import guildtable.compiled as compiled
from guildtable.kernel import BadOptions, BadRecord, Game, Rng
from guildtable.kernel.registry import all_games

GAMES = all_games()
SOURCE_ROOT = Path(guildtable.__file__).parents[1]


def compiled_or_skip() -> None:
    """Skip (fail in CI) unless this process runs compiled modules."""
    if os.environ.get(compiled.PURE) == "1":
        pytest.skip("this run is the pure engine (GUILDTABLE_PURE=1): there is no compiled one to compare")
    if not compiled.compiled_modules():
        message = "nothing of guildtable is compiled here (no C compiler or mypyc at install), so nothing to compare"
        if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
            pytest.fail(f"CI builds the compiled engine (setup.py), but {message}")
        pytest.skip(message)


class PureEngine:
    """The worker process: one JSON request a line, one JSON answer a line."""

    def __init__(self) -> None:
        self.errors: IO[str] = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed in `close`)
        path = os.pathsep.join([str(SOURCE_ROOT), os.environ.get("PYTHONPATH", "")])
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("pure_engine.py"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            text=True,
            env={**os.environ, compiled.PURE: "1", "PYTHONPATH": path},
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.errors.seek(0)
            pytest.fail(f"the pure engine's worker stopped:\n{self.errors.read()}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        self.errors.close()


@pytest.fixture(scope="module")
def pure_engine() -> Iterator[PureEngine]:
    compiled_or_skip()
    engine = PureEngine()
    yield engine
    engine.close()


@st.composite
def tables(draw: st.DrawFn, game: Game) -> dict[str, Any]:
    """A game to play: player count, seed (either generator: below 2**64 and above), options with choices."""
    options = {
        option.name: draw(st.sampled_from(option.choices or (False, True)))
        for option in game.options
        if option.choices or option.kind is bool
    }
    return {
        "game": game.name,
        "players": draw(st.sampled_from(list(game.player_counts))),
        "seed": draw(st.one_of(st.integers(0, 2**64 - 1), st.integers(2**64, 2**256 - 1))),
        "options": options,
    }


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_compiled_and_pure_engines_play_every_step_alike(
    pure_engine: PureEngine, game: Game, data: st.DataObject
) -> None:
    """Issue 36: a random game on the compiled engine and the same moves on the pure one pass through the same
    positions: snapshot, views of every seat and a spectator, legal moves, events and determinization, step by
    step."""
    table = data.draw(tables(game), label="table")
    chooser = Rng(data.draw(st.integers(0, 2**32), label="chooser"))
    try:
        state = game.new_state(table["players"], seed=table["seed"], options=table["options"])
    except (BadOptions, BadRecord):  # options that do not go together (a start player beyond the player count)
        assume(False)
    records = [record(state, [])]
    actions: list[int] = []
    while not state.is_terminal:
        action = chooser.choice(state.legal_actions())
        actions.append(action)
        records.append(record(state, state.apply(action)))
    request = {**table, "actions": actions}
    theirs = pure_engine.ask(request)["digests"]
    ours = [digest(entry) for entry in records]
    if ours == theirs:
        return
    step = next((index for index, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), len(theirs))
    assert step < len(ours), f"the pure engine made {len(theirs)} positions of these moves, the compiled {len(ours)}"
    pure = pure_engine.ask({**request, "detail": step})["record"]
    mine = json.loads(json.dumps(records[step], default=repr))
    for key in mine:
        assert mine[key] == pure[key], f"step {step} (after {actions[:step][-3:]}): {key} differs, compiled vs pure"
    pytest.fail(f"step {step}: the digests differ but the records do not (key order?)")


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_a_position_survives_deepcopy_and_pickle_on_either_engine(game: Game) -> None:
    """Issue 36: the RL environments deep-copy and pickle positions (PettingZoo's api_test, Ray). A compiled frozen
    dataclass a position holds cannot be (mypyc's `__setstate__` assigns its fields): City and Guilds' board and
    Guilds of London's round track once broke them. At every few steps of a random game, the copies play on as the
    original does."""
    chooser = Rng(5)
    for players in (game.min_players, game.max_players):
        state = game.new_state(players, seed=17)
        step = 0
        while not state.is_terminal:
            if step % 9 == 0:
                for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
                    assert json.dumps(twin.snapshot(), sort_keys=True) == json.dumps(state.snapshot(), sort_keys=True)
                    assert twin.legal_actions() == state.legal_actions()
                    action = state.legal_actions()[0]
                    mine, theirs = state.clone(), twin
                    assert [e.data for e in theirs.apply(action)] == [e.data for e in mine.apply(action)]
            state.apply(chooser.choice(state.legal_actions()))
            step += 1


def test_the_pure_engine_imports_no_compiled_module() -> None:
    """Issue 36: GUILDTABLE_PURE=1 runs every module of guildtable from its source, whatever is built beside it."""
    code = (
        "import guildtable.compiled as c; from guildtable.kernel.registry import all_games; all_games(); "
        "print(c.compiled_modules())"
    )
    path = os.pathsep.join([str(SOURCE_ROOT), os.environ.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, compiled.PURE: "1", "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "[]"


def test_the_compiled_modules_are_built_from_todays_sources() -> None:
    """Issue 36: the build holds exactly the modules marked for mypyc, each built from its source as it is now: an
    edit without a rebuild (`make`, or `python setup.py build_ext --inplace`) fails here, rather than leaving the old
    compiled module to run (guildtable would run the sources, with a warning)."""
    if not compiled.built_modules():
        if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
            pytest.fail("CI builds the compiled engine (setup.py), but nothing was compiled")
        pytest.skip("nothing was compiled at install (no C compiler or mypyc)")
    assert compiled.stale_modules() == [], "rebuild the compiled engine: make (or python setup.py build_ext --inplace)"
    assert sorted(compiled.built_modules()) == compiled.marked_modules()


def test_no_compiled_module_is_left_beside_a_source_the_build_does_not_compile() -> None:
    """Issue 36: an extension module beside a `.py` of the same name would be imported instead of it; the build removes
    those it no longer makes, and only the marked modules may have one."""
    built = set(compiled.built_modules())
    beside = {
        ".".join((*path.relative_to(SOURCE_ROOT).parts[:-1], path.name.split(".")[0]))
        for suffix in EXTENSION_SUFFIXES
        for path in compiled.PACKAGE.rglob(f"*{suffix}")
        if path.with_name(path.name.split(".")[0] + ".py").exists()
    }
    assert beside <= built


def test_a_build_older_than_its_sources_gives_way_to_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: where a compiled module's source changed since the build, guildtable warns and imports the sources."""
    manifest = tmp_path / "compiled.json"
    modules = {"guildtable.kernel.rng": "0" * 64}  # not the digest of any source
    manifest.write_text(json.dumps({"library": "guildtable__mypyc", "modules": modules}))
    monkeypatch.setattr(compiled, "MANIFEST", manifest)
    monkeypatch.delenv(compiled.PURE, raising=False)
    switched: list[bool] = []
    monkeypatch.setattr(compiled, "use_sources", lambda: switched.append(True))
    assert compiled.stale_modules() == ["guildtable.kernel.rng"]
    with pytest.warns(RuntimeWarning, match=r"older sources of guildtable\.kernel\.rng"):
        compiled.check()
    assert switched == [True]


@pytest.mark.timeout(600)
def test_without_a_c_compiler_the_install_leaves_plain_python(tmp_path: Path) -> None:
    """Issue 36: compiling is optional. A build where the C compiler fails (as on a machine without one) still
    succeeds, says the engine and the encoders run as plain Python, leaves no compiled module and no manifest, and
    that tree plays a game from its sources."""
    repository = SOURCE_ROOT.parent
    if not (repository / "setup.py").exists():
        pytest.skip("guildtable is not installed from its source tree here")
    tree = tmp_path / "tree"
    leftovers = shutil.ignore_patterns("*.so", "*.c", "__pycache__", "compiled.json", "*.egg-info")
    shutil.copytree(SOURCE_ROOT, tree / "src", ignore=leftovers)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(repository / name, tree / name)
    no_compiler = {**os.environ, "CC": "false", "CXX": "false", "LDSHARED": "false"}
    no_compiler.pop(compiled.PURE, None)
    build = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=tree,
        env=no_compiler,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    assert "the rules engines did not compile" in build.stderr
    assert not [path for suffix in EXTENSION_SUFFIXES for path in (tree / "src").rglob(f"*{suffix}")]
    assert not (tree / "src" / "guildtable" / "compiled.json").exists()
    code = (
        "import guildtable, guildtable.compiled as c; from guildtable.kernel import Rng; "
        "from guildtable.kernel.registry import get_game; state = get_game('city-blocks').new_state(2, seed=1); "
        "rng = Rng(2)\nwhile not state.is_terminal: state.apply(rng.choice(state.legal_actions()))\n"
        "print(guildtable.__file__, c.compiled_modules(), state.returns())"
    )
    played = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**no_compiler, "PYTHONPATH": str(tree / "src")},
        capture_output=True,
        text=True,
        check=True,
    )
    where, modules, _returns = played.stdout.split(" ", 2)
    assert where == str(tree / "src" / "guildtable" / "__init__.py")
    assert modules == "[]"
