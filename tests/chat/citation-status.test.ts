import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { AnswerRecord } from "@/lib/chat/types";
import { createCorpus, upsertDocument } from "@/lib/db/corpora";
import { resetEnvCache } from "@/lib/env";
import { chunkDecision } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import {
  type AnswerPart,
  type CitationPart,
  citationStatus,
  resolveOutsideCitations,
  splitCitations,
  statusNote,
  UNCHECKED_NOTE,
  UNKNOWN_NOTE,
} from "@/lib/rag/citations";
import { getStore } from "@/lib/store";
import type { Chunk, ScoredChunk } from "@/lib/text/decision";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { useTestDatabase } from "../support/test-db";

const context = (...caseNos: string[]): ScoredChunk[] =>
  caseNos.map((caseNo, i) => ({
    chunk: { id: `c${i}`, caseNo, court: "대법원", decisionDate: "1995-02-10", corpusId: "k" } as Chunk,
    score: 1,
  }));
const citations = (parts: AnswerPart[]) => parts.filter((p): p is CitationPart => p.type === "citation");

describe("an answer's citations, read in every form", () => {
  it("checks each number of a joined citation and spaced numbers; never a date or a count", () => {
    const parts = splitCitations(
      "판례(2019다12345, 12346)와 2018다 99999가 있습니다. 2019년3월에 20대 1명이 3자녀와 왔습니다.",
      context("2019다12345"),
    );
    expect(citations(parts).map((c) => [c.text, c.caseNo, citationStatus(c)])).toEqual([
      ["2019다12345", "2019다12345", "evidence"],
      ["12346", "2019다12346", "unknown"],
      ["2018다 99999", "2018다99999", "unknown"],
    ]);
    // Nothing is lost: the parts put together are the answer.
    expect(parts.map((p) => p.text).join("")).toContain("2019년3월에 20대 1명이 3자녀와");
  });

  it("says when the written date or court disagrees with the decision", () => {
    const [cited] = citations(splitCitations("(서울고법 1995. 2. 3. 선고 94다42778 판결)", context("94다42778")));
    expect(cited?.mismatch).toBe(
      "법원이 다릅니다: 인용 서울고등법원 · 판례 대법원 / 선고일이 다릅니다: 인용 1995. 2. 3. · 판례 1995. 2. 10.",
    );
    const [right] = citations(splitCitations("(대법원 1995. 2. 10. 선고 94다42778 판결)", context("94다42778")));
    expect(right?.mismatch).toBeUndefined();
  });

  it("marks numbers found in a corpus, and keeps the plain flag when the lookup fails", async () => {
    const parts = splitCitations("A(2096누3). B(2031다99999).", []);
    const found = {
      corpusId: "a",
      caseNo: "2096누3",
      caseName: "과세",
      court: "대법원",
      courtLevel: "대법원",
      caseType: "세무",
      decisionDate: "2096-02-03",
    };
    const resolved = citations(await resolveOutsideCitations(parts, async () => new Map([["2096누3", found]])));
    expect(resolved.map((c) => citationStatus(c))).toEqual(["corpus", "unknown"]);
    expect(resolved.map((c) => statusNote(c))[1]).toBe(UNKNOWN_NOTE);
    await expect(
      resolveOutsideCitations(parts, async () => {
        throw new Error("db busy");
      }),
    ).rejects.toThrow();
    // Unchecked (stored before the check, or stopped): flagged without claiming the corpora lack it.
    expect(statusNote(citations(parts)[1] as CitationPart)).toBe(UNCHECKED_NOTE);
  });
});

// Through the chat, over real HTTP to a fake model: corpus B holds the question's evidence; a
// decision of corpus A is cited although it was not retrieved (scoped to B); one number is in none.
const ANSWER =
  "무인 배송로봇의 운영자는 로봇이 보도에서 보행자와 충돌하여 생긴 손해를 과실 유무와 관계없이 배상할 책임이 있습니다(대법원 2099. 6. 20. 선고 2097다7202 판결). " +
  "가상자산의 교환은 재화의 공급에 해당하지 않습니다(대법원 1995. 2. 3. 선고 2096누3 판결). 보험 가입 의무도 같습니다(대법원 2031다99999).";
let llm: FakeOpenAI;
let userId: string;
let corpusA: string;
let corpusB: string;

beforeAll(async () => {
  useTestDatabase();
  llm = await startFakeOpenAI({
    rules: [
      { system: "법률 분석가", reply: "무인 배송로봇 보행자 충돌 사고 운영자 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n배송로봇 운영자는 손해를 배상할 책임이 있다.` },
      { system: "리서치 어시스턴트", reply: ANSWER },
    ],
  });
  Object.assign(process.env, {
    LLM_BASE_URL: llm.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-status-")),
  });
  for (const key of ["EMBEDDINGS_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
  resetEnvCache();
  const store = await getStore();
  const seed = async (dir: string, name: string) => {
    const corpusId = (await createCorpus(name)).id;
    for (const file of listInputFiles(resolve(dir))) {
      for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
        const chunks = chunkDecision(d, { corpusId });
        await store.upsert(chunks.map((chunk) => ({ chunk, tokens: tokenizeKo(chunk.text) })));
        await upsertDocument({ ...d.meta, corpusId, contentHash: "h", chunkCount: chunks.length });
      }
    }
    return corpusId;
  };
  corpusA = await seed("tests/fixtures/decisions", "테스트 판례");
  corpusB = await seed("tests/fixtures/citations", "인용 판례");
  userId = (await registerUser({ email: "st@firm.test", name: "변호사", role: "lawyer", password: "st-password-12" }))
    .id;
});

afterAll(async () => {
  await llm?.close();
});

describe("the three statuses of a chat answer", () => {
  it("evidence, a real decision outside the evidence (judged against its own text), and an unknown number", async () => {
    const prepared = await prepareAsk(userId, "배송로봇 사고의 운영자 책임은?", undefined, { corpusIds: [corpusB] });
    let record: AnswerRecord | undefined;
    await runAsk(
      prepared,
      (e) => {
        if (e.type === "done") record = e.record;
      },
      new AbortController().signal,
    );
    const cited = citations(record?.parts ?? []);
    expect(cited.map((c) => [c.caseNo, citationStatus(c)])).toEqual([
      ["2097다7202", "evidence"],
      ["2096누3", "corpus"],
      ["2031다99999", "unknown"],
    ]);
    const outside = cited[1];
    expect(outside && !outside.valid && outside.found?.corpusId).toBe(corpusA);
    expect(outside?.mismatch).toBe("선고일이 다릅니다: 인용 1995. 2. 3. · 판례 2096. 2. 3.");
    expect(cited[2] && !cited[2].valid && cited[2].checked).toBe(true);
    // The support check judged the outside citation against that decision's own passages.
    const judged = record?.trace.support?.citations.find((c) => c.caseNo === "2096누3");
    expect(judged?.outside).toBe(true);
    expect(judged?.verdict).not.toBe("unsupported");
    expect(judged?.reason).toContain("검색 근거 밖 판례");
    expect(record?.context.some((c) => c.chunk.caseNo === "2096누3")).toBe(false);
  });
});
