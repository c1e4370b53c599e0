import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EmbeddedStore, type EmbeddedStoreOptions } from "@/lib/store/embedded-store";
import type { IndexedChunk } from "@/lib/store/types";
import { clustered, graphReady, recallAt, tmp } from "./dense-support";
import { synthetic } from "./synthetic";

const DIMS = 48;
// A graph from 200 vectors on, searched (with its filter) whenever a filter allows 200 or more.
const SMALL: EmbeddedStoreOptions = { ann: { minVectors: 200, exactFraction: 0, ef: 64 } };
// The graph even for a filter allowing 10 vectors of 1,500 (the store falls back to exact there).
const RARE_IN_GRAPH: EmbeddedStoreOptions = { ann: { minVectors: 10, exactFraction: 0, ef: 64 } };
const chunk = (corpus: string, n: number, vector: number[]): IndexedChunk => ({ ...synthetic(corpus, n), vector });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("embedded store dense search with HNSW graphs", () => {
  it("agrees with exact search on a small store, scores included, and the graph answered", async () => {
    const store = new EmbeddedStore(tmp("ann-agree"), SMALL);
    const vector = clustered(DIMS, 7);
    await store.upsert(range(0, 2_000).map((n) => chunk("a", n, vector())));
    const stats = await graphReady(store);
    expect(stats.graphs).toEqual([{ dims: DIMS, corpus: "a", live: 2_000, deleted: 0, pending: 0 }]);
    let recall = 0;
    for (let q = 0; q < 20; q++) {
      const query = vector();
      const got = await store.denseSearch(query, { topN: 10 });
      const want = await store.denseSearchExact(query, { topN: 10 });
      recall += recallAt(got, want, 10) / 20;
      // Every hit is scored exactly, whichever path found it.
      const exactScore = new Map(want.map((h) => [h.chunk.id, h.score]));
      for (const hit of got) if (exactScore.has(hit.chunk.id)) expect(hit.score).toBe(exactScore.get(hit.chunk.id));
    }
    // 2,000 clustered vectors with ef 64 ≥ k: HNSW misses next to nothing (a bound, not a benchmark).
    expect(recall).toBeGreaterThanOrEqual(0.95);
    const after = await store.indexStats();
    expect(after.dense.annSearches - stats.dense.annSearches).toBe(20);
    await store.close();
  });

  it("applies another process's additions and deletions from the change log to the graph", async () => {
    const dir = tmp("ann-incr");
    const server = new EmbeddedStore(dir, SMALL);
    const cli = new EmbeddedStore(dir, SMALL);
    const vector = clustered(DIMS, 11);
    await cli.upsert(range(0, 1_000).map((n) => chunk("a", n, vector())));
    await graphReady(server);
    // 8 chunks (two decisions) right at a point far from every cluster.
    const target = Array.from({ length: DIMS }, (_, i) => (i % 2 ? -1 : 1));
    const near = range(5_000, 5_008).map((n) =>
      chunk(
        "a",
        n,
        target.map((x, i) => x + (i === n % DIMS ? 0.01 : 0)),
      ),
    );
    await cli.upsert(near);
    const found = async () => (await server.denseSearch(target, { topN: 8 })).map((h) => h.chunk.id).sort();
    const nearIds = near.map((i) => i.chunk.id).sort();
    // Searchable at once (exact over what the graph has not reached yet), then from the graph.
    expect(await found()).toEqual(nearIds);
    const built = await graphReady(server);
    expect(built.graphs[0]).toMatchObject({ live: 1_008, pending: 0 });
    expect(await found()).toEqual(nearIds);

    // Rewritten unchanged: the graph keeps them without new insertions.
    await cli.upsert(near);
    const rewritten = await graphReady(server);
    expect(rewritten.graphs[0]).toMatchObject({ live: 1_008, deleted: 0 });
    expect(rewritten.dense.inserted).toBe(built.dense.inserted);

    await cli.deleteDocument("a", "2020다1250"); // chunks 5000–5003
    const left = await found();
    const kept = near.slice(4).map((i) => i.chunk.id);
    expect(left.filter((id) => nearIds.includes(id))).toEqual(kept.sort());
    const deleted = await server.indexStats();
    expect(deleted.graphs[0]).toMatchObject({ live: 1_004, deleted: 4 });
    await cli.deleteCorpus("a");
    expect(await server.denseSearch(target, { topN: 8 })).toEqual([]);
    // The corpus's graph is dropped whole.
    expect((await server.indexStats()).graphs).toEqual([]);
    await Promise.all([server.close(), cli.close()]);
  });

  it("searches a corpus's own graph: a rare corpus still gets its k nearest", async () => {
    const store = new EmbeddedStore(tmp("ann-filter"), RARE_IN_GRAPH);
    const vector = clustered(DIMS, 13);
    // The common corpus holds the query's whole neighbourhood; "rare" 12 vectors elsewhere.
    await store.upsert(range(0, 1_500).map((n) => chunk("common", n, vector())));
    await store.upsert(range(0, 12).map((n) => chunk("rare", n, vector())));
    const before = await graphReady(store);
    for (let q = 0; q < 5; q++) {
      const query = vector();
      const filter = { corpusIds: ["rare"] };
      const got = await store.denseSearch(query, { topN: 10, filter });
      expect(got).toHaveLength(10);
      expect(got.every((h) => h.chunk.corpusId === "rare")).toBe(true);
      expect(got.map((h) => h.chunk.id)).toEqual(
        (await store.denseSearchExact(query, { topN: 10, filter })).map((h) => h.chunk.id),
      );
      // Other fields filter inside the search too.
      const family = await store.denseSearch(query, { topN: 30, filter: { caseTypes: ["가사"] } });
      expect(family.every((h) => h.chunk.caseType === "가사")).toBe(true);
      expect(family).toHaveLength(30);
    }
    const after = await store.indexStats();
    expect(after.dense.annSearches - before.dense.annSearches).toBe(10);
    expect(after.dense.exactSearches - before.dense.exactSearches).toBe(5); // the denseSearchExact calls
    await store.close();
  });

  it("filters other fields through the graph with enough candidates, and goes exact when none pass", async () => {
    const store = new EmbeddedStore(tmp("ann-other"), SMALL);
    const vector = clustered(DIMS, 31);
    // Decisions of 2010 around one point, of 2019 around the opposite one: a date filter that the
    // nearest neighbours of a query near the first point never pass.
    const near = vector();
    const around = (n: number, sign: number) => near.map((x, i) => sign * x + (((n * 31 + i * 7) % 11) - 5) * 0.01);
    const dated = (n: number, sign: number, year: string) => {
      const item = chunk("a", n, around(n, sign));
      return { ...item, chunk: { ...item.chunk, decisionDate: `${year}-01-01` } };
    };
    await store.upsert([
      ...range(0, 500).map((n) => dated(n, 1, "2010")),
      ...range(500, 1_000).map((n) => dated(n, -1, "2019")),
      ...range(1_000, 2_000).map((n) => ({ ...dated(n, 0, "2015"), vector: vector() })),
    ]);
    const before = await graphReady(store);
    const ids = (hits: { chunk: { id: string } }[]) => hits.map((h) => h.chunk.id);
    // A quarter of the graph allowed, all of it at the far end: even the widest walk (16 × ef
    // candidates) finds none of it, so the search goes exact.
    const late = { dateFrom: "2019-01-01", dateTo: "2019-12-31" };
    const got = await store.denseSearch(near, { topN: 10, filter: late });
    expect(got.every((h) => h.chunk.decisionDate.startsWith("2019"))).toBe(true);
    expect(ids(got)).toEqual(ids(await store.denseSearchExact(near, { topN: 10, filter: late })));
    const mid = await store.indexStats();
    expect(mid.dense.exactSearches - before.dense.exactSearches).toBe(2); // the fallback and the reference
    // A filter the neighbours do pass (one case type, about a third): answered from the graph.
    const family = { caseTypes: ["가사"] };
    let recall = 0;
    for (let q = 0; q < 10; q++) {
      const query = vector();
      const hits = await store.denseSearch(query, { topN: 20, filter: family });
      expect(hits.every((h) => h.chunk.caseType === "가사")).toBe(true);
      recall += recallAt(hits, await store.denseSearchExact(query, { topN: 20, filter: family }), 20) / 10;
    }
    expect(recall).toBeGreaterThanOrEqual(0.9);
    const after = await store.indexStats();
    expect(after.dense.annSearches - mid.dense.annSearches).toBe(10);
    await store.close();
  });

  it("falls back to exact search when a filter leaves few vectors, and keeps other dimensions out", async () => {
    const store = new EmbeddedStore(tmp("ann-fallback"), { ann: { minVectors: 200, exactFraction: 0.05 } });
    const vector = clustered(DIMS, 17);
    const small = clustered(16, 19);
    await store.upsert(range(0, 1_000).map((n) => chunk("common", n, vector())));
    await store.upsert(range(0, 30).map((n) => chunk("rare", n, vector())));
    await store.upsert(range(0, 50).map((n) => chunk("other-model", n, small())));
    const before = await graphReady(store);
    // One graph: the 16-dimension vectors are too few for one of their own.
    expect(before.graphs.map((g) => g.dims)).toEqual([DIMS]);
    expect(await store.denseSearch(vector(), { topN: 10, filter: { corpusIds: ["rare"] } })).toHaveLength(10);
    const mid = await store.indexStats();
    expect(mid.dense.exactSearches - before.dense.exactSearches).toBe(1);
    const wide = await store.denseSearch(vector(), { topN: 50 });
    expect(wide.every((h) => h.chunk.corpusId !== "other-model")).toBe(true);
    const narrow = await store.denseSearch(small(), { topN: 100 });
    expect(narrow).toHaveLength(50);
    expect(narrow.every((h) => h.chunk.corpusId === "other-model")).toBe(true);
    await store.close();
  });

  it("keeps the graph right through compaction, and rebuilds it when replaced vectors wear it out", async () => {
    const store = new EmbeddedStore(tmp("ann-worn"), SMALL);
    const vector = clustered(DIMS, 29);
    const items = range(0, 1_200).map((n) => chunk("a", n, vector()));
    await store.upsert(items);
    await graphReady(store);
    const queries = range(0, 10).map(() => vector());
    const recall = async () => {
      let sum = 0;
      for (const q of queries) {
        const want = await store.denseSearchExact(q, { topN: 10 });
        sum += recallAt(await store.denseSearch(q, { topN: 10 }), want, 10) / queries.length;
      }
      return sum;
    };
    // Rewritten unchanged: new slots, same graph elements; the snapshot compacts the slots.
    await store.upsert(items);
    await store.flushSnapshot();
    const compacted = await store.indexStats();
    expect(compacted).toMatchObject({ live: 1_200, slots: 1_200, graphs: [{ live: 1_200, deleted: 0 }] });
    expect(await recall()).toBeGreaterThanOrEqual(0.95);
    // Embedded again (same size, other values): every element replaced; once deleted elements
    // outnumber half the live ones, the graph is dropped and built again.
    await store.upsert(items.map((i) => ({ ...i, vector: vector() })));
    const rebuilt = await graphReady(store);
    expect(rebuilt.dense.graphsBuilt).toBe(2);
    expect(rebuilt.graphs[0]).toMatchObject({ live: 1_200, pending: 0 });
    // Replacements applied after the rebuild started may have reached the new graph first.
    expect(rebuilt.graphs[0]?.deleted).toBeLessThan(600);
    expect(await recall()).toBeGreaterThanOrEqual(0.95);
    await store.close();
  });

  it("reopens with its saved graph, and rebuilds one that is damaged, stale or missing", async () => {
    const dir = tmp("ann-persist");
    const vector = clustered(DIMS, 23);
    const first = new EmbeddedStore(dir, SMALL);
    await first.upsert(range(0, 800).map((n) => chunk("a", n, vector())));
    await graphReady(first);
    const queries = range(0, 5).map(() => vector());
    const answers = async (store: EmbeddedStore) =>
      Promise.all(queries.map(async (q) => (await store.denseSearch(q, { topN: 10 })).map((h) => h.chunk.id)));
    const expected = await answers(first);
    await first.close(); // writes the snapshot and the graph
    const graphFile = () => readdirSync(dir).find((f) => f.endsWith(".usearch")) as string;
    expect(graphFile()).toBeDefined();

    const reopened = new EmbeddedStore(dir, SMALL);
    expect(await answers(reopened)).toEqual(expected);
    expect(await reopened.indexStats()).toMatchObject({ graphLoads: 1, graphs: [{ live: 800, pending: 0 }] });
    expect((await reopened.indexStats()).dense.graphsBuilt).toBe(0);
    await reopened.close();

    // Same size, a few bytes changed in the middle: the digest refuses it.
    const bytes = readFileSync(join(dir, graphFile()));
    bytes.fill(0xff, bytes.length >> 1, (bytes.length >> 1) + 64);
    writeFileSync(join(dir, graphFile()), bytes);
    const repaired = new EmbeddedStore(dir, SMALL);
    const rebuilt = await graphReady(repaired);
    expect(rebuilt).toMatchObject({ graphLoads: 0, graphs: [{ live: 800, pending: 0 }] });
    expect(rebuilt.dense.graphsBuilt).toBe(1);
    const recall = (await answers(repaired)).reduce((s, ids, i) => s + recallIds(ids, expected[i] as string[]), 0);
    expect(recall / queries.length).toBeGreaterThanOrEqual(0.9);
    await repaired.close(); // saves the rebuilt graph

    // Written by another process without saving (as if it crashed): the graph on disk is stale.
    const writer = new EmbeddedStore(dir, SMALL);
    await writer.upsert([chunk("a", 900, vector())]);
    writeFileSync(join(dir, "sparse.snapshot"), "damaged");
    const stale = new EmbeddedStore(dir, SMALL);
    expect(await graphReady(stale)).toMatchObject({ graphLoads: 0, graphs: [{ live: 801, pending: 0 }] });
    await Promise.all([stale.close(), writer.close()]);
  });
});

function recallIds(got: string[], want: string[]): number {
  const wanted = new Set(want);
  return got.filter((id) => wanted.has(id)).length / Math.max(1, want.length);
}
