// Starts the fake model servers for the e2e suite (and for trying the UI without real models):
//   npx tsx tests/fake-servers/cli.ts --openai-port 4010 --rerank-port 4011 [--rules rules.json]
//     [--rerank-style jina|tei] [--api-key KEY] [--latency-ms N] [--chunk-delay-ms N] [--no-logprobs]
// Prints both URLs and stays up until killed (SIGINT/SIGTERM close the ports cleanly).
import { readFileSync } from "node:fs";
import { rulesFromJson } from "./openai-rules";
import { startFakeOpenAI } from "./openai-server";
import { startFakeRerank } from "./rerank-server";

const USAGE = `Starts the fake model servers (an OpenAI-compatible chat/embeddings server and a reranker).

Usage: npx tsx tests/fake-servers/cli.ts [options]

  --openai-port N       port of the fake OpenAI server (default 4010)
  --rerank-port N       port of the fake reranker (default 4011)
  --rules FILE          scripted replies, a JSON list of rules (tests/fake-servers/openai-rules.ts)
  --rerank-style S      jina (default) or tei
  --api-key KEY         refuse requests without this bearer key
  --latency-ms N        delay before every answer (default 0)
  --chunk-delay-ms N    delay between streamed chunks (default 5)
  --no-logprobs         never return token log-probs
  -h, --help            print this and exit

Prints both URLs and stays up until killed (SIGINT/SIGTERM close the ports cleanly).`;

const args = process.argv.slice(2);
// Asked for the usage: print it and start nothing.
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
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
