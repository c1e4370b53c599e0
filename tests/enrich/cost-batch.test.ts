import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnrichmentJob } from "@/lib/db/enrichment";
import { closeJob, getJob } from "@/lib/db/jobs";
import { callCost, project } from "@/lib/enrich/cost";
import { startEnrichment } from "@/lib/enrich/enrich-control";
import { openAIClient } from "@/lib/enrich/llm";
import { runEnrichmentJob } from "@/lib/enrich/run-enrich-job";
import { cachedPrefixChars, type RecordedRequest } from "../fake-servers/openai-server";
import { ENRICH_RULES, type EnrichFixture, enrichFixture } from "./support";

describe("cost arithmetic", () => {
  const prices = { inputPer1M: 2, outputPer1M: 8, cachedInputPer1M: 0.5, batchDiscount: 0.5 };

  it("bills fresh input, cached input and output at their prices per 1M tokens; batch at the discount", () => {
    // 1,000,000 input of which 400,000 cached, 100,000 output: 0.6×2 + 0.4×0.5 + 0.1×8 = 2.2
    const usage = { inputTokens: 1_000_000, cachedInputTokens: 400_000, outputTokens: 100_000 };
    expect(callCost(usage, prices)).toBeCloseTo(2.2, 10);
    expect(callCost(usage, prices, "batch")).toBeCloseTo(1.1, 10);
    // Without a cached price, cached input costs the input price; cached never exceeds the input.
    expect(callCost(usage, { ...prices, cachedInputPer1M: undefined })).toBeCloseTo(2.8, 10);
    expect(callCost({ inputTokens: 10, cachedInputTokens: 99, outputTokens: 0 }, prices)).toBeCloseTo(
      (10 * 0.5) / 1e6,
      15,
    );
    expect(callCost(usage, { inputPer1M: 0, outputPer1M: 0, batchDiscount: 0.5 })).toBe(0);
  });

  it("projects the whole job's cost and time from the chunks done so far", () => {
    const p = project({ total: 1000, done: 100, generated: 80, failed: 0, cost: 4, elapsedSeconds: 50 });
    expect(p.perChunk).toBeCloseTo(0.05, 10);
    expect(p.total).toBeCloseTo(4 + 900 * 0.05, 10);
    // 80 chunks written in 50 s: 900 more take 562.5 s.
    expect(p.etaSeconds).toBeCloseTo(562.5, 10);
    // A resumed job: only what this run wrote sets the pace (40 chunks in 50 s; 400 left).
    expect(
      project({ total: 1000, done: 600, generated: 80, failed: 0, cost: 4, elapsedSeconds: 50, generatedThisRun: 40 })
        .etaSeconds,
    ).toBeCloseTo(500, 10);
    expect(project({ total: 10, done: 0, generated: 0, failed: 0, cost: 0, elapsedSeconds: 1 })).toEqual({
      perChunk: null,
      total: null,
      etaSeconds: null,
    });
  });
});

// ---- over HTTP: the fake endpoint caches prompt prefixes and speaks the Batch API ----

let f: EnrichFixture;
beforeAll(async () => {
  f = await enrichFixture(6, { promptCache: true });
});
afterAll(() => f.close());

/** What the fake endpoint reported for each request (2 characters a token; its prompt cache). */
function reported(requests: RecordedRequest[], reply: string) {
  const seen: string[] = [];
  return requests.map((r) => {
    const all = ((r.body.messages as { content: string }[]) ?? []).map((m) => m.content).join("\n");
    const cached = cachedPrefixChars(all, seen) / 2;
    seen.push(all);
    return {
      inputTokens: Math.ceil(all.length / 2),
      cachedInputTokens: cached,
      outputTokens: Math.ceil(reply.length / 2),
    };
  });
}

describe("live mode over a prompt-caching endpoint", () => {
  it("sends the decision as the stable prefix (cached for its later chunks) and adds up tokens and cost exactly", async () => {
    const { job } = await startEnrichment({ corpusId: f.corpusId, kind: "context" });
    // One call at a time: the decision's second chunk then meets its first one's cached prefix.
    expect((await runEnrichmentJob(job.id, f.ctx("context", { concurrency: 1 }))).status).toBe("done");
    const calls = f.chatRequests("맥락 작성자");
    expect(calls).toHaveLength(12);
    const usage = reported(calls, ENRICH_RULES[0]?.reply ?? "");
    const row = await getEnrichmentJob(job.id);
    const sum = (k: "inputTokens" | "cachedInputTokens" | "outputTokens") => usage.reduce((n, u) => n + u[k], 0);
    expect(row).toMatchObject({
      inputTokens: sum("inputTokens"),
      cachedInputTokens: sum("cachedInputTokens"),
      outputTokens: sum("outputTokens"),
    });
    // The system prompt and the decision are a shared prefix: the second chunk of each decision
    // reads its decision from the cache, every chunk at least the system prompt.
    const perDecision = usage.filter((_, i) => i % 2 === 1).map((u) => u.cachedInputTokens);
    const firsts = usage.filter((_, i) => i % 2 === 0).map((u) => u.cachedInputTokens);
    expect(perDecision.every((c, i) => c > (firsts[i] ?? 0))).toBe(true);
    expect(row?.cachedInputTokens).toBeGreaterThan(0);
    const prices = f.ctx("context").prices;
    expect(row?.cost).toBeCloseTo(
      usage.reduce((n, u) => n + callCost(u, prices), 0),
      12,
    );
    expect(row?.cost).toBeLessThan(
      callCost({ inputTokens: sum("inputTokens"), cachedInputTokens: 0, outputTokens: sum("outputTokens") }, prices),
    );
  });
});

describe("batch mode (OpenAI Batch API)", () => {
  const batchCtx = () =>
    f.ctx("atoms", {
      heartbeatMs: 100,
      batch: {
        client: openAIClient(f.chat),
        model: "fake-chat",
        pollMs: 30,
        maxRequests: 5,
        dir: mkdtempSync(join(tmpdir(), "rar-batch-")),
      },
    });

  it("submits the chunks as JSONL batches, is resumed by polling them (never submitting again), and bills at the batch price", async () => {
    f.fake.batches.setPolls(1_000_000);
    const { job } = await startEnrichment({ corpusId: f.corpusId, kind: "atoms", mode: "batch" });
    const running = runEnrichmentJob(job.id, batchCtx());
    const until = Date.now() + 10_000;
    while (f.fake.batches.batches.size < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    // 12 chunks, 5 a file: three batches.
    const inputs = [...f.fake.batches.files.values()].filter((x) => x.purpose === "batch");
    expect(inputs.map((x) => x.content.trim().split("\n").length)).toEqual([5, 5, 2]);
    const line = JSON.parse(inputs[0]?.content.split("\n")[0] ?? "{}");
    expect(line).toMatchObject({
      method: "POST",
      url: "/v1/chat/completions",
      body: { model: "fake-chat", temperature: 0 },
    });
    expect(line.custom_id).toMatch(/^[0-9a-f]{40}$/);

    // The process "dies" (the job is taken from it); a later run finds the batches and only polls.
    const current = await getJob(job.id);
    if (!current) throw new Error("job gone");
    await closeJob(current, ["running"], { status: "interrupted", message: "test" });
    expect((await running).status).toBe("interrupted");
    f.fake.batches.setPolls(1);
    const resumed = await runEnrichmentJob(job.id, batchCtx());
    expect(resumed.status).toBe("done");
    expect([...f.fake.batches.files.values()].filter((x) => x.purpose === "batch")).toHaveLength(3);
    expect(f.chatRequests("원자 질문 작성자")).toHaveLength(0);
    const row = await getEnrichmentJob(job.id);
    expect(row).toMatchObject({ mode: "batch", total: 12, done: 12, generated: 12, failed: 0 });
    expect(row?.batches.filter((b) => b.id).map((b) => b.status)).toEqual(["completed", "completed", "completed"]);
    const prices = f.ctx("atoms").prices;
    const live = callCost(
      {
        inputTokens: row?.inputTokens ?? 0,
        cachedInputTokens: row?.cachedInputTokens ?? 0,
        outputTokens: row?.outputTokens ?? 0,
      },
      prices,
    );
    expect(row?.cost).toBeCloseTo(live * 0.5, 12);
    expect(await f.sides.atoms.count({ corpusIds: [f.corpusId] })).toBe(24);
  });

  it("a line the batch answers with an error is tried live in the retry pass", async () => {
    const corpusId = await f.addCorpus("batch-errors", 3, 100);
    f.fake.setRules([
      { system: "원자 질문 작성자", user: "사고 101번", error: { status: 500 }, times: 2 },
      { system: "원자 질문 작성자", reply: '["운영자는 다른 사고의 손해도 배상하는가?"]' },
    ]);
    const { job } = await startEnrichment({ corpusId, kind: "atoms", mode: "batch" });
    const live = f.chatRequests("원자 질문 작성자").length;
    expect((await runEnrichmentJob(job.id, batchCtx())).status).toBe("done");
    // Decision 101's two chunks failed in the batch; the retry pass asked them live.
    const asked = f.chatRequests("원자 질문 작성자").slice(live);
    expect(asked).toHaveLength(2);
    expect(asked.every((r) => JSON.stringify(r.body).includes("사고 101번"))).toBe(true);
    expect(await getEnrichmentJob(job.id)).toMatchObject({ total: 6, done: 6, generated: 6, failed: 0 });
  });
});
