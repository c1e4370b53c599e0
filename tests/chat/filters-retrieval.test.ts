import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { ChatFilters } from "@/lib/chat/filters";
import { parseStoredFilters } from "@/lib/chat/filters-schema";
import type { AnswerRecord } from "@/lib/chat/types";
import { findOwnChat } from "@/lib/db/chats";
import { createCorpus } from "@/lib/db/corpora";
import { filterOptions, lookup, lookupDecisions } from "@/lib/db/decision-lookup";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

// Filters are applied in retrieval (the store's filter), remembered with the chat and shown with
// the answer. No model is configured: the answers are the retrieval-only listing (fast, exact).
const QUESTION = "손해배상 이혼 위자료 부가가치세 영업정지 문서위조 판례를 찾아 주세요";
let userId: string;
let corpusId: string;

beforeAll(async () => {
  useTestDatabase();
  for (const key of ["LLM_BASE_URL", "LLM_MODEL", "EMBEDDINGS_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "rar-filters-"));
  resetEnvCache();
  corpusId = (await createCorpus("테스트 판례")).id;
  await seedFixtureDecisions(await getStore(), corpusId, { documents: true });
  userId = (await registerUser({ email: "fl@firm.test", name: "변호사", role: "lawyer", password: "fl-password-12" }))
    .id;
});

async function ask(filters?: ChatFilters, chatId?: string) {
  const prepared = await prepareAsk(userId, QUESTION, chatId, filters);
  let record: AnswerRecord | undefined;
  await runAsk(
    prepared,
    (e) => {
      if (e.type === "done") record = e.record;
    },
    new AbortController().signal,
  );
  if (!record) throw new Error("no answer");
  return { record, chatId: prepared.chatId };
}

describe("filters applied in retrieval", () => {
  it("unfiltered, the question finds decisions of several types and courts", async () => {
    const { record } = await ask();
    const types = new Set(record.context.map((c) => c.chunk.caseType));
    expect(types.size).toBeGreaterThan(2);
    expect(record.filters).toBeUndefined();
  });

  it("a case type narrows the passages searched, and the chat and the answer keep the filter", async () => {
    const { record, chatId } = await ask({ caseTypes: ["가사"] });
    expect(record.context.length).toBeGreaterThan(0);
    expect(record.context.every((c) => c.chunk.caseType === "가사")).toBe(true);
    expect(record.filters).toEqual({ caseTypes: ["가사"] });
    const chat = await findOwnChat(userId, chatId);
    expect(parseStoredFilters(chat?.filters)).toEqual({ caseTypes: ["가사"] });
    // "행정" stands for the data's 일반행정.
    const admin = await ask({ caseTypes: ["행정"] }, chatId);
    expect(admin.record.context.length).toBeGreaterThan(0);
    expect(admin.record.context.every((c) => c.chunk.caseType === "일반행정")).toBe(true);
    expect(parseStoredFilters((await findOwnChat(userId, chatId))?.filters)).toEqual({ caseTypes: ["행정"] });
  });

  it("a court level becomes that level's courts; dates bound the decisions", async () => {
    const lower = await ask({ courtLevel: "하급심" });
    expect(lower.record.context.length).toBeGreaterThan(0);
    expect(lower.record.context.every((c) => c.chunk.courtLevel === "하급심")).toBe(true);
    const supreme = await ask({ courtLevel: "대법원", dateFrom: "2098-01-01", dateTo: "2098-12-31" });
    expect(supreme.record.context.length).toBeGreaterThan(0);
    expect(
      supreme.record.context.every(
        (c) =>
          c.chunk.court === "대법원" && c.chunk.decisionDate >= "2098-01-01" && c.chunk.decisionDate <= "2098-12-31",
      ),
    ).toBe(true);
  });

  it("filters nothing matches say so instead of asking to rephrase", async () => {
    const { record } = await ask({ caseTypes: ["형사"], courtLevel: "하급심" });
    expect(record.context).toEqual([]);
    expect(record.trace.notices.map((n) => n.code)).toEqual(["no_match"]);
  });

  it("offers the court levels and courts of the imported decisions, the Supreme Court first", async () => {
    const { levels } = await filterOptions();
    expect(levels[0]?.level).toBe("대법원");
    expect(levels.find((l) => l.level === "하급심")?.courts).toContain("서울행정법원");
  });
});

describe("lookup by 사건번호 or 사건명", () => {
  it("finds a joined decision by either of its numbers, however it is spaced", async () => {
    for (const q of ["2098므22", "2098므21", "2098므21, 22", "2098 므 22"]) {
      const found = await lookup(q);
      expect(found.exact, q).toBe(true);
      expect(
        found.hits.map((h) => h.caseNo),
        q,
      ).toEqual(["2098므21, 22"]);
    }
    // A number no decision carries is not a match: its near numbers are candidates only.
    expect(await lookup("2098므2")).toMatchObject({ exact: false, hits: [{ caseNo: "2098므21, 22" }] });
    expect(await lookup("2098므23")).toEqual({ exact: false, hits: [], asked: ["2098므23"], missing: ["2098므23"] });
  });

  it("finds decisions by a part of their name", async () => {
    const hits = await lookupDecisions("위자료");
    expect(hits.map((h) => [h.caseNo, h.corpusName])).toEqual([["2098므21, 22", "테스트 판례"]]);
    expect(await lookupDecisions("없는 사건명")).toEqual([]);
  });
});
