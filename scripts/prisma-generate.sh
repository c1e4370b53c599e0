#!/usr/bin/env bash
# Generates both Prisma clients: lib/db/generated (SQLite, from prisma/schema.prisma) and
# lib/db/generated-pg (PostgreSQL, from prisma/schema.postgres.prisma, which is derived from it;
# see lib/db/schema-variants.ts). Prisma 7 clients are provider-specific; lib/db/client.ts picks
# one by DATABASE_URL.
# `prisma generate` does not need the native schema engine, but the CLI tries to download it at
# start-up unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file. Offline machines can't
# download it, so point the variable at a placeholder (generate never executes it).
set -euo pipefail
cd "$(dirname "$0")/.."
placeholder="node_modules/.cache/prisma-schema-engine-placeholder"
mkdir -p "$(dirname "$placeholder")"
touch "$placeholder"
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-$PWD/$placeholder}"
export PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
npx --no-install prisma generate --schema prisma/schema.prisma
npx --no-install prisma generate --schema prisma/schema.postgres.prisma
