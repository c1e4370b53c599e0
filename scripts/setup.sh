#!/usr/bin/env bash
# Command 1 of the README: install, prepare the database, build and start on http://localhost:3000.
# Works on a fresh machine with no external service; model endpoints and Qdrant are optional (.env).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

echo "▶ 1/5 패키지 설치 (Node $(node --version))"
bash scripts/ensure-deps.sh
# The app and every script read .env files themselves, in Next's order (scripts/load-env.ts);
# sourcing .env here would override .env.local. Only the port is needed before `next start`, and it
# is read with Next's own loader — which exists only after step 1 (a fresh clone has no node_modules).
PORT="${PORT:-$(node -e 'require("@next/env").loadEnvConfig(process.cwd(), false, { info() {}, error() {} }); process.stdout.write(process.env.PORT ?? "")')}"
echo "▶ 2/5 설정 확인"
npx --no-install tsx scripts/check-env.ts
echo "▶ 3/5 데이터베이스 준비"
npm run --silent db:generate
npm run --silent db:migrate
npm run --silent db:seed
echo "▶ 4/5 빌드"
# Built again only when a file of the project changed since the last build (as make decides): a
# second `npm run setup` on the same checkout starts at once; after `git pull` or an edited .env it
# rebuilds. Generated, installed and data folders do not count. `npm run setup -- --rebuild` forces it.
changed_since_build() {
  [ ! -f .next/BUILD_ID ] && return 0
  [ -n "$(find . \( -path ./node_modules -o -path ./.next -o -path ./.git -o -path ./data -o -path ./reports \
    -o -path ./test-results -o -path ./playwright-report -o -path ./lib/db/generated -o -path ./lib/db/generated-pg \) -prune \
    -o -type f ! -name '*.tsbuildinfo' ! -name next-env.d.ts -newer .next/BUILD_ID -print -quit)" ]
}
if [ "${1:-}" = "--rebuild" ] || changed_since_build; then
  npx --no-install next build
else
  echo "  바뀐 파일이 없어 지난 빌드를 그대로 씁니다 (다시 빌드: npm run setup -- --rebuild)"
fi
echo "▶ 5/5 시작: http://localhost:${PORT:-3000}"
exec npx --no-install next start -p "${PORT:-3000}"
