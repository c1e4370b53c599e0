#!/usr/bin/env bash
# Installs npm packages when node_modules is missing or older than the lockfile (clean clones, CI).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
