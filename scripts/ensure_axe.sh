#!/usr/bin/env bash
# Installs axe-core (the accessibility checker the browser tests inject into each page) from the npm registry, at the
# version pinned in tests/browser/axe/package-lock.json, with Debian's npm (installed when missing).
# Where it cannot be installed, the accessibility tests skip, except in CI (GUILDTABLE_REQUIRE_SERVICES=1), where this
# script then fails.
set -uo pipefail
SCRIPTS="$(cd "$(dirname "$0")" && pwd)"
cd "$(dirname "$0")/../tests/browser/axe"
pinned=$(sed -n 's/.*"axe-core": "\([0-9.]*\)".*/\1/p' package.json)
installed=$(sed -n 's/^  "version": "\([0-9.]*\)".*/\1/p' node_modules/axe-core/package.json 2>/dev/null)
if [ -f node_modules/axe-core/axe.min.js ] && [ "$pinned" = "$installed" ]; then
  exit 0
fi
# shellcheck source=npm_present.sh
. "$SCRIPTS/npm_present.sh"
if command -v npm >/dev/null 2>&1; then
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
if [ ! -f node_modules/axe-core/axe.min.js ]; then
  echo "ensure_axe: could not install axe-core; the accessibility tests will be skipped" >&2
  [ -z "${GUILDTABLE_REQUIRE_SERVICES:-}" ] || exit 1
fi
exit 0
