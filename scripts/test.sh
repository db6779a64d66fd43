#!/usr/bin/env bash
# npm test: formatting and lint, types, the content check, unit tests, production build, the
# checks of the build (tests/dist, over dist/), then the browser tests against `npm start`'s server.
set -euo pipefail
cd "$(dirname "$0")/.."
# What the machine lacks (a Chromium, Java), named at once with the commands that install it;
# nothing is installed here (CI's .ci/run installs them).
node tools/check-machine.ts

# Three lanes share the cores until the build is done, as none reads what another writes:
# - the linters and the content check read the tree only (dist/, .astro/ and .netlify/ are
#   ignored by both linters);
# - the type checker, then the build: one after the other, as both write .astro/, and the
#   checker empties the adapter's .netlify/v1/functions/ that the build fills; then the checks of
#   the build (tests/dist, over dist/), while the other lanes may still run;
# - the unit tests, which make the run's one fixture build, of a changed copy of the project in a
#   temporary folder, never dist/ (tests/support/fixture-site.ts; the browser tests reuse it).
#   They write .netlify/built-content.json from src/content first, as the build does: the same
#   bytes, each write a rename, so the build's bundlers read one whole file either way.
# Each lane's output is printed whole once all are done, in this order.
lanes=(lint build unit)
declare -A commands=(
  [lint]='echo "== lint (Prettier, ESLint)" && prettier --check . && eslint --max-warnings=0 . && echo "== content check" && node scripts/content-check.mjs'
  [build]='echo "== astro check" && astro check && echo "== production build" && astro build && echo "== checks of the build" && vitest run -c vitest.dist.config.ts'
  [unit]='echo "== unit tests" && vitest run'
)
declare -A pids logs
trap 'for lane in "${lanes[@]}"; do kill "${pids[$lane]:-}" 2>/dev/null || true; rm -f "${logs[$lane]:-}"; done' EXIT
for lane in "${lanes[@]}"; do
  logs[$lane]=$(mktemp)
  bash -c "set -euo pipefail; ${commands[$lane]}" >"${logs[$lane]}" 2>&1 &
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

echo "== browser tests"
playwright test
