#!/usr/bin/env bash
# Playwright's web server: a fresh database with one admin and one lawyer, then the production build.
#   --prepare: only the data, then exit (e2e/prepare-data.ts; `npm test` runs it beside the unit tests).
# With E2E_DATA_PREPARED=1 (set by `npm test`) the data that run prepared is used as it is: the
# browsers need not wait for the imports. Without its mark (that run failed, or a plain
# `npm run test:e2e`), the data is prepared here as always.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
PREPARED_MARK="$DATA_DIR/.prepared-for-e2e"
if [ "${1:-}" != "--prepare" ] && [ "${E2E_DATA_PREPARED:-}" = 1 ] && [ -f "$PREPARED_MARK" ]; then
  echo "e2e: npm test가 미리 준비한 데이터로 시작합니다 ($DATA_DIR)"
else
  rm -rf "${DATA_DIR:?}"
  mkdir -p "$DATA_DIR"
  npm run --silent db:migrate
  npm run --silent db:seed -- --user "$E2E_LAWYER"
  # Decisions to ask about: our own fixtures always, the real shared decisions when present.
  npm run --silent ingest -- tests/fixtures/decisions --corpus "테스트 판례" > "$DATA_DIR/ingest.log" 2>&1
  # Our own en banc decision overruling another one (citation graph, overruling flags).
  npm run --silent ingest -- tests/fixtures/citations --corpus "인용 판례" >> "$DATA_DIR/ingest.log" 2>&1
  # Statutes for the 참조조문 links: the real ones when present, else a few articles of 민법.
  if [ -d ../shared/data/statutes ]; then
    npm run --silent ingest:statutes -- ../shared/data/statutes >> "$DATA_DIR/ingest.log" 2>&1
  else
    npm run --silent ingest:statutes -- tests/fixtures/statutes/e2e >> "$DATA_DIR/ingest.log" 2>&1
  fi
  if [ -d ../shared/data/precedents ]; then
    npm run --silent ingest -- ../shared/data/precedents --corpus "공유 판례" >> "$DATA_DIR/ingest.log" 2>&1
  fi
fi
if [ "${1:-}" = "--prepare" ]; then
  touch "$PREPARED_MARK"
  exit 0
fi
# Used once: a later run of the suite on this folder prepares it afresh.
rm -f "$PREPARED_MARK"
# `npm test` builds before the e2e stage; build here only when run on its own.
[ -f .next/BUILD_ID ] || npx --no-install next build
exec npx --no-install next start -H 127.0.0.1 -p "$PORT"
