// Starts the fake model servers for the e2e suite (and for trying the UI without real models):
//   npx tsx tests/fake-servers/cli.ts --openai-port 4010 --rerank-port 4011 [--rules rules.json]
//     [--rerank-style jina|tei] [--api-key KEY] [--latency-ms N] [--chunk-delay-ms N] [--no-logprobs]
// Prints both URLs and stays up until killed (SIGINT/SIGTERM close the ports cleanly).
import { readFileSync } from "node:fs";
import { rulesFromJson } from "./openai-rules";
import { startFakeOpenAI } from "./openai-server";
import { startFakeRerank } from "./rerank-server";

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const numberArg = (name: string, fallback: number) => {
  const value = Number(arg(name) ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name}: expected a whole number`);
  return value;
};

async function main() {
  const rulesFile = arg("--rules");
  const rules = rulesFile ? rulesFromJson(JSON.parse(readFileSync(rulesFile, "utf8"))) : [];
  const style = arg("--rerank-style") === "tei" ? "tei" : "jina";
  const openai = await startFakeOpenAI({
    port: numberArg("--openai-port", 4010),
    rules,
    apiKey: arg("--api-key"),
    latencyMs: numberArg("--latency-ms", 0),
    // A little pacing so the UI visibly streams.
    chunkDelayMs: numberArg("--chunk-delay-ms", 5),
    // An endpoint that never returns token log-probs (CC-RAG then drops that term).
    logprobs: !args.includes("--no-logprobs"),
  });
  const rerank = await startFakeRerank({ port: numberArg("--rerank-port", 4011), style, apiKey: arg("--api-key") });
  console.log(`fake OpenAI: ${openai.url} (${rules.length} rules)\nfake rerank: ${rerank.url} (${style})`);

  const stop = async () => {
    await Promise.all([openai.close(), rerank.close()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  // A taken port or a bad rules file: say so and exit, so Playwright reports it instead of waiting.
  console.error(`fake servers: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
