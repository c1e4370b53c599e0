#!/usr/bin/env bash
# Installs npm packages when node_modules is missing or older than the lockfile (clean clones, CI).
# `npm install`, not `npm ci`: the registry reachable from these machines lacks other platforms'
# optional binaries (darwin, win32, musl…), so the lockfile cannot list them and `npm ci` refuses it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
