"""Write the pages' API types, `src/guildtable/web/types/api.d.ts`, from the app's own `/openapi.json` (issue 32).

The pages' ES modules name the server's shapes in JSDoc (`import("../types/api").components["schemas"]["TableState"]`)
and `tsc --checkJs` checks them against this file, so a shape is written once, in the server's models, and never
again by hand. Run it after changing a response model:

    .venv/bin/python scripts/web_types.py           # rewrite api.d.ts
    .venv/bin/python scripts/web_types.py --check   # exit 1 when api.d.ts is not what the schema gives (the tests)

It needs openapi-typescript, pinned in tools/webcheck (`bash scripts/ensure_webcheck.sh` installs it).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = ROOT / "src/guildtable/web/types/api.d.ts"
GENERATOR = ROOT / "tools/webcheck/node_modules/.bin/openapi-typescript"
HEADER = "// The API's shapes for the pages' JSDoc, made from /openapi.json by scripts/web_types.py (never by hand).\n"


def app_schema() -> dict[str, object]:
    """The OpenAPI document the app serves at `/openapi.json` (an app on an in-memory database, never started)."""
    from guildtable.server.app import create_app
    from guildtable.server.settings import ServerSettings

    return create_app(ServerSettings(db="sqlite://")).openapi()


def generated() -> str:
    """What api.d.ts should hold now: openapi-typescript's answer for the app's schema, under our header."""
    if not GENERATOR.exists():
        sys.exit(f"{GENERATOR.relative_to(ROOT)} is missing: run `bash scripts/ensure_webcheck.sh` first")
    with tempfile.TemporaryDirectory() as temp:
        schema = Path(temp) / "openapi.json"
        schema.write_text(json.dumps(app_schema()), encoding="utf-8")
        # A field with a default may be left out of a request (an answer's schema lists its fields as required).
        command = [str(GENERATOR), str(schema), "--default-non-nullable", "false"]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return HEADER + out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only say whether api.d.ts is current (exit 1 if not)")
    args = parser.parse_args(argv)
    text = generated()
    if args.check:
        if TYPES.exists() and TYPES.read_text(encoding="utf-8") == text:
            return 0
        print(f"{TYPES.relative_to(ROOT)} is stale: run `.venv/bin/python scripts/web_types.py`", file=sys.stderr)
        return 1
    TYPES.parent.mkdir(parents=True, exist_ok=True)
    TYPES.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
