// .env files as the app reads them (Prisma 7 no longer loads .env by itself).
import "./scripts/load-env";
import { defineConfig } from "prisma/config";

// Used by the Prisma CLI (generate, and `migrate deploy` on machines that can fetch its engine).
// On offline machines migrations run through scripts/db-migrate.ts with the WebAssembly engine.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/app.db" },
});
