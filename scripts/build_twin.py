"""Rebuild one compiled module in place, for a developer changing it:
`python scripts/build_twin.py src/guildtable/games/guildhall/observer_twin.pyx` (or a file name found once: `masks`).

`pip install -e .` rebuilds every twin (setup.py); this builds just the named module, in its own temporary directory,
so two developers (or two helpers) can rebuild different twins at once.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent.parent


def main(name: str) -> None:
    given = Path(name)
    found = [given.resolve()] if given.suffix == ".pyx" else sorted(ROOT.glob(f"src/guildtable/**/{name}.pyx"))
    if len(found) != 1:
        sys.exit(f"{name}: {len(found)} sources match; name the .pyx file")
    source = found[0]
    module = ".".join(source.relative_to(ROOT / "src").with_suffix("").parts)
    with tempfile.TemporaryDirectory() as temp:
        setup(
            ext_modules=cythonize(
                [Extension(module, [str(source.relative_to(ROOT))])],
                compiler_directives={"language_level": 3},
                quiet=True,
            ),
            package_dir={"": "src"},
            script_args=["build_ext", "--inplace", "-q", "--build-temp", temp, "--build-lib", temp],
        )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
