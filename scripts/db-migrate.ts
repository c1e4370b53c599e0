// Applies committed migrations to DATABASE_URL (idempotent): prisma/migrations for a SQLite
// `file:` URL, prisma/migrations-postgres for a `postgres://` one. Run by `npm run setup` and the tests.
import "./cli";
import { applyMigrations } from "../lib/db/migrate";
import { env } from "../lib/env";

const url = env().DATABASE_URL;
const applied = await applyMigrations(url);
console.log(applied.length ? `마이그레이션 적용: ${applied.join(", ")}` : "데이터베이스가 최신 상태입니다.");
// The wasm engine leaves a 10 s timer behind after PostgreSQL's advisory lock: do not wait for it.
process.exit(0);
