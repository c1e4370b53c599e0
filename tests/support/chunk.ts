import type { Chunk } from "@/lib/text/decision";

/** A 판결요지 chunk of a made-up 대법원 civil decision `${id}다1`, for tests of ranking and context. */
export function testChunk(id: string, overrides: Partial<Chunk> = {}): Chunk {
  return {
    id,
    corpusId: "c",
    caseNo: `${id}다1`,
    caseName: "",
    court: "대법원",
    courtLevel: "대법원",
    caseType: "민사",
    decisionDate: "2000-01-01",
    section: "판결요지",
    sectionOrder: 0,
    text: `text ${id}`,
    contentHash: id,
    ...overrides,
  };
}
