"""The compiled engine (issue 36): which modules of guildtable mypyc built, whether they still match their sources,
and running the sources instead.

`setup.py` compiles every module marked `# Compiled by mypyc at install` and writes `compiled.json` into the package:
the shared library's name and, per module, the SHA-256 of the source it was built from. `guildtable/__init__.py`
calls `check()` before anything else of guildtable is imported:

- with `GUILDTABLE_PURE=1` in the environment, every module of guildtable runs from its source (`use_sources`): the
  pure engine, which the test suite runs too and `guildtable bench` measures;
- otherwise, where a compiled module's source has changed since the build, it warns and runs the sources, so that a
  stale build never runs silently. `make` rebuilds (its install stamp depends on the marked sources), as does
  `python setup.py build_ext --inplace`.

This module is never compiled and imports nothing of guildtable. The Cython encoders (`*.pyx`) have no Python source
of the same name, so they are imported as built either way.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).parent
MANIFEST = PACKAGE / "compiled.json"
PURE = "GUILDTABLE_PURE"
"""The environment variable that, set to 1, runs every module from its source."""
MARKER = "# Compiled by mypyc at install"
"""The line that marks a module for mypyc (setup.py looks for the same)."""


def built_modules() -> dict[str, str]:
    """The modules the installed build compiled, each with the SHA-256 of its source at build time; empty where
    nothing was compiled."""
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    modules: dict[str, str] = manifest["modules"]
    return modules


def source_of(module: str) -> Path:
    """The source file of a module of guildtable (`guildtable.kernel.rng` -> `.../guildtable/kernel/rng.py`)."""
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale_modules() -> list[str]:
    """The compiled modules whose source is no longer what they were built from (or is gone)."""
    stale = []
    for module, built in built_modules().items():
        source = source_of(module)
        if not source.is_file() or digest(source) != built:
            stale.append(module)
    return sorted(stale)


def marked_modules() -> list[str]:
    """The modules of guildtable whose source carries the marker: what a build compiles."""
    root = PACKAGE.parent
    return sorted(
        ".".join(path.relative_to(root).with_suffix("").parts)
        for path in PACKAGE.rglob("*.py")
        if any(line.startswith(MARKER) for line in path.read_text(encoding="utf-8").splitlines())
    )


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` was loaded from a compiled extension rather than its source."""
    return (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The modules of guildtable imported so far that run compiled by mypyc."""
    return sorted(name for name in built_modules() if name in sys.modules and is_compiled(sys.modules[name]))


class SourceFinder(MetaPathFinder):
    """Finds each module of guildtable in its source file, never in a compiled extension beside it."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("guildtable.") or not path:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            package = os.path.join(entry, name)
            if os.path.isfile(os.path.join(package, "__init__.py")):
                return importlib.util.spec_from_file_location(
                    fullname, os.path.join(package, "__init__.py"), submodule_search_locations=[package]
                )
            if os.path.isfile(package + ".py"):
                return importlib.util.spec_from_file_location(fullname, package + ".py")
        return None  # no source: a Cython extension, data, or nothing; the usual finders decide


def use_sources() -> None:
    """From now on, import every module of guildtable from its source (those imported already stay as they are)."""
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())


def check() -> None:
    """Choose the engine when guildtable is imported: the sources if GUILDTABLE_PURE=1 or if the compiled modules are
    out of date (with a warning), else the compiled modules."""
    if os.environ.get(PURE) == "1":
        use_sources()
        return
    stale = stale_modules()
    if stale:
        warnings.warn(
            f"guildtable's compiled engine was built from older sources of {', '.join(stale)}: running the Python "
            "sources instead (rebuild with `make`, or `python setup.py build_ext --inplace`)",
            RuntimeWarning,
            stacklevel=2,
        )
        use_sources()
