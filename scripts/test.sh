#!/usr/bin/env bash
# npm test: formatting and lint, types, the content check, unit tests, production build, the
# checks of the build (tests/dist, over dist/), then the browser tests against `npm start`'s server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
echo "== lint (Prettier, ESLint)"
prettier --check .
eslint --max-warnings=0 .
echo "== astro check"
astro check
echo "== content check"
node scripts/content-check.mjs
echo "== unit tests"
vitest run
echo "== production build"
astro build
echo "== checks of the build"
vitest run -c vitest.dist.config.ts
echo "== browser tests"
playwright test
