#!/usr/bin/env bash
# Installs Debian's chromium for the Playwright browser tests when /usr/bin/chromium is missing.
# Playwright cannot download its own browsers here; the tests drive this one through `executable_path`.
# Where it cannot be installed (no root, no network), the browser tests skip, except in CI
# (GUILDTABLE_REQUIRE_SERVICES=1, set by .ci/run), where this script then fails.
set -uo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else SUDO=missing; fi
fi
if [ "$SUDO" != missing ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq &&
    $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "ensure_chromium: could not install chromium; the browser tests will be skipped" >&2
  [ -z "${GUILDTABLE_REQUIRE_SERVICES:-}" ] || exit 1
fi
exit 0
