import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AiConfig } from "@/lib/ai/config";
import { clearFaults, coolingDown, recentFault, recordFault } from "@/lib/ai/faults";
import { installRecovery, probeComponent, resetRecovery } from "@/lib/ai/recovery";
import { getComponentStatuses, recheckComponentStatuses, resetStatusCache } from "@/lib/ai/status";
import { AppError } from "@/lib/errors";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";

// A model server that fails, then comes back: the fault (and with it the cooldown that makes
// questions skip the model, and the panel's "최근 오류") must end with the first probe that passes.
let openai: FakeOpenAI;
let port: number;
beforeAll(async () => {
  openai = await startFakeOpenAI({ defaultReply: "네" });
  port = Number(new URL(openai.url).port);
});
afterAll(() => openai.close());
afterEach(() => {
  resetRecovery();
  clearFaults();
  resetStatusCache();
});

const config = (): AiConfig => ({
  chat: { baseURL: openai.url, models: { analyst: "fake", judge: "fake", answer: "fake" }, timeoutMs: 1000 },
  store: { kind: "embedded", dataDir: "./data", qdrantCollection: "precedent_chunks" },
  statusCacheSeconds: 0,
  faultCooldownSeconds: 30,
});
const COOLDOWN_MS = 30_000;
const fail = () =>
  recordFault("llm", new AppError("ai:unreachable", { userMessage: "언어 모델에 연결할 수 없습니다." }));

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe("recovery of a failed component", () => {
  it("re-probes in the background with back-off; the first success ends the cooldown and the amber status", async () => {
    installRecovery({ backoffMs: [100, 200], probe: probeComponent(config(), 1000) });
    await openai.close(); // the server dies
    fail();
    expect(coolingDown("llm", COOLDOWN_MS)).toBeDefined();
    // Probes fail while it is down: the fault stays.
    await new Promise((r) => setTimeout(r, 600));
    expect(coolingDown("llm", COOLDOWN_MS)).toBeDefined();

    openai = await startFakeOpenAI({ port, defaultReply: "네" }); // it comes back
    const before = openai.requests.length;
    expect(await waitFor(() => !recentFault("llm", COOLDOWN_MS), 5_000)).toBe(true);
    expect(coolingDown("llm", COOLDOWN_MS)).toBeUndefined();
    // The probe was a real (tiny) chat call, not a model listing.
    expect(openai.requests.slice(before).some((r) => r.path.endsWith("/chat/completions"))).toBe(true);
    const llm = (await getComponentStatuses(config())).find((s) => s.id === "llm");
    expect(llm?.state).toBe("active");
    expect(llm?.note).toBeUndefined();
  });

  it("'다시 확인' probes at once: still failing keeps it amber, recovered clears it", async () => {
    // Background probes far away: only the button probes here.
    installRecovery({ backoffMs: [60_000], probe: probeComponent(config(), 1000) });
    openai.setRules([{ error: { status: 500 } }]);
    fail();
    const still = (await recheckComponentStatuses(config())).find((s) => s.id === "llm");
    expect(still?.state).toBe("degraded");
    expect(still?.note).toContain("최근 질문에서 오류");

    openai.setRules([]);
    const back = (await recheckComponentStatuses(config())).find((s) => s.id === "llm");
    expect(back?.state).toBe("active");
    expect(coolingDown("llm", COOLDOWN_MS)).toBeUndefined();
  });
});
