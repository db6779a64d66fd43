#!/usr/bin/env bash
# The Nu HTML Checker of the build's checks (tests/dist/html-checker.test.ts, the `vnu-jar`
# package) runs on Java 11 or later: Debian's, as the package's own download of one cannot work
# offline.
set -euo pipefail
if command -v java >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Installing Java for the Nu HTML Checker (apt-get install -y default-jre-headless)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq default-jre-headless >/dev/null
else
  echo "Java is missing: install it with 'sudo apt-get install -y default-jre-headless' and run npm test again." >&2
  exit 1
fi
