// Imported first by every command-line script: reads the project's .env files exactly as the app
// does, with Next's own loader (@next/env). Files are looked up in the working directory (npm
// runs scripts from the project root), in Next's order, and a variable already set in the
// environment always wins:
//   .env.production.local, .env.local, .env.production, .env    (as `next start`; the default)
//   .env.development.local, .env.local, .env.development, .env  (NODE_ENV=development, as `next dev`)
//   .env.test.local, .env.test, .env                            (NODE_ENV=test)
// Without it, `npm run ingest` would ignore EMBEDDINGS_* set in .env and index BM25-only.
import nextEnv from "@next/env";

const quiet = { info: () => {}, error: (...args: unknown[]) => console.error(...args) };
nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV === "development", quiet);
// Next marks the environment as processed; a child process (the app started by a benchmark) must
// still read its own files, as it would when started by hand.
delete process.env.__NEXT_PROCESSED_ENV;
