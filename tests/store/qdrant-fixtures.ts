import { chunkId } from "@/lib/ingest/chunk";
import type { IndexedChunk } from "@/lib/store/types";
import type { SectionName } from "@/lib/text/decision";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import type { CollectionConfig } from "../fake-servers/qdrant-engine";

/** Chunks written by hand for the Qdrant stand-in tests. */
export function item(
  corpusId: string,
  caseNo: string,
  section: SectionName,
  order: number,
  text: string,
  vector?: number[],
): IndexedChunk {
  return {
    chunk: {
      id: chunkId(corpusId, caseNo, section, order),
      corpusId,
      caseNo,
      caseName: "사건",
      court: "대법원",
      courtLevel: "대법원",
      caseType: "민사",
      decisionDate: "2001-03-02",
      section,
      sectionOrder: order,
      text,
      contentHash: `h-${text}`,
    },
    tokens: tokenizeKo(text),
    vector,
  };
}

/** A collection as the store makes it, with overrides for the wrong shapes. */
export function collection(over: Partial<CollectionConfig> = {}): CollectionConfig {
  return {
    dense: { dense: { size: 4, distance: "Cosine" } },
    sparse: { bm25: { modifier: "idf" } },
    indexes: {},
    ...over,
  };
}
