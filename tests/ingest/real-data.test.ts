import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { caseNdcgAtK, mean, recallAtK } from "@/lib/eval/metrics";
import { chunkDecision } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import { Bm25Index } from "@/lib/store/bm25";
import type { Chunk, ParsedDecision } from "@/lib/text/decision";
import { tokenizeKo } from "@/lib/text/tokenize-ko";

// Real decisions live beside the repository (../shared/data); a user's clone has none, and then
// this suite reports itself as skipped.
const SHARED = resolve("../shared/data");
const present = existsSync(resolve(SHARED, "precedents"));

describe.skipIf(!present)("real decisions (../shared/data)", () => {
  const decisions: ParsedDecision[] = [];
  const problems: string[] = [];
  if (present) {
    for (const file of listInputFiles(resolve(SHARED, "precedents"))) {
      const result = parseFile(file.name, readFileSync(file.path));
      decisions.push(...result.decisions);
      problems.push(...result.problems.map((p) => `${p.file}: ${p.message}`));
    }
  }
  const chunks: Chunk[] = decisions.flatMap((d) => chunkDecision(d, { corpusId: "real" }));

  it("parses every decision without a problem", () => {
    expect(problems).toEqual([]);
    expect(decisions).toHaveLength(330);
  });

  it("chunks each section as expected (800 characters, 100 overlap)", () => {
    const perSection: Record<string, number> = {};
    for (const c of chunks) perSection[c.section] = (perSection[c.section] ?? 0) + 1;
    expect(perSection).toEqual({ 판시사항: 329, 판결요지: 394, 참조조문: 325, 참조판례: 261, 판례내용: 1399 });
    expect(Math.max(...chunks.map((c) => c.text.length))).toBeLessThanOrEqual(800);
  });

  it("reads the metadata and sections of known decisions", () => {
    const joined = decisions.find((d) => d.meta.caseNo === "94므826, 833");
    expect(joined?.meta).toMatchObject({
      caseName: "이혼및친권자지정·이혼및위자료",
      court: "대법원",
      caseType: "가사",
      decisionDate: "1994-11-25",
      serialNo: "111144",
    });
    expect(joined?.sections.find((s) => s.name === "참조조문")?.text).toBe(
      "가. 가사소송법 제12조, 민사소송법 제392조 / 나. 제12조(민사소송법 제188조)",
    );
    const perCase = (caseNo: string) =>
      chunks.filter((c) => c.caseNo === caseNo).map((c) => `${c.section}#${c.sectionOrder}`);
    expect(perCase("94므826, 833")).toEqual([
      "판시사항#0",
      "판결요지#0",
      "참조조문#0",
      "참조판례#0",
      "판례내용#0",
      "판례내용#1",
    ]);
    expect(perCase("76므41")).toEqual(["판시사항#0", "판결요지#0", "판례내용#0", "판례내용#1", "판례내용#2"]);
    const engagement = decisions.find((d) => d.meta.caseNo === "76므41");
    expect(engagement?.meta).toMatchObject({
      caseName: "약혼불이행으로인한위자료등",
      courtLevel: "대법원",
      caseType: "가사",
      decisionDate: "1976-12-28",
      serialNo: "93243",
    });
    expect(engagement?.sections[0]?.name).toBe("판시사항");
    const broken = decisions.find((d) => d.meta.caseNo === "83누291");
    expect(broken?.sections.find((s) => s.name === "참조조문")?.text).toBe("산림법 제75조, 제80조, 행정소송법 제1조");
  });

  it("BM25 with our tokenizer beats the strongest peer (LanceDB n-gram: R@20 0.915, case-NDCG@20 0.664)", () => {
    const index = new Bm25Index();
    for (const c of chunks) index.add(c.id, tokenizeKo(c.text));
    const byId = new Map(chunks.map((c) => [c.id, c]));
    const items = readFileSync(resolve(SHARED, "dev/retrieval.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { question: string; gold_case_numbers: string[] });
    const ranked = items.map((item) => index.search(tokenizeKo(item.question), 20).map((h) => byId.get(h.id) as Chunk));
    const recall = mean(ranked.map((r, i) => recallAtK(r, items[i]?.gold_case_numbers ?? [], 20)));
    const ndcg = mean(ranked.map((r, i) => caseNdcgAtK(r, items[i]?.gold_case_numbers ?? [], 20)));
    expect(recall).toBeGreaterThan(0.915);
    expect(ndcg).toBeGreaterThan(0.664);
  });
});
