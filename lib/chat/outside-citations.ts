import { findDocumentsForCaseNos } from "../db/case-lookup";
import { logError } from "../errors";
import { summaryChunkIds } from "../ingest/chunk";
import { type FoundDecision, resolveOutsideCitations } from "../rag/citations";
import type { PipelineResult } from "../rag/types";
import type { VectorStore } from "../store/types";
import { type Chunk, decisionHeading } from "../text/decision";

/**
 * The second look at an answer's citations (docs/method.md, "인용 검증"): a number that is not among
 * the answer's passages is looked up in every corpus. Found, it is a real decision outside the
 * evidence — linked, marked as such, and judged against its own passages by the support check;
 * not found, it is the invented-or-misremembered case. A failed lookup keeps the plain flag.
 */

/** Decisions outside the evidence whose passages are read for the support check, and passages each. */
const SUPPORT_DECISIONS = 8;
const SUPPORT_PASSAGES = 40;
const SECTION_FIRST: Record<string, number> = { 판시사항: 0, 판결요지: 1, 판례내용: 2, 참조판례: 3, 참조조문: 4 };

/** The decision in a corpus for each of `caseNos` (normalised): the first corpus that holds it. */
export async function findOutsideDecisions(caseNos: string[]): Promise<Map<string, FoundDecision>> {
  const out = new Map<string, FoundDecision>();
  for (const [caseNo, docs] of await findDocumentsForCaseNos(caseNos)) {
    const doc = docs[0];
    if (doc) out.set(caseNo, { corpusId: doc.corpusId, ...decisionHeading(doc) });
  }
  return out;
}

/** Its holdings first, then the reasons in order: what a claim citing the decision should match. */
function supportPassages(chunks: Chunk[]): Chunk[] {
  return [...chunks]
    .sort(
      (a, b) => (SECTION_FIRST[a.section] ?? 9) - (SECTION_FIRST[b.section] ?? 9) || a.sectionOrder - b.sectionOrder,
    )
    .slice(0, SUPPORT_PASSAGES);
}

/**
 * Marks the result's citations outside the evidence (in place) and returns the passages of the
 * decisions found, by case number, for the support check.
 */
export async function checkOutsideCitations(result: PipelineResult, store: VectorStore): Promise<Map<string, Chunk[]>> {
  const passages = new Map<string, Chunk[]>();
  try {
    result.parts = await resolveOutsideCitations(result.parts, findOutsideDecisions);
  } catch (error) {
    logError(error);
    return passages;
  }
  for (const part of result.parts) {
    if (part.type !== "citation" || part.valid || !part.found || passages.has(part.caseNo)) continue;
    if (passages.size >= SUPPORT_DECISIONS) break;
    // Read by id (holdings, then the first reasons): never the whole of a decision of 75,000 chunks.
    const { corpusId, caseNo } = part.found;
    const ids = summaryChunkIds(corpusId, caseNo, SUPPORT_PASSAGES - 8);
    const chunks = await store.getChunks(corpusId, caseNo, ids).catch((error: unknown) => {
      logError(error);
      return [] as Chunk[];
    });
    passages.set(part.caseNo, supportPassages(chunks));
  }
  return passages;
}
