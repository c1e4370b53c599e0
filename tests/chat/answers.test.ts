import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { registerUser } from "@/lib/auth/users";
import { AnswerSlots } from "@/lib/chat/answer-slots";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import { resumeAnswer } from "@/lib/chat/resume";
import { stateFromStored } from "@/lib/chat/state";
import type { AnswerRecord, ChatEvent } from "@/lib/chat/types";
import { closeDanglingMessages, findOwnMessage, requestMessageStop } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

const QUESTION = "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?";
// A long answer streamed slowly (8 characters every 40 ms): there is time to look, stop or kill.
const LONG_ANSWER = `드론 운용자는 낙하물로 생긴 손해를 배상할 책임이 있습니다(대법원 2098다1001). ${"운용자의 주의의무 위반이 인정되는 사정을 차례로 봅니다. ".repeat(12)}마지막 문장입니다.`;

let server: FakeOpenAI;
let userId: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI({
    chunkDelayMs: 40,
    rules: [
      { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: LONG_ANSWER },
    ],
  });
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-answers-")),
  });
  resetEnvCache();
  await seedFixtureDecisions(await getStore());
  userId = (await registerUser({ email: "ans@firm.test", name: "변호사", role: "lawyer", password: "ans-password-1" }))
    .id;
});
afterAll(() => server.close());

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await sleep(50);
  }
}

describe("an answer's life", () => {
  it("is saved while it streams: the database holds what the lawyer saw a moment ago", async () => {
    const prepared = await prepareAsk(userId, QUESTION);
    const run = runAsk(prepared, () => {}, new AbortController().signal, { saveEveryMs: 100 });
    const midway = await waitFor(async () => {
      const m = await findOwnMessage(userId, prepared.assistantMessageId);
      return m && m.status === "streaming" && m.content.length > 20 ? m : undefined;
    });
    expect(LONG_ANSWER.startsWith(midway.content)).toBe(true);
    const partial = JSON.parse(midway.trace ?? "{}") as AnswerRecord;
    expect(partial.trace.queries.analytical).toBe("드론 낙하물 손해배상 책임");
    expect(partial.context.length).toBeGreaterThan(0);
    await run;
    const done = await findOwnMessage(userId, prepared.assistantMessageId);
    expect(done).toMatchObject({ status: "complete", content: LONG_ANSWER });
  });

  it("keeps its queries, passages and checked citations when the lawyer stops it", async () => {
    const prepared = await prepareAsk(userId, QUESTION);
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    const run = runAsk(
      prepared,
      (e, state) => {
        events.push(e);
        if (state.answer.includes("2098다1001") && !controller.signal.aborted) controller.abort();
      },
      controller.signal,
    );
    const final = await run;
    expect(final.status).toBe("stopped");
    const stored = await findOwnMessage(userId, prepared.assistantMessageId);
    expect(stored?.status).toBe("stopped");
    expect(stored?.content).not.toContain("마지막 문장입니다");
    const shown = stateFromStored(stored?.content ?? "", stored?.status ?? "", stored?.trace ?? null);
    expect(shown.analytical).toBe("드론 낙하물 손해배상 책임");
    expect(shown.rationale).toContain("배상하여야");
    expect(shown.context?.length).toBeGreaterThan(0);
    expect(shown.record?.parts.some((p) => p.type === "citation" && p.valid && p.caseNo === "2098다1001")).toBe(true);
    // The live view gets the same record with the "stopped" event.
    const stopped = events.find((e) => e.type === "stopped");
    expect(stopped?.type === "stopped" && stopped.record?.context.length).toBeGreaterThan(0);
  });

  it("stops when another instance asks through the database (several servers on PostgreSQL)", async () => {
    const prepared = await prepareAsk(userId, QUESTION);
    const controller = new AbortController();
    let asked = false;
    const run = runAsk(
      prepared,
      (_e, state) => {
        // The lawyer presses stop on a page served by another instance: only the database carries it.
        if (state.answer.includes("2098다1001") && !asked) {
          asked = true;
          void requestMessageStop(userId, prepared.assistantMessageId);
        }
      },
      controller.signal,
      { saveEveryMs: 100, onStopRequested: () => controller.abort() },
    );
    const final = await run;
    expect(asked).toBe(true);
    expect(final.status).toBe("stopped");
    const stored = await findOwnMessage(userId, prepared.assistantMessageId);
    expect(stored?.status).toBe("stopped");
    expect(stored?.content).toContain("2098다1001");
    expect(stored?.content).not.toContain("마지막 문장입니다");
  });

  it("survives its server being killed mid-answer: the text the lawyer saw stays, marked interrupted", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/ask-child.ts", userId, QUESTION], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const started = await new Promise<{ messageId: string }>((resolve, reject) => {
      child.stdout.once("data", (line: Buffer) => resolve(JSON.parse(line.toString())));
      child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
    });
    const seen = await waitFor(async () => {
      const m = await findOwnMessage(userId, started.messageId);
      return m && m.content.length > 30 ? m : undefined;
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    // The next server start closes what it left streaming.
    expect(await closeDanglingMessages()).toBeGreaterThanOrEqual(1);
    const after = await findOwnMessage(userId, started.messageId);
    expect(after?.status).toBe("interrupted");
    expect(after?.content.length).toBeGreaterThanOrEqual(seen.content.length);
    expect(LONG_ANSWER.startsWith(after?.content ?? "x")).toBe(true);
    const shown = stateFromStored(after?.content ?? "", after?.status ?? "", after?.trace ?? null);
    expect(shown.status).toBe("interrupted");
    expect(shown.analytical).toBe("드론 낙하물 손해배상 책임");
    expect(shown.context?.length).toBeGreaterThan(0);
  });

  it("reports an answer no process is writing any more as interrupted when a page reconnects", async () => {
    const prepared = await prepareAsk(userId, QUESTION); // stored as streaming; nobody runs it
    // One server (SQLite's rule; on a shared database a fresh answer counts as written elsewhere until
    // its keep-alive goes stale: tests/chat/answer-liveness.test.ts).
    await expect(resumeAnswer(userId, prepared.assistantMessageId, { shared: false })).resolves.toMatchObject({
      status: "interrupted",
    });
    const other = await registerUser({ email: "x@firm.test", name: "x", role: "lawyer", password: "x-password-12" });
    await expect(resumeAnswer(other.id, prepared.assistantMessageId)).rejects.toMatchObject({
      code: "not_found:resource",
    });
  });

  it("runs questions concurrently up to the limit; the next one waits its turn and says so", async () => {
    const slots = new AnswerSlots(2);
    const asks = await Promise.all([1, 2, 3].map((i) => prepareAsk(userId, `${QUESTION} (${i})`)));
    const events: ChatEvent[][] = [[], [], []];
    const began: number[] = [];
    const ended: number[] = [];
    const finals = await Promise.all(
      asks.map((p, i) =>
        runAsk(
          p,
          (e) => {
            events[i]?.push(e);
            if (e.type === "query-delta") began[i] ??= Date.now();
            if (e.type === "done") ended[i] = Date.now();
          },
          new AbortController().signal,
          { slots },
        ),
      ),
    );
    expect(finals.map((f) => f.status)).toEqual(["done", "done", "done"]);
    expect(events[0]?.some((e) => e.type === "waiting")).toBe(false);
    expect(events[1]?.some((e) => e.type === "waiting")).toBe(false);
    expect(events[2]?.filter((e) => e.type === "waiting")).toEqual([
      { type: "waiting", ahead: 0 },
      { type: "waiting", ahead: null },
    ]);
    expect(slots.running).toBe(0);
    const [b0, b1, b2] = began as [number, number, number];
    const [e0, e1] = ended as [number, number];
    // The first two were written at the same time; the third only once one of them was done.
    expect(b1).toBeLessThan(e0);
    expect(b0).toBeLessThan(e1);
    expect(b2).toBeGreaterThanOrEqual(Math.min(e0, e1));
  });

  it("lets a waiting question be stopped before it starts", async () => {
    const slots = new AnswerSlots(1);
    const release = await slots.acquire(new AbortController().signal);
    const prepared = await prepareAsk(userId, QUESTION);
    const controller = new AbortController();
    const run = runAsk(prepared, () => {}, controller.signal, { slots });
    await sleep(50);
    controller.abort();
    expect((await run).status).toBe("stopped");
    release();
    expect(slots.running).toBe(0);
  });
});
