import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import type { AppError } from "@/lib/errors";
import { createStore } from "@/lib/store";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type QdrantStandIn, type QdrantStandInOptions, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { item } from "./qdrant-fixtures";

// A Qdrant that is down, hangs, or fails for a moment, played by the schema-checked stand-in
// (tests/fake-servers/qdrant-server.ts): several nodes (ports) over the same data, any of which can
// be stopped or made to hang. What the store does: fail over, retry, and end a hung attempt at its deadline.

let standIn: QdrantStandIn | undefined;
afterEach(async () => {
  expect(standIn?.violations ?? []).toEqual([]);
  await standIn?.close();
  standIn = undefined;
});

async function start(options: QdrantStandInOptions = {}) {
  standIn = await startQdrantStandIn(options);
  return standIn;
}

const caught = (p: Promise<unknown>) => p.then(() => expect.fail("expected a rejection")).catch((e: AppError) => e);
const corpus = [
  item("k", "2001다1", "판시사항", 0, "약혼 예물 반환 청구", [1, 0, 0, 0]),
  item("k", "2001다1", "판결요지", 0, "예물 반환 의무", [0, 1, 0, 0]),
  item("k", "2002다2", "판시사항", 0, "임대차 보증금 반환", [0, 0, 1, 0]),
];
const onNode = (s: QdrantStandIn, node: number) => s.requests.filter((r) => r.node === node);

describe("failover between the nodes of QDRANT_URL", () => {
  it("imports and searches through the second node while the first is down", async () => {
    const s = await start({ nodes: 2 });
    await s.stop(0);
    const store = new QdrantStore({ url: s.urls.join(","), collection: "c", denseSize: 4, retryDelayMs: 1 });
    await store.upsert(corpus);
    expect(await store.count()).toBe(3);
    const hits = await store.sparseSearch(tokenizeKo("예물 반환"), { topN: 2 });
    expect(hits.map((h) => h.chunk.caseNo)).toEqual(["2001다1", "2001다1"]);
    expect(onNode(s, 1).map((r) => r.operation)).toContain("upsert_points");
  });

  it("goes on with the node that answered: a failing node costs one attempt, not one per request", async () => {
    const s = await start({
      nodes: 2,
      fail: (r) => (r.node === 0 ? { status: 503, error: "Service unavailable: node restarting" } : undefined),
    });
    const store = new QdrantStore({ url: s.urls.join(", "), collection: "c", denseSize: 4, retryDelayMs: 1 });
    await store.upsert(corpus);
    await store.sparseSearch(tokenizeKo("예물"), { topN: 3 });
    expect(await store.count()).toBe(3);
    expect(onNode(s, 0)).toHaveLength(1);
    expect(onNode(s, 1).length).toBeGreaterThan(5);
  });

  it("every node down: store:unavailable after trying each, naming the last", async () => {
    const s = await start({ nodes: 2 });
    await Promise.all([s.stop(0), s.stop(1)]);
    const store = new QdrantStore({ url: s.urls.join(","), collection: "c", retries: 3, retryDelayMs: 1 });
    const error = await caught(store.count());
    expect(error.code).toBe("store:unavailable");
    expect(error.message).toContain("last of 4 attempts");
    expect(error.message).toContain(s.urls[1]?.replace("http://", ""));
  });
});

describe("retries", () => {
  it("a 503 then success: the search and the import go through", async () => {
    const s = await start({
      fail: (r, n) =>
        (r.operation === "query_points" || r.operation === "upsert_points") && n === 1
          ? { status: 503, error: "Service unavailable" }
          : undefined,
    });
    const store = new QdrantStore({ url: s.url, collection: "c", denseSize: 4, retryDelayMs: 1 });
    await store.upsert(corpus);
    expect(s.of("upsert_points")).toHaveLength(2);
    const hits = await store.denseSearch([0, 0, 1, 0], { topN: 1 });
    expect(hits[0]?.chunk.caseNo).toBe("2002다2");
    expect(s.of("query_points")).toHaveLength(2);
  });

  it("pauses before going back to a node it already tried, doubling each round", async () => {
    const s = await start({
      fail: (r, n) => (r.operation === "count_points" && n < 3 ? { status: 502, error: "Bad gateway" } : undefined),
    });
    const store = new QdrantStore({ url: s.url, collection: "c", retries: 3, retryDelayMs: 100 });
    await store.upsert(corpus.map((i) => ({ ...i, vector: undefined })));
    const started = Date.now();
    expect(await store.count()).toBe(3);
    // Two failures: pauses of 100 and 200 ms before the second and third attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(s.of("count_points")).toHaveLength(3);
  });

  it("never retries a refusal (400): it would only be refused again", async () => {
    const s = await start({
      fail: (r) => (r.operation === "count_points" ? { status: 400, error: "Validation failed: nope" } : undefined),
    });
    const store = new QdrantStore({ url: s.url, collection: "c", retryDelayMs: 1 });
    await store.upsert(corpus.map((i) => ({ ...i, vector: undefined })));
    expect((await caught(store.count())).code).toBe("store:bad_request");
    expect(s.of("count_points")).toHaveLength(1);
  });
});

describe("the request deadline (QDRANT_TIMEOUT_MS)", () => {
  it("a hanging node is given up after the configured time and the next node answers", async () => {
    const s = await start({ nodes: 2, hang: (r) => r.node === 0 && r.operation === "count_points" });
    const store = new QdrantStore({ url: s.urls.join(","), collection: "c", timeoutMs: 400, retryDelayMs: 1 });
    await store.upsert(corpus.map((i) => ({ ...i, vector: undefined })));
    const started = Date.now();
    expect(await store.count()).toBe(3);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(380);
    // Generous: the deadline, not the client's default of 300 s (busy shared cores).
    expect(took).toBeLessThan(10_000);
    expect(onNode(s, 0).filter((r) => r.operation === "count_points")).toHaveLength(1);
    expect(onNode(s, 1).filter((r) => r.operation === "count_points")).toHaveLength(1);
  });

  it("reaches the client from the settings: createStore with QDRANT_TIMEOUT_MS and QDRANT_RETRIES", async () => {
    const s = await start({ hang: (r) => r.operation === "root" });
    const settings = parseEnv({
      VECTOR_STORE: "qdrant",
      QDRANT_URL: `${s.url}/`,
      QDRANT_TIMEOUT_MS: "300",
      QDRANT_RETRIES: "1",
    });
    const store = createStore({
      kind: settings.VECTOR_STORE,
      dataDir: "./data",
      qdrantUrl: settings.QDRANT_URL,
      qdrantCollection: settings.QDRANT_COLLECTION,
      qdrantTimeoutMs: settings.QDRANT_TIMEOUT_MS,
      qdrantRetries: settings.QDRANT_RETRIES,
    });
    const started = Date.now();
    const error = await caught(store.count());
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(error.code).toBe("store:unavailable");
    expect(error.message).toContain("QdrantClientTimeoutError");
    expect(s.of("root")).toHaveLength(2);
  });
});

describe("QDRANT_URL with several nodes", () => {
  it("takes a comma-separated list, each URL checked", () => {
    expect(parseEnv({ QDRANT_URL: " http://q1:6333/ , http://q2:6333,, " }).QDRANT_URL).toBe(
      "http://q1:6333,http://q2:6333",
    );
    expect(parseEnv({ QDRANT_URL: "" }).QDRANT_URL).toBeUndefined();
    expect(() => parseEnv({ QDRANT_URL: "http://q1:6333,q2:6333" })).toThrow(/QDRANT_URL/);
  });
});

describe("requests over Qdrant's size limit", () => {
  const overLimit = (limit: number) => (r: { operation?: string; bytes: number }) =>
    r.operation === "upsert_points" && r.bytes > limit
      ? // What Qdrant 1.19 answers (src/actix/mod.rs validation_error_handler over actix's JsonPayloadError).
        {
          status: 400,
          error: `Payload error: JSON payload (${r.bytes} bytes) is larger than allowed (limit: ${limit} bytes).`,
        }
      : undefined;

  it("a batch refused for its size is sent again in halves", async () => {
    const s = await start({ fail: overLimit(6_000) });
    const store = new QdrantStore({ url: s.url, collection: "c", retryDelayMs: 1 });
    const many = Array.from({ length: 12 }, (_, i) => item("k", `${i}다1`, "판시사항", 0, `판례 ${i} 손해배상 청구`));
    await store.upsert(many);
    expect(await store.count()).toBe(12);
    const sizes = s.of("upsert_points").map((r) => (r.body as { points: unknown[] }).points.length);
    expect(sizes[0]).toBe(12);
    expect(sizes.length).toBeGreaterThan(2);
  });

  it("one point too large: the size advice, not Qdrant's raw refusal", async () => {
    const s = await start({ fail: overLimit(100) });
    const store = new QdrantStore({ url: s.url, collection: "c", retryDelayMs: 1 });
    const error = await caught(store.upsert([corpus[0]].map((i) => ({ ...i, vector: undefined })) as never));
    expect(error.code).toBe("store:bad_request");
    expect(error.userMessage).toContain("service.max_request_size_mb");
    expect(error.message).toContain("larger than allowed");
    expect(s.of("upsert_points")).toHaveLength(1);
  });

  it.each([
    [400, "Payload error: JSON payload has exceeded limit (33554432 bytes)."],
    [422, "Payload error: JSON payload (40000000 bytes) is larger than allowed (limit: 33554432 bytes)."],
    [413, "Request Entity Too Large"],
  ])("HTTP %i %s → the size advice", async (status, message) => {
    const s = await start({ fail: (r) => (r.operation === "count_points" ? { status, error: message } : undefined) });
    const store = new QdrantStore({ url: s.url, collection: "c", retryDelayMs: 1 });
    await store.upsert(corpus.map((i) => ({ ...i, vector: undefined })));
    const error = await caught(store.count());
    expect(error.userMessage).toBe("요청이 Qdrant의 크기 한도(service.max_request_size_mb)를 넘었습니다.");
  });
});
