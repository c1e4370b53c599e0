#!/usr/bin/env bash
# Playwright's web server: a fresh database with one admin and one lawyer, then the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
rm -rf "${DATA_DIR:?}"
mkdir -p "$DATA_DIR"
npm run --silent db:migrate
npm run --silent db:seed -- --user "$E2E_LAWYER"
# Decisions to ask about: our own fixtures always, the real shared decisions when present.
npm run --silent ingest -- tests/fixtures/decisions --corpus "테스트 판례" > "$DATA_DIR/ingest.log" 2>&1
# Our own en banc decision overruling another one (citation graph, overruling flags).
npm run --silent ingest -- tests/fixtures/citations --corpus "인용 판례" >> "$DATA_DIR/ingest.log" 2>&1
if [ -d ../shared/data/precedents ]; then
  npm run --silent ingest -- ../shared/data/precedents --corpus "공유 판례" >> "$DATA_DIR/ingest.log" 2>&1
fi
# `npm test` builds before the e2e stage; build here only when run on its own.
[ -f .next/BUILD_ID ] || npx --no-install next build
exec npx --no-install next start -H 127.0.0.1 -p "$PORT"
