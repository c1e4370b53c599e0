import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCorpus } from "@/lib/db/corpora";
import { getEnrichmentJob } from "@/lib/db/enrichment";
import { getJob, listJobs } from "@/lib/db/jobs";
import { runCli } from "../support/cli-child";
import { ENRICH_RULES, type EnrichFixture, enrichFixture, userText } from "./support";

/**
 * Issue 23 item 8: an enrichment resumed after kill -9 seemed to redo ~220 chunks and reported
 * "이미 있던 것 0개". Here the real CLI (`npm run enrich`) is killed with SIGKILL mid-run and
 * resumed with `--resume`: every chunk must be answered by the model exactly once over both runs
 * (counted at the fake server, per chunk), and the resumed run's report must count the chunks
 * finished before the kill as "이미 있던 것".
 */

let f: EnrichFixture;
const DECISIONS = 30; // two chunks each
const STALE_SECONDS = 3;
const SYSTEM = "맥락 작성자";

beforeAll(async () => {
  f = await enrichFixture(DECISIONS);
});
afterAll(async () => {
  await f.close();
});

function cli(args: string[]) {
  const env = {
    ...process.env,
    ENRICH_CONCURRENCY: "4",
    JOB_HEARTBEAT_SECONDS: "1",
    JOB_STALE_SECONDS: String(STALE_SECONDS),
  };
  return runCli("scripts/enrich.ts", args, env);
}

async function waitFor(check: () => boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** How many answered model requests each chunk (its prompt) got. */
function answersPerChunk(requests: { body: Record<string, unknown> }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(userText(r.body), (counts.get(userText(r.body)) ?? 0) + 1);
  return counts;
}

describe("enrichment resumed after kill -9 (the CLI)", () => {
  it("asks the model once per chunk over both runs and reports the chunks finished before the kill", async () => {
    const chunks = (await getCorpus(f.corpusId))?.chunkCount ?? 0;
    expect(chunks).toBe(DECISIONS * 2);
    const FINISHED = 23;
    // The first 23 calls are answered (a little slowly, as a model would); every later one hangs,
    // so the CLI's 4 workers end up blocked on unanswered calls, each having stored its last answer.
    f.fake.setRules([
      { system: SYSTEM, reply: ENRICH_RULES[0]?.reply, times: FINISHED, delayMs: 15 },
      { system: SYSTEM, hang: true },
    ]);
    const first = cli(["--corpus", `enrich-${DECISIONS}`, "--kind", "context"]);
    const asked = () => f.chatRequests(SYSTEM);
    await waitFor(() => asked().length >= FINISHED + 4);
    first.child.kill("SIGKILL");
    const killed = await first.done;
    expect(killed.code).toBeNull();
    const answeredBefore = asked().slice(0, FINISHED);
    const hungBefore = asked().slice(FINISHED);
    const sentBefore = asked().length;

    const job = (await listJobs(f.corpusId, 1))[0];
    if (!job) throw new Error("the CLI created no job");
    expect(job.status).toBe("running"); // its owner is dead; the stale sweep takes it back
    const beforeResume = await getEnrichmentJob(job.id);
    expect(beforeResume?.generated).toBe(FINISHED);

    // The heartbeat stops with the process; after JOB_STALE_SECONDS the job may be resumed.
    await new Promise((r) => setTimeout(r, (STALE_SECONDS + 1) * 1000));
    f.fake.setRules([{ ...ENRICH_RULES[0], delayMs: 5 }]);
    const resumed = await cli(["--resume", job.id]).done;
    expect(resumed.output).toContain("이어서 진행합니다");
    expect(resumed.code).toBe(0);
    expect((await getJob(job.id))?.status).toBe("done");

    const again = asked().slice(sentBefore);
    // Answered per chunk over both runs: exactly once each. The calls left hanging at the kill
    // were never answered; they are asked once more, and nothing else is.
    const answered = answersPerChunk([...answeredBefore, ...again]);
    expect(answered.size).toBe(chunks);
    expect([...answered.values()].every((n) => n === 1)).toBe(true);
    expect(again.length).toBe(chunks - FINISHED);
    expect(new Set(again.map((r) => userText(r.body)))).toEqual(
      new Set([...answered.keys()].filter((t) => !answeredBefore.some((r) => userText(r.body) === t))),
    );
    expect(hungBefore.every((r) => again.some((a) => userText(a.body) === userText(r.body)))).toBe(true);

    // The report: this run wrote the rest; the ones finished before the kill were already there.
    const row = await getEnrichmentJob(job.id);
    expect(row).toMatchObject({ total: chunks, done: chunks, failed: 0, generated: chunks });
    const summary = (await getJob(job.id))?.message ?? "";
    expect(summary).toContain(`청크 ${chunks}/${chunks}개 완료`);
    expect(summary).toContain(`새로 작성 ${chunks - FINISHED}개`);
    expect(summary).toContain(`이미 있던 것 ${FINISHED}개`);
    expect(resumed.output).toContain(`이미 있던 것 ${FINISHED}개`);
  }, 120_000);
});
