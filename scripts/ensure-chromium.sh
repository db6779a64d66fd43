#!/usr/bin/env bash
# The browser tests drive Debian's Chromium, in its two builds (playwright.config.ts, `browsers`):
# Playwright's own browser download cannot work offline.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Installing Chromium for the browser tests (apt-get install -y chromium chromium-headless-shell)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-headless-shell >/dev/null
else
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium chromium-headless-shell' and run npm test again." >&2
  exit 1
fi
