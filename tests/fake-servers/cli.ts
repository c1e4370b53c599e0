// Starts the fake model servers for the e2e suite (and for trying the UI without real models):
//   npx tsx tests/fake-servers/cli.ts --openai-port 3111 --rerank-port 3112 [--rules rules.json]
import { readFileSync } from "node:fs";
import { type Rule, startFakeOpenAI } from "./openai-server";
import { startFakeRerank } from "./rerank-server";

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const rulesFile = arg("--rules");
const rules = rulesFile
  ? (JSON.parse(readFileSync(rulesFile, "utf8")) as (Rule & { userPattern?: string })[]).map(
      ({ userPattern, ...r }) => ({
        ...r,
        user: userPattern ? new RegExp(userPattern) : r.user,
      }),
    )
  : [];

const openai = await startFakeOpenAI({ port: Number(arg("--openai-port") ?? 4010), rules, chunkDelayMs: 5 });
const rerank = await startFakeRerank({ port: Number(arg("--rerank-port") ?? 4011) });
console.log(`fake OpenAI: ${openai.url}\nfake rerank: ${rerank.url}`);

const stop = async () => {
  await Promise.all([openai.close(), rerank.close()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
