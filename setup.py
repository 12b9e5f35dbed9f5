"""The compiled observation encoders and action mask (`src/guildtable/rl/compiled`, issue 18), built by Cython when
guildtable is installed. They are optional: where they cannot be compiled (no C compiler), guildtable installs all the
same and they run as Python, slower but with the same results. Everything else is in pyproject.toml."""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

# Every Cython source in the package (the twins' base class, a twin per game, the action mask), found rather than
# listed: a game's twin is built without naming it here.
SOURCES = sorted(Path("src").glob("guildtable/**/*.pyx"))

extensions = cythonize(
    [Extension(".".join(path.relative_to("src").with_suffix("").parts), [str(path)]) for path in SOURCES],
    compiler_directives={"language_level": 3},
)
for extension in extensions:
    extension.optional = True  # a failed build is a warning; set here, as cythonize does not carry it over
setup(ext_modules=extensions)
