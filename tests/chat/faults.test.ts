import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearFaults } from "@/lib/ai/faults";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { installRecovery } from "@/lib/ai/recovery";
import { getComponentStatuses, resetStatusCache } from "@/lib/ai/status";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { ChatEvent } from "@/lib/chat/types";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

// An embeddings server that lists its models (the status probe passes) but never answers an
// embeddings request (a hung GPU worker behind a live API process).
let hung: Server;
let hungRequests = 0;
let llm: FakeOpenAI;
let userId: string;

beforeAll(async () => {
  useTestDatabase();
  // This file is about the cooldown itself: no background re-probe within it (tests/ai/recovery.test.ts).
  installRecovery({ backoffMs: [120_000] });
  hung = createServer((req, res) => {
    if (req.url?.endsWith("/models")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: "hung-embed", object: "model" }] }));
    } else if (req.url?.endsWith("/embeddings")) hungRequests += 1;
  });
  await new Promise<void>((r) => hung.listen(0, "127.0.0.1", r));
  llm = await startFakeOpenAI({
    rules: [
      { system: "법률 분석가", reply: "드론 낙하물 손해배상" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n운용자는 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: "배상받을 수 있습니다(대법원 2098다1001)." },
    ],
  });
  Object.assign(process.env, {
    LLM_BASE_URL: llm.url,
    LLM_MODEL: "fake",
    EMBEDDINGS_BASE_URL: `http://127.0.0.1:${(hung.address() as AddressInfo).port}/v1`,
    EMBEDDINGS_MODEL: "hung-embed",
    // Bulk import would wait 30 s per attempt with 4 retries; chat waits 400 ms, retried once.
    EMBEDDINGS_TIMEOUT_MS: "30000",
    CHAT_EMBEDDINGS_TIMEOUT_MS: "400",
    FAULT_COOLDOWN_SECONDS: "30",
    STATUS_CACHE_SECONDS: "0",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-faults-")),
  });
  resetEnvCache();
  await seedFixtureDecisions(await getStore());
  userId = (await registerUser({ email: "f@firm.test", name: "변호사", role: "lawyer", password: "f-password-123" }))
    .id;
});
afterAll(async () => {
  hung.closeAllConnections();
  await new Promise((r) => hung.close(r));
  await llm.close();
});
beforeEach(() => resetStatusCache());

async function ask(): Promise<{ events: ChatEvent[]; ms: number }> {
  const prepared = await prepareAsk(userId, "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?");
  const events: ChatEvent[] = [];
  const t0 = Date.now();
  await runAsk(prepared, (e) => events.push(e), new AbortController().signal);
  return { events, ms: Date.now() - t0 };
}
const notices = (events: ChatEvent[]) => events.flatMap((e) => (e.type === "notice" ? [e.code] : []));

describe("model faults in chat", () => {
  it("a hung embeddings server costs one question a short wait, one notice, and is then skipped", async () => {
    clearFaults();
    const first = await ask();
    expect(first.events.at(-1)?.type).toBe("done");
    // Three queries met the same dead server: the lawyer is told once.
    expect(notices(first.events).filter((c) => c === "embeddings_failed")).toHaveLength(1);
    // Interactive budget: one 400 ms attempt (timeouts are not retried) plus the LLM calls — bulk
    // import's policy would have waited 30 s.
    expect(first.ms).toBeLessThan(6_000);

    const before = hungRequests;
    const second = await ask();
    expect(second.events.at(-1)?.type).toBe("done");
    expect(notices(second.events)).toEqual(["embeddings_cooldown"]);
    expect(hungRequests).toBe(before); // not even tried during the cooldown
  });

  it("shows the component amber on the status panel while the fault is recent", async () => {
    const statuses = await getComponentStatuses();
    // The probe passes (models are listed) but a lawyer's question just failed: amber, not green.
    const embeddings = statuses.find((s) => s.id === "embeddings");
    expect(embeddings?.state).toBe("degraded");
    expect(embeddings?.note).toContain("최근 질문에서 오류");
    expect(statuses.find((s) => s.id === "llm")?.state).toBe("active");
    clearFaults();
    resetStatusCache();
    expect((await getComponentStatuses()).find((s) => s.id === "embeddings")?.state).toBe("active");
  });
});
