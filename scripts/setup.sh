#!/usr/bin/env bash
# Command 1 of the README: install, prepare the database, build and start on http://localhost:3000.
# Works on a fresh machine with no external service; model endpoints and Qdrant are optional (.env).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# The app and every script read .env files themselves, in Next's order (scripts/load-env.ts);
# sourcing .env here would override .env.local. Only the port is needed before `next start`.
PORT="${PORT:-$(node -e 'require("@next/env").loadEnvConfig(process.cwd(), false, { info() {}, error() {} }); process.stdout.write(process.env.PORT ?? "")')}"

echo "▶ 1/5 패키지 설치"
bash scripts/ensure-deps.sh
echo "▶ 2/5 설정 확인"
npx --no-install tsx scripts/check-env.ts
echo "▶ 3/5 데이터베이스 준비"
npm run --silent db:generate
npm run --silent db:migrate
npm run --silent db:seed
echo "▶ 4/5 빌드"
npx --no-install next build
echo "▶ 5/5 시작: http://localhost:${PORT:-3000}"
exec npx --no-install next start -p "${PORT:-3000}"
