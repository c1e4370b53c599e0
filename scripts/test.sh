#!/usr/bin/env bash
# Command 2 of the README (and .ci/run): every quality gate and test, on a clean clone too.
# Runs all stages even after a failure, prints one summary line, exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p reports
rm -f reports/vitest.json reports/vitest-pg.json reports/playwright.json reports/fresh-setup.json

# The README's first command (`npm run setup`) from a fresh copy of this tree, as a new user runs it
# (scripts/fresh-setup-check.mjs: its own install, database, build, sign-in, and a second run). It has
# no packages of its own to wait for, so it starts first and overlaps this checkout's install, lint and
# type-check; the unit tests wait for it, so that timing-sensitive tests never share the CPU with it.
node scripts/fresh-setup-check.mjs > reports/fresh-setup.log 2>&1 &
fresh_pid=$!
trap 'kill "$fresh_pid" 2>/dev/null' EXIT
fresh_setup() {
  wait "$fresh_pid"
  local rc=$?
  cat reports/fresh-setup.log
  return $rc
}

failed_stages=()
stage() {
  local name="$1"; shift
  echo; echo "▶ $name"
  local start=$SECONDS
  if "$@"; then echo "✓ $name ($((SECONDS - start)) s)"; else echo "✗ $name ($((SECONDS - start)) s)"; failed_stages+=("$name"); fi
}

set -e
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
npm run --silent db:generate
set +e
# The database tests run a second time on PostgreSQL (Debian's package, installed here when missing
# and possible; a private throwaway server, see scripts/pg-test-server.sh). Without it, that run's
# tests are reported skipped.
bash scripts/pg-test-server.sh ensure || echo "PostgreSQL을 설치할 수 없어 PostgreSQL 단계의 시험은 건너뜀으로 셉니다."

stage "lint (biome)" npx --no-install biome ci --colors=off .
# The layers and boundaries of docs/architecture.md (.dependency-cruiser.cjs), and its diagram up to date.
stage "architecture (dependency-cruiser)" npm run --silent architecture
stage "typecheck (tsc)" npx --no-install tsc --noEmit
# The production build the e2e stage runs depends on no test: it overlaps the fresh-clone check's
# remaining minutes, and the unit tests wait for both (nothing else shares the CPU with them).
npx --no-install next build > reports/build.log 2>&1 &
build_pid=$!
trap 'kill "$fresh_pid" "$build_pid" 2>/dev/null' EXIT
build() {
  wait "$build_pid"
  local rc=$?
  cat reports/build.log
  return $rc
}
stage "fresh clone: npm run setup" fresh_setup
stage "build (next)" build
stage "unit (vitest)" env VITEST_JSON=reports/vitest.json npx --no-install vitest run
# The database tests on PostgreSQL wait mostly on the database server, and the browser tests mostly
# on the app's answers and page loads: run side by side, they share the two cores' idle time (about
# 2.5 min saved). Neither has a timed bound the other could break (the event-loop-bound suites ran
# alone in the unit stage).
env VITEST_JSON=reports/vitest-pg.json npx --no-install vitest run --config vitest.postgres.config.ts \
  > reports/postgres.log 2>&1 &
pg_pid=$!
trap 'kill "$fresh_pid" "$build_pid" "$pg_pid" 2>/dev/null' EXIT
postgres_tests() {
  wait "$pg_pid"
  local rc=$?
  cat reports/postgres.log
  return $rc
}
stage "e2e (playwright)" npx --no-install playwright test
stage "database tests on PostgreSQL (vitest)" postgres_tests

node scripts/test-summary.mjs reports/fresh-setup.json reports/vitest.json reports/vitest-pg.json reports/playwright.json
summary_rc=$?
if [ ${#failed_stages[@]} -gt 0 ]; then
  echo "실패한 단계: ${failed_stages[*]}"
  exit 1
fi
exit $summary_rc
