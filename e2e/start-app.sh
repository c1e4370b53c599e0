#!/usr/bin/env bash
# Playwright's web server: a fresh database with one admin and one lawyer, then the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
rm -rf "${DATA_DIR:?}"
mkdir -p "$DATA_DIR"
npm run --silent db:migrate
npm run --silent db:seed -- --user "$E2E_LAWYER"
# `npm test` builds before the e2e stage; build here only when run on its own.
[ -f .next/BUILD_ID ] || npx --no-install next build
exec npx --no-install next start -H 127.0.0.1 -p "$PORT"
