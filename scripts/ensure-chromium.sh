#!/usr/bin/env bash
# Playwright drives Debian's Chromium (its own browser download cannot work offline).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium이 없습니다: sudo apt-get install -y chromium 을 실행한 뒤 다시 시도하세요." >&2
  exit 1
fi
echo "Chromium 설치 (apt)…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
