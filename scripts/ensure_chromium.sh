#!/usr/bin/env bash
# Installs Debian's chromium for the Playwright browser tests when /usr/bin/chromium is missing.
# Playwright cannot download its own browsers here; the tests drive this one through `executable_path`.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
