import { createHash } from "node:crypto";
import { QdrantClient } from "@qdrant/js-client-rest";
import { AppError } from "../errors";
import { type Chunk, type ScoredChunk, SECTIONS, type SectionName } from "../ingest/types";
import { documentSparseVector, querySparseVector } from "./qdrant-sparse";
import type { IndexedChunk, SearchOptions, StoreFilter, VectorStore } from "./types";

/**
 * Qdrant backend (the scale-out engine). One collection for every corpus, kept apart by the
 * `corpus_id` payload (a tenant index), with a named dense vector "dense" (cosine) and a named
 * sparse vector "bm25" (IDF modifier). Traps, handled here:
 *  - IDF is computed per shard over all tenants unless the query scopes it: sparse queries pass
 *    `params.idf = { corpus: <corpus filter> }` (Qdrant ≥ 1.19) so each corpus ranks on its own.
 *  - Server-side RRF defaults to k = 2, not the method's 60: we never fuse in Qdrant; fusion runs in
 *    lib/rag with k = 60.
 */

const UPSERT_BATCH = 256;

export interface QdrantConfig {
  url: string;
  apiKey?: string;
  collection: string;
  /** Dense vector size; taken from the first vectors written when not given. */
  denseSize?: number;
}

type Payload = Record<string, unknown>;

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

const dateNumber = (date: string) => Number(date.replace(/\D/g, "").padEnd(8, "0").slice(0, 8)) || 0;

function toPayload(c: Chunk): Payload {
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
  };
}

function fromPayload(p: Payload): Chunk {
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

export function qdrantFilter(filter: StoreFilter = {}) {
  const must: Record<string, unknown>[] = [];
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

export class QdrantStore implements VectorStore {
  readonly kind = "qdrant" as const;
  private readonly client: QdrantClient;
  private ready: Promise<void> | undefined;

  constructor(private readonly config: QdrantConfig) {
    this.client = new QdrantClient({ url: config.url, apiKey: config.apiKey, checkCompatibility: false });
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (cause) {
      throw new AppError("store:unavailable", { cause, detail: `qdrant ${this.config.url}` });
    }
  }

  /** Creates the collection and its payload indexes on first use (idempotent). */
  private ensure(denseSize?: number): Promise<void> {
    this.ready ??= this.call(async () => {
      const name = this.config.collection;
      if ((await this.client.collectionExists(name)).exists) return;
      const size = this.config.denseSize ?? denseSize;
      await this.client.createCollection(name, {
        ...(size ? { vectors: { dense: { size, distance: "Cosine" } } } : {}),
        sparse_vectors: { bm25: { modifier: "idf" } },
      });
      await this.client.createPayloadIndex(name, {
        field_name: "corpus_id",
        field_schema: { type: "keyword", is_tenant: true },
        wait: true,
      });
      for (const field of ["case_no", "case_type", "court"]) {
        await this.client.createPayloadIndex(name, { field_name: field, field_schema: "keyword", wait: true });
      }
      await this.client.createPayloadIndex(name, {
        field_name: "decision_date_num",
        field_schema: "integer",
        wait: true,
      });
    }).catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async upsert(items: IndexedChunk[]): Promise<void> {
    await this.ensure(items.find((i) => i.vector?.length)?.vector?.length);
    for (let i = 0; i < items.length; i += UPSERT_BATCH) {
      const points = items.slice(i, i + UPSERT_BATCH).map((item) => ({
        id: pointId(item.chunk.id),
        vector: {
          ...(item.vector?.length ? { dense: item.vector } : {}),
          bm25: documentSparseVector(item.tokens),
        },
        payload: toPayload(item.chunk),
      }));
      await this.call(() => this.client.upsert(this.config.collection, { wait: true, points }));
    }
  }

  async replaceDocuments(corpusId: string, caseNos: string[], items: IndexedChunk[]): Promise<void> {
    await this.upsert(items);
    if (caseNos.length === 0) return;
    // Only the points of these decisions that the new chunks did not overwrite.
    await this.deleteBy({
      must: [
        { key: "corpus_id", match: { value: corpusId } },
        { key: "case_no", match: { any: caseNos } },
      ],
      must_not: [{ has_id: items.map((i) => pointId(i.chunk.id)) }],
    });
  }

  private async search(
    query: number[] | { indices: number[]; values: number[] },
    using: "dense" | "bm25",
    options: SearchOptions,
  ): Promise<ScoredChunk[]> {
    await this.ensure();
    const filter = qdrantFilter(options.filter);
    const corpusScope = options.filter?.corpusIds ? qdrantFilter({ corpusIds: options.filter.corpusIds }) : undefined;
    const result = await this.call(() =>
      this.client.query(this.config.collection, {
        query,
        using,
        filter,
        limit: options.topN,
        with_payload: true,
        ...(using === "bm25" && corpusScope ? { params: { idf: { corpus: corpusScope } } } : {}),
      }),
    );
    return result.points.map((p) => ({ chunk: fromPayload((p.payload ?? {}) as Payload), score: p.score }));
  }

  denseSearch(vector: number[], options: SearchOptions): Promise<ScoredChunk[]> {
    return this.search(vector, "dense", options);
  }

  sparseSearch(tokens: string[], options: SearchOptions): Promise<ScoredChunk[]> {
    return this.search(querySparseVector(tokens), "bm25", options);
  }

  async getDocumentChunks(corpusId: string, caseNo: string): Promise<Chunk[]> {
    await this.ensure();
    const filter = {
      must: [
        { key: "corpus_id", match: { value: corpusId } },
        { key: "case_no", match: { value: caseNo } },
      ],
    };
    const result = await this.call(() =>
      this.client.scroll(this.config.collection, { filter, limit: 10_000, with_payload: true, with_vector: false }),
    );
    const order = (s: string) => SECTIONS.indexOf(s as SectionName);
    return result.points
      .map((p) => fromPayload((p.payload ?? {}) as Payload))
      .sort((a, b) => order(a.section) - order(b.section) || a.sectionOrder - b.sectionOrder);
  }

  private async deleteBy(filter: Record<string, unknown>): Promise<void> {
    await this.ensure();
    await this.call(() => this.client.delete(this.config.collection, { wait: true, filter }));
  }

  deleteDocument(corpusId: string, caseNo: string): Promise<void> {
    return this.deleteBy({
      must: [
        { key: "corpus_id", match: { value: corpusId } },
        { key: "case_no", match: { value: caseNo } },
      ],
    });
  }

  deleteCorpus(corpusId: string): Promise<void> {
    return this.deleteBy({ must: [{ key: "corpus_id", match: { value: corpusId } }] });
  }

  async count(filter?: StoreFilter): Promise<number> {
    await this.ensure();
    const result = await this.call(() =>
      this.client.count(this.config.collection, { filter: qdrantFilter(filter), exact: true }),
    );
    return result.count;
  }

  async close(): Promise<void> {}
}
