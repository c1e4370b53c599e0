#!/usr/bin/env bash
# Command 2 of the README (and .ci/run): every quality gate and test, on a clean clone too.
# Runs all stages even after a failure, prints one summary line, exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p reports
rm -f reports/vitest.json reports/playwright.json

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

stage "lint (biome)" npx --no-install biome ci --colors=off .
stage "typecheck (tsc)" npx --no-install tsc --noEmit
stage "unit (vitest)" env VITEST_JSON=reports/vitest.json npx --no-install vitest run
stage "build (next)" npx --no-install next build
stage "e2e (playwright)" npx --no-install playwright test

node scripts/test-summary.mjs reports/vitest.json reports/playwright.json
summary_rc=$?
if [ ${#failed_stages[@]} -gt 0 ]; then
  echo "실패한 단계: ${failed_stages[*]}"
  exit 1
fi
exit $summary_rc
