import type { QdrantClient } from "@qdrant/js-client-rest";
import { AppError } from "../errors";
import { type Chunk, type ScoredChunk, SECTIONS, type SectionName } from "../text/decision";
import { tokenizeKo } from "../text/tokenize-ko";
import { logger } from "../util/log";
import { checkVersion, type QdrantConnection } from "./qdrant-client";
import {
  addDenseVector,
  addMissingIndexes,
  type CollectionLayout,
  type CollectionShape,
  checkDenseSize,
  createCollection,
  shapeOf,
} from "./qdrant-collection";
import { QdrantNodes } from "./qdrant-nodes";
import { normaliseCorpus } from "./qdrant-normalise";
import { documentsFilter, fromPayload, idfCorpus, type Payload, pointId, qdrantFilter } from "./qdrant-payload";
import { checkPlacement, type PlacementReport, placementNote } from "./qdrant-placement";
import { querySparseVector } from "./qdrant-sparse";
import { UPSERT_LIMITS, writePoints } from "./qdrant-write";
import { matchesTermGroups } from "./sparse-terms";
import type { IndexedChunk, SearchOptions, StoreFilter, VectorStore } from "./types";

/**
 * Qdrant backend (the scale-out engine). One collection for every corpus, kept apart by the
 * `corpus_id` payload (a tenant index), with a named dense vector "dense" (cosine) and a named
 * sparse vector "bm25" (IDF modifier); see qdrant-collection.ts for what is checked and created.
 *  - Qdrant ≥ 1.19 only (checked on first use and with every re-inspection): every sparse query
 *    scopes IDF to the searched corpora (`params.idf.corpus`), which older servers ignore.
 *  - Reads never create the collection: a missing one reads as empty. The inspected shape is
 *    reused for STATE_TTL_MS and forgotten on any 404 (collection dropped) or configuration error.
 *  - Server-side RRF defaults to k = 2, not the method's 60: we never fuse in Qdrant; fusion runs
 *    in lib/rag with k = 60.
 *  - Every request goes through QdrantNodes: a deadline per attempt, failover between the nodes of
 *    QDRANT_URL, retries with back-off (qdrant-nodes.ts).
 *  - An import ends with finishWrites: BM25 weights at the corpus's exact average length
 *    (qdrant-normalise.ts) and shard copies spread over the cluster (qdrant-placement.ts).
 */

const STATE_TTL_MS = 30_000;
const SCROLL_PAGE = 1000;
const DELETE_IDS = 1000;

export interface QdrantConfig extends QdrantConnection {
  collection: string;
  /** EMBEDDINGS_DIMENSIONS: the dense size to create with, and to insist on. */
  denseSize?: number;
  /** Shards and copies of a collection this store creates (QDRANT_SHARDS, QDRANT_REPLICATION_FACTOR). */
  layout?: CollectionLayout;
  /** Upsert batch bounds (tests make them small). */
  upsertLimits?: { points: number; bytes: number };
}

/** A 404 from Qdrant (the collection is gone), as the client threw it or inside the typed error. */
const isNotFound = (error: unknown) => {
  const status = (e: unknown) => (e as { status?: unknown })?.status;
  return status(error) === 404 || (error instanceof AppError && status(error.cause) === 404);
};

export class QdrantStore implements VectorStore {
  readonly kind = "qdrant" as const;
  private readonly nodes: QdrantNodes;
  private readonly name: string;
  private state: { shape: CollectionShape; at: number } | undefined;
  private inspecting: Promise<{ shape?: CollectionShape; version: string }> | undefined;

  constructor(private readonly config: QdrantConfig) {
    this.nodes = new QdrantNodes(config);
    this.name = config.collection;
  }

  /** Runs one request (on any node, retried); failures are typed errors, and a configuration error forgets the shape. */
  private async call<T>(op: string, work: (client: QdrantClient) => Promise<T>): Promise<T> {
    try {
      return await this.nodes.run(op, work);
    } catch (error) {
      this.forgetOn(error);
      throw error;
    }
  }

  /** The collection dropped (404) or refused as configured: inspect it again on next use. */
  private forgetOn(error: unknown): void {
    if (isNotFound(error) || (error instanceof AppError && error.code === "store:bad_config")) this.state = undefined;
  }

  /** A read of a collection that may have been dropped meanwhile: a 404 reads as `empty`. */
  private async read<T>(op: string, work: (client: QdrantClient) => Promise<T>, empty: T): Promise<T> {
    try {
      return await this.call(op, work);
    } catch (error) {
      if (isNotFound(error)) return empty;
      throw error;
    }
  }

  /** Version gate, then the collection's shape (undefined: it does not exist). Creates nothing. */
  inspect(): Promise<{ shape?: CollectionShape; version: string }> {
    this.inspecting ??= (async () => {
      const { version } = await this.call("version", (c) => c.versionInfo());
      checkVersion(version);
      const info = await this.read("get collection", (c) => c.getCollection(this.name), undefined);
      const shape = info ? shapeOf(this.name, info) : undefined;
      if (shape && this.config.denseSize)
        checkDenseSize(this.name, shape, this.config.denseSize, "EMBEDDINGS_DIMENSIONS");
      this.state = shape ? { shape, at: Date.now() } : undefined;
      return { shape, version };
    })().finally(() => {
      this.inspecting = undefined;
    });
    return this.inspecting;
  }

  private async shape(): Promise<CollectionShape | undefined> {
    if (this.state && Date.now() - this.state.at < STATE_TTL_MS) return this.state.shape;
    return (await this.inspect()).shape;
  }

  /** The collection ready for points of `vectorSize` dense floats: created, dense vector added, indexed. */
  private async writable(vectorSize: number | undefined): Promise<CollectionShape> {
    const wanted = this.config.denseSize;
    if (wanted && vectorSize && wanted !== vectorSize) {
      throw new AppError("store:bad_config", {
        detail: `embeddings have ${vectorSize} dimensions, EMBEDDINGS_DIMENSIONS=${wanted}`,
        userMessage: `임베딩 벡터 크기(${vectorSize})가 EMBEDDINGS_DIMENSIONS(${wanted})와 다릅니다.`,
      });
    }
    let shape = await this.shape();
    if (!shape) {
      const size = wanted ?? vectorSize;
      await this.call("create collection", async (c) => {
        try {
          await createCollection(c, this.name, size, this.config.layout);
        } catch (error) {
          // 409: another process created it first; the inspection below reads what it made.
          if ((error as { status?: unknown })?.status !== 409) throw error;
        }
      });
      // Twice at most: an inspection already under way may have started before the creation.
      shape = (await this.inspect()).shape ?? (await this.inspect()).shape;
      if (!shape) throw new AppError("store:unavailable", { detail: `qdrant collection ${this.name} vanished` });
      // Copies may all be on the nodes that had joined when it was created: check now, repair what can be.
      await this.placement(true, shape).catch((error) =>
        logger("qdrant").warn({ err: error }, "placement check failed"),
      );
    }
    if (vectorSize) {
      checkDenseSize(this.name, shape, vectorSize, "임베딩 벡터");
      if (shape.denseSize === undefined) shape = await this.addDense(vectorSize);
    }
    const ready = shape;
    await this.call("create payload index", (c) => addMissingIndexes(c, this.name, ready));
    return shape;
  }

  /** Adds the dense vector; when that fails, another writer may have added it first: look again. */
  private async addDense(size: number): Promise<CollectionShape> {
    try {
      await this.call("add dense vector", (c) => addDenseVector(c, this.name, size));
    } catch (error) {
      const again = (await this.inspect()).shape;
      if (again?.denseSize !== size) throw error;
      return again;
    }
    const shape = (await this.inspect()).shape;
    if (shape?.denseSize !== size) throw new AppError("store:unavailable", { detail: "dense vector not visible yet" });
    return shape;
  }

  async upsert(items: IndexedChunk[]): Promise<void> {
    await this.write(items, []);
  }

  /**
   * New points first, then only the stale ones removed by id: a failure at any step leaves every
   * decision with its old points, new ones, or both — never none.
   */
  async replaceDocuments(corpusId: string, caseNos: string[], items: IndexedChunk[]): Promise<void> {
    const before = caseNos.length ? await this.pointIds(documentsFilter(corpusId, caseNos)) : [];
    await this.write(items, caseNos);
    const written = new Set(items.map((i) => pointId(i.chunk.id)));
    const stale = before.filter((id) => !written.has(id));
    for (let i = 0; i < stale.length; i += DELETE_IDS) {
      const points = stale.slice(i, i + DELETE_IDS);
      await this.call("delete stale points", (c) => c.delete(this.name, { wait: true, points }));
    }
  }

  private async write(items: IndexedChunk[], replacedCaseNos: string[]): Promise<void> {
    if (items.length === 0) return;
    const vectorSize = items.find((i) => i.vector?.length)?.vector?.length;
    if (vectorSize && items.some((i) => i.vector?.length && i.vector.length !== vectorSize)) {
      throw new AppError("store:bad_config", { detail: "embeddings of different sizes in one write" });
    }
    await this.writable(vectorSize);
    const limits = this.config.upsertLimits ?? UPSERT_LIMITS;
    await writePoints(this.nodes, this.name, items, replacedCaseNos, limits).catch((error) => {
      this.forgetOn(error);
      throw error;
    });
  }

  /**
   * After a job wrote to `corpusId` (an import, a re-index): the corpus's BM25 weights brought to
   * its exact average length, so rankings equal the embedded store's, and shard copies spread over
   * the cluster's nodes (started where missing). Returns a line for the job's log.
   */
  async finishWrites(corpusId: string): Promise<string | undefined> {
    const shape = await this.shape();
    if (!shape) return undefined;
    // An older collection may lack the bm25_avg index the rewrite filters on (a job that wrote nothing).
    await this.call("create payload index", (c) => addMissingIndexes(c, this.name, shape));
    const { rewritten, unknown, average } = await normaliseCorpus(this.nodes, this.name, corpusId);
    const notes = [`BM25 평균 길이 ${average.toFixed(1)}: 가중치 ${rewritten}개 갱신`];
    if (unknown > 0) notes.push(`평균 길이를 모르는 옛 점 ${unknown}개 (다시 색인하면 맞춰집니다)`);
    const placed = placementNote(await this.placement(true, shape));
    if (placed) notes.push(placed);
    return notes.join(" · ");
  }

  /** Where the collection's shard copies are (and, with `repair`, the missing ones started). */
  async placement(repair = false, known?: CollectionShape): Promise<PlacementReport> {
    const shape = known ?? (await this.shape());
    const factor = shape?.replicationFactor ?? 1;
    const report = await checkPlacement(this.nodes, this.name, factor, { repair });
    const note = placementNote(report);
    if (note) logger("qdrant").warn(`${this.name}: ${note}`);
    return report;
  }

  /** Which of QDRANT_URL's nodes answer now (GET /, one attempt each, within the deadline). */
  nodeHealth(): Promise<{ url: string; ok: boolean }[]> {
    return this.nodes.health();
  }

  /** Ids of the points matching `filter`, page by page. */
  private async pointIds(filter: Payload): Promise<string[]> {
    if (!(await this.shape())) return [];
    const ids: string[] = [];
    let offset: string | number | undefined;
    do {
      const page = await this.read(
        "scroll ids",
        (c) =>
          c.scroll(this.name, {
            filter,
            limit: SCROLL_PAGE,
            offset,
            with_payload: false,
            with_vector: false,
          }),
        { points: [], next_page_offset: null },
      );
      for (const p of page.points) ids.push(String(p.id));
      const next = page.next_page_offset;
      offset = typeof next === "string" || typeof next === "number" ? next : undefined;
    } while (offset !== undefined);
    return ids;
  }

  private async search(
    query: number[] | { indices: number[]; values: number[] },
    using: "dense" | "bm25",
    options: SearchOptions,
  ): Promise<ScoredChunk[]> {
    const shape = await this.shape();
    if (!shape) return [];
    if (Array.isArray(query)) {
      // No dense vector yet (sparse-only corpora so far): nothing to find, as in the embedded store.
      if (shape.denseSize === undefined) return [];
      checkDenseSize(this.name, shape, query.length, "질의 임베딩 벡터");
    }
    const result = await this.read(
      "query",
      (c) =>
        c.query(this.name, {
          query,
          using,
          filter: qdrantFilter(options.filter),
          limit: options.topN,
          with_payload: true,
          ...(using === "bm25" ? { params: { idf: { corpus: idfCorpus(options.filter?.corpusIds) } } } : {}),
        }),
      { points: [] },
    );
    return result.points.map((p) => ({ chunk: fromPayload((p.payload ?? {}) as Payload), score: p.score }));
  }

  denseSearch(vector: number[], options: SearchOptions): Promise<ScoredChunk[]> {
    return this.search(vector, "dense", options);
  }

  async sparseSearch(tokens: string[], options: SearchOptions): Promise<ScoredChunk[]> {
    const { terms } = options;
    if (!terms?.must?.length && !terms?.mustNot?.length) return this.search(querySparseVector(tokens), "bm25", options);
    // Qdrant has no posting-list conditions on sparse vectors: required and excluded words are
    // checked on the chunks found (more asked for, so that the filter leaves enough).
    const found = await this.search(querySparseVector(tokens), "bm25", { ...options, topN: options.topN * 5 });
    return found
      .filter(({ chunk }) => matchesTermGroups(new Set(tokenizeKo(chunk.text)), terms))
      .slice(0, options.topN);
  }

  async getDocumentChunks(corpusId: string, caseNo: string): Promise<Chunk[]> {
    if (!(await this.shape())) return [];
    const filter = documentsFilter(corpusId, [caseNo]);
    const result = await this.read(
      "scroll",
      (c) => c.scroll(this.name, { filter, limit: 10_000, with_payload: true, with_vector: false }),
      { points: [] },
    );
    const order = (s: string) => SECTIONS.indexOf(s as SectionName);
    return result.points
      .map((p) => fromPayload((p.payload ?? {}) as Payload))
      .sort((a, b) => order(a.section) - order(b.section) || a.sectionOrder - b.sectionOrder);
  }

  // Qdrant answers over HTTP (off this thread's CPU but for the JSON): the decision's chunks, filtered.
  async getChunks(corpusId: string, caseNo: string, ids: string[]): Promise<Chunk[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await this.getDocumentChunks(corpusId, caseNo)).map((c) => [c.id, c]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private async deleteBy(filter: Payload): Promise<void> {
    if (!(await this.shape())) return;
    await this.read("delete", (c) => c.delete(this.name, { wait: true, filter }), undefined);
  }

  deleteDocument(corpusId: string, caseNo: string): Promise<void> {
    return this.deleteBy(documentsFilter(corpusId, [caseNo]));
  }

  deleteCorpus(corpusId: string): Promise<void> {
    return this.deleteBy({ must: [{ key: "corpus_id", match: { value: corpusId } }] });
  }

  async count(filter?: StoreFilter): Promise<number> {
    if (!(await this.shape())) return 0;
    const result = await this.read("count", (c) => c.count(this.name, { filter: qdrantFilter(filter), exact: true }), {
      count: 0,
    });
    return result.count;
  }

  async close(): Promise<void> {}
}
