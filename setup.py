"""The compiled parts of guildtable, built when it is installed. Everything else is in pyproject.toml.

- The rules engines (issue 36): every module of the package marked with the line `# Compiled by mypyc at install`
  is compiled by mypyc into one shared library, `guildtable__mypyc` (beside the package, where mypyc expects it), and
  a small module per source that loads its part. A manifest of the sources' hashes (`guildtable/compiled.json`) goes
  with them, so that guildtable can tell a build that no longer matches its sources and run the sources instead
  (`guildtable/compiled.py`).
- The observation encoders and action mask (`src/guildtable/rl/compiled`, issue 18): Cython.

Both are optional: where they cannot be compiled (no C compiler, mypy missing, mypyc refusing a module), guildtable
installs all the same and runs them as Python, slower but with the same results. The engine is all or nothing: its
modules call each other inside the shared library, so a build missing any of them installs none.
"""

import hashlib
import json
import os
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

MARKER = "# Compiled by mypyc at install"
"""The line that marks a module for mypyc: each game package marks its own rules modules, so adding one needs no
list here."""
LIBRARY = "guildtable__mypyc"
"""The shared library mypyc builds the engine into (its group name plus mypyc's `__mypyc`). It lies above the package,
as mypyc derives each compiled module's `__file__` from the library's place."""
MANIFEST = "guildtable/compiled.json"
"""Which modules the library holds and the SHA-256 of each one's source at build time."""

# Every Cython source in the package (the twins' base class, a twin per game, the action mask), found rather than
# listed: a game's twin is built without naming it here.
CYTHON_SOURCES = sorted(Path("src").glob("guildtable/**/*.pyx"))
ENGINE_SOURCES = sorted(
    path
    for path in Path("src").glob("guildtable/**/*.py")
    if any(line.startswith(MARKER) for line in path.read_text(encoding="utf-8").splitlines())
)


def module_name(path: Path) -> str:
    return ".".join(path.relative_to("src").with_suffix("").parts)


def warn(message: str) -> None:
    print(f"\nWARNING: {message}\n", file=sys.stderr)


MYPY_OPTIONS = ["--no-site-packages", "--ignore-missing-imports", "--follow-imports=silent"]
"""How mypyc reads the sources. The build environment (pip's isolated one) holds setuptools, Cython and mypy but not
guildtable's dependencies, so the build never looks for them: their types are Any to mypyc in every environment
(`mypy --strict` in `make test` checks them for real), and the plain modules the compiled ones import are read for
their types only."""


def engine_extensions() -> list[Extension]:
    """mypyc's extensions for the marked modules, or none (with a warning) where mypyc is missing or refuses them."""
    if not ENGINE_SOURCES or os.environ.get("GUILDTABLE_NO_MYPYC"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        warn("mypyc (part of mypy) is not installed: the rules engines will run as plain Python.")
        return []
    try:
        sources = [str(path) for path in ENGINE_SOURCES]
        extensions = mypycify([*MYPY_OPTIONS, *sources], group_name=LIBRARY.removesuffix("__mypyc"))
    except SystemExit:  # mypyc reports what it refused, then exits
        warn("mypyc could not compile the rules engines (see above): they will run as plain Python.")
        return []
    for extension in extensions:
        extension.optional = True
    return extensions


class BuildExt(build_ext):
    """setuptools' build_ext, keeping the engine all or nothing and writing its manifest."""

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)
        self.built.add(ext.name)  # not reached when the build of an optional extension failed

    def build_extensions(self) -> None:
        self.built: set[str] = set()
        super().build_extensions()
        engine = [ext.name for ext in ENGINE]
        if engine and not set(engine) <= self.built:
            warn("the rules engines did not compile (see above): they will run as plain Python.")
            # A library from an earlier build must not be copied into the package beside today's sources.
            for name in engine:
                Path(self.get_ext_fullpath(name)).unlink(missing_ok=True)
            self.engine_built = False
        else:
            self.engine_built = bool(engine)

    def run(self) -> None:
        super().run()
        manifest = Path(self.get_ext_fullpath(LIBRARY)).parent / MANIFEST
        built = {module_name(path) for path in ENGINE_SOURCES} if getattr(self, "engine_built", False) else set()
        # What an earlier build compiled and this one did not (a module no longer marked, or no engine this time)
        # must not run in place of its source.
        if manifest.exists():
            for name in set(json.loads(manifest.read_text())["modules"]) - built:
                Path(self.get_ext_fullpath(name)).unlink(missing_ok=True)
            manifest.unlink()
        if built:
            hashes = {module_name(path): hashlib.sha256(path.read_bytes()).hexdigest() for path in ENGINE_SOURCES}
            manifest.write_text(json.dumps({"library": LIBRARY, "modules": hashes}, indent=1) + "\n")
        else:
            Path(self.get_ext_fullpath(LIBRARY)).unlink(missing_ok=True)


cython_extensions = cythonize(
    [Extension(module_name(path), [str(path)]) for path in CYTHON_SOURCES],
    compiler_directives={"language_level": 3},
)
for extension in cython_extensions:
    extension.optional = True  # a failed build is a warning; set here, as cythonize does not carry it over
ENGINE = engine_extensions()
setup(ext_modules=[*ENGINE, *cython_extensions], cmdclass={"build_ext": BuildExt})
