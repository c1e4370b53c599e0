// Writes prisma/migrations/<timestamp>_<name>/migration.sql for the current schema.
// Usage: npm run db:new-migration -- <name>
import "./load-env";
import { rmSync } from "node:fs";
import { createMigration } from "../lib/db/migrate";

// --check: exit 1 when the schema has changes no migration covers (a guard for the test suite).
const check = process.argv.includes("--check");
const name = check ? "check" : process.argv[2];
if (!name) {
  console.error("사용법: npm run db:new-migration -- <이름>");
  process.exit(2);
}
const scratch = "file:./data/.migration-scratch.db";
rmSync("./data/.migration-scratch.db", { force: true });
const folder = await createMigration(name, scratch, { dryRun: check });
rmSync("./data/.migration-scratch.db", { force: true });
if (check) {
  console.log(
    folder
      ? "스키마에 마이그레이션이 없는 변경이 있습니다: npm run db:new-migration -- <이름>"
      : "마이그레이션이 스키마와 일치합니다.",
  );
  process.exit(folder ? 1 : 0);
}
console.log(folder ? `새 마이그레이션: ${folder}` : "스키마 변경 없음: 마이그레이션을 만들지 않았습니다.");
