import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCorpus } from "@/lib/db/corpora";
import { loadChunkStates } from "@/lib/db/corpus-enrichment";
import { getEnrichmentJob } from "@/lib/db/enrichment";
import { closeJob, getJob } from "@/lib/db/jobs";
import { startEnrichment } from "@/lib/enrich/enrich-control";
import { runEnrichmentJob } from "@/lib/enrich/run-enrich-job";
import { processOwner } from "@/lib/jobs/owner";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { ENRICH_RULES, type EnrichFixture, enrichFixture, userText } from "./support";

let f: EnrichFixture;
const DECISIONS = 20; // two chunks each

beforeAll(async () => {
  f = await enrichFixture(DECISIONS);
});
afterAll(async () => {
  await f.close();
});

const waitFor = async (check: () => boolean, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("enrichment jobs", () => {
  it("resumes after its process is killed mid-job without asking the model again for any chunk it answered", async () => {
    const chunks = (await getCorpus(f.corpusId))?.chunkCount ?? 0;
    expect(chunks).toBe(DECISIONS * 2);
    const ANSWERED = 15;
    // The first 15 calls are answered; every later one hangs, so the 4 workers end up blocked on
    // unanswered calls — by then each of them has stored its previous answer.
    f.fake.setRules([
      { system: "맥락 작성자", reply: ENRICH_RULES[0]?.reply, times: ANSWERED },
      { system: "맥락 작성자", hang: true },
    ]);
    const { job } = await startEnrichment({ corpusId: f.corpusId, kind: "context" });
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/job-runner.ts", "enrich", job.id, "--owner", processOwner("server")],
      { env: { ...process.env, ENRICH_CONCURRENCY: "4" }, stdio: ["ignore", "ignore", "inherit", "ipc"] },
    );
    const first = () => f.chatRequests("맥락 작성자");
    await waitFor(() => first().length >= ANSWERED + 4);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const answered = new Set(
      first()
        .slice(0, ANSWERED)
        .map((r) => userText(r.body)),
    );
    const sentBefore = first().length;
    expect(answered.size).toBe(ANSWERED);

    // What a crash leaves: a running job with a dead owner; the sweep makes it interrupted.
    const dead = (await getJob(job.id)) as NonNullable<Awaited<ReturnType<typeof getJob>>>;
    expect(dead.status).toBe("running");
    expect(await closeJob(dead, ["running"], { status: "interrupted", message: "test crash" })).toBe(true);

    f.fake.setRules(ENRICH_RULES);
    const resumed = await runEnrichmentJob(job.id, f.ctx("context"));
    expect(resumed.status).toBe("done");
    const again = first()
      .slice(sentBefore)
      .map((r) => userText(r.body));
    // Nothing answered before the crash is asked again; everything else is asked exactly once.
    expect(again.filter((t) => answered.has(t))).toEqual([]);
    expect(new Set(again).size).toBe(again.length);
    expect(again.length).toBe(chunks - ANSWERED);

    const row = await getEnrichmentJob(job.id);
    expect(row).toMatchObject({ total: chunks, done: chunks, failed: 0, generated: chunks });
    const states = await loadChunkStates(f.corpusId, "context");
    expect([...states.values()].filter((s) => s.status === "done" && s.indexed)).toHaveLength(chunks);
    expect(await f.sides.context.count({ corpusIds: [f.corpusId] })).toBe(chunks);

    // A second job finds everything made: no model call at all.
    const before = first().length;
    const { job: second } = await startEnrichment({ corpusId: f.corpusId, kind: "context" });
    const rerun = await runEnrichmentJob(second.id, f.ctx("context"));
    expect(rerun.status).toBe("done");
    expect(first().length).toBe(before);
    expect(await getEnrichmentJob(second.id)).toMatchObject({ done: chunks, generated: 0 });
  }, 60_000);

  it("a chunk whose reply is unusable is retried after the pass; one that keeps failing is listed, and retried later", async () => {
    // One chunk's first reply is prose, not a list (retried: fine the second time); another's always fails.
    f.fake.setRules([
      { system: "원자 질문 작성자", user: "사고 3번", reply: "질문을 만들 수 없습니다.", times: 1 },
      {
        system: "원자 질문 작성자",
        user: "사고 7번",
        error: { status: 400, body: { error: { message: "content filtered" } } },
      },
      ...ENRICH_RULES,
    ]);
    const { job } = await startEnrichment({ corpusId: f.corpusId, kind: "atoms" });
    const done = await runEnrichmentJob(job.id, f.ctx("atoms"));
    expect(done.status).toBe("done");
    const row = await getEnrichmentJob(job.id);
    const chunks = DECISIONS * 2;
    // 사고 7번 is in two chunks (판시사항 and 판결요지) of decision 7.
    expect(row).toMatchObject({ total: chunks, done: chunks - 2, failed: 2 });
    expect(row?.failures.map((x) => x.caseNo)).toEqual(["2097다10007", "2097다10007"]);
    expect(row?.failures[0]?.message).toContain("모델 서버");
    const asked3 = f.chatRequests("원자 질문 작성자").filter((r) => userText(r.body).includes("사고 3번"));
    expect(asked3).toHaveLength(3); // two chunks, the first one twice
    expect(await f.sides.atoms.count({ corpusIds: [f.corpusId] })).toBe((chunks - 2) * 2);

    // Later, the endpoint is fine again: "retry failures" asks only those two chunks.
    f.fake.setRules(ENRICH_RULES);
    const before = f.chatRequests("원자 질문 작성자").length;
    const { job: retry } = await startEnrichment({ corpusId: f.corpusId, kind: "atoms", retryOnly: true });
    expect((await runEnrichmentJob(retry.id, f.ctx("atoms"))).status).toBe("done");
    const asked = f.chatRequests("원자 질문 작성자").slice(before);
    expect(asked.map((r) => userText(r.body).includes("사고 7번"))).toEqual([true, true]);
    expect(await getEnrichmentJob(retry.id)).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect(await f.sides.atoms.count({ corpusIds: [f.corpusId] })).toBe(chunks * 2);
    const tags = await f.sides.atoms.sparseSearch(tokenizeKo("운영자 위험 예견"), {
      topN: 3,
      filter: { corpusIds: [f.corpusId] },
    });
    expect(tags[0]?.chunk.text).toBe("운영자가 위험을 예견할 수 있었는가?");
    expect(tags[0]?.chunk.id).toMatch(/^[0-9a-f]{32}-q1$/);
  }, 60_000);
});
