// .env files as the app reads them (Prisma 7 no longer loads .env by itself).
import "./scripts/load-env";
import { defineConfig } from "prisma/config";

// Used by the Prisma CLI (generate, and `migrate deploy` on machines that can fetch its engine).
// On offline machines migrations run through scripts/db-migrate.ts with the WebAssembly engine.
// A postgres:// DATABASE_URL selects the PostgreSQL schema and migrations (docs/scaling.md, "PostgreSQL").
const url = process.env.DATABASE_URL ?? "file:./data/app.db";
const postgres = /^postgres(ql)?:\/\//i.test(url);

export default defineConfig({
  schema: postgres ? "prisma/schema.postgres.prisma" : "prisma/schema.prisma",
  migrations: { path: postgres ? "prisma/migrations-postgres" : "prisma/migrations" },
  datasource: { url },
});
