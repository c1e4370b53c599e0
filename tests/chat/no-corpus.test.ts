import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { ChatEvent } from "@/lib/chat/types";
import { findOwnMessage } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { useTestDatabase } from "../support/test-db";

// A fresh install: models configured, no decisions imported yet.
let server: FakeOpenAI;

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI({ rules: [{ reply: "모델이 기억으로 쓴 답" }] });
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-empty-")),
  });
  resetEnvCache();
});
afterAll(() => server.close());

describe("a fresh install with no corpus", () => {
  it("tells the lawyer there is nothing to search yet (not to rephrase), and calls no model", async () => {
    const user = await registerUser({
      email: "e@firm.test",
      name: "변호사",
      role: "lawyer",
      password: "e-password-123",
    });
    const prepared = await prepareAsk(user.id, "헬스장 회원권 이용료를 돌려받을 수 있나요?");
    const events: ChatEvent[] = [];
    const final = await runAsk(prepared, (e) => events.push(e), new AbortController().signal);
    expect(final.status).toBe("done");
    expect(final.notices.map((n) => n.code)).toEqual(["no_corpus"]);
    expect(final.answer).toContain("아직 검색할 판례가 없습니다");
    expect(final.answer).toContain("관리 → 말뭉치");
    expect(final.answer).not.toContain("표현을 바꾸");
    expect(server.requests).toHaveLength(0);
    const stored = await findOwnMessage(user.id, prepared.assistantMessageId);
    expect(stored).toMatchObject({ status: "complete", content: final.answer });
  });
});
