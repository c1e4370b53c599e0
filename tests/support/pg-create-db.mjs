// Creates one PostgreSQL database from the migrated template, synchronously for the caller
// (tests/support/test-db.ts runs it with execFileSync: test files open their database synchronously).
//   node tests/support/pg-create-db.mjs <admin url> <template name> <new name>
import pg from "pg";

const [adminUrl, template, name] = process.argv.slice(2);
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
} finally {
  await client.end();
}
