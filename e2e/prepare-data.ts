// `npm test` runs this beside the unit tests: the e2e stage's database and corpora (e2e/start-app.sh
// --prepare: migrations, the two users, the three imports, about a minute on two busy cores), with
// the fake model servers of the suite on their ports for the embeddings. The e2e stage's web server
// then starts on that data (E2E_DATA_PREPARED=1) instead of preparing it again while the browsers wait.
//   npx tsx e2e/prepare-data.ts
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { E2E_APP_ENV, FAKE_OPENAI_PORT, FAKE_RERANK_PORT } from "../playwright.config";
import { rulesFromJson } from "../tests/fake-servers/openai-rules";
import { startFakeOpenAI } from "../tests/fake-servers/openai-server";
import { startFakeRerank } from "../tests/fake-servers/rerank-server";

async function main(): Promise<number> {
  const rules = rulesFromJson(JSON.parse(readFileSync("e2e/fake-rules.json", "utf8")));
  const openai = await startFakeOpenAI({ port: FAKE_OPENAI_PORT, rules, chunkDelayMs: 5, logprobs: true });
  const rerank = await startFakeRerank({ port: FAKE_RERANK_PORT, style: "jina" });
  try {
    const child = spawn("bash", ["e2e/start-app.sh", "--prepare"], {
      env: { ...process.env, ...E2E_APP_ENV },
      stdio: "inherit",
    });
    return await new Promise<number>((done) => child.on("exit", (code) => done(code ?? 1)));
  } finally {
    await Promise.all([openai.close(), rerank.close()]);
  }
}

process.exit(await main());
