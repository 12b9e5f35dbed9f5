"""The compiled observation encoders and action mask (`src/guildtable/rl/compiled`, issue 18), built by Cython when
guildtable is installed. They are optional: where they cannot be compiled (no C compiler), guildtable installs all the
same and they run as Python, slower but with the same results. Everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

# The twins' base class, a twin per game, the action mask.
MODULES = ("tensor", "city_blocks", "city_and_guilds", "guildhall", "guilds_of_london", "masks")

extensions = cythonize(
    [Extension(f"guildtable.rl.compiled.{name}", [f"src/guildtable/rl/compiled/{name}.pyx"]) for name in MODULES],
    compiler_directives={"language_level": 3},
)
for extension in extensions:
    extension.optional = True  # a failed build is a warning; set here, as cythonize does not carry it over
setup(ext_modules=extensions)
