import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { ChatEvent } from "@/lib/chat/types";
import type { Db } from "@/lib/db/client";
import { createCorpus, getCorpus, refreshCorpusCounts, upsertDocument } from "@/lib/db/corpora";
import { resetEnvCache } from "@/lib/env";
import { parseBenchmark } from "@/lib/eval/benchmark";
import { executeEvaluation } from "@/lib/eval/execute";
import { resolveSystems } from "@/lib/eval/systems";
import { TOKENIZER_VERSION } from "@/lib/text/tokenize-ko";
import { codeOf } from "../ai/support";
import { useTestDatabase } from "../support/test-db";

let db: Db;
let userId: string;
const doc = (corpusId: string, caseNo: string) => ({
  corpusId,
  caseNo,
  caseName: "손해배상",
  court: "대법원",
  courtLevel: "대법원",
  caseType: "민사",
  decisionDate: "2010-01-14",
  contentHash: `h-${caseNo}`,
  chunkCount: 3,
});

beforeAll(async () => {
  db = useTestDatabase();
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "rar-tokver-"));
  resetEnvCache();
  userId = (await registerUser({ email: "tv@firm.test", name: "변호사", role: "lawyer", password: "tv-password-1" }))
    .id;
});

describe("the tokenizer version stored with every index", () => {
  it("is recorded per document when indexed, and summarised per corpus (null when mixed)", async () => {
    const { id } = await createCorpus("버전 확인");
    await upsertDocument(doc(id, "2009다228"));
    await upsertDocument(doc(id, "76므41"));
    await refreshCorpusCounts(id);
    expect((await getCorpus(id))?.tokenizerVersion).toBe(TOKENIZER_VERSION);
    // One document left from an older tokenizer (an import that skipped it as unchanged).
    await db.document.updateMany({ where: { corpusId: id, caseNo: "76므41" }, data: { tokenizerVersion: 1 } });
    await refreshCorpusCounts(id);
    expect((await getCorpus(id))?.tokenizerVersion).toBeNull();
    // A forced re-index rewrites every document with this build's tokenizer.
    await upsertDocument(doc(id, "76므41"));
    await refreshCorpusCounts(id);
    expect((await getCorpus(id))?.tokenizerVersion).toBe(TOKENIZER_VERSION);
  });

  it("a corpus built by another version is refused in the chat, with what to do", async () => {
    const { id } = await createCorpus("옛 색인");
    await upsertDocument(doc(id, "2009다228"));
    await db.document.updateMany({ where: { corpusId: id }, data: { tokenizerVersion: TOKENIZER_VERSION - 1 } });
    await refreshCorpusCounts(id);
    const prepared = await prepareAsk(userId, "불법행위 손해배상 청구가 되나요?", undefined, { corpusIds: [id] });
    const events: ChatEvent[] = [];
    await runAsk(prepared, (e) => events.push(e), new AbortController().signal);
    const last = events.at(-1);
    expect(last?.type).toBe("error");
    expect(last?.type === "error" && last.message).toContain("관리 → 말뭉치 → 다시 색인");
    expect(last?.type === "error" && last.message).toContain("'옛 색인'");
    expect(events.some((e) => e.type === "retrieved" || e.type === "query")).toBe(false);
  });

  it("and in the evaluation", async () => {
    const corpus = (await createCorpus("평가 옛 색인")).id;
    await upsertDocument(doc(corpus, "2009다228"));
    await db.document.updateMany({ where: { corpusId: corpus }, data: { tokenizerVersion: null } });
    await refreshCorpusCounts(corpus);
    const { items } = parseBenchmark('{"id": "q", "question": "질문", "gold_case_numbers": ["2009다228"]}');
    const code = await codeOf(() =>
      executeEvaluation({
        corpusId: corpus,
        items,
        systems: resolveSystems("sparse").systems,
        outDir: mkdtempSync(join(tmpdir(), "rar-tokver-out-")),
        title: "t",
      }),
    );
    expect(code).toBe("search:stale_index");
  });
});
