import { afterEach, describe, expect, it } from "vitest";
import type { AppError } from "@/lib/errors";
import { pointId } from "@/lib/store/qdrant-payload";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type QdrantStandIn, type QdrantStandInOptions, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { collection, item } from "./qdrant-fixtures";

// The cases a real Qdrant 1.19 would put the backend in, played by the recording stand-in
// (tests/fake-servers/qdrant-server.ts), every request checked against Qdrant's OpenAPI schema.

let standIn: QdrantStandIn | undefined;
afterEach(async () => {
  // Every case: nothing the store sent broke the schema (checked before the server goes).
  expect(standIn?.violations ?? []).toEqual([]);
  await standIn?.close();
  standIn = undefined;
});

async function setUp(options: QdrantStandInOptions = {}, denseSize?: number) {
  standIn = await startQdrantStandIn(options);
  // Outages are retried (qdrant-nodes.ts); here without the pauses.
  const store = new QdrantStore({ url: standIn.url, collection: "c", denseSize, retryDelayMs: 1 });
  return { s: standIn, store };
}

const caught = (p: Promise<unknown>) => p.then(() => expect.fail("expected a rejection")).catch((e: AppError) => e);
const sparseOnly = [
  item("k", "2001다1", "판시사항", 0, "회원권 이용료 반환 청구"),
  item("k", "2001다1", "판결요지", 0, "이용료 반환 의무"),
];

describe("ensure(): what exists is inspected, reads create nothing", () => {
  it("a read before the first write creates no collection; a later dense write adds the dense vector", async () => {
    const { s, store } = await setUp();
    expect(await store.count()).toBe(0);
    expect(await store.sparseSearch(tokenizeKo("회원권"), { topN: 3 })).toEqual([]);
    expect(await store.denseSearch([1, 0, 0, 0], { topN: 3 })).toEqual([]);
    expect(await store.getDocumentChunks("k", "2001다1")).toEqual([]);
    await store.deleteCorpus("k");
    expect(s.of("create_collection")).toEqual([]);
    expect(s.collections.size).toBe(0);

    // First write is sparse-only (no embeddings yet): created without a dense vector.
    await store.upsert(sparseOnly);
    expect(s.of("create_collection")[0]?.body).toEqual({ sparse_vectors: { bm25: { modifier: "idf" } } });
    expect(await store.denseSearch([1, 0, 0, 0], { topN: 3 })).toEqual([]);

    // Embeddings arrive: the dense vector is added (PUT /collections/c/vectors/dense), not a 400.
    await store.upsert([item("k", "2002다2", "판시사항", 0, "임대차 보증금", [0, 1, 0, 0])]);
    expect(s.of("create_vector_name").map((r) => [r.path, r.body])).toEqual([
      ["/collections/c/vectors/dense", { dense: { size: 4, distance: "Cosine" } }],
    ]);
    const hits = await store.denseSearch([0, 1, 0, 0], { topN: 3 });
    expect(hits.map((h) => h.chunk.caseNo)).toEqual(["2002다2"]);
  });

  it("when adding the dense vector is refused, says what to do", async () => {
    const { store } = await setUp({
      collections: { c: collection({ dense: {} }) },
      fail: (r) => (r.operation === "create_vector_name" ? { status: 400, error: "Wrong input: nope" } : undefined),
    });
    const error = await caught(store.upsert([item("k", "1", "판시사항", 0, "가", [1, 0, 0, 0])]));
    expect(error.code).toBe("store:bad_request");
    expect(error.userMessage).toContain("Wrong input: nope");
  });

  it("notices a dropped collection (404) without a restart, and re-creates it on the next write", async () => {
    const { s, store } = await setUp({}, 4);
    await store.upsert(sparseOnly);
    expect(await store.count()).toBe(2);
    s.collections.delete("c");
    expect(await store.count()).toBe(0);
    expect(await store.sparseSearch(tokenizeKo("이용료"), { topN: 3 })).toEqual([]);
    await store.upsert(sparseOnly);
    expect(s.of("create_collection")).toHaveLength(2);
    expect(await store.count()).toBe(2);
  });

  it("refuses a collection whose dense size differs, before sending any point", async () => {
    const { s, store } = await setUp(
      { collections: { c: collection({ dense: { dense: { size: 8, distance: "Cosine" } } }) } },
      4,
    );
    const error = await caught(store.count());
    expect(error.code).toBe("store:bad_config");
    expect(error.status).toBe(500);
    expect(error.userMessage).toMatch(/dense 벡터 크기는 8인데 EMBEDDINGS_DIMENSIONS는 4/);
    const unset = new QdrantStore({ url: s.url, collection: "c" });
    expect((await caught(unset.upsert([item("k", "1", "판시사항", 0, "가", [1, 0, 0, 0])]))).code).toBe(
      "store:bad_config",
    );
    expect((await caught(unset.denseSearch([1, 0, 0, 0], { topN: 1 }))).userMessage).toContain("질의 임베딩 벡터는 4");
    expect([...s.requests.map((r) => r.operation)].filter((o) => o !== "root" && o !== "get_collection")).toEqual([]);
  });

  it("refuses a sparse vector without the IDF modifier, naming the fix", async () => {
    const { s, store } = await setUp({ collections: { c: collection({ sparse: { bm25: {} } }) } });
    const error = await caught(store.sparseSearch(tokenizeKo("이용료"), { topN: 3 }));
    expect(error.code).toBe("store:bad_config");
    expect(error.userMessage).toContain("IDF modifier");
    expect(error.userMessage).toContain('{"sparse_vectors":{"bm25":{"modifier":"idf"}}}');
    expect(s.of("query_points")).toEqual([]);
  });

  it("refuses a collection of another shape (one unnamed vector, Euclid distance, no bm25)", async () => {
    const shapes = [
      collection({ dense: { size: 4, distance: "Cosine" } as never }),
      collection({ dense: { dense: { size: 4, distance: "Euclid" } } }),
      collection({ sparse: {} }),
    ];
    const messages: string[] = [];
    for (const shape of shapes) {
      const { s, store } = await setUp({ collections: { c: shape } });
      messages.push((await caught(store.count())).userMessage);
      expect(s.of("count_points")).toEqual([]);
      await s.close();
      standIn = undefined;
    }
    expect(messages[0]).toContain("이름 없는 단일 벡터");
    expect(messages[1]).toContain("Euclid");
    expect(messages[2]).toContain("'bm25'가 없습니다");
  });
});

describe("version gate", () => {
  it("refuses a 1.18 server outright (per-corpus IDF would be silently ignored), accepts it once upgraded", async () => {
    const { s, store } = await setUp({ version: "1.18.2" });
    const error = await caught(store.sparseSearch(tokenizeKo("이용료"), { topN: 3 }));
    expect(error.code).toBe("store:bad_config");
    expect(error.userMessage).toContain("Qdrant 1.18.2");
    expect(error.userMessage).toContain("1.19.0 이상");
    expect(await caught(store.upsert(sparseOnly))).toMatchObject({ code: "store:bad_config" });
    expect(new Set(s.requests.map((r) => r.operation))).toEqual(new Set(["root"]));
    s.options.version = "1.19.1";
    await store.upsert(sparseOnly);
    expect(await store.count()).toBe(2);
  });

  it("scopes IDF on every sparse search: the searched corpora, or every live point", async () => {
    const { s, store } = await setUp();
    await store.upsert(sparseOnly);
    await store.sparseSearch(tokenizeKo("이용료"), { topN: 3 });
    await store.sparseSearch(tokenizeKo("이용료"), { topN: 3, filter: { corpusIds: ["k"], courts: ["대법원"] } });
    const scopes = s.of("query_points").map((r) => (r.body as { params?: unknown }).params);
    expect(scopes).toEqual([
      { idf: { corpus: { must_not: [{ is_empty: { key: "corpus_id" } }] } } },
      { idf: { corpus: { must: [{ key: "corpus_id", match: { any: ["k"] } }] } } },
    ]);
  });
});

describe("errors by status", () => {
  const failing = (status: number, error: string) => ({
    fail: (r: { operation?: string }) => (r.operation === "count_points" ? { status, error } : undefined),
  });

  it.each([
    [500, "Service internal error: disk", "store:unavailable", 503],
    [503, "Service unavailable", "store:unavailable", 503],
    [429, "Rate limiting exceeded: slow down", "store:unavailable", 503],
    [400, "Wrong input: Not existing vector name error: dense", "store:bad_config", 500],
    [400, "Validation failed: limit must be positive", "store:bad_request", 502],
    [409, "Wrong input: conflict", "store:bad_request", 502],
    [413, "Payload too large", "store:bad_request", 502],
  ])("HTTP %i → %s", async (status, message, code, httpStatus) => {
    const { store } = await setUp({ collections: { c: collection() }, ...failing(status, message) });
    const error = await caught(store.count());
    expect(error.code).toBe(code);
    expect(error.status).toBe(httpStatus);
    // Qdrant's message in full in the log line; for 4xx also, made safe, in the admin's message.
    expect(error.message).toContain(message);
    if (status < 500 && status !== 429 && status !== 413) expect(error.userMessage).toContain(message);
    if (status >= 500) expect(error.userMessage).toBe("검색 색인을 사용할 수 없습니다.");
  });

  it("a refused API key is a configuration error, never an outage", async () => {
    const { s } = await setUp({ apiKey: "right" });
    const store = new QdrantStore({ url: s.url, apiKey: "wrong", collection: "c" });
    const error = await caught(store.count());
    expect(error.code).toBe("store:bad_config");
    expect(error.userMessage).toContain("QDRANT_API_KEY");
    expect(error.userMessage).not.toContain("wrong");
    const keyed = new QdrantStore({ url: s.url, apiKey: "right", collection: "c" });
    expect(await keyed.count()).toBe(0);
  });
});

describe("re-import", () => {
  const old = [
    item("k", "2001다1", "판시사항", 0, "옛 판시사항"),
    item("k", "2001다1", "판결요지", 0, "옛 판결요지"),
    item("k", "2001다1", "판례내용", 0, "옛 판례내용 하나"),
    item("k", "2001다1", "판례내용", 1, "옛 판례내용 둘"),
  ];
  const other = item("k", "2009다9", "판시사항", 0, "다른 판례");
  // Same decision, new text: no 판결요지 any more, one more 판례내용 chunk.
  const fresh = [
    item("k", "2001다1", "판시사항", 0, "새 판시사항"),
    item("k", "2001다1", "판례내용", 0, "새 판례내용 하나"),
    item("k", "2001다1", "판례내용", 1, "새 판례내용 둘"),
    item("k", "2001다1", "판례내용", 2, "새 판례내용 셋"),
  ];

  it("a failed later batch leaves the decision with chunks; the retry writes new first and deletes only stale ids", async () => {
    let failAt = 0;
    const { s } = await setUp({
      fail: (r, n) =>
        r.operation === "upsert_points" && n === failAt
          ? { status: 500, error: "Service internal error: disk full" }
          : undefined,
    });
    // No retry: the failure must reach the re-import (qdrant-resilience.test.ts covers retries).
    const store = new QdrantStore({
      url: s.url,
      collection: "c",
      upsertLimits: { points: 2, bytes: 1 << 20 },
      retries: 0,
    });
    await store.upsert([...old, other]);
    failAt = s.of("upsert_points").length + 2; // the re-import's second batch
    const before = s.requests.length;

    const error = await caught(store.replaceDocuments("k", ["2001다1"], fresh));
    expect(error.code).toBe("store:unavailable");
    const chunks = await store.getDocumentChunks("k", "2001다1");
    expect(chunks.length).toBeGreaterThan(0);
    // The first batch landed (two new chunks), nothing was deleted.
    expect(chunks.map((c) => c.text)).toEqual(["새 판시사항", "옛 판결요지", "새 판례내용 하나", "옛 판례내용 둘"]);
    expect(s.requests.slice(before).filter((r) => r.operation === "delete_points")).toEqual([]);

    const retryFrom = s.requests.length;
    await store.replaceDocuments("k", ["2001다1"], fresh);
    const texts = (await store.getDocumentChunks("k", "2001다1")).map((c) => c.text);
    expect(texts).toEqual(["새 판시사항", "새 판례내용 하나", "새 판례내용 둘", "새 판례내용 셋"]);
    const retry = s.requests.slice(retryFrom).map((r) => r.operation);
    expect(retry.indexOf("delete_points")).toBeGreaterThan(retry.lastIndexOf("upsert_points"));
    const deletes = s.requests.slice(retryFrom).filter((r) => r.operation === "delete_points");
    expect(deletes.map((r) => r.body)).toEqual([{ points: [pointId(old[1]?.chunk.id ?? "")] }]);
    expect((await store.getDocumentChunks("k", "2009다9")).map((c) => c.text)).toEqual(["다른 판례"]);
  });

  it("bounds upsert batches by bytes as well as points (4,096-dimension vectors)", async () => {
    const { s, store } = await setUp({}, 4096);
    const vector = Array.from({ length: 4096 }, (_, i) => Math.sin(i + 0.123456789));
    const items = Array.from({ length: 150 }, (_, i) => item("k", `${i}다1`, "판시사항", 0, `판례 ${i}`, vector));
    await store.upsert(items);
    const batches = s.of("upsert_points");
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) {
      expect(b.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
      expect((b.body as { points: unknown[] }).points.length).toBeLessThanOrEqual(256);
    }
    expect(batches.reduce((n, b) => n + (b.body as { points: unknown[] }).points.length, 0)).toBe(150);
    expect(await store.count()).toBe(150);
  });
});
