#!/usr/bin/env bash
# npm test: formatting and lint, types, the content check, unit tests, production build, the
# checks of the build (tests/dist, over dist/), then the browser tests against `npm start`'s server.
set -euo pipefail
cd "$(dirname "$0")/.."
# What the machine lacks (a Chromium, Java), named at once with the commands that install it;
# nothing is installed here (CI's .ci/run installs them).
node tools/check-machine.ts

# Three lanes share the cores, as none reads what another writes before it is made:
# - the linters and the content check read the tree only (dist/, .astro/ and .netlify/ are
#   ignored by both linters); then, once the build is made, the type checker over the types the
#   build has just generated in .astro/ (`--noSync`: the build's sync is the same, and a checker
#   that synced again would load the adapter, which empties .netlify/v1/functions/ and
#   .netlify/build/ while the browser tests' server runs from them);
# - the build, then, as soon as dist/ is made, the browser tests against `npm start`'s server
#   (with a store of its own, tests/support/test-site.mjs), their output shown as it comes: they
#   are the longest part, so nothing else runs between the build and them;
# - the unit tests, then the checks of the build (tests/dist, over dist/) once the build is made.
#   The unit tests and the browser tests share the run's one fixture build, of a changed copy of
#   the project in a temporary folder, never dist/: whichever asks first makes it, the other waits
#   and reuses it (tests/support/fixture-site.ts). The unit tests write .netlify/built-content.json
#   from src/content first, as the build does: the same bytes, each write a rename, so the
#   build's bundlers read one whole file either way.
# The other lanes' output is printed whole as each ends.
state=$(mktemp -d)
exec 3>&1
lanes=(lint unit build)
declare -A commands=(
  [lint]='echo "== lint (Prettier, ESLint)" && prettier --check . && eslint --max-warnings=0 . && echo "== content check" && node scripts/content-check.mjs && after_build "astro check" astro check --noSync'
  [build]='{ echo "== production build" && astro build; } || { touch "$state/build-failed"; exit 1; }; touch "$state/built"; echo "== browser tests" >&3; playwright test >&3 2>&3'
  [unit]='echo "== unit tests" && vitest run && after_build "checks of the build" vitest run -c vitest.dist.config.ts'
)
# Runs a step that reads the build once the build is made, or says it did not run.
after_build='after_build() { until [ -e "$state/built" ] || [ -e "$state/build-failed" ]; do sleep 1; done; if [ -e "$state/built" ]; then echo "== $1"; "${@:2}"; else echo "== $1: not run, as the build failed"; fi; }'
declare -A pids logs
trap 'for lane in "${lanes[@]}"; do kill "${pids[$lane]:-}" 2>/dev/null || true; rm -f "${logs[$lane]:-}"; done; rm -rf "$state"' EXIT
for lane in "${lanes[@]}"; do
  logs[$lane]=$(mktemp)
  state="$state" bash -c "set -euo pipefail; $after_build; ${commands[$lane]}" >"${logs[$lane]}" 2>&1 &
  pids[$lane]=$!
done
failed=()
for lane in "${lanes[@]}"; do
  wait "${pids[$lane]}" || failed+=("$lane")
  unset "pids[$lane]"
  cat "${logs[$lane]}"
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "npm test: failed in ${failed[*]}" >&2
  exit 1
fi
