#!/usr/bin/env bash
# Installs what checks the pages' ES modules (tsc, ESLint, openapi-typescript: tests/web/test_web_checks.py) from the
# npm registry, at the versions pinned in tools/webcheck/package-lock.json, with Debian's npm (installed when missing).
# Where they cannot be installed, the web checks skip, except in CI (GUILDTABLE_REQUIRE_SERVICES=1), where this script
# then fails.
set -uo pipefail
SCRIPTS="$(cd "$(dirname "$0")" && pwd)"
cd "$(dirname "$0")/../tools/webcheck"
# Installed and current: npm writes its own copy of the lock file into node_modules at each install.
if [ -x node_modules/.bin/tsc ] && [ -x node_modules/.bin/eslint ] && [ -x node_modules/.bin/openapi-typescript ] \
  && cmp -s package-lock.json node_modules/.package-lock.json.source 2>/dev/null; then
  exit 0
fi
# shellcheck source=npm_present.sh
. "$SCRIPTS/npm_present.sh"
if command -v npm >/dev/null 2>&1 && npm ci --include=dev --no-audit --no-fund --loglevel=error >/dev/null; then
  cp package-lock.json node_modules/.package-lock.json.source
fi
if [ ! -x node_modules/.bin/tsc ] || [ ! -x node_modules/.bin/eslint ] || [ ! -x node_modules/.bin/openapi-typescript ]; then
  echo "ensure_webcheck: could not install the web checks (tsc, ESLint); their tests will be skipped" >&2
  [ -z "${GUILDTABLE_REQUIRE_SERVICES:-}" ] || exit 1
fi
exit 0
