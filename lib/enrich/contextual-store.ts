import { listCorpora } from "../db/corpora";
import {
  type CorpusEnrichmentRecord,
  getCorpusEnrichment,
  lastIngestStart,
  listCorpusEnrichment,
} from "../db/corpus-enrichment";
import type { IndexedChunk, SearchOptions, StoreFilter, VectorStore } from "../store/types";
import type { ScoredChunk } from "../text/decision";
import { chunksWithContexts, withContexts } from "./contexts";

/**
 * Contextual retrieval at query time (docs/method.md §3). The main index holds every chunk as imported;
 * the contextual side index holds an enriched corpus's chunks again with BM25 tokens and vectors made
 * from context + text. Per corpus and per side, a switch says which one a search reads: contextual
 * BM25 and contextual embeddings are independent (the ablation), and switching costs no re-index.
 * A corpus whose contextual index is not in line with it (never built, or an import since) is
 * searched in the main index, whatever its switches say (`routing().stale`), until its next
 * context job. Every result carries its context (chunk.context) when one exists; the text is
 * always the original.
 */
export interface Switches {
  bm25: boolean;
  dense: boolean;
}

export interface Routing {
  /** Corpora whose BM25 / dense searches read the contextual index. */
  sparse: Set<string>;
  dense: Set<string>;
  /** Switched on but not usable now (stale or incomplete index): searched in the main index. */
  stale: Set<string>;
  all: string[];
}

const ROUTING_TTL_MS = 5_000;

/**
 * One BM25 list from two indexes whose raw scores are not comparable: the contextual index counts its
 * IDF and average length over the enriched corpora's context + text, the main index over plain text.
 * `pooled` is the main index searched over the whole scope (one population, comparable across every
 * corpus); `side` the contextual index over the enriched corpora. The contextual list keeps its own
 * order but is put on the pooled scale: its best score becomes the best score the pooled search gave an
 * enriched corpus (or, when none made its list, its lowest score — they ranked below everything shown).
 * So an enriched corpus whose plain text matches weakly cannot crowd out the others with the
 * contextual index's different scale, and one that matches well is not held back.
 */
export function mergeContextualSparse(
  pooled: ScoredChunk[],
  side: ScoredChunk[],
  contextual: ReadonlySet<string>,
  topN: number,
): ScoredChunk[] {
  const plain = pooled.filter((c) => !contextual.has(c.chunk.corpusId));
  const enrichedInPooled = pooled.filter((c) => contextual.has(c.chunk.corpusId));
  const anchor = enrichedInPooled[0]?.score ?? pooled.at(-1)?.score ?? 0;
  const sideTop = side[0]?.score ?? 0;
  const factor = sideTop > 0 ? anchor / sideTop : 0;
  const scaled = side.map((c) => ({ ...c, score: c.score * factor }));
  return [...plain, ...scaled].sort((a, b) => b.score - a.score).slice(0, topN);
}

/**
 * Where a corpus's contextual index stands: "none" (no context job has finished), "stale" (an import
 * started after the last one), "incomplete" (it does not hold every chunk of the main index: a job
 * stopped part-way), "current" (searchable). The one test of "current": the routing falls back to
 * the main index unless it holds, and the evaluation refuses a contextual system unless it holds.
 */
export type ContextIndexState = "none" | "stale" | "incomplete" | "current";

export async function contextIndexState(
  main: VectorStore,
  side: VectorStore,
  row: CorpusEnrichmentRecord,
): Promise<ContextIndexState> {
  if (!row.contextSyncedAt) return "none";
  const imported = await lastIngestStart(row.corpusId);
  if (imported && imported > row.contextSyncedAt) return "stale";
  const filter = { corpusIds: [row.corpusId] };
  const [a, b] = await Promise.all([main.count(filter), side.count(filter)]);
  return a > 0 && a === b ? "current" : "incomplete";
}

/** Which corpora can be searched contextually now (contextIndexState is "current"). */
async function readyCorpora(
  main: VectorStore,
  side: VectorStore,
  rows: CorpusEnrichmentRecord[],
): Promise<Set<string>> {
  const ready = new Set<string>();
  for (const row of rows) {
    if ((await contextIndexState(main, side, row)) === "current") ready.add(row.corpusId);
  }
  return ready;
}

export class ContextualStore implements VectorStore {
  readonly kind: VectorStore["kind"];
  private cached: { at: number; routing: Promise<Routing> } | undefined;

  constructor(
    readonly main: VectorStore,
    private readonly side: () => VectorStore,
    /** Forced switches for every corpus (an evaluation's system); absent: each corpus's own. */
    private readonly forced?: Switches,
  ) {
    this.kind = main.kind;
  }

  /** Where this corpus's contextual index stands now (contextIndexState; never cached). */
  async indexState(corpusId: string): Promise<ContextIndexState> {
    return contextIndexState(this.main, this.side(), await getCorpusEnrichment(corpusId));
  }

  /** The same store with the switches of an evaluation system. */
  withSwitches(switches: Switches | undefined): ContextualStore {
    return new ContextualStore(this.main, this.side, switches);
  }

  async routing(): Promise<Routing> {
    if (!this.cached || Date.now() - this.cached.at > ROUTING_TTL_MS) {
      this.cached = { at: Date.now(), routing: this.computeRouting() };
    }
    return this.cached.routing;
  }

  private async computeRouting(): Promise<Routing> {
    const all = (await listCorpora()).map((c) => c.id);
    const rows = await listCorpusEnrichment();
    const wanted = rows.filter((r) =>
      this.forced
        ? Boolean(r.contextSyncedAt) && (this.forced.bm25 || this.forced.dense)
        : r.contextBm25 || r.contextDense,
    );
    const routing: Routing = { sparse: new Set(), dense: new Set(), stale: new Set(), all };
    if (wanted.length === 0) return routing;
    const ready = await readyCorpora(this.main, this.side(), wanted);
    for (const r of wanted) {
      const bm25 = this.forced ? this.forced.bm25 : r.contextBm25;
      const dense = this.forced ? this.forced.dense : r.contextDense;
      if (!ready.has(r.corpusId)) {
        routing.stale.add(r.corpusId);
        continue;
      }
      if (bm25) routing.sparse.add(r.corpusId);
      if (dense) routing.dense.add(r.corpusId);
    }
    return routing;
  }

  private async search(
    which: "sparse" | "dense",
    run: (store: VectorStore, options: SearchOptions) => Promise<ScoredChunk[]>,
    options: SearchOptions,
  ): Promise<ScoredChunk[]> {
    const routing = await this.routing();
    const contextual = which === "sparse" ? routing.sparse : routing.dense;
    const scope = options.filter?.corpusIds ?? routing.all;
    const fellBack = scope.filter((c) => routing.stale.has(c));
    if (fellBack.length > 0) options.onContextFallback?.(fellBack);
    const viaSide = scope.filter((c) => contextual.has(c));
    if (viaSide.length === 0) return withContexts(await run(this.main, options));
    const rest = scope.filter((c) => !contextual.has(c));
    const scoped = (corpusIds: string[]): SearchOptions => ({ ...options, filter: { ...options.filter, corpusIds } });
    if (rest.length === 0) return withContexts(await run(this.side(), scoped(viaSide)));
    if (which === "sparse") {
      // BM25 from two indexes: merged on the pooled main index's scale (mergeContextualSparse). Twice
      // N from the pooled search, so the plain corpora keep N results when enriched ones took places.
      const [pooled, enriched] = await Promise.all([
        run(this.main, { ...scoped(scope), topN: options.topN * 2 }),
        run(this.side(), scoped(viaSide)),
      ]);
      return withContexts(mergeContextualSparse(pooled, enriched, contextual, options.topN));
    }
    // Cosine similarities from one embedding model share their scale in both indexes.
    const [plain, enriched] = await Promise.all([run(this.main, scoped(rest)), run(this.side(), scoped(viaSide))]);
    const merged = [...plain, ...enriched].sort((a, b) => b.score - a.score).slice(0, options.topN);
    return withContexts(merged);
  }

  sparseSearch(tokens: string[], options: SearchOptions): Promise<ScoredChunk[]> {
    return this.search("sparse", (store, o) => store.sparseSearch(tokens, o), options);
  }

  denseSearch(vector: number[], options: SearchOptions): Promise<ScoredChunk[]> {
    return this.search("dense", (store, o) => store.denseSearch(vector, o), options);
  }

  // Everything else is the main index's.
  upsert(items: IndexedChunk[]) {
    return this.main.upsert(items);
  }
  replaceDocuments(corpusId: string, caseNos: string[], items: IndexedChunk[]) {
    return this.main.replaceDocuments(corpusId, caseNos, items);
  }
  /** A decision's chunks, each with its context when it has one (the `atomic` strategy's picks). */
  async getDocumentChunks(corpusId: string, caseNo: string) {
    return chunksWithContexts(await this.main.getDocumentChunks(corpusId, caseNo));
  }
  async getChunks(corpusId: string, caseNo: string, ids: string[]) {
    return chunksWithContexts(await this.main.getChunks(corpusId, caseNo, ids));
  }
  deleteDocument(corpusId: string, caseNo: string) {
    return this.main.deleteDocument(corpusId, caseNo);
  }
  deleteCorpus(corpusId: string) {
    return this.main.deleteCorpus(corpusId);
  }
  count(filter?: StoreFilter) {
    return this.main.count(filter);
  }
  close() {
    return this.main.close();
  }
}

/** The store the chat and evaluations search: `main` with each corpus's contextual switches. */
export function contextualStore(main: VectorStore, side: () => VectorStore): VectorStore {
  return main instanceof ContextualStore ? main : new ContextualStore(main, side);
}
