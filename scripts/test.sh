#!/usr/bin/env bash
# npm test: formatting and lint, types, the content check, unit tests, production build, the
# checks of the build (tests/dist, over dist/), then the browser tests against `npm start`'s server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh

# The type checker and the linters each use one core and only read the tree (the checker writes
# nothing the linters read: .astro/ is ignored by both), so the checker runs beside them.
check_log=$(mktemp)
astro check >"$check_log" 2>&1 &
check_pid=$!
trap 'kill "$check_pid" 2>/dev/null || true; rm -f "$check_log"' EXIT

echo "== lint (Prettier, ESLint)"
prettier --check .
eslint --max-warnings=0 .
echo "== content check"
node scripts/content-check.mjs
echo "== astro check"
check_status=0
wait "$check_pid" || check_status=$?
cat "$check_log"
if [ "$check_status" -ne 0 ]; then exit "$check_status"; fi

echo "== unit tests"
vitest run
echo "== production build"
astro build
echo "== checks of the build"
vitest run -c vitest.dist.config.ts
echo "== browser tests"
playwright test
