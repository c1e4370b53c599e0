import { createHash } from "node:crypto";
import type { Chunk, SectionName } from "../text/decision";
import { dateNumber } from "./date-number";
import type { StoreFilter } from "./types";

/** How chunks are written to and read from Qdrant points: ids, payload fields, filters. */

export type Payload = Record<string, unknown>;
export type QdrantFilter = { must?: Payload[]; must_not?: Payload[] };

/**
 * Qdrant point ids must be integers or UUIDs. Our chunk ids are 32 hex characters and are written as
 * a UUID as they are; any other id is hashed first, so two ids never share a point by padding.
 */
export function pointId(chunkId: string): string {
  const hex = /^[0-9a-f]{32}$/i.test(chunkId)
    ? chunkId.toLowerCase()
    : createHash("sha256").update(chunkId).digest("hex").slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `tokenCount`: the chunk's BM25 length, kept so the corpus's average length can be read back (facet). */
export function toPayload(c: Chunk, tokenCount: number): Payload {
  return {
    chunk_id: c.id,
    corpus_id: c.corpusId,
    case_no: c.caseNo,
    case_name: c.caseName,
    court: c.court,
    court_level: c.courtLevel,
    case_type: c.caseType,
    decision_date: c.decisionDate,
    decision_date_num: dateNumber(c.decisionDate),
    section: c.section,
    section_order: c.sectionOrder,
    text: c.text,
    content_hash: c.contentHash,
    token_count: tokenCount,
    en_banc: c.enBanc ?? null,
    lower_court: c.lowerCourt ?? "",
  };
}

export function fromPayload(p: Payload): Chunk {
  const s = (k: string) => String(p[k] ?? "");
  return {
    id: s("chunk_id"),
    corpusId: s("corpus_id"),
    caseNo: s("case_no"),
    caseName: s("case_name"),
    court: s("court"),
    courtLevel: s("court_level"),
    caseType: s("case_type"),
    decisionDate: s("decision_date"),
    section: s("section") as SectionName,
    sectionOrder: Number(p.section_order ?? 0),
    text: s("text"),
    contentHash: s("content_hash"),
  };
}

export function qdrantFilter(filter: StoreFilter = {}): QdrantFilter | undefined {
  const must: Payload[] = [];
  if (filter.corpusIds) must.push({ key: "corpus_id", match: { any: filter.corpusIds } });
  if (filter.caseTypes?.length) must.push({ key: "case_type", match: { any: filter.caseTypes } });
  if (filter.courts?.length) must.push({ key: "court", match: { any: filter.courts } });
  if (filter.dateFrom || filter.dateTo) {
    must.push({
      key: "decision_date_num",
      range: {
        ...(filter.dateFrom ? { gte: dateNumber(filter.dateFrom) } : {}),
        ...(filter.dateTo ? { lte: dateNumber(filter.dateTo) } : {}),
      },
    });
  }
  return must.length ? { must } : undefined;
}

/**
 * The population sparse IDF is computed over (Qdrant ≥ 1.19 `params.idf.corpus`): the searched
 * corpora, or every point of the collection (every point has a corpus_id) — the same population
 * as the embedded store's N and df. Not `"global"`: global statistics count deleted points until
 * the optimizer drops them (qdrant#6735); a corpus filter counts live points only.
 */
export function idfCorpus(corpusIds?: string[]): QdrantFilter {
  return corpusIds
    ? { must: [{ key: "corpus_id", match: { any: corpusIds } }] }
    : { must_not: [{ is_empty: { key: "corpus_id" } }] };
}

export function documentsFilter(corpusId: string, caseNos: string[]): QdrantFilter {
  return {
    must: [
      { key: "corpus_id", match: { value: corpusId } },
      { key: "case_no", match: { any: caseNos } },
    ],
  };
}
