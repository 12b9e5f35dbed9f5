# Sourced by the scripts that install the tests' npm tools (ensure_axe.sh, ensure_webcheck.sh): installs Debian's npm
# when the machine has none and apt can be used (as root, or through passwordless sudo). It never fails the caller;
# the caller checks what it needed afterwards.
if ! command -v npm >/dev/null 2>&1; then
  SUDO=
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else SUDO=missing; fi
  fi
  if [ "$SUDO" != missing ]; then
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends npm >/dev/null
  fi
fi
