import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_GROUPS, SYSTEMS } from "@/lib/eval/systems";
import { rulesFromJson } from "../fake-servers/openai-rules";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";
import { createTestDb } from "../support/test-db";

// `npm run eval` with the fake model servers: every strategy side by side on our own small
// benchmark (tests/fixtures/strategies-bench.jsonl, scripted replies in strategies-rules.json),
// recorded once and replayed offline to the same table. The figures are plumbing, not quality.
let openai: FakeOpenAI;
let reranker: FakeRerank;
beforeAll(async () => {
  const rules = rulesFromJson(JSON.parse(readFileSync("tests/fixtures/strategies-rules.json", "utf8")));
  [openai, reranker] = await Promise.all([startFakeOpenAI({ rules }), startFakeRerank()]);
});
afterAll(() => Promise.all([openai.close(), reranker.close()]));

const SYSTEMS_ARG = "strategies,cc-rag-ablations";
const ids = [...new Set([...(SYSTEM_GROUPS.strategies ?? []), ...(SYSTEM_GROUPS["cc-rag-ablations"] ?? [])])];
const labelOf = (id: string) => SYSTEMS.find((s) => s.id === id)?.label ?? id;
const literal = (s: string) => s.replace(/[()+]/g, (c) => `\\${c}`);

describe("npm run eval -- --systems strategies,cc-rag-ablations (fake model servers)", () => {
  it("runs every strategy on the small benchmark, and replays the recording offline", {
    timeout: 240_000,
  }, async () => {
    const { url } = createTestDb();
    const dir = mkdtempSync(join(resolve("data/test"), "strategies-eval-"));
    const base: NodeJS.ProcessEnv = {
      NODE_ENV: "test",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: url,
      DATA_DIR: dir,
    };
    const models = {
      LLM_BASE_URL: openai.url,
      LLM_MODEL: "fake-chat",
      EMBEDDINGS_BASE_URL: openai.url,
      EMBEDDINGS_MODEL: "fake-embed",
      RERANK_BASE_URL: reranker.url,
      RERANK_MODEL: "fake-rerank",
    };
    // Asynchronously: the fake servers answer from this very process.
    const tsx = async (args: string[], env: NodeJS.ProcessEnv) =>
      (await promisify(execFile)(process.execPath, ["--import", "tsx", ...args], { env, encoding: "utf8" })).stdout;
    await tsx(["scripts/ingest.ts", "tests/fixtures/decisions", "--corpus", "테스트"], { ...base, ...models });
    const evalArgs = ["scripts/eval.ts", "--bench", "tests/fixtures/strategies-bench.jsonl", "--corpus", "테스트"];
    const calls = join(dir, "calls.jsonl");
    const recorded = await tsx(
      [...evalArgs, "--systems", SYSTEMS_ARG, "--record", calls, "--no-cache", "--out", join(dir, "rec")],
      { ...base, ...models },
    );
    const interval = String.raw`\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]`;
    for (const id of ids) {
      expect(recorded, id).toMatch(new RegExp(`\\| ${literal(labelOf(id))} \\| 4 \\| ${interval} \\|`));
    }
    expect(recorded).not.toContain("오류 —");
    // Issue 15: the citation support rate beside citation precision, for every strategy's answers.
    const header = recorded.split("\n").find((l) => l.startsWith("| 시스템 | 질문 수 | Accuracy"));
    const rateColumn = header?.split("|").findIndex((c) => c.trim() === "인용 근거율") ?? -1;
    expect(rateColumn).toBeGreaterThan(0);
    for (const id of ids) {
      const row = recorded.split("\n").find((l) => l.startsWith(`| ${labelOf(id)} | 2 |`));
      expect(row?.split("|")[rateColumn]?.trim(), id).toMatch(new RegExp(`^${interval}$`));
    }
    // Scripted: the coin question (s3) is answered "잘 모르겠습니다." at log-prob −3, every time.
    expect(recorded).toMatch(/- CC-RAG \(원래 질문\): .* · 질의 단계 대체 0\/6, 신뢰도 낮음 1\/6, 재시도 [1-9]\d*회/);
    expect(recorded).toMatch(/- CC-RAG w\/o self-assessment: .* · 질의 단계 대체 0\/6\n/);
    expect(recorded).toMatch(/- Synonym expansion: .* · 질의 단계 대체 0\/6\n/);
    expect(recorded).not.toMatch(/건너뜀|설정 없음/);
    const requests = openai.requests.length;

    // The same evaluation from the recording alone: no model server, no model settings.
    const replayed = await tsx(
      [...evalArgs, "--systems", SYSTEMS_ARG, "--replay", calls, "--no-cache", "--out", join(dir, "rep")],
      base,
    );
    expect(openai.requests.length).toBe(requests);
    expect(replayed).toContain("모델 호출: 재생");
    // Every metric row (with its interval); the timing columns of the cost table differ by nature.
    const table = (out: string) =>
      out.split("\n").filter((l) => l.includes(" [") && ids.some((id) => l.startsWith(`| ${labelOf(id)} |`)));
    expect(table(replayed)).toEqual(table(recorded));
  });
});
