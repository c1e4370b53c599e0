import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerCard } from "@/components/chat/answer-card";
import { EvidencePanel } from "@/components/chat/evidence-panel";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import { type AnswerState, stateFromStored } from "@/lib/chat/state";
import { listOwnMessages } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

/**
 * Issue 23 item 8: when the answer could not be written, its notice was shown twice on a wide
 * screen: on the answer and again in the evidence panel beside it. What the desk shows side by side
 * (the answer card and the evidence panel) must carry it once.
 */

let server: FakeOpenAI;
let userId: string;

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI();
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-notice-once-")),
  });
  resetEnvCache();
  await seedFixtureDecisions(await getStore());
  userId = (await registerUser({ email: "n@firm.test", name: "공지", role: "lawyer", password: "notice-pass-1" })).id;
});
afterAll(() => server.close());

/** The desk on a wide screen: the answer and, beside it, its evidence. */
const desk = (state: AnswerState) =>
  renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      createElement(AnswerCard, { question: "q", state, selected: true, onShowEvidence: () => {} }),
      createElement(EvidencePanel, { state, corpusNames: {} }),
    ),
  );

const count = (html: string, text: string) => html.split(text).length - 1;

describe("the answer-failure notice", () => {
  it("is shown once, live and after a reload, while the search notices stay beside the evidence", async () => {
    // The answer model fails; the precedents found are shown instead, with a notice saying so.
    server.setRules([
      { system: "리서치 어시스턴트", error: { status: 500 } },
      { system: "법률 분석가", reply: "드론 낙하물 손해배상" },
      { system: "대법원 판사", reply: "드론 운용자는 손해를 배상하여야 한다." },
    ]);
    const prepared = await prepareAsk(userId, "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?");
    const live = await runAsk(prepared, () => {}, new AbortController().signal);
    const notice = live.notices.find((n) => n.code === "answer_failed");
    expect(notice?.message).toContain("답변 작성에 실패해");
    const message = notice?.message ?? "";
    expect(count(desk(live), message)).toBe(1);

    const stored = (await listOwnMessages(userId, prepared.chatId)).find((m) => m.role === "assistant");
    const reloaded = stateFromStored(stored?.content ?? "", stored?.status ?? "", stored?.trace ?? null);
    expect(reloaded.notices.map((n) => n.code)).toContain("answer_failed");
    expect(count(desk(reloaded), message)).toBe(1);

    // A notice about the search alone (not the answer) is still shown, beside the evidence.
    const searchNotice = { code: "rerank_failed", message: "리랭커 오류로 순위 결합 순서를 사용합니다: 테스트" };
    const withSearch = { ...live, notices: [...live.notices, searchNotice] };
    expect(count(desk(withSearch), searchNotice.message)).toBe(1);
    expect(count(desk(withSearch), message)).toBe(1);
  });
});
