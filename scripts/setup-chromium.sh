#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (never a downloaded browser build).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: install Debian's package with 'sudo apt-get install chromium'." >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
