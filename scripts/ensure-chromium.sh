#!/usr/bin/env bash
# Playwright drives Debian's Chromium (its own browser download cannot work offline): the e2e suite
# runs in Debian's chromium-headless-shell, Chromium without its windowing layers, which takes about
# 40% less CPU than the full browser on the suite's pages (docs/development.md); the full browser
# (package chromium) stays the fallback and the screenshots' browser.
set -euo pipefail
SHELL_BIN=/usr/lib/chromium/chromium-headless-shell
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x "$SHELL_BIN" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  if [ ! -x /usr/bin/chromium ]; then
    echo "Chromium이 없습니다: sudo apt-get install -y chromium chromium-headless-shell 을 실행한 뒤 다시 시도하세요." >&2
    exit 1
  fi
  echo "chromium-headless-shell이 없어 e2e 시험을 일반 Chromium으로 돌립니다(더 느림): sudo apt-get install -y chromium-headless-shell" >&2
  exit 0
fi
echo "Chromium 설치 (apt: ${missing[*]})…"
apt-get update -qq
# The full browser is required; the headless shell only makes the suite faster.
if [[ " ${missing[*]} " == *" chromium "* ]]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ ! -x "$SHELL_BIN" ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null ||
    echo "chromium-headless-shell을 설치하지 못해 e2e 시험을 일반 Chromium으로 돌립니다(더 느림)." >&2
fi
