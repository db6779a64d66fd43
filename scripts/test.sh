#!/usr/bin/env bash
# npm test: formatting and lint, types, the content check, unit tests, production build, then the browser tests against
# `npm start`'s server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
echo "== lint (Prettier, ESLint)"
prettier --check .
eslint .
echo "== astro check"
astro check
echo "== content check"
node scripts/content-check.mjs
echo "== unit tests"
vitest run
echo "== production build"
astro build
echo "== browser tests"
playwright test
